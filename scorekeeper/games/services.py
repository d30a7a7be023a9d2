"""What the views do to games of every kind: create, open, record, preview, undo, edit, import,
export. Views stay thin; every game is reached through the registry by `Game.kind`.

The deal log is the truth. `Game.state_cache` is the state after the last deal, so recording
scores one deal against it; undo and edit replay the log once and rebuild the cache.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper import registry
from scorekeeper.core.errors import SHARED, FactError, GameOver
from scorekeeper.core.game import GameRules, Opening, ReplayedDeal, replay
from scorekeeper.gamelog import SeatChange, dump_log, load_log, seated, seated_setup

from .models import Deal, DealChange, Game, Player, Seat

NOW = 10**9  # "the coming deal and every one after" for who sits where


class Conflict(Exception):
    """The log changed under the user (another phone saved first). Their input is kept."""


def rules_of(game: Game) -> GameRules:
    return registry.game(game.kind).rules


@dataclass
class Scoreboard:
    """A game with its log replayed: what the game page shows. `setup` names who sits at each
    seat now (a seat taken over during the game: its new holder); `logged_setup` is the log's
    envelope, the players the game began with."""

    game: Game
    rules: GameRules
    setup: Any
    deals: list[ReplayedDeal]
    state: Any
    deal_rows: list[Deal]
    logged_setup: Any
    seat_changes: tuple[SeatChange, ...]

    @property
    def next_number(self) -> int:
        return len(self.deals) + 1

    def setup_at(self, number: int) -> Any:
        """The setup with the names of who played each seat in deal `number`."""
        return seated_setup(self.logged_setup, self.seat_changes, number)


@dataclass(frozen=True)
class Saved:
    """What `record_deal` did: the deal its token recorded, and the deal's result if it was
    recorded now (None: the token had recorded it already, a double tap)."""

    deal: Deal
    result: Any | None


def setup_of(game: Game) -> Any:
    """The game's setup, built by its rules core from the stored envelope (no query), with
    the names of who sits at each seat now (someone may have taken over a seat)."""
    return seated_setup(rules_of(game).setup(game.setup), seat_changes_of(game), NOW)


def state_from_cache(game: Game, setup: Any) -> Any:
    if not game.state_cache:
        return rebuild(game, setup)
    return rules_of(game).state_from_cache(game.state_cache, setup)


def _account(user):
    """The account behind a change: the person's, or a visitor's stand-in (access.Visitor);
    None for a table link's phone (access.TablePhone)."""
    if user is None:
        return None
    return user if user.is_authenticated else getattr(user, "account", None)


def _by(user) -> dict[str, Any]:
    """Who made a change, for the audit trail: the account, or the phone's name."""
    return {"by": _account(user), "by_name": getattr(user, "phone_name", "")}


def create_game(
    *,
    owner,
    game: str | None = None,
    mode: str | None = None,
    players: list[str],
    first_dealer: int = 0,
    house_rules: Mapping[str, Any] | None = None,
    start: Mapping[str, Any] | None = None,
    group=None,
) -> Game:
    """A new game (of `group`, if given) of the game with key `game` (by default the registry's
    first). Everything is checked by the game's own setup; raises FactError."""
    rules = (registry.game(game) if game is not None else registry.first()).rules
    envelope: dict[str, Any] = {
        "players": players,
        "first_dealer": first_dealer,
        "house_rules": dict(house_rules or {}),
    }
    if mode is not None:
        envelope["mode"] = mode
    if start:
        envelope["start"] = dict(start)
    setup = rules.setup(envelope)
    return _store_game(owner, rules, setup, rules.initial_state(setup), group)


