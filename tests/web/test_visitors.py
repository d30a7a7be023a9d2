"""Keeping score without an account: a visitor's browser holds its games (holders.py), keeps
them when its session goes, opens them elsewhere by its private link, and hands them to an
account on sign-up or login (handover.py) with nothing lost."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.accounts import handover, holders
from scorekeeper.games import services
from scorekeeper.games.models import Deal, DealChange, Game, Holder, Player, ShareLink
from tests.support.visitors import HTMX, NAMES, record, start_thunee

pytestmark = pytest.mark.django_db


def test_a_visitor_starts_a_game_without_an_account_and_keeps_it(client):
    assert client.get(reverse("game_new")).status_code == 200
    game = start_thunee(client)
    holder = Holder.objects.get()
    stand_in = holder.account
    assert game.owner == stand_in and not stand_in.is_active
    assert not stand_in.has_usable_password()
    cookie = client.cookies[holders.COOKIE]
    assert cookie["httponly"] and cookie["max-age"] == holders.COOKIE_AGE
    assert holder.token_hash != cookie.value and len(holder.token_hash) == 64  # only its hash
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert 'id="deal-form"' in page and "kept on this phone, without an account" in page
    record(client, game)
    assert Deal.objects.get(game=game).created_by == stand_in
    # Everything a keeper does: undo, what-if, export, share links.
    assert client.post(reverse("deal_undo", args=[game.pk]), {"number": 1}).status_code == 302
    record(client, game)
    assert client.get(reverse("deal_what_if", args=[game.pk, 1])).status_code == 200
    assert client.get(reverse("game_export", args=[game.pk])).json()["deals"]
    client.post(reverse("share_link_make", args=[game.pk, "watch"]))
    assert ShareLink.objects.get(game=game).created_by == stand_in


def test_the_game_stays_when_the_session_cookie_goes(client):
    game = start_thunee(client)
    record(client, game)
    client.cookies.pop("sessionid", None)
    assert "sessionid" not in client.cookies
    page = client.get(reverse("game", args=[game.pk]))
    assert page.status_code == 200 and "Bongani" in page.content.decode()
    record(client, game)
    assert Game.objects.get(pk=game.pk).deals.count() == 2


def test_another_browser_sees_nothing_without_the_private_link(client):
    game = start_thunee(client)
    stranger = Client()
    assert stranger.get(reverse("game", args=[game.pk])).status_code == 302  # to the login
    link = client.get(reverse("game", args=[game.pk])).context["visitor_link"]
    assert str(link).startswith("http://testserver/mine/")
    opened = stranger.get(f"{link}?game={game.pk}")
    assert opened["Location"] == reverse("game", args=[game.pk])
    assert stranger.get(reverse("game", args=[game.pk])).status_code == 200
    record(stranger, game)  # the other browser keeps the score too
    # Its link is the same one: a third browser may come by either.
    again = stranger.get(reverse("game", args=[game.pk])).context["visitor_link"]
    assert str(again) == str(link)


def test_a_made_up_or_tampered_cookie_holds_nothing_and_is_dropped(client):
    game = start_thunee(client)
    other = Client()
    other.cookies[holders.COOKIE] = client.cookies[holders.COOKIE].value + "x"
    response = other.get(reverse("game", args=[game.pk]))
    assert response.status_code == 302
    assert other.cookies[holders.COOKIE].value == ""  # deleted
    assert other.get(reverse("private_link", args=["x" * 64])).status_code == 404


def test_sign_up_makes_every_game_of_the_browser_the_accounts(client):
    first = start_thunee(client)
    second = start_thunee(client, names=["Asha", "Eve", "Chetan", "Femi"])
    record(client, first)
    client.post(reverse("deal_undo", args=[first.pk]), {"number": 1})
    record(client, first)
    changes = DealChange.objects.filter(game=first).count()
    stand_in = Holder.objects.get().account
    signup = client.get(reverse("signup")).content.decode()
    assert "The 2 games kept on this phone without an account become this account" in signup
    response = client.post(
        reverse("signup"),
        {"username": "asha", "password1": "a long pass phrase", "next": f"/games/{first.pk}/"},
    )
    assert response["Location"] == f"/games/{first.pk}/"  # back where they were
    user = get_user_model().objects.get(username="asha")
    assert set(Game.objects.filter(owner=user)) == {first, second}
    assert not Game.objects.filter(owner=stand_in).exists()
    assert Deal.objects.get(game=first).created_by == user
    assert DealChange.objects.filter(game=first).count() == changes  # nothing lost
    assert set(DealChange.objects.filter(game=first).values_list("by", flat=True)) == {user.pk}
    assert sorted(Player.objects.filter(owner=user).values_list("name", flat=True)) == sorted(
        {"Asha", "Bongani", "Chetan", "Dev", "Eve", "Femi"}
    )
    holder = Holder.objects.get()
    assert holder.claimed_by == user and holder.claimed_how == "signup"
    assert sorted(holder.claimed_games) == sorted([first.pk, second.pk])
    assert client.cookies[holders.COOKIE].value == ""  # the cookie goes
    page = client.get(reverse("game", args=[first.pk]))
    assert "now your account" in page.content.decode()
    assert 'data-testid="visitor-note"' not in page.content.decode()


def test_logging_in_moves_the_games_and_merges_players_of_the_same_name(client, factory):
    user = factory.make_user("bongani", password="pw-for-tests-1")
    own = factory.make_game(user)  # Asha, Bongani, Chetan, Dev of the account's own
    game = start_thunee(client, names=["asha", "Bongani", "Gugu", "Dev"])
    record(client, game)
    response = client.post(
        reverse("login"),
        {"username": "bongani", "password": "pw-for-tests-1", "next": f"/games/{game.pk}/"},
    )
    assert response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.owner == user and game.deals.count() == 1
    seated = [seat.player for seat in game.seats.all()]
    own_players = {seat.player.name: seat.player for seat in own.seats.all()}
    assert seated[0] == own_players["Asha"]  # one Asha, whatever the case typed
    assert seated[2].name == "Gugu" and seated[2].owner == user
    assert Player.objects.filter(owner=user).count() == 5
    assert Holder.objects.get().claimed_how == "login"
    assert client.get(reverse("game", args=[game.pk])).status_code == 200


def test_after_the_move_the_private_link_asks_to_log_in(client):
    game = start_thunee(client)
    link = str(client.get(reverse("game", args=[game.pk])).context["visitor_link"])
    client.post(reverse("signup"), {"username": "asha", "password1": "a long pass phrase"})
    stranger = Client()
    response = stranger.get(f"{link}?game={game.pk}")
    assert response.status_code == 410
    assert f"/login/?next=/games/{game.pk}/" in response.content.decode()
    assert stranger.get(reverse("game", args=[game.pk])).status_code == 302


def test_a_logged_in_person_takes_a_private_links_games_after_a_tap(client, factory):
    game = start_thunee(client)
    link = str(client.get(reverse("game", args=[game.pk])).context["visitor_link"])
    person = Client()
    user = factory.make_user("dev")
    person.force_login(user)
    page = person.get(link)
    assert page.status_code == 200 and "Add to my account" in page.content.decode()
    assert Game.objects.get(pk=game.pk).owner != user  # a GET changes nothing
    person.post(f"{link}?game={game.pk}")
    assert Game.objects.get(pk=game.pk).owner == user
    assert Holder.objects.get().claimed_how == "link"


def test_a_visitors_games_are_limited_and_told(client, monkeypatch):
    monkeypatch.setattr(holders, "GAMES_PER_VISITOR", 2)
    start_thunee(client)
    start_thunee(client)
    data = {"game": "thunee", "mode": "4p", "first_dealer": 0}
    data.update({f"player_{i}": n for i, n in enumerate(NAMES)})
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 200
    assert "keeps 2 games without an account, the most it may" in response.content.decode()
    assert 'value="Bongani"' in response.content.decode()  # the input kept
    assert Game.objects.count() == 2


def test_new_visitors_from_one_address_are_limited(monkeypatch):
    monkeypatch.setattr(holders, "HOLDERS_PER_ADDRESS", 2)
    for _ in range(2):
        start_thunee(Client())
    data = {"game": "thunee", "mode": "4p", "first_dealer": 0}
    data.update({f"player_{i}": n for i, n in enumerate(NAMES)})
    response = Client().post(reverse("game_new"), data)
    assert "Too many games were started without an account" in response.content.decode()
    assert Holder.objects.count() == 2


def test_a_stand_in_cannot_log_in_nor_be_given_a_game(client, factory):
    game = start_thunee(client)
    stand_in = Holder.objects.get().account
    assert " " in stand_in.username  # no one can sign up with it
    other = Client()
    assert not other.login(username=stand_in.username, password="")
    owner = factory.make_user("owner")
    other.force_login(owner)
    own = factory.make_game(owner)
    response = other.post(
        reverse("game_person_add", args=[own.pk]),
        {"username": stand_in.username, "role": "scorekeeper"},
    )
    assert "Nobody has the username" in response.content.decode()
    assert not own.roles.exists() and game.owner == stand_in


def test_a_visitors_refused_import_leaves_no_holder(client):
    response = client.post(reverse("game_import"), {"text": '{"game": "thunee"}'})
    assert "Refused, nothing was stored" in response.content.decode()
    assert not Holder.objects.exists() and not get_user_model().objects.exists()


def test_a_visitor_imports_a_game_log(client, factory):
    source = factory.make_game()
    factory.normal_deal(source)
    log = Client()
    log.force_login(source.owner)
    text = log.get(reverse("game_export", args=[source.pk])).content.decode()
    response = client.post(reverse("game_import"), {"text": text})
    assert response.status_code == 302
    game = Game.objects.exclude(pk=source.pk).get()
    assert game.owner == Holder.objects.get().account and game.deals.count() == 1


def test_a_visitors_poll_answers_unchanged_then_changes(client):
    game = start_thunee(client)
    page = client.get(reverse("game", args=[game.pk]))
    stamp = page.context["stamp"]
    live = reverse("game_live", args=[game.pk])
    assert client.get(live, {"v": stamp}, **HTMX).status_code == 204
    record(client, game)
    assert client.get(live, {"v": stamp}, **HTMX).status_code == 200
    assert Client().get(live, {"v": stamp}, **HTMX).status_code == 401


NAME = st.sampled_from(["Asha", "asha", "ASHA", "Bongani", "Chetan", "Dev", "Eve", "Femi", "Gugu"])


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    visiting=st.lists(NAME, min_size=4, max_size=4, unique_by=str.casefold),
    own=st.lists(NAME, min_size=4, max_size=4, unique_by=str.casefold),
)
def test_handing_over_keeps_every_seat_and_one_player_per_name(factory, visiting, own):
    """Whatever names the visitor's game and the account's own game have: after the move every
    seat holds a player of the name it had, the account has one player per name (case-blind),
    and the stand-in has none left."""
    with transaction.atomic():
        user = factory.make_user()
        services.create_game(owner=user, game="spades", players=own)
        holder = Holder.objects.create(
            token_hash=uuid.uuid4().hex, link_hash=uuid.uuid4().hex, account=factory.make_user()
        )
        game = services.create_game(owner=holder.account, game="spades", players=visiting)
        assert handover.hand_over(holder, user, "login") == [game.pk]
        seated = [seat.player for seat in Game.objects.get(pk=game.pk).seats.all()]
        assert [p.name.casefold() for p in seated] == [n.casefold() for n in visiting]
        assert all(p.owner_id == user.pk for p in seated)
        names = list(Player.objects.filter(owner=user).values_list("name", flat=True))
        assert sorted(n.casefold() for n in names) == sorted({n.casefold() for n in visiting + own})
        assert not Player.objects.filter(owner=holder.account).exists()
        assert handover.hand_over(holder, user, "login") == []  # once
        transaction.set_rollback(True)


def test_an_entry_made_as_the_visitor_is_taken_from_the_person_they_became(client):
    """A save carrying the visitor's tag (made before signing up, sent after) is the person's:
    taken; another person's tag is still refused."""
    game = start_thunee(client)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    visitor_tag = re.search(r'<meta name="phone-owner" content="(\w+)"', page)[1]
    client.post(reverse("signup"), {"username": "asha", "password1": "a long pass phrase"})
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f'data-was="{visitor_tag}"' in page  # the phone takes its kept entries over
    game.refresh_from_db()
    maker = (game.state_cache["dealer"] + 1) % 4
    data = {"kind": "normal", "call": 0, "token": str(uuid.uuid4()), "maker": visitor_tag}
    data.update(trump_maker=maker, last_trick=maker, counting_points=130)
    client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert Game.objects.get(pk=game.pk).deals.count() == 1
    data.update(token=str(uuid.uuid4()), maker="f" * 32)
    client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert Game.objects.get(pk=game.pk).deals.count() == 1  # someone else's: refused


