"""Chips as money: the settle-up with the fewest payments, the pot left on the table, the ledger.
Every expected figure is worked out by hand in the comments."""

from __future__ import annotations

import itertools
import random

import pytest

from scorekeeper.core.explain import Said
from scorekeeper.rules.pottle import (
    GameState,
    LedgerRow,
    Payment,
    fewest_payments,
    ledger,
    money,
    replay,
    settle_up,
)
from scorekeeper.rules.pottle.money import _settle_group

from .support import make_setup

WIN = {"bids": [1, 2, 3, 0], "tricks": [1, 3, 3, 0]}  # Chetan wins the pot
CARRY = {"bids": [3, 2, 1, 0], "tricks": [2, 1, 0, 4]}  # nobody wins


def state(chips, bought=None, pot=0):
    return GameState(tuple(chips), tuple(bought or [0] * len(chips)), pot, 0)


def settles(balances, payments):
    """Each party receives minus pays exactly its balance."""
    got = [0] * len(balances)
    for payer, payee, amount in payments:
        assert amount > 0
        got[payer] -= amount
        got[payee] += amount
    return got == list(balances)


def test_nets_and_payments_with_no_pot():
    # Starting 10 each; Bongani bought 5. Nets: Asha 7-10 = -3, Bongani 20-10-5 = +5,
    # Chetan 11-10 = +1, Dev -3. No two of them square up alone: three payments.
    setup = make_setup()
    s = settle_up(setup, state([7, 20, 11, 7], [0, 5, 0, 0]))
    assert [b.net_chips for b in s.balances] == [-3, 5, 1, -3]
    assert [b.net_money for b in s.balances] == [-3, 5, 1, -3]
    assert [(b.name, b.chips, b.bought) for b in s.balances] == [
        ("Asha", 7, 0),
        ("Bongani", 20, 5),
        ("Chetan", 11, 0),
        ("Dev", 7, 0),
    ]
    assert (s.pot, s.pot_money, s.unaccounted) == (0, 0, 0)
    assert s.payments == (
        Payment(0, 1, 3, "Asha pays Bongani 3 in the smallest coin."),
        Payment(3, 1, 2, "Dev pays Bongani 2 in the smallest coin."),
        Payment(3, 2, 1, "Dev pays Chetan 1 in the smallest coin."),
    )
    assert s.lines == [
        "Asha pays Bongani 3 in the smallest coin.",
        "Dev pays Bongani 2 in the smallest coin.",
        "Dev pays Chetan 1 in the smallest coin.",
    ]


def test_the_rules_pages_example_the_pot_is_set_aside_by_the_losers():
    # Chip value 10 cents, 4 chips left in the pot. Asha 16 (+6), Bongani 3 (-7), Chetan 7 (-3):
    # 16 + 3 + 7 + 4 = 30 chips, the three players' starting 10 each.
    setup = make_setup(3, chip_value=10)
    s = settle_up(setup, state([16, 3, 7], pot=4))
    assert [b.net_money for b in s.balances] == [60, -70, -30]
    assert (s.pot, s.pot_money, s.unaccounted) == (4, 40, 0)
    assert s.payments == (
        Payment(1, 0, 60, "Bongani pays Asha 60 in the smallest coin."),
        Payment(1, None, 10, "Bongani sets aside 10 in the smallest coin for the pot."),
        Payment(2, None, 30, "Chetan sets aside 30 in the smallest coin for the pot."),
    )


def test_fewest_payments_beats_paying_the_biggest_debt_first():
    # Nets +3, +4, -3, -2, -2. Largest debt to largest credit takes four payments
    # (Chetan 3 to Bongani, Dev 2 to Asha, Esther 1 to Asha and 1 to Bongani); splitting into
    # {Asha, Chetan} and {Bongani, Dev, Esther} takes three.
    balances = [3, 4, -3, -2, -2]
    assert len(_settle_group(dict(enumerate(balances)))) == 4
    assert fewest_payments(balances) == [(2, 0, 3), (3, 1, 2), (4, 1, 2)]
    setup = make_setup(5)
    s = settle_up(setup, state([13, 14, 7, 8, 8]))
    assert s.lines == [
        "Chetan pays Asha 3 in the smallest coin.",
        "Dev pays Bongani 2 in the smallest coin.",
        "Esther pays Bongani 2 in the smallest coin.",
    ]


