"""The Thunee rules page: it renders for anyone, and every anchor an explanation line links to
(`/rules/thunee/#<rule>`) is a section on it, now and whenever the core gains a new one."""

from __future__ import annotations

import ast
import inspect
from html.parser import HTMLParser
from typing import Any

import pytest
from django.urls import reverse

from scorekeeper.rules.thunee import (
    HOUSE_RULE_CHOICES,
    GameState,
    Setup,
    parse_deal,
    replay,
    score_deal,
)
from scorekeeper.rules.thunee import words as words_module

pytestmark = pytest.mark.django_db

URL = "/rules/thunee/"

# The sections the brief promises (and that the presenters link to).
ANCHORS = {
    "cards",
    "dealing",
    "calls",
    "counting",
    "jodies",
    "balls",
    "thunee",
    "blind-thunee",
    "royals",
    "double",
    "khanaak",
    "corner-house",
    "penalties",
    "cancelled",
    "forfeit",
    "winning",
    "13",
    "two-to-clear",
    "trips",
    "moenie",
    "six-players",
    "two-players",
    "house-rules",
}

TOC_GROUPS = [
    "Before the play",
    "During the play",
    "The count",
    "Special calls",
    "Scoring and winning",
    "Penalties",
    "Other table sizes",
    "House rules",
]


