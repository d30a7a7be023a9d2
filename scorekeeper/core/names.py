"""A player's name as every game keeps it, wherever it was typed or imported (the new-game
form, a game night's guests and a table phone's name, a game log): one reading, so one Asha.

The name is NFC-normalised (an "é" typed as "e" and an accent is the one "é") with its runs of
spaces made one. Refused, at the field: a lone surrogate (half of a character pair, which a
JSON file can hold as "\\ud800" and no database or page can), and a character that shows
nothing or turns the text around (a zero-width space, a direction override): "As\\u200bha" and
"\\u202eahsA" look like "Asha" and would be a second player beside her.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .errors import SHARED

LONGEST = 40  # the players' table's column

# Letters that show nothing (Unicode calls them letters or symbols, not format characters).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Joiners: part of the spelling between two letters of scripts that join (Persian's
# zero-width non-joiner) or of an emoji sequence; between ASCII letters they only hide.
JOINERS = frozenset("\u200c\u200d")


def read_name(value: Any, field: str) -> str:
    """The name as the app keeps it; a FactError at `field` (the shared core's refusals,
    core/words.toml) if it cannot be one."""
    if not isinstance(value, str) or not value.strip():
        raise SHARED(field, "NEEDS_A_NAME")
    if broken(value):
        raise SHARED(field, "BROKEN_TEXT")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise SHARED(field, "NEEDS_A_NAME")
    if any(_hides(name, i) for i in range(len(name))):
        raise SHARED(field, "NAME_INVISIBLE")
    if len(name) > LONGEST:
        raise SHARED(field, "NAME_TOO_LONG", most=LONGEST)
    return name


def broken(text: str) -> bool:
    """Whether the text holds a lone surrogate (no database, page or terminal writes one)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _hides(name: str, i: int) -> bool:
    c = name[i]
    if c in BLANK_LETTERS or unicodedata.category(c) == "Cc":
        return True
    if unicodedata.category(c) != "Cf":
        return False
    if c in JOINERS and 0 < i < len(name) - 1:
        return name[i - 1].isascii() or name[i + 1].isascii()
    return True


def name_key(name: str) -> str:
    """What two names are compared by: "Asha" and "ASHA" are one player."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()
