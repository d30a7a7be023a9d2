"""The recording service of the game page: a deal (or, in a two-step game, its bids), an undo or
an edit sent from the page, and what became of it: exactly one outcome, answered by one function
each (scorekeeper/play/answers.py).

- `Recorded`: a new deal saved now;
- `Opened`: the bids of the coming deal saved now (two-step games);
- `Repeated`: saved already (a double tap, the same entry sent again): nothing done;
- `Stale`: made for a state of the game that another phone has since passed (the deal recorded,
  its bids entered or taken back there, another deal now last for an undo): nothing saved, and
  `said` says so (repeating what was entered);
- `Refused`: the form again, with the errors at their fields and the input kept (facts the
  rules refuse, a deal number another phone used first, damaged hidden fields);
- `Undone`: the last deal taken off the log, its facts back in the form;
- `Edited`: a past deal changed, every later deal rescored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.utils.translation import gettext as _

from scorekeeper.core.errors import FactError
from scorekeeper.registry import RegisteredGame

from . import posted, services
from .deal_forms import BaseDealForm
from .models import Deal, Game
from .presenters import facts_said, typed_said
from .record_post import RecordPost


@dataclass(frozen=True)
class Recorded:
    deal: Deal
    result: Any  # the deal's result, scored against the cached state: the answer needs no replay
    setup: Any  # the game's setup the deal was scored with (who sits where)

    @property
    def number(self) -> int:
        return self.deal.number


@dataclass(frozen=True)
class Opened:
    number: int  # the coming deal's: its bids join the log with its tricks
    opening: Any  # the rules core's `Opening`


@dataclass(frozen=True)
class Repeated:
    pass


@dataclass(frozen=True)
class Stale:
    said: str  # "" when there is nothing to say (an undo of a log already empty)
    level: int = messages.WARNING  # an undo refused says it as an error


@dataclass(frozen=True)
class Refused:
    form: BaseDealForm
    # For an edit: the deal and the game as replayed, which the edit page shows again.
    editing: Deal | None = None
    board: services.Scoreboard | None = None


@dataclass(frozen=True)
class Undone:
    deal: Deal  # as it was (no longer saved)
    form: BaseDealForm  # the coming deal's, holding the undone deal's facts


@dataclass(frozen=True)
class Edited:
    number: int
    bids_taken_back: bool = False  # the change moved the coming deal: its bids no longer fit
    bids_said: str = ""  # those bids in words, to be entered again


Outcome = Recorded | Opened | Repeated | Stale | Refused | Undone | Edited


def stage_of(entry: RegisteredGame, game: Game) -> str:
    """Which part of the coming deal the form records: all of it, or its opening (bids) first
    and the rest once the hand is played."""
    if not entry.rules.opening_fields:
        return "full"
    return "closing" if game.opening else "opening"


def stages_of(entry: RegisteredGame) -> tuple[str, ...]:
    """The stages a game's record form is rendered for (none to tell apart in a one-step game)."""
    return ("opening", "closing") if entry.rules.opening_fields else ()


def deal_form(
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
        stage=stage or stage_of(entry, game),
        opening=game.opening,
        initial=initial or None,
    )
    if data is None and state is not None:
        form.initial["expected_number"] = state.deals + 1
    return form


def record(
    game: Game, entry: RegisteredGame, setup: Any, state: Any, post: RecordPost, *, user
) -> Recorded | Repeated | Stale | Refused:
    """Record the coming deal (its tricks, in a two-step game) as posted."""
    moved_on = _moved_on(game, entry, setup, state, post)
    if moved_on is not None:
        return moved_on
    form = deal_form(entry, game, setup, state, post.data)
    if not form.is_valid():
        return Refused(form)
    try:
        saved = services.record_deal(
            game,
            form.deal_data(),
            user=user,
            token=form.cleaned_data["token"],
            expected_number=form.cleaned_data.get("expected_number"),
            setup=setup,
            state=state,
        )
    except FactError as e:
        form.add_rules_error(e)
        return Refused(form)
    except services.Conflict as e:
        form.add_error(None, str(e))
        # Saved again, it is checked against the log as it is now; the input stays.
        game.refresh_from_db()
        _expect(form, services.state_from_cache(game, setup).deals + 1)
        return Refused(form)
    if saved.result is None:  # the token had recorded this deal already
        return Repeated()
    return Recorded(saved.deal, saved.result, setup)


def open_bids(
    game: Game, entry: RegisteredGame, setup: Any, state: Any, post: RecordPost, *, user
) -> Opened | Repeated | Stale | Refused:
    """The first step of a two-step deal: the facts known before the hand is played (bids)."""
    moved_on = _moved_on(game, entry, setup, state, post)
    if moved_on is not None:
        return moved_on
    number = state.deals + 1
    form = deal_form(entry, game, setup, state, post.data, stage="opening")
    expected = form.cleaned_data.get("expected_number") if form.is_valid() else None
    if expected is not None and expected != number:  # bids kept on a phone offline
        form.add_error(
            None,
            _("Deal %(number)s was recorded on another phone while you were entering it.")
            % {"number": expected},
        )
        _expect(form, number)  # saving again makes them the coming deal's
    if not form.is_valid():
        return Refused(form)
    try:
        opening = services.open_deal(game, form.deal_data(), user=user)
    except FactError as e:
        form.add_rules_error(e)
        return Refused(form)
    except services.Conflict:  # bids saved on another phone at this very moment
        game.refresh_from_db()
        said = _("The bids of deal %(number)s were entered on another phone.")
        return _moved_on(game, entry, setup, state, post) or Stale(said % {"number": number})
    return Opened(number, opening)


