"""Every kind of bad input is refused at its field: the deal's facts, the starter, the end of the
game, the trump maker the house rules allow, and the setup."""

from __future__ import annotations

import pytest

from scorekeeper.core.errors import FactError, GameOver, InvalidFacts, NotThisDealer
from scorekeeper.rules.zhao_pengyou import GAME, GameState, parse_deal, replay

from .support import deal, fields_of, make_setup, play, refused, score

GOOD = deal(0, [0, 1, 2], 60)


def _refused_at(facts, *fields, setup=None, state=None):
    error = refused(facts, setup, state)
    assert fields_of(error) == list(fields), str(error)
    return error


# ---- card points ------------------------------------------------------------------------------


@pytest.mark.parametrize("points", [3, 57, 199])
def test_points_not_a_multiple_of_5(points):
    error = _refused_at({**GOOD, "defender_points": points}, "defender_points")
    assert "multiple of 5" in str(error)


@pytest.mark.parametrize("points", [-5, "60", 60.0, True, None, [60]])
def test_points_not_a_number(points):
    field = "defender_points"
    _refused_at({**GOOD, field: points}, field)


def test_points_over_the_packs_total():
    error = _refused_at({**GOOD, "defender_points": 205}, "defender_points")
    assert "200" in str(error)
    # three packs allow 300
    assert score({**GOOD, "defender_points": 300}, make_setup(6, packs=3)).outcome.side


def test_points_and_kitty_over_the_packs_total():
    """With the kitty (doubled or not) the trick points and the kitty are at most 100 per pack."""
    error = _refused_at(
        {**GOOD, "defender_points": 190, "kitty_points": 20, "last_trick": 4}, "defender_points"
    )
    assert "190" in str(error) and "20" in str(error) and "200" in str(error)
    ok = score({**GOOD, "defender_points": 180, "kitty_points": 20, "last_trick": 4})
    assert ok.outcome.defenders_total == 220  # over 200 only through the doubling


@pytest.mark.parametrize(("kitty", "field_ok"), [(65, False), (60, True), (7, False)])
def test_kitty_points(kitty, field_ok):
    facts = {**GOOD, "kitty_points": kitty, "last_trick": 4}
    if field_ok:
        assert score(facts).outcome.defenders_total == 60 + 2 * kitty
    else:
        _refused_at(facts, "kitty_points")


def test_kitty_points_follow_the_kitty_house_rule():
    _refused_at(
        {**GOOD, "kitty_points": 10, "last_trick": 4}, "kitty_points", setup=make_setup(6, kitty=0)
    )
    setup = make_setup(6, kitty=8)
    assert (
        score({**GOOD, "kitty_points": 80, "last_trick": 4}, setup).outcome.defenders_total == 220
    )


def test_last_trick_missing_with_kitty_points():
    error = _refused_at({**GOOD, "kitty_points": 10}, "last_trick")
    assert error.message == "Choose who won the last trick: the kitty counts for them."
    # with no card points in the kitty it does not matter who won the last trick
    assert score({**GOOD, "kitty_points": 0}).outcome.defenders_total == 60


def test_last_trick_not_a_seat():
    _refused_at({**GOOD, "kitty_points": 10, "last_trick": 6}, "last_trick")


# ---- the team -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "team"), [(5, [0, 1, 2]), (6, [0, 1, 2, 3]), (12, list(range(7)))]
)
def test_team_too_big(players, team):
    error = _refused_at(deal(0, team, 60), "team", setup=make_setup(players))
    assert "at most" in str(error)


@pytest.mark.parametrize("players", range(5, 13))
def test_every_team_size_the_count_allows(players):
    setup = make_setup(players)
    for size in range(1, setup.max_team + 1):
        assert score(deal(0, list(range(size)), 60), setup).outcome.team == tuple(range(size))
    _refused_at(deal(0, list(range(setup.max_team + 1)), 60), "team", setup=setup)


def test_trump_maker_not_on_the_team():
    error = _refused_at(deal(0, [1, 2], 60), "team")
    assert "Asha" in str(error)


def test_trump_maker_alone_is_a_team():
    assert score(deal(0, [0], 60)).outcome.team == (0,)


@pytest.mark.parametrize(
    ("team", "field"),
    [([0, 0, 1], "team.1"), ([0, 9], "team.1"), ([0, "1"], "team.1"), ([], "team"), (3, "team")],
)
def test_team_malformed(team, field):
    _refused_at(deal(0, team, 60), field)


# ---- missing facts, unknown fields --------------------------------------------------------------


