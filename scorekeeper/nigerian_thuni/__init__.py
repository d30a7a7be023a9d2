"""Nigerian Thuni's pieces of the Django shell: its deal form (a draw for the deal when the
rules leave it to one, a concession or the bids before the hand, the tricks after) and its
board. The rules live in scorekeeper/rules/nigerian_thuni (pure); the shell finds both through
scorekeeper/registry.py."""
