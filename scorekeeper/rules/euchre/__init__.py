"""Euchre: the pure rules core (no Django).

Four players, partners facing (team 0 the even seats, team 1 the odd), play and the deal to the
left. Each hand one player makes trumps, perhaps alone; the makers score 1 for 3 or 4 of the 5
tricks and 2 for all 5 (4 alone); fewer than 3 and the defenders score 2 (4 for a lone defender
against a lone maker, house rule `defend_alone`). A hand thrown in scores nothing (refused with
`stick_the_dealer`). First to the target (10) wins.

Use: `setup = Setup.create(players=[...])`, `state = GameState.initial(setup)`,
`result = score_deal(parse_deal(data, setup), state, setup)`; `result.after` is the next state.
`replay()` scores a whole log. `GAME` is Euchre behind the games' one interface.
"""

from .facts import DealFacts, parse_deal
from .game import GAME, Euchre, replay
from .hand import Hand, judge
from .scoring import DealResult, Outcome, score_deal
from .setup import HOUSE_RULES, HouseRules, Setup
from .state import GameState
from .words import RULE_ANCHORS
