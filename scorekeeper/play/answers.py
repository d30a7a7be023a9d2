"""The answers to the game page's saves: one function per outcome of the recording service
(scorekeeper/games/recording.py), and `answer`, which picks it. htmx gets the parts of the page
that changed; a page without JavaScript is sent to the game page again (or shown the form).

An answer that saved nothing of what was sent is marked refused (offline.refused): a phone that
kept the entry offline keeps it and shows it in its form.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django_htmx.http import reswap, retarget, trigger_client_event

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.deal_forms import BaseDealForm
from scorekeeper.games.models import Deal, Game
from scorekeeper.games.presenters import board_context, game_context, header_context, log_row
from scorekeeper.games.record_post import Keeps
from scorekeeper.games.recording import (
    Edited,
    Opened,
    Outcome,
    Recorded,
    Refused,
    Repeated,
    Stale,
    Undone,
    deal_form,
    seen_of,
)
from scorekeeper.registry import RegisteredGame

from . import live, offline

LOG_CHANGED = "log-changed"  # tells the page's score chart to fetch itself again (game_chart)


def answer(
    request: HttpRequest,
    game: Game,
    entry: RegisteredGame,
    outcome: Outcome,
    *,
    keeps: Keeps = "nothing",
) -> HttpResponse:
    """The answer to one outcome. `keeps`: what the page keeps between deals (record_post.py)."""
    match outcome:
        case Recorded():
            return recorded(request, game, entry, outcome, keeps)
        case Opened():
            return opened(request, game)
        case Repeated():
            return repeated(request, game)
        case Stale():
            return stale(request, game, outcome)
        case Refused():
            return refused(request, game, entry, outcome)
        case Undone():
            return undone(request, game, outcome)
        case Edited():
            return edited(request, game, outcome)
    raise TypeError(f"not an outcome: {outcome!r}")


# What the templates of the record answer ask about that the answer knows in advance: only a
# scorekeeper records (nothing read-only, no watch link), and it is neither an edit nor a what-if
# nor a preview. Said here, a template finds them at once instead of failing a lookup through
# every layer of its context (an exception each time).
RECORD_ANSWER_DEFAULTS = {
    "read_only": False,
    "via_link": False,
    "live_url": None,
    "live_note": False,
    "edit_number": None,
    "what_if_number": None,
    "result": None,
    "problems": None,
    "oob": False,
    "main_oob": False,
}


def recorded(
    request: HttpRequest, game: Game, entry: RegisteredGame, outcome: Recorded, keeps: Keeps
) -> HttpResponse:
    """Only what changed: the board and dealer line, a fresh form, and the new log row.
    Built from the deal's own result: no replay, no query.

    What the page keeps between deals (`keeps`, record_post.py) is not sent again, if it fits
    the form that comes next: a form the browser resets in place (Thunee's: the event
    `deal-recorded`), or a fresh bids form the offline script keeps (`deal-form-kept`, before
    the swap: the kept form takes the answer's parts). Either way only the parts that follow
    the game go, out of band. Otherwise, or when the game is over, the top of the page."""
    if not request.htmx:
        return redirect("game", pk=game.pk)
    setup, state = outcome.setup, outcome.result.after
    context = game_context(entry, game, setup, state, header=False)
    form = deal_form(entry, game, setup, state)
    kept = not context["finished"] and (
        (keeps == "bids-form" and form.stage == "opening")
        or (keeps == "form" and form.keeps_between_deals)
    )
    if not kept:  # the top of the page goes again, header and game-over card too
        context.update(header_context(entry, setup, state))
    context.update(
        form=form,
        opening=None,
        fresh_only=kept,
        bids_kept=kept and keeps == "bids-form",
        new_row=log_row(entry, setup, outcome.number, outcome.result, edited=False, is_last=True),
    )
    context.update(live.after_record_context(request, game, outcome.deal))  # no query
    context.update(RECORD_ANSWER_DEFAULTS)
    response = trigger_client_event(
        render(request, "games/game.html#after-record", context), LOG_CHANGED
    )
    if not kept:
        return reswap(retarget(response, "#main"), "outerHTML")
    if keeps == "bids-form":
        # Said here, not left to the form: by the swap, the form has the kept bids form's
        # attributes (which swap #main whole).
        return reswap(trigger_client_event(response, "deal-form-kept"), "none")
    return trigger_client_event(response, "deal-recorded", after="swap")


def opened(request: HttpRequest, game: Game) -> HttpResponse:
    """The bids saved: the page as the game now is, the tricks form in it."""
    game.refresh_from_db()
    return _page_as_it_is(request, game)


def repeated(request: HttpRequest, game: Game) -> HttpResponse:
    """Saved already (a double tap): the page as the game now is, nothing said."""
    return _page_as_it_is(request, game)


def stale(request: HttpRequest, game: Game, outcome: Stale) -> HttpResponse:
    """The page as it now is, saying what was sent and not saved."""
    if outcome.said:
        messages.add_message(request, outcome.level, outcome.said)
    return offline.refused(_page_as_it_is(request, game))


def refused(
    request: HttpRequest, game: Game, entry: RegisteredGame, outcome: Refused
) -> HttpResponse:
    """The form with the user's input and the errors at their fields: on the game page, or on
    the edit page of the deal being changed."""
    form = outcome.form
    if outcome.editing is not None:
        board = outcome.board or services.scoreboard(game)
        return offline.refused(edit_page(request, entry, board, outcome.editing, form))
    if request.htmx:
        setup = form.setup
        context = game_context(entry, game, setup, form.state)
        context["form"] = form
        context["opening"] = services.opening_of(game, setup, form.state)
        response = render(request, "games/game.html#deal-form", context)
        return offline.refused(reswap(retarget(response, "#deal-form"), "outerHTML"))
    board = services.scoreboard(game)
    context = board_context(board, entry, form)
    context["opening"] = services.opening_of(game, board.setup, board.state)
    return offline.refused(render(request, "games/game.html", context, status=200))


def undone(request: HttpRequest, game: Game, outcome: Undone) -> HttpResponse:
    """The top of the page without the undone deal, its facts back in the form."""
    number = outcome.deal.number
    messages.info(
        request, _("Deal %(number)s undone. Its facts are back in the form.") % {"number": number}
    )
    if not request.htmx:
        return redirect("game", pk=game.pk)
    response = page(request, game, outcome.form, removed_number=number)
    return trigger_client_event(response, LOG_CHANGED)


def edited(request: HttpRequest, game: Game, outcome: Edited) -> HttpResponse:
    """Back to the game page, saying what changed (and which bids to enter again)."""
    messages.success(
        request,
        _("Deal %(number)s changed; the scores after it followed.") % {"number": outcome.number},
    )
    if outcome.bids_taken_back:  # nothing a person entered is lost unsaid
        said = _("The change moved the coming deal, so the bids entered for it were taken back.")
        if outcome.bids_said:
            said += " " + _("Enter them again: %(facts)s.") % {"facts": outcome.bids_said}
        messages.warning(request, said)
    return redirect("game", pk=game.pk)


# ---- the pages these answers send ---------------------------------------------------------


def page(
    request: HttpRequest,
    game: Game,
    form: BaseDealForm | None = None,
    *,
    removed_number: int | None = None,
) -> HttpResponse:
    """The top of the game page for htmx, with only the log row that changed (small responses)."""
    entry = registry.game(game.kind)
    board = services.scoreboard(game)
    if form is None:
        form = deal_form(entry, game, board.setup, board.state)
    context = board_context(board, entry, form)
    context["opening"] = services.opening_of(game, board.setup, board.state)
    context["removed_number"] = removed_number
    context.update(live.page_context(request, game))
    return render(request, "games/game.html#after-change", context)


def _page_as_it_is(request: HttpRequest, game: Game) -> HttpResponse:
    return page(request, game) if request.htmx else redirect("game", pk=game.pk)


def edit_page(
    request: HttpRequest,
    entry: RegisteredGame,
    board: services.Scoreboard,
    deal: Deal,
    form: BaseDealForm,
) -> HttpResponse:
    """A past deal's edit form, beside the whole game."""
    context: dict[str, Any] = board_context(board, entry, form)
    context.update({"deal": deal, "edit_number": deal.number, "deal_seen": seen_of(deal)})
    return render(request, "games/edit.html", context)
