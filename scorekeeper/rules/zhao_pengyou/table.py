"""The cards for each number of players: the rules text's two tables, decoded.

One row per player count (5 to 12): packs, jokers, cards per player, the kitty, and how the
trump maker's team is formed. `deck()` works out a deal for house rules that change the packs
or the kitty.
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_COUNTS: tuple[int, ...] = tuple(range(5, 13))
CARDS_PER_PACK = 52
POINTS_PER_PACK = 100  # four Kings and four Tens at 10, four Fives at 5


@dataclass(frozen=True)
class PlayerCount:
    """One column of the rules text's tables."""

    players: int
    packs: int
    red_jokers: int
    black_jokers: int
    cards_per_player: int
    kitty: int
    max_team: int  # the trump maker's team at its largest, the trump maker included
    min_defenders: int
    cards_called: int

    @property
    def jokers(self) -> int:
        return self.red_jokers + self.black_jokers

    @property
    def total_cards(self) -> int:
        return self.packs * CARDS_PER_PACK + self.jokers


TABLE: dict[int, PlayerCount] = {
    row.players: row
    for row in (
        #           players packs red black each kitty team defenders called
        PlayerCount(5, 2, 2, 2, 20, 8, 2, 3, 1),
        PlayerCount(6, 2, 2, 2, 17, 6, 3, 3, 2),
        PlayerCount(7, 2, 0, 0, 14, 6, 3, 4, 2),
        PlayerCount(8, 3, 2, 0, 19, 6, 4, 4, 3),
        PlayerCount(9, 3, 3, 0, 17, 6, 4, 5, 3),
        PlayerCount(10, 3, 0, 0, 15, 6, 5, 5, 4),
        PlayerCount(11, 3, 2, 2, 14, 6, 5, 6, 4),
        PlayerCount(12, 4, 2, 0, 17, 6, 6, 6, 5),
    )
}


def row_for(players: int) -> PlayerCount:
    """The table's column for that many players. Raises KeyError outside 5..12."""
    return TABLE[players]


@dataclass(frozen=True)
class Deck:
    """How the cards are made up for one table: the standard row, or worked out for house rules.

    `red_jokers`/`black_jokers` are None when the app only knows how many jokers, not which;
    `removed` is the number of cards worth nothing (Twos, say) taken out so the deal comes out
    even when the packs' jokers are not enough.
    """

    packs: int
    jokers: int
    red_jokers: int | None
    black_jokers: int | None
    removed: int
    cards_per_player: int
    kitty: int

    @property
    def total_cards(self) -> int:
        return self.packs * CARDS_PER_PACK + self.jokers - self.removed


def deck(players: int, packs: int, kitty: int) -> Deck:
    """The cards for `players` with `packs` packs and a kitty of `kitty` cards.

    With the table's packs and kitty this is the table's row. Otherwise the fewest jokers (at
    most two per pack, one red and one black) that let every player take the same number of
    cards; when no number of jokers does, no jokers and the fewest worthless cards taken out.
    """
    row = TABLE[players]
    if packs == row.packs and kitty == row.kitty:
        return Deck(
            packs,
            row.jokers,
            row.red_jokers,
            row.black_jokers,
            0,
            row.cards_per_player,
            kitty,
        )
    plain = packs * CARDS_PER_PACK - kitty
    for jokers in range(0, 2 * packs + 1):
        if (plain + jokers) % players == 0:
            return Deck(packs, jokers, None, None, 0, (plain + jokers) // players, kitty)
    removed = plain % players
    return Deck(packs, 0, None, None, removed, plain // players, kitty)
