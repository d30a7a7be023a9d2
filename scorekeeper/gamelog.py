"""The JSON game log, version 1 (shared/spec/game-log.md): load it with every check, dump it.

Pure: no Django. `load_log` checks the envelope, then replays every deal with the rules core, so a
log it returns can be stored as it is. `dump_log` writes the envelope, the facts of every deal
(with its dealer) and the `computed` scores. Every game plugs in through its rules core, found
by key in `scorekeeper.rules`; nothing here knows one game from another.

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
from scorekeeper.core.errors import SHARED, raise_all
from scorekeeper.core.game import GameRules, ReplayedDeal, replay
from scorekeeper.core.reader import json_word
from scorekeeper.rules import GAMES, rules_for

FORMAT = "scorekeeper-game-log"
VERSION = 1
SPEC_GAMES = ("thunee", "nigerian-thuni", "zhao-pengyou", "spades", "pottle")
SETUP_KEYS = ("mode", "house_rules", "players", "first_dealer", "start")


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
        raise SHARED("file", "LOG_NOT_AN_OBJECT")
    if "format" not in doc:
        raise SHARED("format", "FORMAT_MISSING", expected=FORMAT)
    if doc["format"] != FORMAT:
        raise SHARED("format", "FORMAT_WRONG", got=json_word(doc["format"]), expected=FORMAT)
    version = doc.get("version")
    if "version" not in doc:
        raise SHARED("version", "VERSION_MISSING", version=VERSION)
    if version != VERSION or isinstance(version, bool) or not isinstance(version, int):
        raise SHARED("version", "VERSION_WRONG", got=json_word(version), version=VERSION)
    game = doc.get("game")
    games = ", ".join(SPEC_GAMES)
    if "game" not in doc:
        raise SHARED("game", "GAME_MISSING", games=games)
    if game not in SPEC_GAMES:
        raise SHARED("game", "GAME_UNKNOWN", got=json_word(game), games=games)
    if game not in GAMES:
        raise SHARED("game", "GAME_NOT_KEPT", game=game, kept=_supported())
    rules = rules_for(game)
    known = ("format", "version", "game", "deals", "computed", *SETUP_KEYS)
    if not rules.modes:
        known = tuple(k for k in known if k != "mode")
    errors = [SHARED(key, "LOG_HAS_NO_FIELD") for key in doc if key not in known]
    errors += [] if "players" in doc else [SHARED("players", "LOG_NEEDS_PLAYERS")]
    errors += [] if "first_dealer" in doc else [SHARED("first_dealer", "LOG_NEEDS_FIRST_DEALER")]
    errors += [] if "deals" in doc else [SHARED("deals", "LOG_NEEDS_DEALS")]
    if isinstance(doc.get("players"), Mapping | str):
        errors.append(SHARED("players", "PLAYERS_NOT_A_LIST"))
    if "deals" in doc and not isinstance(doc["deals"], list):
        errors.append(SHARED("deals", "DEALS_NOT_A_LIST"))
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
            raise SHARED("file", "NOT_UTF8", why=e.reason) from None
    if isinstance(doc, str):
        try:
            return json_text.loads(doc)
        except json_text.TooDeep:
            raise SHARED("file", "TOO_DEEP") from None
        except ValueError as e:
            raise SHARED("file", "NOT_JSON", why=str(e)) from None
    return doc


def _supported() -> str:
    return ", ".join(GAMES)


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