def _file_of_games(count: int) -> str:
    from scorekeeper.transfer.bundle import FORMAT
    from tests.support.logs import fixture_log

    item = {"played_on": "2026-03-05", "friendly": False, "log": fixture_log("spades")}
    return json.dumps({"format": FORMAT, "version": 1, "games": [item] * count})


def test_a_visitors_first_import_is_held_to_the_games_limit(client, monkeypatch):
    """A browser holding nothing yet (no holder cookie) may not import more than a visitor
    may keep: its games are counted before anything is stored."""
    monkeypatch.setattr(holders, "GAMES_PER_VISITOR", 2)
    page = client.post(reverse("game_import"), {"text": _file_of_games(3)})
    assert "keeps 2 games without an account, the most it may" in page.content.decode()
    assert Game.objects.count() == 0 and Holder.objects.count() == 0
    client.post(reverse("game_import"), {"text": _file_of_games(2)})
    assert Game.objects.count() == 2


def test_a_halls_phones_behind_one_address_may_all_start_games():
    """21 phones at one event share a public address: every one of them starts its game."""
    for _ in range(21):
        start_thunee(Client())
    assert Holder.objects.count() == 21


def test_visitors_from_one_address_keep_a_bounded_number_of_games(monkeypatch):
    """Holder after holder from one address cannot fill the database: their games of the hour
    are counted together."""
    monkeypatch.setattr(holders, "VISITOR_GAMES_PER_ADDRESS", 3)
    for _ in range(3):
        start_thunee(Client())
    data = {"game": "thunee", "mode": "4p", "first_dealer": 0}
    data.update({f"player_{i}": n for i, n in enumerate(NAMES)})
    response = Client().post(reverse("game_new"), data)
    assert "Too many games were started without an account" in response.content.decode()
    assert Game.objects.count() == 3
