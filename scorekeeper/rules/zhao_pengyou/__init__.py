"""Zhao Pengyou (Looking for Friends): the pure rules core (no Django).

Use: `setup = Setup.create(players=[...])`, `state = GameState.initial(setup)`,
`result = score_deal(parse_deal(data, setup), state, setup)`; `result.after` is the next state.
`promotion()` is the promotion table, `what_it_takes()` lists it for the coming deal,
`replay()` scores a whole log. `GAME` is Zhao Pengyou behind the games' one interface.
"""

from .facts import DealFacts, Penalty, Trump, parse_deal
from .game import GAME, ZhaoPengyou, replay
from .levels import level_name, parse_level
from .promotion import Promotion, promotion, promotion_table
from .scoring import DealResult, Outcome, score_deal
from .setup import HOUSE_RULES, HouseRules, Setup
from .state import GameState, what_it_takes
from .table import TABLE, Deck, PlayerCount, deck, row_for