def undo(game: Game, entry: RegisteredGame, number: Any, *, user) -> Undone | Stale:
    """Take the last deal off the log, if it is still deal `number` (the undo button's; absent:
    whichever is last). Its facts come back in the form, so a slip is corrected, not retyped."""
    expected = posted.number(number)
    if number and expected is None:  # the button names no deal: undo nothing rather than guess
        said = _("Nothing was undone: that undo button was out of date.")
        return Stale(said, messages.ERROR)
    try:
        undone = services.undo_last(game, user=user, expected_number=expected)
    except services.Conflict as e:
        return Stale(str(e), messages.ERROR)
    if undone is None:  # no deal left to undo (the first tap of a double tap took the last)
        return Stale("", messages.ERROR)
    game.refresh_from_db()
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    initial = entry.deal_form.initial_from_facts(undone.facts)
    return Undone(undone, deal_form(entry, game, setup, state, initial=initial))


SEEN_FIELD = "deal_seen"  # the edit form's mark of the deal as it was when the form was opened


def seen_of(deal: Deal) -> str:
    """The deal as an edit form saw it: an edit of the deal since makes a new one."""
    return deal.edited_at.isoformat() if deal.edited_at else "as recorded"


def edit(
    game: Game,
    entry: RegisteredGame,
    board: services.Scoreboard,
    deal: Deal,
    data: Mapping[str, Any],
    *,
    user,
) -> Edited | Refused:
    """Change the facts of past deal `deal` as posted (`board`: the game replayed); every later
    deal is rescored, or the change is refused naming the later deal it would leave impossible,
    or, when the deal was edited elsewhere after the form was opened, refused as stale with the
    deal as it now reads (the form keeps what was typed and the deal's new mark)."""
    number = deal.number
    before = board.deals[number - 1].result.before
    then = board.setup_at(number)  # the names of who played that deal
    form = deal_form(entry, game, then, before, data, stage="full")
    if not form.is_valid():
        return Refused(form, deal, board)
    seen = data.get(SEEN_FIELD)
    if seen is not None and seen != seen_of(deal):  # edited elsewhere since this form was opened
        now = facts_said(entry.rules, then, deal.facts)
        form.add_error(
            None,
            _(
                "Deal %(number)s was changed on another phone after this form was opened. It now"
                " reads: %(now)s. Your change is below, not saved: save it again to replace that."
            )
            % {"number": number, "now": now},
        )
        return Refused(form, deal, board)
    kept = game.opening  # bids entered for the coming deal, if any
    try:
        services.edit_deal(game, number, form.deal_data(), user=user)
    except FactError as e:
        if e.deal is not None and e.deal != number:
            form.add_error(
                None,
                _("With this change, deal %(deal)s no longer fits: %(why)s")
                % {"deal": e.deal, "why": " ".join(form.problems(e))},
            )
        else:
            form.add_rules_error(e)
        return Refused(form, deal, board)
    game.refresh_from_db(fields=["opening"])
    if kept and not game.opening:  # the change moved the coming deal: its bids were taken back
        return Edited(number, True, facts_said(entry.rules, board.setup, kept))
    return Edited(number)


def _expect(form: BaseDealForm, number: int) -> None:
    """The form given back expects deal `number`: saving it again is checked against that."""
    data = form.data.copy()
    data["expected_number"] = number
    form.data = data


def _moved_on(
    game: Game, entry: RegisteredGame, setup: Any, state: Any, post: RecordPost
) -> Repeated | Stale | None:
    """Repeated or Stale if this entry was made for a step of the deal that another phone has
    since passed: the form in hand no longer fits. None if it fits. A stage this game's form
    never has (a damaged page) says nothing: the form is checked against the game as it is."""
    if post.stage is None or post.stage == stage_of(entry, game):
        return None
    number = state.deals + 1
    expected = post.expected_number or number
    form = deal_form(entry, game, setup, state, post.data, stage=post.stage)
    entered = form.deal_data() if form.is_valid() else {}
    opening = entered if post.stage == "opening" and expected == number else {}
    if services.is_repeat(game, post.token, opening):
        return Repeated()
    if expected < number:
        said = _("Deal %(number)s was recorded on another phone while you were entering it.")
    elif post.stage == "opening":
        said = _("The bids of deal %(number)s were entered on another phone.")
    else:
        said = _("The bids of deal %(number)s were taken back on another phone.")
    said = said % {"number": expected}
    you = facts_said(entry.rules, setup, entered) if entered else typed_said(form.typed())
    if you:
        said += " " + _("What you entered was not saved: %(facts)s.") % {"facts": you}
    return Stale(said)