class _Page(HTMLParser):
    """Collects every id, the contents' links and headings, and the house-rule table rows."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.house_rules: list[str] = []
        self.toc_headings: list[str] = []
        self._nav_depth = 0
        self._in_h3 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(a["id"] or "")
        if tag == "nav" and a.get("id") == "contents":
            self._nav_depth = 1
        elif self._nav_depth and tag == "nav":
            self._nav_depth += 1
        if tag == "a" and a.get("href"):
            self.hrefs.append(a["href"] or "")
        if tag == "tr" and a.get("data-house-rule"):
            self.house_rules.append(a["data-house-rule"] or "")
        if self._nav_depth and tag == "h3":
            self._in_h3 = True
            self.toc_headings.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav" and self._nav_depth:
            self._nav_depth -= 1
        if tag == "h3":
            self._in_h3 = False

    def handle_data(self, data: str) -> None:
        if self._in_h3:
            self.toc_headings[-1] += data


@pytest.fixture
def page(client) -> _Page:
    response = client.get(URL)
    assert response.status_code == 200
    parsed = _Page()
    parsed.feed(response.content.decode())
    return parsed


# ---- the page ---------------------------------------------------------------------------------


def test_url_name_and_anonymous_access(client):
    assert reverse("rules", args=["thunee"]) == URL
    response = client.get(URL)  # nobody logged in
    assert response.status_code == 200
    assert "rules/thunee.html" in [t.name for t in response.templates]
    assert b"css/rules.css" in response.content


def test_only_get(client):
    assert client.post(URL).status_code == 405


def test_every_anchor_is_an_id(page):
    assert set(page.ids) >= ANCHORS, sorted(ANCHORS - set(page.ids))


def test_ids_are_unique(page):
    assert len(page.ids) == len(set(page.ids))


def test_contents_link_to_every_section_in_the_players_groups(page):
    assert page.toc_headings == TOC_GROUPS
    local = {h[1:] for h in page.hrefs if h.startswith("#")}
    assert local >= ANCHORS
    assert local <= set(page.ids), "a link points at a section that does not exist"


def test_house_rule_table_has_a_row_for_every_setting(page):
    assert sorted(page.house_rules) == sorted(HOUSE_RULE_CHOICES)


# ---- every rule anchor the core can put on an explanation line ----------------------------------

NAMES = {
    "4p": ["Asha", "Bongani", "Chetan", "Dev"],
    "6p": ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk"],
    "2p-two-deal": ["Asha", "Bongani"],
    "2p-open-face": ["Asha", "Bongani"],
}


def _setup(mode: str = "4p", balls: tuple[int, int] = (0, 0), **rules: Any) -> Setup:
    return Setup.create(
        mode=mode, players=NAMES[mode], first_dealer=0, house_rules=rules, start_balls=balls
    )


# Seat 0 deals first. With no call seat 1 (on the dealer's right) makes trumps, so team 0 (seats
# 0 and 2) counts; these 120 card points and the last trick win it one ball.
NORMAL = {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120}
RESULTS = ("success", "failed", "partner_catch")


def _special(name: str, seat: int, result: str | None = None, /, **facts: Any) -> dict[str, Any]:
    """A special call (with its result, or to be judged from the play facts given)."""
    special = {"call": name, "seat": seat}
    if result is not None:
        special["result"] = result
    return {**facts, "special": special}


KHANAAK_EXAMPLE = _special(
    "khanaak",
    3,
    trump_maker=3,
    call=20,
    jodies=[{"seat": 3, "value": 50}, {"seat": 0, "value": 20}],
    last_trick=3,
    counting_points=25,
)

# (setup, deals): each list is replayed as one game, so a later deal is dealt by whoever the rules
# say; most scenarios are a single deal dealt by seat 0.
SCENARIOS: list[tuple[Setup, list[dict[str, Any]]]] = [
    # Normal deals: no call; calling turns with both at once and Jodies; a call beaten; a call made.
    (_setup(), [NORMAL]),
    (
        _setup(),
        [
            {
                "trump_maker": 3,
                "calls": ["single", "both"],
                "jodies": [{"seat": 1, "value": 20}, {"seat": 2, "value": 40}],
                "last_trick": 1,
                "counting_points": 60,
            }
        ],
    ),
    (_setup(), [{"trump_maker": 0, "call": 10, "last_trick": 1, "counting_points": 200}]),
    (_setup(), [{"trump_maker": 0, "call": 10, "last_trick": 0, "counting_points": 40}]),
    # Who deals next: the deal passes, then (dealer's team lost) the same dealer deals again.
    (
        _setup(rotation="loser-deals-again"),
        [NORMAL, {"trump_maker": 2, "call": 0, "last_trick": 2, "counting_points": 40}],
    ),
    (_setup(balls=(5, 7)), [NORMAL]),
    # Thunee and its relatives, every result.
    *[(_setup(), [_special("thunee", 2, r)]) for r in RESULTS],
    *[
        (_setup(blind_thunee=8, royals=True), [_special(c, 1, r)])
        for c in ("royals", "blind_thunee", "blind_royals")
        for r in RESULTS
    ],
    # Double by the trump makers (judged from the facts), and backward by the counting team.
    (_setup(), [_special("double", 1, trump_maker=1, call=0, last_trick=1, counting_points=0)]),
    (_setup(), [_special("double", 1, trump_maker=1, call=0, last_trick=3, counting_points=0)]),
    (_setup(), [_special("double", 1, trump_maker=1, call=0, last_trick=0, counting_points=40)]),
    (_setup(), [_special("double", 1, trump_maker=0, call=10, last_trick=1, counting_points=304)]),
    (_setup(), [_special("double", 1, "failed", trump_maker=0, call=10)]),
    # Khanaak under every count; backward; a partner catch; 13 balls after a Khanaak.
    *[(_setup(khanaak_count=c), [KHANAAK_EXAMPLE]) for c in ("full", "without-call", "jodie-only")],
    (_setup(), [_special("khanaak", 1, "success", trump_maker=0, call=10)]),
    (_setup(), [_special("khanaak", 1, trump_maker=1, call=0, last_trick=3, counting_points=29)]),
    (
        _setup(winning_balls="13-after-khanaak"),
        [_special("khanaak", 1, "failed", trump_maker=1, call=0)],
    ),
    # Penalty, cancelled deals, forfeited balls.
    (_setup(), [{"penalty": {"seat": 2, "reason": "colour cutting"}}]),
    (
        _setup(redeal_on_weak_four=True),
        [
            {"cancelled": "the counting team held no trumps"},
            {"cancelled": "the trump chooser's first four cards were worth 10 or less"},
        ],
    ),
    (_setup(), [{**NORMAL, "forfeited": True}]),
    # Corner house Double; a game won; two to clear: the reset, then a two-ball lead.
    (_setup(balls=(11, 3)), [_special("double", 0, "success", trump_maker=1, call=0)]),
    (_setup(balls=(11, 3)), [NORMAL]),
    (
        _setup(balls=(10, 11), two_to_clear="on"),
        [
            NORMAL,  # 11-11: both back to 0-0; level, so the deal passes to seat 1
            {"trump_maker": 2, "call": 0, "last_trick": 2, "counting_points": 0},  # 1-0
            {"trump_maker": 2, "call": 0, "last_trick": 2, "counting_points": 0},  # 2-0: won
        ],
    ),
    # Six players: Trips and Moenie, every result.
    *[
        (_setup("6p", trips_partner_catch=6), [_special(c, 2, r)])
        for c in ("trips", "moenie")
        for r in RESULTS
    ],
    (_setup("6p"), [{"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120}]),
    # Two players, both ways.
    (
        _setup("2p-two-deal"),
        [{"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 160}],
    ),
    (
        _setup("2p-open-face"),
        [{"trump_maker": 1, "call": 20, "last_trick": 1, "counting_points": 160}],
    ),
]


def _all_lines() -> list[Any]:
    lines = []
    for setup, deals in SCENARIOS:
        replayed, _ = replay(setup, deals)
        for deal in replayed:
            lines.extend(deal.result.outcome.lines)
    return lines


def _anchors_written_in_words() -> set[str]:
    """Every rule anchor spelled out in words.py: the third argument (or `rule=`) of each Line(...)
    that is a string, and every value `_rule_of` can return. A new anchor there must be on the page
    even before any deal here produces it."""
    tree = ast.parse(inspect.getsource(words_module))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Line":
            rule = node.args[2] if len(node.args) > 2 else None
            rule = next((k.value for k in node.keywords if k.arg == "rule"), rule)
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                found.add(rule.value)
        if isinstance(node, ast.FunctionDef) and node.name == "_rule_of":
            for inner in ast.walk(node):
                if isinstance(inner, ast.Dict):
                    found.update(
                        v.value
                        for v in inner.values
                        if isinstance(v, ast.Constant) and isinstance(v.value, str)
                    )
    return found


def test_every_rule_on_an_explanation_line_is_a_section(page):
    lines = _all_lines()
    rules = {line.rule for line in lines}
    missing = sorted(rules - set(page.ids))
    assert not missing, f"explanation lines link to #{missing} but the page has no such section"


def test_the_deals_here_reach_every_anchor_written_in_the_core(page):
    written = _anchors_written_in_words()
    assert written, "found no rule anchors in words.py: has the Line(...) call changed shape?"
    missing = sorted(written - set(page.ids))
    assert not missing, f"words.py links to #{missing} but the page has no such section"
    produced = {line.rule for line in _all_lines()}
    unreached = sorted(written - produced)
    assert not unreached, f"add a deal to SCENARIOS that puts #{unreached} on a line"


def test_the_scenarios_cover_every_kind_of_line():
    codes = {line.code for line in _all_lines()}
    assert {
        "trumps",
        "start",
        "count",
        "balls",
        "special",
        "special_result",
        "khanaak_count",
        "corner_house_double",
        "penalty",
        "cancelled",
        "forfeited",
        "target",
        "deuce",
        "game_over",
        "dealer",
    } <= codes


# ---- the page's worked examples are what the core scores ---------------------------------------


def _score(deal: dict[str, Any], setup: Setup) -> Any:
    return score_deal(parse_deal(deal, setup), GameState.initial(setup), setup).outcome


def test_counting_example_20_out_needs_125():
    deal = {
        "trump_maker": 2,
        "call": 30,
        "jodies": [{"seat": 2, "value": 40}],
        "last_trick": 2,
        "counting_points": 125,
    }
    out = _score(deal, _setup())
    assert out.cards_needed == 125
    assert out.balls == (0, 2)
    assert _score({**deal, "counting_points": 124}, _setup()).balls == (1, 0)


@pytest.mark.parametrize(
    ("count", "value", "result"),
    [("full", 5, "failed"), ("without-call", -15, "success"), ("jodie-only", -35, "success")],
)
def test_khanaak_example_under_each_count(count, value, result):
    deal = {
        "trump_maker": 3,
        "call": 20,
        "jodies": [{"seat": 3, "value": 50}, {"seat": 0, "value": 20}],
        "last_trick": 3,
        "counting_points": 25,
        "special": {"call": "khanaak", "seat": 3},
    }
    out = _score(deal, _setup(khanaak_count=count))
    assert out.special == ("khanaak", result)
    assert [line.points for line in out.lines if line.code == "khanaak_count"] == [value]
    assert out.balls == ((0, 3) if result == "success" else (4, 0))


def test_two_to_clear_example_jumps_the_tie_with_a_thunee():
    setup = _setup(balls=(8, 11), two_to_clear="on")
    _, state = replay(setup, [_special("thunee", 0, "success")])
    assert state.finished and state.winning_team == 0 and state.balls == (12, 11)
    # One ball at a time instead: 9-11, 10-11, 11-11, and both go back to 0-0.
    _, state = replay(setup, [NORMAL, NORMAL, NORMAL])
    assert state.deuce and state.balls == (0, 0) and not state.finished


def test_two_player_example_needs_155():
    deal = {
        "trump_maker": 1,
        "call": 20,
        "jodies": [{"seat": 1, "value": 40}],
        "last_trick": 1,
        "counting_points": 155,
    }
    out = _score(deal, _setup("2p-two-deal"))
    assert out.lines[1].points == -30  # "starts 30 out"
    assert out.cards_needed == 155


def test_13_after_khanaak_example_a_team_on_9_makes_12_and_plays_on():
    setup = _setup(balls=(9, 4), winning_balls="13-after-khanaak")
    _, state = replay(setup, [_special("khanaak", 0, "success", trump_maker=0, call=10)])
    assert state.balls == (12, 4) and state.target == 13 and not state.finished


def test_dealing_example_behind_deals_again_level_passes():
    setup = _setup(balls=(5, 7))  # seat 0 deals for team 0, which is behind
    _, state = replay(setup, [NORMAL])  # wins 1 ball: 6-7
    assert state.balls == (6, 7) and state.dealer == 0
    beat_a_call = {"trump_maker": 1, "call": 20, "last_trick": 0, "counting_points": 120}
    _, state = replay(setup, [beat_a_call])  # wins 2 balls: 7-7
    assert state.balls == (7, 7) and state.dealer == 1
