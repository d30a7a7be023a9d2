"""Charts as SVG, drawn on the server: no JavaScript, readable on a 390px phone.

`line_chart` works out where everything goes, in Python, as a `LineChart` (the plot's box, each
line's points, the round steps of the y axis, the deal numbers shown, the legend's rows), and
the template seasons/line_chart.html writes the SVG from it, escaping every text.

The SVG has a viewBox and no fixed size, so it scales to the width of its box (CSS makes it
100% wide); it is drawn at about a phone's width so its text stays readable there. Colours are
mid-tones that read on the light and the dark page; text takes the page's colour.

The SVG goes into the page as it is, under a Content-Security-Policy that refuses inline styles
and scripts: it carries neither, only classes, which static/css/charts.css styles.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

WIDTH, HEIGHT = 360, 250
LEGEND_COLUMNS = 2
MAX_POINTS = 160  # a longer series is thinned to about this many points (its last one kept)
MOST_DOTS = 30  # a line of at most this many points has a dot at each
MOST_X_LABELS = 8
MOST_Y_LABELS = 7  # round steps: about this many; a game's named steps: every so many named
TEMPLATE = "seasons/line_chart.html"

# The lines' colours, class color-<n> in charts.css: mid-tones, then darker shades of the same.
COLOURS = (
    "#1f6feb",
    "#d1495b",
    "#2a9d8f",
    "#e29a2d",
    "#8e6cc7",
    "#6b8e23",
    "#c2185b",
    "#00838f",
    "#0f4ba7",
    "#9e2838",
    "#185b53",
    "#a46c17",
    "#633da1",
    "#384a12",
    "#770f38",
    "#00363b",
)
MOST_SERIES = len(COLOURS)  # a game seats at most 12

# Lengths in the viewBox's units (about a CSS pixel on a phone); the font sizes are charts.css's.
MARGIN = 6  # around the picture
SPACING = 8  # between its parts
LABEL_SIZE = 11  # the numbers along the axes
TITLE_SIZE = 13  # the axes' titles
LEGEND_SIZE = 12
LEGEND_BOX = 12  # the square of a line's colour
LEGEND_GAP = 5  # between the square and the name
LEGEND_ROW = 18  # from one legend row to the next
LETTER = 0.6  # a letter's width, in font sizes: a generous guess, so a name is cut early
INSET = 1 / 52  # the plot's share left free inside each edge, so no dot is cut in half
X_LABELS_BELOW = 16  # the baseline of the deal numbers, below the plot
X_TITLE_BELOW = 24  # the baseline of the x axis's title, below the deal numbers'
DESCENT = 4  # below a baseline, for the letters that go under it


# Point and Label are named tuples: the template's loops unpack them (`for x, y in …`), which
# costs less than looking up each attribute by name (the drawing is on every deal's path).


class Point(NamedTuple):
    x: float
    y: float


class Label(NamedTuple):
    """A text along an axis: `at` is its x on the x axis, its y on the y axis. On the y axis
    each step has one, with a dashed guide across the plot, but for the step the axis line is
    drawn at (`axis`: 0, or else the lowest); a step of a game's own that is not named ("" as
    its text) has only its guide."""

    at: float
    text: str
    axis: bool = False


@dataclass(frozen=True, slots=True)
class Line:
    """One series: its colour's number and its points, left to right (a missing value is
    skipped); `dots` are the same points when there are few enough to mark each."""

    colour: int
    points: tuple[Point, ...]
    dots: tuple[Point, ...]

    @property
    def path(self) -> str:
        """The points as a path's coordinates after its M: "x,y x,y …" (numbers only)."""
        return " ".join(f"{p.x},{p.y}" for p in self.points)


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """A line's name under the plot, at (x, y), the top left of its colour's square: cut to
    what its column holds, with an ellipsis, and then the whole name as its tooltip."""

    colour: int
    x: float
    y: float
    name: str
    whole_name: str = ""  # only when cut

    @property
    def text_x(self) -> float:
        return round(self.x + LEGEND_BOX + LEGEND_GAP, 1)

    @property
    def text_y(self) -> float:  # the name's baseline, its letters about centred on the square
        return round(self.y + 0.8 * LEGEND_SIZE, 1)


@dataclass(frozen=True, slots=True)
class LineChart:
    """Everything the template draws, in the viewBox's coordinates."""

    width: ClassVar[int] = WIDTH
    height: ClassVar[int] = HEIGHT
    legend_box: ClassVar[int] = LEGEND_BOX

    left: float  # the plot's box
    top: float
    right: float
    bottom: float
    first_x: float  # the x of the first deal, where the vertical axis is drawn
    y_labels: tuple[Label, ...]
    x_labels: tuple[Label, ...]
    lines: tuple[Line, ...]
    legend: tuple[LegendEntry, ...]
    x_title: str
    y_title: str

    @property
    def y_label_x(self) -> float:  # where the step's numbers end, a little left of the plot
        return round(self.left - 5, 1)

    @property
    def x_label_y(self) -> float:
        return self.bottom + X_LABELS_BELOW

    @property
    def x_title_y(self) -> float:
        return self.x_label_y + X_TITLE_BELOW

    @property
    def middle_x(self) -> float:
        return round((self.left + self.right) / 2, 1)

    @property
    def middle_y(self) -> float:
        return round((self.top + self.bottom) / 2, 1)

    @property
    def y_title_x(self) -> float:  # the baseline of the turned title, left of the numbers
        return MARGIN + TITLE_SIZE


