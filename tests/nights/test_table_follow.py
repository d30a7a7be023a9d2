"""A table's phone follows its table through the night: on its game page and its waiting page
it is told when the table has finished, where the next round seats the table (and the phone's
holder, when the name it gave is a player's), and it opens the table's next game; never
another table's."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.nights.models import Night, Table

from .conftest import YES, logged_in, new_night_post, table_url
from .test_night_views import finish

pytestmark = pytest.mark.django_db


def started_night(club, rounds: int = 3) -> tuple[Night, Client, str]:
    admin = logged_in(club.admin)
    data = new_night_post(club.group, rounds=rounds)
    admin.post(reverse("night_new", args=[club.group.pk]), data)
    night = Night.objects.get()
    admin.post(reverse("night_start", args=[night.pk]))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    return night, admin, table_url(page, 1)


def phone_at(url: str, name: str) -> Client:
    phone = Client()
    phone.post(url, {"name": name})
    assert phone.get(url).status_code == 302  # to the table's game
    return phone


def follow_url(url: str) -> str:
    return url.rstrip("/") + "/next/"


def state(response) -> str:
    text = response.content.decode()
    return text.split('data-state="', 1)[1].split('"', 1)[0]


def test_the_game_page_of_a_table_phone_asks_where_its_table_goes_next(club):
    night, _admin, one = started_night(club)
    phone = phone_at(one, "Phone")
    game = Table.objects.get(number=1).game
    page = phone.get(reverse("game", args=[game.pk])).content.decode()
    assert f'hx-get="{follow_url(one).split("testserver")[1]}?game={game.pk}"' in page
    assert "New game" not in page  # a phone without an account cannot start one
    answer = phone.get(follow_url(one), {"game": game.pk})
    assert answer.status_code == 200 and state(answer) == "playing"
    # While nothing changes, the poll answers 204.
    stamp = answer.content.decode().split("v=", 1)[1].split("&", 1)[0]
    again = phone.get(follow_url(one), {"game": game.pk, "v": stamp})
    assert again.status_code == 204
    # A signed-in scorekeeper's page of the same game has no such poll.
    admin_page = logged_in(club.admin).get(reverse("game", args=[game.pk])).content.decode()
    assert "table-follow" not in admin_page


def test_the_phone_follows_its_table_into_the_next_round(club, factory):
    night, admin, one = started_night(club)
    first = {t.number: t.game for t in Table.objects.all()}
    holder = night.round_set.get().tables[1][0]  # the phone's holder sits at table 2
    phone = phone_at(one, holder.upper())
    finish(first[1], factory)
    answer = phone.get(follow_url(one), {"game": first[1].pk})
    assert state(answer) == "finished"
    assert "1 of 2" in answer.content.decode()
    # The waiting page: this table is done, the other still plays; the final score stays open.
    waiting = phone.get(one)
    assert waiting.status_code == 200 and "has finished round 1" in waiting.content.decode()
    assert phone.get(reverse("game", args=[first[1].pk])).status_code == 200
    finish(first[2], factory)
    drawn = phone.get(follow_url(one), {"game": first[1].pk})
    text = drawn.content.decode()
    assert state(drawn) == "drawn" and "Round 2 is drawn" in text
    seats = night.round_set.get(number=2).tables
    assert all(name in text for name in seats[0])
    where = next((n for n, names in enumerate(seats, 1) if holder in names), 0)
    if where == 1:
        assert "sit at this table" in text
    elif where:
        assert f"sit at table {where} in round 2" in text
    else:
        assert "sit out round 2" in text
    # Round 2 starts: the waiting page's poll sends the phone to the table's new game.
    admin.post(reverse("night_start", args=[night.pk]))
    second = Table.objects.get(round__number=2, number=1).game
    ready = phone.get(follow_url(one), {"game": first[1].pk})
    assert state(ready) == "ready" and "Open table 1" in ready.content.decode()
    redirect = phone.get(follow_url(one), headers={"HX-Request": "true"})
    assert redirect["HX-Redirect"] == one.split("testserver")[1]
    opened = phone.get(one)
    assert opened.status_code == 302 and opened["Location"] == reverse("game", args=[second.pk])
    assert phone.get(opened["Location"]).status_code == 200
    # Never another table's game.
    other = Table.objects.get(round__number=2, number=2).game
    assert phone.get(reverse("game", args=[other.pk])).status_code == 302


def test_a_revoked_link_or_the_nights_end_is_said_and_a_revoked_links_poll_stops(club):
    night, admin, one = started_night(club)
    phone = phone_at(one, "Phone")
    game = Table.objects.get(number=1).game
    admin.post(reverse("night_link_renew", args=[night.pk, 1]), YES)
    gone = phone.get(follow_url(one))
    assert state(gone) == "gone" and "hx-get" not in gone.content.decode()
    assert "This phone is no longer table 1's" in gone.content.decode()
    assert "has a new card" in gone.content.decode()
    assert 'id="deal-form" hx-swap-oob' not in gone.content.decode()  # a waiting page: no form
    # On the game page: why, and the form, undo and bids go at once (nothing would be kept).
    on_page = phone.get(follow_url(one), {"game": game.pk}).content.decode()
    assert "Ask the organiser for the table's new card" in on_page
    for part in ('id="deal-form" hx-swap-oob', 'id="undo" hx-swap-oob'):
        assert part in on_page
    assert phone.get("/table/not-a-token/next/").status_code == 404
    two = table_url(admin.get(reverse("night", args=[night.pk])).content.decode(), 2)
    other = phone_at(two, "P2")
    admin.post(reverse("night_end", args=[night.pk]), YES)
    over = other.get(follow_url(two))
    assert state(over) == "gone" and "The night is over" in over.content.decode()


@pytest.mark.parametrize("game", ["x", "-1", "1e3", "²", "9" * 40, ""])
def test_a_tampered_poll_is_no_server_error(club, game):
    _night, _admin, one = started_night(club)
    phone = phone_at(one, "Phone")
    answer = phone.get(follow_url(one), {"game": game, "v": "<script>"})
    assert answer.status_code == 200


def test_a_round_ended_early_closes_the_phones_game_and_shows_the_way_to_its_table(club):
    night, admin, one = started_night(club)
    phone = phone_at(one, "Asha")
    game = Table.objects.get(number=1).game
    answer = phone.get(follow_url(one), {"game": game.pk})
    assert state(answer) == "playing"
    assert 'data-testid="table-closed"' not in answer.content.decode()
    admin.post(reverse("night_end_round", args=[night.pk]), YES)
    # The page still holds its form: it is told to load again (read-only now).
    reload = phone.get(follow_url(one), {"game": game.pk})
    assert reload["HX-Refresh"] == "true" and state(reload) == "drawn"
    page = phone.get(reverse("game", args=[game.pk])).content.decode()
    assert 'id="deal-form"' not in page and f"?game={game.pk}&amp;ro=1" in page
    note = phone.get(follow_url(one), {"game": game.pk, "ro": "1"})
    text = note.content.decode()
    assert note.status_code == 200 and state(note) == "drawn"
    assert 'data-testid="table-closed"' in text and "round has ended" in text
    assert f'href="{one.split("testserver")[1]}"' in text  # the way to the table's page
    assert "ro=1" in text.split('hx-get="', 1)[1].split('"', 1)[0]  # kept in the next polls
    # Its waiting page has nothing closed to say.
    waiting = phone.get(follow_url(one))
    assert 'data-testid="table-closed"' not in waiting.content.decode()


def test_the_nights_end_taken_back_brings_the_phones_game_page_back_with_its_form(club):
    """The night over, the phone's note goes on asking (204 while it stays over), and its
    stream's stamp still reads the link: the end taken back, the page loads again."""
    from scorekeeper.streams.stamps import table_follows

    night, admin, one = started_night(club)
    phone = phone_at(one, "Phone")
    game = Table.objects.get(number=1).game
    token = one.rstrip("/").rsplit("/", 1)[1]
    playing = table_follows([token])[token]
    admin.post(reverse("night_end", args=[night.pk]), YES)
    over = phone.get(follow_url(one), {"game": game.pk})
    text = over.content.decode()
    assert state(over) == "gone" and "The night is over" in text
    asked = re.search(r'hx-get="([^"]+)"', text)
    assert asked, "the note of a night over asks on"
    again = asked[1].replace("&amp;", "&")
    assert "ro=1" in again and f"game={game.pk}" in again
    assert phone.get(again).status_code == 204  # still over: nothing to say
    ended = table_follows([token]).get(token)
    assert ended and ended != playing  # followed on, and told of the end
    admin.post(reverse("night_take_back", args=[night.pk]), {"end": "night-1"})
    assert table_follows([token])[token] not in (playing, ended)
    back = phone.get(again)
    assert back.status_code == 200 and back["HX-Refresh"] == "true"
    page = phone.get(reverse("game", args=[game.pk])).content.decode()
    assert 'id="deal-form"' in page
