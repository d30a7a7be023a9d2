"""The last count filled in from the others: in a list of numbers per player that must add up
(the tricks of a hand), once every player's count but one is tapped, the last is what is left.
It follows the others while nobody taps it; tapped, it is the scorekeeper's own, and the running
total says what is off. For every registered game with such a list, at a 390x844 phone, the
pads listed from the dealer's left."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scorekeeper import registry
from scorekeeper.games.bid_forms import SeatNumbersForm
from scorekeeper.games.models import Game

from .first_deal import Taps, fill_stage, first_deal, start_as_visitor, state_now

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def totalled(key: str):
    """The game's list of numbers per player that must add up, if it has one."""
    form = registry.game(key).deal_form
    if not issubclass(form, SeatNumbersForm):
        return None
    return next((n for n in form.OPENING + form.CLOSING if n.total is not None), None)


GAMES = [key for key in registry.GAMES if totalled(key)]


def test_games_with_a_total_are_found():
    assert len(GAMES) >= 3  # Spades, Pottle, Nigerian Thuni at least


def key_of(page: Page, prefix: str, seat: int, value: int):
    return page.locator(f"#id_{prefix}_{seat} + .pad .pad-key[data-value='{value}']")


def to_the_counts(page: Page, base: str, key: str):
    """A visitor's new game of `key` with its fixture's first deal's bids in (for a deal in two
    steps): the game, the deal, the state it leaves, and the seats of the pads that must add
    up, in the order of the page."""
    pk = start_as_visitor(page, base, key, Taps(page))
    game = Game.objects.get(pk=pk)
    facts, expected = first_deal(game)
    if fill_stage(page, game, facts, Taps(page)) == "opening":
        page.locator("#deal-submit").tap()
        expect(page.locator("#deal-form")).to_have_class("deal-form stage-closing")
    boxes = page.locator(f"fieldset[data-numbers={totalled(key).prefix}] input[data-pad]")
    names = boxes.evaluate_all("l => l.map(i => i.name)")
    return game, facts, expected, [int(name.rsplit("_", 1)[1]) for name in names]


@pytest.mark.parametrize("key", GAMES)
def test_the_last_count_is_filled_in_and_stays_changeable(new_page, live_server, screenshot, key):
    page = new_page("light")
    numbers = totalled(key)
    game, facts, expected, seats = to_the_counts(page, live_server.url, key)
    fieldset = page.locator(f"fieldset[data-numbers={numbers.prefix}]")
    total = fieldset.locator(".running-total")
    label = fieldset.locator("legend").inner_text().strip().lower()
    counts = facts[numbers.fact]
    *others, last = seats  # the dealer speaks last
    assert len(seats) == len(counts)

    def box(seat):
        return page.locator(f"#id_{numbers.prefix}_{seat}")

    for seat in others:
        key_of(page, numbers.prefix, seat, counts[seat]).tap()
    expect(box(last)).to_have_value(str(counts[last]))  # not tapped: what the others leave
    expect(key_of(page, numbers.prefix, last, counts[last])).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(total).to_have_text(f"{numbers.total} of {numbers.total} {label} ✓")
    screenshot(page, "01-last-filled")

    # Another count changed: the last, still nobody's tap, follows.
    first = others[0]
    step = 1 if counts[first] < numbers.high and counts[last] > numbers.low else -1
    key_of(page, numbers.prefix, first, counts[first] + step).tap()
    expect(box(last)).to_have_value(str(counts[last] - step))
    expect(total).to_have_text(f"{numbers.total} of {numbers.total} {label} ✓")

    # The last tapped: the scorekeeper's own. The total says what is off; it no longer follows.
    key_of(page, numbers.prefix, last, counts[last]).tap()
    off = "too many" if step > 0 else "to go"
    expect(total).to_have_text(f"{numbers.total + step} of {numbers.total} {label}: 1 {off}")
    expect(total).to_have_class("running-total" + (" over" if step > 0 else ""))
    screenshot(page, "02-last-changed")
    key_of(page, numbers.prefix, first, counts[first]).tap()
    expect(box(last)).to_have_value(str(counts[last]))
    expect(total).to_have_text(f"{numbers.total} of {numbers.total} {label} ✓")

    page.locator("#deal-submit").tap()
    expect(page.locator("#deal-1")).to_be_attached()
    assert state_now(game) == expected

    # The form kept for the next deal lists its pads from the next dealer's left, as a page
    # sent afresh does.
    expect(page.locator("#deal-form")).to_have_class("deal-form stage-opening")
    pads = page.locator("#deal-form input[data-pad]")
    kept = pads.evaluate_all("l => l.map(i => i.name)")
    page.reload()
    assert pads.evaluate_all("l => l.map(i => i.name)") == kept


@pytest.mark.parametrize("key", GAMES[:1])
def test_a_count_the_others_cannot_leave_is_not_filled(new_page, live_server, key):
    """The others already past the total: nothing is left for the last, so it stays blank
    and the total says how many too many."""
    page = new_page("light")
    numbers = totalled(key)
    _, _, _, seats = to_the_counts(page, live_server.url, key)
    *others, last = seats
    for seat in others:
        key_of(page, numbers.prefix, seat, numbers.high).tap()
    expect(page.locator(f"#id_{numbers.prefix}_{last}")).to_have_value("")
    over = numbers.high * len(others) - numbers.total
    total = page.locator(f"fieldset[data-numbers={numbers.prefix}] .running-total")
    expect(total).to_contain_text(f"{over} too many")
