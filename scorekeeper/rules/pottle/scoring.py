"""Scoring one Pottle deal: a pure function of the recorded facts, the game state and the setup.

The order of a deal: purchases, then everyone's ante into the pot, then the bids (the highest,
first in bidding order on a tie, chooses trumps), then the tricks. The one player who made the
highest bid made exactly wins the whole pot; otherwise it carries to the next deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from scorekeeper.core.deal import DealResult as DealResult
from scorekeeper.core.deal import Explained
from scorekeeper.core.errors import FactError, Refusals, raise_all
from scorekeeper.core.explain import Line
from scorekeeper.core.tricks.turn import check_dealer

from .facts import DealFacts
from .setup import Setup
from .state import GameState
from .words import Words

REFUSE = Refusals(__package__)  # Pottle's refusals: its words.toml


@dataclass(frozen=True)
class Outcome(Explained):
    """What one deal did. Chips are per seat; `lines` explain every step."""

    dealer: int
    trump_chooser: int
    made: tuple[int, ...]  # seats that took exactly the tricks they bid, in seat order
    winner: int | None  # who won the pot, None when it carried
    pot_won: int  # chips the winner took (0 when the pot carried)
    pot: int  # the pot after this deal's antes
    carried: int  # the pot brought from earlier deals, before the antes
    ante: int  # chips each player put in
    bought: tuple[int, ...]  # chips each player bought before the ante
    lines: tuple[Line, ...]
    warnings: tuple[str, ...] = ()


# This game's deal result: the shared DealResult of its facts, outcome and state.
Result: TypeAlias = DealResult[DealFacts, Outcome, GameState]


def after_purchases_and_antes(
    facts: DealFacts, state: GameState, setup: Setup
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Each player's chips after buying and anteing, their total bought, and the pot.

    Raises FactError at "chips_bought.<seat>" for a player who cannot pay the ante."""
    ante = setup.rules.ante
    errors: list[FactError] = []
    chips, bought = [], []
    for seat in range(setup.seats):
        have = state.chips[seat] + facts.bought(seat)
        if have < ante:
            name, buys, more = setup.players[seat], facts.bought(seat), ante - have
            field = f"chips_bought.{seat}"
            if buys:
                had = state.chips[seat]
                why = REFUSE.why(
                    "BUYS_TOO_FEW", name=name, had=had, buys=buys, have=have, ante=ante, more=more
                )
            else:
                code = "HAS_ONE_CHIP" if have == 1 else "HAS_TOO_FEW"
                why = REFUSE.why(code, name=name, have=have, ante=ante, more=more)
            errors.append(FactError(field, why))
        chips.append(have - ante)
        bought.append(state.bought[seat] + facts.bought(seat))
    raise_all(errors)
    return tuple(chips), tuple(bought), state.pot + ante * setup.seats


def trump_chooser(bids: tuple[int, ...], dealer: int, setup: Setup) -> int:
    """The highest bidder; on a tie, the first of them in bidding order (from dealer's left)."""
    order = setup.bidding_order(dealer)
    top = max(bids)
    return next(s for s in order if bids[s] == top)


def pot_winner(made: tuple[int, ...], bids: tuple[int, ...]) -> tuple[int | None, list[int]]:
    """The one player with the highest bid made exactly, and everyone tied at that bid."""
    if not made:
        return None, []
    top = max(bids[s] for s in made)
    tied = [s for s in made if bids[s] == top]
    return (tied[0] if len(tied) == 1 else None), tied


def score_deal(facts: DealFacts, state: GameState, setup: Setup) -> Result:
    """Score one deal. Raises NotThisDealer for a wrong dealer, FactError naming the field."""
    dealer = check_dealer(facts.dealer, state.dealer, setup.players)
    if facts.tricks is None:
        raise REFUSE("tricks", "ENTER_TRICKS")
    words = Words(setup)
    order = setup.bidding_order(dealer)
    chips, bought, pot = after_purchases_and_antes(facts, state, setup)
    lines: list[Line] = []
    if facts.chips_bought is not None:
        lines.append(words.bought(facts.chips_bought, order))
    lines.append(words.ante(setup.rules.ante, state.pot, pot))

    bids, tricks = facts.bids, facts.tricks
    chooser = trump_chooser(bids, dealer, setup)
    lines.append(words.bids(bids, order))
    lines.append(words.trumps(chooser, bids, facts.trumps))

    made = tuple(s for s in range(setup.seats) if tricks[s] == bids[s])
    missed = [s for s in order if tricks[s] != bids[s]]
    lines.append(words.made([s for s in order if s in made], bids))
    if missed:
        lines.append(words.missed(missed, bids, tricks))

    winner, tied = pot_winner(made, bids)
    pot_won = 0
    if winner is not None:
        pot_won = pot
        lines.append(words.pot_won(winner, bids[winner], pot))
        chips = tuple(c + pot if s == winner else c for s, c in enumerate(chips))
        next_dealer = winner
        pot_after = 0
    else:
        lines.append(words.pot_tied(tied, bids[tied[0]], pot) if tied else words.pot_nobody(pot))
        pot_after = pot
        same = setup.rules.no_winner_dealer == "same"
        next_dealer = dealer if same else setup.after(dealer)
    lines.append(words.next_dealer(dealer, next_dealer, winner))

    outcome = Outcome(
        dealer=dealer,
        trump_chooser=chooser,
        made=made,
        winner=winner,
        pot_won=pot_won,
        pot=pot,
        carried=state.pot,
        ante=setup.rules.ante,
        bought=tuple(facts.bought(s) for s in range(setup.seats)),
        lines=tuple(lines),
    )
    after = GameState(
        chips=chips, bought=bought, pot=pot_after, dealer=next_dealer, deals=state.deals + 1
    )
    return DealResult(facts, outcome, state, after)
