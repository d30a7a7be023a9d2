"""The JSON game log, version 1 (shared/spec/game-log.md): load it with every check, dump it.

Pure: no Django. `load_log` checks the envelope, then replays every deal with the rules core, so a
log it returns can be stored as it is. `dump_log` writes the envelope, the facts of every deal
(with its dealer) and the `computed` scores. Each game plugs in through `GAMES`.

Strict where a typo would change the scores silently: an unknown envelope field is refused, as
are unknown deal and house-rule fields. Thunee's `mode` is required; `house_rules` and `start`
may be left out (standard rules, no balls). Additive Thunee field this app reads and writes:
`jodies[i].after_trick` (1 or 3, optional), which of the team's tricks the Jodie followed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import FactError, raise_all
from scorekeeper.rules.thunee import DealFacts, GameState, ReplayedDeal, Setup, parse_deal, replay

FORMAT = "scorekeeper-game-log"
VERSION = 1
SPEC_GAMES = ("thunee", "nigerian-thuni", "zhao-pengyou", "spades", "pottle")
COMMON_KEYS = (
    "format",
    "version",
    "game",
    "house_rules",
    "players",
    "first_dealer",
    "start",
    "deals",
    "computed",
)


@dataclass(frozen=True)
class LoadedLog:
    """A game log that passed every check: the setup, the facts as parsed, the replayed deals."""

    game: str
    setup: Setup
    facts: list[DealFacts]
    deals: list[ReplayedDeal]
    state: GameState

    def records(self) -> list[dict[str, Any]]:
        """The deals as the app stores them: the facts without the dealer, which the rules give."""
        out = []
        for facts in self.facts:
            data = facts.to_dict()
            data.pop("dealer", None)
            out.append(data)
        return out


@dataclass(frozen=True)
class GameLogFormat:
    """How one game reads and writes its part of the log."""

    keys: tuple[str, ...]  # envelope keys besides COMMON_KEYS
    load: Callable[[Mapping[str, Any]], LoadedLog]
    dump: Callable[..., dict[str, Any]]


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
    game = doc.get("game")
    if "game" not in doc:
        raise FactError("game", f"is missing: one of {', '.join(SPEC_GAMES)}")
    if game not in SPEC_GAMES:
        raise FactError("game", f"{game!r} is not one of {', '.join(SPEC_GAMES)}")
    fmt = GAMES.get(game)
    if fmt is None:
        raise FactError("game", f"{game} is not supported yet (this app keeps {_supported()})")
    known = (*COMMON_KEYS, *fmt.keys)
    raise_all([FactError(key, "is not a game-log field") for key in doc if key not in known])
    return fmt.load(doc)


def _parse_json(doc: Any) -> Any:
    if isinstance(doc, bytes | bytearray):
        try:
            doc = doc.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise FactError("file", f"is not JSON: not UTF-8 text ({e.reason})") from None
    if isinstance(doc, str):
        try:
            return json.loads(doc, parse_constant=_no_constant)
        except ValueError as e:
            raise FactError("file", f"is not JSON: {e}") from None
    return doc


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _supported() -> str:
    return ", ".join(GAMES)


def _required(doc: Mapping[str, Any], key: str, what: str) -> Any:
    if key not in doc:
        raise FactError(key, f"is missing: {what}")
    return doc[key]


def _load_thunee(doc: Mapping[str, Any]) -> LoadedLog:
    errors: list[FactError] = []
    mode = _required(doc, "mode", "4p, 6p, 2p-two-deal or 2p-open-face")
    players = _required(doc, "players", "the names in seat order")
    first_dealer = _required(doc, "first_dealer", "the seat of the first deal's dealer")
    deals = _required(doc, "deals", "the list of recorded deals (it may be empty)")
    if not isinstance(players, list):
        errors.append(FactError("players", "must be a list of names in seat order"))
    if not isinstance(deals, list):
        errors.append(FactError("deals", "must be a list of deals, oldest first"))
    house_rules = doc.get("house_rules", {})
    if not isinstance(house_rules, Mapping):
        errors.append(FactError("house_rules", "must be an object of named settings"))
    start = doc.get("start", {})
    balls: Any = (0, 0)
    if not isinstance(start, Mapping):
        errors.append(FactError("start", 'must be {"balls": [team0, team1]}'))
    else:
        extra = [k for k in start if k != "balls"]
        errors += [FactError(f"start.{k}", "is not a Thunee start field") for k in extra]
        balls = start.get("balls", (0, 0))
    raise_all(errors)
    setup = Setup.create(
        mode=mode,
        players=players,
        first_dealer=first_dealer,
        house_rules=house_rules,
        start_balls=balls,
    )
    replayed, state = replay(setup, deals)
    facts = [deal.result.facts for deal in replayed]
    return LoadedLog("thunee", setup, facts, replayed, state)


# ---- dumping ----------------------------------------------------------------------------------


def dump_log(
    setup: Any,
    replayed_deals: Sequence[Any],
    state: Any,
    facts_list: Sequence[Any] | None = None,
    *,
    game: str = "thunee",
) -> dict[str, Any]:
    """The game log of a replayed game, with `computed`. `facts_list` (DealFacts or their stored
    dicts) defaults to the facts each replayed deal holds."""
    fmt = GAMES.get(game)
    if fmt is None:
        raise ValueError(f"no game-log format for {game!r}")
    if facts_list is None:
        facts_list = [deal.result.facts for deal in replayed_deals]
    if len(facts_list) != len(replayed_deals):
        raise ValueError("facts_list and replayed_deals differ in length")
    return fmt.dump(setup, replayed_deals, state, facts_list)


def _dump_thunee(
    setup: Setup,
    replayed: Sequence[ReplayedDeal],
    state: GameState,
    facts_list: Sequence[DealFacts | Mapping[str, Any]],
) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": "thunee",
        "mode": setup.mode.key,
        "house_rules": setup.rules.to_dict(),
        "players": list(setup.players),
        "first_dealer": setup.first_dealer,
    }
    if any(setup.start_balls):
        doc["start"] = {"balls": list(setup.start_balls)}
    deals = []
    for facts, deal in zip(facts_list, replayed, strict=True):
        if not isinstance(facts, DealFacts):
            facts = parse_deal(facts, setup)
        data = {k: v for k, v in facts.to_dict().items() if k != "dealer"}
        deals.append({"dealer": deal.result.outcome.dealer, **data})
    doc["deals"] = deals
    doc["computed"] = {
        "deals": [_computed_deal(deal) for deal in replayed],
        "state": _computed_state(setup, state),
    }
    return doc


def _computed_deal(deal: ReplayedDeal) -> dict[str, Any]:
    o = deal.result.outcome
    out: dict[str, Any] = {
        "dealer": o.dealer,
        "kind": o.kind,
        "balls": list(o.balls),
        "winning_team": o.winning_team,
    }
    if o.kind == "normal":
        out["cards_needed"] = o.cards_needed
        out["counting_total"] = o.counting_total
    if o.kind == "special" and o.special is not None:
        out["special"] = {"call": o.special[0], "result": o.special[1]}
    out["explanation"] = o.explanation
    return out


def _computed_state(setup: Setup, state: GameState) -> dict[str, Any]:
    return {
        "balls": list(state.balls),
        "target": state.target,
        "deuce": state.deuce,
        "next_dealer": None if state.finished else state.dealer,
        "finished": state.finished,
        "winners": list(state.winners(setup)),
    }


GAMES: dict[str, GameLogFormat] = {
    "thunee": GameLogFormat(keys=("mode",), load=_load_thunee, dump=_dump_thunee),
}
