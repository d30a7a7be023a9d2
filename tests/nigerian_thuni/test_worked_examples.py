"""The rules text's two worked examples, exactly as told, at a table seated by the compass:
South (seat 0) deals, West (1), North (2), East (3). North & South are team 0."""

from __future__ import annotations

from scorekeeper.rules.nigerian_thuni import GAME

from .support import COMPASS, make_setup, score, text

SETUP = make_setup(names=COMPASS, dealer=0)


def test_example_1_north_south_fail_their_4_and_score_south_s_one_trick():
    # West bids 1, North 2, East 3, South passes, West passes, North 4, East passes.
    # Highest bids: South none, West 1, North 4, East 3. Each player wins 2 tricks.
    result = score({"bids": [None, 1, 4, 3], "tricks": [2, 2, 2, 2]}, SETUP)
    out = result.outcome
    assert out.contracts == (4, 3)
    # East+West won 4 tricks against their contract of 3: 4 points.
    # South only passed, so only one of his tricks counts: North+South have 3 scoring tricks,
    # their contract of 4 fails, North's tricks do not count, South's one trick scores 1.
    assert out.points == (1, 4)
    assert out.made == (False, True)
    assert out.trump_chooser == 2  # North calls trumps
    assert (
        "South & North: South 2 (only passed: counts 1) + North 2 = 3 tricks, contract 4: failed,"
        " so the bidders' tricks do not count; South's trick as a player who only passed still "
        "does: 1 point." in text(result)
    )
    assert "West & East: West 2 + East 2 = 4 tricks, contract 3: made, 4 points." in text(result)
    assert GAME.computed_deal(result) == {
        "dealer": 0,
        "points": [1, 4],
        "contracts": [4, 3],
        "made": [False, True],
        "explanation": out.explanation,
    }


def test_example_2_both_bidders_count_every_trick_and_both_passers_count_one():
    # West bids 1, North passes, East 3, South passes, West passes.
    # West wins 3 tricks, North 2, East 2, South 1.
    result = score({"bids": [None, 1, None, 3], "tricks": [1, 3, 2, 2]}, SETUP)
    out = result.outcome
    # East+West make their contract of 3 and, both having bid, score all 5 tricks.
    # North+South both passed and score 1 trick each: 2 points.
    assert out.contracts == (0, 3)
    assert out.points == (2, 5)
    assert out.made == (True, True)
    assert out.trump_chooser == 3  # East calls trumps
    assert "West & East: West 3 + East 2 = 5 tricks, contract 3: made, 5 points." in text(result)
    assert (
        "South & North: South 1 + North 2 (only passed: counts 1) = 2 tricks; no contract "
        "(both only passed), so they score 2 points." in text(result)
    )
    # West won the most tricks and deals next.
    assert result.after.dealer == 1


def test_the_examples_read_in_full():
    one = score({"bids": [None, 1, 4, 3], "tricks": [2, 2, 2, 2]}, SETUP)
    assert one.outcome.explanation == [
        "Highest bids: West 1, North 4, East 3; South only passed.",
        "North bid highest (4), chose trumps and led.",
        "Contracts: South & North 4, West & East 3.",
        "South & North: South 2 (only passed: counts 1) + North 2 = 3 tricks, contract 4: "
        "failed, so the bidders' tricks do not count; South's trick as a player who only passed "
        "still does: 1 point.",
        "West & East: West 2 + East 2 = 4 tricks, contract 3: made, 4 points.",
        "Score: South & North 1, West & East 4.",
        "All four tied with 2 tricks each; West & East have the higher score, which leaves the "
        "partners West and East: they draw cards to decide who deals next.",
    ]
    assert [line.rule for line in one.outcome.lines] == [
        "bidding",
        "bidding",
        "contracts",
        "scoring",
        "scoring",
        "winning",
        "dealing",
    ]
