"""Thin function views for every game. POSTs re-render from the log ("view restart"); htmx gets
partials. A game's own pieces (deal form, board) come from the registry by `Game.kind`."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper import registry
from scorekeeper.accounts import holders
from scorekeeper.core.errors import FactError
from scorekeeper.games import access, posted, record_post, recording, services
from scorekeeper.games.access import Level
from scorekeeper.games.forms import GroupChoiceForm, NewGameForm
from scorekeeper.games.models import Game
from scorekeeper.games.presenters import board_context, game_context
from scorekeeper.registry import RegisteredGame

from . import answers, game_list, live, offline, suggestions

GAMES_PER_PAGE = 50  # the home page's list


def _game_for(request: HttpRequest, pk: int, need: Level = Level.KEEP) -> Game:
    """The game if this person may do `need` with it: 404 for anyone who cannot see it, 403 for
    a spectator who tries to keep score (see scorekeeper/games/access.py)."""
    return live.note_loaded(access.game_for(request, pk, need))


def _bound(request: HttpRequest, *, files: bool = False) -> tuple:
    """Form arguments: bound on POST (even an empty one), unbound on GET."""
    if request.method != "POST":
        return ()
    return (request.POST, request.FILES) if files else (request.POST,)


# The deal form of a game as it stands (or of a given stage), and the stage it is at.
_deal_form = recording.deal_form
_stage = recording.stage_of


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The games a person can see (their own, their groups', those shared with them: access.py),
    or a visitor's browser's; someone new is shown how to start one without an account."""
    context: dict[str, Any] = {"registered": list(registry.GAMES.values())}
    if access.keeps_games(request.user):
        games = access.visible_games(request.user).select_related("group")
        # 50 a page, newest first; a bad ?page= shows the nearest page (get_page).
        page = Paginator(games.prefetch_related("seats__player"), GAMES_PER_PAGE)
        page = page.get_page(request.GET.get("page"))
        context.update(rows=game_list.rows_of(page), page=page)
    return render(request, "games/home.html", context)


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponse:
    """A new game, by anyone: someone without an account starts one as a visitor (holders.py)."""
    key = request.POST.get("game") or request.GET.get("game") or next(iter(registry.GAMES))
    entry = registry.game_or_404(key)
    form = NewGameForm(*_bound(request), game=entry)
    # Whose game: one of the person's groups (?group= from the group's page), or their own.
    group_form = GroupChoiceForm(
        *_bound(request), user=request.user, initial={"group": request.GET.get("group")}
    )
    if request.method == "POST" and form.is_valid() and group_form.is_valid():
        owner = holders.owner_for_new_games(request, form)
        if owner is not None:
            d = form.cleaned_data
            game = services.create_game(
                owner=owner,
                game=entry.key,
                mode=d.get("mode"),
                players=d["players"],
                first_dealer=d["first_dealer"],
                house_rules=d["house_rules"],
                group=group_form.cleaned_data["group"],
            )
            return redirect("game", pk=game.pk)
    context = {"form": form, "entry": entry, "registered": list(registry.GAMES.values())}
    context["group_form"] = group_form
    context["known_players"] = known = suggestions.names_for(request.user)
    if known:  # the seats' boxes suggest them as they are typed
        for field in form.player_fields():
            field.field.widget.attrs["list"] = "known-players"
    return render(request, "games/new.html", context)


@require_GET
@access.login_or_table  # or a night's table link (access.py)
def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk, Level.WATCH)
    entry = registry.game(game.kind)
    board = services.scoreboard(game)
    keeps = access.can(game, Level.KEEP)  # a spectator's page has no form, undo or edit
    page = live.page_context(request, game)
    form = None
    if keeps:
        initial = _undone_initial(entry, page["last_change"], board.state)
        form = _deal_form(entry, game, board.setup, board.state, initial=initial)
    context = board_context(board, entry, form)
    context["opening"] = services.opening_of(game, board.setup, board.state)
    context.update(page)
    context["table_follow"] = access.table_follow(request, pk)  # a night's table phone
    return render(request, "games/game.html", context)


