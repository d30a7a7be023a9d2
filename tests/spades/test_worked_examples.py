"""Every worked example of the rules text, and the spec's sentences about scoring, as tests."""

from __future__ import annotations

from scorekeeper.rules.spades import GAME, contract_score, count_bags, nil_score

from .support import deal, lines_of, make_setup, score


def test_contract_arithmetic_of_the_rules_text():
    assert contract_score(9, 11) == (True, 92, 2)  # bid 9, took 11: 92
    assert contract_score(9, 7) == (False, -90, 0)  # bid 9, took 7: lose 90
    assert contract_score(9, 12) == (True, 93, 3)  # bid 9, took 12: 3 bags
    assert contract_score(7, 7) == (True, 70, 0)


def test_bid_9_took_11_scores_92_and_two_bags():
    res = score(deal([5, 1, 4, 1], [6, 1, 5, 1]))
    out = res.outcome
    assert out.contracts == (9, 2)
    assert out.made == (True, True)
    assert out.points == (92, 20)
    assert out.bags_earned == (2, 0)
    assert res.after.points == (92, 20)
    assert res.after.bags == (2, 0)
    assert lines_of(res, "contract")[0] == "Asha & Chetan bid 5 + 4 = 9, took 11: 90 + 2 bags = 92."


def test_bid_9_took_7_loses_90():
    res = score(deal([5, 2, 4, 2], [4, 3, 3, 3]))
    assert res.outcome.made == (False, True)
    assert res.outcome.points == (-90, 42)  # B bid 4, took 6
    assert res.outcome.bags_earned == (0, 2)  # a failed contract earns no bags
    assert lines_of(res, "contract")[0] == "Asha & Chetan bid 5 + 4 = 9, took 7: failed, -90."


def test_the_team_bid_is_the_sum_and_it_does_not_matter_who_takes_the_tricks():
    # Asha bids 3 and Chetan 6: the team needs 9. Asha takes 8, Chetan 1: made.
    res = score(deal([3, 2, 6, 2], [8, 2, 1, 2]))
    assert res.outcome.contracts == (9, 4)
    assert res.outcome.made == (True, True)
    assert res.outcome.points == (90, 40)


def test_nil_made_wins_100_whatever_the_partner_does():
    # Asha bids nil and takes nothing; Chetan bids 5 and takes only 4.
    res = score(deal([0, 4, 5, 4], [0, 5, 4, 4]))
    out = res.outcome
    assert out.nil == ("made", None, None, None)
    assert out.made == (False, True)
    assert out.points == (-50 + 100, 81)  # B bid 8, took 9
    assert "Asha's nil made: +100." in lines_of(res, "nil")
    assert nil_score(0, 100, blind=False) == (True, 100)


def test_nil_failed_loses_100_and_the_partner_still_scores_his_own_bid():
    # Dev bids nil but takes 2 tricks; Bongani bids 4 and takes 3: with Dev's 2 the team has 5.
    res = score(deal([3, 4, 3, 0], [4, 3, 4, 2]))
    out = res.outcome
    assert out.nil == (None, None, None, "failed")
    assert out.made == (True, True)
    assert out.points == (62, 41 - 100)  # A bid 6, took 8
    assert "Dev's nil failed, 2 tricks taken: -100." in lines_of(res, "nil")
    assert nil_score(1, 100, blind=False) == (False, -100)


def test_8_bags_and_4_more_cost_100_and_leave_2():
    assert count_bags(8, 4, 10, 100).penalty == -100
    assert count_bags(8, 4, 10, 100).after == 2
    setup = make_setup(bags=(8, 0))
    res = score(deal([3, 3, 2, 3], [5, 2, 4, 2]), setup)  # A bid 5, took 9: 4 bags
    out = res.outcome
    assert out.bags_earned == (4, 0)
    assert out.bag_penalty == (-100, 0)
    assert out.points == (54, -60)  # before the bag penalty
    assert res.after.points == (54 - 100, -60)
    assert res.after.bags == (2, 0)
    assert lines_of(res, "bags") == ["Asha & Chetan's bags: 8 + 4 = 12: -100 for 10 bags, 2 left."]


def test_exactly_10_bags_cost_100_and_reset_to_0():
    res = score(deal([3, 3, 3, 3], [2, 4, 3, 4]), make_setup(bags=(0, 8)))  # B bid 6, took 8
    assert res.after.bags == (0, 0)
    assert res.outcome.bag_penalty == (0, -100)
    assert res.after.points == (-60, 62 - 100)
    assert lines_of(res, "bags") == ["Bongani & Dev's bags: 8 + 2 = 10: -100 for 10 bags, 0 left."]


def test_one_deal_can_pass_the_limit_twice():
    # 9 bags, then A bid 2 and took all 13: 11 bags more, 20 in all.
    res = score(deal([1, 0, 1, 0], [7, 0, 6, 0]), make_setup(bags=(9, 0)))
    out = res.outcome
    assert out.bags_earned == (11, 0)
    assert out.bag_penalty == (-200, 0)
    assert res.after.bags == (0, 0)
    assert lines_of(res, "bags")[0] == (
        "Asha & Chetan's bags: 9 + 11 = 20: 10 bags reached twice, -200, 0 left."
    )


def test_bags_below_the_limit_are_told_and_carried():
    res = score(deal([3, 3, 3, 3], [4, 3, 3, 3]))
    assert lines_of(res, "bags") == ["Asha & Chetan's bags: 0 + 1 = 1."]
    assert res.after.bags == (1, 0)


def test_the_deal_passes_to_the_left():
    setup = make_setup(dealer=3)
    res = score(deal([3, 3, 3, 3], [4, 3, 3, 3]), setup)
    assert res.outcome.dealer == 3
    assert res.after.dealer == 0
    assert res.outcome.explanation[-1] == "The deal passes to Asha."
    assert GAME.next_dealer(res.after) == 0


def test_the_whole_story_of_a_deal():
    res = score(deal([4, 5, 3, 0], [5, 3, 4, 1]))
    assert res.outcome.explanation == [
        "Asha & Chetan bid 4 + 3 = 7, took 9: 70 + 2 bags = 72.",
        "Bongani & Dev bid 5 (Dev nil), took 4: failed, -50.",
        "Dev's nil failed, 1 trick taken: -100.",
        "Asha & Chetan's bags: 0 + 2 = 2.",
        "Score: Asha & Chetan 72 (+72), Bongani & Dev -150 (-150).",
        "The deal passes to Bongani.",
    ]