def play_again(game: Game, *, owner, group=None) -> Game:
    """A new game at the same table: the same kind, mode and house rules, the players seated
    now (a substitute stays in the seat), the first dealer the next one by the game's rules
    (`GameRules.next_first_dealer`); from the start, never from the old game's start score."""
    rules = rules_of(game)
    setup = rules.setup(game.setup)
    envelope = rules.envelope(setup)
    envelope.pop("start", None)
    envelope["first_dealer"] = rules.next_first_dealer(setup, state_from_cache(game, setup))
    envelope["players"] = seated_now(game, setup.players)
    try:
        again = rules.setup(envelope)
    except FactError:  # a substitute's name the table refuses (a name twice): who sat down
        again = rules.setup({**envelope, "players": list(setup.players)})
    return _store_game(owner, rules, again, rules.initial_state(again), group)


@transaction.atomic
def move_to_group(game: Game, group) -> None:
    """A game of its owner's own becomes the group's (played before the group existed, say):
    its seats become the group's players of those names, and its time moves so the group's
    seasons take it in (in the season of the day it was played)."""
    seats = list(Seat.objects.filter(game=game).select_related("player"))
    for seat in seats:
        seat.player = table_player(game.owner, seat.player.name, group)
    Seat.objects.bulk_update(seats, ["player"])
    Game.objects.filter(pk=game.pk).update(group=group, updated_at=timezone.now())


@transaction.atomic
def _store_game(owner, rules: GameRules, setup: Any, state: Any, group=None) -> Game:
    """Write a checked setup as a new game whose cached state is `state`."""
    game = new_game_row(owner, rules, setup, state, group)
    game.save(force_insert=True)
    Seat.objects.bulk_create(
        Seat(game=game, player=table_player(owner, name, group), position=i)
        for i, name in enumerate(setup.players)
    )
    return game


def new_game_row(owner, rules: GameRules, setup: Any, state: Any, group=None, **more: Any) -> Game:
    """The (unsaved) game of a checked setup whose cached state is `state`."""
    envelope = rules.envelope(setup)
    envelope["house_rules"] = rules.changed_house_rules(setup)
    return Game(
        owner=owner,
        group=group,
        kind=rules.key,
        setup=envelope,
        state_cache=_cache(rules, state),
        finished=rules.is_finished(state),
        **more,
    )


def _cache(rules: GameRules, state: Any) -> dict[str, Any]:
    return rules.state_to_cache(state)


def table_player(owner, name: str, group=None, *, made: list[Player] | None = None) -> Player:
    """The player of that name at the game's table: the group's, if the game is a group's (any
    member may have named them first), else the owner's own; new if there is none yet (and
    then added to `made`). So a group's seasons see one Asha, whoever keeps the score."""
    same = Player.objects.filter(name__iexact=name)
    same = same.filter(group=group) if group is not None else same.filter(owner=owner, group=None)
    player = same.first()
    if player is not None:
        return player
    try:
        with transaction.atomic():  # another phone may be naming them at this moment
            player = Player.objects.create(owner=owner, group=group, name=name)
    except IntegrityError:
        return same.get()
    if made is not None:
        made.append(player)
    return player


def scoreboard(game: Game) -> Scoreboard:
    rules = rules_of(game)
    logged = rules.setup(game.setup)
    changes = tuple(seat_changes_of(game))
    rows = list(game.deals.all())
    facts = [row.facts for row in rows]
    at = (lambda number: seated_setup(logged, changes, number)) if changes else None
    replayed, state = replay(rules, logged, facts, at)
    now = seated_setup(logged, changes, NOW)
    return Scoreboard(game, rules, now, replayed, state, rows, logged, changes)


def state_before(game: Game, number: int | None) -> tuple[Any, Any | None]:
    """The game as it stood before deal `number` (None: now, for the next deal)."""
    if number is None:
        setup = setup_of(game)
        return setup, state_from_cache(game, setup)
    board = scoreboard(game)
    if not 0 < number <= len(board.deals):
        return board.setup, None
    return board.setup_at(number), board.deals[number - 1].result.before


def preview(game: Game, setup: Any, state: Any, data: Mapping[str, Any]) -> Any:
    """Score a deal without saving it. Raises FactError for facts the rules refuse."""
    rules = rules_of(game)
    return rules.score_deal(rules.parse_deal(data, setup), state, setup)


