"""The deal form's fields as a browser posts them, and the rules pages' links."""

from __future__ import annotations

import re
from typing import Any


def seat_fields(prefix: str, numbers: list[int | None]) -> dict[str, Any]:
    """Form fields for one number per seat: bid_0 … (None: left blank)."""
    return {f"{prefix}_{seat}": "" if n is None else n for seat, n in enumerate(numbers)}


def rule_links_land(client, game_url: str, key: str) -> set[str]:
    """The anchors of every rule link on a game's page; each must be an id on its rules page.
    Returns them, so a test can check that some were found."""
    page = client.get(game_url).content.decode()
    anchors = set(re.findall(rf'href="/rules/{re.escape(key)}/#([^"]+)"', page))
    rules = client.get(f"/rules/{key}/").content.decode()
    ids = set(re.findall(r'\bid="([^"]+)"', rules))
    assert anchors <= ids, sorted(anchors - ids)
    return anchors
