"""Thin function views for every game. POSTs re-render from the log ("view restart"); htmx gets
partials. A game's own pieces (deal form, board) come from the registry by `Game.kind`."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import reswap, retarget, trigger_client_event

from scorekeeper import registry
from scorekeeper.core.errors import FactError
from scorekeeper.registry import RegisteredGame

from . import services
from .deal_forms import BaseDealForm
from .forms import ImportForm, NewGameForm, SignupForm
from .models import Game
from .presenters import board_context, game_context, log_row


def _game_for(request: HttpRequest, pk: int) -> Game:
    """Only the game's owner may see or change it."""
    return get_object_or_404(Game.objects.owned_by(request.user), pk=pk)


def _bound(request: HttpRequest, *, files: bool = False) -> tuple:
    """Form arguments: bound on POST (even an empty one), unbound on GET."""
    if request.method != "POST":
        return ()
    return (request.POST, request.FILES) if files else (request.POST,)


def _stage(entry: RegisteredGame, game: Game) -> str:
    """Which part of the coming deal the form records: all of it, or its opening (bids) first
    and the rest once the hand is played."""
    if not entry.rules.opening_fields:
        return "full"
    return "closing" if game.opening else "opening"


def _deal_form(
    entry: RegisteredGame,
    game: Game,
    setup: Any,
    state: Any,
    data: Any = None,
    *,
    stage: str | None = None,
    initial: dict[str, Any] | None = None,
) -> BaseDealForm:
    args = () if data is None else (data,)
    form = entry.deal_form(
        *args,
        setup=setup,
        state=state,
        rules=entry.rules,
        stage=stage or _stage(entry, game),
        opening=game.opening,
        initial=initial or None,
    )
    if data is None and state is not None:
        form.initial["expected_number"] = state.deals + 1
    return form


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(*_bound(request))
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    games = Game.objects.owned_by(request.user).prefetch_related("seats__player")[:50]
    rows = []
    for game in games:
        entry = registry.GAMES.get(game.kind)
        if entry is None:
            continue
        setup = entry.rules.setup(game.setup)
        state = entry.rules.state_from_cache(game.state_cache, setup) if game.state_cache else None
        summary = entry.rules.summary(setup, state) if state is not None else ""
        rows.append({"game": game, "entry": entry, "summary": summary})
    return render(
        request, "games/home.html", {"rows": rows, "registered": list(registry.GAMES.values())}
    )


@require_http_methods(["GET", "POST"])
@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    key = request.POST.get("game") or request.GET.get("game") or next(iter(registry.GAMES))
    entry = registry.game_or_404(key)
    form = NewGameForm(*_bound(request), game=entry)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        game = services.create_game(
            owner=request.user,
            game=entry.key,
            mode=d.get("mode"),
            players=d["players"],
            first_dealer=d["first_dealer"],
            house_rules=d["house_rules"],
        )
        return redirect("game", pk=game.pk)
    context = {"form": form, "entry": entry, "registered": list(registry.GAMES.values())}
    return render(request, "games/new.html", context)


@require_GET
@login_required
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    board = services.scoreboard(game)
    form = _deal_form(entry, game, board.setup, board.state)
    context = board_context(board, entry, form)
    context["opening"] = services.opening_of(game, board.setup, board.state)
    return render(request, "games/game.html", context)