def test_nobody_owing_anything_needs_no_payment():
    s = settle_up(make_setup(), GameState.initial(make_setup()))
    assert s.payments == ()
    assert all(b.net_chips == 0 for b in s.balances)


def test_pairs_that_square_up_pay_each_other():
    assert fewest_payments([5, -5, 2, -2]) == [(1, 0, 5), (3, 2, 2)]
    assert fewest_payments([0, 0, 0]) == []


def test_balances_that_do_not_add_up_are_a_programming_error():
    with pytest.raises(ValueError):
        fewest_payments([1, -2])


def fewest_by_brute_force(balances):
    """The smallest k such that k payments can settle the balances (at most n - 1)."""
    nonzero = [b for b in balances if b]
    n = len(nonzero)
    # n less the largest number of zero-sum groups, found by trying every labelling into groups.
    for groups in range(n, 0, -1):
        for labels in itertools.product(range(groups), repeat=n):
            if len(set(labels)) != groups:
                continue
            sums = [0] * groups
            for label, b in zip(labels, nonzero, strict=True):
                sums[label] += b
            if not any(sums):
                return n - groups
    return 0


def test_fewest_payments_is_optimal_on_random_tables():
    rng = random.Random(7)
    for _ in range(150):
        n = rng.randint(2, 6)
        balances = [rng.randint(-6, 6) for _ in range(n - 1)]
        balances.append(-sum(balances))
        payments = fewest_payments(balances)
        assert settles(balances, payments)
        assert len(payments) == fewest_by_brute_force(balances)


def test_a_paper_start_with_its_purchases_adds_up():
    # Bongani bought 2 on paper: 15 + 5 + 10 + 2 in the pot = 32 = 3 x 10 + 2.
    setup = make_setup(3, start={"chips": [15, 5, 10], "pot": 2, "bought": [0, 2, 0]})
    s = settle_up(setup, GameState.initial(setup))
    assert [b.net_chips for b in s.balances] == [5, -7, 0]
    assert s.unaccounted == 0
    assert s.lines == [
        "Bongani pays Asha 5 in the smallest coin.",
        "Bongani sets aside 2 in the smallest coin for the pot.",
    ]


def test_a_paper_start_that_does_not_add_up_shows_what_is_unaccounted():
    # 15 + 5 + 10 + 2 = 32 chips, but three players starting with 10 account for 30.
    setup = make_setup(3, start={"chips": [15, 5, 10], "pot": 2})
    s = settle_up(setup, GameState.initial(setup))
    assert s.unaccounted == 2
    assert s.lines == ["Bongani pays Asha 5 in the smallest coin."]


def test_settle_up_after_a_played_game():
    # Deal 1: Bongani buys 5; antes; Chetan wins 4. Deal 2: antes; nobody wins (pot 4).
    # Chips 8, 13, 12, 8; nets -2, -2, +2, -2 and the pot 4.
    setup = make_setup()
    _, after = replay(setup, [{"chips_bought": [0, 5, 0, 0], **WIN}, CARRY])
    s = settle_up(setup, after)
    assert after.chips == (8, 13, 12, 8)
    assert [b.net_chips for b in s.balances] == [-2, -2, 2, -2]
    assert s.pot == 4
    assert len(s.payments) == 3  # {one loser, Chetan} and {two losers, the pot}
    parties = [b.net_money for b in s.balances] + [s.pot_money]
    moves = [(p.payer, 4 if p.payee is None else p.payee, p.money) for p in s.payments]
    assert settles(parties, moves)


