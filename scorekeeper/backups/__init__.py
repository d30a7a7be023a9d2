"""Backups of the whole site: one consistent JSON file (docs/game-logs-and-backups.md)."""
