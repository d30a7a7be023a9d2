"""Nigerian Thuni: the pure rules core (no Django).

Four players, partners facing (team 0 the even seats, team 1 the odd), clockwise. Each team's
contract is its highest bid; a player who only passed counts at most one trick; a failed
contract scores only its passers' tricks; all eight tricks are a capture worth 10; a team may
concede before the bidding (3 to the opponents). First to the target (16) wins.

Use: `setup = Setup.create(players=[...])`, `state = GameState.initial(setup)`,
`result = score_deal(parse_deal(data, setup), state, setup)`; `result.after` is the next state.
`replay()` scores a whole log. `GAME` is Nigerian Thuni behind the games' one interface.
"""

from .facts import DealFacts, parse_deal, parse_opening
from .game import GAME, NigerianThuni, replay
from .scoring import DealResult, Outcome, count_team, next_dealer_by_rule, score_deal
from .setup import HOUSE_RULES, HouseRules, Setup
from .state import GameState, game_winner
