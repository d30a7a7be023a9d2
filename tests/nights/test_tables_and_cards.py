"""Table sizes the organiser chooses within the game's range (and other modes mixed in where
they seat more people), said before the draw; cards that last the night (links made when a
round is drawn, a card per table without its seats, the site's public address, a warning for
a loopback one); the big screen's phases; deal numbers and levels the same everywhere; the
night list."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from scorekeeper.nights import presenters
from scorekeeper.nights.models import Night, Table

from .conftest import YES, logged_in, new_night_post, table_url

pytestmark = pytest.mark.django_db


def night_of(club, names, **over) -> tuple[Night, Client]:
    admin = logged_in(club.admin)
    game = over.get("game", "thunee")
    data = new_night_post(club.group, present=[], guests=names, **over)
    if not over.get("mode", "4p"):
        del data["mode"]
    url = f"{reverse('night_new', args=[club.group.pk])}?game={game}"
    response = admin.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Night.objects.latest("pk"), admin


NAMES = [f"P{i:02d}" for i in range(24)]


@pytest.mark.parametrize(
    ("over", "count", "sizes", "out"),
    [
        ({"game": "zhao-pengyou", "mode": ""}, 11, [6, 5], 0),  # the best tables: 5 to 7
        ({"game": "zhao-pengyou", "mode": "", "sizes": ["11"]}, 11, [11], 0),
        ({"game": "zhao-pengyou", "mode": "", "sizes": ["5", "6"]}, 11, [6, 5], 0),
        ({"game": "zhao-pengyou", "mode": "", "sizes": ["5", "6"]}, 24, [6, 6, 6, 6], 0),
        ({"game": "thunee", "mode": "6p"}, 16, [6, 6], 4),
        ({"game": "thunee", "mode": "6p", "mixed_modes": ["4p"]}, 16, [6, 6, 4], 0),
        ({"game": "thunee", "mode": "4p", "mixed_modes": ["6p"]}, 10, [6, 4], 0),
        ({"game": "thunee", "mode": "4p", "mixed_modes": ["6p"]}, 16, [4, 4, 4, 4], 0),
    ],
)
def test_the_organiser_chooses_table_sizes_in_the_games_range(club, over, count, sizes, out):
    night, admin = night_of(club, NAMES[:count], **over)
    played = night.round_set.get()
    assert sorted((len(t) for t in played.tables), reverse=True) == sizes
    assert len(played.sitting_out) == out
    admin.post(reverse("night_start", args=[night.pk]))
    for table in Table.objects.filter(round=played):
        seats = len(table.game.setup["players"])
        if over["game"] == "thunee":  # each table plays the mode of its size
            assert table.game.setup["mode"] == f"{seats}p"


def test_before_the_draw_the_form_says_how_many_sit_out(club):
    admin = logged_in(club.admin)
    url = reverse("night_new", args=[club.group.pk])
    data = new_night_post(club.group, present=[], guests=NAMES[:9], preview="1")
    said = admin.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert "9 players: tables of 4, 4; 1 sits out each round, in turn." in said
    data = new_night_post(
        club.group, present=[], guests=NAMES[:11], game="zhao-pengyou", sizes=["5", "6"]
    )
    del data["mode"]
    said = admin.post(f"{url}?game=zhao-pengyou", {**data, "preview": "1"}, HTTP_HX_REQUEST="true")
    assert "11 players: tables of 6, 5; nobody sits out." in said.content.decode()
    assert not Night.objects.exists()  # only said, nothing drawn


def test_a_guest_typed_twice_is_what_the_preview_says_not_nobody(club):
    admin = logged_in(club.admin)
    url = reverse("night_new", args=[club.group.pk])
    guests = [*NAMES[:8], NAMES[0].lower()]
    data = new_night_post(club.group, present=[], guests=guests, preview="1")
    said = admin.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert f"{NAMES[0]} is on the list twice" in said
    assert "0 players" not in said


def test_links_and_cards_are_made_when_the_round_is_drawn_and_last_the_night(club):
    night, admin = night_of(club, NAMES[:8])
    assert night.links.filter(revoked_at__isnull=True).count() == 2  # before the start
    cards = admin.get(reverse("night_cards", args=[night.pk])).content.decode()
    assert 'data-testid="card-1"' in cards and 'data-testid="card-2"' in cards
    drawn = night.round_set.get()
    assert drawn.tables[0][0] not in cards  # the card serves every round: no seats on it
    url = re.search(r'data-testid="card-url-1">([^<]+)<', cards)[1]
    phone = Client()
    phone.post(url, {"name": "Phone"})
    waiting = phone.get(url)
    assert waiting.status_code == 200 and "Round 1 is drawn" in waiting.content.decode()
    admin.post(reverse("night_start", args=[night.pk]))
    opened = phone.get(url)
    assert opened.status_code == 302 and opened["Location"].startswith("/games/")
    admin.post(reverse("night_end_round", args=[night.pk]), YES)
    admin.post(reverse("night_start", args=[night.pk]))
    again = phone.get(url)  # the same card, the next round's game
    second = Table.objects.get(round__number=2, number=1).game
    assert again["Location"] == reverse("game", args=[second.pk])


@override_settings(PUBLIC_URL="https://scores.example.org")
def test_qr_codes_carry_the_sites_public_address(club):
    night, admin = night_of(club, NAMES[:8])
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert table_url(page, 1).startswith("https://scores.example.org/table/")
    assert 'data-testid="loopback"' not in page


def test_a_loopback_address_is_warned_about(club):
    night, admin = night_of(club, NAMES[:8])
    page = admin.get(reverse("night", args=[night.pk]), HTTP_HOST="127.0.0.1:8000")
    text = page.content.decode()
    assert 'data-testid="loopback"' in text and "127.0.0.1:8000" in text
    cards = admin.get(reverse("night_cards", args=[night.pk]), HTTP_HOST="localhost:8000")
    assert 'data-testid="loopback"' in cards.content.decode()
    plain = admin.get(reverse("night", args=[night.pk]), HTTP_HOST="testserver")
    assert 'data-testid="loopback"' not in plain.content.decode()


def test_the_screen_shows_a_finished_rounds_scores_before_the_next_seats(
    club, factory, monkeypatch
):
    night, admin = night_of(club, NAMES[:8])
    admin.post(reverse("night_start", args=[night.pk]))
    finals = []
    for table in Table.objects.all():
        while not table.game.finished:
            factory.normal_deal(table.game)
            table.game.refresh_from_db()
        finals.append(table.game.state_cache["balls"])
    screen = Client()
    url = reverse("night_screen", args=[night.watch_token])
    page = screen.get(url).content.decode()  # the last table just finished: round 2 drawn
    assert night.round_set.count() == 2
    assert 'data-phase="results"' in page and "final scores" in page
    assert page.count(">finished<") == 2 and "★" not in page  # the star is the CSS's
    for balls in finals:
        assert f'data-testid="score">{max(balls)}<' in page
    monkeypatch.setattr(presenters, "RESULTS_SECONDS", 0)
    page = screen.get(url).content.decode()
    assert 'data-phase="seats"' in page and "next seats" in page


def test_the_screen_says_the_target_and_the_deal_the_phone_says(club, factory):
    night, admin = night_of(club, NAMES[:8])
    admin.post(reverse("night_start", args=[night.pk]))
    game = Table.objects.get(number=1).game
    factory.normal_deal(game)
    screen = Client().get(reverse("night_screen", args=[night.watch_token])).content.decode()
    assert 'data-testid="target">to 12' in screen
    card = screen.split('data-testid="screen-table-1"', 1)[1]
    assert "deal 2" in card.split("</h2>", 1)[0]
    game_page = admin.get(reverse("game", args=[game.pk])).content.decode()
    assert "Record deal 2" in game_page


def test_zhao_pengyou_levels_are_the_same_at_the_table_and_in_the_standings(club):
    night, admin = night_of(club, NAMES[:5], game="zhao-pengyou", mode="", rounds=1)
    admin.post(reverse("night_start", args=[night.pk]))
    Night.objects.filter(pk=night.pk).update(ranking=Night.TOTALS)
    screen = Client().get(reverse("night_screen", args=[night.watch_token])).content.decode()
    scores = re.findall(r'data-testid="score">([^<]+)<', screen)
    assert scores == ["2"] * 5  # everyone at level 2
    standings = screen.split('data-testid="standings"', 1)[1]
    assert re.findall(r"<td>(\d+)</td></tr>", standings) == ["2"] * 5


def test_the_night_list_says_each_nights_game_and_state(club):
    night, admin = night_of(club, NAMES[:8], rounds=3)
    listing = admin.get(reverse("nights", args=[club.group.pk])).content.decode()
    row = listing.split(f'data-testid="night-{night.pk}"', 1)[1].split("</li>", 1)[0]
    assert "Thunee" in row and "round 1 of 3" in row and "drawn, not started" in row
    admin.post(reverse("night_start", args=[night.pk]))
    admin.post(reverse("night_end", args=[night.pk]), YES)
    listing = admin.get(reverse("nights", args=[club.group.pk])).content.decode()
    assert "over" in listing.split(f'data-testid="night-{night.pk}"', 1)[1].split("</li>")[0]


def test_the_new_night_form_starts_from_the_games_best_tables(club):
    admin = logged_in(club.admin)
    url = reverse("night_new", args=[club.group.pk])
    zp = admin.get(f"{url}?game=zhao-pengyou").content.decode()
    ticked = re.findall(r'<input[^>]*name="sizes"[^>]*value="(\d+)"[^>]*checked', zp)
    assert ticked == ["5", "6", "7"]
    thunee = admin.get(f"{url}?game=thunee").content.decode()
    mixed = re.findall(r'<input[^>]*name="mixed_modes"[^>]*value="([\w-]+)"[^>]*checked', thunee)
    assert mixed == ["4p"]  # a six-player night seats the rest at fours
