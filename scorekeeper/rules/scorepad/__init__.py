"""The scorepad: the pure rules core (no Django) of any other card game scored as points per
player per deal (Hearts, Rummy, Kalooki, Crazy Eights, ...).

2 to 12 players, each their own score; the deal passes to the left. Each deal records one whole
number per seat (negative allowed; adding up to 0 under `zero_sum`). The game is over after the
deal that reaches the `target`, after a fixed number of `deals`, or after a deal marked `last`,
whichever comes first; the highest (or the lowest) total wins, equal totals sharing the win.

Use: `setup = Setup.create(players=[...])`, `state = GameState.initial(setup)`,
`result = score_deal(parse_deal(data, setup), state, setup)`; `result.after` is the next state.
`replay()` scores a whole log. `GAME` is the scorepad behind the games' one interface.
"""

from .facts import DealFacts, parse_deal
from .game import GAME, Scorepad, replay
from .scoring import DealResult, Outcome, score_deal
from .setup import HOUSE_RULES, HouseRules, Setup
from .state import GameState, best
from .words import RULE_ANCHORS
