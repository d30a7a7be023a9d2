"""The one small interface every game's pure rules core provides, and one replay for all of them.

A game is an instance of a `GameRules` subclass (like a python-chess variant: a few hooks over a
shared shape). The Django shell and the game log only ever call these methods, found through the
registry by the game's key, so that adding a game touches nothing shared.

Each game keeps its own value types, and `GameRules` is generic in them:
`GameRules[Setup, GameState, DealFacts, DealResult]`. What the shell reads of each is a Protocol
here: the setup (`SetupShape`: `players`, `first_dealer`, the house rules, the start; and a class
attribute `game: ClassVar[str]`, the game's key), the state (`StateShape`: `deals`, the number of
deals recorded), the facts (`FactsShape`: their log form) and the deal result (`ResultShape`:
`facts`, `before`, `after` and an `outcome` with `dealer` (seat), `lines` (explanation `Line`s)
and `warnings` (sentences to show before saving): `scorekeeper.core.deal`).

Most hooks have a default that reads those value types the way most games write them (see
`setup_type` and `state_type`); a game overrides only the hooks its rules do differently.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar, cast

from .errors import SHARED, FactError
from .explain import Line, Said
from .fact_words import FactShapes, FactWord, fact_words
from .house_rules import HouseRule, changed_rules

# A value of a game log, whatever it is: what a hook takes in from the log and gives back.
JSON: TypeAlias = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None


class RulesShape(Protocol):
    """A setup's house rules (a `scorekeeper.core.house_rules.HouseRuleValues`)."""

    def to_dict(self) -> dict[str, JSON]: ...


class SetupShape(Protocol):
    """What the shell and the hooks' defaults read of every game's setup."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def rules(self) -> RulesShape: ...
    def start_to_dict(self) -> dict[str, JSON]: ...


class StateShape(Protocol):
    """What the shell reads of every game's state between deals."""

    @property
    def deals(self) -> int: ...  # deals recorded so far
    def to_dict(self) -> dict[str, JSON]: ...


class FactsShape(Protocol):
    """A deal's facts as parsed: they go back to log form."""

    def to_dict(self) -> dict[str, JSON]: ...


class OutcomeShape(Protocol):
    """What the shell reads of what a deal did: its dealer, the explanation, the warnings."""

    @property
    def dealer(self) -> int | None: ...
    @property
    def lines(self) -> tuple[Line, ...]: ...
    @property
    def warnings(self) -> tuple[str, ...]: ...
    @property
    def explanation(self) -> list[str]: ...


class ResultShape(Protocol):
    """What scoring one deal gives back (`scorekeeper.core.deal.DealResult`, or a game's own):
    the facts, the outcome and the state before and after, each of the game's own types."""

    @property
    def facts(self) -> object: ...
    @property
    def outcome(self) -> OutcomeShape: ...
    @property
    def before(self) -> object: ...
    @property
    def after(self) -> object: ...


SetupT = TypeVar("SetupT", bound=SetupShape)
StateT = TypeVar("StateT", bound=StateShape)
FactsT = TypeVar("FactsT", bound=FactsShape)
ResultT = TypeVar("ResultT", bound=ResultShape)
SetupT_co = TypeVar("SetupT_co", bound=SetupShape, covariant=True)
SetupT_contra = TypeVar("SetupT_contra", bound=SetupShape, contravariant=True)
StateT_co = TypeVar("StateT_co", bound=StateShape, covariant=True)
ResultT_co = TypeVar("ResultT_co", bound=ResultShape, covariant=True)


class SetupType(Protocol[SetupT_co]):
    """A game's setup class (`GameRules.setup_type`): it checks an envelope's parts."""

    def create(
        self, *, players: JSON, first_dealer: JSON, house_rules: JSON, start: JSON
    ) -> SetupT_co: ...


class StateType(Protocol[StateT_co, SetupT_contra]):
    """A game's state class (`GameRules.state_type`): the state before the first deal, and the
    state again from its cache form."""

    def initial(self, setup: SetupT_contra, /) -> StateT_co: ...
    def from_dict(self, data: Mapping[str, JSON], /) -> StateT_co: ...


class _Ending(Protocol):
    """A state with the usual end: `finished`, and who deals next (None once over)."""

    @property
    def finished(self) -> bool: ...
    @property
    def dealer(self) -> int | None: ...


class _Winners(Protocol[SetupT_contra]):
    """A state that says who won by the setup (`scorekeeper.core.state.WonByTeam`)."""

    def winners(self, setup: SetupT_contra, /) -> tuple[int, ...]: ...


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


