"""The facts of one deal as the scorekeeper recorded them, parsed from the game-log form.

Parsing checks every field against the setup (seats, the team's size, card points possible with
these packs and this kitty) and names each wrong field. What depends on the game so far (whose
turn it is to start, who may make trumps) is checked when the deal is scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.core.errors import Refusals
from scorekeeper.core.reader import FactReader, deal_object, is_int, json_word

from .levels import RANKS
from .setup import Setup

REFUSE = Refusals(__package__)  # Zhao Pengyou's refusals: its words.toml

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
    deal_object(data)
    r = FactReader(data, setup.seats)
    r.only_keys(DEAL_KEYS)
    starter = r.seat(data.get("starter"), "starter")
    no_trumps = r.flag(data.get("no_trumps"), "no_trumps")
    if no_trumps:
        for key in data:
            if key in DEAL_KEYS and key not in ("no_trumps", "starter"):
                r.fail(key, REFUSE.why("NOTHING_ELSE"))
        r.done()
        return DealFacts(no_trumps=True, starter=starter)

    trump_maker = r.seat(r.required("trump_maker", REFUSE.why("WHO_MADE_TRUMPS")), "trump_maker")
    trump = _trump(data.get("trump"), r)
    called = _called_cards(data.get("called_cards"), r, setup)
    team = _team(r.required("team", REFUSE.why("WHO_IS_ON_THE_TEAM")), r, setup, trump_maker)
    kitty = _points(data.get("kitty_points"), "kitty_points", r, 10 * setup.kitty, None)
    points = _points(
        r.required("defender_points", REFUSE.why("DEFENDER_POINTS")),
        "defender_points",
        r,
        setup.card_points,
        setup.packs,
    )
    if points is not None and kitty is not None and points + kitty > setup.card_points:
        why = REFUSE.why(
            "TOO_MANY_POINTS",
            points=points,
            kitty=kitty,
            sum=points + kitty,
            most=setup.card_points,
            packs=setup.packs,
        )
        r.fail("defender_points", why)
    last_trick = r.seat(data.get("last_trick"), "last_trick")
    if kitty and data.get("last_trick") is None:
        r.fail("last_trick", REFUSE.why("LAST_TRICK_KITTY"))
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


def _points(value: Any, field: str, r: FactReader, most: int, packs: int | None) -> int | None:
    """Card points: a whole number, a multiple of 5, from 0 to `most`, the points of `packs`
    packs (None: of the kitty)."""
    if value is None:
        return None
    if not is_int(value) or value < 0:
        r.fail(field, REFUSE.why("NOT_POINTS", value=json_word(value)))
        return None
    if value % 5:
        r.fail(field, REFUSE.why("NOT_A_MULTIPLE_OF_FIVE", value=value))
        return None
    if value > most:
        r.fail(
            field,
            REFUSE.why("MORE_THAN_KITTY", value=value, most=most)
            if packs is None
            else REFUSE.why("MORE_THAN_PACKS", value=value, most=most, packs=packs),
        )
        return None
    return value


def _trump(value: Any, r: FactReader) -> Trump | None:
    form = '{"rank": "8", "suit": "diamonds"}'
    value = r.nested(value, "trump", ("rank", "suit"), form)
    if value is None:
        return None
    rank = value.get("rank")
    suit = value.get("suit")
    ok = True
    if rank not in RANKS:
        r.fail(
            "trump.rank", REFUSE.why("NOT_A_RANK", value=json_word(rank), ranks=", ".join(RANKS))
        )
        ok = False
    if suit not in SUITS:
        r.fail(
            "trump.suit", REFUSE.why("NOT_A_SUIT", value=json_word(suit), suits=", ".join(SUITS))
        )
        ok = False
    return Trump(rank, suit) if ok else None


def _called_cards(value: Any, r: FactReader, setup: Setup) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple):
        r.fail("called_cards", REFUSE.why("CALLED_CARDS_SHAPE"))
        return None
    cards = []
    for i, card in enumerate(value):
        text = r.text(card, f"called_cards.{i}")
        if text == "":
            r.fail(f"called_cards.{i}", REFUSE.why("CARD_CALLED"))
        elif text is not None:
            cards.append(text)
    if len(value) > setup.cards_called:
        why = REFUSE.why(
            "CALLS_HOW_MANY", players=setup.seats, calls=setup.cards_called, given=len(value)
        )
        r.fail("called_cards", why)
    return tuple(cards)


def _team(
    value: Any, r: FactReader, setup: Setup, trump_maker: int | None
) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or not value:
        r.fail("team", REFUSE.why("TEAM_SHAPE"))
        return None
    before = len(r.errors)
    seats: list[int] = []
    for i, item in enumerate(value):
        seat = r.seat(item, f"team.{i}")
        if seat is None:
            continue
        if seat in seats:
            r.fail(f"team.{i}", REFUSE.why("ALREADY_ON_TEAM", name=setup.name(seat)))
            continue
        seats.append(seat)
    if len(value) > setup.max_team:
        why = REFUSE.why("TEAM_TOO_BIG", players=setup.seats, most=setup.max_team, size=len(value))
        r.fail("team", why)
    elif trump_maker is not None and len(r.errors) == before and trump_maker not in seats:
        why = REFUSE.why("TEAM_WITHOUT_MAKER", name=setup.name(trump_maker), seat=trump_maker)
        r.fail("team", why)
    return tuple(seats) if len(r.errors) == before else None


def _penalties(value: Any, r: FactReader, setup: Setup) -> tuple[Penalty, ...]:
    form = '{"seat": leader, "cards_withdrawn": n}'
    keys = ("seat", "cards_withdrawn")
    most = setup.deck.cards_per_player - 1
    out = []
    for i, given in r.objects(value, "penalties", form):
        item = r.nested(given, f"penalties.{i}", keys, form, required=True)
        if item is None:
            continue
        if "seat" not in item:
            r.fail(f"penalties.{i}.seat", REFUSE.why("WHO_LED"))
        if "cards_withdrawn" not in item:
            r.fail(f"penalties.{i}.cards_withdrawn", REFUSE.why("HOW_MANY_BACK"))
        seat = r.seat(item.get("seat"), f"penalties.{i}.seat")
        cards = r.count(
            item.get("cards_withdrawn"),
            f"penalties.{i}.cards_withdrawn",
            1,
            most,
            REFUSE.part("WITHDRAWN"),
        )
        if seat is not None and cards is not None:
            out.append(Penalty(seat, cards))
    return tuple(out)
