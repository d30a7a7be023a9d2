"""Zhao Pengyou through Django's test client: the new-game form, the deal form (team by name,
points, kitty, last trick, false leads) with its errors at the fields, the level board and "what
would it take", undo, edit and what-if, and the fixture log imported and exported to identical
levels under every house rule of the spec."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Deal, Game
from scorekeeper.rules.zhao_pengyou import (
    GAME,
    GameState,
    Setup,
    promotion_table,
    what_it_takes,
)
from scorekeeper.zhao_pengyou.board import what_it_would_take
from scorekeeper.zhao_pengyou.forms import ZhaoPengyouDealForm
from tests.support.logs import fixture_path

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
FIXTURE = fixture_path("zhao-pengyou")
NAMES = ["Asha", "Bo", "Chen", "Dara", "Esha", "Femi", "Gus", "Hana", "Ivo", "Jun", "Kofi", "Lia"]


def new_game_post(players: int = 6, **over):
    data = {"game": "zhao-pengyou", "first_dealer": 0}
    data.update({f"player_{i}": n for i, n in enumerate(NAMES[:players])})
    data.update(over)
    return data


def deal_post(**fields):
    data = {"token": str(uuid.uuid4())}
    data.update(fields)
    return data


def zp_game(factory, keeper, players: int = 6, **house_rules):
    return factory.make_game(
        keeper, game="zhao-pengyou", players=NAMES[:players], house_rules=house_rules or None
    )


def record(client, game, **fields):
    return client.post(reverse("deal_record", args=[game.pk]), deal_post(**fields), **HTMX)


# ---- new game ----------------------------------------------------------------------------------


def test_new_game_takes_five_to_twelve_names_and_the_house_rules(client_in):
    form = client_in.get(reverse("game_new") + "?game=zhao-pengyou").content.decode()
    assert 'id="id_player_11"' in form and 'id="id_player_12"' not in form
    assert "First starter" in form
    response = client_in.post(
        reverse("game_new"),
        new_game_post(
            12,
            first_dealer=11,
            rule_scoring="active-passive",
            rule_starter="rotate",
            rule_beyond_ace="joker-laps-skip-low",
            rule_packs=5,
            rule_kitty=8,
        ),
    )
    game = Game.objects.get()
    assert response["Location"] == reverse("game", args=[game.pk])
    assert game.kind == "zhao-pengyou"
    assert game.setup["players"] == NAMES and game.setup["first_dealer"] == 11
    assert game.setup["house_rules"] == {
        "scoring": "active-passive",
        "starter": "rotate",
        "beyond_ace": "joker-laps-skip-low",
        "packs": 5,
        "kitty": 8,
    }
    page = client_in.get(response["Location"]).content.decode()
    assert "12 players" in page and "Scoring: Active and passive" in page
    assert "Past Ace: Joker, then round again from 10" in page and "Packs: 5" in page


def test_new_game_needs_five_players(client_in):
    response = client_in.post(reverse("game_new"), new_game_post(4))
    assert response.context["form"].errors["player_4"] == ["Write the name of who sits here."]
    assert not Game.objects.exists()


def test_a_house_rule_out_of_range_is_refused_at_its_field(client_in):
    response = client_in.post(reverse("game_new"), new_game_post(rule_packs=9, rule_kitty=-1))
    errors = response.context["form"].errors
    assert errors["rule_packs"][0] == (
        '9 is not a setting of this house rule: choose one of "standard", or a whole number '
        "(1 to 8)."
    )
    assert "-1 is not a setting of this house rule" in errors["rule_kitty"][0]
    assert not Game.objects.exists()


# ---- the deal form ----------------------------------------------------------------------------


def test_a_deal_is_recorded_from_taps_with_the_trump_maker_on_the_team(client_in, factory, keeper):
    game = zp_game(factory, keeper)
    response = record(
        client_in,
        game,
        trump_maker=2,
        team=[4],  # the trump maker is on the team without being tapped
        defender_points=55,
        kitty_points=10,
        last_trick=5,
        penalty_1_seat=1,
        penalty_1_cards=2,
        trump_rank="2",
        trump_suit="hearts",
        called_0="first A spades",
        called_1="",
        expected_number=1,
    )
    assert response.status_code == 200
    assert Deal.objects.get().facts == {
        "trump_maker": 2,
        "trump": {"rank": "2", "suit": "hearts"},
        "called_cards": ["first A spades"],
        "team": [2, 4],
        "defender_points": 55,
        "kitty_points": 10,
        "last_trick": 5,
        "penalties": [{"seat": 1, "cards_withdrawn": 2}],
    }
    html = response.content.decode()
    # 55 + 2 × 10 (Femi, a defender, won the last trick) - 20 (Bo's false lead) = 55 < 80:
    # +1, doubled for a team one short.
    assert "The defenders&#x27; total: 55 +20 -20 = 55." in html
    assert "Defenders 55 &lt; 80: trump makers +1 × 2 for a team 1 short = +2." in html
    assert 'data-testid="level-2">4</span>' in html and 'data-testid="level-4">4</span>' in html


def test_nobody_made_trumps_records_only_that(client_in, factory, keeper):
    game = zp_game(factory, keeper)
    record(client_in, game, no_trumps="on", trump_maker=1, team=[2], defender_points=40)
    assert Deal.objects.get().facts == {"no_trumps": True}
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Nobody made trumps: no score, the cards are dealt again." in page
    assert '<strong data-testid="dealer">Asha</strong> starts' in page


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"team": [1, 2, 3]},
            "team",
            "6 players: the trump maker's team has at most 3 players, not 4.",
        ),
        ({"trump_maker": ""}, "trump_maker", "Choose who made trumps."),
        ({"defender_points": ""}, "defender_points", "Enter the card points in the defenders'"),
        ({"defender_points": 33}, "defender_points", "33 is not a multiple of 5"),
        ({"defender_points": 205}, "defender_points", "205 is more than the 200 card points"),
        (
            {"defender_points": 180, "kitty_points": 30, "last_trick": 1},
            "defender_points",
            "180 in the defenders' tricks and 30 in the kitty make 210",
        ),
        ({"kitty_points": 20}, "last_trick", "Choose who won the last trick"),
        ({"kitty_points": 70, "last_trick": 1}, "kitty_points", "70 is more than the 60"),
        ({"penalty_2_seat": 3}, "penalty_2_cards", "Enter how many cards went back."),
        ({"penalty_1_cards": 2}, "penalty_1_seat", "Choose who led the false top cards."),
        ({"trump_suit": "clubs"}, "trump_rank", "null is not a rank"),
        ({"penalty_0_cards": 17}, "penalty_0_cards", "Select a valid choice"),
    ],
)
def test_a_refused_deal_says_why_at_the_field_and_keeps_the_taps(
    client_in, factory, keeper, fields, field, message
):
    game = zp_game(factory, keeper)
    data = {"trump_maker": 0, "team": [2], "defender_points": 60, **fields}
    response = record(client_in, game, **data)
    assert response["HX-Retarget"] == "#deal-form"
    errors = response.context["form"].errors
    assert field in errors, errors
    assert any(message.lower() in e.lower() for e in errors[field]), errors
    html = response.content.decode()
    if "team" in fields or field != "team":
        assert 'name="team" value="2" id="id_team_2" checked' in html
    assert not Deal.objects.exists()


def test_the_preview_explains_a_short_team_before_saving(client_in, factory, keeper):
    game = zp_game(factory, keeper)
    response = client_in.post(
        reverse("deal_preview", args=[game.pk]),
        deal_post(trump_maker=0, team=[3], defender_points=30),
    )
    html = response.content.decode()
    assert "Defenders 30 &lt; 40: trump makers +2 × 2 for a team 1 short = +4." in html
    assert "Asha: 2 → 6 (+4)." in html and "Dara: 2 → 6 (+4)." in html
    assert not Deal.objects.exists()
    # With nothing tapped it asks for the trump maker, not also for a team.
    html = client_in.post(reverse("deal_preview", args=[game.pk]), deal_post()).content.decode()
    assert "Choose who made trumps." in html and "trump maker&#x27;s team" not in html


def test_by_result_the_last_deal_names_the_trump_maker(client_in, factory, keeper):
    game = zp_game(factory, keeper, starter="by-result")
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    # Nobody is due to start, not even the first deal: anyone may make trumps in it.
    assert '<strong data-testid="dealer-open">anyone may make trumps</strong>' in page
    assert 'data-testid="dealer">' not in page
    record(client_in, game, trump_maker=0, team=[2], defender_points=30)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    # The trump makers won: Asha's nearest partner in order of play, Chen, makes trumps next.
    assert '<strong data-testid="dealer-open">Chen makes trumps</strong>' in page
    assert "Coming deal: Chen makes trumps, trump rank <strong>6</strong>" in page
    assert 'name="trump_maker" value="2" id="id_trump_maker_2" checked' in page
    response = record(client_in, game, trump_maker=1, team=[], defender_points=30)
    assert "makes trumps, not Bo" in response.context["form"].errors["trump_maker"][0]
    record(client_in, game, trump_maker=2, team=[], defender_points=30)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "started</span>" not in page  # no row names a starter: none was due


def test_a_passive_player_cannot_make_trumps(client_in, factory, keeper):
    game = zp_game(factory, keeper, scoring="active-passive")
    record(client_in, game, trump_maker=0, team=[1, 2], defender_points=30)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert page.count('<span class="tag passive">passive</span>') == 3
    response = record(client_in, game, trump_maker=4, team=[], defender_points=30)
    assert response.context["form"].errors["trump_maker"] == [
        "Esha is passive: only active players may make trumps."
    ]


# ---- the board and what would it take ------------------------------------------------------------


def test_the_level_board_shows_levels_starter_and_last_team(client_in, factory, keeper):
    game = zp_game(factory, keeper, 12)
    record(client_in, game, trump_maker=3, team=[5, 7], defender_points=0)  # 3 short: × 4
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert html.count('data-testid="player-') == 12
    assert 'class="zp-player on-team made-trumps" data-testid="player-3"' in html
    assert 'class="zp-player on-team" data-testid="player-5"' in html
    assert 'class="zp-player" data-testid="player-4"' in html
    assert 'data-testid="level-3">A</span>' in html  # 2 + 3 × 4 = 12 steps: Ace
    assert '<strong data-testid="dealer">Dara</strong> starts' in html
    assert '<span class="tag" data-testid="starts">starts</span>' in html
    assert "trump rank is the trump maker's level: <strong>2</strong> · <strong>A</strong>" in html


@pytest.mark.parametrize(
    ("players", "rules"),
    [(5, {}), (6, {}), (8, {}), (12, {}), (7, {"scoring": "active-passive"}), (9, {"packs": 1})],
)
def test_what_it_takes_is_the_cores_table_for_every_team_size(players, rules):
    setup = Setup.create(players=NAMES[:players], house_rules=rules)
    state = GameState.initial(setup)
    table = what_it_would_take(setup, state)
    assert table.sizes == tuple(range(setup.max_team, 0, -1))
    for column, size in enumerate(table.sizes):
        core = what_it_takes(setup, state, size)
        assert core == promotion_table(setup.packs, setup.max_team - size, setup.rules.scoring)
        assert [(r.low, r.high) for r in table.rows] == [(p.low, p.high) for p in core]
        assert [(r.cells[column].side, r.cells[column].levels) for r in table.rows] == [
            (p.side, p.levels) for p in core
        ]


def test_what_it_takes_on_the_page_and_gone_when_the_game_is_over(client_in, factory, keeper):
    game = zp_game(factory, keeper, 5)  # two packs, a team of at most 2
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert '<th scope="row">5–35</th>' in html and '<th scope="row">200+</th>' in html
    assert '<td class="t">T+6</td>' in html and '<td class="d">D+3</td>' in html
    assert html.count('<td class="n">–</td>') == 2
    log = json.loads(FIXTURE.read_text(encoding="utf-8"))
    finished = services.import_game(json.dumps(log), owner=keeper)
    html = client_in.get(reverse("game", args=[finished.pk])).content.decode()
    assert 'data-testid="what-it-takes"' not in html and "Chen &amp; Dara win!" in html


# ---- undo, edit, what-if -------------------------------------------------------------------------


def test_undo_puts_every_fact_back_in_the_form(client_in, factory, keeper):
    game = zp_game(factory, keeper)
    facts = {
        "trump_maker": 1,
        "team": [1, 0, 5],
        "defender_points": 110,
        "kitty_points": 15,
        "last_trick": 3,
        "penalties": [{"seat": 4, "cards_withdrawn": 1}, {"seat": 0, "cards_withdrawn": 3}],
        "trump": {"rank": "2", "suit": "clubs"},
        "called_cards": ["first A hearts", "first 10 spades"],
    }
    factory.record(game, **facts)
    response = client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 1}, **HTMX)
    form = response.context["form"]
    assert "Deal 1 undone" in response.content.decode()
    initial = ZhaoPengyouDealForm.initial_from_facts(facts)
    assert {key: form.initial[key] for key in initial} == initial
    assert initial["team"] == [0, 5] and initial["penalty_1_cards"] == 3
    data = {k: v for k, v in initial.items() if v is not None}
    record(client_in, game, **data)
    assert Deal.objects.get().facts == {**facts, "team": [1, 0, 5]}


def test_edit_and_what_if_go_through_the_shell(client_in, factory, keeper):
    game = zp_game(factory, keeper)
    factory.record(game, trump_maker=0, team=[0, 2], defender_points=30)  # +4
    factory.record(game, trump_maker=0, team=[0, 2, 4], defender_points=100)  # nobody
    url = reverse("deal_what_if", args=[game.pk, 1])
    html = client_in.post(url, deal_post(trump_maker=0, team=[2, 4], defender_points=30)).content
    html = html.decode()
    assert "trump makers +2 × 2 for a team 1 short = +4." in html  # as recorded
    assert "Defenders 30 &lt; 40: trump makers +2." in html  # what if: a full team
    assert Deal.objects.get(number=1).facts["team"] == [0, 2]
    response = client_in.post(
        reverse("deal_edit", args=[game.pk, 1]),
        deal_post(trump_maker=0, team=[2, 4], defender_points=30),
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.state_cache["levels"] == [2, 0, 2, 0, 2, 0]


# ---- import and export ---------------------------------------------------------------------------


def test_the_fixture_imports_and_exports_to_identical_levels(client_in):
    text = FIXTURE.read_text(encoding="utf-8")
    log = json.loads(text)
    response = client_in.post(reverse("game_import"), {"text": text})
    game = Game.objects.get()
    assert response["Location"] == reverse("game", args=[game.pk])
    exported = json.loads(client_in.get(reverse("game_export", args=[game.pk])).content)
    assert exported["computed"]["state"] == log["computed"]["state"]
    assert exported["computed"]["deals"] == log["computed"]["deals"]
    assert exported["deals"] == log["deals"]
    assert exported["players"] == log["players"] and exported["first_dealer"] == 2
    # The export imports again to the same levels.
    client_in.post(reverse("game_import"), {"text": json.dumps(exported)})
    again = Game.objects.exclude(pk=game.pk).get()
    twice = json.loads(client_in.get(reverse("game_export", args=[again.pk])).content)
    assert twice["computed"] == exported["computed"]
    assert twice["deals"] == exported["deals"]


HOUSE_RULE_GAMES = [
    (
        {"scoring": "active-passive"},
        {"levels": ["3", "2", "5", "2", "2", "2"], "active": [True, False, True, True, True, True]},
    ),
    ({"starter": "rotate"}, None),
    ({"starter": "by-result"}, None),
    ({"beyond_ace": "joker-laps"}, {"levels": ["A", "K", "2", "2", "2", "2"]}),
    ({"beyond_ace": "joker-laps-skip-low"}, {"levels": ["Joker", "A", "10+", "2", "2", "2"]}),
    ({"packs": 3, "kitty": 8}, None),
    ({"packs": 1, "kitty": 1}, None),
]  # fmt: skip


@pytest.mark.parametrize(("house_rules", "start"), HOUSE_RULE_GAMES)
def test_every_house_rule_and_field_round_trips_through_export(
    client_in, keeper, house_rules, start
):
    """Every deal field of the spec (no trumps, trumps, called cards, team, points, kitty, last
    trick, penalties, the starter) under each house rule: export, import, export again."""
    setup = Setup.create(players=NAMES[:6], house_rules=house_rules, start=start)
    state = GameState.initial(setup)
    packs = setup.packs
    deals: list[dict] = []
    # Seats relative to the trump maker: 0 is the trump maker, 1 the next in order of play.
    plans = [
        {"no_trumps": True},
        {"team": [0, 2], "defender_points": 10 * packs, "kitty_points": 5, "last_trick": 2},
        {
            "team": [0, 3, 4],
            "defender_points": 50 * packs,
            "penalties": [{"seat": 1, "cards_withdrawn": 1}],
        },
        {"team": [0], "defender_points": 70 * packs, "kitty_points": 10, "last_trick": 5},
        {
            "team": [0, 1, 2],
            "defender_points": 0,
            "trump": {"rank": "5", "suit": "spades"},
            "called_cards": ["first K hearts"],
        },
    ]
    for plan in plans:
        if state.finished:
            break
        deal = dict(plan)
        if not deal.get("no_trumps"):
            maker = state.trump_maker if state.trump_maker is not None else _active(state)
            team = [maker, *[(maker + s) % 6 for s in plan["team"][1:]]]
            deal.update(trump_maker=maker, team=team)
            if "last_trick" in deal:
                deal["last_trick"] = (maker + deal["last_trick"]) % 6
            for p in deal.get("penalties", []):
                p["seat"] = (maker + p["seat"]) % 6
        if state.starter is not None:
            deal["starter"] = state.starter
        state = GAME.score_deal(GAME.parse_deal(deal, setup), state, setup).after
        deals.append(deal)
    doc = {
        "format": "scorekeeper-game-log",
        "version": 1,
        "game": "zhao-pengyou",
        "house_rules": house_rules,
        "players": NAMES[:6],
        "first_dealer": 0,
        "deals": deals,
    }
    if start:
        doc["start"] = start
    client_in.post(reverse("game_import"), {"text": json.dumps(doc)})
    game = Game.objects.get()
    exported = json.loads(client_in.get(reverse("game_export", args=[game.pk])).content)
    assert exported["deals"] == deals
    for key, value in house_rules.items():
        assert exported["house_rules"][key] == value
    if start:
        assert exported["start"]["levels"] == start["levels"]
        assert exported["start"].get("active") == start.get("active")
    client_in.post(reverse("game_import"), {"text": json.dumps(exported)})
    again = Game.objects.exclude(pk=game.pk).get()
    twice = json.loads(client_in.get(reverse("game_export", args=[again.pk])).content)
    assert twice["computed"] == exported["computed"]
    assert twice["computed"]["state"]["levels"] == exported["computed"]["state"]["levels"]
    assert {k: twice[k] for k in doc} == {k: exported[k] for k in doc}


def _active(state: GameState) -> int:
    return next(seat for seat, active in enumerate(state.active) if active)


def test_odd_posts_to_the_deal_form_never_fail_the_server(client_in, factory, keeper):
    import random

    rng = random.Random(11)
    odd = ["", " ", "0", "-5", "1", "3", "5", "11", "12", "55", "200", "205", "abc", "on", "null",
           "hearts", "J", "1e9", "<b>", "é"]  # fmt: skip
    fields = ["no_trumps", "trump_maker", "team", "defender_points", "kitty_points", "last_trick",
              "trump_rank", "trump_suit", "called_0", "penalty_0_seat", "penalty_0_cards",
              "penalty_2_cards", "expected_number"]  # fmt: skip
    game = zp_game(factory, keeper, 7, starter="by-result")
    for _ in range(40):
        data = {f: rng.choice(odd) for f in fields if rng.random() < 0.7}
        data["token"] = str(uuid.uuid4())
        for view in ("deal_preview", "deal_record"):
            response = client_in.post(reverse(view, args=[game.pk]), data, **HTMX)
            assert response.status_code == 200, (view, data)
    for number in range(1, game.deals.count() + 1):
        for view in ("deal_edit", "deal_what_if"):
            data = {f: rng.choice(odd) for f in fields if rng.random() < 0.7}
            response = client_in.post(reverse(view, args=[game.pk, number]), data)
            assert response.status_code in (200, 302), (view, data)


def test_false_leads_beyond_the_forms_slots_are_kept_through_an_edit(client_in, factory, keeper):
    game = zp_game(factory, keeper)
    penalties = [{"seat": s, "cards_withdrawn": 1} for s in (1, 3, 4, 5)]
    factory.record(game, trump_maker=0, team=[0, 2], defender_points=100, penalties=penalties)
    page = client_in.get(reverse("deal_edit", args=[game.pk, 1])).content.decode()
    assert "And 1 more false lead from the log, kept as it is." in page
    initial = ZhaoPengyouDealForm.initial_from_facts(Deal.objects.get().facts)
    data = deal_post(**{k: v for k, v in initial.items() if v is not None})
    data["defender_points"] = 90
    response = client_in.post(reverse("deal_edit", args=[game.pk, 1]), data)
    assert response.status_code == 302
    assert Deal.objects.get().facts["penalties"] == penalties
    data["penalties_extra"] = '[{"seat": 9, "cards_withdrawn": 1}]'
    response = client_in.post(reverse("deal_edit", args=[game.pk, 1]), data)
    error = response.context["form"].errors["penalties_extra"][0]
    assert "9 is not a seat: the seats are numbered 0 to 5." in error


@pytest.mark.parametrize(
    ("players", "said"), [(5, "1 friend."), (6, "2 friends."), (12, "5 friends.")]
)
def test_the_team_hint_says_how_many_friends_may_be_tapped(
    client_in, factory, keeper, players, said
):
    """The most of the trump maker's team counts the trump maker: the hint says both."""
    game = zp_game(factory, keeper, players=players)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    hint = page.split('id="zp-team-field"', 1)[1].split("</p>", 1)[0]
    most = services.setup_of(game).max_team
    assert f"a team of at most {most}, the trump maker and {said}" in " ".join(hint.split())
