"""Chips as money: the settle-up when play stops, and the ledger of every chip that moved.

Pure functions of the setup and the replayed game.

`settle_up(setup, state)`: each player's chips, net chips won or lost (chips − starting chips −
chips bought) and net money (net chips × the `chip_value` house rule, in the smallest coin), and
who pays whom with the fewest payments.

The pot left on the table belongs to nobody. Its chips came out of the players' stacks, so the
players' nets add up to minus the pot: the settle-up shows the pot separately and settles it as
its own party, "the pot" (`None` in a `Payment`). Losers pay the winners in full, and what the
losers lost into the pot is set aside as the pot's money, for the table to decide (split it, play
for it next time). Which loser pays the winners and which pays the pot only changes who hands
over the money: every player's net is exact.

A game taken over from paper may not add up (its start chips and pot not equal to the starting
chips plus the chips bought): the difference is `unaccounted`, and the pot's party absorbs it
so that the payments still balance.

Money is always a whole number of the smallest coin (cents, pence, …), the unit of the chip value,
and every sentence here says so: a bare "60" could be read as 60 of anything. The sentences are
`Said` values, so that the shell can say them in the reader's language (scorekeeper.core.explain).

`ledger(replayed_deals)`: per deal and per seat, the chips bought (+), the ante (−), the pot won
(+), the change and the chips after the deal.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from scorekeeper.core.explain import Said, gettext_noop

from .scoring import Result
from .setup import Setup
from .state import GameState

# Who pays whom when play stops. {money} is in the smallest coin, as the chip value is.
PAYS = gettext_noop("{payer} pays {payee} {money} in the smallest coin.")
# Translators: a player who lost chips into the pot left on the table sets that money aside.
SETS_ASIDE = gettext_noop("{payer} sets aside {money} in the smallest coin for the pot.")
# Translators: only when a game taken over from paper does not add up (see `unaccounted`).
POT_PAYS = gettext_noop("The pot's money pays {payee} {money} in the smallest coin.")


@dataclass(frozen=True)
class Balance:
    seat: int
    name: str
    chips: int
    bought: int  # chips bought beyond the starting chips
    net_chips: int  # chips − starting chips − bought: positive is a win
    net_money: int  # net_chips × chip_value, in the smallest coin


@dataclass(frozen=True)
class Payment:
    payer: int | None  # a seat, or None for the pot's money
    payee: int | None  # a seat, or None: set aside as the pot's money
    money: int  # in the smallest coin, always positive
    text: str  # a Said: "Asha pays Bongani 30 in the smallest coin."


@dataclass(frozen=True)
class SettleUp:
    chip_value: int
    balances: tuple[Balance, ...]  # one per seat, in seat order
    pot: int  # chips left in the pot: nobody's
    pot_money: int
    unaccounted: int  # chips a paper start does not account for (0 for a game begun here)
    payments: tuple[Payment, ...]  # the fewest payments that settle every balance

    @property
    def lines(self) -> list[str]:
        return [p.text for p in self.payments]

    @property
    def unaccounted_chips(self) -> int:
        """How many chips a paper start is off by, either way (`unaccounted` has the sign:
        positive, more chips than the start accounts for; negative, fewer)."""
        return abs(self.unaccounted)


@dataclass(frozen=True)
class LedgerRow:
    deal: int  # 1-based
    seat: int
    bought: int  # +
    ante: int  # − (a negative number)
    won: int  # + the pot, for its winner
    chips: int  # after the deal

    @property
    def change(self) -> int:
        return self.bought + self.ante + self.won


def settle_up(setup: Setup, state: GameState) -> SettleUp:
    value = setup.rules.chip_value
    start = setup.rules.starting_chips
    balances = tuple(
        Balance(
            seat=s,
            name=setup.players[s],
            chips=state.chips[s],
            bought=state.bought[s],
            net_chips=state.chips[s] - start - state.bought[s],
            net_money=(state.chips[s] - start - state.bought[s]) * value,
        )
        for s in range(setup.seats)
    )
    unaccounted = state.pot + sum(b.net_chips for b in balances)
    pot_party = -sum(b.net_chips for b in balances)  # the pot, less anything unaccounted
    parties = [b.net_money for b in balances] + [pot_party * value]
    pot_index = setup.seats
    payments = []
    for payer, payee, money in fewest_payments(parties):
        if payee == pot_index:
            text = Said(SETS_ASIDE, payer=setup.players[payer], money=money)
        elif payer == pot_index:
            text = Said(POT_PAYS, payee=setup.players[payee], money=money)
        else:
            text = Said(PAYS, payer=setup.players[payer], payee=setup.players[payee], money=money)
        payments.append(
            Payment(
                payer=None if payer == pot_index else payer,
                payee=None if payee == pot_index else payee,
                money=money,
                text=text,
            )
        )
    return SettleUp(
        chip_value=value,
        balances=balances,
        pot=state.pot,
        pot_money=state.pot * value,
        unaccounted=unaccounted,
        payments=tuple(payments),
    )


def fewest_payments(balances: list[int] | tuple[int, ...]) -> list[tuple[int, int, int]]:
    """(payer, payee, amount) settling every balance (positive: is owed) in the fewest payments.

    The fewest is the number of parties owed or owing, less the most groups they split into
    whose balances add up to zero: each group settles with one payment fewer than its size.
    Exact (every split is tried), which is cheap for a table of at most eight parties.
    """
    if sum(balances) != 0:
        raise ValueError("the balances do not add up to zero")
    open_ = tuple(i for i, b in enumerate(balances) if b)
    amounts = tuple(balances[i] for i in open_)
    out: list[tuple[int, int, int]] = []
    for group in _zero_groups(amounts, (1 << len(open_)) - 1):
        members = [open_[i] for i in range(len(open_)) if group >> i & 1]
        out.extend(_settle_group({i: balances[i] for i in members}))
    return sorted(out)


@cache
def _zero_groups(amounts: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """The most subsets (bit masks) of `mask` with zero sums that together make up `mask`."""
    if not mask:
        return ()
    low = mask & -mask
    best: tuple[int, ...] | None = None
    rest = mask ^ low
    sub = rest
    while True:
        group = sub | low
        if sum(a for i, a in enumerate(amounts) if group >> i & 1) == 0:
            candidate = (group, *_zero_groups(amounts, mask ^ group))
            if best is None or len(candidate) > len(best):
                best = candidate
        if sub == 0:
            break
        sub = (sub - 1) & rest
    assert best is not None, "a set of balances adding up to zero always splits"
    return best


def _settle_group(balance: dict[int, int]) -> list[tuple[int, int, int]]:
    """Largest debt to largest credit until all are square: one payment fewer than the group."""
    balance = dict(balance)
    out = []
    while any(balance.values()):
        payer = min(balance, key=lambda i: (balance[i], i))
        payee = max(balance, key=lambda i: (balance[i], -i))
        amount = min(-balance[payer], balance[payee])
        out.append((payer, payee, amount))
        balance[payer] += amount
        balance[payee] -= amount
    return out


def ledger(replayed_deals: Iterable[Any]) -> list[LedgerRow]:
    """Every chip that moved, per deal and per seat. Takes the `ReplayedDeal`s of
    `scorekeeper.core.game.replay` (or the deal results themselves, numbered from 1)."""
    rows = []
    for index, deal in enumerate(replayed_deals, start=1):
        result: Result = getattr(deal, "result", deal)
        number = getattr(deal, "number", index)
        o = result.outcome
        for seat in range(len(o.bought)):
            rows.append(
                LedgerRow(
                    deal=number,
                    seat=seat,
                    bought=o.bought[seat],
                    ante=-o.ante,
                    won=o.pot_won if seat == o.winner else 0,
                    chips=result.after.chips[seat],
                )
            )
    return rows