def thin(length: int) -> list[int]:
    """The indexes kept of a series this long: every one, or evenly spaced with the last."""
    if length <= MAX_POINTS:
        return list(range(length))
    step = -(-length // MAX_POINTS)
    kept = list(range(0, length, step))
    if kept[-1] != length - 1:
        kept.append(length - 1)
    return kept


def line_chart(
    series: Sequence[tuple[str, Sequence[float | None]]],
    x_labels: Sequence[str],
    *,
    y_title: str = "",
    x_title: str = "",
    ticks: Sequence[tuple[int, str]] = (),
    decimals: int = 0,
) -> SafeString:
    """Lines through each series' values at the same x positions, as inline SVG markup: where
    everything goes is worked out here (a LineChart), the template writes it out.

    `ticks`: the values the y axis names and their names (a game's levels); without them the
    axis has round steps (1, 2, 5, 10 … or 0.1, 0.2, 0.5 … with decimals), every one labelled.
    """
    if len(series) > MOST_SERIES:
        raise ValueError(f"{len(series)} lines: the chart stylesheet colours {MOST_SERIES}")
    keep = thin(len(x_labels))
    values = [vs[i] for _, vs in series for i in keep if vs[i] is not None]
    steps = _steps(values, ticks, decimals)
    low = min(itertools.chain(values, (value for value, _ in steps)))
    high = max(itertools.chain(values, (value for value, _ in steps)))
    if high == low:
        high = low + 1

    # The plot's box: the y axis's title and numbers on its left; the deal numbers, the x
    # axis's title and the legend's rows (two names a row) below it.
    widest = max((len(label) for _, label in steps), default=0)
    left = (
        MARGIN + (TITLE_SIZE + SPACING if y_title else 0) + widest * LETTER * LABEL_SIZE + SPACING
    )
    right = WIDTH - MARGIN
    rows = -(-len(series) // LEGEND_COLUMNS)
    legend_top = HEIGHT - MARGIN - (LEGEND_ROW * (rows - 1) + LEGEND_BOX if rows else 0)
    bottom = legend_top - SPACING - DESCENT - X_LABELS_BELOW - (X_TITLE_BELOW if x_title else 0)
    top = MARGIN

    inset_x, inset_y = (right - left) * INSET, (bottom - top) * INSET
    last = max(len(x_labels) - 1, 1)

    def x(i: int) -> float:
        return round(left + inset_x + (right - left - 2 * inset_x) * i / last, 1)

    per_unit = (bottom - top - 2 * inset_y) / (high - low)  # upwards: y falls as values rise
    at_zero = bottom - inset_y + low * per_unit

    def y(value: float) -> float:
        return round(at_zero - value * per_unit, 1)

    axis = min((value for value, _ in steps), key=lambda value: (value != 0, value))
    xs = [(i, x(i)) for i in keep]  # worked out once for every line
    lines = []
    for n, (_, vs) in enumerate(series):
        points = tuple(Point(at, y(v)) for i, at in xs if (v := vs[i]) is not None)
        lines.append(Line(n, points, points if len(keep) <= MOST_DOTS else ()))
    every = -(-len(keep) // MOST_X_LABELS)  # evenly spaced, at most 8: none skipped between
    chart = LineChart(
        left=round(left, 1),
        top=top,
        right=right,
        bottom=bottom,
        first_x=x(0),
        y_labels=tuple(Label(y(value), label, value == axis) for value, label in steps),
        x_labels=tuple(Label(x(i), str(x_labels[i])) for i in keep[::every]),
        lines=tuple(lines),
        legend=_legend(
            [str(name) for name, _ in series], round(left + SPACING, 1), right, legend_top
        ),
        x_title=x_title,
        y_title=y_title,
    )
    return render_to_string(TEMPLATE, {"chart": chart})


def _steps(
    values: Sequence[float], ticks: Sequence[tuple[int, str]], decimals: int
) -> list[tuple[float, str]]:
    """The y axis's steps and their names: a game's own (levels: "2" … "A"), every so many
    named from the top one, or else round steps, every one named."""
    if ticks:
        every = -(-len(ticks) // MOST_Y_LABELS)
        return [
            (value, str(label) if (len(ticks) - 1 - n) % every == 0 else "")
            for n, (value, label) in enumerate(ticks)
        ]
    return [(n, f"{n:.{decimals}f}") for n in nice_ticks(values, decimals)]


def _legend(names: Sequence[str], left: float, right: float, top: float) -> tuple[LegendEntry, ...]:
    """The names in rows of LEGEND_COLUMNS, each cut to what its column holds."""
    column = (right - left) / LEGEND_COLUMNS
    fits = int((column - LEGEND_BOX - LEGEND_GAP) / (LETTER * LEGEND_SIZE))
    entries = []
    for n, name in enumerate(names):
        row, col = divmod(n, LEGEND_COLUMNS)
        cut = name if len(name) <= fits else name[: fits - 1] + "…"
        entries.append(
            LegendEntry(
                colour=n,
                x=round(left + col * column, 1),
                y=top + row * LEGEND_ROW,
                name=cut,
                whole_name="" if cut == name else name,
            )
        )
    return tuple(entries)


def nice_ticks(
    values: Sequence[float], decimals: int = 0, most: int = MOST_Y_LABELS
) -> list[float]:
    """Evenly spaced round numbers (a step of 1, 2, 5, 10, 20 … times 10^-decimals) from at or
    below the lowest value to at or above the highest, about `most` of them: no 0.4 balls."""
    unit = 10**decimals  # worked out in whole units, so 0.1 + 0.2 never drifts
    low = math.floor(min(values, default=0) * unit)
    high = math.ceil(max(values, default=0) * unit)
    step = 1
    while (high - low) / step + 1 > most:
        step = next(s * 10**e for e in itertools.count() for s in (1, 2, 5) if s * 10**e > step)
    start = low // step * step
    whole = range(start, high + step, step) if high > start else (start, start + step)
    return [n / unit if decimals else n for n in whole]
