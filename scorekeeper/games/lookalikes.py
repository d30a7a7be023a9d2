"""Names that look the same as another: Cyrillic "Аsha", full-width "Ａsha" or math-bold "𝐀sha"
beside "Asha". Each is reduced to a skeleton (Unicode's UTS #39 idea): its characters put into
compatibility form, each confusable character replaced by the one it is confused with, case
folded. Two names with one skeleton look alike. The table of confusable characters is Unicode's
own (confusables.txt), as the confusable-homoglyphs package ships it."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib.resources import files


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character and the character it is confused with. The table lists, for a
    prototype, the characters confused with it, and for each of those, the prototype; a pair
    that only lists each other takes the smaller one as the prototype of both."""
    table = json.loads(files("confusable_homoglyphs").joinpath("confusables.json").read_text())
    out: dict[str, str] = {}
    for char, alikes in table.items():
        if len(alikes) != 1:
            continue  # a prototype: its look-alikes map to it
        other = alikes[0]["c"].strip("\u200e")  # the table marks right-to-left ones so
        back = [a["c"].strip("\u200e") for a in table.get(other, ())]
        out[char] = min(char, other) if back == [char] else other
    return out


def skeleton(name: str) -> str:
    """What `name` looks like, as a key: look-alike names have the same one."""
    prototypes = _prototypes()
    text = unicodedata.normalize("NFKC", name)
    mapped = "".join(prototypes.get(char, char) for char in text)
    return unicodedata.normalize("NFKC", mapped).casefold()


def looks_like(name: str, others: Iterable[str]) -> str | None:
    """The first of `others` that looks the same as `name` but is not it, or None."""
    key = skeleton(name)
    return next((other for other in others if other != name and skeleton(other) == key), None)
