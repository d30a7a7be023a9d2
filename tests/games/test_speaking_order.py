"""Bids and tricks are listed as the table speaks: from the dealer's left (the seat after the
dealer) round to the dealer, whoever deals. For every registered game of numbers per seat, on
the form and on the game page it renders."""

from __future__ import annotations

import re

import pytest

from scorekeeper import registry
from scorekeeper.games.bid_forms import SeatNumbersForm
from tests.support.logs import fixture_log, game_keys

SEAT_NUMBER_GAMES = [
    key for key in game_keys() if issubclass(registry.game(key).deal_form, SeatNumbersForm)
]


def test_the_games_of_numbers_per_seat_are_found():
    assert len(SEAT_NUMBER_GAMES) >= 3  # Spades, Pottle, Nigerian Thuni at least


def form_for(key: str, first_dealer: int, stage: str = "opening"):
    entry = registry.game(key)
    envelope = fixture_log(key) | {"first_dealer": first_dealer}
    setup = entry.rules.setup(envelope)
    state = entry.rules.initial_state(setup)
    return entry.deal_form(setup=setup, state=state, rules=entry.rules, stage=stage)


def seats_listed(form) -> list[list[int]]:
    return [[row["seat"] for row in group["rows"]] for group in form.number_groups()]


@pytest.mark.parametrize("key", SEAT_NUMBER_GAMES)
@pytest.mark.parametrize("stage", ["opening", "closing", "full"])
def test_each_list_starts_left_of_the_dealer_and_ends_with_the_dealer(key, stage):
    players = len(fixture_log(key)["players"])
    for dealer in range(players):
        form = form_for(key, dealer, stage)
        expected = [(dealer + 1 + n) % players for n in range(players)]
        groups = seats_listed(form)
        assert groups, f"{key}: no numbers per seat at the {stage} stage"
        assert groups == [expected] * len(groups), f"{key}, seat {dealer} deals"
        # Each row is still its own seat's field, named as before.
        for group in form.number_groups():
            for row in group["rows"]:
                assert row["field"].name.endswith(f"_{row['seat']}")
                assert row["field"].label == form.setup.players[row["seat"]]


@pytest.mark.parametrize("key", SEAT_NUMBER_GAMES)
def test_partners_keep_their_side_whoever_speaks_first(key):
    form = form_for(key, 0)
    for group in form.number_groups():
        assert {row["seat"]: row["team"] for row in group["rows"]} == {
            seat: "ab"[seat % 2] for seat in range(len(form.setup.players))
        }


def test_a_dealer_not_known_yet_leaves_the_seats_in_order():
    """As after a tie for the deal (Nigerian Thuni) before the draw is recorded."""
    form = form_for(SEAT_NUMBER_GAMES[0], 0)
    form.state = None
    assert seats_listed(form)[0] == list(range(len(form.setup.players)))


@pytest.mark.django_db
@pytest.mark.parametrize("key", SEAT_NUMBER_GAMES)
def test_the_game_page_lists_the_pads_from_the_dealers_left(client, key):
    doc = fixture_log(key)
    players = len(doc["players"])
    dealer = 1  # the second seat: the first list starts with the third and ends with the second
    answer = client.post(
        "/games/new/",
        {
            "game": key,
            **{f"player_{i}": name for i, name in enumerate(doc["players"])},
            "first_dealer": dealer,
            **({"mode": doc["mode"]} if doc.get("mode") else {}),
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    page = client.get(answer["Location"]).content.decode()
    first_list = page.split('class="seat-numbers"', 1)[1].split("</fieldset>", 1)[0]
    seats = [int(s) for s in re.findall(r'<input type="number" name="\w+_(\d+)"', first_list)]
    assert seats == [*range(2, players), 0, 1]
