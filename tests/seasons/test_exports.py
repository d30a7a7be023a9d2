"""Standings and game lists as CSV; a season as a JSON bundle of game logs that imports back
into another group with the same standings, partnerships and ratings."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse

from scorekeeper.games.models import Game, Seat
from scorekeeper.seasons import exports, standings
from scorekeeper.seasons.models import Season
from scorekeeper.seasons.standings import Scope
from scorekeeper.seasons.sync import sync_group
from tests.support.groups import make_group

from .conftest import A, B, C, D

pytestmark = pytest.mark.django_db


def rows_of(body: bytes | str) -> list[dict[str, str]]:
    text = body.decode() if isinstance(body, bytes) else body
    return list(csv.DictReader(io.StringIO(text)))


def test_standings_csv(client, table):
    client.force_login(table.keeper)
    response = client.get(reverse("seasons:standings_csv", args=[table.group.pk, table.autumn.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    rows = rows_of(response.content)
    dev = next(r for r in rows if r["game"] == "thunee" and r["player"] == D)
    assert dev["played"] == "2" and dev["won"] == "0" and dev["lost"] == "2"
    assert dev["thunees_called"] == "2" and dev["balls_for"] == "22"
    assert dev["points"] == ""  # a Spades figure: blank for Thunee
    chetan = next(r for r in rows if r["game"] == "pottle" and r["player"] == C)
    assert chetan["net"] == "6" and chetan["win_percent"] == "100.0"
    assert float(chetan["rating"]) == pytest.approx(float(chetan["rating_change"]))
    assert {r["game"] for r in rows} == {
        "thunee",
        "spades",
        "pottle",
        "nigerian-thuni",
        "zhao-pengyou",
    }


def test_games_csv_lists_every_game_of_the_scope(client, table):
    client.force_login(table.keeper)
    response = client.get(reverse("seasons:games_csv", args=[table.group.pk, table.autumn.pk]))
    rows = rows_of(response.content)
    assert len(rows) == 8  # six counted, one friendly, one not over
    t1 = next(r for r in rows if r["game_id"] == str(table.games["t1"].pk))
    assert t1["players"] == f"{A}; {B}; {C}; {D}"
    assert t1["result"] == "13–11" and t1["winners"] == f"{A} & {C}"
    assert t1["counted"] == "1" and t1["friendly"] == "0" and t1["deals"] == "12"
    assert t1["rating_changes"].startswith(f"{A} +")
    friendly = next(r for r in rows if r["game_id"] == str(table.games["friendly"].pk))
    assert friendly["friendly"] == "1" and friendly["counted"] == "0"


def summary(scope: Scope) -> dict:
    tables = {
        t.kind: {
            line.name: (line.played, line.won, line.figures, round(line.rating or 0, 6))
            for line in t.lines
        }
        for t in standings.standings(scope)
    }
    pairs = {
        kind: {p.names: (p.played, p.won) for p in found}
        for kind, _, found in standings.partnerships(scope)
    }
    return {"tables": tables, "pairs": pairs}


def test_a_season_bundle_imports_back_into_another_group(client, table, factory):
    client.force_login(table.keeper)
    response = client.get(reverse("seasons:json", args=[table.group.pk, table.autumn.pk]))
    assert response.status_code == 200
    bundle = json.loads(response.content)
    assert bundle["format"] == "scorekeeper-season" and bundle["version"] == 1
    assert bundle["season"] == {"name": "Autumn 2026", "start": "2026-03-01", "end": "2026-05-31"}
    assert len(bundle["games"]) == 8
    assert {g["log"]["game"] for g in bundle["games"]} == {
        "thunee",
        "spades",
        "pottle",
        "nigerian-thuni",
        "zhao-pengyou",
    }

    other_keeper = factory.make_user("other-keeper")
    other = make_group(other_keeper, "Sunday table")
    client.force_login(other_keeper)
    upload = io.BytesIO(response.content)
    upload.name = "autumn.json"
    page = client.post(reverse("seasons:import", args=[other.pk]), {"file": upload})
    assert page.status_code == 302, page.content[:2000]
    season = Season.objects.get(group=other)
    assert (season.name, season.start, season.end) == (
        "Autumn 2026",
        table.autumn.start,
        table.autumn.end,
    )
    assert Game.objects.filter(group=other).count() == 8
    assert Game.objects.filter(group=other, friendly=True).count() == 1
    seated = Seat.objects.filter(game__group=other).values_list("player__group", flat=True)
    assert set(seated) == {other.pk}  # the other table's own players, not the first table's
    sync_group(table.group.pk)
    sync_group(other.pk)
    assert summary(Scope(other, season)) == summary(Scope(table.group, table.autumn))


def test_a_refused_bundle_stores_nothing(table, factory):
    bundle = exports.export_season(table.autumn)
    bundle["games"][3]["log"]["deals"][0]["bids"] = "lots"  # a broken deal in the fourth game
    other = make_group(factory.make_user("k2"), "Other")
    games_before = Game.objects.count()
    with pytest.raises(exports.Refused, match="game 4"):
        exports.import_season(json.dumps(bundle), group=other, owner=table.keeper)
    assert Game.objects.count() == games_before
    assert not Season.objects.filter(group=other).exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: b.update(format="other"), "not a season bundle"),
        (lambda b: b.update(version=2), "version"),
        (lambda b: b["season"].update(end="2026-01-01"), "ends before it starts"),
        (lambda b: b["games"][0].update(played_on="2027-01-01"), "not played in the season"),
        (lambda b: b["games"][0].update(played_on="soon"), "not a date"),
    ],
)
def test_bundle_checks(table, factory, change, message):
    bundle = exports.export_season(table.autumn)
    change(bundle)
    other = make_group(factory.make_user("k3"), "Other")
    with pytest.raises(exports.Refused, match=message):
        exports.import_season(bundle, group=other, owner=table.keeper)


def test_a_bundle_into_the_same_group_reuses_its_season_adds_nothing_and_refuses_an_overlap(table):
    bundle = exports.export_season(table.winter)
    before = Game.objects.count()
    done = exports.import_season(bundle, group=table.group, owner=table.keeper)
    assert done.season == table.winter and done.games == [] and done.known == 3
    assert Game.objects.count() == before  # the season's own games, known by their logs
    bundle["season"]["start"] = "2026-05-15"  # overlaps autumn and winter
    with pytest.raises(exports.Refused, match="overlaps"):
        exports.import_season(bundle, group=table.group, owner=table.keeper)


def test_a_bundle_imported_twice_adds_its_games_once(client, table, factory):
    bundle = exports.export_season(table.autumn)
    other = make_group(factory.make_user("k4"), "Sunday table")
    first = exports.import_season(json.dumps(bundle), group=other, owner=table.keeper)
    assert len(first.games) == 8 and first.known == 0
    bundle["games"][0]["log"]["deals"].pop()  # one game changed since: a game of its own
    second = exports.import_season(json.dumps(bundle), group=other, owner=table.keeper)
    assert len(second.games) == 1 and second.known == 7
    assert Game.objects.filter(group=other).count() == 9
    other.memberships.create(user=table.keeper, role="admin")
    client.force_login(table.keeper)
    upload = io.BytesIO(json.dumps(exports.export_season(first.season)).encode())
    upload.name = "again.json"
    page = client.post(reverse("seasons:import", args=[other.pk]), {"file": upload}, follow=True)
    assert "9 games of the file were in the group already" in page.content.decode()
    assert Game.objects.filter(group=other).count() == 9


def test_a_season_name_longer_than_its_form_allows_is_refused(table, factory):
    bundle = exports.export_season(table.winter)
    bundle["season"]["name"] = "W" * 10_000
    other = make_group(factory.make_user("k5"), "Other")
    with pytest.raises(exports.Refused, match="longer than 80 characters"):
        exports.import_season(bundle, group=other, owner=table.keeper)
    assert not Season.objects.filter(group=other).exists()
