"""Pottle deals scored by hand: who chooses trumps, who made their bid, who wins the pot, and
what carries. Seats are in order of play (clockwise); seat 0 deals unless a test says otherwise,
so bidding goes 1, 2, 3, 0 at a four-player table."""

from __future__ import annotations

from scorekeeper.rules.pottle import GAME, GameState

from .support import make_setup, play, score, text

# The rules page's example: Asha deals; Bongani bids 2 and takes 3, Chetan 3 and 3, Dev 0 and 0,
# Asha 1 and 1. Chetan, Dev and Asha made theirs; Chetan's 3 is the highest and takes the pot.
EXAMPLE = {"bids": [1, 2, 3, 0], "tricks": [1, 3, 3, 0], "trumps": "spades"}


def test_the_highest_bid_made_exactly_wins_the_whole_pot():
    result = score(EXAMPLE)
    out = result.outcome
    assert out.trump_chooser == 2
    assert out.made == (0, 2, 3)
    assert out.winner == 2
    assert out.pot_won == 4
    assert result.after.chips == (9, 9, 13, 9)
    assert result.after.pot == 0
    assert result.after.dealer == 2  # the winner deals next
    assert out.explanation == [
        "Everyone antes 1 chip: the pot is 4.",
        "Bids, from the dealer's left: Bongani 2, Chetan 3, Dev 0, Asha 1.",
        "Chetan bid highest (3) and chose trumps: spades.",
        "Made their bid exactly: Chetan (3), Dev (0), Asha (1).",
        "Missed: Bongani (bid 2, took 3).",
        "Chetan made 3 exactly, the highest bid made, and wins the pot: +4 chips.",
        "Chetan won the pot and deals next.",
    ]
    assert [line.rule for line in out.lines] == [
        "ante",
        "bidding",
        "trumps",
        "tricks",
        "tricks",
        "pot",
        "dealing",
    ]


def test_computed_deal_has_exactly_the_spec_keys():
    result = score(EXAMPLE)
    assert GAME.computed_deal(result) == {
        "dealer": 0,
        "trump_chooser": 2,
        "made": [0, 2, 3],
        "winner": 2,
        "pot_won": 4,
        "explanation": result.outcome.explanation,
    }


def test_one_trick_too_many_misses_as_surely_as_one_too_few():
    # Bongani bid 2 and took 3: missed. Chetan bid 3 and took 2: missed too.
    result = score({"bids": [1, 2, 3, 0], "tricks": [1, 3, 2, 1]})
    assert result.outcome.made == (0,)
    assert result.outcome.winner == 0


def test_a_tie_at_the_top_carries_the_pot_even_when_a_lower_bid_was_made():
    # Asha and Bongani both bid 2 and took 2; Chetan made 1. Nobody wins: the pot carries.
    result = score({"bids": [2, 2, 1, 1], "tricks": [2, 2, 1, 2]})
    out = result.outcome
    assert out.made == (0, 1, 2)
    assert out.winner is None
    assert out.pot_won == 0
    assert result.after.pot == 4
    assert result.after.chips == (9, 9, 9, 9)
    assert result.after.dealer == 0  # standard: the same dealer
    assert (
        "Asha and Bongani both made 2, the highest bid made: only one player can win the pot, "
        "so its 4 chips carry to the next deal." in text(result)
    )
    assert "Nobody won the pot: Asha deals again." in text(result)
    assert GAME.computed_deal(result)["winner"] is None


def test_nobody_making_their_bid_carries_the_pot():
    result = score({"bids": [3, 2, 1, 0], "tricks": [2, 1, 0, 4]})
    assert result.outcome.made == ()
    assert result.outcome.winner is None
    assert result.after.pot == 4
    assert "Nobody took exactly the tricks they bid." in text(result)
    assert "Nobody made their bid, so the pot of 4 chips carries to the next deal." in text(result)
    assert "Missed: Bongani (bid 2, took 1), Chetan (bid 1, took 0), Dev (bid 0, took 4), " in (
        text(result)
    )


def test_a_bid_of_nothing_made_by_taking_no_tricks_can_win_the_pot_alone():
    # Only Asha made her bid (0 with no tricks): the highest bid made is hers.
    result = score({"bids": [0, 2, 3, 1], "tricks": [0, 3, 2, 2]})
    assert result.outcome.made == (0,)
    assert result.outcome.winner == 0
    assert result.after.chips == (13, 9, 9, 9)
    assert "Asha made 0 exactly, the highest bid made, and wins the pot: +4 chips." in text(result)


