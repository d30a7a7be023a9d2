"""The SVG charts: every legend row inside the picture, evenly spaced deal numbers, whole-number
steps for whole-number scores, each value drawn where the axis says; valid XML with every text
escaped, nothing in it that a strict Content-Security-Policy refuses, and its classes styled
by static/css/charts.css instead."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree
from xml.etree.ElementTree import Element

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from scorekeeper import registry
from scorekeeper.seasons.charts import (
    COLOURS,
    HEIGHT,
    MAX_POINTS,
    MOST_SERIES,
    WIDTH,
    line_chart,
    nice_ticks,
    thin,
)

CHARTS_CSS = Path(settings.BASE_DIR) / "static" / "css" / "charts.css"
SVG = "{http://www.w3.org/2000/svg}"


def chart(players: int, deals: int) -> str:
    series = [
        (f"Player {i}", [(d * (i + 1)) % 7 for d in range(deals + 1)]) for i in range(players)
    ]
    return str(
        line_chart(series, [str(d) for d in range(deals + 1)], y_title="balls", x_title="deal")
    )


def tree(svg: str) -> Element:
    return ElementTree.fromstring(svg)


def groups(svg: str, *classes: str) -> list[Element]:
    """The <g> elements that have all these classes, in order."""
    return [g for g in tree(svg).iter(f"{SVG}g") if set(classes) <= set(g.get("class").split())]


def axis_labels(svg: str, axis: str) -> list[str]:
    """The texts of an axis's labels, in order."""
    (group,) = groups(svg, "axis", axis)
    return [text.text for text in group.iter(f"{SVG}text")]


def points(line: Element) -> list[tuple[float, float]]:
    """A line's points, from its path "Mx,y x,y …"."""
    path = line.find(f"{SVG}path").get("d")
    assert path.startswith("M")
    return [tuple(float(n) for n in pair.split(",")) for pair in path[1:].split()]


@pytest.mark.parametrize("players", [2, 4, 5, 6, 7, 8, 11, 12])
def test_every_legend_row_is_inside_the_picture(players):
    svg = chart(players, 9)
    (legends,) = groups(svg, "legends")
    rows = [float(rect.get("y")) for rect in legends.iter(f"{SVG}rect")]
    assert len(rows) == players
    assert max(rows) + 12 <= HEIGHT  # the last row's box, within the viewBox
    (title,) = [t for t in tree(svg).iter(f"{SVG}text") if t.text == "deal"]
    assert float(title.get("y")) + 4 <= min(rows)  # under the axis's title, clear of it


def test_deal_numbers_are_evenly_spaced_with_none_skipped_between():
    assert axis_labels(chart(5, 9), "x") == ["0", "2", "4", "6", "8"]  # not 0 1 2 3 4 6
    assert axis_labels(chart(3, 6), "x") == [str(d) for d in range(7)]
    (axis,) = groups(chart(5, 9), "axis", "x")
    xs = [float(text.get("x")) for text in axis.iter(f"{SVG}text")]
    gaps = {round(b - a, 1) for a, b in zip(xs, xs[1:], strict=False)}
    assert max(gaps) - min(gaps) <= 0.2  # evenly spaced (each rounded to a tenth)


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


def test_a_game_can_name_its_steps():
    """Zhao Pengyou's levels: the axis names them ("2" for 0) rather than numbers; of many, every
    second or third is named, from the top one down, and each has its guide."""
    ticks = ((0, "2"), (1, "3"), (2, "past A"))
    svg = str(line_chart([("Asha", [0, 1, 2]), ("Bo", [0, 0, 1])], ["0", "1", "2"], ticks=ticks))
    assert axis_labels(svg, "y") == ["2", "3", "past A"]
    names = [*"23456789", "10", *"JQKA", "past A"]
    ticks = tuple(enumerate(names))
    svg = str(line_chart([("Asha", list(range(14)))], [str(d) for d in range(14)], ticks=ticks))
    assert axis_labels(svg, "y") == ["3", "5", "7", "9", "J", "K", "past A"]
    (axis,) = groups(svg, "axis", "y")
    assert len(axis.findall(f"{SVG}path")) == len(names)


def test_each_value_is_drawn_where_the_y_axis_says():
    """A higher score is drawn higher, at the height of its step's label; deals go rightwards."""
    svg = str(line_chart([("Asha", [0, 5, 3, 10]), ("Bo", [10, 0, 5, 5])], list("0123")))
    (axis,) = groups(svg, "axis", "y")
    height_of = {text.text: float(text.get("y")) for text in axis.iter(f"{SVG}text")}
    assert list(height_of) == ["0", "2", "4", "6", "8", "10"]
    assert list(height_of.values()) == sorted(height_of.values(), reverse=True)  # upwards
    asha, bo = (points(line) for line in groups(svg, "series"))
    assert [y for _, y in asha][::3] == [height_of["0"], height_of["10"]]
    assert [y for _, y in bo][:2] == [height_of["10"], height_of["0"]]
    assert asha[1][1] < asha[2][1] < asha[0][1]  # 5 above 3 above 0
    assert bo[2][1] == bo[3][1]  # 5 and 5 level
    assert [x for x, _ in asha] == sorted({x for x, _ in asha}) == [x for x, _ in bo]
    for x, y in asha + bo:
        assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT


