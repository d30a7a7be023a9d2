"""The bids-and-tricks family: what Spades, Pottle and Nigerian Thuni share, written once.

At the table each player bids (or passes), the hand is played, and each player's tricks are
counted; a deal is recorded in two steps, the bids before the play and the tricks after it. A
game of the family builds on these modules and keeps only what is its own:

- `setup`: reading a setup (the table, the house rules, the game's own start score) with every
  problem named by its field.
- `facts`: reading a deal's fields: the keys a deal (or its opening) may have, a count per
  seat, the tricks adding up to a hand (`scorekeeper.core.log_form` writes the deal back).
- `turn`: whose deal it is.
- `words`: the explanation lines' way of naming seats and teams, and the sentences they share.
- `game`: the GameRules of the family (`TricksGame`), and of two fixed partnerships playing to a
  target of points (`PartnersGame`: Spades, Nigerian Thuni): how the table sits, the score.

Pure Python like the rest of scorekeeper/core: no Django, and no game's package.
"""
