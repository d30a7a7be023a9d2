"""Pottle: the pure rules core (no Django).

3 to 7 players, clockwise. Every deal each player antes into the pot, bids the exact number of
tricks they will take (0 to 7), and the one player with the highest bid made exactly wins the
whole pot; a tie for it, or nobody making their bid, carries the pot on. There is no set end.

Use: `setup = Setup.create(players=[...])`, `state = GameState.initial(setup)`,
`result = score_deal(parse_deal(data, setup), state, setup)`; `result.after` is the next state.
`replay()` scores a whole log, `settle_up()` says who pays whom when play stops, `ledger()` lists
every chip that moved. `GAME` is Pottle behind the games' one interface.

House rules are the game log's (`ante`, `starting_chips`, `no_winner_dealer`, `same_bid_limit`)
plus this app's ADDITIVE `chip_value` (money per chip, a whole number of the smallest coin such
as cents; standard 1), and `start` may carry the ADDITIVE `bought` (chips bought on paper).
"""

from .facts import TRUMPS, DealFacts, parse_deal, parse_opening
from .game import GAME, Pottle, replay
from .money import Balance, LedgerRow, Payment, SettleUp, fewest_payments, ledger, settle_up
from .scoring import DealResult, Outcome, score_deal
from .setup import HOUSE_RULES, HouseRules, Setup
from .state import GameState
