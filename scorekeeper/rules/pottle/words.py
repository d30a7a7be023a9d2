"""Turns the steps of a Pottle deal into the explanation lines players read.

Numbers in, sentences out. Each line's `rule` is the id of a section of the rules page
(templates/rules/pottle.html); `RULE_ANCHORS` lists every one this module uses. Its words come
from the English templates below, kept in `data["template"]` so that the shell can say the line
in the reader's language (see scorekeeper.core.explain); names and numbers go in only as
placeholders.
"""

from __future__ import annotations

from scorekeeper.core.explain import (
    LIST_SEMICOLON,
    Line,
    Said,
    by_count,
    gettext_noop,
    line,
    listed,
)
from scorekeeper.core.tricks.words import OPENING_TRUMPS, SeatWords

from .setup import Setup

RULE_ANCHORS: tuple[str, ...] = (
    "buying",
    "ante",
    "bidding",
    "trumps",
    "tricks",
    "pot",
    "dealing",
)

# The trump suits as the lines name them (no trumps has sentences of its own).
SUITS = {
    "hearts": gettext_noop("hearts"),
    "clubs": gettext_noop("clubs"),
    "diamonds": gettext_noop("diamonds"),
    "spades": gettext_noop("spades"),
}

# Translators: one purchase in "Before the ante: Asha buys 2 chips; Bo buys 1 chip."
BUYS_ONE = gettext_noop("{name} buys 1 chip")
BUYS = gettext_noop("{name} buys {chips} chips")
BOUGHT = gettext_noop("Before the ante: {purchases}.")

ANTE_ONE = gettext_noop("Everyone antes 1 chip: the pot is {pot}.")
ANTE = gettext_noop("Everyone antes {ante} chips: the pot is {pot}.")
ANTE_ONE_CARRIED = gettext_noop(
    "Everyone antes 1 chip; with {carried} carried over, the pot is {pot}."
)
ANTE_CARRIED = gettext_noop(
    "Everyone antes {ante} chips; with {carried} carried over, the pot is {pot}."
)
OPENING_POT = gettext_noop("Pot {pot} after the antes")
OPENING_POT_CARRIED = gettext_noop("Pot {pot} after the antes ({carried} carried over)")

# Translators: {bid_list} is each player's name and bid, "Asha 3, Bo 2, Cy 4".
BIDS = gettext_noop("Bids, from the dealer's left: {bid_list}.")

TRUMPS = gettext_noop("{name} bid highest ({bid}) and chose trumps.")
TRUMPS_SUIT = gettext_noop("{name} bid highest ({bid}) and chose trumps: {suit}.")
TRUMPS_NO_TRUMPS = gettext_noop("{name} bid highest ({bid}) and chose trumps: no trumps.")
TRUMPS_FIRST = gettext_noop("{name} was the first to bid {bid}, the highest bid, and chose trumps.")
TRUMPS_FIRST_SUIT = gettext_noop(
    "{name} was the first to bid {bid}, the highest bid, and chose trumps: {suit}."
)
TRUMPS_FIRST_NO_TRUMPS = gettext_noop(
    "{name} was the first to bid {bid}, the highest bid, and chose trumps: no trumps."
)
OPENING_TRUMPS_SUIT = gettext_noop("{name} bids {bid} and chooses trumps: {suit}")
OPENING_TRUMPS_NO_TRUMPS = gettext_noop("{name} bids {bid} and chooses trumps: no trumps")

NOBODY_MADE = gettext_noop("Nobody took exactly the tricks they bid.")
# Translators: {made_list} is each name with the bid made, "Asha (3), Cy (2)".
MADE = gettext_noop("Made their bid exactly: {made_list}.")
# Translators: one player in "Missed: Bo (bid 2, took 3), Dev (bid 1, took 0)."
MISSED_ONE = gettext_noop("{name} (bid {bid}, took {tricks})")
MISSED = gettext_noop("Missed: {missed_list}.")

# The pot always holds an ante from each of 3 to 7 players, so it is never a single chip.
POT_WON = gettext_noop(
    "{name} made {bid} exactly, the highest bid made, and wins the pot: +{pot} chips."
)
POT_TIED_TWO = gettext_noop(
    "{names} both made {bid}, the highest bid made: only one player can win the pot, so its "
    "{pot} chips carry to the next deal."
)
POT_TIED = gettext_noop(
    "{names} all made {bid}, the highest bid made: only one player can win the pot, so its "
    "{pot} chips carry to the next deal."
)
POT_NOBODY = gettext_noop(
    "Nobody made their bid, so the pot of {pot} chips carries to the next deal."
)

DEALER_WINNER = gettext_noop("{name} won the pot and deals next.")
DEALER_AGAIN = gettext_noop("Nobody won the pot: {name} deals again.")
DEALER_LEFT = gettext_noop(
    "Nobody won the pot: the deal passes to {name}, on {dealer_name}'s left."
)

# The log's headline for a deal nobody won (a winner's is their name and chips: "Asha +12").
HEADLINE_CARRIED = gettext_noop("pot {pot} carried")
# The score in a few characters, when the pot holds chips: "12–8–10, pot 6".
SUMMARY_POT = gettext_noop("{chips}, pot {pot}")


