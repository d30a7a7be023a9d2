"""Play again: one tap makes a new game at the same table (kind, seats, mode, house rules), the
first dealer the next one by the game's rules; and the new-game page suggests earlier players."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.models import Game, Player
from scorekeeper.groups.models import Group, Membership
from tests.support.visitors import record, start_thunee

pytestmark = pytest.mark.django_db


def again(client, game: Game) -> Game:
    response = client.post(reverse("play_again", args=[game.pk]))
    assert response.status_code == 302, response.content[:400]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def test_play_again_keeps_the_table_and_passes_the_first_deal(client_in, keeper, factory):
    game = factory.make_game(
        keeper, game="thunee", mode="4p", first_dealer=3, house_rules={"winning_balls": 13}
    )
    factory.normal_deal(game)
    new = again(client_in, game)
    assert new.kind == "thunee" and new.owner == keeper and new.pk != game.pk
    assert new.setup["players"] == game.setup["players"]
    assert new.setup["mode"] == "4p" and new.setup["house_rules"] == {"winning_balls": 13}
    assert new.setup["first_dealer"] == 0  # the seat after seat 4 goes round to seat 1
    assert new.deals.count() == 0 and not new.finished
    # The same players: the seats are the same people, not new ones of the same name.
    assert [s.player_id for s in new.seats.all()] == [s.player_id for s in game.seats.all()]


def test_play_again_seats_who_sits_there_now(client_in, keeper, factory):
    game = factory.make_game(keeper, players=["Asha", "Bongani", "Chetan", "Dev"])
    factory.normal_deal(game)
    services.change_seat(game, 2, "Gugu", user=keeper, from_deal=2)
    assert again(client_in, game).setup["players"] == ["Asha", "Bongani", "Gugu", "Dev"]


def test_play_again_stays_in_the_group_for_its_members(client_in, keeper, factory):
    group = Group.objects.create(name="Fridays")
    Membership.objects.create(group=group, user=keeper, role="member")
    game = services.create_game(
        owner=keeper, game="spades", players=["A", "B", "C", "D"], group=group
    )
    assert again(client_in, game).group == group


def test_a_visitor_plays_again(client):
    game = start_thunee(client)
    record(client, game)
    new = again(client, game)
    assert new.owner == game.owner and new.setup["first_dealer"] == 1
    page = client.get(reverse("game", args=[new.pk])).content.decode()
    assert 'data-testid="play-again"' in page


def test_a_spectator_cannot_play_again(keeper, factory):
    game = factory.make_game(keeper)
    watcher = Client()
    watcher.force_login(factory.make_user("watcher"))
    assert watcher.post(reverse("play_again", args=[game.pk])).status_code == 404
    assert Game.objects.count() == 1


@pytest.mark.parametrize("key", list(registry.GAMES))
def test_every_game_says_who_deals_first_next(key):
    rules = registry.game(key).rules
    modes = rules.modes or ()
    seats = modes[0].seats if modes else min(rules.seat_counts)
    envelope = {"players": [f"P{i}" for i in range(seats)], "first_dealer": seats - 1}
    if modes:
        envelope["mode"] = modes[0].key
    setup = rules.setup(envelope)
    nxt = rules.next_first_dealer(setup, rules.initial_state(setup))
    assert nxt == 0  # by default: the next seat, round the table


def _tables(key: str):
    """Every table a game allows: (mode or None, seats)."""
    rules = registry.game(key).rules
    if rules.modes:
        return [(m.key, m.seats) for m in rules.modes]
    return [(None, n) for n in rules.seat_counts]


@given(data=st.data())
def test_playing_again_and_again_gives_every_seat_the_first_deal_once(data):
    """Any game, any table, any first dealer: as many games as seats, each played again from
    the last, give each seat the first deal exactly once."""
    key = data.draw(st.sampled_from(sorted(registry.GAMES)))
    mode, seats = data.draw(st.sampled_from(_tables(key)))
    first = data.draw(st.integers(min_value=0, max_value=seats - 1))
    rules = registry.game(key).rules
    envelope = {"players": [f"P{i}" for i in range(seats)], "first_dealer": first}
    if mode is not None:
        envelope["mode"] = mode
    dealers = []
    for _ in range(seats):
        setup = rules.setup(envelope)
        dealers.append(setup.first_dealer)
        envelope["first_dealer"] = rules.next_first_dealer(setup, rules.initial_state(setup))
    assert sorted(dealers) == list(range(seats))


def test_the_new_game_page_suggests_earlier_players(client_in, keeper, factory):
    factory.make_game(keeper, players=["Asha", "Bongani", "Chetan", "Dev"])
    group = Group.objects.create(name="Fridays")
    Membership.objects.create(group=group, user=keeper, role="member")
    other = factory.make_user("other")
    services.create_game(owner=other, game="spades", players=["Eve", "F", "G", "H"], group=group)
    factory.make_game(factory.make_user("stranger"), players=["Zed", "Y", "X", "W"])
    page = client_in.get(reverse("game_new") + "?game=spades").content.decode()
    for name in ("Asha", "Dev", "Eve"):
        assert f'data-name="{name}"' in page and f'<option value="{name}">' in page
    assert "Zed" not in page  # a stranger's players are nobody else's business
    assert 'list="known-players"' in page


def test_a_visitors_suggestions_are_its_browsers_players(client):
    start_thunee(client, names=["Asha", "Bongani", "Chetan", "Dev"])
    page = client.get(reverse("game_new")).content.decode()
    assert 'data-name="Chetan"' in page
    assert 'data-name="Chetan"' not in Client().get(reverse("game_new")).content.decode()
    assert Player.objects.count() == 4
