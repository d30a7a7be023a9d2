"""A visitor's first deal of any registered game, tapped as a person at the table would: from
the home page, through the new-game page, to the first deal saved, counting every tap.

The deal is the game's own hand-worked example, the first deal of its fixture log
(tests/gamelog/fixtures/<key>.json), cut to the facts its score needs (a fact the score does
not depend on, such as Pottle's trumps noted "if you like", is left at the form's default), so
a game joins through the registry with nothing written here. What the form already shows (a
default chip, a count the others decide) costs no tap; names typed are not taps; a number typed
in a box is one tap (the box) and its keys, counted apart.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page, expect

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.bid_forms import SeatNumbersForm
from scorekeeper.games.models import Game
from scorekeeper.pwa import offline_forms as offline
from tests.support.logs import fixture_log


@dataclass
class Taps:
    """Every tap made on the page, and the keys of numbers typed (names are not counted)."""

    page: Page
    steps: list[str] = field(default_factory=list)
    keys: int = 0

    @property
    def count(self) -> int:
        return len(self.steps)

    def tap(self, target: Locator, what: str) -> None:
        target.scroll_into_view_if_needed()
        target.tap()
        self.steps.append(what)

    def type_number(self, box: Locator, text: str, what: str) -> None:
        self.tap(box, what)
        box.fill(text)
        self.keys += len(text)


def new_game_link(page: Page, key: str) -> Locator:
    return page.locator(f'.new-games a[href$="?game={key}"]')


def start_as_visitor(page: Page, base: str, key: str, taps: Taps, shot=None) -> int:
    """From the home page to the new game's page with the fixture's players and first dealer
    (and mode): the game's id. shot(name): called on the new-game page before it is sent."""
    doc = fixture_log(key)
    page.goto(f"{base}/")
    taps.tap(new_game_link(page, key), f"new {key} game")
    expect(page).to_have_url(re.compile(r"/games/new/"))
    if doc.get("mode"):
        mode = page.locator(f'input[name=mode][value="{doc["mode"]}"]')
        if not mode.is_checked():
            taps.tap(
                page.locator(f'label.chip:has(input[name=mode][value="{doc["mode"]}"])'), "mode"
            )
    for seat, name in enumerate(doc["players"]):
        page.fill(f"#id_player_{seat}", name)
    dealer = page.locator(f'input[name=first_dealer][value="{doc["first_dealer"]}"]')
    if dealer_matters(key) and not dealer.is_checked():
        chip = f'label.chip:has(input[name=first_dealer][value="{doc["first_dealer"]}"])'
        taps.tap(page.locator(chip), "first dealer")
    if shot:
        shot("new-game")
    taps.tap(page.locator("form.new-game button[type=submit]"), "start game")
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.locator("#deal-submit")).to_be_visible()
    return int(re.search(r"/games/(\d+)/", page.url)[1])


def dealer_matters(key: str) -> bool:
    """Whether the fixture's first deal scores otherwise when the first seat deals, as the
    new-game page has it (else the visitor leaves that choice alone: Zhao Pengyou's first deal
    is started by whoever makes trumps)."""
    rules = registry.game(key).rules
    doc = fixture_log(key)
    facts = {k: v for k, v in doc["deals"][0].items() if k != rules.dealer_field}
    after = []
    for seat in (doc["first_dealer"], 0):
        envelope = {k: doc[k] for k in ("mode", "players") if k in doc}
        setup = rules.setup(envelope | {"first_dealer": seat})
        after.append(_after(rules, setup, facts))
    return after[0] != after[1]


# ---- the deal: the fixture's first, as few facts as its score needs ----------------------------


def _after(rules, setup, facts: dict[str, Any]) -> dict[str, Any] | None:
    """The state after `facts` as the first deal, in cache form; None if the rules refuse it."""
    try:
        result = rules.score_deal(rules.parse_deal(facts, setup), rules.initial_state(setup), setup)
    except Exception:  # a refusal: this fact is needed
        return None
    return rules.state_to_cache(result.after)


