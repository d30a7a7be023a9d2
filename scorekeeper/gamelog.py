"""The JSON game log, version 1 (shared/spec/game-log.md): load it with every check, dump it.

Pure: no Django. `load_log` checks the envelope, then replays every deal with the rules core, so a
log it returns can be stored as it is. `dump_log` writes the envelope, the facts of every deal
(with its dealer) and the `computed` scores. Every game plugs in through its rules core, found
by key in `scorekeeper.rules` (`rules_for`); nothing here knows one game from another.

Strict where a typo would change the scores silently: an unknown envelope field is refused, as
are unknown deal and house-rule fields (`mode` only for games with modes). `house_rules` and
`start` may be left out (standard rules, a game from zero). Additive fields this app reads and
writes are documented in each game's rules package (Thunee: `jodies[i].after_trick`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.core import json_text
from scorekeeper.core.errors import FactError, raise_all
from scorekeeper.core.game import GameRules, ReplayedDeal, replay
from scorekeeper.rules import keys, rules_for

FORMAT = "scorekeeper-game-log"
VERSION = 1
SETUP_KEYS = ("mode", "house_rules", "players", "first_dealer", "start")
REQUIRED = {
    "players": "the names in seat order",
    "first_dealer": "the seat of the first deal's dealer",
    "deals": "the list of recorded deals (it may be empty)",
}


@dataclass(frozen=True)
class LoadedLog:
    """A game log that passed every check: the setup, the facts as parsed, the replayed deals."""

    game: str
    setup: Any
    facts: list[Any]
    deals: list[ReplayedDeal]
    state: Any

    def records(self) -> list[dict[str, Any]]:
        """The deals as the app stores them: the facts without the dealer, which the rules give."""
        rules = rules_for(self.game)
        return [rules.deal_to_log(facts) for facts in self.facts]


# ---- loading ----------------------------------------------------------------------------------


def load_log(doc: Any) -> LoadedLog:
    """Check a game log (a dict, or JSON text or bytes) and replay it. Raises FactError.

    Envelope errors name the field ("players", "house_rules.royals", "start.balls"); a deal's
    error also names the deal, counting from 1 (`FactError.deal`).
    """
    doc = _parse_json(doc)
    if not isinstance(doc, Mapping):
        raise FactError("file", "must be a JSON object: the game-log envelope")
    if doc.get("format") != FORMAT:
        got = "is missing" if "format" not in doc else f"is {doc['format']!r}"
        raise FactError("format", f"{got}: a game log says {FORMAT!r}")
    version = doc.get("version")
    if version != VERSION or isinstance(version, bool) or not isinstance(version, int):
        got = "is missing" if "version" not in doc else f"{version!r} is not supported"
        raise FactError("version", f"{got}: this app reads version {VERSION}")
    if "game" not in doc:
        raise FactError("game", f"is missing: one of {_supported()}")
    rules = rules_for(doc["game"])  # FactError naming `game` for a game this app lacks
    game = rules.key
    known = ("format", "version", "game", "deals", "computed", *SETUP_KEYS)
    if not rules.modes:
        known = tuple(k for k in known if k != "mode")
    errors = [FactError(key, "is not a game-log field") for key in doc if key not in known]
    errors += [
        FactError(key, f"is missing: {what}") for key, what in REQUIRED.items() if key not in doc
    ]
    if isinstance(doc.get("players"), Mapping | str):
        errors.append(FactError("players", "must be a list of names in seat order"))
    if "deals" in doc and not isinstance(doc["deals"], list):
        errors.append(FactError("deals", "must be a list of deals, oldest first"))
    raise_all(errors)
    setup = rules.setup({k: doc[k] for k in SETUP_KEYS if k in doc})
    replayed, state = replay(rules, setup, doc["deals"])
    facts = [deal.result.facts for deal in replayed]
    return LoadedLog(game, setup, facts, replayed, state)


def _parse_json(doc: Any) -> Any:
    if isinstance(doc, bytes | bytearray):
        try:
            doc = doc.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise FactError("file", f"is not JSON: not UTF-8 text ({e.reason})") from None
    if isinstance(doc, str):
        try:
            return json_text.loads(doc)
        except json_text.TooDeep:
            raise FactError("file", "is nested too deeply to be a game log") from None
        except ValueError as e:
            raise FactError("file", f"is not JSON: {e}") from None
    return doc


def _supported() -> str:
    return ", ".join(keys())


# ---- dumping ----------------------------------------------------------------------------------


def dump_log(
    setup: Any,
    replayed_deals: Sequence[ReplayedDeal],
    state: Any,
    facts_list: Sequence[Any] | None = None,
) -> dict[str, Any]:
    """The game log of a replayed game, with `computed`. `facts_list` (parsed facts or their
    stored dicts) defaults to the facts each replayed deal holds. The setup names its game."""
    rules = rules_for(setup.game)
    if facts_list is None:
        facts_list = [deal.result.facts for deal in replayed_deals]
    if len(facts_list) != len(replayed_deals):
        raise ValueError("facts_list and replayed_deals differ in length")
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": rules.key}
    doc.update(rules.envelope(setup))
    doc["deals"] = [
        {**_dealer(rules, deal.result.outcome.dealer), **_log_form(rules, facts, setup)}
        for facts, deal in zip(facts_list, replayed_deals, strict=True)
    ]
    doc["computed"] = {
        "deals": [rules.computed_deal(deal.result) for deal in replayed_deals],
        "state": rules.computed_state(setup, state),
    }
    return doc


def _dealer(rules: GameRules, dealer: int | None) -> dict[str, Any]:
    """The deal's dealer (or starter); nothing where the rules left it open (Zhao Pengyou by
    result names the trump maker, not who starts)."""
    return {} if dealer is None else {rules.dealer_field: dealer}


def _log_form(rules: GameRules, facts: Any, setup: Any) -> dict[str, Any]:
    if isinstance(facts, Mapping):
        facts = rules.parse_deal(facts, setup)
    return rules.deal_to_log(facts)