def _undone_initial(entry: RegisteredGame, change: Any, state: Any) -> dict[str, Any] | None:
    """The form values of the deal just undone, while nothing has happened since: the undo
    promised them back in the form, also after a reload or without JavaScript."""
    if change is None or change.action != "undone" or change.number != state.deals + 1:
        return None
    return entry.deal_form.initial_from_facts(change.undone_facts or {})


@require_GET
@access.login_or_table
def game_chart(request: HttpRequest, pk: int) -> HttpResponse:
    """The score chart alone: the game page fetches it again when its log changed (the
    `log-changed` event of a record or an undo), so the record's own answer stays small."""
    game = _game_for(request, pk, Level.WATCH)
    entry = registry.game(game.kind)
    board = services.scoreboard(game)
    context = game_context(entry, game, board.setup, board.state)
    context["replayed"] = board.deals
    return render(request, "games/game.html#chart", context)


@require_GET
def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The live poll (scorekeeper/play/live.py): 204 from one query while the page's stamp is
    current; else the page's live parts, and the form too unless it holds the user's input."""
    unchanged = live.unchanged_for_person(request, pk)  # no session, no user: the hot path
    if unchanged is not None:
        return unchanged
    if not request.user.is_authenticated and access.table_level(request, pk) >= Level.WATCH:
        game = access.game_for(request, pk, Level.WATCH)  # a night's table link (access.py)
        stamp = (game.version, game.updated_at, game.finished)
        return live.unchanged_answer(request.GET.get("v"), *stamp) or _changes(request, game)
    if isinstance(request.user, access.Visitor):  # a visitor's own game, or nothing
        game = access.game_for(request, pk, Level.WATCH)
        stamp = (game.version, game.updated_at, game.finished)
        return live.unchanged_answer(request.GET.get("v"), *stamp) or _changes(request, game)
    if not request.user.is_authenticated:
        if access.holds_table_link(request, pk):
            raise Http404("No game found.")  # a table phone's revoked link: its note says why
        if request.htmx:  # the page's poll after a log-out: stop it and say why (live.js)
            game_url = reverse("game", args=[pk])
            return render(request, "games/live.html#logged-out", {"next": game_url}, status=401)
        return redirect_to_login(request.get_full_path())
    fields = ("owner_id", "my_game_role", "my_group_role", "version", "updated_at", "finished")
    row = access.with_access(Game.objects.filter(pk=pk), request.user).values(*fields).first()
    level = Level.NONE
    if row is not None:
        level = access.level_from(
            row["owner_id"], row["my_game_role"], row["my_group_role"], request.user
        )
    if level == Level.NONE:
        raise Http404("No game found.")
    unchanged = live.unchanged_answer(
        request.GET.get("v"), row["version"], row["updated_at"], row["finished"]
    )
    if unchanged is not None:
        return unchanged
    game = Game.objects.get(pk=pk)
    game.access = level
    return _changes(request, game)


def _changes(request: HttpRequest, game: Game) -> HttpResponse:
    """The poll's answer when the game changed: its live parts (and the form unless dirty)."""
    dirty = request.GET.get("dirty") == "1"
    entry = registry.game(game.kind)
    board = services.scoreboard(game)
    context = live.page_context(request, game)
    keeps = not context["read_only"]
    send_main = not keeps or not dirty or game.finished
    form = _deal_form(entry, game, board.setup, board.state) if keeps and send_main else None
    context.update(board_context(board, entry, form))
    context["opening"] = services.opening_of(game, board.setup, board.state)
    context["send_main"] = send_main
    context["live_note"] = live.note_for(context["last_change"], request.user, dirty)
    return render(request, "games/live.html#changes", context)


@require_POST
@access.login_or_table
def deal_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """Score the half-filled form without saving: the outcome, or what is still wrong."""
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    # Previewing an edit scores against the game as it stood before that deal.
    number = posted.number(request.GET.get("number"))
    editing = number is not None
    setup, state = services.state_before(game, number)
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
@access.login_or_table
@offline.made_here  # never one person's kept entry as another's
def deal_open(request: HttpRequest, pk: int) -> HttpResponse:
    """The first step of a two-step deal: the facts known before the hand is played (bids)."""
    game, entry, setup, state, post = _save_of(request, pk)
    outcome = recording.open_bids(game, entry, setup, state, post, user=request.user)
    return answers.answer(request, game, entry, outcome)


