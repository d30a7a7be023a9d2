"""Zhao Pengyou on the shell: its deal form, its level board and the "what would it take" table.

The rules are in scorekeeper/rules/zhao_pengyou (pure); this package only shows them.
"""
