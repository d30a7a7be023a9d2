"""The rules text's worked examples, in every mode they apply to.

The adjustments are the same at every table size; only the target differs (105 with four or six
players, 125 with two), so each example needs its target's worth more or less in cards.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.thunee.cards import possible_totals

from .support import make_setup, score, text

TARGET = {"4p": 105, "6p": 105, "2p-two-deal": 125, "2p-open-face": 125}
ALL_MODES = list(TARGET)


def seats(mode: str) -> tuple[int, int]:
    """(trump maker with a call, the trump maker's partner or, with two players, the same seat)."""
    return (1, 3) if mode in ("4p", "6p") else (1, 1)


@pytest.mark.parametrize("mode", ALL_MODES)
def test_call_30_their_40_jodie_and_last_trick_start_20_out(mode):
    maker, partner = seats(mode)
    deal = {
        "trump_maker": maker,
        "call": 30,
        "jodies": [{"seat": partner, "value": 40}],
        "last_trick": maker,
        "counting_points": 130 if mode in ("4p", "6p") else 150,
    }
    result = score(deal, make_setup(mode))
    needs = TARGET[mode] + 20
    assert "starts 20 out: +30 call, -40 Jodie" in text(result)
    assert result.outcome.cards_needed == needs
    assert f"needs {needs} in cards" in text(result)
    assert result.outcome.counting_total == deal["counting_points"] - 20


@pytest.mark.parametrize("mode", ALL_MODES)
def test_a_call_of_40_is_40_towards_the_target(mode):
    maker, _ = seats(mode)
    deal = {"trump_maker": maker, "call": 40, "last_trick": 0, "counting_points": 80}
    result = score(deal, make_setup(mode))
    # 40 from the call and 10 for the last trick: only the rest is needed in cards.
    assert result.outcome.cards_needed == TARGET[mode] - 50


@pytest.mark.parametrize("mode", ALL_MODES)
@pytest.mark.parametrize(("counting_won_last", "needs"), [(False, 10), (True, -10)])
def test_the_last_trick_is_worth_10_either_way(mode, counting_won_last, needs):
    deal = {"trump_maker": 1, "call": 0, "last_trick": 0 if counting_won_last else 1,
            "counting_points": 152}  # fmt: skip
    result = score(deal, make_setup(mode))
    assert result.outcome.cards_needed == TARGET[mode] + needs


@pytest.mark.parametrize("mode", ["2p-two-deal", "2p-open-face"])
def test_two_player_example_needs_145(mode):
    # The opponent called 10, called a 20 Jodie and won the last trick: 125 - 10 + 20 + 10.
    deal = {
        "trump_maker": 0,
        "call": 10,
        "jodies": [{"seat": 0, "value": 20}],
        "last_trick": 0,
        "counting_points": 150,
    }
    result = score(deal, make_setup(mode))
    assert result.outcome.cards_needed == 145
    assert result.outcome.balls == (0, 2)  # 150 >= 145 against a call: two balls


@pytest.mark.parametrize("mode", ALL_MODES)
@pytest.mark.parametrize(("counting_jodie", "made_below"), [(False, 40), (True, 20)])
def test_khanaak_example(mode, counting_jodie, made_below):
    # Trump makers called 20 and a 50 Jodie; Khanaak by the trump maker, who won the last trick:
    # the counting team starts 40 out, so its cards must hold less than 40 (20 with its own Jodie).
    maker, partner = seats(mode)
    jodies = [{"seat": partner, "value": 50}]
    if counting_jodie:
        jodies.append({"seat": 0, "value": 20})
    base = {"trump_maker": maker, "call": 20, "jodies": jodies, "last_trick": maker,
            "special": {"call": "khanaak", "seat": maker}}  # fmt: skip
    setup = make_setup(mode)
    # Whole tricks (at least one: the Khanaak needs the counting team to have won a trick).
    totals = possible_totals(range(1, setup.mode.tricks), setup.mode.cards_per_trick)
    below = max(t for t in totals if t < made_below)
    at_or_above = min(t for t in totals if t >= made_below)
    made = score({**base, "counting_points": below}, setup)
    assert made.outcome.special == ("khanaak", "success")
    failed = score({**base, "counting_points": at_or_above}, setup)
    assert failed.outcome.special == ("khanaak", "failed")
