"""One `make bench` run's figures as one Markdown table: each part adds its rows, and the run
ends by writing the table to bench-results.md at the repository's root (git-ignored;
BENCH_RESULTS names another file) and printing it. docs/speed.md says what each figure means."""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = (
    "BENCH_PARTS",
    "BENCH_ONLY",
    "BENCH_ROUNDS",
    "SEASON_GAMES",
    "NIGHT_STAGES",
    "NIGHT_SECONDS",
)


@dataclass
class Results:
    rows: list[tuple[str, str, str, str]] = field(default_factory=list)
    started: float = field(default_factory=time.time)
    load_before: float = field(default_factory=lambda: os.getloadavg()[0])

    def add(self, part: str, case: str, figures: dict[str, str]) -> None:
        """`figures`: each figure's name and its value, written with its unit."""
        for figure, value in figures.items():
            self.rows.append((part, case, figure, value))

    def markdown(self, stopped: str = "") -> str:
        chosen = ", ".join(f"{name}={os.environ[name]}" for name in SETTINGS if name in os.environ)
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(self.started))
        lines = [
            f"`make bench` at {_commit()}, {when}, {os.cpu_count()} cores;"
            f" {chosen or 'the default settings'}; load average {self.load_before:.1f} at the"
            f" start, {os.getloadavg()[0]:.1f} at the end{stopped}.",
            "",
            "| part | case | figure | value |",
            "| --- | --- | --- | --- |",
        ]
        lines += [f"| {' | '.join(cell.replace('|', '/') for cell in row)} |" for row in self.rows]
        return "\n".join(lines) + "\n"

    def write(self, table: str) -> Path:
        path = Path(os.environ.get("BENCH_RESULTS") or ROOT / "bench-results.md")
        path.write_text(table, encoding="utf-8")
        return path


def _commit() -> str:
    """The commit measured, and whether the checkout differs from it."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except OSError:
        return "an unknown commit"
    if not head:
        return "an unknown commit"
    return f"commit {head}{' with uncommitted changes' if changed else ''}"
