"""The live table through Django's test client: the poll answers 204 from one query while
nothing changed, and the page's live parts once something did; a scorekeeper's half-entered deal
is never swapped away; the page says who changed the game last; the log shows every edit and
undo with who, when, before → after."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games.models import Game, GameRole, ShareLink

from .conftest import HTMX, bids_post, play_deal, tricks_post

pytestmark = pytest.mark.django_db


def poll_url(html: str) -> str:
    """The poll the page would send next (its URL carries the page's stamp)."""
    found = re.search(r'id="live-poll" hx-get="([^"]+)"', html)
    assert found, "no poll on the page"
    return found[1].replace("&amp;", "&")


def test_an_unchanged_game_answers_204_from_one_query(table, client):
    link = ShareLink.objects.create(game=table.game, kind="watch")
    page = client.get(reverse("watch", args=[link.token])).content.decode()
    url = poll_url(page)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **HTMX)
    assert response.status_code == 204 and response.content == b""
    assert len(queries) == 1  # the link and its game's stamp; no session, no replay

    client.force_login(table.people["spectator"])
    url = poll_url(client.get(reverse("game", args=[table.game.pk])).content.decode())
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **HTMX)
    assert response.status_code == 204
    assert len(queries) == 1  # the game with this person's access to it; no session lookup

    # The ticket is this person's at this game in this session, and worth nothing elsewhere.
    other = Client()
    other.force_login(table.people["stranger"])
    assert other.get(url, **HTMX).status_code == 404  # another session: the ordinary way
    anonymous = Client()
    response = anonymous.get(url, **HTMX)
    assert response.status_code == 401 and 'href="/login/?next=' in response.content.decode()
    forged = re.sub(r"t=[^&]+", "t=1.2.3:forged", url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(forged, **HTMX).status_code == 204
    assert len(queries) == 3  # a forged ticket: the session, the user, then the same answer


def test_a_person_taken_off_the_game_gets_no_204(table, client):
    client.force_login(table.people["spectator"])
    url = poll_url(client.get(reverse("game", args=[table.game.pk])).content.decode())
    assert client.get(url, **HTMX).status_code == 204
    GameRole.objects.filter(user=table.people["spectator"]).delete()
    assert client.get(url, **HTMX).status_code == 404
    client.logout()
    assert client.get(url, **HTMX).status_code == 401


def test_a_recorded_deal_reaches_a_spectator_with_who_and_when(table, client):
    link = ShareLink.objects.create(game=table.game, kind="watch")
    url = poll_url(client.get(reverse("watch", args=[link.token])).content.decode())
    keeper = client_for(table.people["scorekeeper"])
    play_deal(keeper, table.game, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))

    response = client.get(url, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div id="main" hx-swap-oob="true">' in html  # the top of the page, read-only
    assert 'id="deal-form"' not in html and "Undo deal" not in html
    assert '<ol id="log-list" class="log-list" reversed hx-swap-oob="true">' in html
    assert 'id="deal-2"' in html and 'id="deal-1"' in html
    assert "Deal 2 recorded by scorekeeper" in html
    assert '<div id="game-chart" hx-swap-oob="true">' in html  # the score chart, redrawn
    assert html.count('<figure class="chart"') == 1
    assert f"/games/{table.game.pk}/" not in html  # still nothing by the game's id
    assert client.get(poll_url(html), **HTMX).status_code == 204  # the new stamp is current


def test_an_undo_and_an_edit_show_in_the_log_with_before_and_after(table, client):
    client.force_login(table.people["spectator"])
    url = poll_url(client.get(reverse("game", args=[table.game.pk])).content.decode())
    owner = client_for(table.people["owner"])
    deal = table.game.deals.get().facts
    response = owner.post(
        reverse("deal_edit", args=[table.game.pk, 1]), {**bids_post(), **tricks_post((2, 2, 3, 0))}
    )
    assert response.status_code == 302

    html = client.get(url, **HTMX).content.decode()
    assert "Deal 1 edited by owner" in html
    history = html[html.index('id="history"') :]
    assert "1 edit or undo" in history
    tricks = re.search(r"tricks:</span> <del>(.*?)</del> → <ins>(.*?)</ins>", history)
    names = table.game.setup["players"]
    before = ", ".join(f"{name} {n}" for name, n in zip(names, deal["tricks"], strict=True))
    assert tricks and tricks[1] == before  # each player's tricks by name, not a list of numbers
    assert tricks[2] == ", ".join(
        f"{name} {n}" for name, n in zip(names, (2, 2, 3, 0), strict=True)
    )

    url = poll_url(html)
    owner.post(reverse("deal_undo", args=[table.game.pk]), {"number": 1}, **HTMX)
    html = client.get(url, **HTMX).content.decode()
    assert "Deal 1 undone by owner" in html
    assert "2 edits and undos" in html
    assert 'id="deal-1"' not in html[html.index('id="log-list"') :]


def test_a_keepers_half_entered_deal_is_not_swapped_away(table, client):
    client.force_login(table.people["scorekeeper"])
    url = poll_url(client.get(reverse("game", args=[table.game.pk])).content.decode())
    owner = client_for(table.people["owner"])
    play_deal(owner, table.game, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))

    clean = client.get(url, **HTMX).content.decode()  # nothing typed: a fresh form
    assert '<div id="main" hx-swap-oob="true">' in clean and 'id="deal-form"' in clean
    chart_url = f'hx-get="/games/{table.game.pk}/chart/" hx-trigger="log-changed from:body"'
    assert f'<div id="game-chart" hx-swap-oob="true" {chart_url}' in clean  # still listens
    assert "live-note" not in clean

    dirty = client.get(url + "&dirty=1", **HTMX).content.decode()  # the form holds input
    assert 'id="main"' not in dirty and 'id="deal-form"' not in dirty
    assert '<section id="board"' in dirty and 'hx-swap-oob="true"' in dirty
    assert 'id="undo" hx-swap-oob="true"' in dirty
    assert 'data-testid="live-note"' in dirty  # someone else changed it: say so


