"""The seasons pages: only a group's members see them (404 for everyone else), only its admins
change seasons; every page renders its tables and charts (SVG drawn on the server, no script)."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import reverse

from scorekeeper.games.models import Player
from scorekeeper.seasons.models import Season
from tests.support.groups import play_the_other_games
from tests.support.logs import game_keys

from .conftest import A, D

pytestmark = pytest.mark.django_db


def pages(table) -> list[str]:
    g, s = table.group.pk, table.autumn.pk
    asha = Player.objects.get(name=A).pk
    return [
        reverse("seasons:standings", args=[g, s]),
        reverse("seasons:standings", args=[g, "all-time"]),
        reverse("seasons:partnerships", args=[g, s]),
        reverse("seasons:head_to_head", args=[g, s]) + f"?a={asha}&b={asha + 3}",
        reverse("seasons:games", args=[g, s]),
        reverse("seasons:player", args=[g, "all-time", asha]),
        reverse("seasons:standings_csv", args=[g, s]),
        reverse("seasons:games_csv", args=[g, "all-time"]),
        reverse("seasons:json", args=[g, s]),
    ]


def test_members_see_every_page(client, table, factory):
    member = factory.make_user("member")
    from scorekeeper.groups.models import Membership

    Membership.objects.create(group=table.group, user=member, role="member")
    client.force_login(member)
    for url in pages(table):
        assert client.get(url).status_code == 200, url
    index = client.get(reverse("seasons:index")).content.decode()
    assert "Friday table" in index and "Autumn 2026" in index and "All time" in index
    assert "New season" not in index  # for admins only


def test_everyone_else_gets_404_and_strangers_the_login(client, table, factory):
    client.force_login(factory.make_user("stranger"))
    for url in pages(table):
        assert client.get(url).status_code == 404, url
    assert "Friday table" not in client.get(reverse("seasons:index")).content.decode()
    client.logout()
    for url in pages(table):
        response = client.get(url)
        assert response.status_code == 302 and "/login/" in response["Location"], url


def test_a_season_of_another_group_is_404(client, table, factory):
    from tests.support.groups import make_group

    other = make_group(factory.make_user("k"), "Other")
    theirs = Season.objects.create(
        group=other, name="Theirs", start=date(2026, 1, 1), end=date(2026, 2, 1)
    )
    client.force_login(table.keeper)
    url = reverse("seasons:standings", args=[table.group.pk, theirs.pk])
    assert client.get(url).status_code == 404


def test_only_admins_make_change_and_import_seasons(client, table, factory):
    from scorekeeper.groups.models import Membership

    member = factory.make_user("member")
    Membership.objects.create(group=table.group, user=member, role="member")
    g = table.group.pk
    admin_pages = [
        reverse("seasons:new", args=[g]),
        reverse("seasons:edit", args=[g, table.autumn.pk]),
        reverse("seasons:import", args=[g]),
    ]
    client.force_login(member)
    for url in admin_pages:
        assert client.get(url).status_code == 404, url
        assert client.post(url, {"name": "x"}).status_code == 404, url
    # A member who is not the game's keeper cannot mark it friendly.
    friendly = reverse("seasons:friendly", args=[g, table.games["t1"].pk])
    assert client.post(friendly, {"friendly": "1"}).status_code == 404

    client.force_login(table.keeper)
    for url in admin_pages:
        assert client.get(url).status_code == 200, url
    new = client.post(
        admin_pages[0], {"name": "Spring 2027", "start": "2027-01-01", "end": "2027-03-31"}
    )
    assert new.status_code == 302
    spring = Season.objects.get(name="Spring 2027")
    overlap = client.post(
        admin_pages[0], {"name": "Clash", "start": "2026-05-01", "end": "2026-06-30"}
    )
    assert "overlaps these dates" in overlap.content.decode()
    backwards = client.post(
        admin_pages[0], {"name": "Back", "start": "2028-05-01", "end": "2028-04-30"}
    )
    assert "comes before the first" in backwards.content.decode()
    edit = reverse("seasons:edit", args=[g, spring.pk])
    client.post(edit, {"name": "Spring", "start": "2027-01-01", "end": "2027-02-28"})
    spring.refresh_from_db()
    assert spring.name == "Spring" and spring.end == date(2027, 2, 28)
    asked = client.post(edit, {"delete": "1"}).content.decode()  # the button asks first
    assert "Delete the season?" in asked and 'name="delete" value="confirmed"' in asked
    assert "Spring, 1 Jan 2027 – 28 Feb 2027" in asked
    assert Season.objects.filter(pk=spring.pk).exists()
    client.post(edit, {"delete": "confirmed"})
    assert not Season.objects.filter(pk=spring.pk).exists()


def test_standings_page_shows_every_game_table(client, table):
    played = {game.kind for game in table.games.values()}
    play_the_other_games(table.group, table.keeper, date(2026, 4, 25), played)
    client.force_login(table.keeper)
    html = client.get(reverse("seasons:standings", args=[table.group.pk, table.autumn.pk]))
    html = html.content.decode()
    for kind in game_keys():
        assert f'data-testid="standings-{kind}"' in html
    for label in ["Balls for", "Khanaaks made", "Bags", "Nils made", "Chips won (net)", "Points"]:
        assert label in html
    assert "Levels gained" in html and "Times trump maker" in html
    assert 'href="/seasons/' in html and "Season's game logs (JSON)" in html


def test_head_to_head_page(client, table):
    client.force_login(table.keeper)
    asha, dev = Player.objects.get(name=A).pk, Player.objects.get(name=D).pk
    url = reverse("seasons:head_to_head", args=[table.group.pk, table.autumn.pk])
    html = client.get(f"{url}?a={asha}&b={dev}").content.decode()
    assert 'data-testid="versus"' in html and "Asha ahead" in html and "Dev ahead" in html
    same = client.get(f"{url}?a={asha}&b={asha}").content.decode()
    assert "Choose two different players." in same
    assert client.get(f"{url}?a=x&b=999999").status_code == 200


def test_head_to_head_says_when_its_list_of_games_is_cut(client, table, monkeypatch):
    from scorekeeper.seasons import views

    client.force_login(table.keeper)
    asha, dev = Player.objects.get(name=A).pk, Player.objects.get(name=D).pk
    url = reverse("seasons:head_to_head", args=[table.group.pk, table.autumn.pk])
    html = client.get(f"{url}?a={asha}&b={dev}").content.decode()
    shown = html.split("Their games</h2>")[1].split("</ul>")[0].count("<li>")
    assert shown >= 2 and "The last" not in html  # all of them: nothing to say
    monkeypatch.setattr(views, "MEETINGS_SHOWN", 1)
    html = client.get(f"{url}?a={asha}&b={dev}").content.decode()
    assert f"The last 1 of their {shown} games." in html
    assert html.split("Their games</h2>")[1].split("</ul>")[0].count("<li>") == 1


def svgs(html: str) -> list[str]:
    return re.findall(r"<svg\b.*?</svg>", html, flags=re.S)


def test_charts_are_server_svg_that_scale_without_script(client, table):
    client.force_login(table.keeper)
    asha = Player.objects.get(name=A).pk
    player = client.get(reverse("seasons:player", args=[table.group.pk, "all-time", asha]))
    charts = svgs(player.content.decode())
    assert len(charts) == 5  # one per game Asha played
    game = client.get(reverse("game", args=[table.games["z1"].pk])).content.decode()
    (chart,) = svgs(game)
    for svg in [*charts, chart]:
        assert re.search(r'viewBox="0 0 \d+ \d+"', svg)
        head = svg[: svg.index(">")]
        assert "width=" not in head and "height=" not in head  # scales to its box
        assert "<script" not in svg
    assert "Chen" not in chart and "Asha" in chart  # the game's own names
    assert "The score (levels) after every deal" in game
    assert ">past A<" in chart or ">A<" in chart  # Zhao Pengyou's axis names its levels


def test_a_players_page_says_lost_for_a_side_game_and_the_place_where_all_play_alone(client, table):
    client.force_login(table.keeper)
    asha = Player.objects.get(name=A).pk
    html = client.get(reverse("seasons:player", args=[table.group.pk, "all-time", asha]))
    sections = html.content.decode().split("<h3")[1:]
    spades = next(s for s in sections if "Spades" in s[: s.index("</h3>")])
    pottle = next(s for s in sections if "Pottle" in s[: s.index("</h3>")])
    assert "<td>lost</td>" in spades and "place" not in spades  # side against side
    assert re.search(r"<td>(won|place \d)</td>", pottle)  # everyone for themselves


def test_game_page_chart_for_every_game_and_none_before_a_deal(client, table, factory):
    client.force_login(table.keeper)
    for key in ["t1", "s1", "n1", "p1", "z1"]:
        html = client.get(reverse("game", args=[table.games[key].pk])).content.decode()
        assert len(svgs(html)) == 1, key
    fresh = factory.make_game(table.keeper)
    assert svgs(client.get(reverse("game", args=[fresh.pk])).content.decode()) == []


def test_an_overlapping_season_is_named_with_its_dates(client, table):
    """The refusal says which seasons are in the way, so the admin need not go and look."""
    client.force_login(table.keeper)
    url = reverse("seasons:new", args=[table.group.pk])
    page = client.post(url, {"name": "Clash", "start": "2026-05-01", "end": "2026-06-30"})
    html = page.content.decode()
    assert "overlaps these dates" in html
    assert "Winter 2026 (1 Jun 2026 – 31 Aug 2026)" in html
    assert "Autumn 2026 (1 Mar 2026 – 31 May 2026)" in html
    assert 'value="Clash"' in html  # the input is kept
    assert Season.objects.filter(group=table.group).count() == 2


def test_the_games_list_says_each_summary_in_the_readers_language(client, table):
    """A summary with words (Pottle's pot, Zhao Pengyou's 'past A') is kept as its template, so
    the season's games list says it in Chinese to a Chinese reader and in English to others."""
    from scorekeeper.seasons.models import GameRecord

    client.force_login(table.keeper)
    url = reverse("seasons:games", args=[table.group.pk, "all-time"])
    english = client.get(url).content.decode()
    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    pottle = GameRecord.objects.get(game=table.games["p1"])
    assert ", pot " in pottle.summary and pottle.summary_said["template"] == "{chips}, pot {pot}"
    chips = pottle.summary.split(", pot ")[0]
    assert f"{pottle.summary}" in english
    assert (
        f"{chips}，底池 {pottle.summary_said['pot']}" in chinese and pottle.summary not in chinese
    )
    zhao = GameRecord.objects.get(game=table.games["z1"])
    assert zhao.summary in english
    assert "past A" in zhao.summary and "2 · 2 · 过A · 过A · 6 · 3" in chinese


@pytest.mark.parametrize(
    ("value", "said"), [(-1.54, "−1.5"), (2.06, "2.1"), (-0.04, "0.0"), (0.0, "0.0"), (None, "")]
)
def test_a_rating_is_written_with_the_minus_its_change_has(value, said):
    from scorekeeper.seasons.templatetags.season_charts import rating

    assert rating(value) == said
