"""A game night through its pages: a night of nine at Thunee (one sits out each round), the
seats drawn and swapped, the tables as games of the group, a table's link kept without an
account, the big screen's poll, the rounds moving on, the results and their CSV."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import registry
from scorekeeper.games.models import DealChange, Game, ShareLink
from scorekeeper.nights.models import Night, Table
from scorekeeper.nights.standings import standings
from tests.support.logs import game_keys

from .conftest import NINE, YES, logged_in, new_night_post, table_url, thunee_deal

pytestmark = pytest.mark.django_db


def make_night(club, **over) -> Night:
    admin = logged_in(club.admin)
    response = admin.post(
        reverse("night_new", args=[club.group.pk]), new_night_post(club.group, **over)
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return Night.objects.get()


def finish(game: Game, factory) -> None:
    """Normal deals until the game is over (the counting team wins each)."""
    for _ in range(60):
        game.refresh_from_db()
        if game.finished:
            return
        factory.normal_deal(game)
    raise AssertionError("the game did not finish")


def test_a_new_night_draws_two_tables_of_four_and_one_sits_out(club):
    night = make_night(club)
    played = night.round_set.get()
    assert [len(t) for t in played.tables] == [4, 4]
    assert len(played.sitting_out) == 1
    seated = [name for table in played.tables for name in table]
    assert sorted(seated + played.sitting_out) == sorted(NINE)
    assert night.kind == "thunee" and night.mode == "4p" and night.rounds == 3
    page = logged_in(club.admin).get(reverse("night", args=[night.pk])).content.decode()
    assert "Round 1" in page and "Start this round" in page and "Swap these two" in page
    for name in NINE:
        assert name in page


def test_the_new_night_form_keeps_input_and_says_what_is_wrong(club):
    admin = logged_in(club.admin)
    data = new_night_post(club.group, guests=(), present=[], rounds="x")
    data["guests"] = "Zed"
    response = admin.post(reverse("night_new", args=[club.group.pk]), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Enter a whole number." in page
    assert "Zed</textarea>" in page
    assert not Night.objects.exists()
    response = admin.post(
        reverse("night_new", args=[club.group.pk]),
        new_night_post(club.group, present=[], guests=("Zed",)),
    )
    assert "A table needs at least 4 players" in response.content.decode()


@pytest.mark.parametrize(
    ("game", "mode", "count", "sizes"),
    [
        ("thunee", "6p", 13, [6, 6]),
        ("spades", "", 9, [4, 4]),
        ("pottle", "", 9, [5, 4]),
        ("zhao-pengyou", "", 13, [7, 6]),
        ("nigerian-thuni", "", 8, [4, 4]),
    ],
)
def test_tables_take_the_games_own_sizes(club, game, mode, count, sizes):
    names = [f"P{i}" for i in range(count)]
    data = new_night_post(club.group, present=[], guests=names, game=game, mode=mode)
    if not mode:
        del data["mode"]
    admin = logged_in(club.admin)
    response = admin.post(f"{reverse('night_new', args=[club.group.pk])}?game={game}", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    played = Night.objects.get().round_set.get()
    assert sorted(len(t) for t in played.tables) == sorted(sizes)


@pytest.mark.parametrize("game", game_keys())
def test_every_game_seats_a_night_at_tables_of_its_own_sizes(club, game):
    """Each registered game, a new one too: two tables' worth of guests, seated at tables the
    game (or its first mode) allows."""
    rules = registry.game(game).rules
    mode = rules.modes[0] if rules.modes else None
    sizes = (mode.seats,) if mode else tuple(rules.seat_counts)
    names = [f"P{i}" for i in range(2 * min(sizes))]
    data = new_night_post(club.group, present=[], guests=names, game=game)
    if mode:
        data["mode"] = mode.key
    else:
        del data["mode"]
    admin = logged_in(club.admin)
    response = admin.post(f"{reverse('night_new', args=[club.group.pk])}?game={game}", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    tables = Night.objects.get().round_set.get().tables
    assert all(len(t) in sizes for t in tables) and sum(map(len, tables)) == len(names)


def test_a_swap_before_the_round_moves_two_people_and_not_after(club):
    night = make_night(club)
    played = night.round_set.get()
    a, b = played.tables[0][0], played.tables[1][0]
    admin = logged_in(club.admin)
    admin.post(reverse("night_swap", args=[night.pk]), {"a": a, "b": b})
    played.refresh_from_db()
    assert played.tables[0][0] == b and played.tables[1][0] == a
    response = admin.post(reverse("night_swap", args=[night.pk]), {"a": a, "b": a}, follow=True)
    assert "Choose someone else." in response.content.decode()
    admin.post(reverse("night_start", args=[night.pk]))
    admin.post(reverse("night_swap", args=[night.pk]), {"a": a, "b": b})
    played.refresh_from_db()
    assert played.tables[0][0] == b


def test_starting_a_round_makes_each_table_a_game_of_the_group_once(club):
    night = make_night(club)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    admin.post(reverse("night_start", args=[night.pk]))  # a double tap
    games = Game.objects.filter(group=club.group).order_by("pk")
    assert games.count() == 2
    played = night.round_set.get()
    for table, game in zip(played.table_set.order_by("number"), games, strict=True):
        assert table.game == game
        assert game.setup["players"] == played.tables[table.number - 1]
        assert game.setup["mode"] == "4p"
        assert str(game.played_on) == "2026-11-24"
    assert night.links.count() == 2


def test_a_table_link_keeps_its_own_table_only_and_names_the_phone(club):
    night = make_night(club)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    one, two = table_url(page, 1), table_url(page, 2)
    game_one = Table.objects.get(number=1).game
    game_two = Table.objects.get(number=2).game

    phone = Client()
    assert phone.get(reverse("game", args=[game_one.pk])).status_code == 302  # to the login
    answer = phone.get(one)
    assert "Your name" in answer.content.decode()
    response = phone.post(one, {"name": "  "})
    assert "This field is required." in response.content.decode()
    phone.post(one, {"name": "Sipho's phone"})
    response = phone.get(one)
    assert response.status_code == 302 and response["Location"] == reverse(
        "game", args=[game_one.pk]
    )
    assert phone.get(response["Location"]).status_code == 200
    # The forms the page keeps for entries made offline: a table's phone has them too.
    assert phone.get(reverse("offline_forms", args=[game_one.pk])).status_code == 200
    assert phone.get(reverse("offline_forms", args=[game_two.pk])).status_code == 302
    dealer = game_one.state_cache["dealer"]
    response = phone.post(reverse("deal_record", args=[game_one.pk]), thunee_deal((dealer + 1) % 4))
    assert response.status_code in (200, 302)
    assert game_one.deals.count() == 1
    change = DealChange.objects.get(game=game_one)
    assert change.by is None and change.by_name == "Sipho's phone"
    assert "Sipho&#x27;s phone" in phone.get(reverse("game", args=[game_one.pk])).content.decode()
    # The other table, and anything else, is not this phone's.
    assert phone.get(reverse("game", args=[game_two.pk])).status_code == 302
    assert phone.post(reverse("deal_record", args=[game_two.pk]), thunee_deal(1)).status_code == 302
    assert phone.get(reverse("night", args=[night.pk])).status_code == 302
    assert phone.get(reverse("game_share", args=[game_one.pk])).status_code == 302
    assert game_two.deals.count() == 0
    # A member who scans table two's code keeps that table too.
    member = logged_in(club.member)
    assert (
        member.post(reverse("deal_record", args=[game_two.pk]), thunee_deal(1)).status_code == 403
    )
    member.post(two, {"name": "Member"})
    member.get(two)
    dealer = game_two.state_cache["dealer"]
    member.post(reverse("deal_record", args=[game_two.pk]), thunee_deal((dealer + 1) % 4))
    assert game_two.deals.count() == 1


def test_a_revoked_table_link_or_an_ended_night_refuses_the_phone_and_says_why(club):
    night = make_night(club)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    one = table_url(page, 1)
    game_one = Table.objects.get(number=1).game
    phone = Client()
    phone.post(one, {"name": "Phone"})
    phone.get(one)
    assert phone.get(reverse("game", args=[game_one.pk])).status_code == 200
    # Revoking asks first: a tap that is not the question's "yes" changes nothing.
    asked = admin.post(reverse("night_link_renew", args=[night.pk, 1]))
    assert asked.status_code == 200 and "Revoke table 1" in asked.content.decode()
    assert 'name="confirm" value="yes"' in asked.content.decode()
    assert "Yes, revoke it" in asked.content.decode()
    assert phone.get(reverse("game", args=[game_one.pk])).status_code == 200
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert table_url(page, 1) == one and 'data-testid="revoke-1"' in page
    admin.post(reverse("night_link_renew", args=[night.pk, 1]), YES)
    # The phone is told plainly it is no longer the table's and what to do: no form, no
    # bare 404.
    gone = phone.get(reverse("game", args=[game_one.pk]))
    assert gone.status_code == 404 and 'id="deal-form"' not in gone.content.decode()
    assert "This phone is no longer the table" in gone.content.decode()
    assert "Ask the organiser for the table's new card" in gone.content.decode()
    record = phone.post(
        reverse("deal_record", args=[game_one.pk]), thunee_deal(1), HTTP_HX_REQUEST="true"
    )
    assert record.status_code == 404 and record["HX-Refresh"] == "true"
    card = phone.get(one)
    assert card.status_code == 410 and "This card was replaced" in card.content.decode()
    live = phone.get(reverse("game_live", args=[game_one.pk]), HTTP_HX_REQUEST="true")
    assert live.status_code == 404  # not "you are logged out": the poll stops, the note says why
    new = table_url(admin.get(reverse("night", args=[night.pk])).content.decode(), 1)
    assert new != one
    phone2 = Client()
    phone2.post(new, {"name": "Phone 2"})
    phone2.get(new)
    assert phone2.get(reverse("game", args=[game_one.pk])).status_code == 200
    admin.post(reverse("night_end", args=[night.pk]), YES)
    # The night over: the phone still reads its last game (read-only), changes nothing, and its
    # link shows the final standings.
    read = phone2.get(reverse("game", args=[game_one.pk]))
    assert read.status_code == 200 and 'id="deal-form"' not in read.content.decode()
    assert (
        phone2.post(reverse("deal_record", args=[game_one.pk]), thunee_deal(1)).status_code == 403
    )
    over = phone2.get(new)
    assert over.status_code == 410 and "The night is over" in over.content.decode()
    assert 'data-testid="standings"' in over.content.decode()
    assert not ShareLink.objects.filter(
        kind=ShareLink.TABLE, revoked_at__isnull=True, closed_at__isnull=True
    ).exists()
    assert game_one.deals.count() == 0


def test_rounds_move_on_when_every_table_finished_and_the_night_ends_after_the_last(club, factory):
    night = make_night(club, rounds=2)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    for table in Table.objects.all():
        finish(table.game, factory)
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert "Round 2" in page and "drawn, not started" in page
    first, second = night.round_set.all()
    assert first.ended_at is not None and second.started_at is None
    assert first.sitting_out != second.sitting_out  # fair: nobody sits out twice in a row
    admin.post(reverse("night_start", args=[night.pk]))
    admin.post(reverse("night_end_round", args=[night.pk]), YES)  # the organiser ends it early
    night.refresh_from_db()
    assert night.ended_at is not None
    assert night.round_set.count() == 2


def test_results_page_and_csv_say_standings_partners_and_opponents(club, factory):
    night = make_night(club, rounds=1)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    table = Table.objects.get(number=1)
    finish(table.game, factory)
    admin.get(reverse("night", args=[night.pk]))  # the round ends: the night is over
    member = logged_in(club.member)
    page = member.get(reverse("night_results", args=[night.pk])).content.decode()
    assert "Who played with whom" in page
    response = member.get(reverse("night_results_csv", args=[night.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:6] == ["place", "player", "tables", "won", "balls", "sat out"]
    assert rows[0][6:] == ["drawn", "balls per table", "left"]
    standings = rows[1:10]
    assert len(standings) == 9
    top = standings[0]
    assert top[3] == "1"  # a winner of the finished table leads
    assert sum(int(r[5]) for r in standings) == 1
    blank = rows.index([])
    pairs = rows[blank + 2 :]
    partners = sum(int(r[2]) for r in pairs)
    opponents = sum(int(r[3]) for r in pairs)
    assert partners == 2 * 2 and opponents == 2 * 4  # two tables: two pairs and four meetings each


def test_the_big_screen_answers_204_while_nothing_changed_and_the_scores_when_a_table_did(
    club, factory
):
    night = make_night(club)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    screen = Client()
    url = reverse("night_screen", args=[night.watch_token])
    page = screen.get(url).content.decode()
    assert 'data-testid="screen-table-1"' in page and 'data-testid="screen-table-2"' in page
    stamp = services_stamp(night)
    live = reverse("night_screen_live", args=[night.watch_token])
    assert screen.get(live, {"v": stamp}).status_code == 204
    factory.normal_deal(Table.objects.get(number=2).game)
    response = screen.get(live, {"v": stamp})
    assert response.status_code == 200
    body = response.content.decode()
    assert "deal 1" in body and "Standings" in body
    assert screen.get(reverse("night_screen", args=["x" * 32])).status_code == 404
    assert (
        screen.get(reverse("night_screen_live", args=["x" * 32]), {"v": stamp}).status_code == 404
    )


def services_stamp(night):
    from scorekeeper.nights.stamps import screen_stamp

    return screen_stamp(night.watch_token)


def test_standings_count_wins_then_the_games_figure(club, factory):
    night = make_night(club, rounds=1)
    logged_in(club.admin).post(reverse("night_start", args=[night.pk]))
    finish(Table.objects.get(number=1).game, factory)
    rows = standings(night)
    assert [r.won for r in rows[:2]] == [1, 1] and rows[2].won == 0
    assert rows[0].figure >= rows[-1].figure


def test_an_organisers_slips_are_said_at_their_field_and_keep_the_input(club):
    admin = logged_in(club.admin)
    url = reverse("night_new", args=[club.group.pk])
    for guests, said in [
        (("Zoe", "Yan", "zoe"), "Zoe is on the list twice."),
        (("Zoe", "Z" * 41), "Write a shorter name: 40 characters at most."),
    ]:
        few = [p.pk for p in club.group.players.all()][:2]  # two ticked, the guests make four
        response = admin.post(url, new_night_post(club.group, present=few, guests=guests))
        page = response.content.decode()
        assert response.status_code == 200 and said in page
        field = page.split('name="guests"', 1)[1].split("</textarea>", 1)[0]
        assert field.endswith("\n".join(guests))  # what was typed stays
        assert said in page.split("</textarea></label>", 1)[1][:600]  # said at the field
        assert "A table needs at least" not in page  # not a second, wrong reason
    assert not Night.objects.exists()
    # Blank lines are no guests; a guest who is also ticked is one person.
    make_night(club, guests=("", "  ", "Hana", "asha", "Ivan"))
    assert sorted(Night.objects.get().attendees.values_list("player__name", flat=True)) == NINE


def test_a_swap_of_someone_with_themselves_is_said_at_the_field(club):
    night = make_night(club)
    played = night.round_set.get()
    name = played.tables[0][0]
    response = logged_in(club.admin).post(
        reverse("night_swap", args=[night.pk]), {"a": name, "b": name, "round": 1}
    )
    assert response.status_code == 400
    form = response.content.decode().split('data-testid="swap"', 1)[1].split("</form>", 1)[0]
    assert "Choose someone else." in form
    assert form.count(f'<option value="{name}" selected>') == 2  # the choice is kept
    played.refresh_from_db()
    assert played.tables[0][0] == name


def test_two_organiser_phones_never_move_the_night_twice(club, factory):
    """One phone starts and ends rounds; the other's page is old: its taps change nothing and
    it is told so."""
    night = make_night(club)
    one, two = logged_in(club.admin), logged_in(club.admin)
    assert one.post(reverse("night_start", args=[night.pk]), {"round": 1}).status_code == 302
    again = two.post(reverse("night_start", args=[night.pk]), {"round": 1}, follow=True)
    assert "Round 1 has already started." in again.content.decode()
    assert Table.objects.count() == 2  # one game per table, once
    one.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    assert night.round_set.count() == 2
    for name, data in [
        ("night_end_round", {"round": 1, **YES}),
        ("night_start", {"round": 1}),
        ("night_swap", {"round": 1, "a": "Asha", "b": "Bongani"}),
    ]:
        before = [(r.tables, r.started_at, r.ended_at) for r in night.round_set.all()]
        stale = two.post(reverse(name, args=[night.pk]), data, follow=True)
        assert "The night has moved on from round 1: nothing was changed." in (
            stale.content.decode()
        ), name
        assert [(r.tables, r.started_at, r.ended_at) for r in night.round_set.all()] == before
    one.post(reverse("night_end", args=[night.pk]), YES)
    twice = two.post(reverse("night_end", args=[night.pk]), YES, follow=True)
    assert twice.status_code == 200 and "The night was already over." in twice.content.decode()


def test_the_organisers_page_updates_by_itself(club, factory):
    """Its poll: 204 while nothing changed; the scores (and standings) when a table changed;
    the whole page again when the night moved to another round or state."""
    night = make_night(club)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    stamp = page.split('id="night-live" hx-get="', 1)[1].split("?v=", 1)[1].split('"', 1)[0]
    live = reverse("night_live", args=[night.pk])
    assert admin.get(live + "?v=" + stamp).status_code == 204
    factory.normal_deal(Table.objects.get(number=1).game)
    changed = admin.get(live + "?v=" + stamp)
    body = changed.content.decode()
    assert changed.status_code == 200 and "deal 2" in body and "HX-Refresh" not in changed
    assert 'id="night-standings" class="night-standings-part" hx-swap-oob="true"' in body
    admin.post(reverse("night_end_round", args=[night.pk]), {"round": 1, **YES})
    moved = admin.get(live + "?v=" + stamp)
    assert moved.status_code == 204 and moved["HX-Refresh"] == "true"


def _shown_stamp(page: str) -> str:
    return page.split('data-stamp="', 1)[1].split('"', 1)[0]


def test_a_table_changing_while_the_screen_is_drawn_is_shown_at_its_next_ask(
    club, factory, monkeypatch
):
    """A deal recorded while the big screen's page is being drawn: the page must not carry a
    stamp newer than what it shows, or every later ask answers 204 and the change never shows
    (the round's end went missing on a screen this way)."""
    from scorekeeper.nights import screen as screen_view

    night = make_night(club)
    logged_in(club.admin).post(reverse("night_start", args=[night.pk]))
    drawn = screen_view.screen_context

    def drawn_then_a_deal(*args, **kwargs):
        context = drawn(*args, **kwargs)
        factory.normal_deal(Table.objects.get(number=1).game)  # another phone, meanwhile
        return context

    monkeypatch.setattr(screen_view, "screen_context", drawn_then_a_deal)
    screen = Client()
    page = screen.get(reverse("night_screen", args=[night.watch_token])).content.decode()
    monkeypatch.setattr(screen_view, "screen_context", drawn)
    live = reverse("night_screen_live", args=[night.watch_token])
    answer = screen.get(live, {"v": _shown_stamp(page)})
    assert answer.status_code == 200 and "deal 2" in answer.content.decode()


def test_a_table_changing_while_the_organisers_page_is_drawn_is_shown_at_its_next_ask(
    club, factory, monkeypatch
):
    from scorekeeper.nights import views as night_views

    night = make_night(club)
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    drawn = night_views.night_context

    def drawn_then_a_deal(*args, **kwargs):
        context = drawn(*args, **kwargs)
        factory.normal_deal(Table.objects.get(number=1).game)
        return context

    monkeypatch.setattr(night_views, "night_context", drawn_then_a_deal)
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    monkeypatch.setattr(night_views, "night_context", drawn)
    stamp = page.split('id="night-live" hx-get="', 1)[1].split("?v=", 1)[1].split('"', 1)[0]
    answer = admin.get(reverse("night_live", args=[night.pk]) + "?v=" + stamp)
    assert answer.status_code == 200 and "deal 2" in answer.content.decode()


def test_the_night_ending_while_the_screen_is_drawn_is_shown_at_its_next_ask(club, monkeypatch):
    """The night changing between its row being read and the stamp: the page shows the change,
    or its stamp makes the next ask draw it (it never shows the night as it was, stamped as
    it is)."""
    from django.utils import timezone

    from scorekeeper.nights import screen as screen_view
    from scorekeeper.nights import services as night_services

    night = make_night(club)
    logged_in(club.admin).post(reverse("night_start", args=[night.pk]))
    stamp_of = screen_view.screen_stamp

    def ended_then_stamped(token):
        Night.objects.filter(pk=night.pk).update(ended_at=timezone.now())
        night_services.touch(night)
        return stamp_of(token)

    monkeypatch.setattr(screen_view, "screen_stamp", ended_then_stamped)
    screen = Client()
    page = screen.get(reverse("night_screen", args=[night.watch_token])).content.decode()
    monkeypatch.setattr(screen_view, "screen_stamp", stamp_of)
    live = reverse("night_screen_live", args=[night.watch_token])
    if 'data-phase="over"' not in page:
        answer = screen.get(live, {"v": _shown_stamp(page)})
        assert answer.status_code == 200 and 'data-phase="over"' in answer.content.decode()


def test_a_card_drawn_from_a_table_as_it_was_is_not_kept_as_the_table_now(
    club, factory, monkeypatch
):
    """The big screen keeps each table's card by its game's change time: a deal recorded while
    the card was drawn must not leave the old card kept under the new time."""
    from scorekeeper.nights import presenters

    night = make_night(club)
    logged_in(club.admin).post(reverse("night_start", args=[night.pk]))
    ranked = presenters.standings

    def a_deal_meanwhile(*args, **kwargs):  # after the tables were read, before their cards
        factory.normal_deal(Table.objects.get(number=1).game)
        return ranked(*args, **kwargs)

    monkeypatch.setattr(presenters, "standings", a_deal_meanwhile)
    screen = Client()
    page = screen.get(reverse("night_screen", args=[night.watch_token])).content.decode()
    monkeypatch.setattr(presenters, "standings", ranked)
    live = reverse("night_screen_live", args=[night.watch_token])
    answer = screen.get(live, {"v": _shown_stamp(page)}).content.decode()
    card = answer.split('data-testid="screen-table-1"', 1)[1].split("</article>", 1)[0]
    assert "deal 2" in card


def test_the_ranking_changed_while_the_organisers_page_is_drawn_is_on_it(club, monkeypatch):
    from scorekeeper.nights import services as night_services
    from scorekeeper.nights import views as night_views

    night = make_night(club)
    admin = logged_in(club.admin)
    stamp_of = night_views.night_stamp

    def ranked_by_totals_then_stamped(pk):  # another phone, after this page read the night
        Night.objects.filter(pk=pk).update(ranking=Night.TOTALS)
        night_services.touch(night)
        return stamp_of(pk)

    monkeypatch.setattr(night_views, "night_stamp", ranked_by_totals_then_stamped)
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    chosen = page.split('value="totals"', 1)[1].split(">", 1)[0]
    assert "checked" in chosen


def test_before_the_first_round_starts_the_standings_are_a_sentence_not_a_table_of_noughts(club):
    night = make_night(club)
    admin = logged_in(club.admin)
    before = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert "The standings come once the first round starts." in before
    assert 'class="night-standings"' not in before
    admin.post(reverse("night_start", args=[night.pk]))
    after = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert 'class="night-standings"' in after
    assert "The standings come once the first round starts." not in after
