"""What the game templates need, worked out once here instead of in template logic.

Generic for every game: the header, the dealer line, the log rows and the game-over card come
from the game's interface; the board's own context comes from the game's board function.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext

from scorekeeper.registry import RegisteredGame

from .forms import rule_value_label
from .models import Deal
from .templatetags.say import say


class TemplateView:
    """A presenter's object that a template reads attribute by attribute: Django's templates
    try `row.number` as row["number"] first, and a dataclass refuses that with an exception
    (one per lookup, dozens per answer); this answers it at once."""

    def __getitem__(self, name: str) -> Any:
        return getattr(self, name)


@dataclass(frozen=True)
class LogRow(TemplateView):
    number: int
    dealer: str
    headline: str
    lines: list[Any]
    edited: bool
    is_last: bool
    score_after: str


def log_row(
    entry: RegisteredGame, setup: Any, number: int, result: Any, *, edited: bool, is_last: bool
) -> LogRow:
    return LogRow(
        number=number,
        # None where the rules left it open and the deal did not say (Zhao Pengyou by result).
        dealer=setup.players[d] if (d := result.outcome.dealer) is not None else "",
        headline=entry.rules.headline(setup, result),
        lines=list(result.outcome.lines),
        edited=edited,
        is_last=is_last,
        score_after=entry.rules.summary(setup, result.after),
    )


def log_rows(
    entry: RegisteredGame, setup_at: Callable[[int], Any], deals: list[Any], rows: list[Deal]
) -> list[LogRow]:
    """Newest first: the deal just recorded is where the eye is. `setup_at(number)`: the setup
    with the names of who played that deal."""
    out = [
        log_row(
            entry,
            setup_at(d.number),
            d.number,
            d.result,
            edited=row.edited_at is not None,
            is_last=d.number == len(deals),
        )
        for d, row in zip(deals, rows, strict=True)
    ]
    out.reverse()
    return out


def house_rule_labels(entry: RegisteredGame, setup: Any) -> list[str]:
    changed = entry.rules.changed_house_rules(setup)
    # Translators: a house rule in the game's header, "Game to: 13 balls".
    said = gettext("%(rule)s: %(value)s")
    return [
        said
        % {"rule": gettext(rule.label), "value": gettext(rule_value_label(rule, changed[rule.key]))}
        for rule in entry.rules.house_rules
        if rule.key in changed
    ]


def game_context(
    entry: RegisteredGame, game: Any, setup: Any, state: Any, *, header: bool = True
) -> dict[str, Any]:
    """Everything above the log: header, board, dealer line, game over. No query. Without
    `header`, what a record answer that sends only the parts that follow the game needs (not
    the header's mode and house rules, nor the game-over card's winners and score)."""
    rules = entry.rules
    dealer = rules.next_dealer(state)
    # The dealer line asks every board for its note: a board without one says so at once
    # (a missing key fails the template's lookup with an exception and a log call each time).
    board = {"dealer_note": "", **entry.board(setup, state)}
    context = {
        "entry": entry,
        "game": game,
        "setup": setup,
        "state": state,
        "board": board,
        "dealer_name": setup.players[dealer] if dealer is not None else None,
        "dealer_word": "starts" if rules.dealer_field == "starter" else "deals",
        "finished": rules.is_finished(state),
        "next_number": state.deals + 1,
        # Links built once per page rather than reversed per log row.
        "game_url": _game_url(game.pk) if getattr(game, "pk", None) else "",
        "rules_url": _rules_url(entry.key),
        "deals_played": state.deals,
        # The score strip of a game without its own says the score so (games/score_strip.html).
        "summary": rules.summary(setup, state),
    }
    if header:
        context.update(header_context(entry, setup, state))
    return context


def header_context(entry: RegisteredGame, setup: Any, state: Any) -> dict[str, Any]:
    """The page's header and game-over card."""
    rules = entry.rules
    return {
        "mode_label": rules.mode_label(setup),
        "house_rules": house_rule_labels(entry, setup),
        "winners": " & ".join(setup.players[s] for s in rules.winners(setup, state)),
    }


def _reversed(name: str, arg: Any) -> str:
    """reverse() once per address: the same under the same URL prefix and URLconf."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return _reverse_once(get_script_prefix(), urlconf, name, arg)


@functools.lru_cache(maxsize=1024)
def _reverse_once(prefix: str, urlconf: Any, name: str, arg: Any) -> str:
    return reverse(name, args=[arg])


def _game_url(pk: int) -> str:
    return _reversed("game", pk)


def _rules_url(key: str) -> str:
    return _reversed("rules", key)


def board_context(board: Any, entry: RegisteredGame, form: Any) -> dict[str, Any]:
    """The whole game page: everything above the log, the form, and every log row."""
    context = game_context(entry, board.game, board.setup, board.state)
    context["rows"] = log_rows(entry, board.setup_at, board.deals, board.deal_rows)
    context["replayed"] = board.deals  # for the score chart (seasons' game_chart tag)
    context["form"] = form
    return context


def fact_words(rules: Any, setup: Any, facts: dict[str, Any]) -> list[tuple[str, str, str]]:
    """A deal's facts as a person reads them, in the reader's language: (field, label, value),
    "trump maker", "Bongani"; "tricks", "Asha 3, Ben 3, Cat 3 and Dan 4" (the game says which
    fields hold seats and how each is called)."""
    return [(w.key, gettext(w.label), say(w.text)) for w in rules.fact_words(setup, facts)]


def typed_said(typed: list[tuple[str, str]]) -> str:
    """What a person entered, (label, value) pairs, in one line to say back to them:
    "Bids: Asha 3, Chetan 1; Trumps: hearts"."""
    return "; ".join(f"{label}: {value}" for label, value in typed)


def facts_said(rules: Any, setup: Any, facts: dict[str, Any]) -> str:
    """A deal's facts in one line to say back to the person who entered them."""
    return typed_said([(label, value) for _key, label, value in fact_words(rules, setup, facts)])
