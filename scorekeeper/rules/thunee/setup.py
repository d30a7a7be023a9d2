"""How a Thunee game is set up: the mode, the seats and the house rules, checked once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from scorekeeper.core.errors import SHARED, FactError, Problems, Refusals
from scorekeeper.core.explain import Said, gettext_noop
from scorekeeper.core.house_rules import HouseRule, HouseRuleValues, rule
from scorekeeper.core.names import read_name
from scorekeeper.core.reader import MOST, is_int, json_word, not_a_seat
from scorekeeper.core.table import FixedPartners, same_names

REFUSE = Refusals(__package__)  # Thunee's refusals: its words.toml


@dataclass(frozen=True)
class Mode:
    key: str
    label: str
    seats: int
    tricks: int
    cards_per_trick: int
    needed: int  # card points the counting team needs after all adjustments

    @property
    def teams_of_one(self) -> bool:
        return self.seats == 2


MODES: dict[str, Mode] = {
    m.key: m
    for m in (
        # A label is a `Said`: the header and the new-game form say it in the reader's language.
        Mode("4p", Said(gettext_noop("4 players")), 4, 6, 4, 105),
        Mode("6p", Said(gettext_noop("6 players")), 6, 4, 6, 105),
        Mode("2p-two-deal", Said(gettext_noop("2 players, two deals")), 2, 12, 2, 125),
        Mode("2p-open-face", Said(gettext_noop("2 players, open face")), 2, 12, 2, 125),
    )
}


# Each house rule: rule(standard, *others, numbers=(low, high)); its words are in words.toml.
@dataclass(frozen=True)
class HouseRules(HouseRuleValues):
    game_name = "Thunee"

    rotation: str = rule("behind-deals-again", "loser-deals-again")
    simultaneous_call_adds: int = rule(20, 10)
    redeal_on_weak_four: bool = rule(False, True)
    thunee_partner_catch: int = rule(8, 6, 4)
    khanaak_count: str = rule("full", "without-call", "jodie-only")
    winning_balls: int | str = rule(12, "13-after-khanaak", 13)
    two_to_clear: str = rule("off", "on", "13-point-games")
    blind_thunee: int | str = rule("off", 6, 8)
    royals: bool = rule(False, True)
    trips_partner_catch: int = rule(3, 6)

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        return super().from_dict(data or None)  # Thunee has always read an empty value as none

    def to_dict(self, *, only_changed: bool = False) -> dict[str, Any]:
        return {
            r.key: getattr(self, r.key)
            for r in self.table
            if not only_changed or getattr(self, r.key) != r.standard
        }

    @property
    def blind_allowed(self) -> bool:
        return self.blind_thunee != "off"


HOUSE_RULES: tuple[HouseRule, ...] = HouseRules.table
HOUSE_RULE_CHOICES: dict[str, tuple[Any, ...]] = {r.key: r.choices for r in HOUSE_RULES}


@dataclass(frozen=True)
class Setup(FixedPartners):
    """Everything about a game that does not change from deal to deal. Seats are in order of
    play, each next one on the right of the one before (Thunee goes counterclockwise); partners
    are every other seat."""

    game: ClassVar[str] = "thunee"  # the game-log key: a setup names its own game
    mode: Mode
    players: tuple[str, ...]
    first_dealer: int
    rules: HouseRules
    start_balls: tuple[int, int] = (0, 0)

    @classmethod
    def create(
        cls,
        *,
        mode: str = "4p",
        players: list[str] | tuple[str, ...],
        first_dealer: int = 0,
        house_rules: Mapping[str, Any] | None = None,
        start_balls: tuple[int, int] | list[int] = (0, 0),
    ) -> Setup:
        problems = Problems()
        the_mode = MODES.get(mode) if isinstance(mode, str) else None
        if the_mode is None:
            raise REFUSE("mode", "MODE_UNKNOWN", value=json_word(mode), modes=", ".join(MODES))
        if not isinstance(players, list | tuple) or len(players) != the_mode.seats:
            raise SHARED("players", "PLAYERS_EXACTLY", count=the_mode.seats)
        names = [
            problems.read(partial(read_name, name, f"players.{i}"), "")
            for i, name in enumerate(players)
        ]
        problems.errors += same_names(players)
        if not is_int(first_dealer) or not 0 <= first_dealer < the_mode.seats:
            problems.add(FactError("first_dealer", not_a_seat(first_dealer, the_mode.seats)))
        rules = problems.read(lambda: HouseRules.from_dict(house_rules), HouseRules())
        balls = tuple(start_balls) if isinstance(start_balls, list | tuple) else ()
        if len(balls) != 2 or not all(is_int(b) and 0 <= b <= MOST for b in balls):
            problems.add(REFUSE("start.balls", "START_BALLS", most=MOST))
            balls = (0, 0)
        problems.done()
        return cls(the_mode, tuple(names), first_dealer, rules, balls)

    def start_to_dict(self) -> dict[str, Any]:
        """The balls at the start in game-log form; empty when the game started from zero."""
        return {"balls": list(self.start_balls)} if any(self.start_balls) else {}

    def partners_of(self, seat: int) -> list[int]:
        return [s for s in range(self.seats) if s != seat and s % 2 == seat % 2]