def open_deal(game: Game, data: Mapping[str, Any], *, user) -> Opening:
    """Record the facts a table knows before the hand is played (Spades' bids) on the game.

    They are not in the log until the deal is recorded; they are kept in the audit trail.
    """
    rules = rules_of(game)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        setup = setup_of(game)
        state = state_from_cache(game, setup)
        opening = rules.open_deal(data, state, setup)
        number = state.deals + 1
        if game.opening == opening.facts:
            return opening  # a repeat: saved already
        if game.opening:  # another phone's bids came first
            raise Conflict(_("The bids of deal %(number)s were entered on another phone."))
        DealChange.objects.create(
            game=game, number=number, action="opened", facts_after=opening.facts, **_by(user)
        )
        Game.objects.filter(pk=game.pk).update(opening=opening.facts, updated_at=timezone.now())
    return opening


def is_repeat(game: Game, token: str | None, opening: Mapping[str, Any]) -> bool:
    """Whether an entry repeats what this game saved (a double tap whose second tap came
    late): the deal its token recorded, or the coming deal's bids, already stored."""
    if opening and dict(opening) == game.opening:
        return True
    try:
        token = uuid.UUID(str(token))
    except ValueError:
        return False
    return Deal.objects.filter(game=game, token=token).exists()


def reopen_deal(game: Game) -> None:
    """Take the coming deal's opening facts (bids) back into the form. They stay in the audit
    trail (their "opened" change); the new time tells watching phones to fetch the page."""
    now = timezone.now()
    Game.objects.filter(pk=game.pk).update(opening={}, updated_at=now)
    game.opening = {}
    game.updated_at = now


def opening_of(game: Game, setup: Any, state: Any) -> Opening | None:
    """The opening facts stored for the coming deal, checked again (None if there are none)."""
    if not game.opening:
        return None
    try:
        return rules_of(game).open_deal(game.opening, state, setup)
    except FactError:
        return None


def record_deal(
    game: Game,
    data: Mapping[str, Any],
    *,
    user,
    token: uuid.UUID,
    expected_number: int | None = None,
    setup: Any = None,
    state: Any = None,
) -> Saved:
    """Append one deal to the log. A repeat of the same token (a double tap) changes nothing
    and returns the deal that token recorded, without a result. `setup` and `state`: the
    game's and its cached state's, if the caller has built them already from this `game` (else
    they are built from `game.setup` and `game.state_cache`)."""
    rules = rules_of(game)
    if setup is None:
        setup = setup_of(game)
    try:
        # No second read of the game: the write below only lands if the game's version is
        # still the one read with the request (else Conflict), and the deal number is unique.
        with transaction.atomic():
            if state is None:
                state = state_from_cache(game, setup)
            number = state.deals + 1
            if expected_number is not None and expected_number != number:
                if Deal.objects.filter(game=game, token=token).exists():
                    raise IntegrityError("repeated token")
                if expected_number < number:  # another phone saved this deal first
                    raise Conflict(
                        _(
                            "The game changed on another phone: deal %(number)s was recorded "
                            "there while you were entering it. Your entry is kept: check the "
                            "scores, then save it again if it is a different deal."
                        )
                        % {"number": expected_number}
                    )
                raise Conflict(
                    _(
                        "Deal %(number)s was changed on another phone while you were entering "
                        "this one. Check the scores, then save again."
                    )
                    % {"number": expected_number - 1}
                )
            facts = rules.parse_deal(data, setup)
            result = rules.score_deal(facts, state, setup)
            stored = rules.deal_to_log(result.facts)  # as scored: a dealer chosen by a draw stays
            deal = Deal.objects.create(
                game=game, number=number, facts=stored, token=token, created_by=_account(user)
            )
            DealChange.objects.create(
                game=game, number=number, action="recorded", facts_after=stored, **_by(user)
            )
            _save_state(game, rules, result.after)
    except IntegrityError:
        existing = Deal.objects.filter(game=game, token=token).first()
        if existing is not None:
            return Saved(existing, None)
        raise Conflict(
            _(
                "Another phone recorded this deal at the same moment. Check the scores, then "
                "save again if your deal is still missing."
            )
        ) from None
    return Saved(deal, result)


