"""The facts of one deal as the scorekeeper recorded them, parsed from the game-log form.

Parsing checks every field against the setup (seats, the team's size, card points possible with
these packs and this kitty) and names each wrong field. What depends on the game so far (whose
turn it is to start, who may make trumps) is checked when the deal is scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import FactError
from scorekeeper.core.reader import FactReader, is_int, json_word

from .levels import RANKS
from .setup import Setup

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
POINTS_PER_WITHDRAWN_CARD = 10
DEAL_KEYS = frozenset(
    {
        "no_trumps",
        "trump_maker",
        "trump",
        "called_cards",
        "team",
        "defender_points",
        "kitty_points",
        "last_trick",
        "penalties",
        "starter",
    }
)


@dataclass(frozen=True)
class Trump:
    rank: str
    suit: str

    def to_dict(self) -> dict[str, str]:
        return {"rank": self.rank, "suit": self.suit}


@dataclass(frozen=True)
class Penalty:
    """A false lead of top cards: `seat` led, and took back `cards_withdrawn` cards."""

    seat: int
    cards_withdrawn: int

    @property
    def points(self) -> int:
        return POINTS_PER_WITHDRAWN_CARD * self.cards_withdrawn

    def to_dict(self) -> dict[str, int]:
        return {"seat": self.seat, "cards_withdrawn": self.cards_withdrawn}


@dataclass(frozen=True)
class DealFacts:
    no_trumps: bool = False
    trump_maker: int | None = None
    trump: Trump | None = None
    called_cards: tuple[str, ...] | None = None
    team: tuple[int, ...] | None = None  # as recorded, the trump maker included
    defender_points: int | None = None
    kitty_points: int | None = None
    last_trick: int | None = None
    penalties: tuple[Penalty, ...] = ()
    starter: int | None = None

    @property
    def kitty(self) -> int:
        return self.kitty_points or 0

    def on_team(self, seat: int) -> bool:
        return self.team is not None and seat in self.team

    def to_dict(self) -> dict[str, Any]:
        """The deal in game-log form, with only the fields that were recorded."""
        out: dict[str, Any] = {}
        if self.starter is not None:
            out["starter"] = self.starter
        if self.no_trumps:
            out["no_trumps"] = True
            return out
        out["trump_maker"] = self.trump_maker
        if self.trump is not None:
            out["trump"] = self.trump.to_dict()
        if self.called_cards is not None:
            out["called_cards"] = list(self.called_cards)
        out["team"] = list(self.team or ())
        out["defender_points"] = self.defender_points
        if self.kitty_points is not None:
            out["kitty_points"] = self.kitty_points
        if self.last_trick is not None:
            out["last_trick"] = self.last_trick
        if self.penalties:
            out["penalties"] = [p.to_dict() for p in self.penalties]
        return out


def parse_deal(data: Mapping[str, Any], setup: Setup) -> DealFacts:
    """Turn one deal of a game log (or a filled-in form) into DealFacts, or raise FactError
    (InvalidFacts naming every wrong field when there are several)."""
    if not isinstance(data, Mapping):
        raise FactError("deal", "must be an object")
    r = FactReader(data, setup.seats)
    r.only_keys(DEAL_KEYS, "Zhao Pengyou deal")
    starter = r.seat(data.get("starter"), "starter")
    no_trumps = r.flag(data.get("no_trumps"), "no_trumps")
    if no_trumps:
        for key in data:
            if key in DEAL_KEYS and key not in ("no_trumps", "starter"):
                r.fail(key, "a deal where nobody made trumps records nothing else")
        r.done()
        return DealFacts(no_trumps=True, starter=starter)

    trump_maker = r.seat(r.required("trump_maker", "who made trumps?"), "trump_maker")
    trump = _trump(data.get("trump"), r)
    called = _called_cards(data.get("called_cards"), r, setup)
    team = _team(r.required("team", "who was on the trump maker's team?"), r, setup, trump_maker)
    kitty = _points(data.get("kitty_points"), "kitty_points", r, 10 * setup.kitty, "the kitty")
    points = _points(
        r.required("defender_points", "card points in the defenders' tricks?"),
        "defender_points",
        r,
        setup.card_points,
        f"{setup.packs} packs",
    )
    if points is not None and kitty is not None and points + kitty > setup.card_points:
        r.fail(
            "defender_points",
            f"{points} in the defenders' tricks and {kitty} in the kitty make {points + kitty}, "
            f"more than the {setup.card_points} card points of {setup.packs} packs",
        )
    last_trick = r.seat(data.get("last_trick"), "last_trick")
    if kitty and data.get("last_trick") is None:
        r.fail("last_trick", "is missing: who won the last trick? (the kitty counts for them)")
    penalties = _penalties(data.get("penalties"), r, setup)
    r.done()
    return DealFacts(
        trump_maker=trump_maker,
        trump=trump,
        called_cards=called,
        team=team,
        defender_points=points,
        kitty_points=kitty,
        last_trick=last_trick,
        penalties=penalties,
        starter=starter,
    )


def _points(value: Any, field: str, r: FactReader, most: int, what: str) -> int | None:
    """Card points: a whole number, a multiple of 5, from 0 to `most`."""
    if value is None:
        return None
    if not is_int(value) or value < 0:
        r.fail(field, f"{json_word(value)} is not a number of card points (0 or more)")
        return None
    if value % 5:
        r.fail(field, f"{value} is not a multiple of 5: Kings and Tens are 10, Fives 5")
        return None
    if value > most:
        r.fail(field, f"{value} is more than the {most} card points of {what}")
        return None
    return value


def _trump(value: Any, r: FactReader) -> Trump | None:
    form = '{"rank": "8", "suit": "diamonds"}'
    value = r.nested(value, "trump", ("rank", "suit"), form, "the trump")
    if value is None:
        return None
    rank = value.get("rank")
    suit = value.get("suit")
    ok = True
    if rank not in RANKS:
        r.fail("trump.rank", f"{json_word(rank)} is not a rank ({', '.join(RANKS)})")
        ok = False
    if suit not in SUITS:
        r.fail("trump.suit", f"{json_word(suit)} is not a suit ({', '.join(SUITS)})")
        ok = False
    return Trump(rank, suit) if ok else None


def _called_cards(value: Any, r: FactReader, setup: Setup) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple):
        r.fail("called_cards", 'must be a list of the cards called, like "first A clubs"')
        return None
    cards = []
    for i, card in enumerate(value):
        text = r.text(card, f"called_cards.{i}")
        if text == "":
            r.fail(f"called_cards.{i}", "needs the card called")
        elif text is not None:
            cards.append(text)
    if len(value) > setup.cards_called:
        r.fail(
            "called_cards",
            f"{setup.seats} players: the trump maker calls {setup.cards_called}, not {len(value)}",
        )
    return tuple(cards)


def _team(
    value: Any, r: FactReader, setup: Setup, trump_maker: int | None
) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or not value:
        r.fail("team", "must be a list of seats, the trump maker included")
        return None
    before = len(r.errors)
    seats: list[int] = []
    for i, item in enumerate(value):
        seat = r.seat(item, f"team.{i}")
        if seat is None:
            continue
        if seat in seats:
            r.fail(f"team.{i}", f"{setup.name(seat)} is already on the team")
            continue
        seats.append(seat)
    if len(value) > setup.max_team:
        r.fail(
            "team",
            f"{setup.seats} players: the trump maker's team has at most {setup.max_team} "
            f"players, not {len(value)}",
        )
    elif trump_maker is not None and len(r.errors) == before and trump_maker not in seats:
        r.fail(
            "team",
            f"must include the trump maker, {setup.name(trump_maker)} (seat {trump_maker})",
        )
    return tuple(seats) if len(r.errors) == before else None


def _penalties(value: Any, r: FactReader, setup: Setup) -> tuple[Penalty, ...]:
    form = '{"seat": leader, "cards_withdrawn": n}'
    keys = ("seat", "cards_withdrawn")
    most = setup.deck.cards_per_player - 1
    out = []
    for i, given in r.objects(value, "penalties", form):
        item = r.nested(given, f"penalties.{i}", keys, form, "a penalty", required=True)
        if item is None:
            continue
        if "seat" not in item:
            r.fail(f"penalties.{i}.seat", "is missing: who led the false top cards?")
        if "cards_withdrawn" not in item:
            r.fail(f"penalties.{i}.cards_withdrawn", "is missing: how many cards went back?")
        seat = r.seat(item.get("seat"), f"penalties.{i}.seat")
        cards = r.count(
            item.get("cards_withdrawn"),
            f"penalties.{i}.cards_withdrawn",
            1,
            most,
            "a number of cards withdrawn",
        )
        if seat is not None and cards is not None:
            out.append(Penalty(seat, cards))
    return tuple(out)