def first_deal(game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fixture's first deal cut to the facts the score needs in this game (its setup is the
    new-game page's defaults), and the state it must leave, in cache form. Facts a new deal's
    forms do not ask (Nigerian Thuni's draw for the next deal, asked only in an edit) are left
    out as well: the next deal asks them."""
    entry = registry.game(game.kind)
    rules = services.rules_of(game)
    setup = services.setup_of(game)
    state = rules.initial_state(setup)
    asked = set()
    for stage in offline.stages(entry):
        asked |= set(entry.deal_form(setup=setup, state=state, rules=rules, stage=stage).fields)
    facts = {
        key: value
        for key, value in fixture_log(game.kind)["deals"][0].items()
        if key != rules.dealer_field
        and set(entry.deal_form.initial_from_facts({key: value})) & asked
    }
    expected = _after(rules, setup, facts)
    assert expected is not None, f"{game.kind}: the fixture's first deal is refused here"
    for key in list(facts):
        fewer = {k: v for k, v in facts.items() if k != key}
        if _after(rules, setup, fewer) == expected:
            facts = fewer
    return facts, expected


def state_now(game: Game) -> dict[str, Any]:
    game.refresh_from_db()
    rules = services.rules_of(game)
    return rules.state_to_cache(services.state_from_cache(game, services.setup_of(game)))


def fill_deal(page: Page, game: Game, facts: dict[str, Any], taps: Taps, shot=None) -> int:
    """Tap the deal in, stage by stage (the bids, then the tricks), and save it: the number of
    stages. shot(name): called before each stage's button."""
    stages = 0
    while True:
        stages += 1
        stage = fill_stage(page, game, facts, taps)
        if shot:
            shot(f"stage-{stage}")
        taps.tap(page.locator("#deal-submit"), f"save ({stage})")
        if stage != "opening":
            expect(page.locator("#deal-1")).to_be_attached()
            return stages
        expect(page.locator("#deal-form")).not_to_have_class(re.compile(r"stage-opening"))


def fill_stage(page: Page, game: Game, facts: dict[str, Any], taps: Taps) -> str:
    """Tap in what the form shows now of the deal (all of it, or the bids, or the tricks), in
    the order of the page: the stage."""
    values = registry.game(game.kind).deal_form.initial_from_facts(facts)
    form = page.locator("#deal-form")
    stage = (form.get_attribute("class") or "").split("stage-")[-1]
    names = form.evaluate(
        "f => [...new Set([...f.elements].filter(e => e.name && e.type !== 'hidden')"
        ".map(e => e.name))]"
    )
    for name in names:
        if name in values:
            _enter(page, name, values[name], taps)
    return stage


def _enter(page: Page, name: str, value: Any, taps: Taps) -> None:
    controls = page.locator(f'#deal-form [name="{name}"]')
    first = controls.first
    kind = first.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
    if kind == "radio":
        if value in (None, ""):
            return  # nothing chosen: as the form shows it
        radio = page.locator(f'#deal-form input[name="{name}"][value="{value}"]')
        if not radio.is_checked():
            _open_around(radio, taps)
            taps.tap(
                page.locator(f'#deal-form label:has(> input[name="{name}"][value="{value}"])'), name
            )
    elif kind == "checkbox":
        wanted = {str(v) for v in value} if isinstance(value, list | tuple) else None
        for n in range(controls.count()):
            box = controls.nth(n)
            on = bool(value) if wanted is None else box.get_attribute("value") in wanted
            # A list's box checked already is left alone: the page keeps it so (Zhao Pengyou's
            # trump maker is on the team anyway); the saved deal is checked afterwards.
            if box.is_checked() != on and (wanted is None or on):
                _open_around(box, taps)
                taps.tap(
                    box.locator("xpath=ancestor::label[1]"), f"{name} {box.get_attribute('value')}"
                )
    elif kind == "select":
        if value not in (None, "") and first.input_value() != str(value):
            _open_around(first, taps)
            first.select_option(str(value))
            taps.steps += [f"{name} (open)", name]
    elif first.get_attribute("data-pad") is not None:
        _pad(page, first, "" if value is None else str(value), name, taps)
    elif first.input_value() != str(value):
        _open_around(first, taps)
        taps.type_number(first, str(value), name)


def _pad(page: Page, box: Locator, value: str, name: str, taps: Taps) -> None:
    """One tap per number; on a pad of tens with a +5 key, the tens then +5."""
    if box.input_value() == value:
        return  # already there: the default, or filled in from the others
    pad = box.locator("xpath=following-sibling::div[contains(@class, 'pad')][1]")
    step = int(box.get_attribute("data-pad-step") or 1)
    low = int(box.get_attribute("min") or 0)
    extra = (int(value) - low) % step if value else 0
    _open_around(box, taps)
    taps.tap(pad.locator(f'.pad-key[data-value="{int(value) - extra if value else ""}"]'), name)
    if extra:
        taps.tap(pad.locator(".pad-key.pad-plus"), f"{name} +{extra}")
    expect(box).to_have_value(value)


def _open_around(control: Locator, taps: Taps) -> None:
    """Open the folded part a control sits in (a tap on its summary)."""
    closed = control.locator("xpath=ancestor::details[not(@open)]")
    for n in range(closed.count()):
        taps.tap(closed.nth(n).locator("xpath=./summary"), "open")


# ---- how few taps ------------------------------------------------------------------------------
# Getting there and saving take one tap to the game's new-game page, one to start it and one to
# save each stage of the deal (the bids, then the tricks): 3 or 4. The rest is the deal itself,
# one tap per fact the form does not show already: at most 6 in all for a deal of a few facts
# (who won the last trick, the points), more for a deal of a number per player, which cannot be
# fewer than one tap per number said at the table (the last count, filled from the others, is
# not a tap). The README prints the counts: SHOW_TAPS=1 with test_targets.py's English run.

GETTING_THERE = ("new ", "start game", "save ")  # the steps that enter no fact of the deal


def said_numbers(key: str, facts: dict) -> int:
    """How many numbers per player the deal holds that nobody can work out from the others:
    every bid, and the tricks but one (the last count follows from the rest)."""
    form = registry.game(key).deal_form
    if not issubclass(form, SeatNumbersForm):
        return 0
    said = 0
    for numbers in form.OPENING + form.CLOSING:
        values = facts.get(numbers.fact) or []
        filled = [v for v in values if v is not None]
        said += len(filled) - (1 if numbers.total is not None and filled else 0)
    return said


def too_many_taps(key: str, facts: dict, stages: int, taps: Taps) -> list[str]:
    """What a visitor's first deal of the game took beyond a few taps (nothing, if it took no
    more than the above)."""
    getting_there = [s for s in taps.steps if s.startswith(GETTING_THERE)]
    deal = [s for s in taps.steps if not s.startswith(GETTING_THERE)]
    numbers = said_numbers(key, facts)
    if os.environ.get("SHOW_TAPS"):
        print(f"\n{key}: {taps.count} taps, {numbers} of them numbers said; keys typed {taps.keys}")
        print("   ", ", ".join(taps.steps))
    wrong = []
    # Nothing folded to open, no step twice: to the game, started, each stage saved.
    if len(getting_there) != 2 + stages:
        wrong.append(f"{key}: to the game, started and saved in {getting_there}")
    # One tap per number said (the last trick count is filled in), none to correct one.
    number_taps = [s for s in deal if s.split("_")[0] in ("bid", "trick")]
    if len(number_taps) != numbers:
        wrong.append(f"{key}: {len(number_taps)} taps for {numbers} numbers said: {deal}")
    return wrong