@pytest.mark.parametrize("field", ["trump_maker", "team", "defender_points"])
def test_required_fields(field):
    facts = dict(GOOD)
    del facts[field]
    error = refused(facts)
    assert field in fields_of(error)
    codes = {"trump_maker": "WHO_MADE_TRUMPS", "team": "WHO_IS_ON_THE_TEAM"}
    said = [e.code for e in getattr(error, "errors", (error,)) if e.field == field]
    assert said == [codes.get(field, "DEFENDER_POINTS")]


def test_unknown_field():
    _refused_at({**GOOD, "dealer": 0}, "dealer")
    _refused_at({**GOOD, "counting_points": 50}, "counting_points")


def test_not_an_object():
    with pytest.raises(FactError) as info:
        parse_deal([1, 2], make_setup())
    assert info.value.field == "deal"


def test_trump_maker_not_a_seat():
    _refused_at(deal(6, [6], 60), "trump_maker", "team.0")


def test_several_errors_at_once():
    error = refused({"trump_maker": 0, "team": [0, 1, 2, 3], "defender_points": 7, "x": 1})
    assert isinstance(error, InvalidFacts)
    assert sorted(fields_of(error)) == ["defender_points", "team", "x"]


# ---- no trumps ----------------------------------------------------------------------------------


def test_no_trumps_records_nothing_else():
    _refused_at(
        {"no_trumps": True, "trump_maker": 0, "defender_points": 0},
        "trump_maker",
        "defender_points",
    )


def test_no_trumps_must_be_true_or_false():
    _refused_at({"no_trumps": "yes"}, "no_trumps", "trump_maker", "team", "defender_points")


def test_no_trumps_false_is_an_ordinary_deal():
    assert score({**GOOD, "no_trumps": False}).outcome.kind == "played"


# ---- trump and called cards ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trump", "fields"),
    [
        ({"rank": "1", "suit": "hearts"}, ["trump.rank"]),
        ({"rank": "2", "suit": "stars"}, ["trump.suit"]),
        ({"rank": "2"}, ["trump.suit"]),
        ({"rank": "2", "suit": "hearts", "colour": "red"}, ["trump.colour"]),
        ("2 hearts", ["trump"]),
    ],
)
def test_trump_malformed(trump, fields):
    _refused_at({**GOOD, "trump": trump}, *fields)


def test_trump_of_another_rank_is_a_warning_not_an_error():
    result = score({**GOOD, "trump": {"rank": "5", "suit": "hearts"}})
    assert result.outcome.warnings == (
        "The trump rank 5 is not the level of Asha (2): is that right?",
    )
    assert not score({**GOOD, "trump": {"rank": "2", "suit": "hearts"}}).outcome.warnings


@pytest.mark.parametrize(
    ("called", "field"),
    [
        (["first A clubs", "first K clubs", "second A hearts"], "called_cards"),  # 6 players: 2
        ("first A clubs", "called_cards"),
        (["first A clubs", 7], "called_cards.1"),
        (["  "], "called_cards.0"),
    ],
)
def test_called_cards_malformed(called, field):
    _refused_at({**GOOD, "called_cards": called}, field)


def test_called_cards_fewer_than_the_table_are_kept():
    result = score({**GOOD, "called_cards": ["first A clubs"]})
    assert result.facts.called_cards == ("first A clubs",)


# ---- penalties ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("penalties", "fields"),
    [
        ({"seat": 0, "cards_withdrawn": 1}, ["penalties"]),
        ([3], ["penalties.0"]),
        ([{"cards_withdrawn": 1}], ["penalties.0.seat"]),
        ([{"seat": 1}], ["penalties.0.cards_withdrawn"]),
        ([{"seat": 1, "cards_withdrawn": 0}], ["penalties.0.cards_withdrawn"]),
        ([{"seat": 1, "cards_withdrawn": 17}], ["penalties.0.cards_withdrawn"]),  # 17 cards each
        ([{"seat": 6, "cards_withdrawn": 1}], ["penalties.0.seat"]),
        ([{"seat": 1, "cards_withdrawn": 1, "reason": "x"}], ["penalties.0.reason"]),
    ],
)
def test_penalties_malformed(penalties, fields):
    _refused_at({**GOOD, "penalties": penalties}, *fields)


def test_most_cards_withdrawn():
    result = score({**GOOD, "penalties": [{"seat": 1, "cards_withdrawn": 16}]})
    assert result.outcome.defenders_total == 60 + 160


# ---- the starter and the end of the game --------------------------------------------------------


def test_wrong_starter():
    setup = make_setup(6, first=2)
    with pytest.raises(NotThisDealer) as info:
        score({**GOOD, "starter": 3}, setup)
    assert info.value.field == "starter"
    assert "Chen" in str(info.value)
    assert score({**GOOD, "starter": 2}, setup).outcome.dealer == 2


def test_starter_not_a_seat():
    _refused_at({**GOOD, "starter": 7}, "starter")


