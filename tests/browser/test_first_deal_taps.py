"""A visitor's first deal of every registered game, counted in taps from the home page to the
deal saved (tests/browser/first_deal.py says what counts). The README prints these counts:
`SHOW_TAPS=1 .venv/bin/pytest -q -s -p no:xdist tests/browser/test_first_deal_taps.py`.

Getting there and saving take one tap to the game's new-game page, one to start it and one to
save each stage of the deal (the bids, then the tricks): 3 or 4. The rest is the deal itself,
one tap per fact the form does not show already: at most 6 in all for a deal of a few facts
(who won the last trick, the points), more for a deal of a number per player, which cannot be
fewer than one tap per number said at the table (the last count, filled from the others, is not
a tap).
"""

from __future__ import annotations

import os

import pytest

from scorekeeper import registry
from scorekeeper.games import offline
from scorekeeper.games.bid_forms import SeatNumbersForm
from scorekeeper.games.models import Game

from .first_deal import Taps, fill_deal, first_deal, start_as_visitor, state_now

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

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


@pytest.mark.parametrize("key", list(registry.GAMES))
def test_a_visitors_first_deal_in_a_few_taps(new_page, live_server, screenshot, key):
    page = new_page("light")
    taps = Taps(page)
    pk = start_as_visitor(
        page, live_server.url, key, taps, shot=lambda name: screenshot(page, name)
    )
    game = Game.objects.get(pk=pk)
    facts, expected = first_deal(game)
    stages = fill_deal(page, game, facts, taps, shot=lambda name: screenshot(page, name))
    assert state_now(game) == expected  # the deal saved is the fixture's, scored the same
    assert stages == len(offline.stages(registry.game(key)))

    getting_there = [s for s in taps.steps if s.startswith(GETTING_THERE)]
    deal = [s for s in taps.steps if not s.startswith(GETTING_THERE)]
    numbers = said_numbers(key, facts)
    if os.environ.get("SHOW_TAPS"):
        print(f"\n{key}: {taps.count} taps, {numbers} of them numbers said; keys typed {taps.keys}")
        print("   ", ", ".join(taps.steps))
    # Nothing folded to open, no step twice: to the game, started, each stage saved.
    assert len(getting_there) == taps.count - len(deal) == 2 + stages, taps.steps
    # One tap per number said (the last trick count is filled in), none to correct one.
    number_taps = [s for s in deal if s.split("_")[0] in ("bid", "trick")]
    assert len(number_taps) == numbers, deal
