"""Turns the steps of a Pottle deal into the explanation lines players read: numbers in,
the sentences of words.toml (`W`) out, to be said in the reader's language (each line keeps its
template: scorekeeper.core.explain).

`RULE_ANCHORS` lists the sections of the rules page rules/pottle.html these lines link to.
"""

from __future__ import annotations

from scorekeeper.core.explain import LIST_SEMICOLON, Line, Said, by_count, line, listed
from scorekeeper.core.sentences import sentences
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

W = sentences(__package__)  # this game's sentences (words.toml)


def trumps_template(trumps: str | None, none: str, no_trumps: str, suit: str) -> str:
    if not trumps:
        return none
    return no_trumps if trumps == "no-trumps" else suit


class Words(SeatWords[Setup]):
    setup: Setup

    def suit(self, trumps: str | None) -> str:
        return Said(W.SUITS[trumps]) if trumps and trumps != "no-trumps" else ""

    def bought(self, bought: tuple[int, ...], order: tuple[int, ...]) -> Line:
        parts = [
            Said(by_count(bought[s], W.BUYS, one=W.BUYS_ONE), name=self.name(s), chips=bought[s])
            for s in order
            if bought[s]
        ]
        return line(
            "bought",
            W.BOUGHT,
            "buying",
            sum(bought),
            chips_bought=list(bought),
            purchases=listed(parts, last=LIST_SEMICOLON, sep=LIST_SEMICOLON),
        )

    def ante(self, ante: int, carried: int, pot: int) -> Line:
        if carried:
            template = by_count(ante, W.ANTE_CARRIED, one=W.ANTE_ONE_CARRIED)
        else:
            template = by_count(ante, W.ANTE, one=W.ANTE_ONE)
        return line("ante", template, "ante", pot, ante=ante, carried=carried, pot=pot)

    def opening_pot(self, pot: int, carried: int) -> Line:
        template = W.OPENING_POT_CARRIED if carried else W.OPENING_POT
        return line("ante", template, "ante", pot, carried=carried, pot=pot)

    def bids(self, bids: tuple[int, ...], order: tuple[int, ...]) -> Line:
        parts = [f"{self.name(s)} {bids[s]}" for s in order]
        return line("bids", W.BIDS, "bidding", bids=list(bids), bid_list=listed(parts))

    def trumps(self, chooser: int, bids: tuple[int, ...], trumps: str | None) -> Line:
        top = bids[chooser]
        same = [s for s in range(self.setup.seats) if bids[s] == top]
        if len(same) == 1:
            template = trumps_template(trumps, W.TRUMPS, W.TRUMPS_NO_TRUMPS, W.TRUMPS_SUIT)
        else:
            template = trumps_template(
                trumps, W.TRUMPS_FIRST, W.TRUMPS_FIRST_NO_TRUMPS, W.TRUMPS_FIRST_SUIT
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
            trumps, OPENING_TRUMPS, W.OPENING_TRUMPS_NO_TRUMPS, W.OPENING_TRUMPS_SUIT
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
            return line("made", W.NOBODY_MADE, "tricks")
        parts = [f"{self.name(s)} ({bids[s]})" for s in made]
        return line("made", W.MADE, "tricks", seats=list(made), made_list=listed(parts))

    def missed(self, missed: list[int], bids: tuple[int, ...], tricks: tuple[int, ...]) -> Line:
        parts = [
            Said(W.MISSED_ONE, name=self.name(s), bid=bids[s], tricks=tricks[s]) for s in missed
        ]
        return line("missed", W.MISSED, "tricks", seats=list(missed), missed_list=listed(parts))

    def pot_won(self, winner: int, bid: int, pot: int) -> Line:
        return line(
            "pot_won",
            W.POT_WON,
            "pot",
            pot,
            winner=winner,
            name=self.name(winner),
            bid=bid,
            pot=pot,
        )

    def pot_tied(self, tied: list[int], bid: int, pot: int) -> Line:
        return line(
            "pot_carried",
            by_count(len(tied), W.POT_TIED, two=W.POT_TIED_TWO),
            "pot",
            pot,
            tied=list(tied),
            names=self.names(tied),
            bid=bid,
            pot=pot,
        )

    def pot_nobody(self, pot: int) -> Line:
        return line("pot_carried", W.POT_NOBODY, "pot", pot, tied=[], pot=pot)

    def next_dealer(self, dealer: int, next_dealer: int, winner: int | None) -> Line:
        if winner is not None:
            template, name = W.DEALER_WINNER, self.name(winner)
        elif next_dealer == dealer:
            template, name = W.DEALER_AGAIN, self.name(dealer)
        else:
            template, name = W.DEALER_LEFT, self.name(next_dealer)
        return line(
            "dealer",
            template,
            "dealing",
            next_dealer=next_dealer,
            name=name,
            dealer_name=self.name(dealer),
        )


def headline_carried(pot: int) -> Said:
    return Said(W.HEADLINE_CARRIED, pot=pot)


def chips_summary(chips: tuple[int, ...], pot: int) -> str:
    """The score in a few characters: every player's chips, and the pot when it holds any."""
    said = "–".join(str(c) for c in chips)
    return Said(W.SUMMARY_POT, chips=said, pot=pot) if pot else said