def test_wrong_starter_in_a_replay_names_the_deal():
    setup = make_setup(6, first=0)
    with pytest.raises(NotThisDealer) as info:
        replay(setup, [{**GOOD, "starter": 0}, {**GOOD, "starter": 1}])
    assert (info.value.deal, info.value.field) == (2, "starter")


def test_deal_after_the_end():
    setup = make_setup(6, start={"levels": ["A", "2", "2", "2", "2", "2"]})
    _, state = play(setup, [GOOD])
    assert state.finished
    with pytest.raises(GameOver):
        score(GOOD, setup, state)
    with pytest.raises(GameOver):
        score({"no_trumps": True}, setup, state)
    with pytest.raises(GameOver) as info:
        replay(setup, [GOOD, GOOD])
    assert info.value.deal == 2


def test_passive_trump_maker_refused():
    setup = make_setup(6, scoring="active-passive")
    _, state = play(setup, [deal(0, [0, 1, 2], 60)])  # 3, 4, 5 lose and turn passive
    error = _refused_at(deal(3, [3, 4], 60), "trump_maker", setup=setup, state=state)
    assert "passive" in str(error)


def test_by_result_trump_maker_must_be_the_one_named():
    setup = make_setup(6, starter="by-result")
    _, state = play(setup, [deal(0, [0, 2], 30)])  # trump makers win: partner 2 next
    error = _refused_at(deal(1, [1, 2], 60), "trump_maker", setup=setup, state=state)
    assert "Chen" in str(error)


# ---- the setup ----------------------------------------------------------------------------------


def _setup_error(**envelope):
    doc = {"players": ["Asha", "Bo", "Chen", "Dara", "Esha", "Femi"], "first_dealer": 0}
    doc.update(envelope)
    with pytest.raises(FactError) as info:
        GAME.setup(doc)
    return fields_of(info.value)


@pytest.mark.parametrize("count", [4, 13])
def test_setup_player_count(count):
    assert _setup_error(players=[f"P{i}" for i in range(count)]) == ["players"]


def test_setup_first_dealer():
    assert _setup_error(first_dealer=6) == ["first_dealer"]


def test_setup_mode_refused():
    assert _setup_error(mode="6p") == ["mode"]


@pytest.mark.parametrize(
    ("rules", "field"),
    [
        ({"scoring": "points"}, "house_rules.scoring"),
        ({"starter": "dealer"}, "house_rules.starter"),
        ({"beyond_ace": "stop"}, "house_rules.beyond_ace"),
        ({"packs": 0}, "house_rules.packs"),
        ({"packs": 9}, "house_rules.packs"),
        ({"packs": "3"}, "house_rules.packs"),
        ({"kitty": -1}, "house_rules.kitty"),
        ({"kitty": True}, "house_rules.kitty"),
        ({"target": 13}, "house_rules.target"),
    ],
)
def test_setup_house_rules(rules, field):
    assert _setup_error(house_rules=rules) == [field]


@pytest.mark.parametrize(
    ("start", "fields"),
    [
        ({"levels": ["2", "2", "2"]}, ["start.levels"]),
        (
            {"levels": ["2", "2", "1", "2", "past A", "B"]},
            ["start.levels.2", "start.levels.4", "start.levels.5"],
        ),
        ({"levels": ["2"] * 5 + ["Joker"]}, ["start.levels.5"]),
        ({"active": [True] * 6}, ["start.active"]),
        ({"balls": [0, 0]}, ["start.balls"]),
        ([1], ["start"]),
    ],
)
def test_setup_start(start, fields):
    assert _setup_error(start=start) == fields


def test_setup_start_active_only_with_active_passive():
    rules = {"scoring": "active-passive"}
    assert _setup_error(house_rules=rules, start={"active": [False] * 6}) == ["start.active"]
    assert _setup_error(house_rules=rules, start={"active": [True] * 5}) == ["start.active"]
    setup = GAME.setup(
        {
            "players": ["Asha", "Bo", "Chen", "Dara", "Esha", "Femi"],
            "house_rules": rules,
            "start": {"levels": [2, 3, "J", "2", "2", "2"], "active": [True, False] + [True] * 4},
        }
    )
    assert setup.start_levels == (0, 1, 9, 0, 0, 0)
    assert GameState.initial(setup).active == (True, False, True, True, True, True)


def test_setup_start_with_laps():
    setup = make_setup(
        6, beyond_ace="joker-laps", start={"levels": ["Joker", "2+", "A++", "2", "2", "2"]}
    )
    assert [setup.level_name(s) for s in setup.start_levels][:3] == ["Joker", "2+", "A++"]
    assert _setup_error(
        house_rules={"beyond_ace": "joker-laps-skip-low"},
        start={"levels": ["5+", "2", "2", "2", "2", "2"]},
    ) == ["start.levels.0"]
