"""The names the offline script shares with the server, said once in static/js/offline/names.js,
each checked here against what the server sends or renders: a header, event, field, path or
element renamed on one side only fails here (tests/js/*.test.mjs test the script's rules)."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse

from scorekeeper import registry
from tests.bench.tables import ENDLESS
from tests.nights.conftest import club  # noqa: F401 - the fixture the closed table needs
from tests.nights.test_late_deals import closed, the_deal  # noqa: F401 - `closed` is a fixture

NAMES_JS = Path(__file__).resolve().parents[2] / "static/js/offline/names.js"
EXPORT = re.compile(r"^export const (\w+) = (.*?);(?: //[^\n]*)?$", re.M | re.S)
HTMX = {"HTTP_HX_REQUEST": "true"}
TWO_STEP = [key for key in ENDLESS if registry.game(key).rules.opening_fields]
ONE_STEP = [key for key in ENDLESS if not registry.game(key).rules.opening_fields]


def shared_names() -> dict[str, Any]:
    """names.js's exports: each a string, a list of strings or an object of strings."""
    source = NAMES_JS.read_text()
    names: dict[str, Any] = {}
    for name, value in EXPORT.findall(source):
        if value.startswith("{"):
            names[name] = dict(re.findall(r'^\s*(\w+): "([^"]*)",', value, re.M))
        elif value.startswith("["):
            names[name] = re.findall(r'"([^"]*)"', value)
        else:
            names[name] = json.loads(value)
    assert len(names) == source.count("export const "), "an export this test cannot read"
    return names


NAMES = shared_names()
FIELD, ID = NAMES["FIELD"], NAMES["ID"]


def _game(factory, client, key: str, deals: int = 1):
    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(game=key, house_rules=house_rules, players=players)
    client.force_login(game.owner)
    for _ in range(deals):
        data = {**next_post(game), "token": str(uuid.uuid4())}
        client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
        game.refresh_from_db()
    return game, next_post


def test_every_name_is_read():
    assert NAMES["LATE_ENTRY_HEADER"] and len(FIELD) > 5 and len(ID) > 10


@pytest.mark.django_db
def test_an_answer_that_did_not_save_the_entry_carries_the_refused_mark(factory, client):
    key = next(iter(ENDLESS))
    game, next_post = _game(factory, client, key, deals=0)
    data = {**next_post(game), "token": str(uuid.uuid4())}
    url = reverse("deal_record", args=[game.pk])
    saved = client.post(url, data, **HTMX)
    assert saved.status_code == 200 and NAMES["REFUSED_HEADER"] not in saved
    # The same deal again under a new token: another phone's, as far as the server knows.
    again = client.post(url, {**data, "token": str(uuid.uuid4())}, **HTMX)
    assert again[NAMES["REFUSED_HEADER"]] == "1" and game.deals.count() == 1


@pytest.mark.django_db
def test_a_deal_after_its_tables_round_ended_says_where_late_entries_go(closed):  # noqa: F811
    _night, _admin, phone, game = closed
    refused = phone.post(reverse("deal_record", args=[game.pk]), the_deal(game), **HTMX)
    assert refused.status_code == 403
    assert refused[NAMES["LATE_ENTRY_HEADER"]] == reverse("night_table_late", args=[game.pk])


@pytest.mark.django_db
@pytest.mark.parametrize("key", TWO_STEP)
def test_a_save_that_keeps_the_bids_form_is_told_to_put_it_in(key, factory, client):
    game, next_post = _game(factory, client, key, deals=0)
    url = reverse("deal_record", args=[game.pk])
    data = {**next_post(game), "token": str(uuid.uuid4()), FIELD["keeps"]: NAMES["KEEPS_BIDS_FORM"]}
    kept = client.post(url, data, **HTMX)
    assert NAMES["FORM_KEPT_EVENT"] in kept["HX-Trigger"]
    game.refresh_from_db()
    data = {**next_post(game), "token": str(uuid.uuid4()), FIELD["keeps"]: ""}  # no hint
    whole = client.post(url, data, **HTMX)
    assert NAMES["FORM_KEPT_EVENT"] not in whole["HX-Trigger"]


def test_the_saves_paths_end_in_their_kinds():
    deals, opened, reopened, undo, edit = NAMES["SAVE_KINDS"]
    names = {deals: "deal_record", opened: "deal_open", reopened: "deal_reopen", undo: "deal_undo"}
    for kind, name in names.items():
        assert reverse(name, args=[7]) == f"/games/7/{kind}/"
    assert reverse("deal_edit", args=[7, 3]) == f"/games/7/{deals}/3/{edit}/"


def test_django_reads_the_csrf_header_the_script_sends():
    read = settings.CSRF_HEADER_NAME  # as Django finds it in request.META
    assert read == "HTTP_" + NAMES["CSRF_HEADER"].upper().replace("-", "_")


@pytest.mark.django_db
@pytest.mark.parametrize("key", [*TWO_STEP[:1], *ONE_STEP[:1]])
def test_the_kept_forms_are_of_the_stages_the_script_knows(key, factory, client):
    game, _ = _game(factory, client, key)
    forms = client.get(reverse("offline_forms", args=[game.pk])).content.decode()
    stages = re.findall(r'class="offline-form" data-stage="(\w+)"', forms)
    full, opening, closing = NAMES["STAGES"]
    assert stages == ([opening, closing] if key in TWO_STEP else [full])


@pytest.mark.django_db
@pytest.mark.parametrize("key", TWO_STEP[:1])
def test_the_game_page_has_the_elements_and_fields_the_script_reads(key, factory, client):
    game, next_post = _game(factory, client, key)
    next_post(game)  # the next deal's bids in (by the services): the page shows them
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "hx-headers='{\"" + NAMES["CSRF_HEADER"] + '"' in page
    ids = set(re.findall(r'\bid="([\w-]+)"', page))
    assert set(ID.values()) - ids == set()
    names = set(re.findall(r'\bname="([\w-]+)"', page))
    assert set(FIELD.values()) - names == {FIELD["keeps"]}  # sent by the script, not the form
