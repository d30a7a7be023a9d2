"""Euchre's rules page, /rules/euchre/: every anchor an explanation line links to is a section
on it, it explains every house rule, its tables are labelled regions with named headers, and
it reads in Chinese as well as in English."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.rules.euchre import GAME, HOUSE_RULES, RULE_ANCHORS
from tests.support.logs import fixture_path
from tests.support.rules_pages import HAN, ZH, ids, rules_page

from .support import make_setup

pytestmark = pytest.mark.django_db

KEY = "euchre"
URL = f"/rules/{KEY}/"


@pytest.fixture
def page(client) -> str:
    return rules_page(client, KEY)


def test_every_rule_anchor_is_a_section_once(page):
    assert set(RULE_ANCHORS) <= set(ids(page)), sorted(set(RULE_ANCHORS) - set(ids(page)))
    assert len(ids(page)) == len(set(ids(page)))


def test_the_lines_of_the_fixture_and_the_lone_defender_link_to_sections(page):
    log = json.loads(fixture_path("euchre").read_text(encoding="utf-8"))
    setup = make_setup(names=log["players"], dealer=log["first_dealer"], **log["house_rules"])
    replayed, _ = GAME.replay(setup, log["deals"])
    rules = {line.rule for deal in replayed for line in deal.result.outcome.lines}
    assert rules == set(RULE_ANCHORS)  # the fixture reaches every one of them
    assert rules <= set(ids(page))


def test_the_contents_link_only_to_sections(page):
    contents = page[page.index('id="contents"') : page.index("</nav>")]
    links = set(re.findall(r'href="#([^"]+)"', contents))
    assert links >= set(RULE_ANCHORS) | {"house-rules"}
    assert links <= set(ids(page))


def test_the_house_rule_table_has_a_row_for_every_setting(page):
    assert sorted(re.findall(r'data-house-rule="([^"]+)"', page)) == sorted(
        rule.key for rule in HOUSE_RULES
    )


def test_every_table_is_a_labelled_region_with_named_headers(page):
    wraps = re.findall(r'<div class="table-wrap"([^>]*)>\s*<table', page)
    assert len(wraps) == page.count("<table") == 2
    for attrs in wraps:
        assert 'role="region"' in attrs and 'tabindex="0"' in attrs
        assert re.search(r'aria-label="[^"]+"', attrs)
    assert not re.search(r"<th[^>]*>\s*</th>", page)


def test_the_page_in_chinese(client):
    html = client.get(URL, **ZH).content.decode()
    assert "<h1>Euchre 规则</h1>" in html
    article = html[html.index('<article class="rules">') : html.index("</article>")]
    for paragraph in re.findall(r"<p[^>]*>(.*?)</p>", article, re.S):
        assert HAN.search(paragraph), paragraph  # no paragraph left in English
    assert "全胜" in article and "被击败" in article
