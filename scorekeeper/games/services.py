"""What the views do to games: create, record, preview, undo, edit. Views stay thin.

The deal log is the truth. `Game.state_cache` is the state after the last deal, so recording
scores one deal against it; undo and edit replay the log once and rebuild the cache.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorekeeper.core.errors import FactError
from scorekeeper.gamelog import dump_log, load_log
from scorekeeper.rules.thunee import (
    DealResult,
    GameState,
    ReplayedDeal,
    Setup,
    parse_deal,
    replay,
    score_deal,
)

from .models import Deal, DealChange, Game, Player, Seat


class Conflict(Exception):
    """The log changed under the user (another phone saved first). Their input is kept."""


@dataclass
class Scoreboard:
    """A game with its log replayed: what the game page shows."""

    game: Game
    setup: Setup
    deals: list[ReplayedDeal]
    state: GameState
    deal_rows: list[Deal]

    @property
    def next_number(self) -> int:
        return self.state.deals + 1


def setup_of(game: Game) -> Setup:
    names = [seat.player.name for seat in game.seats.select_related("player")]
    start = tuple(game.start.get("balls", (0, 0)))
    return Setup.create(
        mode=game.mode,
        players=names,
        first_dealer=game.first_dealer,
        house_rules=game.house_rules,
        start_balls=start,
    )


def state_to_cache(state: GameState) -> dict[str, Any]:
    return asdict(state)


def state_from_cache(game: Game, setup: Setup) -> GameState:
    if not game.state_cache:
        return rebuild(game, setup)
    data = dict(game.state_cache)
    data["balls"] = tuple(data["balls"])
    return GameState(**data)


def create_game(
    *,
    owner,
    mode: str,
    players: list[str],
    first_dealer: int,
    house_rules: Mapping[str, Any] | None = None,
    start_balls: tuple[int, int] = (0, 0),
) -> Game:
    setup = Setup.create(
        mode=mode,
        players=players,
        first_dealer=first_dealer,
        house_rules=house_rules,
        start_balls=start_balls,
    )
    return _store_game(owner, setup, GameState.initial(setup))


@transaction.atomic
def _store_game(owner, setup: Setup, state: GameState) -> Game:
    """Write a checked setup as a new game whose cached state is `state`."""
    game = Game.objects.create(
        owner=owner,
        kind="thunee",
        mode=setup.mode.key,
        house_rules=setup.rules.to_dict(only_changed=True),
        first_dealer=setup.first_dealer,
        start={"balls": list(setup.start_balls)} if any(setup.start_balls) else {},
        state_cache=state_to_cache(state),
        finished=state.finished,
    )
    Seat.objects.bulk_create(
        Seat(game=game, player=_player(owner, name), position=i)
        for i, name in enumerate(setup.players)
    )
    return game


def _player(owner, name: str) -> Player:
    player = Player.objects.filter(owner=owner, name__iexact=name).first()
    return player or Player.objects.create(owner=owner, name=name)


def scoreboard(game: Game) -> Scoreboard:
    setup = setup_of(game)
    rows = list(game.deals.all())
    replayed, state = replay(setup, [row.facts for row in rows])
    return Scoreboard(game, setup, replayed, state, rows)


def state_before(game: Game, number: int | None) -> tuple[Setup, GameState | None]:
    """The game as it stood before deal `number` (None: now, for the next deal)."""
    if number is None:
        setup = setup_of(game)
        return setup, state_from_cache(game, setup)
    board = scoreboard(game)
    if not 0 < number <= len(board.deals):
        return board.setup, None
    return board.setup, board.deals[number - 1].result.before


def preview(setup: Setup, state: GameState, data: Mapping[str, Any]) -> DealResult:
    """Score a deal without saving it. Raises FactError for facts the rules refuse."""
    return score_deal(parse_deal(data, setup), state, setup)


def record_deal(
    game: Game,
    data: Mapping[str, Any],
    *,
    user,
    token: uuid.UUID,
    expected_number: int | None = None,
) -> Deal:
    """Append one deal to the log. A repeat of the same token (a double tap) changes nothing."""
    existing = Deal.objects.filter(game=game, token=token).first()
    if existing is not None:
        return existing
    setup = setup_of(game)
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            state = state_from_cache(game, setup)
            number = state.deals + 1
            if expected_number is not None and expected_number != number:
                raise Conflict(
                    f"Deal {expected_number - 1} was changed on another phone while you were "
                    "entering this one. Check the scores, then save again."
                )
            facts = parse_deal(data, setup)
            result = score_deal(facts, state, setup)
            deal = Deal.objects.create(
                game=game, number=number, facts=facts.to_dict(), token=token, created_by=user
            )
            DealChange.objects.create(
                game=game, number=number, action="recorded", facts_after=deal.facts, by=user
            )
            _save_state(game, result.after)
    except IntegrityError:
        existing = Deal.objects.filter(game=game, token=token).first()
        if existing is not None:
            return existing
        raise Conflict(
            "Another phone recorded this deal at the same moment. Check the scores, then save "
            "again if your deal is still missing."
        ) from None
    return deal


def _save_state(game: Game, state: GameState) -> None:
    updated = Game.objects.filter(pk=game.pk, version=game.version).update(
        state_cache=state_to_cache(state),
        finished=state.finished,
        version=F("version") + 1,
        updated_at=timezone.now(),
    )
    if not updated:
        raise Conflict("The game changed on another phone. Check the scores and try again.")
    game.state_cache = state_to_cache(state)
    game.finished = state.finished
    game.version += 1


def rebuild(game: Game, setup: Setup | None = None) -> GameState:
    """Replay the whole log once and refresh the cached state."""
    setup = setup or setup_of(game)
    _, state = replay(setup, [row.facts for row in game.deals.all()])
    Game.objects.filter(pk=game.pk).update(
        state_cache=state_to_cache(state), finished=state.finished, updated_at=timezone.now()
    )
    game.state_cache = state_to_cache(state)
    game.finished = state.finished
    return state


@transaction.atomic
def undo_last(game: Game, *, user, expected_number: int | None = None) -> Deal | None:
    """Take the last deal off the log. It stays in the audit trail; returns it (unsaved)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    last = game.deals.order_by("-number").first()
    if last is None:
        return None
    if expected_number is not None and last.number != expected_number:
        raise Conflict(
            f"The last deal is now deal {last.number}: another phone changed the game. "
            "Nothing was undone."
        )
    DealChange.objects.create(
        game=game, number=last.number, action="undone", facts_before=last.facts, by=user
    )
    last.delete()
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    rebuild(game)
    return last


