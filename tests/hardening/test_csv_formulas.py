"""Finding 3: a player named like a spreadsheet formula goes into no CSV as one. Every CSV the
app writes is found in the URLs and fetched with such players at the table: no cell starts a
formula, and the names read back as they were typed (after the guard's quote)."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scorekeeper.games.models import Player
from scorekeeper.nights.models import Night, Table
from scorekeeper.seasons.models import Season
from scorekeeper.transfer import csv_cells
from tests.support.groups import make_group, play

pytestmark = pytest.mark.django_db

FORMULAS = ['=HYPERLINK("http://x.example","y")', "+1+2", "-3+4", "@SUM(1,1)"]
STARTS = ("=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠")


def csv_url_names() -> set[str]:
    """The name of every URL whose route ends in .csv, in every namespace."""
    found: set[str] = set()

    def walk(patterns, prefix: str) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, f"{prefix}{p.namespace}:" if p.namespace else prefix)
            elif isinstance(p, URLPattern) and str(p.pattern).endswith(".csv"):
                found.add(prefix + p.name)

    walk(get_resolver().url_patterns, "")
    return found


def a_night_of(group, admin) -> Night:
    """A night of one Thunee table whose players are the formula names, its round played."""
    for name in FORMULAS:  # the group's players once their games are in
        Player.objects.get_or_create(group=group, name=name, defaults={"owner": admin})
    client = Client()
    client.force_login(admin)
    data = {
        "game": "thunee",
        "mode": "4p",
        "played_on": "2026-11-24",
        "present": [p.pk for p in Player.objects.filter(group=group, name__in=FORMULAS)],
        "guests": "",
        "rounds": 1,
        "seating": "draw",
    }
    response = client.post(reverse("night_new", args=[group.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    night = Night.objects.get()
    client.post(reverse("night_start", args=[night.pk]))
    assert Table.objects.filter(round__night=night).exists()
    return night


def test_every_csv_the_app_writes_is_checked_here():
    assert csv_url_names() == {"seasons:standings_csv", "seasons:games_csv", "night_results_csv"}


def test_no_cell_of_any_csv_starts_a_formula(keeper):
    group = make_group(keeper)
    season = Season.objects.create(
        group=group, name="Spring", start=date(2026, 3, 1), end=date(2026, 5, 31)
    )
    play(group, keeper, "thunee", FORMULAS, date(2026, 3, 5))
    play(group, keeper, "spades", FORMULAS[::-1], date(2026, 3, 6))
    night = a_night_of(group, keeper)
    client = Client()
    client.force_login(keeper)
    urls = {
        "seasons:standings_csv": reverse("seasons:standings_csv", args=[group.pk, season.pk]),
        "seasons:games_csv": reverse("seasons:games_csv", args=[group.pk, season.pk]),
        "night_results_csv": reverse("night_results_csv", args=[night.pk]),
    }
    assert set(urls) == csv_url_names()
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, name
        cells = [c for row in csv.reader(io.StringIO(response.content.decode())) for c in row]
        said = "\n".join(cells)
        for formula in FORMULAS:
            assert formula in said, (name, formula)  # every name is there, as typed
        assert any(cell.startswith("'") for cell in cells), name  # and quoted at a cell's start
        for cell in cells:
            assert not cell.startswith(STARTS) or csv_cells.is_number(cell), (name, cell)


@pytest.mark.parametrize(
    "text, cell",
    [
        ("=1+1", "'=1+1"),
        ("+1+2", "'+1+2"),
        ("-3+4", "'-3+4"),
        ("@SUM(1,1)", "'@SUM(1,1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("＝1+1", "'＝1+1"),  # a full-width equals sign: some spreadsheets read it as "="
        ("Asha", "Asha"),
        ("-3.25", "-3.25"),  # a number stays a number
        ("+1.20", "+1.20"),
        ("", ""),
    ],
)
def test_the_guard_quotes_what_a_spreadsheet_would_run(text, cell):
    assert csv_cells.cell(text) == cell


def test_numbers_are_written_as_they_are():
    out = io.StringIO()
    csv_cells.writer(out).writerow([-3, 2.5, "-3", "Dev"])
    assert out.getvalue().strip() == "-3,2.5,-3,Dev"
