"""Who deals next: the most tricks; ties between opponents to the team ahead after the deal;
anything else to a recorded draw (the `next_dealer` field, or the next deal's `dealer`)."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, NotThisDealer
from scorekeeper.rules.nigerian_thuni import GAME, next_dealer_by_rule

from .support import at, fields_of, make_setup, play, refused, score, text

# Asha (team 0) and Bongani (team 1) take 3 tricks each. Asha passed (counts 1) + Chetan 1 =
# 2 against Chetan's 3: failed, 1 point. Bongani 3 + Dev 1 (passed) = 4 against 2: 4 points.
OPPONENTS_TIE = {"bids": [None, 2, 3, None], "tricks": [3, 3, 1, 1]}
# Asha and Chetan, partners, take 3 each: 6 against 2, 6 points; Bongani & Dev 1 + 1.
PARTNERS_TIE = {"bids": [1, None, 2, None], "tricks": [3, 1, 3, 1]}
ALL_TIE = {"bids": [None, 1, 4, 3], "tricks": [2, 2, 2, 2]}  # 1 and 4 points


def test_the_player_with_the_most_tricks_deals_next():
    result = score({"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]})
    assert result.after.dealer == 1
    assert result.outcome.next_dealer == 1
    assert "Bongani won the most tricks (3) and deals next." in text(result)


def test_a_tie_between_opponents_goes_to_the_team_ahead_after_the_deal():
    setup = make_setup()
    # Before the deal Asha & Chetan lead 7-5; after it Bongani & Dev lead 8-9.
    result = score(OPPONENTS_TIE, setup, at((7, 5)))
    assert result.outcome.points == (1, 4)
    assert result.after.points == (8, 9)
    assert result.after.dealer == 1
    assert (
        "Asha and Bongani tied with the most tricks (3); Bongani & Dev have the higher score, "
        "so Bongani deals next." in text(result)
    )


def test_a_tie_between_opponents_on_level_scores_is_drawn():
    setup = make_setup()
    result = score(OPPONENTS_TIE, setup, at((8, 5)))
    assert result.after.points == (9, 9)
    assert result.after.dealer is None
    assert result.after.draw == (0, 1)
    assert GAME.next_dealer(result.after) is None
    assert GAME.computed_state(setup, result.after)["next_dealer"] is None
    assert GAME.is_finished(result.after) is False
    assert (
        "Asha and Bongani tied with the most tricks (3); the scores are level: they draw cards "
        "to decide who deals next." in text(result)
    )


def test_the_winner_of_a_draw_can_be_recorded_on_the_deal():
    setup = make_setup()
    result = score({**OPPONENTS_TIE, "next_dealer": 1}, setup, at((8, 5)))
    assert result.after.dealer == 1
    assert result.after.draw == ()
    assert "the scores are level: Bongani won the draw and deals next." in text(result)


def test_a_tie_between_partners_is_drawn_whatever_the_score():
    result = score(PARTNERS_TIE)
    assert result.outcome.points == (6, 2)
    assert result.after.draw == (0, 2)
    assert (
        "Asha and Chetan, partners, tied with the most tricks (3): they draw cards to decide "
        "who deals next." in text(result)
    )
    drawn = score({**PARTNERS_TIE, "next_dealer": 2})
    assert drawn.after.dealer == 2


def test_all_four_tied_leaves_the_partners_of_the_team_ahead_to_draw():
    result = score(ALL_TIE)
    assert result.after.points == (1, 4)
    assert result.after.draw == (1, 3)
    # Level scores after the deal: all four draw.
    level = score(ALL_TIE, make_setup(), at((3, 0)))
    assert level.after.points == (4, 4)
    assert level.after.draw == (0, 1, 2, 3)
    assert (
        "All four tied with 2 tricks each; the scores are level: they draw cards to decide who "
        "deals next." in text(level)
    )


def test_after_a_concession_everyone_has_no_trick_and_the_tie_rule_applies():
    # Asha & Chetan concede at 0-0: 0-3, so Bongani and Dev draw.
    result = score({"conceded": 0})
    assert result.after.draw == (1, 3)
    assert (
        "After a concession nobody has a trick, so all four are tied; Bongani & Dev have the "
        "higher score, which leaves the partners Bongani and Dev: they draw cards to decide who "
        "deals next." in text(result)
    )
    # From 3-0 it is 3-3: all four draw.
    level = score({"conceded": 0}, make_setup(), at((3, 0)))
    assert level.after.draw == (0, 1, 2, 3)
    assert "After a concession nobody has a trick, so all four are tied; the scores are level" in (
        text(level)
    )
    assert score({"conceded": 0, "next_dealer": 3}).after.dealer == 3


def test_the_next_deals_dealer_stands_in_for_the_draw():
    setup = make_setup()
    results, state = play(
        setup,
        [PARTNERS_TIE, {"dealer": 2, "bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}],
    )
    second = results[1]
    assert second.outcome.dealer == 2
    assert second.outcome.explanation[0] == "Chetan won the draw against Asha and deals."
    assert second.facts.dealer_by_draw is True
    # The drawn dealer stays in the log (the rules alone cannot give it) ...
    assert GAME.deal_to_log(second.facts)["dealer"] == 2
    # ... while a dealer the rules give is left out.
    assert "dealer" not in GAME.deal_to_log(results[0].facts)
    assert state.dealer == 1


def test_a_deal_after_an_undecided_draw_needs_its_dealer():
    setup = make_setup()
    _, state = play(setup, [PARTNERS_TIE])
    error = refused({"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}, setup, state)
    assert fields_of(error) == ["dealer"]
    assert error.message == (
        "Asha and Chetan drew cards for this deal: choose who won the draw and deals."
    )
    with pytest.raises(NotThisDealer) as info:
        score({"dealer": 1, "bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}, setup, state)
    assert info.value.message == (
        "Bongani was not in the draw for this deal: only Asha and Chetan were."
    )


def test_a_recorded_draw_must_name_one_of_the_tied_players():
    error = refused({**PARTNERS_TIE, "next_dealer": 1})
    assert fields_of(error) == ["next_dealer"]
    assert error.message == "Bongani was not in the draw: only Asha and Chetan tied for the deal."
    # Level at 9-9 only Asha and Bongani are tied: Chetan cannot have won their draw.
    error = refused({**OPPONENTS_TIE, "next_dealer": 2}, make_setup(), at((8, 5)))
    assert fields_of(error) == ["next_dealer"]


def test_where_no_draw_is_needed_next_dealer_must_agree_with_the_rules():
    deal = {"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}
    assert score({**deal, "next_dealer": 1}).after.dealer == 1
    error = refused({**deal, "next_dealer": 3})
    assert fields_of(error) == ["next_dealer"]
    assert error.message == "No draw is needed: the rules give the next deal to Bongani, not Dev."
    # The score breaking a tie between opponents needs no draw either.
    error = refused({**OPPONENTS_TIE, "next_dealer": 0}, make_setup(), at((7, 5)))
    assert "the rules give the next deal to Bongani" in error.message


def test_nobody_deals_after_the_last_deal():
    setup = make_setup()
    result = score(PARTNERS_TIE, setup, at((12, 0)))
    assert result.after.finished
    assert result.after.dealer is None
    error = refused({**PARTNERS_TIE, "next_dealer": 0}, setup, at((12, 0)))
    assert fields_of(error) == ["next_dealer"]
    assert error.message == "The game is over with this deal: nobody deals next."


def test_the_rule_by_itself():
    rule = next_dealer_by_rule((2, 2, 2, 2), (5, 5))
    assert (rule.tied, rule.left, rule.score_team, rule.seat) == (
        (0, 1, 2, 3),
        (0, 1, 2, 3),
        None,
        None,
    )
    rule = next_dealer_by_rule((3, 3, 1, 1), (4, 5))
    assert (rule.left, rule.score_team, rule.seat) == ((1,), 1, 1)
    rule = next_dealer_by_rule((0, 3, 2, 3), (9, 5))
    assert (rule.tied, rule.left, rule.score_team, rule.seat) == ((1, 3), (1, 3), None, None)


def test_a_draw_awaited_survives_the_cache():
    setup = make_setup()
    _, state = play(setup, [PARTNERS_TIE])
    data = GAME.state_to_cache(state)
    assert data["draw"] == [0, 2]
    assert GAME.state_from_cache(data, setup) == state


def test_a_draw_winner_for_a_game_over_start_is_refused():
    with pytest.raises(FactError):
        score(PARTNERS_TIE, make_setup(points=(16, 0)))
