"""Draw the app's PNG icons from its one SVG (static/icons/icon.svg): `make icons`.

The plain icons get rounded corners (a launcher shows them as they are); the maskable ones are
the drawing full bleed, for launchers that cut their own shape (its content is in the safe zone).
The PNGs are committed: the app and its tests never need resvg.
"""

from __future__ import annotations

import re
from pathlib import Path

import resvg_py

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
PLAIN = (192, 512)  # the sizes a web app manifest needs (Chromium's installability check)
MASKABLE = (192, 512)
APPLE_TOUCH = 180  # iOS home screen: no manifest icons there, no transparency


def rounded(svg: str) -> str:
    """The drawing inside a rounded square, transparent at the corners."""
    clip = '<clipPath id="r"><rect width="512" height="512" rx="96"/></clipPath>'
    inner = re.sub(r"^<svg[^>]*>|</svg>\s*$", "", svg.strip())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'{clip}<g clip-path="url(#r)">{inner}</g></svg>'
    )


def png(svg: str, size: int) -> bytes:
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=size, height=size))


def main() -> None:
    drawing = (ICONS / "icon.svg").read_text(encoding="utf-8")
    for size in PLAIN:
        (ICONS / f"icon-{size}.png").write_bytes(png(rounded(drawing), size))
    for size in MASKABLE:
        (ICONS / f"maskable-{size}.png").write_bytes(png(drawing, size))
    (ICONS / "apple-touch-icon.png").write_bytes(png(drawing, APPLE_TOUCH))
    print("\n".join(sorted(p.name for p in ICONS.glob("*.png"))))


if __name__ == "__main__":
    main()