@require_POST
@login_required
def deal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Score the half-filled form without saving: the outcome, or what is still wrong."""
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    number = request.GET.get("number", "")
    # Previewing an edit scores against the game as it stood before that deal.
    editing = number.isdigit()
    setup, state = services.state_before(game, int(number) if editing else None)
    stage = "full" if editing else _stage(entry, game)
    form = _deal_form(entry, game, setup, state, request.POST, stage=stage)
    result = opening = None
    problems: list[str] = []
    if state is not None and form.is_valid():
        try:
            if stage == "opening":
                opening = entry.rules.open_deal(form.deal_data(), state, setup)
            else:
                result = services.preview(game, setup, state, form.deal_data())
        except FactError as e:
            problems = form.problems(e)
    context = {
        "result": result,
        "opening": opening,
        "problems": problems,
        "form": form,
        "setup": setup,
        "entry": entry,
        "game": game,
    }
    return render(request, "games/deal_form.html#preview", context)


@require_POST
@login_required
def deal_open(request: HttpRequest, pk: int) -> HttpResponse:
    """The first step of a two-step deal: the facts known before the hand is played (bids)."""
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    form = _deal_form(entry, game, setup, state, request.POST, stage="opening")
    if form.is_valid():
        try:
            services.open_deal(game, form.deal_data(), user=request.user)
        except FactError as e:
            form.add_rules_error(e)
        else:
            game.refresh_from_db()
            if request.htmx:
                return _main(request, game)
            return redirect("game", pk=game.pk)
    return _form_again(request, game, entry, form)


@require_POST
@login_required
def deal_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Back to the first step: change the bids before the tricks are recorded."""
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    initial = entry.deal_form.initial_from_facts(game.opening) if game.opening else {}
    Game.objects.filter(pk=game.pk).update(opening={})
    game.opening = {}
    form = _deal_form(entry, game, setup, state, stage="opening", initial=initial)
    if request.htmx:
        return _main(request, game, form)
    return redirect("game", pk=game.pk)


