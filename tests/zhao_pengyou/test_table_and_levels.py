"""The decoded per-player-count table, the cards with house rules, and the level names."""

from __future__ import annotations

import pytest

from scorekeeper.rules.zhao_pengyou import TABLE, deck, level_name, parse_level, row_for

from .support import make_setup

# The rules README's decoded table, column by column.
DECODED = {
    # players: (packs, red, black, each, total, kitty, max team, min defenders, called)
    5: (2, 2, 2, 20, 108, 8, 2, 3, 1),
    6: (2, 2, 2, 17, 108, 6, 3, 3, 2),
    7: (2, 0, 0, 14, 104, 6, 3, 4, 2),
    8: (3, 2, 0, 19, 158, 6, 4, 4, 3),
    9: (3, 3, 0, 17, 159, 6, 4, 5, 3),
    10: (3, 0, 0, 15, 156, 6, 5, 5, 4),
    11: (3, 2, 2, 14, 160, 6, 5, 6, 4),
    12: (4, 2, 0, 17, 210, 6, 6, 6, 5),
}


@pytest.mark.parametrize("players", sorted(DECODED))
def test_decoded_table(players):
    row = row_for(players)
    assert (
        row.packs,
        row.red_jokers,
        row.black_jokers,
        row.cards_per_player,
        row.total_cards,
        row.kitty,
        row.max_team,
        row.min_defenders,
        row.cards_called,
    ) == DECODED[players]


@pytest.mark.parametrize("players", sorted(DECODED))
def test_the_table_adds_up(players):
    row = TABLE[players]
    assert row.cards_per_player * players + row.kitty == row.total_cards
    assert row.max_team + row.min_defenders == players
    assert row.cards_called == row.max_team - 1


@pytest.mark.parametrize("players", sorted(DECODED))
def test_setup_takes_the_table(players):
    setup = make_setup(players)
    row = TABLE[players]
    assert (setup.packs, setup.kitty, setup.max_team, setup.min_defenders) == (
        row.packs,
        row.kitty,
        row.max_team,
        row.min_defenders,
    )
    assert setup.card_points == 100 * row.packs
    d = setup.deck
    assert (d.packs, d.red_jokers, d.black_jokers, d.cards_per_player, d.kitty) == (
        row.packs,
        row.red_jokers,
        row.black_jokers,
        row.cards_per_player,
        row.kitty,
    )
    assert d.total_cards == row.total_cards


def test_house_rules_override_packs_and_kitty():
    setup = make_setup(6, packs=3, kitty=8)
    assert (setup.packs, setup.kitty, setup.card_points) == (3, 8, 300)
    assert setup.max_team == 3  # the team still follows the player count


def test_seven_players_three_packs_kitty_of_eight():
    """The text's variant: 7 players, three packs plus jokers (162 cards), 22 each, 8 left."""
    d = deck(7, 3, 8)
    assert (d.jokers, d.cards_per_player, d.kitty, d.total_cards) == (6, 22, 8, 162)


def test_five_players_kitty_of_six_without_black_jokers():
    """The text's variant: 5 players can drop the black jokers and keep a kitty of 6."""
    d = deck(5, 2, 6)
    assert (d.jokers, d.cards_per_player) == (2, 20)


def test_when_jokers_cannot_even_the_deal_worthless_cards_come_out():
    d = deck(12, 2, 6)  # 98 cards before jokers: 4 jokers are not enough for 12 players
    assert (d.jokers, d.removed, d.cards_per_player) == (0, 2, 8)
    assert d.cards_per_player * 12 + d.kitty == d.total_cards


# ---- levels ------------------------------------------------------------------------------------


def test_level_names_up_to_ace_and_past():
    assert [level_name(s) for s in range(15)] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "past A", "past A",
    ]  # fmt: skip


@pytest.mark.parametrize("rule", ["win", "joker-laps", "joker-laps-skip-low"])
def test_level_names_read_back(rule):
    for step in range(60):
        name = level_name(step, rule)
        if name != "past A":
            assert parse_level(name, rule) == step


def test_parse_level_accepts_rank_numbers_and_refuses_the_rest():
    assert parse_level(2, "win") == 0
    assert parse_level(10, "win") == 8
    assert parse_level(" J ", "win") == 9
    for bad in (1, 11, "1", "11", "past A", "Joker", "2+", None, True, 2.0):
        assert parse_level(bad, "win") is None
    assert parse_level("5+", "joker-laps") is not None
    assert parse_level("5+", "joker-laps-skip-low") is None
    assert parse_level("Joker+", "joker-laps-skip-low") == 19
