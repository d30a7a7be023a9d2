"""The JSON game log, version 1 (shared/spec/game-log.md): load it with every check, dump it.

Pure: no Django. `load_log` checks the envelope, then replays every deal with the rules core, so a
log it returns can be stored as it is. `dump_log` writes the envelope, the facts of every deal
(with its dealer) and the `computed` scores. Every game plugs in through its rules core, found
by key in `scorekeeper.rules` (`rules_for`); nothing here knows one game from another.

Strict where a typo would change the scores silently: an unknown envelope field is refused, as
are unknown deal and house-rule fields (`mode` only for games with modes). `house_rules` and
`start` may be left out (standard rules, a game from zero). Additive fields this app reads and
writes are documented in each game's rules package (Thunee: `jodies[i].after_trick`), and one
for every game: a deal played by someone other than the envelope's player at a seat (a
substitute at a game night, docs/game-night.md) carries `substitutes`, a list of
`{"seat": s, "name": n}`, the seats someone else played in that deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scorekeeper.core import json_text
from scorekeeper.core.errors import SHARED, FactError, raise_all
from scorekeeper.core.game import AnyGameRules, ReplayedDeal, replay
from scorekeeper.core.names import read_name
from scorekeeper.core.reader import json_word
from scorekeeper.rules import keys, rules_for

FORMAT = "scorekeeper-game-log"
VERSION = 1
SETUP_KEYS = ("mode", "house_rules", "players", "first_dealer", "start")


SUBSTITUTES = "substitutes"  # the additive deal field: who else played a seat in this deal


@dataclass(frozen=True)
class SeatChange:
    """From deal `from_deal` on (1-based), `name` plays seat `seat` (a substitute; or the seat's
    own player back again)."""

    seat: int
    name: str
    from_deal: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "from_deal": self.from_deal}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatChange:
        return cls(int(data["seat"]), str(data["name"]), int(data["from_deal"]))


def seated(players: Sequence[str], changes: Sequence[SeatChange], number: int) -> list[str]:
    """Who played each seat in deal `number` (1-based): the envelope's players, with the seat
    changes made by then (the latest of a seat counts)."""
    out = list(players)
    for change in sorted(changes, key=lambda c: c.from_deal):
        if change.from_deal <= number and 0 <= change.seat < len(out):
            out[change.seat] = change.name
    return out


def seated_setup(setup: Any, changes: Sequence[SeatChange], number: int) -> Any:
    """The setup with the names of who played each seat in deal `number`: what a page or an
    explanation says of that deal. The log's envelope keeps the players the game began with."""
    if not changes:
        return setup
    return replace(setup, players=tuple(seated(setup.players, changes, number)))


@dataclass(frozen=True)
class LoadedLog:
    """A game log that passed every check: the setup, the facts as parsed, the replayed deals,
    and who took over a seat during the game (`substitutes` on its deals)."""

    game: str
    setup: Any
    facts: list[Any]
    deals: list[ReplayedDeal[Any]]
    state: Any
    seat_changes: tuple[SeatChange, ...] = ()

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
    if "game" not in doc:
        raise SHARED("game", "GAME_MISSING", games=_supported())
    rules = rules_for(doc["game"])  # refused at `game` for a key that no core here has
    game = rules.key
    known: tuple[str, ...] = ("format", "version", "game", "deals", "computed", *SETUP_KEYS)
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
    deals, changes = _take_substitutes(doc["deals"], setup.players)
    replayed, state = replay(rules, setup, deals)
    facts = [deal.result.facts for deal in replayed]
    return LoadedLog(game, setup, facts, replayed, state, changes)


def _take_substitutes(
    deals: list[Any], players: Sequence[str]
) -> tuple[list[Any], tuple[SeatChange, ...]]:
    """The deals without their `substitutes` (the rules core never sees them), and the seat
    changes they say: where a deal's seating differs from the deal before's."""
    plain: list[Any] = []
    changes: list[SeatChange] = []
    before = list(players)
    for number, deal in enumerate(deals, start=1):
        if not isinstance(deal, Mapping) or SUBSTITUTES not in deal:
            now = list(players)
            plain.append(deal)
        else:
            now = _seating(deal[SUBSTITUTES], players, number)
            plain.append({k: v for k, v in deal.items() if k != SUBSTITUTES})
        changes += [
            SeatChange(seat, name, number) for seat, name in enumerate(now) if name != before[seat]
        ]
        before = now
    return plain, tuple(changes)