def _save_state(game: Game, rules: GameRules, state: Any) -> None:
    """The game's cached state after a new deal, and its version bumped, only if its version is
    still the one read with the request: another phone's write in between is a Conflict."""
    cache = _cache(rules, state)
    finished = rules.is_finished(state)
    now = timezone.now()
    landed = Game.objects.filter(pk=game.pk, version=game.version).update(
        state_cache=cache, finished=finished, opening={}, updated_at=now, version=F("version") + 1
    )
    if not landed:
        raise Conflict(_("The game changed on another phone. Check the scores and try again."))
    game.state_cache = cache
    game.finished = finished
    game.opening = {}
    game.version += 1
    game.updated_at = now  # the live poll's stamp (live.py), without a second read


def rebuild(game: Game, setup: Any | None = None) -> Any:
    """Replay the whole log once and refresh the cached state."""
    rules = rules_of(game)
    setup = setup or rules.setup(game.setup)
    _, state = replay(rules, setup, [row.facts for row in game.deals.all()])
    cache = _cache(rules, state)
    finished = rules.is_finished(state)
    Game.objects.filter(pk=game.pk).update(
        state_cache=cache, finished=finished, updated_at=timezone.now()
    )
    game.state_cache = cache
    game.finished = finished
    return state


@transaction.atomic
def undo_last(game: Game, *, user, expected_number: int | None = None) -> Deal | None:
    """Take the last deal off the log. It stays in the audit trail; returns it (unsaved).

    In games that record a deal in two steps its opening facts (bids) become the coming deal's.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    last = game.deals.order_by("-number").first()
    if last is None:
        return None
    if expected_number is not None and last.number != expected_number:
        raise Conflict(
            _(
                "The last deal is now deal %(number)s: another phone changed the game. "
                "Nothing was undone."
            )
            % {"number": last.number}
        )
    DealChange.objects.create(
        game=game, number=last.number, action="undone", facts_before=last.facts, **_by(user)
    )
    last.delete()
    rules = rules_of(game)
    # A dealer kept in the facts (one the rules left to a draw) was known before the hand too.
    keep = (*rules.opening_fields, rules.dealer_field) if rules.opening_fields else ()
    opening = {k: v for k, v in last.facts.items() if k in keep}
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, opening=opening)
    game.opening = opening
    rebuild(game)
    return last


@transaction.atomic
def edit_deal(game: Game, number: int, data: Mapping[str, Any], *, user) -> Deal:
    """Change the facts of a past deal; every later deal is rescored.

    Refused (FactError naming the deal) if the change leaves a later deal impossible, e.g.
    a different dealer or a deal recorded after the game would now be over.
    """
    game = Game.objects.select_for_update().get(pk=game.pk)
    rules = rules_of(game)
    setup = rules.setup(game.setup)
    rows = list(game.deals.all())
    target = next((row for row in rows if row.number == number), None)
    if target is None:
        raise SHARED("deal", "NO_SUCH_DEAL", number=number)
    parsed = rules.parse_deal(data, setup)
    # Rescore the whole log with the change before writing anything.
    logs = [parsed if row.number == number else row.facts for row in rows]
    replayed, _ = replay(rules, setup, logs)
    new_facts = rules.deal_to_log(replayed[number - 1].result.facts)  # as scored, like record
    DealChange.objects.create(
        game=game,
        number=number,
        action="edited",
        facts_before=target.facts,
        facts_after=new_facts,
        **_by(user),
    )
    target.facts = new_facts
    target.edited_at = timezone.now()
    target.edited_by = _account(user)
    target.save(update_fields=["facts", "edited_at", "edited_by"])
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
    state = rebuild(game, setup)
    if game.opening and opening_of(game, setup, state) is None:
        # The change moved the coming deal (its dealer, what may be bid): the bids kept for it
        # no longer fit. They come back to be entered again, as a reopen takes them back, and
        # stay in the audit trail (their "opened" change); the view says what they were.
        Game.objects.filter(pk=game.pk).update(opening={})
        game.opening = {}
    return target


# ---- the JSON game log --------------------------------------------------------------------


def export_game(game: Game) -> dict[str, Any]:
    """The game as a JSON game log (shared/spec/game-log.md), with the computed scores."""
    board = scoreboard(game)
    facts = [row.facts for row in board.deal_rows]
    return dump_log(board.logged_setup, board.deals, board.state, facts, board.seat_changes)


# ---- someone takes over a seat during the game ----------------------------------------------


def seat_changes_of(game: Game) -> list[SeatChange]:
    return [SeatChange.from_dict(change) for change in game.seat_changes or []]


def seated_now(game: Game, players: list[str] | tuple[str, ...]) -> list[str]:
    """Who plays each seat from the coming deal on (the setup's `players`, with the seat
    changes made so far)."""
    return seated(players, seat_changes_of(game), NOW)


@transaction.atomic
def change_seat(game: Game, seat: int, name: str, *, user, from_deal: int) -> None:
    """`name` plays seat `seat` from deal `from_deal` on: kept on the game with when and by
    whom, said on those deals in the game log. The game's time moves (its pages follow)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    who = _by(user)
    change = SeatChange(seat, name, from_deal).to_dict()
    change |= {"at": timezone.now().isoformat(), "by": who["by_name"] or str(who["by"] or "")}
    changes = [*(game.seat_changes or []), change]
    Game.objects.filter(pk=game.pk).update(seat_changes=changes, updated_at=timezone.now())


