"""Thin function views. POSTs re-render from the log ("view restart"); htmx gets partials."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import retarget

from scorekeeper.core.errors import FactError

from . import services
from .forms import DealForm, ImportForm, NewGameForm, SignupForm, friendly
from .models import Game
from .presenters import board_context


def _game_for(request: HttpRequest, pk: int) -> Game:
    """Only the game's owner may see or change it."""
    return get_object_or_404(Game.objects.owned_by(request.user), pk=pk)


def _bound(request: HttpRequest, *, files: bool = False) -> tuple:
    """Form arguments: bound on POST (even an empty one), unbound on GET."""
    if request.method != "POST":
        return ()
    return (request.POST, request.FILES) if files else (request.POST,)


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
    return render(request, "games/home.html", {"games": games})


@require_http_methods(["GET", "POST"])
@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(*_bound(request))
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        game = services.create_game(
            owner=request.user,
            mode=d["mode"],
            players=d["players"],
            first_dealer=d["first_dealer"],
            house_rules=d["house_rules"],
        )
        return redirect("game", pk=game.pk)
    return render(request, "games/new.html", {"form": form})


@require_GET
@login_required
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    board = services.scoreboard(game)
    form = DealForm(setup=board.setup, state=board.state)
    form.initial["expected_number"] = board.next_number
    return render(request, "games/game.html", board_context(board, form))


@require_POST
@login_required
def deal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Score the half-filled form without saving: the outcome, or what is still wrong."""
    game = _game_for(request, pk)
    number = request.GET.get("number", "")
    # Previewing an edit scores against the game as it stood before that deal.
    setup, state = services.state_before(game, int(number) if number.isdigit() else None)
    form = DealForm(request.POST, setup=setup, state=state)
    result = error = None
    if state is not None and form.is_valid():
        try:
            result = services.preview(setup, state, form.deal_data())
        except FactError as e:
            error = e
    problems = [friendly(e.message) for e in getattr(error, "errors", (error,))] if error else []
    context = {"result": result, "problems": problems, "form": form, "setup": setup}
    return render(request, "games/deal_form.html#preview", context)


@require_POST
@login_required
def deal_record(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    form = DealForm(request.POST, setup=setup, state=state)
    if form.is_valid():
        try:
            services.record_deal(
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
            data = form.data.copy()
            data["expected_number"] = services.state_from_cache(game, setup).deals + 1
            form.data = data
        else:
            if request.htmx:
                return _main(request, game, added=True)
            return redirect("game", pk=game.pk)
    if request.htmx:
        board = services.scoreboard(game)
        response = render(request, "games/game.html#deal-form", board_context(board, form))
        return retarget(response, "#deal-form")
    board = services.scoreboard(game)
    return render(request, "games/game.html", board_context(board, form), status=200)


def _main(
    request: HttpRequest,
    game: Game,
    form: DealForm | None = None,
    *,
    added: bool = False,
    removed_number: int | None = None,
) -> HttpResponse:
    """The top of the game page for htmx, with only the log row that changed (small responses)."""
    board = services.scoreboard(game)
    if form is None:
        form = DealForm(setup=board.setup, state=board.state)
        form.initial["expected_number"] = board.next_number
    context = board_context(board, form)
    context["new_row"] = context["rows"][0] if added else None
    context["removed_number"] = removed_number
    return render(request, "games/game.html#after-change", context)


@require_POST
@login_required
def deal_undo(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
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
        board = services.scoreboard(game)
        initial = DealForm.initial_from_facts(undone.facts)
        initial["expected_number"] = board.next_number
        form = DealForm(setup=board.setup, state=board.state, initial=initial)
    if request.htmx:
        return _main(request, game, form, removed_number=undone.number if undone else None)
    return redirect("game", pk=game.pk)


@require_http_methods(["GET", "POST"])
@login_required
def deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = _game_for(request, pk)
    deal = get_object_or_404(game.deals, number=number)
    board = services.scoreboard(game)
    before = board.deals[number - 1].result.before
    if request.method == "POST":
        form = DealForm(request.POST, setup=board.setup, state=before)
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
        form = DealForm(
            setup=board.setup, state=before, initial=DealForm.initial_from_facts(deal.facts)
        )
    context = board_context(board, form)
    context.update({"deal": deal, "edit_number": number})
    return render(request, "games/edit.html", context)


@require_GET
@login_required
def game_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The game log as a JSON file: for backups, sharing and settling disputes."""
    game = _game_for(request, pk)
    response = JsonResponse(services.export_game(game), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="thunee-game-{game.pk}.json"'
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
    get_object_or_404(game.deals, number=number)
    board = services.scoreboard(game)
    before = board.deals[number - 1].result.before
    recorded = board.deal_rows[number - 1].facts
    comparison = None
    if request.method == "POST":
        form = DealForm(request.POST, setup=board.setup, state=before)
        if form.is_valid():
            comparison = services.what_if(board, number, form.deal_data())
    else:  # start from the deal as recorded: both sides the same until a fact changes
        initial = DealForm.initial_from_facts(recorded)
        form = DealForm(setup=board.setup, state=before, initial=initial)
        comparison = services.what_if(board, number, recorded)
    context = board_context(board, form)
    context.update({"what_if_number": number, "comparison": comparison})
    if request.htmx:
        return render(request, "games/what_if.html#comparison", context)
    return render(request, "games/what_if.html", context)
