"""Seats for each round of a game night, drawn from who is here (pure Python, no Django).

A round cuts the players present into tables of a size the game allows, as many playing as can,
tables as even as possible. When the numbers do not divide, the sit-outs go to those who have sat
out least so far, so nobody sits out twice before everyone has once.

Partnership games (partners at seats of the same parity, as `GameRules.fixed_teams` says) rotate
partners and opponents:
- where the numbers allow a round-robin (the same players every round, tables of four, none
  sitting out, fewer rounds than players), partners come from the circle method's perfect
  matchings, so nobody partners anyone twice in the first n - 1 rounds; the pairs are then put
  together at tables so that opponents repeat as little as possible;
- otherwise a draw that minimises repeats: random seatings improved by swapping two players while
  that lowers the cost (a repeated partner weighs far more than a repeated opponent), from several
  random starts, the best kept.
Games without partners (Pottle, Zhao Pengyou, whose teams change every deal) minimise how often
two players have shared a table.

Later rounds may seat by the night's standings instead (Swiss): leaders with leaders, and within
each table the partners that repeat least. Everything is deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

PARTNER_WEIGHT = 100  # one repeated partner costs as much as a hundred repeated opponents
RESTARTS = 12
# Past this many players a draw starts from fewer random seatings (at least three), so that a
# round for hundreds stays well under a second; each start already searches far more swaps.
RESTARTS_UP_TO = 48


def restarts_for(players: int) -> int:
    return RESTARTS if players <= RESTARTS_UP_TO else max(3, RESTARTS * RESTARTS_UP_TO // players)


@dataclass(frozen=True)
class TableShape:
    """The tables a game is played at: the sizes it allows and whether partners are fixed.
    `extra`: sizes of another mode mixed in only where they keep fewer people out (6-player
    tables among 4-player ones)."""

    sizes: tuple[int, ...]
    fixed_teams: bool = False
    extra: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.sizes or min(self.sizes + self.extra) < 2:
            raise ValueError(f"a table needs at least two seats, not {self.sizes!r}")


@dataclass(frozen=True)
class Round:
    """One round's seating: each table's players in seat order, and who sits out."""

    tables: tuple[tuple[str, ...], ...]
    sitting_out: tuple[str, ...] = ()

    def players(self) -> list[str]:
        return [p for table in self.tables for p in table]


def pair(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def partners_at(table: Sequence[str], fixed_teams: bool) -> list[frozenset[str]]:
    if not fixed_teams:
        return []
    return [pair(a, b) for (i, a), (j, b) in combinations(enumerate(table), 2) if i % 2 == j % 2]


def opponents_at(table: Sequence[str], fixed_teams: bool) -> list[frozenset[str]]:
    """Pairs who play against each other (in games without partners: everyone at the table)."""
    return [
        pair(a, b)
        for (i, a), (j, b) in combinations(enumerate(table), 2)
        if not fixed_teams or i % 2 != j % 2
    ]


@dataclass
class Meetings:
    """How often, over the rounds so far, two players partnered or met, and each sat out."""

    partnered: Counter[frozenset[str]]
    opposed: Counter[frozenset[str]]
    sat_out: Counter[str]

    @classmethod
    def of(cls, rounds: Iterable[Round], fixed_teams: bool) -> Meetings:
        partnered: Counter[frozenset[str]] = Counter()
        opposed: Counter[frozenset[str]] = Counter()
        sat_out: Counter[str] = Counter()
        for played in rounds:
            for table in played.tables:
                partnered.update(partners_at(table, fixed_teams))
                opposed.update(opponents_at(table, fixed_teams))
            sat_out.update(played.sitting_out)
        return cls(partnered, opposed, sat_out)

    def table_cost(self, table: Sequence[str], fixed_teams: bool) -> int:
        # Squared: a pair meeting a fourth time costs more than three pairs meeting a second time.
        cost = sum(self.opposed[p] ** 2 for p in opponents_at(table, fixed_teams))
        partners = sum(self.partnered[p] ** 2 for p in partners_at(table, fixed_teams))
        return cost + PARTNER_WEIGHT * partners


def split(count: int, shape: TableShape) -> tuple[list[int], int]:
    """Table sizes for `count` players and how many sit out: the fewest sit out, then the
    fewest tables (bigger tables), sizes as even as possible (largest first). Tables of the
    `extra` sizes only where they let more play, as few of them as that takes."""
    for out in range(count + 1):
        playing = count - out
        sizes = even_split(playing, shape.sizes)
        if sizes is None and shape.extra:
            sizes = mixed_split(playing, shape.sizes, shape.extra)
        if sizes:
            return sizes, out
    return [], count


def even_split(playing: int, allowed_sizes: Sequence[int]) -> list[int] | None:
    """`playing` people at tables of the allowed sizes, the fewest tables, as even as possible."""
    allowed = set(allowed_sizes)
    smallest, largest = min(allowed), max(allowed)
    if playing < smallest:
        return None
    for tables in range(-(-playing // largest), playing // smallest + 1):
        base, extra = divmod(playing, tables)
        sizes = [base + 1] * extra + [base] * (tables - extra)
        if all(size in allowed for size in sizes):
            return sizes
    return None


def mixed_split(playing: int, main: Sequence[int], extra: Sequence[int]) -> list[int] | None:
    """The fewest tables of the extra sizes (then the fewest tables) with which everyone of
    `playing` sits at a table; the rest at the main sizes, evenly."""
    for count in range(1, playing // min(extra) + 1):
        found = []
        for combo in combinations_with_replacement(sorted(set(extra), reverse=True), count):
            rest = playing - sum(combo)
            rest_sizes = [] if rest == 0 else even_split(rest, main) if rest > 0 else None
            if rest_sizes is not None:
                found.append(sorted([*rest_sizes, *combo], reverse=True))
        if found:
            return min(found, key=len)
    return None


def choose_sit_outs(players: Sequence[str], out: int, meetings: Meetings, rng: random.Random):
    """Those who have sat out least so far (ties drawn by lot)."""
    lots = {p: rng.random() for p in players}
    return sorted(players, key=lambda p: (meetings.sat_out[p], lots[p]))[:out]


def cut(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    tables, at = [], 0
    for size in sizes:
        tables.append(list(order[at : at + size]))
        at += size
    return tables


def weights(players: Sequence[str], meetings: Meetings, fixed_teams: bool):
    """The cost of each two players as partners and as opponents, as lists by index (the swap
    search reads them millions of times for hundreds of players)."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    as_partners = [[0] * n for _ in range(n)]
    as_opponents = [[0] * n for _ in range(n)]
    for counts, grid, weight in (
        (meetings.partnered, as_partners, PARTNER_WEIGHT),
        (meetings.opposed, as_opponents, 1),
    ):
        for key, times in counts.items():
            if len(key) == 2 and all(p in index for p in key):
                i, j = (index[p] for p in key)
                grid[i][j] = grid[j][i] = weight * times**2
    return index, (as_partners if fixed_teams else as_opponents), as_opponents


