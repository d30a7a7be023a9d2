"""Building game logs for the tests."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

FIXTURE = Path(__file__).parent / "fixtures" / "full-game-4p.json"

PLAYERS = {
    "4p": ["Asha", "Bongani", "Chetan", "Dev"],
    "6p": ["Asha", "Bongani", "Chetan", "Dev", "Esha", "Farouk"],
    "2p-two-deal": ["Asha", "Bongani"],
    "2p-open-face": ["Asha", "Bongani"],
}

# A short valid game for each mode; replays with the standard house rules, first dealer 0.
MODE_DEALS: dict[str, list[dict[str, Any]]] = {
    "4p": [
        {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 100},
        {"special": {"call": "thunee", "seat": 0, "result": "partner_catch"}},
    ],
    "6p": [
        {"special": {"call": "trips", "seat": 2, "result": "success"}},
        {"special": {"call": "moenie", "seat": 3, "result": "partner_catch"}},
        {"trump_maker": 2, "call": 0, "last_trick": 1, "counting_points": 100},
    ],
    "2p-two-deal": [
        {"trump_maker": 1, "call": 0, "last_trick": 0, "counting_points": 120},
        {"special": {"call": "thunee", "seat": 0, "result": "success"}},
        {"trump_maker": 0, "call": 20, "last_trick": 0, "counting_points": 130},
    ],
    "2p-open-face": [
        {"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 120},
        {"special": {"call": "thunee", "seat": 1, "result": "failed"}},
    ],
}


def make_log(deals: list[dict[str, Any]] | tuple = (), **envelope: Any) -> dict[str, Any]:
    mode = envelope.get("mode", "4p")
    doc: dict[str, Any] = {
        "format": "scorekeeper-game-log",
        "version": 1,
        "game": "thunee",
        "mode": mode,
        "house_rules": {},
        "players": list(PLAYERS[mode]),
        "first_dealer": 0,
        "deals": copy.deepcopy(list(deals)),
    }
    doc.update(envelope)
    return doc


def full_game() -> dict[str, Any]:
    """The committed sample: a complete 4-player game, as the app exports it."""
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def without_computed(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "computed"}
