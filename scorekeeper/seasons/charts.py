"""Charts as SVG, drawn on the server by pygal: no JavaScript, readable on a 390px phone.

The SVG has a viewBox and no fixed size, so it scales to the width of its box (CSS makes it
100% wide); it is drawn at about a phone's width so its text stays readable there. Colours are
mid-tones that read on the light and the dark page; text takes the page's colour.

The SVG goes into the page as it is, under a Content-Security-Policy that refuses inline styles
and scripts: it carries neither. pygal writes its rules into each chart as a <style> element;
they are taken out, and the same rules, written once for every chart, are the stylesheet
static/css/charts.css (`stylesheet()` makes it; a test keeps the file equal to it).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any
from xml.etree.ElementTree import Element

import pygal
from django.utils.safestring import SafeString, mark_safe
from pygal.style import Style

WIDTH, HEIGHT = 360, 250
LEGEND_COLUMNS = 2
MAX_POINTS = 160  # a longer series is thinned to about this many points (its last one kept)
MOST_SERIES = 16  # the stylesheet colours this many lines (a game seats at most 12)
CHART_CLASS = "pygal-chart"  # the class pygal gives every chart's <svg>

COLOURS = (
    "#1f6feb",
    "#d1495b",
    "#2a9d8f",
    "#e29a2d",
    "#8e6cc7",
    "#6b8e23",
    "#c2185b",
    "#00838f",
)

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="currentColor",
    foreground_strong="currentColor",
    foreground_subtle="#8a8f88",
    guide_stroke_color="#8a8f8855",
    major_guide_stroke_color="#8a8f8888",
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    label_font_size=11,
    major_label_font_size=11,
    legend_font_size=12,
    title_font_size=13,
    value_font_size=11,
    tooltip_font_size=11,
    opacity=".9",
    stroke_width=2.5,
    colors=COLOURS,
)


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
    """Lines through each series' values at the same x positions, as inline SVG markup."""
    keep = thin(len(x_labels))
    # pygal leaves room for len(series) // 2 legend rows: one short when the count is odd.
    short_row = 18 if len(series) % LEGEND_COLUMNS else 0
    # Round steps (1, 2, 5, 10 … or 0.1, 0.2, 0.5 … with decimals), every one labelled.
    steps = (
        [] if ticks else nice_ticks([v for _, vs in series for v in vs if v is not None], decimals)
    )
    if len(series) > MOST_SERIES:
        raise ValueError(f"{len(series)} lines: the chart stylesheet colours {MOST_SERIES}")
    chart = _line(
        show_dots=len(keep) <= 30,
        dots_size=3,
        legend_at_bottom=True,
        legend_at_bottom_columns=LEGEND_COLUMNS,
        # pygal cuts each name to what its column holds (a long name ran into the next one).
        truncate_legend=None,
        show_minor_x_labels=False,
        x_labels_major_every=-(-len(keep) // 8),  # evenly spaced, at most 8: none skipped
        show_minor_y_labels=False,
        y_labels_major_count=None if steps else 6,
        y_labels_major_every=1 if steps else None,
        x_title=x_title or None,
        y_title=y_title or None,
        margin=6,
        margin_bottom=10 + short_row,  # a little more than `margin`: descenders of the last row
        spacing=8,
        value_formatter=(lambda v: f"{v:.{decimals}f}") if decimals else (lambda v: f"{v:g}"),
        print_values=False,
        no_data_text="",
    )
    chart.x_labels = [x_labels[i] for i in keep]
    if ticks:
        chart.y_labels = [{"label": label, "value": value} for value, label in ticks]
    else:
        chart.y_labels = steps
    for name, values in series:
        chart.add(name, [values[i] for i in keep])
    return mark_safe(chart.render(is_unicode=True))  # noqa: S308 (pygal escapes every text)


def without_inline_code(svg: Element) -> Element:
    """The chart without what a strict Content-Security-Policy refuses in a page: the config
    <script> and the <style> pygal always add (charts.css has the rules), and any style=""
    (pygal hides its empty tooltip with one; no script ever shows it)."""
    for parent in svg.iter():
        for child in list(parent):
            if _tag(child) in {"script", "style"}:
                parent.remove(child)
        parent.attrib.pop("style", None)
    return svg


def _line(*, for_the_page: bool = True, **config: Any) -> pygal.Line:
    """A pygal line chart in the size, style and form of every chart here; for_the_page:
    without its inline code."""
    chart = pygal.Line(
        width=WIDTH,
        height=HEIGHT,
        explicit_size=False,  # a viewBox, no width and height: it scales to its box
        disable_xml_declaration=True,
        js=(),  # no tooltips script: nothing to load, nothing to run
        style=STYLE,
        **config,
    )
    if for_the_page:
        chart.add_xml_filter(without_inline_code)
    return chart


def stylesheet() -> str:
    """The rules pygal writes into a chart of MOST_SERIES lines, for every chart of the page:
    its own selector `#chart-<uuid>` becomes the class every chart has."""
    chart = _line(for_the_page=False)  # the <style> kept, this once
    for n in range(MOST_SERIES):
        chart.add(str(n), [0, 1])
    svg = chart.render_tree()
    style = next(node for node in svg.iter() if _tag(node) == "style")
    rules = style.text.replace(f"#{svg.get('id')}", f".{CHART_CLASS}")
    return (
        "/* Every chart's rules, as pygal writes them into one (scorekeeper/seasons/charts.py).\n"
        "   Made by: .venv/bin/python -m scorekeeper.seasons.charts > static/css/charts.css */\n"
        f"{rules}\n"
    )


def _tag(node: Element) -> str:
    return str(node.tag).rsplit("}", 1)[-1]  # "style", with or without the SVG namespace


def nice_ticks(values: Sequence[float], decimals: int = 0, most: int = 7) -> list[float]:
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


if __name__ == "__main__":  # the stylesheet: python -m scorekeeper.seasons.charts > …
    print(stylesheet(), end="")
