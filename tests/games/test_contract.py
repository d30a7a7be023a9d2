"""The contract every registered game keeps with the shell, checked for each game in the registry.

Each game's fixture log (tests/gamelog/fixtures) is its worked example: its `computed` part was
worked out by hand. Through the same shell code for every game: the log replays to it, facts
survive the trip to log form and back, the cached state survives JSON, and import, the game
page, undo, edit, what-if and export all work.
"""

from __future__ import annotations

import json

import pytest
from django.template.loader import get_template
from django.urls import reverse
from django.utils.html import escape

from scorekeeper import registry
from scorekeeper.core.game import replay
from scorekeeper.gamelog import dump_log, load_log
from scorekeeper.games import services
from scorekeeper.games.models import Deal
from tests.support.logs import fixture_log as fixture
from tests.support.logs import fixture_path, game_keys

KEYS = game_keys()


def test_every_registered_game_has_its_fixture_log():
    assert [key for key in KEYS if not fixture_path(key).exists()] == []


@pytest.mark.parametrize("key", KEYS)
def test_the_fixture_replays_to_its_hand_worked_computed(key):
    doc = fixture(key)
    loaded = load_log(doc)
    assert dump_log(loaded.setup, loaded.deals, loaded.state) == doc


@pytest.mark.parametrize("key", KEYS)
def test_facts_survive_the_trip_to_log_form_and_back(key):
    doc = fixture(key)
    rules = registry.game(key).rules
    setup = rules.setup(doc)
    for deal in doc["deals"]:
        facts = rules.parse_deal(deal, setup)
        again = rules.parse_deal(rules.deal_to_log(facts), setup)
        assert rules.deal_to_log(again) == rules.deal_to_log(facts)


@pytest.mark.parametrize("key", KEYS)
def test_every_state_survives_the_cache(key):
    doc = fixture(key)
    rules = registry.game(key).rules
    setup = rules.setup(doc)
    replayed, _ = replay(rules, setup, doc["deals"])
    for deal in replayed:
        for state in (deal.result.before, deal.result.after):
            cached = json.loads(json.dumps(rules.state_to_cache(state)))
            assert rules.state_from_cache(cached, setup) == state


@pytest.mark.parametrize("key", KEYS)
def test_the_setup_survives_its_envelope(key):
    rules = registry.game(key).rules
    setup = rules.setup(fixture(key))
    assert rules.setup(rules.envelope(setup)) == setup


@pytest.mark.parametrize("key", KEYS)
def test_the_shell_pieces_exist(key):
    entry = registry.game(key)
    for name in (entry.board_template, entry.deal_fields_template, entry.fresh_template):
        get_template(name)
    get_template(entry.rules_template)
    assert entry.rules.seat_counts and entry.rules.name


@pytest.mark.parametrize("key", KEYS)
def test_every_rule_anchor_of_the_fixture_is_on_the_rules_page(key, client):
    doc = fixture(key)
    loaded = load_log(doc)
    page = client.get(reverse("rules", args=[key])).content.decode()
    anchors = {line.rule for d in loaded.deals for line in d.result.outcome.lines}
    assert anchors and all(f'id="{a}"' in page for a in anchors), anchors


@pytest.mark.django_db
@pytest.mark.parametrize("key", KEYS)
def test_import_page_undo_edit_what_if_export_through_one_shell(key, client, factory):
    doc = fixture(key)
    owner = factory.make_user()
    client.force_login(owner)
    game = services.import_game(doc, owner=owner)
    assert game.kind == key
    n = len(doc["deals"])

    page = client.get(reverse("game", args=[game.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert f'id="deal-{n}"' in html
    assert escape(doc["computed"]["deals"][0]["explanation"][0]) in html

    exported = client.get(reverse("game_export", args=[game.pk])).json()
    assert exported == doc

    what_if = client.get(reverse("deal_what_if", args=[game.pk, 1]))
    assert what_if.status_code == 200 and b"As recorded" in what_if.content

    # Editing deal 1 to the facts it has changes no score.
    first = Deal.objects.get(game=game, number=1).facts
    services.edit_deal(game, 1, first, user=owner)
    assert client.get(reverse("game_export", args=[game.pk])).json()["computed"] == doc["computed"]

    # Undo takes the last deal off; the game is then the log of the others.
    response = client.post(reverse("deal_undo", args=[game.pk]), {"number": n})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deals.count() == n - 1
    shorter = load_log({**doc, "deals": doc["deals"][:-1]})
    rules = registry.game(key).rules
    assert game.state_cache == json.loads(json.dumps(rules.state_to_cache(shorter.state)))
    opening = {k: v for k, v in doc["deals"][-1].items() if k in rules.opening_fields}
    assert game.opening == opening  # a two-step game's bids come back as the coming deal's
