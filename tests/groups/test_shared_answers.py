"""A watch link's changed answer is rendered once per change of its game and sent to every
spectator of that link (scorekeeper/sharing/shared_answers.py): never stale, never another game's
or another language's, never one person's own, and never without the link checked first."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from scorekeeper.games.models import GameRole, ShareLink
from scorekeeper.sharing import shared_answers

from .conftest import HTMX, NAMES, play_deal
from .test_live import client_for, poll_url

pytestmark = pytest.mark.django_db

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}


def watching(game, client=None) -> tuple[ShareLink, str]:
    """A watch link of the game and the poll its page sends (the page's stamp in it)."""
    link = ShareLink.objects.create(game=game, kind="watch")
    page = (client or Client()).get(reverse("watch", args=[link.token])).content.decode()
    return link, poll_url(page)


def test_spectators_of_one_link_share_one_render_per_change(table):
    link, url = watching(table.game)
    keeper = client_for(table.people["scorekeeper"])
    play_deal(keeper, table.game, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))

    first = Client().get(url, **HTMX)
    assert first.status_code == 200 and 'id="deal-2"' in first.content.decode()
    with CaptureQueriesContext(connection) as queries:
        second = Client().get(url, **HTMX)
    assert second.status_code == 200 and second.content == first.content
    assert second["Content-Type"] == first["Content-Type"]
    assert len(queries) == 2  # the link's stamp (middleware, view): no replay, no render

    # The next deal makes a new key: the spectator still on the old stamp gets deal 3.
    play_deal(keeper, table.game, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))
    assert table.game.version == 3
    third = Client().get(url, **HTMX).content.decode()
    assert 'id="deal-3"' in third and "Deal 3 recorded by scorekeeper" in third
    assert Client().get(poll_url(third), **HTMX).status_code == 204  # its stamp is current


def test_another_games_link_never_gets_this_games_answer(table, factory):
    other = factory.make_game(table.people["owner"], game="pottle", players=NAMES[::-1])
    link, url = watching(table.game)
    other_link, other_url = watching(other)
    keeper = client_for(table.people["owner"])
    play_deal(keeper, table.game, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))
    play_deal(keeper, other, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))

    mine = Client().get(url, **HTMX).content.decode()
    theirs = Client().get(other_url, **HTMX).content.decode()
    assert f"/watch/{link.token}/" in mine and f"/watch/{other_link.token}/" not in mine
    assert f"/watch/{other_link.token}/" in theirs and f"/watch/{link.token}/" not in theirs
    assert 'id="deal-2"' in mine and 'id="deal-2"' not in theirs  # the other had one deal


def test_a_revoked_link_gets_no_kept_answer(table):
    link, url = watching(table.game)
    play_deal(client_for(table.people["owner"]), table.game, (0, 1, 2, 1), (0, 1, 2, 4))
    assert Client().get(url, **HTMX).status_code == 200  # rendered and kept
    kept = _key(link)
    assert cache.get(kept) is not None

    client_for(table.people["owner"]).post(
        reverse("share_link_revoke", args=[table.game.pk, "watch"])
    )
    assert cache.get(kept) is not None  # still kept: the check comes before it
    assert Client().get(url, **HTMX).status_code == 404


def test_each_language_gets_its_own_answer(table):
    link, url = watching(table.game)
    play_deal(client_for(table.people["owner"]), table.game, (0, 1, 2, 1), (0, 1, 2, 4))
    english = Client().get(url, **HTMX).content.decode()
    chinese = Client().get(url, **HTMX, **ZH).content.decode()
    assert "Deal 2 recorded by owner" in english and "Deal 2 recorded by owner" not in chinese
    assert chinese == Client().get(url, **HTMX, **ZH).content.decode()
    assert english == Client().get(url, **HTMX).content.decode()


def test_one_persons_message_is_not_in_the_shared_answer(table):
    link, url = watching(table.game)
    owner = client_for(table.people["owner"])
    owner.post(  # "You own this game already.", for the owner's next page
        reverse("game_person_add", args=[table.game.pk]),
        {"username": "owner", "role": GameRole.SPECTATOR},
    )
    play_deal(client_for(table.people["scorekeeper"]), table.game, (0, 1, 2, 1), (0, 1, 2, 4))

    theirs = owner.get(url, **HTMX).content.decode()  # the owner watches by the link too
    assert 'id="deal-2"' in theirs and "You own this game already" not in theirs
    anyone = Client().get(url, **HTMX).content.decode()
    assert anyone == theirs and "You own this game already" not in anyone
    page = owner.get(reverse("game", args=[table.game.pk])).content.decode()
    assert "You own this game already" in page  # kept for the owner's next page


def test_the_key_names_the_page_the_change_and_the_language(table):
    game = table.game
    at = game.updated_at
    keys = {
        shared_answers.key("watch", "a", game.version, at, False),
        shared_answers.key("watch", "b", game.version, at, False),
        shared_answers.key("game", "a", game.version, at, False),
        shared_answers.key("watch", "a", game.version + 1, at, False),
        shared_answers.key("watch", "a", game.version, at.replace(microsecond=1), False),
    }
    assert len(keys) == 5
    with translation.override("zh-hans"):
        assert shared_answers.key("watch", "a", game.version, at, False) not in keys


def _key(link: ShareLink) -> str:
    game = link.game
    game.refresh_from_db()
    return shared_answers.key("watch", link.token, game.version, game.updated_at, game.finished)


@pytest.mark.django_db(transaction=True)
def test_the_unchanged_poll_skips_the_connection_check_and_survives_a_broken_one(
    table, monkeypatch
):
    """The 204's one query is the check: no `SELECT 1` before it on a kept connection, and a
    connection that broke meanwhile costs a new one, not an error."""
    link, url = watching(table.game)
    checks: list[int] = []
    wrapper = type(connections["default"])
    monkeypatch.setattr(wrapper, "is_usable", lambda self: checks.append(1) or True)
    connection.ensure_connection()
    connection.health_check_done = False  # as a new request on a kept connection finds it
    assert Client().get(url, **HTMX).status_code == 204
    assert checks == []

    connection.connection.close()  # broken underneath, as by a restarted database server
    connection.health_check_done = False
    assert Client().get(url, **HTMX).status_code == 204
    assert Client().get(url, **HTMX).status_code == 204  # and the new connection is kept
