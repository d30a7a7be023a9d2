"""The facts of one deal as the scorekeeper recorded them, parsed from the game-log form.

Parsing checks each field on its own (types, ranges, seats). Whether the facts fit the game
(whose deal it is, whether the card points are possible) is checked when the deal is scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import SHARED, Refusals, raise_all
from scorekeeper.core.explain import Said
from scorekeeper.core.log_form import log_form
from scorekeeper.core.reader import FactReader, deal_object

from .setup import Setup

REFUSE = Refusals(__package__)  # Thunee's refusals: its words.toml

CALL_AMOUNTS: tuple[int, ...] = (0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104)
JODIE_VALUES: tuple[int, ...] = (20, 30, 40, 50)
CALL_TURNS: tuple[str, ...] = ("single", "both")
SPECIAL_CALLS: tuple[str, ...] = (
    "thunee",
    "blind_thunee",
    "royals",
    "blind_royals",
    "double",
    "khanaak",
    "trips",
    "moenie",
)
RESULTS: tuple[str, ...] = ("success", "failed", "partner_catch")
JODIE_FORM = '{"seat": s, "value": v}'
DEAL_KEYS = frozenset(
    {
        "cancelled",
        "trump_maker",
        "call",
        "calls",
        "jodies",
        "last_trick",
        "counting_points",
        "special",
        "penalty",
        "forfeited",
        "dealer",
    }
)


@dataclass(frozen=True)
class Jodie:
    seat: int
    value: int
    after_trick: int | None = None  # which of the team's tricks it followed (1st or 3rd), if noted

    @property
    def in_trumps(self) -> bool:
        return self.value >= 40

    def to_dict(self) -> dict[str, int]:
        return log_form(self, ("seat", "value", "after_trick"))


@dataclass(frozen=True)
class Special:
    call: str
    seat: int
    result: str | None = None

    @property
    def is_thunee_like(self) -> bool:
        return self.call in ("thunee", "blind_thunee", "royals", "blind_royals")

    @property
    def needs_play_facts(self) -> bool:
        """Double and Khanaak are judged from the ordinary facts unless the result is given."""
        return self.call in ("double", "khanaak")

    def to_dict(self) -> dict[str, Any]:
        return log_form(self, ("call", "seat", "result"))


@dataclass(frozen=True)
class Penalty:
    seat: int
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason}


@dataclass(frozen=True)
class DealFacts:
    cancelled: str | None = None
    trump_maker: int | None = None
    call: int | None = None
    calls: tuple[str, ...] | None = None
    jodies: tuple[Jodie, ...] = ()
    last_trick: int | None = None
    counting_points: int | None = None
    special: Special | None = None
    penalty: Penalty | None = None
    forfeited: bool = False
    dealer: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The deal in game-log form, with only the fields that were recorded."""
        before = ("dealer", "cancelled", "penalty", "trump_maker")
        call = ("calls",) if self.calls is not None else ("call",)
        after = ("jodies", "last_trick", "counting_points", "special", "forfeited")
        return log_form(self, before + call + after)


class _Reader(FactReader):
    """The shared fact reader, knowing the setup too (a Jodie's timing depends on the mode)."""

    def __init__(self, data: Mapping[str, Any], setup: Setup) -> None:
        super().__init__(data, setup.seats)
        self.setup = setup


def parse_deal(data: Mapping[str, Any], setup: Setup) -> DealFacts:
    """Turn one deal of a game log (or a filled-in form) into DealFacts, or raise FactError."""
    deal_object(data)
    r = _Reader(data, setup)
    r.only_keys(DEAL_KEYS)

    cancelled = data.get("cancelled")
    if cancelled is not None and (not isinstance(cancelled, str) or not cancelled.strip()):
        r.fail("cancelled", REFUSE.why("CANCELLED_WHY"))
        cancelled = None
    elif cancelled is not None:
        cancelled = cancelled.strip()

    call = data.get("call")
    calls = data.get("calls")
    if call is not None and calls is not None:
        r.fail("calls", REFUSE.why("CALL_OR_CALLS"))
    call = r.choice(call, "call", CALL_AMOUNTS, REFUSE.part("CALL"))
    if calls is not None:
        if not isinstance(calls, list | tuple) or not calls:
            r.fail("calls", REFUSE.why("CALLS_SHAPE"))
            calls = None
        else:
            for i, turn in enumerate(calls):
                r.choice(turn, f"calls.{i}", CALL_TURNS, REFUSE.part("CALLING_TURN"))
            calls = tuple(calls)

    jodies = _parse_jodies(data.get("jodies"), r)
    points = r.count(data.get("counting_points"), "counting_points", 0, 304, REFUSE.part("POINTS"))
    forfeited = data.get("forfeited", False)
    if not isinstance(forfeited, bool):  # null too: a log that names it says true or false
        r.fail("forfeited", SHARED.why("NOT_TRUE_OR_FALSE"))
        forfeited = False

    facts = DealFacts(
        cancelled=cancelled,
        trump_maker=r.seat(data.get("trump_maker"), "trump_maker"),
        call=call,
        calls=calls,
        jodies=jodies,
        last_trick=r.seat(data.get("last_trick"), "last_trick"),
        counting_points=points,
        special=_parse_special(data.get("special"), r),
        penalty=_parse_penalty(data.get("penalty"), r),
        forfeited=forfeited,
        dealer=r.seat(data.get("dealer"), "dealer"),
    )
    raise_all(r.errors)
    return facts


