"""Templates are written for people: no line longer than 160 characters."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST = 160


def test_no_template_line_is_longer_than_160_characters():
    folders = [ROOT / "templates", *(ROOT / "scorekeeper").glob("*/templates")]
    long = [
        f"{path.relative_to(ROOT)}:{number} ({len(line)})"
        for folder in folders
        for path in sorted(folder.rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if len(line) > MOST
    ]
    assert long == []