def chips_word(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def trumps_template(trumps: str | None, none: str, no_trumps: str, suit: str) -> str:
    if not trumps:
        return none
    return no_trumps if trumps == "no-trumps" else suit


class Words(SeatWords):
    setup: Setup

    def suit(self, trumps: str | None) -> str:
        return Said(SUITS[trumps]) if trumps and trumps != "no-trumps" else ""

    def bought(self, bought: tuple[int, ...], order: tuple[int, ...]) -> Line:
        parts = [
            Said(by_count(bought[s], BUYS, one=BUYS_ONE), name=self.name(s), chips=bought[s])
            for s in order
            if bought[s]
        ]
        return line(
            "bought",
            BOUGHT,
            "buying",
            sum(bought),
            chips_bought=list(bought),
            purchases=listed(parts, last=LIST_SEMICOLON, sep=LIST_SEMICOLON),
        )

    def ante(self, ante: int, carried: int, pot: int) -> Line:
        if carried:
            template = by_count(ante, ANTE_CARRIED, one=ANTE_ONE_CARRIED)
        else:
            template = by_count(ante, ANTE, one=ANTE_ONE)
        return line("ante", template, "ante", pot, ante=ante, carried=carried, pot=pot)

    def opening_pot(self, pot: int, carried: int) -> Line:
        template = OPENING_POT_CARRIED if carried else OPENING_POT
        return line("ante", template, "ante", pot, carried=carried, pot=pot)

    def bids(self, bids: tuple[int, ...], order: tuple[int, ...]) -> Line:
        parts = [f"{self.name(s)} {bids[s]}" for s in order]
        return line("bids", BIDS, "bidding", bids=list(bids), bid_list=listed(parts))

    def trumps(self, chooser: int, bids: tuple[int, ...], trumps: str | None) -> Line:
        top = bids[chooser]
        same = [s for s in range(self.setup.seats) if bids[s] == top]
        if len(same) == 1:
            template = trumps_template(trumps, TRUMPS, TRUMPS_NO_TRUMPS, TRUMPS_SUIT)
        else:
            template = trumps_template(
                trumps, TRUMPS_FIRST, TRUMPS_FIRST_NO_TRUMPS, TRUMPS_FIRST_SUIT
            )
        return line(
            "trumps",
            template,
            "trumps",
            top,
            seat=chooser,
            trumps=trumps,
            name=self.name(chooser),
            bid=top,
            suit=self.suit(trumps),
        )

    def opening_trumps(self, chooser: int, bids: tuple[int, ...], trumps: str | None) -> Line:
        template = trumps_template(
            trumps, OPENING_TRUMPS, OPENING_TRUMPS_NO_TRUMPS, OPENING_TRUMPS_SUIT
        )
        return line(
            "trumps",
            template,
            "trumps",
            bids[chooser],
            seat=chooser,
            name=self.name(chooser),
            bid=bids[chooser],
            suit=self.suit(trumps),
        )

    def made(self, made: list[int], bids: tuple[int, ...]) -> Line:
        if not made:
            return line("made", NOBODY_MADE, "tricks")
        parts = [f"{self.name(s)} ({bids[s]})" for s in made]
        return line("made", MADE, "tricks", seats=list(made), made_list=listed(parts))

    def missed(self, missed: list[int], bids: tuple[int, ...], tricks: tuple[int, ...]) -> Line:
        parts = [Said(MISSED_ONE, name=self.name(s), bid=bids[s], tricks=tricks[s]) for s in missed]
        return line("missed", MISSED, "tricks", seats=list(missed), missed_list=listed(parts))

    def pot_won(self, winner: int, bid: int, pot: int) -> Line:
        return line(
            "pot_won", POT_WON, "pot", pot, winner=winner, name=self.name(winner), bid=bid, pot=pot
        )

    def pot_tied(self, tied: list[int], bid: int, pot: int) -> Line:
        return line(
            "pot_carried",
            by_count(len(tied), POT_TIED, two=POT_TIED_TWO),
            "pot",
            pot,
            tied=list(tied),
            names=self.names(tied),
            bid=bid,
            pot=pot,
        )

    def pot_nobody(self, pot: int) -> Line:
        return line("pot_carried", POT_NOBODY, "pot", pot, tied=[], pot=pot)

    def next_dealer(self, dealer: int, next_dealer: int, winner: int | None) -> Line:
        if winner is not None:
            template, name = DEALER_WINNER, self.name(winner)
        elif next_dealer == dealer:
            template, name = DEALER_AGAIN, self.name(dealer)
        else:
            template, name = DEALER_LEFT, self.name(next_dealer)
        return line(
            "dealer",
            template,
            "dealing",
            next_dealer=next_dealer,
            name=name,
            dealer_name=self.name(dealer),
        )


def headline_carried(pot: int) -> Said:
    return Said(HEADLINE_CARRIED, pot=pot)


def chips_summary(chips: tuple[int, ...], pot: int) -> str:
    """The score in a few characters: every player's chips, and the pot when it holds any."""
    said = "–".join(str(c) for c in chips)
    return Said(SUMMARY_POT, chips=said, pot=pot) if pot else said