def _parse_jodies(value: Any, r: _Reader) -> tuple[Jodie, ...]:
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        r.fail("jodies", SHARED.why("LIST_OF_SHAPE", form=JODIE_FORM))
        return ()
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, Mapping):
            r.fail(f"jodies.{i}", SHARED.why("SHAPE", form=JODIE_FORM))
            continue
        for key in item:
            if key not in ("seat", "value", "after_trick"):
                r.fail(f"jodies.{i}.{key}", SHARED.why("NO_SUCH_FIELD"))
        if "seat" not in item:
            r.fail(f"jodies.{i}.seat", REFUSE.why("JODIE_SEAT"))
        if "value" not in item:
            r.fail(f"jodies.{i}.value", REFUSE.why("JODIE_VALUE"))
        seat = r.seat(item.get("seat"), f"jodies.{i}.seat")
        jv = r.choice(item.get("value"), f"jodies.{i}.value", JODIE_VALUES, REFUSE.part("JODIE"))
        after = _jodie_timing(item.get("after_trick"), f"jodies.{i}.after_trick", r)
        if seat is not None and jv is not None:
            out.append(Jodie(seat, jv, after))
    if len(value) > 4:
        r.fail("jodies", REFUSE.why("TOO_MANY_JODIES", count=len(value)))
    elif sum(1 for j in out if not j.in_trumps) > 3:
        r.fail("jodies", REFUSE.why("PLAIN_JODIES"))
    if sum(1 for j in out if j.in_trumps) > 1:
        r.fail("jodies", REFUSE.why("TRUMP_JODIES"))
    return tuple(out)


def _jodie_timing(after: Any, field: str, r: _Reader) -> int | None:
    """Which of the team's tricks the Jodie followed. Only the 1st and 3rd are allowed (in the
    open-face game, any trick the player wins); a Jodie at another time is stopped by marials."""
    if after is None:
        return None
    trick = r.count(after, field, 1, r.setup.mode.tricks, REFUSE.part("TEAM_TRICK"))
    if trick is None:
        return None
    if trick not in (1, 3) and r.setup.mode.key != "2p-open-face":
        r.fail(field, REFUSE.why("MARIALS", nth=_ordinal(trick)))
        return None
    return trick


def _ordinal(n: int) -> Said:
    """The 2nd, 4th … 12th trick: the ones marials stops a Jodie after."""
    return REFUSE.part("SECOND" if n == 2 else "NTH", n=n)


def _parse_special(value: Any, r: _Reader) -> Special | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        r.fail("special", SHARED.why("SHAPE", form='{"call": C, "seat": s, "result": R}'))
        return None
    for key in value:
        if key not in ("call", "seat", "result"):
            r.fail(f"special.{key}", SHARED.why("NO_SUCH_FIELD"))
    if "call" not in value:
        r.fail("special.call", REFUSE.why("WHICH_CALL"))
    if "seat" not in value:
        r.fail("special.seat", REFUSE.why("WHO_CALLED"))
    call = r.choice(value.get("call"), "special.call", SPECIAL_CALLS, REFUSE.part("SPECIAL"))
    seat = r.seat(value.get("seat"), "special.seat")
    result = r.choice(value.get("result"), "special.result", RESULTS, REFUSE.part("RESULT"))
    if call is None or seat is None:
        return None
    return Special(call, seat, result)


def _parse_penalty(value: Any, r: _Reader) -> Penalty | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or value.get("seat") is None:
        r.fail("penalty.seat", REFUSE.why("WHO_BROKE_THE_RULE"))
        return None
    seat = r.seat(value.get("seat"), "penalty.seat")
    reason = r.text(value.get("reason", ""), "penalty.reason") or ""
    return None if seat is None else Penalty(seat, reason)
