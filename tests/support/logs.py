"""Game logs for the tests: every registered game's hand-worked fixture log, and logs built.

Each game keeps its worked example at tests/gamelog/fixtures/<key>.json (its `computed` part
worked out by hand). A test that covers every game takes the games from `game_keys()`, the
registry's list, and a game's example from its fixture: a new game is covered with no test
edited, and a registered game without a fixture fails (tests/games/test_contract.py).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from scorekeeper import registry

FIXTURES = Path(__file__).resolve().parent.parent / "gamelog" / "fixtures"


def game_keys() -> list[str]:
    """Every registered game, in the registry's order (INSTALLED_APPS')."""
    return list(registry.GAMES)


def fixture_path(key: str) -> Path:
    return FIXTURES / f"{key}.json"


def fixture_log(key: str) -> dict[str, Any]:
    """The game's hand-worked fixture log, as the app exports it."""
    return json.loads(fixture_path(key).read_text(encoding="utf-8"))


def log_with(key: str, players: list[str]) -> dict[str, Any]:
    """The fixture's log with these names in its seats (and without its computed part)."""
    doc = without_computed(fixture_log(key))
    assert len(players) == len(doc["players"])
    doc["players"] = players
    return doc


def without_computed(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: copy.deepcopy(v) for k, v in doc.items() if k != "computed"}


# Thunee's logs, for the tests of the game-log envelope (tests/gamelog), which every game shares.
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
    """A Thunee log of these deals (4-player unless `mode` says otherwise)."""
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
    """Thunee's fixture: a complete 4-player game, as the app exports it."""
    return fixture_log("thunee")
