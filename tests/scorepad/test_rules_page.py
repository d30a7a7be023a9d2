"""The scorepad's rules page, /rules/scorepad/: every anchor an explanation line links to is a
section on it, the contents and the house-rule table link only to its sections, it explains
every house rule, and it reads in Chinese as well as in English."""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper.rules.scorepad import GAME, HOUSE_RULES, RULE_ANCHORS
from tests.support.logs import fixture_path
from tests.support.rules_pages import HAN, ZH, ids, rules_page

pytestmark = pytest.mark.django_db

KEY = "scorepad"
URL = f"/rules/{KEY}/"


@pytest.fixture
def page(client) -> str:
    return rules_page(client, KEY)


def test_every_rule_anchor_is_a_section_once(page):
    assert set(RULE_ANCHORS) <= set(ids(page)), sorted(set(RULE_ANCHORS) - set(ids(page)))
    assert len(ids(page)) == len(set(ids(page)))


def test_the_fixture_reaches_every_anchor(page):
    log = json.loads(fixture_path("scorepad").read_text(encoding="utf-8"))
    replayed, _ = GAME.replay(GAME.setup(log), log["deals"])
    rules = {line.rule for deal in replayed for line in deal.result.outcome.lines}
    assert rules == set(RULE_ANCHORS)


def test_the_contents_and_the_house_rule_table_link_only_to_sections(page):
    contents = page[page.index('id="contents"') : page.index("</nav>")]
    links = set(re.findall(r'href="#([^"]+)"', contents))
    assert links >= set(RULE_ANCHORS) | {"house-rules"}
    table = page[page.index('class="house-table"') :]
    assert set(re.findall(r'href="#([^"]+)"', table)) <= set(ids(page))
    assert set(re.findall(r'href="#([^"]+)"', contents)) <= set(ids(page))


def test_the_house_rule_table_has_a_row_for_every_setting(page):
    assert sorted(re.findall(r'data-house-rule="([^"]+)"', page)) == sorted(
        rule.key for rule in HOUSE_RULES
    )


def test_it_reads_in_chinese(client):
    page = client.get(URL, **ZH).content.decode()
    assert "记分板规则" in page
    body = page[page.index("<article") : page.index("</article>")]
    english = re.findall(r">\s*([A-Z][a-z]+(?: [a-z]+){3,})", body)
    assert english == [], english[:5]
    assert len(HAN.findall(body)) > 500