def _save_of(
    request: HttpRequest, pk: int
) -> tuple[Game, RegisteredGame, Any, Any, record_post.RecordPost]:
    """What a save needs: the game, its registered entry, setup and state, the post read once."""
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    return game, entry, setup, state, record_post.read(request.POST, recording.stages_of(entry))


@require_POST
@access.login_or_table
@offline.made_here  # never one person's kept entry as another's
def deal_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """Back to the first step: change the bids before the tricks are recorded."""
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    initial = entry.deal_form.initial_from_facts(game.opening) if game.opening else {}
    services.reopen_deal(game)
    form = _deal_form(entry, game, setup, state, stage="opening", initial=initial)
    if request.htmx:
        return answers.page(request, game, form)
    return redirect("game", pk=game.pk)


@require_POST
@access.login_or_table
@offline.made_here  # never one person's kept entry as another's
def deal_record(request: HttpRequest, pk: int) -> HttpResponse:
    """A deal (a two-step game's tricks) from the game page: one outcome, one answer each."""
    game, entry, setup, state, post = _save_of(request, pk)
    outcome = recording.record(game, entry, setup, state, post, user=request.user)
    return answers.answer(request, game, entry, outcome, keeps=post.keeps)


@require_POST
@access.login_or_table
@offline.made_here  # never one person's kept entry as another's
def deal_undo(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    outcome = recording.undo(game, entry, request.POST.get("number"), user=request.user)
    return answers.answer(request, game, entry, outcome)


@require_http_methods(["GET", "POST"])
@access.login_or_table
@offline.made_here  # never one person's kept entry as another's
def deal_edit(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    game = _game_for(request, pk)
    entry = registry.game(game.kind)
    deal = get_object_or_404(game.deals, number=number)
    board = services.scoreboard(game)
    if request.method == "POST":
        outcome = recording.edit(game, entry, board, deal, request.POST, user=request.user)
        return answers.answer(request, game, entry, outcome)
    before = board.deals[number - 1].result.before
    initial = entry.deal_form.initial_from_facts(deal.facts)
    form = _deal_form(entry, game, board.setup_at(number), before, stage="full", initial=initial)
    return answers.edit_page(request, entry, board, deal, form)


@require_http_methods(["GET", "POST"])
@access.login_or_table
def deal_what_if(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Change a fact of a past deal and see both outcomes side by side; the log is untouched."""
    game = _game_for(request, pk, Level.WATCH)
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
    context["read_only"] = not access.can(game, Level.KEEP)
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
        # The refusals as the game's form says them (in the reader's language where it can).
        if comparison.error is not None:
            context["error_text"] = " ".join(form.problems(comparison.error))
        if comparison.later_error is not None:
            context["later_error_text"] = " ".join(form.problems(comparison.later_error))
    if request.htmx:
        return render(request, "games/what_if.html#comparison", context)
    return render(request, "games/what_if.html", context)


@require_http_methods(["GET", "POST"])
@access.login_or_table
def game_page(request: HttpRequest, pk: int, page: str) -> HttpResponse:
    """One of a game's own pages (see registry.GamePage): seen by whoever sees the game, sent
    (POST) only by its scorekeepers."""
    game = _game_for(request, pk, Level.WATCH if request.method == "GET" else Level.KEEP)
    entry = registry.game(game.kind)
    found = entry.page(page)
    if found is None:
        raise Http404(f"{entry.name} has no page {page!r}")
    return found.view(request, game, entry)


@require_GET
def rules_page(request: HttpRequest, key: str) -> HttpResponse:
    """A game's rules in our own words. Explanation lines link here by anchor; no login needed."""
    entry = registry.game_or_404(key)
    return render(request, entry.rules_template, {"entry": entry})
