"""Thunee's pieces of the Django shell: its deal form and its board. The rules live in
scorekeeper/rules/thunee (pure); the shell finds both through scorekeeper/registry.py."""
