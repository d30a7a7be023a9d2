"""The game page's small parts that every record answer sends again, each in one pass: the
dealer line, the undo button, the deal form's hidden head and its main button, the live status.

As template nodes each cost 25-50 µs (a dozen lookups, a translation tag or two, an include),
and an answer sends four or five of them. The HTML is what their partials wrote before, byte for
byte (tests/web/test_game_parts.py compares them, in English and Chinese); the words are
translated once per language. A value the context lacks is written as the template wrote it:
empty.
"""

from __future__ import annotations

import html
from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .per_language import per_language

register = template.Library()

OOB = ' hx-swap-oob="true"'


@per_language
def _words() -> dict[str, str]:
    """The words this module writes, in the active language."""
    return {
        "deal": gettext("Deal %(number)s"),
        "starts": gettext("starts"),
        "deals": gettext("deals"),
        "draw": gettext("draw for the deal"),
        "undo_confirm": gettext("Undo deal %(number)s? Its facts come back into the form."),
        "undo": gettext("Undo deal %(number)s"),
        "compare": gettext("Compare"),
        "save": gettext("Save changes to deal %(number)s"),
        "start_hand": gettext("Start the hand"),
        "record": gettext("Record deal %(number)s"),
        "live_note": gettext(
            "The game changed on another phone. Your entry is kept: check it against the new "
            "score, then save; if it no longer fits you are told."
        ),
        "gone": gettext(
            "This game can no longer be followed from here: the link was revoked or your "
            "place at the game was taken away."
        ),
        "needed": gettext("Still needed before saving:"),
        "outcome": gettext("The outcome shows here as you fill in the deal."),
    }


def _text(value: Any) -> str:
    """`{{ value }}`: whole numbers as they are (no thousands separator is set), plain text
    escaped (without Django's escape's wrapper for lazy strings), anything else as Django does."""
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is str:
        return html.escape(value)
    return conditional_escape(value if isinstance(value, str) else str(value))


def _item(obj: Any, key: str) -> Any:
    """`obj.key` as a template looks it up (a key, then an attribute); "" if neither."""
    try:
        return obj[key]
    except (TypeError, KeyError, AttributeError, IndexError):
        return getattr(obj, key, "")


def _oob(context: Any, oob: Any) -> str:
    return OOB if (context.get("oob") if oob is None else oob) else ""


@register.simple_tag(takes_context=True)
def dealer_line(context: Any, oob: Any = None) -> SafeString:
    """games/game.html#dealer-line: the coming deal's number and who deals (or starts)."""
    words = _words()
    head = words["deal"] % {"number": _text(context.get("next_number", ""))}
    board = context.get("board", "")
    name = context.get("dealer_name", "")
    if name:
        said = context.get("dealer_word", "")
        said = words[said] if said in ("starts", "deals") else _text(said)
        who = f'<strong data-testid="dealer">{_text(name)}</strong> {said}'
    else:
        # The default is a translation, which the template wrote as it is.
        opened = _item(board, "dealer_open")
        opened = _text(opened) if opened else words["draw"]
        who = f'<strong data-testid="dealer-open">{opened}</strong>'
    note = _item(board, "dealer_note")
    note = f" · {_text(note)}" if note else ""
    return mark_safe(
        f'<p id="dealer-line" class="dealer-line"{_oob(context, oob)}>{head} · {who}{note}</p>'
    )


@register.simple_tag(takes_context=True)
def undo_button(context: Any, oob: Any = None) -> SafeString:
    """games/game.html#undo: the button that takes the last deal back."""
    number = context.get("deals_played", "")
    form = ""
    if number and not context.get("read_only"):
        words = _words()
        url = f"{_text(context.get('game_url', ''))}undo/"
        number = _text(number)
        form = (
            f'\n<form method="post" action="{url}" hx-post="{url}" hx-target="#main" '
            f'hx-swap="outerHTML" hx-confirm="{words["undo_confirm"] % {"number": number}}" '
            'class="undo">\n'
            '  <input type="hidden" name="csrfmiddlewaretoken" '
            f'value="{_text(context.get("csrf_token", ""))}"><input type="hidden" name="number" '
            f'value="{number}">\n'
            f'  <button type="submit" class="secondary">↶ {words["undo"] % {"number": number}}'
            "</button>\n</form>"
        )
    return mark_safe(f'<div id="undo"{_oob(context, oob)}>{form}</div>')