def import_game(doc: Any, *, owner, group=None) -> Game:
    """Store a game log (dict, JSON text or bytes) as a new game of `owner` (at `group`'s table,
    with the group's players, if given).

    Everything is checked and replayed before anything is written: a refused log raises
    FactError (naming the deal and field) and stores nothing.
    """
    loaded = load_log(doc)  # checks and replays every deal once
    if loaded.game not in registry.GAMES:
        raise SHARED("game", "GAME_NOT_KEPT", game=loaded.game, kept=", ".join(registry.GAMES))
    rules = registry.game(loaded.game).rules
    with transaction.atomic():
        game = _store_game(owner, rules, loaded.setup, loaded.state, group)
        if loaded.seat_changes:
            changes = [change.to_dict() for change in loaded.seat_changes]
            Game.objects.filter(pk=game.pk).update(seat_changes=changes)
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
    original: Any
    changed: Any | None
    error: FactError | None  # the changed facts are not possible
    final_now: Any
    final_then: Any | None  # the game after the last deal, had the change been so
    later_error: FactError | None  # a later deal that would no longer fit
    ended_after: int | None = None  # the game would have been over after this deal


def what_if(board: Scoreboard, number: int, data: Mapping[str, Any]) -> WhatIf:
    rules = board.rules
    original = board.deals[number - 1].result
    then = board.setup_at(number)  # the names of who played that deal
    try:
        facts = rules.parse_deal(data, then)
        changed = rules.score_deal(facts, original.before, then)
    except FactError as e:
        return WhatIf(number, original, None, e, board.state, None, None)
    logs = [row.facts for row in board.deal_rows]
    logs[number - 1] = rules.deal_to_log(changed.facts)
    try:
        _, final_then = replay(rules, board.setup, logs)
    except GameOver as e:  # the change wins the game sooner: it ends before deal e.deal
        if e.deal is None or e.deal <= number:
            return WhatIf(number, original, changed, None, board.state, None, e)
        _, final_then = replay(rules, board.setup, logs[: e.deal - 1])
        ended = e.deal - 1
        return WhatIf(number, original, changed, None, board.state, final_then, None, ended)
    except FactError as e:
        return WhatIf(number, original, changed, None, board.state, None, e)
    return WhatIf(number, original, changed, None, board.state, final_then, None)
