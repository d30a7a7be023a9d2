"""Levels: a player's score is a card rank, 2 up to Ace, then past Ace (or round again).

A level is kept as a whole number of steps up from "2": 0 is "2", 8 is "10", 12 is "A". What
lies beyond Ace depends on the `beyond_ace` house rule:

- `win`: 13 or more is "past A": that player has won.
- `joker-laps`: 13 is "Joker", then a second lap "2+" … "A+", "Joker+", a third "2++" …
- `joker-laps-skip-low`: the first lap as above, then only "10+" … "A+", "Joker+", "10++" …

The names beyond Ace are words: `level_name` gives them as `Said` (a str that is the English
name, as the game log writes it, and keeps its template), so the shell can say them in the
reader's language ("过A", "王", "王+").
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.explain import Said, gettext_noop
from scorekeeper.core.reader import is_int

# Level names that are words; the ranks "2" … "A" are the same in every language.

# Translators: the level of a player who went beyond Ace and so won the game.
LEVEL_PAST_ACE = gettext_noop("past A")
# Translators: the Joker level (house rule: laps); {laps} is "" on the first lap, then "+", "++" …
LEVEL_JOKER = gettext_noop("Joker{laps}")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ACE = 12  # steps from "2" to "A"
PAST_ACE = LEVEL_PAST_ACE  # "past A"
JOKER = LEVEL_JOKER.format(laps="")  # "Joker"
BEYOND_ACE: tuple[str, ...] = ("win", "joker-laps", "joker-laps-skip-low")

_FIRST_LAP = (*RANKS, JOKER)  # 14 levels
_HIGH_LAP = ("10", "J", "Q", "K", "A", JOKER)  # later laps when 2-9 are skipped


def _later_lap(beyond_ace: str) -> tuple[str, ...]:
    return _HIGH_LAP if beyond_ace == "joker-laps-skip-low" else _FIRST_LAP


def level_name(step: int, beyond_ace: str = "win") -> str:
    """The name of a level: "2" … "A", "past A"; with laps "Joker", "2+", "10++" …

    "past A" and "Joker" (also "Joker+" …) are `Said`, to be said in the reader's language."""
    if step <= ACE:
        return RANKS[step]
    if beyond_ace == "win":
        return Said(LEVEL_PAST_ACE)
    if step < len(_FIRST_LAP):
        return joker()
    lap = _later_lap(beyond_ace)
    beyond = step - len(_FIRST_LAP)
    name, laps = lap[beyond % len(lap)], "+" * (beyond // len(lap) + 1)
    return joker(laps) if name == JOKER else name + laps


def joker(laps: str = "") -> Said:
    """The Joker level ("Joker", "Joker+" …); also what the board shows as the trump rank of a
    player on it, where only the jokers are trumps."""
    return Said(LEVEL_JOKER, laps=laps)


def has_won(step: int, beyond_ace: str) -> bool:
    """Past Ace under the `win` rule. With laps nobody wins by level."""
    return beyond_ace == "win" and step > ACE


def rank_of(step: int, beyond_ace: str) -> str | None:
    """The card rank a player on this level makes trumps with; None for Joker and past Ace."""
    name = level_name(step, beyond_ace).rstrip("+")
    return name if name in RANKS else None


def parse_level(value: Any, beyond_ace: str) -> int | None:
    """A level as a game log's `start` writes it: a name ("7", "J", "2+" with laps), or a whole
    number 2..10 for that rank. "past A" is not a level to start from. None if not a level."""
    if is_int(value) and 2 <= value <= 10:
        return value - 2
    if not isinstance(value, str):
        return None
    name = value.strip()
    if name in RANKS:
        return RANKS.index(name)
    if beyond_ace == "win":
        return None
    if name == JOKER:
        return ACE + 1
    base = name.rstrip("+")
    laps = len(name) - len(base)
    lap = _later_lap(beyond_ace)
    if laps == 0 or base not in lap:
        return None
    return len(_FIRST_LAP) + (laps - 1) * len(lap) + lap.index(base)