def test_a_carried_pot_grows_with_the_next_antes_and_goes_to_the_next_winner():
    setup = make_setup()
    results, state = play(
        setup,
        [
            {"bids": [3, 2, 1, 0], "tricks": [2, 1, 0, 4]},  # nobody: 4 carried
            {"bids": [2, 2, 1, 1], "tricks": [2, 2, 1, 2]},  # a tie: 8 carried
            {"bids": [4, 1, 2, 0], "tricks": [4, 1, 1, 1]},  # Asha 4 (Bongani 1 too): 12 to Asha
        ],
    )
    assert [r.outcome.pot for r in results] == [4, 8, 12]
    assert [r.outcome.carried for r in results] == [0, 4, 8]
    assert [r.outcome.winner for r in results] == [None, None, 0]
    assert state.chips == (7 + 12, 7, 7, 7)
    assert state.pot == 0
    assert state.dealer == 0
    assert "Everyone antes 1 chip; with 8 carried over, the pot is 12." in text(results[2])
    assert sum(state.chips) + state.pot == 40  # no chip appears or vanishes


def test_the_first_highest_bidder_from_the_dealers_left_chooses_trumps():
    # Chetan deals: bidding goes Dev, Asha, Bongani, Chetan. Dev and Asha both bid 3: Dev first.
    setup = make_setup(dealer=2)
    result = score({"bids": [3, 1, 0, 3], "tricks": [3, 1, 0, 3], "trumps": "no-trumps"}, setup)
    assert result.outcome.trump_chooser == 3
    assert "Bids, from the dealer's left: Dev 3, Asha 3, Bongani 1, Chetan 0." in text(result)
    assert "Dev was the first to bid 3, the highest bid, and chose trumps: no trumps." in text(
        result
    )
    # Both made 3: a tie at the top.
    assert result.outcome.winner is None


def test_trumps_are_optional_and_change_nothing():
    with_suit = score(EXAMPLE)
    without = score({k: v for k, v in EXAMPLE.items() if k != "trumps"})
    assert without.outcome.winner == with_suit.outcome.winner
    assert without.after == with_suit.after
    assert "Chetan bid highest (3) and chose trumps." in text(without)


def test_purchases_come_before_the_ante_and_are_counted_as_bought():
    setup = make_setup()
    deal = {"chips_bought": [0, 5, 0, 2], **EXAMPLE}
    result = score(deal, setup)
    assert result.after.chips == (9, 14, 13, 11)
    assert result.after.bought == (0, 5, 0, 2)
    assert result.outcome.bought == (0, 5, 0, 2)
    assert (
        result.outcome.explanation[0] == "Before the ante: Bongani buys 5 chips; Dev buys 2 chips."
    )
    assert result.outcome.lines[0].rule == "buying"


def test_bought_chips_add_up_over_the_deals():
    setup = make_setup()
    _, state = play(
        setup,
        [
            {"chips_bought": [3, 0, 0, 0], **EXAMPLE},
            {"chips_bought": [2, 0, 1, 0], "bids": [3, 2, 1, 0], "tricks": [2, 1, 0, 4]},
        ],
    )
    assert state.bought == (5, 0, 1, 0)


def test_the_pot_winner_deals_next_and_the_deal_stays_or_moves_when_nobody_wins():
    carried = {"bids": [3, 2, 1, 0], "tricks": [2, 1, 0, 4]}
    same = make_setup(dealer=3)
    assert score(carried, same).after.dealer == 3
    left = make_setup(dealer=3, no_winner_dealer="left")
    result = score(carried, left)
    assert result.after.dealer == 0  # seat 3's left is seat 0
    assert "Nobody won the pot: the deal passes to Asha, on Dev's left." in text(result)


def test_the_game_never_ends():
    setup = make_setup()
    _, state = play(setup, [EXAMPLE] * 3)
    assert GAME.is_finished(state) is False
    assert GAME.winners(setup, state) == ()
    assert GAME.next_dealer(state) == 2


def test_seven_players():
    setup = make_setup(7, dealer=6)
    result = score(
        {"bids": [1, 1, 2, 0, 0, 3, 7], "tricks": [1, 2, 2, 0, 1, 1, 0]},
        setup,
    )
    # Bidding from seat 0; Gita's 7 is the highest bid. Made: Asha 1, Chetan 2, Dev 0.
    assert result.outcome.trump_chooser == 6
    assert result.outcome.made == (0, 2, 3)
    assert result.outcome.winner == 2
    assert result.outcome.pot_won == 7


def test_three_players():
    setup = make_setup(3)
    result = score({"bids": [2, 2, 3], "tricks": [2, 2, 3]}, setup)
    assert result.outcome.winner == 2
    assert result.after.chips == (9, 9, 12)


def test_state_after_the_deal_keeps_count_of_deals():
    setup = make_setup()
    _, state = play(setup, [EXAMPLE, EXAMPLE])
    assert state.deals == 2
    assert isinstance(state, GameState)
