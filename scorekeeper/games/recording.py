"""A deal (or, in a two-step game, its bids) sent from the game page, and what became of it:
exactly one of four outcomes, each answered its own way by the view.

- `Recorded`: saved now;
- `Repeated`: saved already (a double tap, the same entry sent again): nothing done;
- `Stale`: made for a step of the deal that another phone has since passed (the deal recorded,
  its bids entered or taken back there): nothing saved, and `said` repeats what was entered;
- `Refused`: the form again, with the errors at their fields and the input kept (facts the
  rules refuse, a deal number another phone used first, damaged hidden fields).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scorekeeper.core.errors import FactError
from scorekeeper.registry import RegisteredGame

from . import services
from .deal_forms import BaseDealForm
from .models import Deal, Game
from .presenters import facts_said, typed_said
from .record_post import RecordPost


@dataclass(frozen=True)
class Recorded:
    number: int
    result: Any  # the deal's result; for bids, their `Opening`
    deal: Deal | None = None  # None for bids: they join the log with the deal's tricks


@dataclass(frozen=True)
class Repeated:
    pass


@dataclass(frozen=True)
class Stale:
    said: str


@dataclass(frozen=True)
class Refused:
    form: BaseDealForm


Outcome = Recorded | Repeated | Stale | Refused


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
) -> Outcome:
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
    return Recorded(saved.deal.number, saved.result, saved.deal)


def open_bids(
    game: Game, entry: RegisteredGame, setup: Any, state: Any, post: RecordPost, *, user
) -> Outcome:
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
    return Recorded(number, opening)


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
