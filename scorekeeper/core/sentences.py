"""A game's sentences as data: its catalogue, `words.toml` in the game's rules package.

Each entry is keyed by the name the game's words module reads it by and holds an English
template (see scorekeeper.core.explain), alone or with the note translators read beside it:

    NEXT_DEALER = "The deal passes to {name}."
    CONTRACT_MADE.note = "{bid} is a clause above, \"Asha & Chetan bid 4 + 3 = 7\"."
    CONTRACT_MADE.text = "{bid}, took {tricks}: {base}."

An entry may also be a table of sentences (a suit's name by its key: `SUITS.hearts = "hearts"`)
or a list of them, and so on: the words of a house rule are `HOUSE_RULES.<key>.label`, `.values`
(a list, how each choice reads) and `.help` (scorekeeper/core/house_rules.py). The game's words
module reads them as `W = sentences(__package__)`, `W.NEXT_DEALER`; `make messages` reads every
catalogue too (scorekeeper/games/management/commands/makemessages.py), so that each sentence is
in the translations with its note.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

FILE = "words.toml"


@dataclass(frozen=True)
class Entry:
    """One sentence: where it stands (`NAME`, `SUITS.hearts`, `REASONS.0`), its English
    template and the translators' note (lines as the note's lines)."""

    name: str
    text: str
    note: str = ""


class Sentences:
    """A catalogue read: `W.NAME` is a sentence (a str), a table of them (a dict by key) or a
    list of them (a tuple), as the file writes it."""

    def __init__(self, data: dict[str, Any], source: str) -> None:
        self._source = source
        self._entries: list[Entry] = []
        self._values = {name: self._read(name, value) for name, value in data.items()}

    def _read(self, name: str, value: Any) -> Any:
        if isinstance(value, str):
            self._entries.append(Entry(name, value))
            return value
        if isinstance(value, dict) and "text" in value:
            extra = set(value) - {"text", "note"}
            if extra or not isinstance(value["text"], str):
                raise ValueError(f"{self._source}: {name} is a sentence: text and note only")
            self._entries.append(Entry(name, value["text"], value.get("note", "")))
            return value["text"]
        if isinstance(value, dict):
            return {key: self._read(f"{name}.{key}", v) for key, v in value.items()}
        if isinstance(value, list):
            return tuple(self._read(f"{name}.{i}", v) for i, v in enumerate(value))
        raise ValueError(f"{self._source}: {name} is not a sentence, a table or a list of them")

    def __getattr__(self, name: str) -> Any:
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"{self._source} has no sentence {name}") from None

    def entries(self) -> Iterator[Entry]:
        """Every sentence, in the file's order."""
        return iter(self._entries)

    def templates(self) -> set[str]:
        """Every English template the catalogue holds."""
        return {entry.text for entry in self._entries}


def read(text: str, source: str = FILE) -> Sentences:
    """A catalogue from its text; `source` names it in errors."""
    return Sentences(tomllib.loads(text), source)


@cache
def sentences(package: str) -> Sentences:
    """The catalogue of a package (a game's rules core): its `words.toml`."""
    text = resources.files(package).joinpath(FILE).read_text(encoding="utf-8")
    return read(text, f"{package.replace('.', '/')}/{FILE}")
