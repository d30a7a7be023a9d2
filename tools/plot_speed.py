"""The plots of docs/speed.md, drawn from the figures it quotes (docs/figures/speed.json) as SVG
files beside it (docs/figures/*.svg): `make plots` after a figure changes. pygal (a development
package) draws them; these are plain files for a reader of the docs, not pages."""

from __future__ import annotations

import json
from pathlib import Path

import pygal
from pygal.style import CleanStyle

FIGURES = Path(__file__).resolve().parent.parent / "docs" / "figures"


def _chart(kind: type, title: str, labels: list, series: dict, goals: dict, **options):
    chart = kind(
        title=title,
        x_labels=[str(label) for label in labels],
        style=CleanStyle,
        width=800,
        height=420,
        legend_at_bottom=True,
        legend_at_bottom_columns=2,
        print_values=False,
        allow_interruptions=True,
        **options,
    )
    for name, values in series.items():
        chart.add(name, values)
    for name, value in goals.items():  # a goal is a flat dashed line across the chart
        chart.add(
            name,
            [value] * len(labels),
            show_dots=False,
            stroke_style={"dasharray": "8,4", "width": 3},
        )
    return chart


def main() -> None:
    figures = json.loads((FIGURES / "speed.json").read_text())
    night = figures["night"]
    _chart(
        pygal.Line,
        night["title"],
        night["tables"],
        night["series"],
        night["goals"],
        logarithmic=True,
        x_title="tables (a keeper, 3 spectators; one big screen)",
        dots_size=5,
    ).render_to_file(str(FIGURES / "night.svg"))
    record = figures["record"]
    games = list(record["series"])
    by_round = {  # a bar per round beside each game's others, the goal a dashed line over them
        name: [record["series"][game][i] for game in games]
        for i, name in enumerate(record["rounds"])
    }
    _chart(
        pygal.Bar,
        record["title"],
        games,
        by_round,
        {},  # said in the title: a bar chart draws a goal as one more bar
        range=(0, 3),
    ).render_to_file(str(FIGURES / "record.svg"))
    print(f"wrote {FIGURES / 'night.svg'} and {FIGURES / 'record.svg'}")


if __name__ == "__main__":
    main()
