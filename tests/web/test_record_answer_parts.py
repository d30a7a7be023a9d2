"""What the record answer must still carry when it sends only its part of the page: an undo
button whose CSRF token (Django's own, masked afresh in each answer) works without JavaScript,
no second bids form for a phone that keeps one, and no template lookup failing on the way."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper import registry
from tests.bench.tables import ENDLESS
from tests.thunee.endless import thunee_next

TWO_STEP = [key for key in ENDLESS if registry.game(key).rules.opening_fields]  # bids, then tricks


@pytest.mark.django_db
def test_the_undo_button_of_a_record_answer_works_without_javascript(factory):
    house_rules, players, _ = ENDLESS["thunee"]
    game = factory.make_game(game="thunee", house_rules=house_rules, players=players)
    client = Client(enforce_csrf_checks=True)
    client.force_login(game.owner)
    client.get(reverse("home"))  # the CSRF cookie, as a page load sets it
    secret = client.cookies["csrftoken"].value
    data = {**thunee_next(game), "token": str(uuid.uuid4())}
    answer = client.post(
        reverse("deal_record", args=[game.pk]),
        data,
        HTTP_HX_REQUEST="true",
        HTTP_X_CSRFTOKEN=secret,
    )
    assert answer.status_code == 200
    tokens = re.findall(
        r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"', answer.content.decode()
    )
    assert tokens and secret not in answer.content.decode()  # masked, never the secret itself
    # A token that is not the answer's is refused: the check below is Django's, really made.
    forged = client.post(
        reverse("deal_undo", args=[game.pk]), {"csrfmiddlewaretoken": "x" * 64, "number": 1}
    )
    assert forged.status_code == 403 and game.deals.count() == 1
    # The undo form posted as a browser without JavaScript would: the token in the form only.
    undone = client.post(
        reverse("deal_undo", args=[game.pk]), {"csrfmiddlewaretoken": tokens[0], "number": 1}
    )
    assert undone.status_code == 302
    assert game.deals.count() == 0


@pytest.mark.django_db
def test_two_answers_mask_the_token_differently(factory):
    house_rules, players, _ = ENDLESS["thunee"]
    game = factory.make_game(game="thunee", house_rules=house_rules, players=players)
    client = Client(enforce_csrf_checks=True)
    client.force_login(game.owner)
    client.get(reverse("home"))
    secret = client.cookies["csrftoken"].value
    seen = set()
    for _ in range(2):
        data = {**thunee_next(game), "token": str(uuid.uuid4())}
        html = client.post(
            reverse("deal_record", args=[game.pk]),
            data,
            HTTP_HX_REQUEST="true",
            HTTP_X_CSRFTOKEN=secret,
        ).content.decode()
        seen.update(re.findall(r'name="csrfmiddlewaretoken" value="([A-Za-z0-9]+)"', html))
    assert len(seen) == 2


@pytest.mark.django_db
@pytest.mark.parametrize("key", TWO_STEP)
def test_a_two_step_answer_sends_no_bids_form_to_a_phone_that_keeps_one(key, factory, client):
    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(game=key, house_rules=house_rules, players=players)
    client.force_login(game.owner)
    url = reverse("deal_record", args=[game.pk])
    kept = client.post(url, {**next_post(game), "token": str(uuid.uuid4())}, HTTP_HX_REQUEST="true")
    html = kept.content.decode()
    assert kept.status_code == 200 and 'id="deal-1"' in html
    assert 'id="deal-form"' not in html and 'id="main"' not in html
    assert "deal-form-kept" in kept["HX-Trigger"] and "HX-Retarget" not in kept
    assert '<input type="hidden" name="stage" value="opening">' in html
    assert '<input type="hidden" name="expected_number" value="2">' in html
    # A phone without a kept form (no offline script, or its forms not fetched yet) gets the
    # top of the page with a fresh bids form, as before.
    data = {**next_post(game), "token": str(uuid.uuid4())}
    data["keeps"] = "nothing"
    whole = client.post(url, data, HTTP_HX_REQUEST="true")
    html = whole.content.decode()
    assert (
        'id="deal-2"' in html and 'id="main"' in html and 'class="deal-form stage-opening"' in html
    )
    assert whole["HX-Retarget"] == "#main" and "deal-form-kept" not in whole["HX-Trigger"]


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(ENDLESS))
def test_no_lookup_fails_while_a_record_answer_is_rendered(key, factory, client):
    """A name a template asks for and the context lacks costs an exception and a log call."""
    import logging

    failed = []

    class Catch(logging.Handler):
        def emit(self, record):
            failed.append(record.getMessage())

    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(game=key, house_rules=house_rules, players=players)
    client.force_login(game.owner)
    logger, handler = logging.getLogger("django.template"), Catch()
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        for _ in range(2):
            data = {**next_post(game), "token": str(uuid.uuid4())}
            answer = client.post(
                reverse("deal_record", args=[game.pk]), data, HTTP_HX_REQUEST="true"
            )
            assert answer.status_code == 200
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert failed == []