@require_POST
@login_required
def deal_record(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    setup = entry.rules.setup(game.setup)
    state = services.state_from_cache(game, setup)
    form = _deal_form(entry, game, setup, state, request.POST)
    if form.is_valid():
        try:
            recorded = services.record_deal(
                game,
                form.deal_data(),
                user=request.user,
                token=form.cleaned_data["token"],
                expected_number=form.cleaned_data.get("expected_number"),
            )
        except FactError as e:
            form.add_rules_error(e)
        except services.Conflict as e:
            form.add_error(None, str(e))
            # Let them save again against the log as it is now; their input stays.
            game.refresh_from_db()
            data = form.data.copy()
            data["expected_number"] = services.state_from_cache(game, setup).deals + 1
            form.data = data
        else:
            if request.htmx and recorded.result is not None:
                return _after_record(request, entry, game, setup, recorded)
            if request.htmx:
                return _main(request, game)
            return redirect("game", pk=game.pk)
    return _form_again(request, game, entry, form)


def _form_again(
    request: HttpRequest, game: Game, entry: RegisteredGame, form: BaseDealForm
) -> HttpResponse:
    """The form with the user's input and the errors at their fields."""
    if request.htmx:
        setup = form.setup
        context = game_context(entry, game, setup, form.state)
        context["form"] = form
        context["opening"] = services.opening_of(game, setup, form.state)
        response = render(request, "games/game.html#deal-form", context)
        return reswap(retarget(response, "#deal-form"), "outerHTML")
    board = services.scoreboard(game)
    context = board_context(board, entry, form)
    context["opening"] = services.opening_of(game, board.setup, board.state)
    return render(request, "games/game.html", context, status=200)


def _after_record(
    request: HttpRequest,
    entry: RegisteredGame,
    game: Game,
    setup: Any,
    recorded: services.Recorded,
) -> HttpResponse:
    """Only what changed: the board and dealer line, a fresh form, and the new log row.
    Built from the deal's own result: no replay, no query.

    A form the browser keeps (Thunee's) is reset there and only its state-dependent parts are
    sent; otherwise, or when the game is over, the top of the page is sent again."""
    state = recorded.result.after
    context = game_context(entry, game, setup, state)
    form = _deal_form(entry, game, setup, state)
    fresh_only = (
        form.keeps_between_deals and not request.POST.get("prefilled") and not context["finished"]
    )
    context.update(
        form=form,
        opening=None,
        fresh_only=fresh_only,
        new_row=log_row(
            entry, setup, recorded.deal.number, recorded.result, edited=False, is_last=True
        ),
    )
    response = render(request, "games/game.html#after-record", context)
    if fresh_only:
        return trigger_client_event(response, "deal-recorded", after="swap")
    return reswap(retarget(response, "#main"), "outerHTML")


def _main(
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
        form = _deal_form(entry, game, board.setup, board.state)
    context = board_context(board, entry, form)
    context["opening"] = services.opening_of(game, board.setup, board.state)
    context["removed_number"] = removed_number
    return render(request, "games/game.html#after-change", context)


@require_POST
@login_required
def deal_undo(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    expected = request.POST.get("number")
    try:
        undone = services.undo_last(
            game, user=request.user, expected_number=int(expected) if expected else None
        )
    except (services.Conflict, ValueError) as e:
        messages.error(request, str(e))
        undone = None
    form = None
    if undone is not None:
        # The undone deal comes back into the form, so a slip can be corrected, not retyped.
        messages.info(request, f"Deal {undone.number} undone. Its facts are back in the form.")
        game.refresh_from_db()
        setup = services.setup_of(game)
        state = services.state_from_cache(game, setup)
        initial = entry.deal_form.initial_from_facts(undone.facts)
        form = _deal_form(entry, game, setup, state, initial=initial)
        form.initial["expected_number"] = state.deals + 1
    if request.htmx:
        return _main(request, game, form, removed_number=undone.number if undone else None)
    return redirect("game", pk=game.pk)


@require_http_methods(["GET", "POST"])
@login_required
def deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    deal = get_object_or_404(game.deals, number=number)
    board = services.scoreboard(game)
    before = board.deals[number - 1].result.before
    if request.method == "POST":
        form = _deal_form(entry, game, board.setup, before, request.POST, stage="full")
        if form.is_valid():
            try:
                services.edit_deal(game, number, form.deal_data(), user=request.user)
            except FactError as e:
                if e.deal is not None and e.deal != number:
                    form.add_error(
                        None,
                        f"With this change, deal {e.deal} no longer fits: {e.message} ({e.field}).",
                    )
                else:
                    form.add_rules_error(e)
            else:
                messages.success(request, f"Deal {number} changed; the scores after it followed.")
                return redirect("game", pk=game.pk)
    else:
        initial = entry.deal_form.initial_from_facts(deal.facts)
        form = _deal_form(entry, game, board.setup, before, stage="full", initial=initial)
    context = board_context(board, entry, form)
    context.update({"deal": deal, "edit_number": number})
    return render(request, "games/edit.html", context)


@require_GET
@login_required
def game_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The game log as a JSON file: for backups, sharing and settling disputes."""
    game = _game_for(request, pk)
    response = JsonResponse(services.export_game(game), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-game-{game.pk}.json"'
    return response


@require_http_methods(["GET", "POST"])
@login_required
def game_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(*_bound(request, files=True))
    if request.method == "POST" and form.is_valid():
        try:
            game = services.import_game(form.document(), owner=request.user)
        except FactError as e:
            form.add_error(form.source_field(), f"Refused, nothing was stored: {e}")
        else:
            messages.success(request, "Game imported; every score was worked out again.")
            return redirect("game", pk=game.pk)
    return render(request, "games/import.html", {"form": form})


@require_http_methods(["GET", "POST"])
@login_required
def deal_what_if(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Change a fact of a past deal and see both outcomes side by side; the log is untouched."""
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    get_object_or_404(game.deals, number=number)
    board = services.scoreboard(game)
    before = board.deals[number - 1].result.before
    recorded = board.deal_rows[number - 1].facts
    comparison = None
    if request.method == "POST":
        form = _deal_form(entry, game, board.setup, before, request.POST, stage="full")
        if form.is_valid():
            comparison = services.what_if(board, number, form.deal_data())
    else:  # start from the deal as recorded: both sides the same until a fact changes
        initial = entry.deal_form.initial_from_facts(recorded)
        form = _deal_form(entry, game, board.setup, before, stage="full", initial=initial)
        comparison = services.what_if(board, number, recorded)
    context = board_context(board, entry, form)
    context.update({"what_if_number": number, "comparison": comparison})
    if comparison is not None:
        rules = entry.rules
        context["summary_now"] = rules.summary(board.setup, comparison.final_now)
        if comparison.final_then is not None:
            context["summary_then"] = rules.summary(board.setup, comparison.final_then)
            context["finished_then"] = rules.is_finished(comparison.final_then)
        for side in ("original", "changed"):
            result = getattr(comparison, side)
            if result is not None:
                context[f"{side}_headline"] = rules.outcome_text(board.setup, result)
    if request.htmx:
        return render(request, "games/what_if.html#comparison", context)
    return render(request, "games/what_if.html", context)


@require_GET
def rules_page(request: HttpRequest, key: str) -> HttpResponse:
    """A game's rules in our own words. Explanation lines link here by anchor; no login needed."""
    entry = registry.game_or_404(key)
    return render(request, entry.rules_template, {"entry": entry})
