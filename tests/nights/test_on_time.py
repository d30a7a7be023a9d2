"""Rounds on a clock and tables stopped before their end: each game's rules core says who leads
(`GameRules.leads` and `leaders`, through the registry); a table whose round ends first is won by
the side ahead, drawn when level, and marked "ended on time"; the countdown shows on the
organiser's page, the big screen and the phones."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.core.game import Lead
from scorekeeper.nights.models import Night, Round, Table
from scorekeeper.nights.standings import standings

from .conftest import YES, logged_in, new_night_post, table_url

pytestmark = pytest.mark.django_db


def setup_of(key: str, players: int, **envelope):
    rules = registry.game(key).rules
    env = {"players": [f"P{i}" for i in range(players)], "first_dealer": 0, **envelope}
    setup = rules.setup(env)
    return rules, setup


class Fixed:
    """The default `leaders` over given leads: what the games share."""

    def __init__(self, leads):
        self._leads = leads

    def leads(self, setup, state):
        return self._leads


@given(st.lists(st.integers(min_value=-50, max_value=50), min_size=2, max_size=12))
def test_the_leaders_are_the_sides_at_the_top_and_all_level_is_nobody(figures):
    from scorekeeper.core.game import GameRules

    leads = [Lead((i,), figure) for i, figure in enumerate(figures)]
    ahead = GameRules.leaders(Fixed(leads), None, None)
    top = max(figures)
    if figures.count(top) == len(figures):
        assert ahead == ()
    else:
        assert ahead == tuple((i,) for i, f in enumerate(figures) if f == top)


def test_each_game_says_who_leads_in_its_own_measure(factory):
    # Thunee: balls; the team ahead leads.
    game = factory.make_game()
    factory.normal_deal(game)
    rules, setup = setup_of("thunee", 4, mode="4p")
    from scorekeeper.games.services import state_from_cache

    state = state_from_cache(game, setup)
    ahead = rules.leaders(setup, state)
    assert len(ahead) == 1 and rules.target(setup, state) == 12
    # Zhao Pengyou: a level as its number, "2" is 2: the figure the table shows.
    zp, zsetup = setup_of("zhao-pengyou", 5)
    zstate = zp.initial_state(zsetup)
    assert [lead.figure for lead in zp.leads(zsetup, zstate)] == [2] * 5
    assert zp.leaders(zsetup, zstate) == () and zp.target(zsetup, zstate) == "past A"
    # Spades plays to its house rule's target; Pottle to none (it is open-ended).
    spades, ssetup = setup_of("spades", 4, house_rules={"target": 300})
    assert spades.target(ssetup, spades.initial_state(ssetup)) == 300
    pottle, psetup = setup_of("pottle", 4)
    assert pottle.target(psetup, pottle.initial_state(psetup)) is None


@pytest.fixture
def timed(club):
    admin = logged_in(club.admin)
    data = new_night_post(club.group, round_minutes=20)
    assert admin.post(reverse("night_new", args=[club.group.pk]), data).status_code == 302
    night = Night.objects.get()
    assert night.round_minutes == 20
    admin.post(reverse("night_start", args=[night.pk]))
    return night, admin


def test_the_clock_counts_down_on_the_organisers_page_the_screen_and_the_phones(timed):
    night, admin = timed
    played = night.round_set.get()
    assert played.minutes == 20
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    left = int(re.search(r'data-seconds-left="(\d+)"', page)[1])
    assert 20 * 60 - 5 <= left <= 20 * 60
    screen = Client().get(reverse("night_screen", args=[night.watch_token])).content.decode()
    assert 'data-testid="clock"' in screen
    phone = Client()
    url = table_url(page, 1)
    phone.post(url, {"name": "Phone"})
    game = Table.objects.get(number=1).game
    phone.get(url)
    note = phone.get(
        reverse("night_table_follow", args=[url.rstrip("/").rsplit("/", 1)[1]]),
        {"game": game.pk},
    ).content.decode()
    assert "data-seconds-left" in note
    # Time is up: it says so (and the round waits for the organiser to end it).
    Round.objects.filter(pk=played.pk).update(started_at=timezone.now() - timedelta(minutes=21))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert 'data-seconds-left="0"' in page and "Time: finish the deal in play" in page
    assert night.round_set.get().ended_at is None


def test_a_table_stopped_by_the_clock_goes_to_the_side_ahead_and_level_is_a_draw(timed, factory):
    night, admin = timed
    ahead, level = (Table.objects.get(number=n).game for n in (1, 2))
    factory.normal_deal(ahead)  # one side leads 1-0 (or more)
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    ahead.refresh_from_db()
    assert not ahead.finished and not level.finished
    rows = {row.name: row for row in standings(night)}
    players = ahead.setup["players"]
    leaders = {r.name for r in rows.values() if r.won}
    assert len(leaders) == 2 and leaders <= set(players)
    for name in level.setup["players"]:
        assert rows[name].drawn == 1 and rows[name].points == 0.5
    # Ended with 20 minutes still on its clock: the organiser's doing, not the clock's.
    screen = Client().get(reverse("night_screen", args=[night.watch_token])).content.decode()
    assert screen.count('data-testid="by-organiser"') == 2  # the final scores, marked
    assert 'data-testid="on-time"' not in screen
    results = admin.get(reverse("night_results", args=[night.pk])).content.decode()
    assert results.count("ended by the organiser") == 2 and "ended on time" not in results
    assert "½" in results


def test_a_round_ended_once_its_clock_ran_out_is_ended_on_time_and_before_it_by_the_organiser(
    timed, factory
):
    night, admin = timed
    first = night.round_set.get()
    Round.objects.filter(pk=first.pk).update(started_at=timezone.now() - timedelta(minutes=21))
    factory.normal_deal(Table.objects.get(number=1).game)
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    page = admin.get(reverse("night_results", args=[night.pk])).content.decode()
    assert page.count('data-testid="on-time"') == 2 and "ended by the organiser" not in page
    # Round 2 ended by the organiser 5 minutes into its 20: not on time.
    admin.post(reverse("night_start", args=[night.pk]))
    second = night.round_set.get(number=2)
    Round.objects.filter(pk=second.pk).update(started_at=timezone.now() - timedelta(minutes=5))
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 2, **YES})
    results = admin.get(reverse("night_results", args=[night.pk])).content.decode()
    assert results.count('data-testid="on-time"') == 2
    assert results.count('data-testid="by-organiser"') == 2
    screen = Client().get(reverse("night_screen", args=[night.watch_token])).content.decode()
    assert screen.count('data-testid="by-organiser"') == 2  # round 2's final scores


def test_a_round_without_a_clock_ended_early_is_ended_by_the_organiser(club):
    admin = logged_in(club.admin)
    admin.post(reverse("night_new", args=[club.group.pk]), new_night_post(club.group))
    night = Night.objects.get()
    admin.post(reverse("night_start", args=[night.pk]))
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    page = admin.get(reverse("night_results", args=[night.pk])).content.decode()
    assert page.count('data-testid="by-organiser"') == 2 and 'data-testid="on-time"' not in page


def test_the_ranking_is_the_organisers_choice_and_said_on_the_results(club, factory):
    admin = logged_in(club.admin)
    admin.post(reverse("night_new", args=[club.group.pk]), new_night_post(club.group, rounds=2))
    night = Night.objects.get()
    resting = night.round_set.get().sitting_out[0]
    admin.post(reverse("night_start", args=[night.pk]))
    for table in Table.objects.all():
        while not table.game.finished:
            factory.normal_deal(table.game)
            table.game.refresh_from_db()
    results = admin.get(reverse("night_results", args=[night.pk])).content.decode()
    assert "Ranked by the share of tables won" in results  # per table: the default
    row = next(r for r in standings(night) if r.name == resting)
    assert row.sat_out == 1 and row.points == 0
    admin.post(
        reverse("night_ranking", args=[night.pk]),
        {"ranking": "bye", "next": reverse("night_results", args=[night.pk])},
    )
    night.refresh_from_db()
    row = next(r for r in standings(night) if r.name == resting)
    assert row.byes == 1 and row.points == 1  # the round sat out counts as a table won
    results = admin.get(reverse("night_results", args=[night.pk])).content.decode()
    assert "a round sat out counts as a table won" in results
    admin.post(reverse("night_ranking", args=[night.pk]), {"ranking": "totals"})
    night.refresh_from_db()
    assert "added up" in admin.get(reverse("night_results", args=[night.pk])).content.decode()
    member = logged_in(club.member)
    assert (
        member.post(reverse("night_ranking", args=[night.pk]), {"ranking": "bye"}).status_code
        == 403
    )


def test_a_phone_typing_when_its_round_ends_keeps_its_form_until_it_is_saved(timed):
    """The note a table phone asks for: while its form holds a deal being entered (dirty), the
    round's end does not load the page again (its form would go) but says to save it all the
    same; asked again with nothing typed, the page loads again without its form."""
    night, admin = timed
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    url = table_url(page, 1)
    phone = Client()
    phone.post(url, {"name": "Phone"})
    game = Table.objects.get(number=1).game
    phone.get(url)
    follow = reverse("night_table_follow", args=[url.rstrip("/").rsplit("/", 1)[1]])
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    typing = phone.get(follow, {"game": game.pk, "dirty": "1", "v": "old"})
    note = typing.content.decode()
    assert typing.status_code == 200 and "HX-Refresh" not in typing
    assert "Save the deal you are entering all the same" in note
    shown = re.search(r'hx-get="[^"]*\?v=([^&"]+)', note)[1]
    assert shown.startswith("typing-")
    assert phone.get(follow, {"game": game.pk, "dirty": "1", "v": shown}).status_code == 200
    saved = phone.get(follow, {"game": game.pk, "v": shown})
    assert saved["HX-Refresh"] == "true"
    assert "The organiser can still correct them." in saved.content.decode()
