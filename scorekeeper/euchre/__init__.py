"""Euchre's pieces of the Django shell: its deal form (who made trumps, alone or not, the makers'
tricks) and its board. The rules live in scorekeeper/rules/euchre (pure); the shell finds both
through scorekeeper/registry.py."""
