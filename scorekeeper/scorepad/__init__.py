"""The scorepad's Django app: its deal form, board, templates and translations (the rules are
in scorekeeper.rules.scorepad)."""
