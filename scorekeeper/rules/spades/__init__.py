"""Spades: the pure rules core (no Django).

Use: `setup = Setup.create(players=[...], first_dealer=0, house_rules={...})`,
`state = GameState.initial(setup)`, `result = score_deal(parse_deal(data, setup), state, setup)`;
`result.after` is the next state. `open_deal` checks the bids before the hand is played.
`replay()` scores a whole log. `GAME` is Spades behind the games' one interface.
"""

from .contracts import BagCount, NilResult, TeamContract, contract_score, count_bags, nil_score
from .ending import Ending, judge_end
from .facts import Bids, DealFacts, parse_bids, parse_deal
from .game import GAME, Spades, replay
from .opening import bid_lines, open_deal
from .scoring import DealResult, Outcome, score_deal
from .setup import HOUSE_RULES, HouseRules, Setup
from .state import GameState
from .words import RULE_ANCHORS
