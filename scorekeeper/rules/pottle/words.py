"""Turns the steps of a Pottle deal into the explanation lines players read.

Numbers in, sentences out. Each line's `rule` is the id of a section of the rules page
(templates/rules/pottle.html); `RULE_ANCHORS` lists every one this module uses.
"""

from __future__ import annotations

from scorekeeper.core.explain import Line

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

TRUMP_WORDS = {
    "hearts": "hearts",
    "clubs": "clubs",
    "diamonds": "diamonds",
    "spades": "spades",
    "no-trumps": "no trumps",
}


def chips_word(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def and_list(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


class Words:
    def __init__(self, setup: Setup) -> None:
        self.setup = setup

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def names(self, seats: list[int] | tuple[int, ...]) -> str:
        return and_list([self.name(s) for s in seats])

    def bought(self, bought: tuple[int, ...], order: tuple[int, ...]) -> Line:
        parts = [f"{self.name(s)} buys {chips_word(bought[s])}" for s in order if bought[s]]
        text = "Before the ante: " + "; ".join(parts) + "."
        return Line(
            "bought", text, "buying", points=sum(bought), data={"chips_bought": list(bought)}
        )

    def ante(self, ante: int, carried: int, pot: int) -> Line:
        head = f"Everyone antes {chips_word(ante)}"
        if carried:
            text = f"{head}; with {carried} carried over, the pot is {pot}."
        else:
            text = f"{head}: the pot is {pot}."
        return Line("ante", text, "ante", points=pot, data={"ante": ante, "carried": carried})

    def opening_pot(self, pot: int, carried: int) -> Line:
        text = f"Pot {pot} after the antes" + (f" ({carried} carried over)" if carried else "")
        return Line("ante", text, "ante", points=pot, data={"carried": carried})

    def bids(self, bids: tuple[int, ...], order: tuple[int, ...]) -> Line:
        parts = ", ".join(f"{self.name(s)} {bids[s]}" for s in order)
        text = f"Bids, from the dealer's left: {parts}."
        return Line("bids", text, "bidding", data={"bids": list(bids)})

    def trumps(self, chooser: int, bids: tuple[int, ...], trumps: str | None) -> Line:
        top = bids[chooser]
        same = [s for s in range(self.setup.seats) if bids[s] == top]
        suit = f": {TRUMP_WORDS[trumps]}" if trumps else ""
        if len(same) == 1:
            text = f"{self.name(chooser)} bid highest ({top}) and chose trumps{suit}."
        else:
            text = (
                f"{self.name(chooser)} was the first to bid {top}, the highest bid, "
                f"and chose trumps{suit}."
            )
        return Line("trumps", text, "trumps", points=top, data={"seat": chooser, "trumps": trumps})

    def opening_trumps(self, chooser: int, bids: tuple[int, ...], trumps: str | None) -> Line:
        suit = f": {TRUMP_WORDS[trumps]}" if trumps else ""
        text = f"{self.name(chooser)} bids {bids[chooser]} and chooses trumps{suit}"
        return Line("trumps", text, "trumps", points=bids[chooser], data={"seat": chooser})

    def made(self, made: list[int], bids: tuple[int, ...]) -> Line:
        if not made:
            return Line("made", "Nobody took exactly the tricks they bid.", "tricks", data={})
        parts = ", ".join(f"{self.name(s)} ({bids[s]})" for s in made)
        return Line(
            "made", f"Made their bid exactly: {parts}.", "tricks", data={"seats": list(made)}
        )

    def missed(self, missed: list[int], bids: tuple[int, ...], tricks: tuple[int, ...]) -> Line:
        parts = ", ".join(f"{self.name(s)} (bid {bids[s]}, took {tricks[s]})" for s in missed)
        return Line("missed", f"Missed: {parts}.", "tricks", data={"seats": list(missed)})

    def pot_won(self, winner: int, bid: int, pot: int) -> Line:
        text = (
            f"{self.name(winner)} made {bid} exactly, the highest bid made, and wins the pot: "
            f"+{chips_word(pot)}."
        )
        return Line("pot_won", text, "pot", points=pot, data={"winner": winner})

    def pot_tied(self, tied: list[int], bid: int, pot: int) -> Line:
        text = (
            f"{self.names(tied)} all made {bid}, the highest bid made: only one player can win "
            f"the pot, so its {chips_word(pot)} carry to the next deal."
        )
        if len(tied) == 2:
            text = text.replace(" all made ", " both made ")
        return Line("pot_carried", text, "pot", points=pot, data={"tied": list(tied)})

    def pot_nobody(self, pot: int) -> Line:
        text = f"Nobody made their bid, so the pot of {chips_word(pot)} carries to the next deal."
        return Line("pot_carried", text, "pot", points=pot, data={"tied": []})

    def next_dealer(self, dealer: int, next_dealer: int, winner: int | None) -> Line:
        if winner is not None:
            text = f"{self.name(winner)} won the pot and deals next."
        elif next_dealer == dealer:
            text = f"Nobody won the pot: {self.name(dealer)} deals again."
        else:
            text = (
                f"Nobody won the pot: the deal passes to {self.name(next_dealer)}, "
                f"on {self.name(dealer)}'s left."
            )
        return Line("dealer", text, "dealing", data={"next_dealer": next_dealer})
