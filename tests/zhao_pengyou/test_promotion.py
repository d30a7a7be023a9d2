"""The promotion table, cell by cell: every row's lowest and highest total, for 2, 3 and 4 packs,
in every column of shortness, both through `promotion()` and through a scored deal at every
player count; the active/passive game points; other pack counts; `what_it_takes()`."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, GameOver
from scorekeeper.rules.zhao_pengyou import (
    GAME,
    TABLE,
    GameState,
    promotion,
    promotion_table,
    what_it_takes,
)

from .support import make_setup, play, score

# The rules text's table, as printed (rows: defenders' card points for 2, 3, 4 packs; columns:
# players short of the largest team, 0 to 5).
TEXT_TABLE = [
    (("0", "0", "0"), ("T+3", "T+6", "T+9", "T+12", "T+15", "T+18")),
    (("5-35", "5-55", "5-75"), ("T+2", "T+4", "T+6", "T+8", "T+10", "T+12")),
    (("40-75", "60-115", "80-155"), ("T+1", "T+2", "T+3", "T+4", "T+5", "T+6")),
    (("80-115", "120-175", "160-235"), ("0",) * 6),
    (("120-155", "180-235", "240-315"), ("D+1",) * 6),
    (("160-195", "240-295", "320-395"), ("D+2",) * 6),
    (("200+", "300+", "400+"), ("D+3",) * 6),
]
PACKS = (2, 3, 4)


def _cell(text: str) -> tuple[str | None, int]:
    if text == "0":
        return None, 0
    side = {"T": "trump_makers", "D": "defenders"}[text[0]]
    return side, int(text[2:])


def _boundaries(points: str, packs: int) -> list[int]:
    """The totals that must fall in the row: its lowest and highest (for the "0" row, 0 and
    below; for the open row, its start and the most a doubled kitty can bring)."""
    if points == "0":
        return [0, -10, -40]
    if points.endswith("+"):
        low = int(points[:-1])
        return [low, low + 5, low + 60]
    low, high = (int(p) for p in points.split("-"))
    return [low, high]


CELLS = [
    pytest.param(packs, short, total, _cell(cells[short]), id=f"{packs}p-short{short}-{total}")
    for packs_index, packs in enumerate(PACKS)
    for points, cells in TEXT_TABLE
    for short in range(6)
    for total in _boundaries(points[packs_index], packs)
]


@pytest.mark.parametrize(("packs", "short", "total", "expected"), CELLS)
def test_every_cell_of_the_text_table(packs, short, total, expected):
    side, levels = promotion(total, packs, short)
    assert (side, levels) == expected


def test_the_table_has_every_cell():
    assert len(CELLS) == 3 * 6 * (3 + 2 * 5 + 3)


# ---- the same cells through a scored deal, at every player count and team size ------------------


def _deal_for_total(players: int, team_size: int, total: int, packs: int) -> dict:
    team = list(range(team_size))
    defender = players - 1
    deal = {"trump_maker": 0, "team": team, "defender_points": total}
    if total < 0:
        deal["defender_points"] = 0
        deal["penalties"] = [{"seat": defender, "cards_withdrawn": -total // 10}]
    elif total > 100 * packs:
        kitty = total - 100 * packs
        deal["defender_points"] = 100 * packs - kitty
        deal["kitty_points"] = kitty
        deal["last_trick"] = defender
    return deal


SCORED = [
    pytest.param(
        players, size, total, _cell(cells[row.max_team - size]), id=f"{players}-{size}-{total}"
    )
    for players, row in TABLE.items()
    for size in range(1, row.max_team + 1)
    for points, cells in TEXT_TABLE
    for total in _boundaries(points[PACKS.index(row.packs)], row.packs)
    if total <= 100 * row.packs + 10 * row.kitty and total >= -10 * 10
]


@pytest.mark.parametrize(("players", "size", "total", "expected"), SCORED)
def test_every_cell_through_a_scored_deal(players, size, total, expected):
    setup = make_setup(players)
    result = score(_deal_for_total(players, size, total, setup.packs), setup)
    side, levels = expected
    outcome = result.outcome
    assert outcome.defenders_total == total
    assert outcome.side == side
    up = set(range(size)) if side == "trump_makers" else set(range(size, players))
    gained = [levels if (side and seat in up) else 0 for seat in range(players)]
    assert list(outcome.levels_gained) == gained
    assert [s for s in range(players) if result.after.levels[s]] == sorted(up if side else ())


def test_columns_exist_only_where_the_team_can_be_that_short():
    shorts = {players: row.max_team - 1 for players, row in TABLE.items()}
    assert shorts == {5: 1, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4, 11: 4, 12: 5}


# ---- the thresholds, spelled out as the rules text words them -----------------------------------


@pytest.mark.parametrize("packs", PACKS)
def test_the_texts_sentences(packs):
    assert tuple(promotion(60 * packs, packs)) == ("defenders", 1)  # at least 60 per pack
    assert tuple(promotion(60 * packs - 5, packs)) == (None, 0)  # at least 40 but less than 60
    assert tuple(promotion(40 * packs, packs)) == (None, 0)
    assert tuple(promotion(40 * packs - 5, packs)) == ("trump_makers", 1)  # less than 40 per pack
    assert tuple(promotion(80 * packs, packs)) == ("defenders", 2)
    assert tuple(promotion(100 * packs, packs)) == ("defenders", 3)
    assert tuple(promotion(20 * packs - 5, packs)) == ("trump_makers", 2)
    assert tuple(promotion(0, packs)) == ("trump_makers", 3)
    # the short team's extra: "the same amount again for each player short"
    assert tuple(promotion(20 * packs - 5, packs, short=2)) == ("trump_makers", 6)
    assert tuple(promotion(60 * packs, packs, short=2)) == ("defenders", 1)


def test_promotion_carries_its_row():
    p = promotion(25, 2, short=1)
    assert (p.side, p.levels, p.base, p.factor, p.row, p.low, p.high, p.below) == (
        "trump_makers",
        4,
        2,
        2,
        "trump_makers",
        5,
        35,
        40,
    )
    top = promotion(230, 2)
    assert (top.low, top.high, top.below) == (200, None, None)
    nothing = promotion(-20, 2, short=1)
    assert (nothing.row, nothing.low, nothing.high, nothing.levels) == ("no_points", None, 0, 6)


# ---- other numbers of packs: the thresholds follow the packs ------------------------------------


@pytest.mark.parametrize(
    ("packs", "rows"),
    [
        (1, [(None, 0), (5, 15), (20, 35), (40, 55), (60, 75), (80, 95), (100, None)]),
        (5, [(None, 0), (5, 95), (100, 195), (200, 295), (300, 395), (400, 495), (500, None)]),
    ],
)
def test_other_pack_counts_follow_the_packs(packs, rows):
    table = promotion_table(packs)
    assert [(r.low, r.high) for r in table] == rows
    assert [(r.side, r.levels) for r in table] == [
        ("trump_makers", 3),
        ("trump_makers", 2),
        ("trump_makers", 1),
        (None, 0),
        ("defenders", 1),
        ("defenders", 2),
        ("defenders", 3),
    ]


def test_the_packs_house_rule_moves_the_thresholds():
    setup = make_setup(6, packs=3)  # 300 card points
    result = score({"trump_maker": 0, "team": [0, 1, 2], "defender_points": 115}, setup)
    assert (result.outcome.side, result.outcome.levels_gained[0]) == ("trump_makers", 1)
    result = score({"trump_maker": 0, "team": [0, 1, 2], "defender_points": 120}, setup)
    assert result.outcome.side is None
    result = score({"trump_maker": 0, "team": [0, 1, 2], "defender_points": 300}, setup)
    assert (result.outcome.side, result.outcome.levels_gained[5]) == ("defenders", 3)


# ---- active/passive: its own thresholds, no middle zone ----------------------------------------

AP_ROWS = [
    # (per-pack low, per-pack high or None, side, game points for short 0..5)
    (None, 0, "trump_makers", (2, 4, 6, 8, 10, 12)),
    (5, 35, "trump_makers", (1, 2, 3, 4, 5, 6)),
    (40, 75, "defenders", (1,) * 6),
    (80, 95, "defenders", (2,) * 6),
    (100, None, "defenders", (3,) * 6),
]
AP_CELLS = [
    pytest.param(packs, short, total, side, points[short], id=f"{packs}p-short{short}-{total}")
    for packs in PACKS
    for low, high, side, points in AP_ROWS
    for short in range(6)
    for total in (
        [0, -10]
        if low is None
        else [low * packs if low != 5 else 5, 100 * packs + 40]
        if high is None
        else [low * packs if low != 5 else 5, (high + 5) * packs - 5]
    )
]


@pytest.mark.parametrize(("packs", "short", "total", "side", "points"), AP_CELLS)
def test_active_passive_game_points(packs, short, total, side, points):
    assert tuple(promotion(total, packs, short, "active-passive")) == (side, points)


def test_active_passive_has_no_middle_zone():
    sides = {r.side for r in promotion_table(2, 0, "active-passive")}
    assert None not in sides
    assert [(r.low, r.high) for r in promotion_table(2, 0, "active-passive")] == [
        (None, 0),
        (5, 75),
        (80, 155),
        (160, 195),
        (200, None),
    ]


# ---- what it takes, for the coming deal ---------------------------------------------------------


def test_what_it_takes_six_players_team_of_two():
    setup = make_setup(6)
    rows = what_it_takes(setup, GameState.initial(setup), 2)
    assert [(r.low, r.high, r.side, r.levels) for r in rows] == [
        (None, 0, "trump_makers", 6),
        (5, 35, "trump_makers", 4),
        (40, 75, "trump_makers", 2),
        (80, 115, None, 0),
        (120, 155, "defenders", 1),
        (160, 195, "defenders", 2),
        (200, None, "defenders", 3),
    ]


def test_what_it_takes_twelve_players_alone():
    setup = make_setup(12)
    rows = what_it_takes(setup, GameState.initial(setup), 1)
    assert [(r.low, r.high, r.side, r.levels) for r in rows] == [
        (None, 0, "trump_makers", 18),
        (5, 75, "trump_makers", 12),
        (80, 155, "trump_makers", 6),
        (160, 235, None, 0),
        (240, 315, "defenders", 1),
        (320, 395, "defenders", 2),
        (400, None, "defenders", 3),
    ]


def test_what_it_takes_active_passive():
    setup = make_setup(5, scoring="active-passive")
    rows = what_it_takes(setup, GameState.initial(setup), 1)
    assert [(r.low, r.high, r.side, r.levels) for r in rows] == [
        (None, 0, "trump_makers", 4),
        (5, 75, "trump_makers", 2),
        (80, 155, "defenders", 1),
        (160, 195, "defenders", 2),
        (200, None, "defenders", 3),
    ]


@pytest.mark.parametrize("players", sorted(TABLE))
def test_what_it_takes_agrees_with_scoring(players):
    """Every row of the table, scored at its ends, gives what the table promised."""
    setup = make_setup(players)
    state = GameState.initial(setup)
    for size in range(1, setup.max_team + 1):
        for row in what_it_takes(setup, state, size):
            for total in (row.low, row.high):
                if total is None:
                    continue
                deal = _deal_for_total(players, size, total, setup.packs)
                outcome = score(deal, setup, state).outcome
                assert (outcome.side, max(outcome.levels_gained)) == (row.side, row.levels)


@pytest.mark.parametrize("size", [0, 4, -1])
def test_what_it_takes_refuses_a_team_size_the_count_does_not_allow(size):
    setup = make_setup(6)
    with pytest.raises(FactError) as info:
        what_it_takes(setup, GameState.initial(setup), size)
    assert info.value.field == "team"


def test_what_it_takes_after_the_end():
    setup = make_setup(6, start={"levels": ["A", "A", "A", "2", "2", "2"]})
    _, state = play(setup, [{"trump_maker": 0, "team": [0, 1, 2], "defender_points": 50}])
    assert GAME.is_finished(state)
    with pytest.raises(GameOver):
        what_it_takes(setup, state, 3)
