"""A night as the seating reads it: the tables its game is played at (from the game's rules
core, through the registry), who came, and a round's seats. Below both services.py and
standings.py, which read them."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper import registry

from . import seating
from .models import Night, Round


def shape_of(
    kind: str, mode: str | None, sizes: Sequence[int] = (), mixed: Sequence[str] = ()
) -> seating.TableShape:
    """The tables a game is played at, from its rules core: a mode's seats (and the seats of
    the modes mixed in, where they keep fewer people out), else those of its counts the
    organiser chose, or the game's best for a night."""
    rules = registry.game(kind).rules
    modes = {m.key: m for m in rules.modes}
    if mode in modes:
        main = (modes[mode].seats,)
        extra = tuple(sorted({modes[m].seats for m in mixed if m in modes} - set(main)))
        return seating.TableShape(main, fixed_teams=rules.fixed_teams, extra=extra)
    allowed = tuple(rules.seat_counts)
    chosen = tuple(size for size in allowed if size in set(sizes))
    chosen = chosen or tuple(rules.night_seat_counts) or allowed
    return seating.TableShape(chosen, fixed_teams=rules.fixed_teams)


def night_shape(night: Night) -> seating.TableShape:
    return shape_of(night.kind, night.mode or None, night.sizes or (), night.mixed_modes or ())


def names_of(night: Night) -> list[str]:
    """Everyone who came tonight, in the night's order (those who left too)."""
    return [a.player.name for a in night.attendees.select_related("player")]


def as_seating(played: Round) -> seating.Round:
    return seating.Round(tuple(tuple(t) for t in played.tables), tuple(played.sitting_out))
