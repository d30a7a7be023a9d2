"""Every worked example of the rules text, as a test."""

from __future__ import annotations

import pytest

from scorekeeper.rules.zhao_pengyou import GAME, GameState

from .support import deal, levels, make_setup, play, score, seats

# ---- "Example. In a six-player game with two packs …" -------------------------------------------

SIX = {"levels": ["8", "10", "7", "7", "9", "4"]}  # A, B, C, D, E, F


def test_short_team_goes_up_double():
    """E makes trumps, C plays both called cards, the defenders A, B, D, F take 30: E and C go
    up four levels each (two for under 40, two more for being one short): E to King, C to Jack."""
    setup = make_setup(6, start=SIX)
    result = score(deal(seats("E")[0], seats("EC"), 30), setup)
    assert levels(setup, result.after) == ["8", "10", "J", "7", "K", "4"]
    assert list(result.outcome.levels_gained) == [0, 0, 4, 0, 4, 0]
    assert "Defenders 30 < 40: trump makers +2 × 2 for a team 1 short = +4." in (
        result.outcome.explanation
    )


def test_same_deal_with_140_for_the_defenders():
    """Had the defenders taken 140: A, B, D and F go up one, to 9, Jack, 8 and 5; C and E stay."""
    setup = make_setup(6, start=SIX)
    result = score(deal(seats("E")[0], seats("EC"), 140), setup)
    assert levels(setup, result.after) == ["9", "J", "7", "8", "9", "5"]
    assert result.outcome.side == "defenders"


def test_level_ten_promoted_is_jack():
    setup = make_setup(6, start={"levels": ["10", "2", "2", "2", "2", "2"]})
    result = score(deal(0, [0, 1, 2], 60), setup)
    assert levels(setup, result.after)[0] == "J"


# ---- calling friends: teams that end up short ---------------------------------------------------


def test_seven_players_one_player_holds_both_called_aces():
    """Seven players, the first and second Ace of hearts called, one player holds both: the
    trump maker has only that one partner (one short of three)."""
    setup = make_setup(7)
    result = score(deal(0, [0, 3], 50, called_cards=["first A hearts", "second A hearts"]), setup)
    assert result.outcome.levels_gained[0] == 2  # 40-75: T+1, doubled
    assert result.outcome.levels_gained[3] == 2


def test_six_players_a_partner_plays_both_called_cards():
    """The first Ace of spades and the first Ace of clubs called; A wins a spade with the Ace
    and later plays the first club Ace too: A is the only partner."""
    setup = make_setup(6)
    result = score(deal(4, [4, 0], 35, called_cards=["first A spades", "first A clubs"]), setup)
    assert result.outcome.levels_gained[4] == 4  # 5-35: T+2, doubled


def test_eight_players_three_cards_called():
    """Eight players, fives and spades trumps; the first Ace of clubs, first King of clubs and
    third Ace of diamonds are called: a full team of four."""
    setup = make_setup(8, start={"levels": ["5", "2", "2", "2", "2", "2", "2", "2"]})
    facts = deal(
        0,
        [0, 2, 4, 6],
        55,
        trump={"rank": "5", "suit": "spades"},
        called_cards=["first A clubs", "first K clubs", "third A diamonds"],
    )
    result = score(facts, setup)
    assert result.outcome.warnings == ()
    assert result.outcome.levels_gained == (2, 0, 2, 0, 2, 0, 2, 0)  # 3 packs, 5-55: T+2


# ---- the kitty ----------------------------------------------------------------------------------


def test_kitty_counts_double_when_the_defenders_win_the_last_trick():
    result = score(deal(0, [0, 1, 2], 100, kitty_points=20, last_trick=3))
    assert result.outcome.defenders_total == 140
    assert result.outcome.side == "defenders"


def test_kitty_does_not_count_when_the_trump_makers_win_the_last_trick():
    result = score(deal(0, [0, 1, 2], 100, kitty_points=20, last_trick=2))
    assert result.outcome.defenders_total == 100
    assert result.outcome.side is None


def test_more_than_100_per_pack_with_the_doubled_kitty():
    """The text: it is sometimes possible to take more than 100 per pack because the points in
    the trump maker's discard are doubled."""
    result = score(deal(0, [0, 1, 2], 170, kitty_points=30, last_trick=5))
    assert result.outcome.defenders_total == 230
    assert result.outcome.levels_gained == (0, 0, 0, 3, 3, 3)


# ---- a false lead of top cards ------------------------------------------------------------------


