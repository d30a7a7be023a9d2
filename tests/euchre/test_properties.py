"""Invariants over many Euchre games that Hypothesis makes up: only one side scores in a hand,
the game ends exactly when a side reaches the target, the deal always passes to the left,
replaying a log is scoring it hand by hand, and nothing but a FactError ever comes of bad input."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.errors import FactError, GameOver
from scorekeeper.rules.euchre import GAME, Setup

SEATS = range(4)
# No deadline (a shared machine is slow now and then) and no example database left behind.
QUIET = {"deadline": None, "database": None}

house_rules = st.fixed_dictionaries(
    {
        "target": st.integers(1, 15),
        "defend_alone": st.booleans(),
        "stick_the_dealer": st.booleans(),
    }
)


@st.composite
def hands(draw) -> dict:
    """A hand as a table might record it: mostly allowed, now and then not (a lone defender
    without the house rule or of the makers' side, a hand thrown in under stick the dealer)."""
    if draw(st.integers(0, 9)) == 0:
        return {"maker": None}
    hand: dict = {"maker": draw(st.sampled_from(SEATS)), "tricks": draw(st.integers(0, 5))}
    if draw(st.booleans()):
        hand["alone"] = True
        if draw(st.booleans()):
            hand["defender_alone"] = draw(st.sampled_from(SEATS))
    return hand


@st.composite
def games(draw) -> tuple[Setup, list[dict]]:
    setup = GAME.setup(
        {
            "players": ["Asha", "Bongani", "Chetan", "Dev"],
            "first_dealer": draw(st.sampled_from(SEATS)),
            "house_rules": draw(house_rules),
        }
    )
    return setup, draw(st.lists(hands(), max_size=40))


def play_allowed(setup: Setup, hands: list[dict]):
    """Each hand scored in turn, those the rules refuse left out, until the game ends."""
    state, played = GAME.initial_state(setup), []
    for hand in hands:
        if state.finished:
            break
        try:
            result = GAME.score_deal(GAME.parse_deal(hand, setup), state, setup)
        except FactError:
            continue
        played.append(result)
        state = result.after
    return played, state


@settings(max_examples=150, **QUIET)
@given(games())
def test_only_one_side_scores_in_a_hand(game):
    setup, hands = game
    for result in play_allowed(setup, hands)[0]:
        out = result.outcome
        assert min(out.points) == 0
        assert max(out.points) in ({0} if out.thrown_in else {1, 2, 4})
        if not out.thrown_in:
            scorers = out.makers if not out.euchred else 1 - out.makers
            assert out.points[scorers] == max(out.points)
            assert not (out.march and out.euchred)
        before, after = result.before.points, result.after.points
        assert after == (before[0] + out.points[0], before[1] + out.points[1])


@settings(max_examples=150, **QUIET)
@given(games())
def test_the_game_ends_exactly_when_a_side_reaches_the_target(game):
    setup, hands = game
    target = setup.rules.target
    played, state = play_allowed(setup, hands)
    for result in played:
        assert max(result.before.points) < target
        reached = [team for team in (0, 1) if result.after.points[team] >= target]
        assert len(reached) <= 1
        assert result.after.finished == bool(reached)
        if reached:
            assert result.after.winning_team == reached[0]
            assert GAME.winners(setup, result.after) == setup.team_seats(reached[0])
            assert GAME.next_dealer(result.after) is None
    if state.finished:
        try:
            GAME.score_deal(GAME.parse_deal({"maker": 0, "tricks": 3}, setup), state, setup)
        except GameOver as e:
            assert e.field == "deal"
        else:
            raise AssertionError("a hand was scored after the game was won")


@settings(max_examples=150, **QUIET)
@given(games())
def test_the_next_dealer_is_always_the_dealers_left(game):
    setup, hands = game
    dealer = setup.first_dealer
    for result in play_allowed(setup, hands)[0]:
        assert result.outcome.dealer == dealer
        dealer = (dealer + 1) % 4
        assert result.after.dealer == (None if result.after.finished else dealer)


@settings(max_examples=100, **QUIET)
@given(games())
def test_replaying_the_log_is_scoring_it_hand_by_hand(game):
    setup, hands = game
    played, state = play_allowed(setup, hands)
    log = [GAME.deal_to_log(result.facts) for result in played]
    replayed, again = GAME.replay(setup, log)
    assert again == state
    assert [d.result for d in replayed] == played
    assert [GAME.computed_deal(d.result) for d in replayed] == [
        GAME.computed_deal(r) for r in played
    ]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 9)
    | st.floats(allow_nan=False)
    | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
fields = st.sampled_from(["maker", "alone", "defender_alone", "tricks", "dealer", "bids"])


@settings(max_examples=200, **QUIET)
@given(
    st.one_of(json_values, st.dictionaries(fields, json_values, max_size=5)),
    house_rules,
)
def test_any_input_is_scored_or_refused_at_a_field(hand, rules):
    setup = GAME.setup({"players": ["A", "B", "C", "D"], "first_dealer": 0, "house_rules": rules})
    try:
        result = GAME.score_deal(GAME.parse_deal(hand, setup), GAME.initial_state(setup), setup)
    except FactError as e:
        fields_named = [x.field for x in getattr(e, "errors", (e,))]
        given_fields = set(hand) if isinstance(hand, dict) else set()
        allowed = {"deal", "maker", "tricks"} | given_fields  # the last two may be missing
        assert all(f in allowed or f.split(".")[0] in allowed for f in fields_named), fields_named
    else:
        assert GAME.parse_deal(GAME.deal_to_log(result.facts), setup) == result.facts
