"""People come and go during a night: a late arrival is drawn from the next round (or the drawn
round is drawn again with them), a leaver is never drawn again and keeps the tables they played,
and a substitute takes a seat mid-round, the table's game saying who played which deals."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper.games import services as games
from scorekeeper.games.models import Game
from scorekeeper.nights.models import Night, Table
from scorekeeper.nights.standings import meetings, standings

from .conftest import NINE, YES, logged_in, new_night_post

pytestmark = pytest.mark.django_db

EIGHT = NINE[:8]


def a_night(club, names=EIGHT, **over) -> tuple[Night, object]:
    admin = logged_in(club.admin)
    data = new_night_post(club.group, present=[], guests=names, **over)
    assert admin.post(reverse("night_new", args=[club.group.pk]), data).status_code == 302
    return Night.objects.latest("pk"), admin


def everyone_in(played) -> set[str]:
    return {n for table in played.tables for n in table} | set(played.sitting_out)


def test_a_late_arrival_joins_the_drawn_round_drawn_again(club):
    night, admin = a_night(club)
    response = admin.post(reverse("night_arrive", args=[night.pk]), {"name": "Zola"}, follow=True)
    assert "Zola is here: round 1 was drawn again with them." in response.content.decode()
    played = night.round_set.get()
    assert "Zola" in everyone_in(played) and len(everyone_in(played)) == 9
    assert played.sitting_out  # nine at tables of four: one sits out
    assert night.attendees.get(player__name="Zola").from_round == 1


def test_a_late_arrival_during_a_round_is_drawn_from_the_next(club, factory):
    night, admin = a_night(club)
    admin.post(reverse("night_start", args=[night.pk]))
    response = admin.post(reverse("night_arrive", args=[night.pk]), {"name": "Zola"}, follow=True)
    assert "Zola is here: drawn from round 2 on." in response.content.decode()
    first = night.round_set.get()
    assert "Zola" not in everyone_in(first)  # not at a table, not sitting out: not here yet
    admin.post(reverse("night_end_round", args=[night.pk]), YES)
    second = night.round_set.get(number=2)
    assert "Zola" in everyone_in(second)
    # Their figures are fair: per table, one round missed costs nothing; no sit-out counted.
    zola = next(row for row in standings(night) if row.name == "Zola")
    assert zola.played == 0 and zola.sat_out == 0


def test_an_arrival_already_here_or_blank_is_said_and_changes_nothing(club):
    night, admin = a_night(club)
    before = list(night.round_set.values_list("tables", flat=True))
    twice = admin.post(reverse("night_arrive", args=[night.pk]), {"name": "asha"}, follow=True)
    assert "Nothing was changed: Asha is here already." in twice.content.decode()
    blank = admin.post(reverse("night_arrive", args=[night.pk]), {"name": "  "})
    assert blank.status_code == 400 and "Who came?" in blank.content.decode()
    assert list(night.round_set.values_list("tables", flat=True)) == before


def test_a_leaver_is_never_drawn_again_and_keeps_the_tables_played(club, factory):
    night, admin = a_night(club, names=NINE)
    admin.post(reverse("night_start", args=[night.pk]))
    first = night.round_set.get()
    leaver = first.tables[0][0]
    game = Table.objects.get(number=1).game
    for _ in range(60):
        game.refresh_from_db()
        if game.finished:
            break
        factory.normal_deal(game)
    said = admin.post(reverse("night_leave", args=[night.pk]), {"name": leaver}, follow=True)
    assert f"{leaver} has left" in said.content.decode()
    admin.post(reverse("night_end_round", args=[night.pk]), YES)
    for number in (2, 3):
        played = night.round_set.get(number=number)
        assert leaver not in everyone_in(played)
        assert not played.sitting_out  # eight left: two full tables, nobody out
        if number == 2:
            admin.post(reverse("night_start", args=[night.pk]))
            admin.post(reverse("night_end_round", args=[night.pk]), YES)
    row = next(r for r in standings(night) if r.name == leaver)
    assert row.played == 1 and row.left  # the table they played stays theirs
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert "left</span>" in page


def test_a_leaver_in_the_drawn_round_is_drawn_out_of_it(club):
    night, admin = a_night(club, names=NINE)
    seated = night.round_set.get().tables[0][1]
    admin.post(reverse("night_leave", args=[night.pk]), {"name": seated})
    played = night.round_set.get()
    assert seated not in everyone_in(played) and len(everyone_in(played)) == 8


def zola_takes_seat_1_from_deal_3(club, factory):
    """Round 1 started, two deals at table 1, then Zola (new) takes seat 1 and its holder
    leaves: (night, admin's client, table 1's game, who left, the organiser's answer)."""
    night, admin = a_night(club)
    admin.post(reverse("night_start", args=[night.pk]))
    game = Table.objects.get(number=1).game
    out = game.setup["players"][1]
    factory.normal_deal(game)
    factory.normal_deal(game)
    response = admin.post(
        reverse("night_substitute", args=[night.pk]),
        {"out": out, "into": "", "new_name": "Zola", "leaves": "on"},
        follow=True,
    )
    game.refresh_from_db()
    return night, admin, game, out, response


def test_a_substitute_takes_a_seat_mid_round_and_the_log_says_who_played_which_deals(club, factory):
    night, admin, game, out, response = zola_takes_seat_1_from_deal_3(club, factory)
    assert f"Zola plays {out}&#x27;s seat at table 1 from deal 3." in response.content.decode()
    factory.normal_deal(game)
    log = games.export_game(Game.objects.get(pk=game.pk))
    assert log["players"][1] == out  # who sat down first: the spec's fields unchanged
    assert "substitutes" not in log["deals"][0] and "substitutes" not in log["deals"][1]
    assert log["deals"][2]["substitutes"] == [{"seat": 1, "name": "Zola"}]
    # The round's seats name Zola (they meet the others there); the leaver is gone.
    played = night.round_set.get()
    assert played.tables[0][1] == "Zola"
    assert night.attendees.get(player__name=out).left_at is not None
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert f"Zola for {out} from deal 3" in page
    # The table counts for each who played the seat, by their share of its deals.
    while not Game.objects.get(pk=game.pk).finished:
        factory.normal_deal(game)
    deals = Game.objects.get(pk=game.pk).deals.count()
    names = {row.name: row for row in standings(night)}
    assert names["Zola"].played == pytest.approx((deals - 2) / deals, abs=0.01)
    assert names[out].played == pytest.approx(2 / deals, abs=0.01)
    assert names["Zola"].played + names[out].played == pytest.approx(1, abs=0.01)
    # Who met whom counts the one replaced with the people they played their two deals with.
    met = meetings(night)
    partner = played.tables[0][3]
    assert met.partnered[frozenset({out, partner})] == 1
    assert met.partnered[frozenset({"Zola", partner})] == 1
    assert met.opposed[frozenset({out, played.tables[0][0]})] == 1


def test_a_substitute_replaces_for_the_rest_of_the_round_unless_told_they_leave(club):
    night, admin = a_night(club)
    admin.post(reverse("night_start", args=[night.pk]))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    box = re.search(r'<input[^>]*name="leaves"[^>]*>', page)
    assert box is not None and "checked" not in box.group(0)


def test_someone_sitting_out_can_take_a_seat_and_does_not_count_a_sit_out(club):
    night, admin = a_night(club, names=NINE)
    admin.post(reverse("night_start", args=[night.pk]))
    played = night.round_set.get()
    resting, out = played.sitting_out[0], played.tables[1][2]
    admin.post(
        reverse("night_substitute", args=[night.pk]), {"out": out, "into": resting, "leaves": ""}
    )
    played.refresh_from_db()
    assert played.sitting_out == [] and played.tables[1][2] == resting
    assert night.attendees.get(player__name=out).left_at is None  # only resting, not gone


def test_a_substitute_form_with_mistakes_says_them_at_their_fields(club):
    night, admin = a_night(club)
    admin.post(reverse("night_start", args=[night.pk]))
    out = night.round_set.get().tables[0][0]
    neither = admin.post(reverse("night_substitute", args=[night.pk]), {"out": out})
    assert neither.status_code == 400 and "Who takes the seat?" in neither.content.decode()
    other = night.round_set.get().tables[1][0]
    seated = admin.post(
        reverse("night_substitute", args=[night.pk]),
        {"out": out, "new_name": other},
        follow=True,
    )
    assert f"{other} sits at a table of this round already" in seated.content.decode()
    assert not any(t.game.seat_changes for t in Table.objects.all())


def _part(page: str, start: str, end: str) -> str:
    return page.split(start, 1)[1].split(end, 1)[0]


def test_the_tables_game_page_names_the_substitute_in_the_deals_they_play(club, factory):
    """The scorekeeper taps the name of who sits there now: the form, the board and the
    deals Zola played say Zola; the deals before (and their edit pages) still say who played
    them, and the log's envelope keeps who sat down first."""
    night, admin, game, out, _ = zola_takes_seat_1_from_deal_3(club, factory)
    game.refresh_from_db()
    page = admin.get(reverse("game", args=[game.pk])).content.decode()
    form = _part(page, 'id="deal-form"', "</form>")
    assert "Zola" in form and out not in form
    board = _part(page, 'id="board"', 'id="deal-form"')
    assert "Zola" in board and out not in board
    for _ in range(4):  # deals 3 to 6, Zola's: the trump maker goes round every seat
        factory.normal_deal(game)
    game.refresh_from_db()
    page = admin.get(reverse("game", args=[game.pk])).content.decode()
    zolas = _part(page, 'id="deal-6"', 'id="deal-2"')  # newest first
    before = _part(page, 'id="deal-2"', "</ol>")
    assert "Zola" in zolas and out not in zolas
    assert "Zola" not in before and out in before
    edit_one = admin.get(reverse("deal_edit", args=[game.pk, 1])).content.decode()
    edit_three = admin.get(reverse("deal_edit", args=[game.pk, 3])).content.decode()
    assert out in _part(edit_one, 'id="deal-form"', "</form>")
    assert "Zola" not in _part(edit_one, 'id="deal-form"', "</form>")
    assert "Zola" in _part(edit_three, 'id="deal-form"', "</form>")
    assert out not in _part(edit_three, 'id="deal-form"', "</form>")
    assert games.export_game(game)["players"][1] == out
    for number in range(6, 0, -1):  # all taken back: the audit trail says each deal's facts
        games.undo_last(game, user=club.admin, expected_number=number)
    page = admin.get(reverse("game", args=[game.pk])).content.decode()
    trail = _part(page, 'id="history"', "</details>").split('<li class="change')[1:]
    said = {int(re.search(r"Deal (\d+) undone", item)[1]): item for item in trail}
    assert "Zola" in said[5] and out not in said[5]  # seat 1 made trumps in deals 1 and 5
    assert out in said[1] and "Zola" not in said[1]


def test_a_guest_or_arrival_who_looks_like_someone_else_is_refused_naming_them(club):
    admin = logged_in(club.admin)
    data = new_night_post(club.group, present=[], guests=("Asha", "\u0410sha", "Bo", "Cy"))
    page = admin.post(reverse("night_new", args=[club.group.pk]), data)
    said = page.content.decode()
    assert page.status_code == 200 and "\u0410sha looks the same as Asha" in said
    assert not Night.objects.exists()
    night, admin = a_night(club)
    night.group.players.create(owner=club.admin, name="Esinam")
    page = admin.post(reverse("night_arrive", args=[night.pk]), {"name": "\u0415sinam"})
    assert page.status_code == 400 and "looks the same as Esinam" in page.content.decode()
    page = admin.post(reverse("night_arrive", args=[night.pk]), {"name": "esinam"})
    assert page.status_code == 302  # the same person, as the group knows them


def test_a_leaver_on_the_big_screens_podium_is_marked_as_left(club, factory):
    night, admin = a_night(club, rounds=1)
    admin.post(reverse("night_start", args=[night.pk]))
    game = Table.objects.get(number=1).game
    while not game.finished:
        factory.normal_deal(game)
        game.refresh_from_db()
    podium = [r.name for r in standings(night)][:3]
    leaver, stayer = podium[0], podium[1]
    admin.post(reverse("night_leave", args=[night.pk]), {"name": leaver})
    admin.post(reverse("night_end", args=[night.pk]), YES)
    screen = admin.get(reverse("night_screen", args=[night.watch_token])).content.decode()
    shown = re.search(r'data-testid="podium">(.*?)</ol>', screen, re.S)[1]
    places = re.findall(r'<span class="who">(.*?)</span>\s*<span class="what">', shown, re.S)
    assert len(places) == 3
    marked = [p for p in places if 'data-testid="podium-left"' in p]
    assert len(marked) == 1 and marked[0].startswith(leaver) and "left" in marked[0]
    assert any(p.strip() == stayer for p in places)  # one who stayed: no mark
