"""Sharing a game (watch and keep-score links with their QR codes, people by username, revoking),
groups (members, their games, players linked to accounts) and login throttling."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
import segno
from django.test import Client
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Deal, Game, GameRole, Player, ShareLink
from scorekeeper.groups.models import Group, Membership
from tests.support.logs import fixture_log

from .conftest import NAMES, play_deal

pytestmark = pytest.mark.django_db


def owner_client(table) -> Client:
    client = Client()
    client.force_login(table.people["owner"])
    return client


def test_a_watch_link_with_its_qr_code_and_revoking_it(table, client):
    owner = owner_client(table)
    share = reverse("game_share", args=[table.game.pk])
    make = reverse("share_link_make", args=[table.game.pk, "watch"])
    assert owner.post(make)["Location"] == share
    owner.post(make)  # a double tap makes no second link
    link = ShareLink.objects.get(game=table.game, revoked_at__isnull=True)
    assert link.kind == "watch"

    html = owner.get(share).content.decode()
    url = f"http://testserver/watch/{link.token}/"
    assert f'value="{url}"' in html
    qr = segno.make(url, error="m").svg_inline(scale=5, border=2, dark="#000", light="#fff")
    assert qr in html  # the QR code is of exactly this link
    assert client.get(url).status_code == 200  # anyone with it, no account

    owner.post(reverse("share_link_revoke", args=[table.game.pk, "watch"]))
    assert client.get(url).status_code == 404
    owner.post(make)
    fresh = ShareLink.objects.get(game=table.game, revoked_at__isnull=True)
    assert fresh.token != link.token and client.get(url).status_code == 404


def test_a_keep_link_makes_a_scorekeeper(table, factory, client):
    owner_client(table).post(reverse("share_link_make", args=[table.game.pk, "keep"]))
    link = ShareLink.objects.get(kind="keep")
    friend = factory.make_user("friend")
    client.force_login(friend)
    url = reverse("keep_join", args=[link.token])
    assert b"Keep score of this game" in client.get(url).content
    assert client.post(url)["Location"] == reverse("game", args=[table.game.pk])
    play_deal(client, table.game, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))
    assert Deal.objects.filter(game=table.game).count() == 2
    assert Deal.objects.get(number=2).created_by == friend


def assert_refused_at_the_username(html: str, message: str) -> None:
    field = html[html.index('name="username"') :]
    assert message in field[: field.index("</form>")]  # under the field, not a banner on top
    assert message not in html[: html.index('name="username"')]


def test_people_are_added_and_removed_by_username(table, factory, client):
    owner = owner_client(table)
    friend = factory.make_user("Friend")
    add = reverse("game_person_add", args=[table.game.pk])
    owner.post(add, {"username": "friend", "role": "scorekeeper"})
    assert GameRole.objects.get(user=friend).role == "scorekeeper"
    owner.post(add, {"username": "friend", "role": "spectator"})  # a change of role
    assert GameRole.objects.get(user=friend).role == "spectator"
    response = owner.post(add, {"username": "nobody", "role": "scorekeeper"})
    assert response.status_code == 200  # the page again: the message at the field, input kept
    assert_refused_at_the_username(response.content.decode(), "Nobody has the username nobody.")
    assert 'value="nobody"' in response.content.decode()
    assert re.search(r'value="scorekeeper"[^>]* checked', response.content.decode())
    client.force_login(friend)
    assert client.get(reverse("game", args=[table.game.pk])).status_code == 200
    owner.post(reverse("game_person_remove", args=[table.game.pk, friend.pk]))
    assert client.get(reverse("game", args=[table.game.pk])).status_code == 404


def test_a_group_its_members_and_a_game_for_it(client, factory):
    asha, dev = factory.make_user("asha"), factory.make_user("dev")
    client.force_login(asha)
    response = client.post(reverse("groups"), {"name": "Friday table"})
    group = Group.objects.get()
    assert response["Location"] == reverse("group", args=[group.pk])
    assert Membership.objects.get(user=asha).role == "admin"
    client.post(reverse("group_member_add", args=[group.pk]), {"username": "dev", "role": "member"})
    again = client.post(reverse("group_member_add", args=[group.pk]), {"username": "Dev"})
    assert again.status_code == 200 and 'value="Dev"' in again.content.decode()
    assert_refused_at_the_username(again.content.decode(), "dev is in the group already.")

    data = {"game": "thunee", "mode": "4p", "first_dealer": 0, "group": group.pk}
    data.update({f"player_{i}": n for i, n in enumerate(NAMES)})
    client.post(reverse("game_new"), data)
    game = Game.objects.get()
    assert game.group == group
    assert {p.group_id for p in Player.objects.all()} == {group.pk}  # the group's players

    client.force_login(dev)  # a member sees the group's game, may start one, cannot keep it
    assert client.get(reverse("home")).context["rows"][0]["game"] == game
    assert b"Friday table" in client.get(reverse("group", args=[group.pk])).content
    assert client.get(reverse("game", args=[game.pk])).status_code == 200
    assert client.post(reverse("deal_undo", args=[game.pk])).status_code == 403
    client.post(reverse("game_new"), data)  # the same names: the same players of the group
    assert Game.objects.filter(group=group).count() == 2 and Player.objects.count() == 4

    stranger = factory.make_user("stranger")
    client.force_login(stranger)
    client.post(reverse("game_new"), data)  # not their group: refused at the field
    assert Game.objects.count() == 2


def test_a_player_is_linked_to_a_members_account(table, client):
    client.force_login(table.people["admin"])
    player = table.game.seats.first().player
    Player.objects.filter(pk=player.pk).update(group=table.group)
    url = reverse("group_player_link", args=[table.group.pk, player.pk])
    client.post(url, {"user": table.people["member"].pk})
    player.refresh_from_db()
    assert player.user == table.people["member"]
    assert client.post(url, {"user": table.people["stranger"].pk}).status_code == 404
    client.post(url, {"user": ""})
    player.refresh_from_db()
    assert player.user is None


def test_the_last_admin_cannot_leave(client, factory):
    asha = factory.make_user("asha")
    client.force_login(asha)
    client.post(reverse("groups"), {"name": "Friday table"})
    group = Group.objects.get()
    response = client.post(reverse("group_member_remove", args=[group.pk, asha.pk]), follow=True)
    assert "A group needs an admin" in response.content.decode()
    assert Membership.objects.filter(group=group).count() == 1


# ---- login throttling (django-axes) ------------------------------------------------------------


def login(client, username, password):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_logins_are_throttled_after_five_wrong_passwords(client, factory, settings):
    factory.make_user("asha", password="right-password-1")
    factory.make_user("dev", password="right-password-2")
    for _ in range(4):
        assert login(client, "asha", "wrong").status_code == 200  # the form again
    response = login(client, "asha", "wrong")
    assert response.status_code == 429
    assert "Too many tries" in response.content.decode()
    assert login(client, "asha", "right-password-1").status_code == 429  # even the right one
    assert "_auth_user_id" not in client.session
    assert login(client, "dev", "right-password-2").status_code == 302  # others are not locked


def test_a_right_password_resets_the_count(client, factory):
    factory.make_user("asha", password="right-password-1")
    for _ in range(4):
        login(client, "asha", "wrong")
    assert login(client, "asha", "right-password-1").status_code == 302
    client.logout()
    for _ in range(4):
        assert login(client, "asha", "wrong").status_code == 200


def test_the_test_clients_logins_still_work(client, factory):
    user = factory.make_user("asha", password="right-password-1")
    assert client.login(username="asha", password="right-password-1")
    assert client.get(reverse("home")).status_code == 200
    client.logout()
    client.force_login(user)
    assert client.get(reverse("home")).status_code == 200


def test_a_locked_out_address_is_the_callers_own(rf, monkeypatch):
    from scorekeeper.accounts.login_throttle import client_ip

    request = rf.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9")
    assert client_ip(request) == "10.0.0.1"  # facing the internet: a header is not believed
    monkeypatch.setenv("TRUSTED_PROXIES", "1")
    assert client_ip(request) == "203.0.113.9"  # what our one proxy saw, not what was sent


def test_the_share_page_names_the_game_and_its_people(table):
    html = owner_client(table).get(reverse("game_share", args=[table.game.pk])).content.decode()
    assert "Asha, Bongani, Chetan, Dev" in html
    assert "Everyone in Friday table sees this game." in html
    people = re.findall(r"<li><strong>(\w+)</strong> · (\w+)", html)
    assert people == [("scorekeeper", "scorekeeper"), ("spectator", "spectator")]


def test_signing_up_logs_in_with_the_throttle_installed(client):
    data = {"username": "newcomer", "password1": "Thunee-at-42!", "password2": "Thunee-at-42!"}
    assert client.post(reverse("signup"), data)["Location"] == reverse("home")
    assert client.get(reverse("home")).status_code == 200


def test_a_newcomer_from_a_keep_link_signs_up_and_comes_back_to_it(table, client):
    link = ShareLink.objects.create(game=table.game, kind="keep")
    keep = reverse("keep_join", args=[link.token])
    login_page = client.get(client.get(keep)["Location"]).content.decode()
    signup = f"{reverse('signup')}?next={quote(keep)}"
    assert f'href="{signup}"' in login_page  # "Create an account" keeps where they were going
    page = client.get(signup).content.decode()
    assert f'<input type="hidden" name="next" value="{keep}">' in page
    data = {"username": "farah", "password1": "Thunee-at-42!", "password2": "Thunee-at-42!"}
    assert client.post(signup, {**data, "next": keep})["Location"] == keep
    assert client.get(keep).status_code == 200  # the keep-score page, now logged in

    other = Client()  # somewhere else entirely: home instead
    data = {**data, "username": "gita", "next": "https://evil.example/"}
    assert other.post(reverse("signup"), data)["Location"] == reverse("home")


def test_a_finished_group_games_new_game_link_stays_at_the_groups_table(table):
    finished = services.import_game(fixture_log("zhao-pengyou"), owner=table.game.owner)
    Game.objects.filter(pk=finished.pk).update(group=table.group)
    html = owner_client(table).get(reverse("game", args=[finished.pk])).content.decode()
    link = f"{reverse('game_new')}?game=zhao-pengyou&amp;group={table.group.pk}"
    assert f'href="{link}"' in html
    new_page = owner_client(table).get(link.replace("&amp;", "&")).content.decode()
    assert re.search(rf'<option value="{table.group.pk}" selected>', new_page)
