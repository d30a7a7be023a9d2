"""Backups of the whole site: one consistent JSON file (docs: README, "Backups")."""