def improve(tables: list[list[str]], meetings: Meetings, fixed_teams: bool) -> int:
    """Swap two players (between tables, or across teams at one table) while it lowers the
    cost; returns the cost reached.

    A swap changes only the pairs that involve the two players, and no pair costs less than
    nothing: when neither player has a repeat where they sit ("cold"), no swap of the two can
    lower the cost, so it is not tried. The swaps kept are the same as when every two seats are
    tried, in the same order; with hundreds of players most seats are cold.
    """
    everyone = [p for table in tables for p in table]
    index, same_team, other_team = weights(everyone, meetings, fixed_teams)
    grid = [[index[p] for p in table] for table in tables]  # players by index, seat by seat

    def involving(t: int, s: int, who: int, skip: int) -> int:
        """What `who` would cost sitting at seat s of table t (seat `skip` left out)."""
        row, total, parity = grid[t], 0, s % 2
        partners, opponents = same_team[who], other_team[who]
        for x, other in enumerate(row):
            if x != s and x != skip:
                total += partners[other] if x % 2 == parity else opponents[other]
        return total

    seats = [(t, s) for t, table in enumerate(grid) for s in range(len(table))]
    first_seat = [0] * len(grid)
    for i in range(len(seats) - 1, -1, -1):
        first_seat[seats[i][0]] = i
    here = [0] * len(seats)  # what each seat's player costs where they sit

    def heat(t: int) -> None:
        for s, who in enumerate(grid[t]):
            here[first_seat[t] + s] = involving(t, s, who, -1)

    for t in range(len(grid)):
        heat(t)
    better = True
    while better:
        better = False
        for i, j in combinations(range(len(seats)), 2):
            if not (here[i] or here[j]):
                continue  # neither has a repeat here: no swap of the two lowers the cost
            (ta, sa), (tb, sb) = seats[i], seats[j]
            if ta == tb and (not fixed_teams or sa % 2 == sb % 2):
                continue  # the same table and team: nothing changes
            a, b = grid[ta][sa], grid[tb][sb]
            if ta == tb:  # across teams at one table: the two stay opponents
                old = involving(ta, sa, a, sb) + involving(tb, sb, b, sa)
                new = involving(ta, sa, b, sb) + involving(tb, sb, a, sa)
            else:
                old = here[i] + here[j]
                new = involving(ta, sa, b, -1)
                if new >= old:
                    continue
                new += involving(tb, sb, a, -1)
            if new < old:
                grid[ta][sa], grid[tb][sb] = b, a
                tables[ta][sa], tables[tb][sb] = tables[tb][sb], tables[ta][sa]
                heat(ta)
                if tb != ta:
                    heat(tb)
                better = True
    return sum(meetings.table_cost(t, fixed_teams) for t in tables)