def test_false_lead_ace_and_jacks_withdrawn_costs_30():
    """A-K-J-J of spades led, someone holds a single Ace: the Ace and both Jacks go back, 30
    points from the leader's side to the other."""
    defender_leads = score(deal(0, [0, 1, 2], 130, penalties=[{"seat": 4, "cards_withdrawn": 3}]))
    assert defender_leads.outcome.defenders_total == 100
    trump_side_leads = score(deal(0, [0, 1, 2], 130, penalties=[{"seat": 1, "cards_withdrawn": 3}]))
    assert trump_side_leads.outcome.defenders_total == 160


def test_false_lead_ace_and_king_withdrawn_costs_20():
    result = score(deal(0, [0, 1, 2], 100, penalties=[{"seat": 0, "cards_withdrawn": 2}]))
    assert result.outcome.defenders_total == 120
    assert (
        "False lead by Asha, on the trump maker's team: 10 × 2 withdrawn = +20 for the defenders."
    ) in result.outcome.explanation


def test_false_lead_goes_by_the_leaders_final_team():
    """A player who led falsely before anyone knew the teams pays for the team they end on."""
    result = score(deal(0, [0, 5], 60, penalties=[{"seat": 5, "cards_withdrawn": 1}]))
    assert result.outcome.defenders_total == 70


# ---- active and passive -------------------------------------------------------------------------

AP = {"scoring": "active-passive"}


def _ap_levels(setup, state) -> list[str]:
    computed = GAME.computed_state(setup, state)
    return [
        ("A" if a else "P") + lv
        for a, lv in zip(computed["active"], computed["levels"], strict=True)
    ]


def test_active_five_wins_two_to_active_seven_passive_five_to_active_six():
    setup = make_setup(
        6,
        start={
            "levels": ["5", "5", "5", "2", "2", "2"],
            "active": [True, False, True, True, True, True],
        },
        **AP,
    )
    # Asha (active 5) and Bo (passive 5) defend with Femi and take 160 of 200: 2 game points
    result = score(deal(2, [2, 3, 4], 160), setup)
    assert result.outcome.side == "defenders"
    assert _ap_levels(setup, result.after)[:2] == ["A7", "A6"]


def test_passive_five_wins_one_to_active_five():
    setup = make_setup(
        6,
        start={"levels": ["5", "2", "2", "2", "2", "2"], "active": [False] + [True] * 5},
        **AP,
    )
    result = score(deal(1, [1, 0, 2], 50), setup)  # trump makers win 1 game point
    assert _ap_levels(setup, result.after)[0] == "A5"
    assert result.outcome.levels_gained[0] == 1  # the game points awarded


# The text's example table: six players, A to F, deal by deal.
AP_TABLE = [
    ("start", "A2 A2 A2 A2 A2 A2"),
    ("B, D and E win 1 point", "P2 A3 P2 A3 A3 P2"),
    ("A, B and C win 1 point", "A2 A4 A2 P3 P3 P2"),
    ("C, D and F win 2 points", "P2 P4 A4 A4 P3 A3"),
]


@pytest.mark.parametrize(
    "third",
    [
        # the defenders C, D, F take 160 of 200 against A's full team: 2 game points
        deal(0, seats("ABE"), 160),
        # or C makes trumps with D and F and the defenders take nothing: 2 game points
        deal(2, seats("CDF"), 0),
    ],
    ids=["defenders-win-2", "trump-makers-win-2"],
)
def test_active_passive_example_table_deal_by_deal(third):
    setup = make_setup(6, **AP)
    state = GameState.initial(setup)
    assert " ".join(_ap_levels(setup, state)) == AP_TABLE[0][1]
    deals = [
        deal(4, seats("EBD"), 50),  # E makes trumps with B and D: under 80, 1 game point
        deal(1, seats("BAC"), 75),  # B (active) makes trumps with A and C: 1 game point
        third,
    ]
    for (what, expected), facts in zip(AP_TABLE[1:], deals, strict=True):
        state = score(facts, setup, state).after
        assert " ".join(_ap_levels(setup, state)) == expected, what


def test_active_passive_example_table_game_points_awarded():
    setup = make_setup(6, **AP)
    results, _ = play(
        setup,
        [deal(4, seats("EBD"), 50), deal(1, seats("BAC"), 75), deal(2, seats("CDF"), 0)],
    )
    assert [list(r.outcome.levels_gained) for r in results] == [
        [0, 1, 0, 1, 1, 0],
        [1, 1, 1, 0, 0, 0],
        [0, 0, 2, 2, 0, 2],
    ]


def test_no_trumps_makes_everyone_active_on_the_same_level():
    """The text: a player who was passive seven becomes active seven."""
    setup = make_setup(
        6,
        start={"levels": ["7", "3", "3", "3", "3", "3"], "active": [False] + [True] * 5},
        **AP,
    )
    result = score({"no_trumps": True}, setup)
    assert _ap_levels(setup, result.after) == ["A7", "A3", "A3", "A3", "A3", "A3"]