def test_a_short_line_has_a_dot_at_each_point_and_a_long_one_is_thinned():
    (line,) = groups(chart(1, 29), "series")
    dots = [(float(c.get("cx")), float(c.get("cy"))) for c in line.iter(f"{SVG}circle")]
    assert dots == points(line) and len(dots) == 30
    long = [("Asha", list(range(1000))), ("Bo", [None, *range(999)])]
    svg = str(line_chart(long, [str(d) for d in range(1000)]))
    asha, bo = groups(svg, "series")
    assert not list(asha.iter(f"{SVG}circle"))  # no dots on a line of 144 points
    assert len(points(asha)) == len(thin(1000)) <= MAX_POINTS + 1
    assert len(points(bo)) == len(points(asha)) - 1  # a missing value is skipped
    last = points(asha)[-1][0]  # the last deal's, kept however thinned
    assert last == points(bo)[-1][0] == max(x for x, _ in points(asha) + points(bo))
    assert all(float(t.get("x")) <= last for t in groups(svg, "axis", "x")[0].iter(f"{SVG}text"))


def test_a_long_name_in_the_legend_stays_clear_of_the_next_column():
    """At 390px a legend of two columns left 'Chetan Ramakrishnan-Ven…' running into 'Dev':
    each label is cut to what its column holds (0.6 em a letter, a generous estimate)."""
    names = ["Asha", "Bongani", "Chetan Ramakrishnan-Venkatesh", "Dev", "Esi", "Femi"]
    svg = str(line_chart([(n, [0, 1, 2]) for n in names], ["0", "1", "2"], y_title="levels"))
    (legends,) = groups(svg, "legends")
    boxes = sorted({float(rect.get("x")) for rect in legends.iter(f"{SVG}rect")})
    assert len(boxes) == 2  # two columns
    assert boxes[1] + (boxes[1] - boxes[0]) <= WIDTH  # the second one inside the picture
    shown = []
    for legend in legends:
        text = legend.find(f"{SVG}text")
        shown.append(text.text)
        if float(text.get("x")) < boxes[1]:  # a label in the first column
            assert float(text.get("x")) + len(text.text) * 0.6 * 12 <= boxes[1], text.text
    assert "Chetan Ramakrishnan-Venkatesh" not in shown
    assert any(name.startswith("Chetan") and name.endswith("…") for name in shown)
    tooltips = [title.text for title in legends.iter(f"{SVG}title")]
    assert tooltips == ["Chetan Ramakrishnan-Venkatesh"]  # the whole name in its tooltip


def test_a_chart_is_valid_xml_with_every_text_escaped():
    name = "<i>Zo</i> & \"B'"  # short enough to be shown whole
    svg = str(line_chart([(name, [0, 1])], ["0", "1"], y_title="<b>balls</b>", x_title="a&b"))
    root = tree(svg)  # ElementTree parses it
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
    assert root.get("width") is None and root.get("height") is None  # it scales to its box
    texts = [text.text for text in root.iter(f"{SVG}text")]
    assert name in texts and "<b>balls</b>" in texts and "a&b" in texts  # as texts, not markup
    assert {element.tag.removeprefix(SVG) for element in root.iter()} <= {
        "svg",
        "g",
        "path",
        "circle",
        "rect",
        "text",
        "title",
    }


def test_the_numbers_are_written_as_svg_reads_them_in_any_language():
    with translation.override("de"):  # a decimal comma there, were the numbers localised
        svg = chart(2, 9)
    root = tree(svg)
    for element in root.iter():
        for name in ("x", "y", "cx", "cy"):
            if name in element.attrib:
                float(element.get(name))
    for line in groups(svg, "series"):
        assert all(len(point) == 2 for point in points(line))
    for path in root.iter(f"{SVG}path"):
        assert re.fullmatch(r"M[\d.]+,[\d.]+(( [\d.]+,[\d.]+)*|[HV][\d.]+)", path.get("d"))


def test_the_chart_is_in_a_figure_that_says_what_it_shows():
    svg = chart(2, 3)
    page = render_to_string("seasons/game_chart.html", {"svg": svg, "measure": "balls"})
    label = "The score (balls) after every deal"
    assert f'<figure class="chart" aria-label="{label}">' in page and svg in page


# ---- under the Content-Security-Policy (scorekeeper/headers.py) ------------------------------


@pytest.mark.parametrize("players", [1, 4, 12])
def test_a_chart_carries_no_script_no_style_and_no_event_handler(players):
    svg = chart(players, 40)
    assert "<script" not in svg and "<style" not in svg
    assert not re.search(r"\sstyle=", svg)
    assert not re.search(r"\son\w+=", svg) and "javascript:" not in svg
    assert re.match(r'<svg [^>]*class="line-chart"', svg)  # what the stylesheet's rules name


def test_every_colour_a_chart_uses_has_its_rule_in_the_stylesheet():
    css = CHARTS_CSS.read_text(encoding="utf-8")
    assert "<" not in css and "pygal" not in css
    svg = chart(MOST_SERIES, 5)
    used = {c for e in tree(svg).iter() for c in e.get("class", "").split() if "color-" in c}
    assert used == {f"color-{n}" for n in range(MOST_SERIES)}
    for name in used:
        colour = COLOURS[int(name.removeprefix("color-"))]
        rule = re.search(rf"\.line-chart \.{name} \{{([^}}]*)\}}", css)
        assert rule, name
        assert f"stroke: {colour};" in rule[1] and f"fill: {colour};" in rule[1], name


def test_every_line_of_the_largest_table_has_its_colour():
    most_seats = max(max(entry.rules.seat_counts) for entry in registry.GAMES.values())
    assert most_seats <= MOST_SERIES == len(COLOURS)
    lines = groups(chart(most_seats, 5), "series")
    assert [line.get("class").split()[-1] for line in lines] == [
        f"color-{n}" for n in range(most_seats)
    ]
    with pytest.raises(ValueError, match="16"):
        line_chart([(str(n), [0, 1]) for n in range(MOST_SERIES + 1)], ["0", "1"])