@transaction.atomic
def edit_deal(game: Game, number: int, data: Mapping[str, Any], *, user) -> Deal:
    """Change the facts of a past deal; every later deal is rescored.

    Refused (FactError naming the deal) if the change leaves a later deal impossible, e.g.
    a different dealer or a deal recorded after the game would now be over.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    setup = setup_of(game)
    rows = list(game.deals.all())
    target = next((row for row in rows if row.number == number), None)
    if target is None:
        raise FactError("deal", f"there is no deal {number}")
    facts = parse_deal(data, setup)
    new_facts = facts.to_dict()
    # Rescore the whole log with the change before writing anything.
    logs = [new_facts if row.number == number else row.facts for row in rows]
    replay(setup, logs)
    DealChange.objects.create(
        game=game,
        number=number,
        action="edited",
        facts_before=target.facts,
        facts_after=new_facts,
        by=user,
    )
    target.facts = new_facts
    target.edited_at = timezone.now()
    target.edited_by = user
    target.save(update_fields=["facts", "edited_at", "edited_by"])
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    rebuild(game, setup)
    return target


# ---- the JSON game log --------------------------------------------------------------------


def export_game(game: Game) -> dict[str, Any]:
    """The game as a JSON game log (shared/spec/game-log.md), with the computed scores."""
    board = scoreboard(game)
    facts = [row.facts for row in board.deal_rows]
    return dump_log(board.setup, board.deals, board.state, facts, game=game.kind)


def import_game(doc: Any, *, owner) -> Game:
    """Store a game log (dict, JSON text or bytes) as a new game of `owner`.

    Everything is checked and replayed before anything is written: a refused log raises
    FactError (naming the deal and field) and stores nothing.
    """
    loaded = load_log(doc)  # checks and replays every deal once
    with transaction.atomic():
        game = _store_game(owner, loaded.setup, loaded.state)
        records = loaded.records()
        Deal.objects.bulk_create(
            Deal(game=game, number=n, facts=facts, created_by=owner)
            for n, facts in enumerate(records, start=1)
        )
        DealChange.objects.bulk_create(
            DealChange(game=game, number=n, action="recorded", facts_after=facts, by=owner)
            for n, facts in enumerate(records, start=1)
        )
    return game


@dataclass
class WhatIf:
    """One past deal with one fact changed, scored beside the deal as recorded. Never saved."""

    number: int
    original: DealResult
    changed: DealResult | None
    error: FactError | None  # the changed facts are not possible
    final_now: GameState
    final_then: GameState | None  # the game after the last deal, had the change been so
    later_error: FactError | None  # a later deal that would no longer fit


def what_if(board: Scoreboard, number: int, data: Mapping[str, Any]) -> WhatIf:
    original = board.deals[number - 1].result
    try:
        facts = parse_deal(data, board.setup)
        changed = score_deal(facts, original.before, board.setup)
    except FactError as e:
        return WhatIf(number, original, None, e, board.state, None, None)
    logs = [row.facts for row in board.deal_rows]
    logs[number - 1] = facts.to_dict()
    try:
        _, final_then = replay(board.setup, logs)
    except FactError as e:
        return WhatIf(number, original, changed, None, board.state, None, e)
    return WhatIf(number, original, changed, None, board.state, final_then, None)
