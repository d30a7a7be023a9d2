"""Every control a scorekeeper touches is a target of at least 44x44 CSS px with room between
neighbours, on a 390x844 phone, light and dark, English and Chinese: the home page (a visitor's
and a signed-in keeper's), the login and sign-up pages, and for every registered game the
new-game page, the game page with its deal filled in (the bids, then the tricks, for a deal in
two steps), and the game page after the first deal, with every folded part opened.

A target is each visible link (inline links in a sentence too), button, box, list, summary and
chip (the label of a radio or a checkbox). Any two are 8 px apart at least, drawn as boxes or not.

The way there is a visitor's first deal of each game, from the home page to the deal saved,
counted in taps (first_deal.py says what counts and how few are enough). The README prints the
counts: `SHOW_TAPS=1 .venv/bin/pytest -s -p no:xdist
"tests/browser/test_targets.py::test_every_control_is_a_44px_target[en]"`.
"""

from __future__ import annotations

import pytest

from scorekeeper import registry
from scorekeeper.games.models import Game
from scorekeeper.pwa import offline_forms as offline

from .first_deal import Taps, fill_deal, first_deal, start_as_visitor, state_now, too_many_taps
from .schemes import SCHEMES, in_each_scheme
from .table import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-GB", "zh-hans": "zh-CN"}
SMALLEST = 44  # CSS px, each way
APART = 8  # CSS px between any two targets

# What the page offers to touch and its size (a transparent link's 44 px include its own
# padding), and whether it is drawn as a box (a background or a border), as the report says.
MEASURE = """([smallest, apart]) => {
  // From the top, in this same task: a scroll the page defers (the next field brought into
  // view after a save) cannot come between it and the reading.
  scrollTo({ top: 0, behavior: "instant" });
  const seen = (el) => {
    // checkVisibility: not in a closed <details> either (its content keeps a box there).
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).pointerEvents !== "none"
      && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  const tickable = (el) => el.matches("input[type=radio], input[type=checkbox]");
  const paint = (el) => {
    const s = getComputedStyle(el);
    const clear = (c) => c === "transparent" || /rgba\\(.*,\\s*0\\)$/.test(c);
    const border = parseFloat(s.borderTopWidth) > 0 && !clear(s.borderTopColor);
    return !clear(s.backgroundColor) || border;
  };
  const targets = [];
  for (const el of document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, label"
  )) {
    if (el.tagName === "LABEL") {
      const box = el.control;
      if (!box || !tickable(box)) continue; // a label of a text box: the box is the target
    } else if (tickable(el) && (el.labels || []).length) {
      continue; // its label is the target (a chip)
    }
    if (!seen(el)) continue;
    const r = el.getBoundingClientRect();
    const inner = el.tagName === "LABEL" ? el.querySelector("span") : null;
    const name = (el.getAttribute("aria-label") || el.textContent || el.value || el.name || "")
      .trim().replace(/\\s+/g, " ").slice(0, 40);
    const kind = el.className ? "." + String(el.className).split(" ")[0] : "";
    targets.push({
      el, name: `${el.tagName.toLowerCase()}${kind} "${name}"`,
      x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height,
      drawn: paint(el) || (inner !== null && paint(inner)),
    });
  }
  const small = targets.filter((t) => t.w < smallest - 0.5 || t.h < smallest - 0.5)
    .map((t) => `${t.name} ${Math.round(t.w)}x${Math.round(t.h)}`);
  const close = [];
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i], b = targets[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const dx = Math.max(b.x - (a.x + a.w), a.x - (b.x + b.w));
      const dy = Math.max(b.y - (a.y + a.h), a.y - (b.y + b.h));
      const gap = Math.max(dx, dy);
      if (gap < apart - 0.5) {
        const how = gap < 0 ? "overlap" : `${Math.round(gap)} px apart`;
        close.push(`${a.name} and ${b.name}: ${how}`);
      }
    }
  }
  return { count: targets.length, small, close };
}"""


def measure(page) -> dict:
    # Read from the top (MEASURE scrolls there): the sticky top bar lies over the content of a
    # page scrolled down.
    page.wait_for_load_state("load")  # its styles in
    return page.evaluate(MEASURE, [SMALLEST, APART])


def open_everything(page) -> None:
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_every_control_is_a_44px_target(phone, live_server, screenshot, language):
    """Each page measured in both schemes where it stands: one pass through the games, each
    game's first deal tapped in as a visitor would, in a few taps (first_deal.py)."""
    page = phone(LOCALES[language], "light")
    found: dict[str, dict] = {}
    too_many: list[str] = []

    for key in registry.GAMES:

        def look(name: str, key=key) -> None:
            assert page.locator("html").get_attribute("lang") == language

            def measured(scheme: str) -> dict:
                seen = measure(page)
                screenshot(page, f"{key}-{name}-{language}-{scheme}")
                return seen

            for scheme, seen in in_each_scheme(page, measured).items():
                found[f"{key} {name} {scheme}"] = seen

        taps = Taps(page)
        pk = start_as_visitor(page, live_server.url, key, taps, shot=look)
        game = Game.objects.get(pk=pk)
        look("game")
        facts, expected = first_deal(game)
        stages = fill_deal(page, game, facts, taps, shot=look)
        assert state_now(game) == expected, key  # the deal saved is the fixture's, scored so
        assert stages == len(offline.stages(registry.game(key))), key
        too_many += too_many_taps(key, facts, stages, taps)
        look("after-the-first-deal")
        open_everything(page)
        look("all-opened")

    assert too_many == []
    assert all(seen["count"] > 5 for seen in found.values()), found
    assert {where.rsplit(" ", 1)[1] for where in found} == set(SCHEMES)
    wrong = [
        f"{where}: {what}"
        for where, seen in found.items()
        for what in dict.fromkeys(seen["small"] + seen["close"])
    ]
    assert not wrong, f"{len(wrong)} under {SMALLEST}x{SMALLEST} or too close:\n" + "\n".join(wrong)


def measured_in_each_scheme(page, screenshot, name: str) -> dict[str, dict]:
    def measured(scheme: str) -> dict:
        seen = measure(page)
        screenshot(page, f"{name}-{scheme}")
        return seen

    return {f"{name} {scheme}": seen for scheme, seen in in_each_scheme(page, measured).items()}


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_the_home_login_and_sign_up_pages_are_44px_targets_8px_apart(
    phone, live_server, factory, screenshot, language
):
    """Their inline links too (a link in a sentence, the footer's), for a visitor and for a
    keeper signed in with a game."""
    page = phone(LOCALES[language], "light")
    base = live_server.url
    found: dict[str, dict] = {}
    for path, name in (("/", "home-visitor"), ("/login/", "login"), ("/signup/", "sign-up")):
        page.goto(base + path)
        assert page.locator("html").get_attribute("lang") == language
        found.update(measured_in_each_scheme(page, screenshot, f"{name}-{language}"))
    keeper = factory.make_user("keeper")
    factory.make_game(keeper)
    log_in(page, base, "keeper")
    page.goto(base + "/")
    found.update(measured_in_each_scheme(page, screenshot, f"home-keeper-{language}"))
    assert all(seen["count"] > 3 for seen in found.values()), found
    wrong = [
        f"{where}: {what}"
        for where, seen in found.items()
        for what in dict.fromkeys(seen["small"] + seen["close"])
    ]
    assert not wrong, f"{len(wrong)} under {SMALLEST}x{SMALLEST} or too close:\n" + "\n".join(wrong)
