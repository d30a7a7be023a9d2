"""`makemessages` that also finds the games' sentences in their catalogues (words.toml, read by
scorekeeper/core/sentences.py).

xgettext reads Python, not TOML. So while the extraction runs, each catalogue stands beside
itself as a Python file of `gettext_noop` calls, each under its translators' note as a
`# Translators:` comment (words_toml.py, which git ignores and which is removed again), and the
references of the messages found there are pointed back at the catalogue's own lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.conf import settings
from django.core.management.commands import makemessages

from scorekeeper.core.sentences import FILE, read

SHADOW = "words_toml.py"


class Command(makemessages.Command):
    def build_potfiles(self) -> list[str]:
        lines: dict[str, tuple[str, list[int]]] = {}  # shadow -> catalogue, its line of each line
        shadows: list[Path] = []
        try:
            for catalogue in sorted(Path(settings.BASE_DIR).glob(f"scorekeeper/**/{FILE}")):
                shadow = catalogue.with_name(SHADOW)
                text, where = as_python(catalogue.read_text(encoding="utf-8"))
                shadows.append(shadow)
                shadow.write_text(text, encoding="utf-8")
                lines[reference(shadow)] = (reference(catalogue), where)
            potfiles = super().build_potfiles()
        finally:
            for shadow in shadows:
                shadow.unlink(missing_ok=True)
        for potfile in potfiles:
            point_back(Path(potfile), lines)
        return potfiles


def reference(path: Path) -> str:
    """A file as xgettext names it in a message's references: from where the command runs."""
    return path.resolve().relative_to(Path.cwd().resolve()).as_posix()


def as_python(toml: str) -> tuple[str, list[int]]:
    """The catalogue's sentences as `gettext_noop` calls, and for each line of that Python the
    catalogue's line it came from (where the sentence's text stands, else its name)."""
    source = toml.splitlines()
    out = ["from scorekeeper.core.explain import gettext_noop", ""]
    where = [1, 1]
    at = 0
    for entry in read(toml).entries():
        at = _line_of(source, entry.name, entry.text, at)
        for i, note in enumerate(entry.note.splitlines()):
            out.append(f"# Translators: {note}" if i == 0 else f"# {note}".rstrip())
            where.append(at + 1)
        out.append(f"gettext_noop({json.dumps(entry.text, ensure_ascii=False)})")
        where.append(at + 1)
    return "\n".join(out) + "\n", where


def _line_of(source: list[str], name: str, text: str, start: int) -> int:
    """The index of the line that holds a sentence, looked for from `start` on."""
    quoted = json.dumps(text, ensure_ascii=False)
    key = re.escape(name.rsplit(".", 1)[-1])
    for i in range(start, len(source)):
        if quoted in source[i]:
            return i
    for i in range(start, len(source)):
        if re.match(rf"\s*(\S+\.)?{key}(\.text)?\s*=", source[i]):
            return i
    return start


def point_back(potfile: Path, lines: dict[str, tuple[str, list[int]]]) -> None:
    """References to a catalogue's Python stand-in name the catalogue's line instead."""
    if not lines:
        return
    names = "|".join(re.escape(name) for name in lines)

    def back(match: re.Match[str]) -> str:
        catalogue, where = lines[match[1]]
        return f"{catalogue}:{where[int(match[2]) - 1]}"

    text = potfile.read_text(encoding="utf-8")
    potfile.write_text(re.sub(rf"\b({names}):(\d+)", back, text), encoding="utf-8")