def test_the_ledger_lists_every_chip_that_moved():
    setup = make_setup()
    replayed, after = replay(setup, [{"chips_bought": [0, 5, 0, 0], **WIN}, CARRY])
    rows = ledger(replayed)
    assert rows == [
        LedgerRow(deal=1, seat=0, bought=0, ante=-1, won=0, chips=9),
        LedgerRow(deal=1, seat=1, bought=5, ante=-1, won=0, chips=14),
        LedgerRow(deal=1, seat=2, bought=0, ante=-1, won=4, chips=13),
        LedgerRow(deal=1, seat=3, bought=0, ante=-1, won=0, chips=9),
        LedgerRow(deal=2, seat=0, bought=0, ante=-1, won=0, chips=8),
        LedgerRow(deal=2, seat=1, bought=0, ante=-1, won=0, chips=13),
        LedgerRow(deal=2, seat=2, bought=0, ante=-1, won=0, chips=12),
        LedgerRow(deal=2, seat=3, bought=0, ante=-1, won=0, chips=8),
    ]
    assert [r.change for r in rows[:4]] == [-1, 4, 3, -1]
    # The changes add up to each player's chips less the starting chips.
    for seat in range(4):
        assert sum(r.change for r in rows if r.seat == seat) == after.chips[seat] - 10
    # The deal results themselves (without numbers) give the same rows.
    assert ledger([d.result for d in replayed]) == rows


def test_the_ledger_of_a_carried_pot_won_later():
    setup = make_setup(ante=2)
    replayed, _ = replay(setup, [CARRY, WIN])
    won = [(r.deal, r.seat, r.won) for r in ledger(replayed) if r.won]
    assert won == [(2, 2, 16)]  # 8 carried + 8 antes


# ---- the sentences: money in the smallest coin, said in the reader's language ---------------


def test_every_payment_names_its_money_in_the_smallest_coin_and_keeps_its_template():
    # A paper start that adds up (12 + 7 + 10 + 1 in the pot = 30): Asha +2, Bongani -3,
    # Chetan 0. Bongani pays Asha 2 chips and sets 1 aside for the pot; at 10 a chip, 20 and 10.
    setup = make_setup(3, chip_value=10, start={"chips": [12, 7, 10], "pot": 1})
    s = settle_up(setup, GameState.initial(setup))
    assert s.lines == [
        "Bongani pays Asha 20 in the smallest coin.",
        "Bongani sets aside 10 in the smallest coin for the pot.",
    ]
    for payment in s.payments:
        assert isinstance(payment.text, Said)
        data = payment.text.data
        assert data["template"] in (money.PAYS, money.SETS_ASIDE, money.POT_PAYS)
        assert data["template"].format(**data) == payment.text
        assert data["money"] == payment.money
        assert "{money} in the smallest coin" in data["template"]


def test_the_pots_money_pays_a_player_when_a_paper_start_has_more_chips_than_it_accounts_for():
    # 12 + 10 + 10 = 32 chips and an empty pot, but three players starting with 10 account for
    # 30: 2 unaccounted. Asha is up 2, and only the pot's party can pay her.
    setup = make_setup(3, chip_value=5, start={"chips": [12, 10, 10], "pot": 0})
    s = settle_up(setup, GameState.initial(setup))
    assert (s.unaccounted, s.unaccounted_chips) == (2, 2)
    assert s.payments == (
        Payment(None, 0, 10, "The pot's money pays Asha 10 in the smallest coin."),
    )
    assert s.payments[0].text.data["template"] == money.POT_PAYS


def test_a_paper_start_with_fewer_chips_than_it_accounts_for():
    # 5 + 5 + 5 = 15 chips, 15 fewer than three players starting with 10 account for: every
    # player is down 5, and each sets that aside for the pot's party.
    setup = make_setup(3, start={"chips": [5, 5, 5], "pot": 0})
    s = settle_up(setup, GameState.initial(setup))
    assert (s.unaccounted, s.unaccounted_chips) == (-15, 15)
    assert s.lines == [
        "Asha sets aside 5 in the smallest coin for the pot.",
        "Bongani sets aside 5 in the smallest coin for the pot.",
        "Chetan sets aside 5 in the smallest coin for the pot.",
    ]
