"""Pottle's pieces of the Django shell: its deal form (chips bought, bids and trumps, then
tricks), its pot board, and its own pages: the settle-up and the chip ledger. The rules live in
scorekeeper/rules/pottle (pure); the shell finds all of it through scorekeeper/registry.py."""