def _seating(value: Any, players: Sequence[str], number: int) -> list[str]:
    """A deal's `substitutes` checked: a list of {"seat", "name"}, each seat once."""
    form = '{"seat": s, "name": n}'
    if not isinstance(value, list):
        raise SHARED(SUBSTITUTES, "SUBSTITUTES_NOT_A_LIST", form=form).at_deal(number)
    out = list(players)
    taken: set[int] = set()
    for i, item in enumerate(value):
        where = f"{SUBSTITUTES}.{i}"
        if not isinstance(item, Mapping) or set(item) != {"seat", "name"}:
            raise SHARED(where, "SUBSTITUTE_FORM", form=form).at_deal(number)
        seat, name = item["seat"], item["name"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players):
            span = SHARED.part("SPAN_BETWEEN", low=0, high=len(players) - 1)
            raise SHARED(f"{where}.seat", "SUBSTITUTE_SEAT", span=span).at_deal(number)
        if seat in taken:
            raise SHARED(f"{where}.seat", "SUBSTITUTE_SEAT_TWICE").at_deal(number)
        try:
            name = read_name(name, f"{where}.name")  # as every player's name (core/names.py)
        except FactError as e:
            raise e.at_deal(number) from None
        taken.add(seat)
        out[seat] = name
    return out


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
        except json_text.BrokenText as e:
            raise e.refusal() from None
        except ValueError as e:
            raise SHARED("file", "NOT_JSON", why=str(e)) from None
    return doc


def _supported() -> str:
    return ", ".join(keys())


# ---- dumping ----------------------------------------------------------------------------------


def dump_log(
    setup: Any,
    replayed_deals: Sequence[ReplayedDeal[Any]],
    state: Any,
    facts_list: Sequence[Any] | None = None,
    seat_changes: Sequence[SeatChange] = (),
) -> dict[str, Any]:
    """The game log of a replayed game, with `computed`. `facts_list` (parsed facts or their
    stored dicts) defaults to the facts each replayed deal holds. The setup names its game.
    A deal someone else played a seat of carries `substitutes` (`seat_changes`)."""
    rules = rules_for(setup.game)
    if facts_list is None:
        facts_list = [deal.result.facts for deal in replayed_deals]
    if len(facts_list) != len(replayed_deals):
        raise ValueError("facts_list and replayed_deals differ in length")
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": rules.key}
    doc.update(rules.envelope(setup))
    doc["deals"] = [
        {
            **_dealer(rules, deal.result.outcome.dealer),
            **_log_form(rules, facts, setup),
            **_substitutes(setup.players, seat_changes, deal.number),
        }
        for facts, deal in zip(facts_list, replayed_deals, strict=True)
    ]
    doc["computed"] = {
        "deals": [rules.computed_deal(deal.result) for deal in replayed_deals],
        "state": rules.computed_state(setup, state),
    }
    return doc


def _dealer(rules: AnyGameRules, dealer: int | None) -> dict[str, Any]:
    """The deal's dealer (or starter); nothing where the rules left it open (Zhao Pengyou by
    result names the trump maker, not who starts)."""
    return {} if dealer is None else {rules.dealer_field: dealer}


def _substitutes(
    players: Sequence[str], changes: Sequence[SeatChange], number: int
) -> dict[str, Any]:
    now = seated(players, changes, number)
    subs = [{"seat": s, "name": n} for s, n in enumerate(now) if n != players[s]]
    return {SUBSTITUTES: subs} if subs else {}


def _log_form(rules: AnyGameRules, facts: Any, setup: Any) -> dict[str, Any]:
    if isinstance(facts, Mapping):
        facts = rules.parse_deal(facts, setup)
    return rules.deal_to_log(facts)