def test_no_note_for_the_keepers_own_change(table, client):
    client.force_login(table.people["owner"])
    url = poll_url(client.get(reverse("game", args=[table.game.pk])).content.decode())
    response = play_deal(client, table.game, bids=(0, 1, 2, 1), tricks=(0, 1, 2, 4))
    assert response.status_code == 200
    # The answer to the save carries the new stamp: the next poll is a 204, not a re-render.
    assert client.get(poll_url(response.content.decode()), **HTMX).status_code == 204
    assert "live-note" not in client.get(url + "&dirty=1", **HTMX).content.decode()


def test_a_finished_game_stops_the_polls_once_it_is_quiet(table, client):
    client.force_login(table.people["owner"])
    Game.objects.filter(pk=table.game.pk).update(finished=True)
    url = poll_url(client.get(reverse("game", args=[table.game.pk])).content.decode())
    assert client.get(url, **HTMX).status_code == 204  # just finished: an undo may follow
    game = Game.objects.get(pk=table.game.pk)
    Game.objects.filter(pk=game.pk).update(updated_at=game.updated_at - timedelta(hours=1))
    game.refresh_from_db()
    stale = url.split("?")[0] + f"?v={game.version}.{int(game.updated_at.timestamp() * 1e6)}"
    assert client.get(stale, **HTMX).status_code == 286  # htmx stops polling
    assert 'id="live-poll"' not in client.get(reverse("game", args=[game.pk])).content.decode()


def test_a_revoked_link_stops_the_live_page(table, client):
    link = ShareLink.objects.create(game=table.game, kind="watch")
    url = poll_url(client.get(reverse("watch", args=[link.token])).content.decode())
    client_for(table.people["owner"]).post(
        reverse("share_link_revoke", args=[table.game.pk, "watch"])
    )
    assert client.get(url, **HTMX).status_code == 404


def test_the_game_page_says_who_recorded_the_last_deal(table, client):
    client.force_login(table.people["member"])
    html = client.get(reverse("game", args=[table.game.pk])).content.decode()
    assert re.search(r'data-testid="last-change">Deal 1 recorded by owner · <time', html)


def client_for(user):
    c = Client()
    c.force_login(user)
    return c


def test_bids_taken_back_reach_a_spectator(table, client):
    link = ShareLink.objects.create(game=table.game, kind="watch")
    keeper = client_for(table.people["scorekeeper"])
    keeper.post(reverse("deal_open", args=[table.game.pk]), bids_post((2, 2, 2, 2)), **HTMX)
    page = client.get(reverse("watch", args=[link.token])).content.decode()
    assert "Change the bids" not in page and "bid 2" in page.lower()
    url = poll_url(page)
    assert client.get(url, **HTMX).status_code == 204

    keeper.post(reverse("deal_reopen", args=[table.game.pk]), **HTMX)

    response = client.get(url, **HTMX)
    assert response.status_code == 200  # not a 204: the watching phone fetches the page
    assert 'class="opening"' not in response.content.decode()
    assert client.get(poll_url(response.content.decode()), **HTMX).status_code == 204


def test_a_page_whose_person_logged_out_stops_polling_and_says_so(table, client):
    keeper = client_for(table.people["scorekeeper"])
    url = poll_url(keeper.get(reverse("game", args=[table.game.pk])).content.decode())
    keeper.logout()
    response = keeper.get(url, **HTMX)
    assert response.status_code == 401  # live.js puts this note where the poll was
    html = response.content.decode()
    assert 'data-testid="logged-out"' in html
    assert f'href="/login/?next=/games/{table.game.pk}/"' in html
    assert keeper.get(url).status_code == 302  # opened as a page: the ordinary log-in