def circle_matching(order: Sequence[str], turn: int) -> list[tuple[str, str]]:
    """Round `turn` of the circle method: over turns 0..n-2 everyone partners everyone once."""
    n = len(order)
    fixed, ring = order[0], list(order[1:])
    shift = turn % (n - 1)
    ring = ring[shift:] + ring[:shift]
    pairs = [(fixed, ring[0])]
    pairs += [(ring[i], ring[n - 1 - i]) for i in range(1, n // 2)]
    return pairs


def tables_of_pairs(
    pairs: list[tuple[str, str]], meetings: Meetings, rng: random.Random
) -> list[list[str]]:
    """Partner pairs put two by two at tables of four (seats A1 B1 A2 B2), opponents repeating
    least: the pairs' grouping improved by swapping two pairs between tables."""

    def seat(p: tuple[str, str], q: tuple[str, str]) -> list[str]:
        return [p[0], q[0], p[1], q[1]]

    best: tuple[int, list[list[str]]] | None = None
    for _ in range(restarts_for(2 * len(pairs))):
        order = pairs[:]
        rng.shuffle(order)
        groups = [[order[i], order[i + 1]] for i in range(0, len(order), 2)]
        costs = [meetings.table_cost(seat(*group), True) for group in groups]
        better = True
        while better:
            better = False
            for g, h in combinations(range(len(groups)), 2):
                for x in range(2):
                    for y in range(2):
                        if not (costs[g] or costs[h]):
                            continue  # two tables without a repeat: no swap lowers the cost
                        groups[g][x], groups[h][y] = groups[h][y], groups[g][x]
                        after_g = meetings.table_cost(seat(*groups[g]), True)
                        after_h = meetings.table_cost(seat(*groups[h]), True)
                        if after_g + after_h < costs[g] + costs[h]:
                            costs[g], costs[h] = after_g, after_h
                            better = True
                        else:
                            groups[g][x], groups[h][y] = groups[h][y], groups[g][x]
        tables = [seat(*g) for g in groups]
        cost = sum(meetings.table_cost(t, True) for t in tables)
        if best is None or cost < best[0]:
            best = (cost, tables)
    assert best is not None
    return best[1]


def draw_round(
    present: Sequence[str],
    earlier: Sequence[Round],
    shape: TableShape,
    seed: int | str,
    night_order: Sequence[str] | None = None,
) -> Round:
    """The next round's seats for the players present, after the rounds already played.

    `night_order` is the night's fixed order of its players (for the round-robin): when everyone
    in it is present, tables are of four, nobody sits out and the round-robin has rounds left,
    partners come from it.
    """
    players = list(dict.fromkeys(present))
    rng = random.Random(f"{seed}:{len(earlier)}")
    meetings = Meetings.of(earlier, shape.fixed_teams)
    sizes, out = split(len(players), shape)
    if not sizes:
        return Round((), tuple(players))
    sitting_out = choose_sit_outs(players, out, meetings, rng)
    playing = [p for p in players if p not in sitting_out]
    turn = len(earlier)
    if (
        shape.fixed_teams
        and set(sizes) == {4}
        and night_order is not None
        and sorted(night_order) == sorted(playing)
        and turn < len(playing) - 1
    ):
        # The round-robin guarantees new partners; a draw often also finds fewer repeated
        # opponents: the cheaper of the two is kept.
        robin = tables_of_pairs(circle_matching(list(night_order), turn), meetings, rng)
        drawn = best_draw(playing, sizes, meetings, shape.fixed_teams, rng)
        tables = min(robin, drawn, key=lambda ts: cost_of(ts, meetings, shape.fixed_teams))
    else:
        tables = best_draw(playing, sizes, meetings, shape.fixed_teams, rng)
    return Round(tuple(tuple(t) for t in tables), tuple(sitting_out))


def cost_of(tables: Sequence[Sequence[str]], meetings: Meetings, fixed_teams: bool) -> int:
    return sum(meetings.table_cost(t, fixed_teams) for t in tables)


def best_draw(
    playing: list[str],
    sizes: list[int],
    meetings: Meetings,
    fixed_teams: bool,
    rng: random.Random,
) -> list[list[str]]:
    best: tuple[int, list[list[str]]] | None = None
    for _ in range(restarts_for(len(playing))):
        order = playing[:]
        rng.shuffle(order)
        tables = cut(order, sizes)
        cost = improve(tables, meetings, fixed_teams)
        if best is None or cost < best[0]:
            best = (cost, tables)
        if cost == 0:
            break
    assert best is not None
    return best[1]


def seat_by_standings(
    ranked: Sequence[str], earlier: Sequence[Round], shape: TableShape, seed: int | str
) -> Round:
    """Swiss: the players in the night's standings order (leaders first), leaders with leaders.
    Sit-outs as in a draw; within each table, the seating whose partners repeat least."""
    players = list(dict.fromkeys(ranked))
    rng = random.Random(f"swiss:{seed}:{len(earlier)}")
    meetings = Meetings.of(earlier, shape.fixed_teams)
    sizes, out = split(len(players), shape)
    sitting_out = set(choose_sit_outs(players, out, meetings, rng))
    playing = [p for p in players if p not in sitting_out]
    tables = []
    for group in cut(playing, sizes):
        tables.append(
            min(
                seatings(group, shape.fixed_teams),
                key=lambda t: meetings.table_cost(t, shape.fixed_teams),
            )
        )
    return Round(tuple(tuple(t) for t in tables), tuple(p for p in players if p in sitting_out))


def seatings(group: list[str], fixed_teams: bool) -> list[list[str]]:
    """The distinct ways to seat a group when partners matter (the first player's team fixed)."""
    if not fixed_teams:
        return [group]
    first, rest = group[0], group[1:]
    half = len(group) // 2 + len(group) % 2
    out = []
    for mates in combinations(rest, half - 1):
        team = [first, *mates]
        others = [p for p in rest if p not in mates]
        seats = []
        for i in range(len(group)):
            seats.append(team[i // 2] if i % 2 == 0 else others[i // 2])
        out.append(seats)
    return out


def swap(played: Round, a: str, b: str) -> Round:
    """The organiser's swap of two people before a round starts (either may be sitting out)."""

    def moved(p: str) -> str:
        return b if p == a else a if p == b else p

    everyone = played.players() + list(played.sitting_out)
    if a not in everyone or b not in everyone:
        raise ValueError(f"{a!r} or {b!r} is not in this round")
    return Round(
        tuple(tuple(moved(p) for p in t) for t in played.tables),
        tuple(moved(p) for p in played.sitting_out),
    )
