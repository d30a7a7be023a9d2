"""The SVG charts: every legend row inside the picture, evenly spaced deal numbers, whole-number
steps for whole-number scores; nothing in them that a strict Content-Security-Policy refuses,
their rules in static/css/charts.css instead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

from scorekeeper import registry
from scorekeeper.seasons.charts import (
    COLOURS,
    HEIGHT,
    MOST_SERIES,
    line_chart,
    nice_ticks,
    stylesheet,
)

CHARTS_CSS = Path(settings.BASE_DIR) / "static" / "css" / "charts.css"


def chart(players: int, deals: int) -> str:
    series = [
        (f"Player {i}", [(d * (i + 1)) % 7 for d in range(deals + 1)]) for i in range(players)
    ]
    return str(
        line_chart(series, [str(d) for d in range(deals + 1)], y_title="balls", x_title="deal")
    )


@pytest.mark.parametrize("players", [2, 4, 5, 6, 7, 8, 11, 12])
def test_every_legend_row_is_inside_the_picture(players):
    svg = chart(players, 9)
    top = float(re.search(r'translate\([\d.]+, ([\d.]+)\)" class="legends"', svg)[1])
    rows = [float(y) for y in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="12"', svg)]
    assert len(rows) == players
    assert top + max(rows) + 12 <= HEIGHT  # the last row's box, within the viewBox


def axis_labels(svg: str, axis: str) -> list[str]:
    """The texts of an axis's labels, in order."""
    part = svg[re.search(rf'class="axis {axis}[ "]', svg).start() :]
    ends = [m.start() for m in re.finditer(r'class="axis [xy][ "]|class="series', part)][1:]
    part = part[: ends[0]] if ends else part
    return re.findall(r'<text[^>]*class="major"[^>]*>([^<]+)</text>', part)


def test_deal_numbers_are_evenly_spaced_with_none_skipped_between():
    assert axis_labels(chart(5, 9), "x") == ["0", "2", "4", "6", "8"]  # not 0 1 2 3 4 6
    assert axis_labels(chart(3, 6), "x") == [str(d) for d in range(7)]


@pytest.mark.parametrize(
    ("values", "ticks"),
    [
        ([0, 1, 2], [0, 1, 2]),
        ([0, 12], [0, 2, 4, 6, 8, 10, 12]),
        ([-1, 2], [-1, 0, 1, 2]),
        ([0, 500], [0, 100, 200, 300, 400, 500]),
        ([7, 16], [6, 8, 10, 12, 14, 16]),
        ([3, 3], [3, 4]),
    ],
)
def test_whole_number_scores_get_whole_number_steps(values, ticks):
    assert nice_ticks(values) == ticks
    svg = str(line_chart([("Asha", values)], [str(i) for i in range(len(values))]))
    assert sorted(int(t) for t in axis_labels(svg, "y")) == ticks  # no 0.4 balls


def test_ratings_get_round_steps_of_tenths_and_more():
    assert nice_ticks([0, 6.7], decimals=1) == [0, 2, 4, 6, 8]
    assert nice_ticks([-1.5, 0], decimals=1) == [-1.5, -1.0, -0.5, 0]
    assert nice_ticks([-0.3, 0.2], decimals=1) == [-0.3, -0.2, -0.1, 0, 0.1, 0.2]
    svg = str(line_chart([("Asha", [0, -1.5])], ["0", "1"], decimals=1))
    assert axis_labels(svg, "y") == ["-1.5", "-1.0", "-0.5", "0.0"]


def test_a_long_name_in_the_legend_stays_clear_of_the_next_column():
    """At 390px a legend of two columns left 'Chetan Ramakrishnan-Ven…' running into 'Dev':
    each label is cut to what its column holds (pygal's own width estimate, 0.6 em a letter)."""
    names = ["Asha", "Bongani", "Chetan Ramakrishnan-Venkatesh", "Dev", "Esi", "Femi"]
    svg = str(line_chart([(n, [0, 1, 2]) for n in names], ["0", "1", "2"], y_title="levels"))
    legends = svg[svg.index('class="legends"') :]
    box_xs = re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="12"', legends)
    boxes = sorted({float(x) for x in box_xs})
    assert len(boxes) == 2  # two columns
    labels = re.findall(r'<text x="([\d.]+)" y="[\d.]+">([^<]+)</text>', legends)
    assert "Chetan Ramakrishnan-Venkatesh" in legends  # the whole name stays in its tooltip
    for x, label in labels:
        if float(x) < boxes[1]:  # a label in the first column
            assert float(x) + len(label) * 0.6 * 12 <= boxes[1], label


# ---- under the Content-Security-Policy (scorekeeper/headers.py) ------------------------------


@pytest.mark.parametrize("players", [1, 4, 12])
def test_a_chart_carries_no_script_no_style_and_no_event_handler(players):
    svg = chart(players, 40)
    assert "<script" not in svg and "<style" not in svg
    assert not re.search(r"\sstyle=", svg)  # pygal's hidden tooltip had style="opacity: 0"
    assert not re.search(r"\son\w+=", svg) and "javascript:" not in svg
    assert re.match(r'<svg [^>]*class="pygal-chart"', svg)  # what the stylesheet's rules name


def test_the_stylesheet_is_the_one_pygal_writes_for_every_chart():
    """charts.css is pygal's own <style> of a chart, its `#chart-<uuid>` made `.pygal-chart`:
    after a change of pygal or of the charts' style, run the command its first lines name."""
    assert CHARTS_CSS.read_text(encoding="utf-8") == stylesheet()
    assert "#chart-" not in stylesheet()


def test_every_line_of_the_largest_table_has_its_colour():
    most_seats = max(max(entry.rules.seat_counts) for entry in registry.GAMES.values())
    assert most_seats <= MOST_SERIES
    css = stylesheet()
    for n, colour in enumerate(COLOURS):
        assert f".pygal-chart .color-{n},.pygal-chart .color-{n} a:visited{{stroke:{colour};" in css
    for n in range(len(COLOURS), MOST_SERIES):  # pygal's darker shades of the same colours
        assert re.search(rf"\.pygal-chart \.color-{n},[^{{]*\{{stroke:#[0-9a-f]{{6}};", css), n
    with pytest.raises(ValueError, match="16"):
        line_chart([(str(n), [0, 1]) for n in range(MOST_SERIES + 1)], ["0", "1"])
