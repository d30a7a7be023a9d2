"""South African Thunee: the pure rules core (no Django).

Use: `setup = Setup.create(...)`, `state = GameState.initial(setup)`,
`result = score_deal(parse_deal(data, setup), state, setup)`; `result.after` is the next state.
`replay()` scores a whole log. `GAME` is Thunee behind the games' one interface.
"""

from scorekeeper.core.game import ReplayedDeal

from .facts import DealFacts, Jodie, Penalty, Special, parse_deal
from .game import GAME, replay
from .scoring import DealResult, Outcome, score_deal
from .setup import HOUSE_RULE_CHOICES, MODES, HouseRules, Mode, Setup
from .state import GameState