@register.simple_tag(takes_context=True)
def form_head(context: Any, oob: Any = None) -> SafeString:
    """games/deal_form.html#form-head: the deal form's hidden bookkeeping."""
    form = context.get("form", "")
    expected = form["expected_number"].value()
    prefilled = '<input type="hidden" name="prefilled" value="1">' if form.prefilled else ""
    return mark_safe(
        f'<div id="deal-form-head"{_oob(context, oob)}><input type="hidden" name="token" '
        f'value="{_text(form["token"].value())}"><input type="hidden" name="expected_number" '
        f'value="{"" if expected is None else _text(expected)}"><input type="hidden" '
        f'name="stage" value="{_text(form.stage)}">{prefilled}</div>'
    )


@register.simple_tag(takes_context=True)
def submit_button(context: Any, oob: Any = None) -> SafeString:
    """games/deal_form.html#submit: the deal form's main button."""
    words = _words()
    form = context.get("form", "")
    if context.get("what_if_number"):
        said = words["compare"]
    elif edit := context.get("edit_number"):
        said = words["save"] % {"number": _text(edit)}
    elif _item(form, "stage") == "opening":
        label = _item(form, "opening_label")
        said = _text(label) if label else words["start_hand"]
    else:
        said = words["record"] % {"number": _text(context.get("next_number", ""))}
    return mark_safe(
        f'<button id="deal-submit" class="primary big" type="submit"{_oob(context, oob)}>'
        f"{said}</button>"
    )


@register.simple_tag(takes_context=True)
def live_status(context: Any, oob: Any = None) -> SafeString:
    """games/live.html#status: who changed the game last, and the poll that follows it."""
    from .change_text import change_text

    words = _words()
    note = change = poll = ""
    if context.get("live_note"):
        note = f'<p class="live-note" role="alert" data-testid="live-note">{words["live_note"]}</p>'
    if last := context.get("last_change"):
        change = (
            f'<p class="last-change small muted" data-testid="last-change">{change_text(last)}</p>'
        )
    if context.get("poll"):
        stamp = _text(context.get("stamp", ""))
        if live_url := context.get("live_url"):
            url = f"{_text(live_url)}?v={stamp}"
        else:
            game_url, ticket = _text(context.get("game_url", "")), _text(context.get("ticket", ""))
            url = f"{game_url}live/?v={stamp}&amp;t={ticket}"
        seconds = _text(context.get("poll_seconds", ""))
        poll = (
            f'<span id="live-poll" hx-get="{url}" hx-trigger="every {seconds}s" hx-swap="none" '
            f'data-gone="{words["gone"]}" aria-hidden="true"></span>'
        )
    return mark_safe(
        f'<div id="live-status" class="live-status"{_oob(context, oob)}>\n'
        f"  {note}\n  {change}\n  {poll}\n</div>"
    )


@register.simple_tag(takes_context=True)
def preview_body(context: Any, oob: Any = None) -> SafeString:
    """games/deal_form.html#preview: the deal's outcome as entered so far, or what is missing."""
    from .say import explanation_lines, say

    words = _words()
    form = context.get("form", "")
    if result := context.get("result"):
        outcome = result.outcome
        warnings = "".join(f'<p class="warning">⚠ {_text(say(w))}</p>' for w in outcome.warnings)
        body = f"\n  {warnings}\n  {explanation_lines(context, outcome.lines)}\n"
    elif opening := context.get("opening"):
        body = f"\n  {explanation_lines(context, opening.lines)}\n"
    elif problems := context.get("problems"):
        items = "".join(f"<li>{_text(p)}</li>" for p in problems)
        body = (
            f'\n  <p class="muted">{words["needed"]}</p>\n'
            f'  <ul class="problems todo">{items}</ul>\n'
        )
    elif errors := getattr(form, "errors", None):
        items = "".join(f"<li>{_text(e)}</li>" for errs in errors.values() for e in errs)
        body = f'\n  <ul class="problems">{items}</ul>\n'
    else:
        body = f'\n  <p class="muted">{words["outcome"]}</p>\n'
    return mark_safe(
        f'\n<div id="preview-body" class="preview-body" aria-live="polite"{_oob(context, oob)}>'
        f"\n{body}\n</div>\n"
    )
