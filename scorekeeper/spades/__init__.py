"""Spades' pieces of the Django shell: its deal form (bids, then tricks) and its board. The rules
live in scorekeeper/rules/spades (pure); the shell finds both through scorekeeper/registry.py."""