class _WithMode(Protocol):
    """The setup of a game with modes: its mode has the key the log names it by."""

    @property
    def mode(self) -> _Keyed: ...


@dataclass(frozen=True)
class Mode:
    """A named way to play that fixes the number of seats (Thunee's 4p, 6p, 2p-…)."""

    key: str
    label: str
    seats: int
    # Modes a game night mixes in by default, where their tables keep fewer people out.
    night_mix: tuple[str, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One row of a game's standings: a team, or a player in games without fixed teams.

    `score` is the headline figure (balls, points, a level name, chips); `figures` are the game's
    own numbers by name, for the board and for season standings ("balls_for", "bags", …).
    """

    seats: tuple[int, ...]
    name: str
    score: int | str
    won: bool = False
    figures: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Lead:
    """A side (a team, or a player) with its figure on the game's own measure of who is ahead:
    more is further ahead (balls, points, chips; a level as a number)."""

    seats: tuple[int, ...]
    figure: int


@dataclass(frozen=True)
class Opening:
    """The facts a table records before the hand is played (Spades' bids), checked, with lines
    the board shows while the hand is played ("Asha & Chetan bid 4+3 = 7")."""

    facts: dict[str, JSON]
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class ReplayedDeal(Generic[ResultT_co]):
    number: int  # 1-based
    result: ResultT_co  # the game's deal result


def gettext_noop(message: str) -> str:
    """Marks a label for the translation catalogue (makemessages finds the name); the shell
    translates it when it shows it. Pure: no Django here."""
    return message


@dataclass(frozen=True)
class Match:
    """One contest for skill ratings: the teams (seats; one seat each when every player plays
    for themselves) and each team's place, 1 the best; equal places are a tie."""

    teams: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]

    @classmethod
    def by_score(cls, teams: tuple[tuple[int, ...], ...], scores: list[int]) -> Match:
        """The teams placed by their scores, the highest first; equal scores share a place."""
        return cls(teams, tuple(1 + sum(other > mine for other in scores) for mine in scores))


@dataclass(frozen=True)
class Series:
    """One team's (or player's) score after each deal, the score before the first deal first."""

    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Progression:
    """A game's score deal by deal, for its chart. `measure` says what is counted."""

    measure: str  # "balls", "points", "chips", "levels", "score"
    series: tuple[Series, ...]
    ticks: tuple[tuple[int, str], ...] = ()  # values the axis names (levels: 0 is "2")


class GameRules(ABC, Generic[SetupT, StateT, FactsT, ResultT]):
    """One game's rules, over its own setup, state, facts and deal result types. Subclasses set
    the class attributes and implement the abstract hooks."""

    key: str  # the game log's `game`: "thunee", "spades", …
    name: str  # "Thunee", "Spades"
    modes: tuple[Mode, ...] = ()  # empty: the number of players is free within seat_counts
    seat_counts: tuple[int, ...] = (4,)
    # The table sizes a game night draws by default (empty: every one of seat_counts): the
    # game's best tables, where a table of every allowed size is not (eleven at one table).
    night_seat_counts: tuple[int, ...] = ()
    house_rules: tuple[HouseRule, ...] = ()
    dealer_field: str = "dealer"  # the deal field naming who deals ("starter" in Zhao Pengyou)
    opening_fields: tuple[str, ...] = ()  # deal fields recorded before the hand is played
    fixed_teams: bool = False  # partners for the whole game: even seats team A, odd seats team B
    seating: str = gettext_noop("Names in order of play.")  # how the new-game form asks
    # Seasons (scorekeeper/seasons) read a game only through the hooks at the end of this class.
    progress_measure: str = gettext_noop("score")  # what `progression` counts, for the chart
    # (figure key, label) of `season_figures` shown in season standings, in order (at most 8).
    season_columns: tuple[tuple[str, str], ...] = ()
    # How a person reads a deal's fields (the audit trail; core/fact_words): their names, and
    # which hold a seat, a list of seats, or one value per player. The dealer field is a seat.
    fact_labels: ClassVar[Mapping[str, str]] = {}
    seat_facts: frozenset[str] = frozenset()
    seats_facts: frozenset[str] = frozenset()
    per_seat_facts: frozenset[str] = frozenset()
    # The game's setup and state classes, which the defaults of the hooks below read:
    # the setup's `create(players=, first_dealer=, house_rules=, start=)` raises FactError, and
    # the setup has `rules.to_dict()` and `start_to_dict()` (empty when the game starts from
    # zero); the state has `initial(setup)`, `to_dict()` and `from_dict(data)`, and where the
    # game keeps the defaults of `next_dealer`, `is_finished` and `winners`, also `finished`,
    # `dealer` and `winners(setup)`. Facts have `to_dict()` (the log form, the dealer included
    # if given). Class attributes, though a ClassVar cannot name the game's types.
    setup_type: SetupType[SetupT]
    state_type: StateType[StateT, SetupT]
    # What the game log's `computed` holds besides the dealer, the explanation and the next
    # dealer, end and winners: the outcome's fields for each deal, the state's for the game.
    computed_deal_fields: tuple[str, ...] = ()
    computed_state_fields: tuple[str, ...] = ()

    # ---- setup ------------------------------------------------------------------------------

    def setup(self, envelope: Mapping[str, JSON]) -> SetupT:
        """Check the setup part of a game log once and build the game's setup.

        `envelope` holds `players`, `first_dealer`, and where given `mode`, `house_rules` (a
        missing key is standard) and `start`. Raises FactError naming the field ("players.2",
        "house_rules.target", "start.points"). Default: a game without modes.
        """
        if envelope.get("mode") is not None:
            raise SHARED("mode", "NO_MODES")
        return self.setup_type.create(
            players=envelope.get("players"),
            first_dealer=envelope.get("first_dealer", 0),
            house_rules=envelope.get("house_rules"),
            start=envelope.get("start"),
        )

    def envelope(self, setup: SetupT) -> dict[str, JSON]:
        """The setup in game-log form: `mode` (games with modes), `house_rules` (every one),
        `players`, `first_dealer`, and `start` only when the game did not start from zero."""
        doc: dict[str, JSON] = {"mode": cast(_WithMode, setup).mode.key} if self.modes else {}
        players: list[JSON] = [*setup.players]
        doc |= {
            "house_rules": setup.rules.to_dict(),
            "players": players,
            "first_dealer": setup.first_dealer,
        }
        start = setup.start_to_dict()
        if start:
            doc["start"] = start
        return doc

    def changed_house_rules(self, setup: SetupT) -> dict[str, JSON]:
        values = self.envelope(setup).get("house_rules", {})
        return changed_rules(self.house_rules, values if isinstance(values, Mapping) else {})

    def mode_label(self, setup: SetupT) -> str:
        """How the header names the table: "4 players". A `Said` (its English text, keeping its
        template), so the shell says it in the reader's language: `{{ mode_label|said }}`. A table
        always has more than one player, so the message needs no singular."""
        return Said(gettext_noop("{players} players"), players=len(setup.players))

    def fact_words(self, setup: SetupT, facts: Mapping[str, JSON]) -> list[FactWord]:
        """A deal's facts (log form) in words: seats as names, each field labelled."""
        shapes = FactShapes(
            labels=self.fact_labels,
            seat=self.seat_facts | {self.dealer_field},
            seats=self.seats_facts,
            per_seat=self.per_seat_facts,
        )
        return fact_words(facts, setup.players, shapes, lambda k, v: self.fact_text(setup, k, v))

    def fact_text(self, setup: SetupT, key: str, value: JSON) -> str | None:
        """A deal field's value in words where the game says it its own way (a team by its
        name, a call of 0 as "no call"); None: as every game says it."""
        return None

    # ---- state ------------------------------------------------------------------------------

    def initial_state(self, setup: SetupT) -> StateT:
        return self.state_type.initial(setup)

    def state_to_cache(self, state: StateT) -> dict[str, JSON]:
        """The state as JSON-ready data, for the cache on the game."""
        return state.to_dict()

    def state_from_cache(self, data: Mapping[str, JSON], setup: SetupT) -> StateT:
        return self.state_type.from_dict(data)

    # The next three read a state with the usual end (`_Ending`) and a setup's winners
    # (`_Winners`); a game whose state has neither overrides them.

    def next_dealer(self, state: StateT) -> int | None:
        """Who deals (or starts) the next deal; None once the game is over, or when the rules
        leave it open (see `computed_state`)."""
        ending = cast(_Ending, state)
        return None if ending.finished else ending.dealer

    def next_first_dealer(self, setup: SetupT, state: StateT) -> int:
        """Who deals (or starts) the first deal of the next game at the same table (playing
        again). Default: the seat after this game's first dealer, as the deal passes on."""
        return (setup.first_dealer + 1) % len(setup.players)

    def is_finished(self, state: StateT) -> bool:
        return cast(_Ending, state).finished

    def winners(self, setup: SetupT, state: StateT) -> tuple[int, ...]:
        """The seats that won, () while the game goes on."""
        return cast(_Winners[SetupT], state).winners(setup)

    # ---- deals ------------------------------------------------------------------------------

    @abstractmethod
    def parse_deal(self, data: Mapping[str, JSON], setup: SetupT) -> FactsT:
        """One deal in game-log form (it may carry `dealer_field`) to the game's facts.
        Raises FactError (InvalidFacts for several) naming each wrong field."""

    def deal_to_log(self, facts: FactsT) -> dict[str, JSON]:
        """The facts back in game-log form, without the dealer (the rules give it)."""
        data = facts.to_dict()
        data.pop(self.dealer_field, None)
        return data

    @abstractmethod
    def score_deal(self, facts: FactsT, state: StateT, setup: SetupT) -> ResultT:
        """Score one deal against the state before it. Raises GameOver after the end,
        NotThisDealer for a wrong dealer, FactError for facts the rules refuse."""

    def open_deal(self, data: Mapping[str, JSON], state: StateT, setup: SetupT) -> Opening:
        """Check the facts recorded before the hand is played (only `opening_fields`)."""
        raise SHARED("deal", "ONE_STEP")

    # ---- what is shown and exported ---------------------------------------------------------

    def computed_deal(self, result: ResultT) -> dict[str, JSON]:
        """`computed.deals[i]` of the game log, `explanation` included."""
        o = result.outcome
        explanation: list[JSON] = [*o.explanation]
        return {
            "dealer": o.dealer,
            **_plain_fields(o, self.computed_deal_fields),
            "explanation": explanation,
        }

    def computed_state(self, setup: SetupT, state: StateT) -> dict[str, JSON]:
        """`computed.state` of the game log; a game with no set end has no end nor winners."""
        out: dict[str, JSON] = {**_plain_fields(state, self.computed_state_fields)}
        out["next_dealer"] = self.next_dealer(state)
        if not self.open_ended(setup):
            out["finished"] = self.is_finished(state)
            out["winners"] = list(self.winners(setup, state))
        return out

    @abstractmethod
    def standings(self, setup: SetupT, state: StateT) -> list[Standing]:
        """Each team (or player) with its headline score, best placed first is not required."""

    @abstractmethod
    def summary(self, setup: SetupT, state: StateT) -> str:
        """The score in a few characters, for lists and titles: "7–3", "320–150"."""

    @abstractmethod
    def headline(self, setup: SetupT, result: ResultT) -> str:
        """What one deal did, in a few words, for its row in the log: "+2 A"."""

    def outcome_text(self, setup: SetupT, result: ResultT) -> str:
        """What one deal did, said in full (what-if compares two): "Asha & Chetan +2"."""
        return self.headline(setup, result)

    # ---- a game stopped before its end (a game night's round on a clock) ----------------------

    def leads(self, setup: SetupT, state: StateT) -> list[Lead]:
        """Each side with its figure on the game's own measure, more being ahead: who leads a
        game stopped before its end, and the figure a game night adds up. Default: each
        standing's score where it is a number (0 where it is not); a game whose score is a
        name (a level) says its own number."""
        return [Lead(row.seats, _number(row.score)) for row in self.standings(setup, state)]

    def leaders(self, setup: SetupT, state: StateT) -> tuple[tuple[int, ...], ...]:
        """The sides ahead now on `leads`: one side leads; several level at the top share it
        (a draw between them); all level, nobody leads (a draw)."""
        rows = self.leads(setup, state)
        if not rows:
            return ()
        best = max(row.figure for row in rows)
        ahead = tuple(row.seats for row in rows if row.figure == best)
        return () if len(ahead) == len(rows) else ahead

    def target(self, setup: SetupT, state: StateT) -> int | str | None:
        """What a side plays to, in the game's own measure (12 or 13 balls, 500 points), for a
        room's screen; None for a game without one. Default: a house rule named `target`."""
        if self.open_ended(setup):
            return None
        target: int | str | None = getattr(setup.rules, "target", None)
        return target

    # ---- seasons: results, figures, ratings and charts (defaults from `standings`) ------------

    def season_name(self, setup: SetupT) -> str | None:
        """The name a season counts this game under when the table plays several games under
        this one kind (a scorepad's Hearts and Rummy, each its own standings and ratings); None:
        under the game's own name, as most games are."""
        return None

    def open_ended(self, setup: SetupT) -> bool:
        """No set end (Pottle; Zhao Pengyou with laps): play stops when the table likes, and a
        season counts such a game as it stands after its last deal."""
        return False

    def ranking(self, setup: SetupT, state: StateT) -> Match:
        """The final order of a finished (or open-ended) game: each standing's team and place.
        Default: the winners first and everyone else second; without winners, by score."""
        rows = self.standings(setup, state)
        teams = tuple(row.seats for row in rows)
        if any(row.won for row in rows):
            return Match(teams, tuple(1 if row.won else 2 for row in rows))
        scores = [row.score if isinstance(row.score, int) else 0 for row in rows]
        return Match.by_score(teams, scores)

    def rating_matches(
        self, setup: SetupT, deals: list[ReplayedDeal[ResultT]], state: StateT
    ) -> list[Match]:
        """The contests a game's skill ratings learn from, in order. Default: the game's final
        ranking, one contest per game."""
        return [self.ranking(setup, state)]

    def season_figures(
        self, setup: SetupT, deals: list[ReplayedDeal[ResultT]], state: StateT
    ) -> dict[int, dict[str, int]]:
        """Each seat's own numbers from one game, added up in season standings. Default: the
        whole-number figures of the seat's standing (a team's figures go to each partner)."""
        out: dict[int, dict[str, int]] = {}
        for row in self.standings(setup, state):
            figures = {
                key: value
                for key, value in row.figures.items()
                if isinstance(value, int) and not isinstance(value, bool)
            }
            for seat in row.seats:
                out[seat] = dict(figures)
        return out

    def progression(self, setup: SetupT, deals: list[ReplayedDeal[ResultT]]) -> Progression:
        """Each standing's headline score before the first deal and after every deal.
        Default: `standings` score (games whose score is not a number override this)."""
        after = (cast(StateT, deal.result.after) for deal in deals)  # the game's own state
        states = [self.initial_state(setup), *after]
        tables = [self.standings(setup, state) for state in states]
        series = tuple(
            Series(row.name, tuple(_number(table[i].score) for table in tables))
            for i, row in enumerate(tables[0])
        )
        return Progression(self.progress_measure, series)

    def replay(
        self, setup: SetupT, deals: Iterable[Mapping[str, JSON] | FactsT]
    ) -> tuple[list[ReplayedDeal[ResultT]], StateT]:
        """Score every deal in order (see `replay` below)."""
        return replay(self, setup, deals)


# A game whose own types the caller does not know (the registry, the game log, a season): it
# only hands a hook what another hook of the same game gave it.
AnyGameRules: TypeAlias = GameRules[Any, Any, Any, Any]


def replay(
    rules: GameRules[SetupT, StateT, FactsT, ResultT],
    setup: SetupT,
    deals: Iterable[Mapping[str, JSON] | FactsT],
    seated: Callable[[int], SetupT] | None = None,
) -> tuple[list[ReplayedDeal[ResultT]], StateT]:
    """Score every deal in order from the initial state. Each deal is log-form data or facts
    already parsed. A bad deal raises FactError naming its number (1-based) and field.
    `seated(number)`: the setup with the names of who played each seat in that deal (someone
    took over a seat during the game), for what its explanation says; scores count seats."""
    state = rules.initial_state(setup)
    out: list[ReplayedDeal[ResultT]] = []
    for number, deal in enumerate(deals, start=1):
        at = seated(number) if seated is not None else setup
        try:
            # Whatever the log holds goes to parse_deal, which refuses what is no deal object.
            facts = rules.parse_deal(cast(Mapping[str, JSON], deal), at) if _is_json(deal) else deal
            result = rules.score_deal(cast(FactsT, facts), state, at)
        except FactError as e:
            raise e.at_deal(number) from None
        out.append(ReplayedDeal(number, result))
        state = cast(StateT, result.after)  # a game's result holds the game's own state
    return out, state


def _plain_fields(value: object, names: tuple[str, ...]) -> dict[str, JSON]:
    """The named attributes as JSON-ready data: tuples as lists."""
    out: dict[str, JSON] = {}
    for name in names:
        field = getattr(value, name)
        out[name] = list(field) if isinstance(field, tuple) else field
    return out


def _number(score: int | str) -> int:
    return score if isinstance(score, int) else 0


def _is_json(value: object) -> bool:
    """Log-form data (anything JSON holds), as opposed to a game's parsed facts."""
    return value is None or isinstance(value, Mapping | list | str | int | float | bool)