def test_active_passive_starter_is_the_trump_maker_if_still_active():
    setup = make_setup(6, **AP)
    results, state = play(setup, [deal(4, seats("EBD"), 50)])
    assert GAME.next_dealer(state) == 4
    # E loses the next deal and turns passive: the next active player to E's right starts
    result = score(deal(4, seats("EBD"), 120), setup, state)
    assert not result.after.active[4]
    assert GAME.next_dealer(result.after) == 5  # F won as a defender, now active
    assert result.outcome.explanation[-1] == (
        "Esha is passive now: Femi, the next active player, starts the next deal."
    )


def test_active_passive_defenders_win_from_40_per_pack():
    result = score(deal(0, [0, 1, 2], 80), make_setup(6, **AP))
    assert result.outcome.side == "defenders"
    result = score(deal(0, [0, 1, 2], 75), make_setup(6, **AP))
    assert result.outcome.side == "trump_makers"


def test_active_passive_no_points_and_short():
    """No card points at all: 2 game points, and 2 more per player short."""
    result = score(deal(0, [0], 0), make_setup(6, **AP))
    assert result.outcome.levels_gained[0] == 6
    assert (
        "Defenders 0, no points: the trump makers win, game points +2 × 3 for a team 2 short = +6."
    ) in result.outcome.explanation


def test_active_passive_short_team_one_extra_per_player():
    result = score(deal(0, [0], 40), make_setup(6, **AP))
    assert result.outcome.levels_gained[0] == 3  # 1, plus 1 for each of 2 players short


# ---- nobody makes trumps ------------------------------------------------------------------------


def test_no_trumps_same_starter():
    setup = make_setup(6, first=3)
    result = score({"no_trumps": True}, setup)
    assert GAME.next_dealer(result.after) == 3
    assert result.outcome.explanation == [
        "Nobody made trumps: no score, the cards are dealt again.",
        "Dara starts the new deal again.",
    ]


# ---- the starter --------------------------------------------------------------------------------


def test_the_trump_maker_starts_the_next_deal():
    setup = make_setup(6, first=0)
    result = score(deal(3, [3, 4, 5], 90), setup)
    assert GAME.next_dealer(result.after) == 3


def test_variant_the_start_passes_to_the_right():
    setup = make_setup(6, first=5, starter="rotate")
    result = score(deal(3, [3, 4, 5], 90), setup)
    assert GAME.next_dealer(result.after) == 0  # seat 5's right is seat 0


# ---- Rick Heli's version: the trump maker by result ---------------------------------------------


def _by_result(players: int = 5, **rules):
    return make_setup(players, starter="by-result", **rules)


def test_five_players_trump_makers_win_the_partner_makes_trumps():
    setup = _by_result(5)
    result = score(deal(1, [1, 3], 30), setup)
    computed = GAME.computed_state(setup, result.after)
    assert computed["next_trump_maker"] == 3
    assert computed["next_starter"] is None


def test_five_players_trump_makers_lose_the_nearest_defender_makes_trumps():
    setup = _by_result(5)
    result = score(deal(1, [1, 2], 150), setup)
    assert GAME.computed_state(setup, result.after)["next_trump_maker"] == 3


# ---- beyond Ace ---------------------------------------------------------------------------------


def test_past_ace_wins_and_ends_the_game():
    setup = make_setup(6, start={"levels": ["K", "2", "2", "2", "2", "2"]})
    result = score(deal(0, [0, 1, 2], 30), setup)  # +2: K -> past A
    computed = GAME.computed_state(setup, result.after)
    assert computed["levels"][0] == "past A"
    assert computed["finished"] is True
    assert computed["winners"] == [0]
    assert computed["next_starter"] is None


def test_rick_helis_joker_level_then_second_lap():
    setup = make_setup(6, start={"levels": ["A", "K", "2", "2", "2", "2"]}, beyond_ace="joker-laps")
    result = score(deal(0, [0, 1, 2], 15), setup)  # +2
    assert levels(setup, result.after)[:2] == ["2+", "Joker"]
    assert not result.after.finished


def test_skipping_the_low_levels_after_the_first_lap():
    setup = make_setup(
        6, start={"levels": ["Joker", "A", "2", "2", "2", "2"]}, beyond_ace="joker-laps-skip-low"
    )
    result = score(deal(0, [0, 1, 2], 60), setup)  # +1
    assert levels(setup, result.after)[:2] == ["10+", "Joker"]
