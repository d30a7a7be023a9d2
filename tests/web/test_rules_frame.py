"""The frame every game's rules page shares (templates/rules/base.html): the contents link to every
section of the page once, every section links back up to them, and the table of house rules is the
game's own settings, in its catalogue's words, each row linking to a section."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper import registry

from .seen import Element, seen

pytestmark = pytest.mark.django_db


def page(client, key: str) -> Element:
    response = client.get(reverse("rules", args=[key]))
    assert response.status_code == 200
    assert [t.name for t in response.templates][:2] == [f"rules/{key}.html", "rules/base.html"]
    return seen(response.content)


def ids(element: Element) -> list[str]:
    return [e.attrs["id"] for e in element.all() if e.attrs.get("id")]


@pytest.mark.parametrize("key", list(registry.GAMES))
def test_the_contents_and_the_links_up(client, key):
    shown = page(client, key)
    found = ids(shown)
    assert len(found) == len(set(found))
    contents = shown.by_id("contents")
    links = [a.attrs["href"][1:] for a in contents.all("a")]
    assert links and set(links) <= set(found)
    assert links[-1] == "house-rules"
    assert contents.all("h3")[-1].text == "House rules"
    sections = shown.all("section", **{"class": "rule"})
    assert sorted(links) == sorted(section.attrs["id"] for section in sections)  # each once
    for section in sections:
        assert section.one("a", **{"class": "up"}).attrs["href"] == "#contents", section.attrs


@pytest.mark.parametrize("key", list(registry.GAMES))
def test_the_house_rule_table_is_the_games_own_settings(client, key):
    shown = page(client, key)
    rows = shown.by_id("house-rules").all("tr", data_house_rule=True)
    rules = registry.game(key).rules.house_rules
    assert [row.attrs["data-house-rule"] for row in rows] == [rule.key for rule in rules]
    for row, rule in zip(rows, rules, strict=True):
        setting, choices = row.all("td")
        link = setting.one("a")
        assert link.text == rule.label
        assert link.attrs["href"][1:] in ids(shown)
        assert link.attrs["href"] != "#house-rules", f"{rule.key} links to no section of its own"
        assert rule.help in setting.text
        said = [alt.text for alt in choices.all("span", **{"class": "alt"})]
        assert said[: len(rule.labels)] == list(rule.labels)
        assert len(said) == len(rule.labels) + (rule.numbers is not None)
