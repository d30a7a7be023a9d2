"""The game log's additive `substitutes` on a deal: who else played a seat in that deal (a game
night's substitute). The envelope's players stay who sat down first; a log with substitutes
loads, dumps back the same, and a damaged one is refused naming the deal and field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.core.errors import FactError
from scorekeeper.gamelog import SeatChange, dump_log, load_log, seated
from tests.support.logs import PLAYERS, make_log

DEAL = {"cancelled": "the counting team holds no trumps"}  # the same dealer: repeatable


def test_a_log_with_a_substitute_loads_and_dumps_the_same():
    subs = [{"seat": 1, "name": "Zola"}]
    doc = make_log([DEAL, {**DEAL, "substitutes": subs}, {**DEAL, "substitutes": subs}])
    loaded = load_log(doc)
    assert loaded.seat_changes == (SeatChange(1, "Zola", 2),)
    out = dump_log(loaded.setup, loaded.deals, loaded.state, seat_changes=loaded.seat_changes)
    assert out["players"] == PLAYERS["4p"]
    assert [d.get("substitutes") for d in out["deals"]] == [None, subs, subs]
    again = load_log(out)
    assert again.seat_changes == loaded.seat_changes
    assert again.state == loaded.state  # the substitutes change nobody's score


def test_the_seat_back_to_its_player_is_a_change_too():
    doc = make_log([{**DEAL, "substitutes": [{"seat": 2, "name": "Zola"}]}, DEAL])
    changes = load_log(doc).seat_changes
    assert changes == (SeatChange(2, "Zola", 1), SeatChange(2, "Chetan", 2))
    assert seated(PLAYERS["4p"], changes, 1)[2] == "Zola"
    assert seated(PLAYERS["4p"], changes, 2)[2] == "Chetan"


@pytest.mark.parametrize(
    ("subs", "field"),
    [
        ({"seat": 1}, "substitutes"),
        ([{"seat": 4, "name": "Z"}], "substitutes.0.seat"),
        ([{"seat": True, "name": "Z"}], "substitutes.0.seat"),
        ([{"seat": 1, "name": " "}], "substitutes.0.name"),
        ([{"seat": 1, "name": "Z" * 41}], "substitutes.0.name"),
        ([{"seat": 1, "name": "Z"}, {"seat": 1, "name": "Y"}], "substitutes.1.seat"),
        ([{"seat": 1, "name": "Z", "why": "x"}], "substitutes.0"),
    ],
)
def test_damaged_substitutes_are_refused_naming_the_deal_and_field(subs, field):
    with pytest.raises(FactError) as caught:
        load_log(make_log([DEAL, {**DEAL, "substitutes": subs}]))
    assert caught.value.deal == 2 and caught.value.field == field


@given(
    st.lists(
        st.tuples(st.integers(0, 3), st.sampled_from(["Zola", "Yusuf", "Asha", "Dev"])),
        max_size=6,
    ),
    st.integers(1, 6),
)
def test_whatever_seat_changes_a_game_had_the_log_gives_them_back(moves, deals):
    """Changes written as `substitutes` on each deal read back as the same seating per deal."""
    players = PLAYERS["4p"]
    changes = tuple(SeatChange(seat, name, 1 + i % deals) for i, (seat, name) in enumerate(moves))
    plain = load_log(make_log([DEAL] * deals))
    out = dump_log(plain.setup, plain.deals, plain.state, seat_changes=changes)
    back = load_log(out)
    for number in range(1, deals + 1):
        assert seated(players, back.seat_changes, number) == seated(players, changes, number)
