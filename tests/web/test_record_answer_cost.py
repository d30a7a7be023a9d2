"""What the record answer does to cost less, checked for what it must still do: the undo
button's CSRF token (masked here, not by Django's slower get_token) is one Django accepts, and
the explanation lines built in one pass read as the template loop wrote them."""

from __future__ import annotations

import re
import uuid

import pytest
from django.middleware.csrf import _unmask_cipher_token
from django.template import engines
from django.test import Client
from django.urls import reverse

from scorekeeper import registry
from scorekeeper.core.explain import Line
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
    assert tokens and all(len(t) == 64 and _unmask_cipher_token(t) == secret for t in tokens)
    assert secret not in answer.content.decode()  # masked, never the secret itself
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


LOOP = (
    '{% load i18n say %}<ul class="lines">{% for line in lines %}<li class="line-{{ line.code }}">'
    '{{ line|said }} <a class="rule" href="{{ rules_url }}#{{ line.rule }}" title="{% translate'
    " 'The rule this applied' %}\" aria-label=\"{% translate 'Rule' %}: {{ line.rule }}\">"
    '{% translate "rule" %}</a></li>{% endfor %}</ul>'
)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_explanation_lines_write_what_the_template_loop_wrote(language):
    from django.utils import translation

    lines = [
        Line("count", "152 in cards <b>& more</b>", "counting"),
        Line(
            "trumps",
            "x",
            "calls",
            data={"template": "The deal passes to {name}.", "name": "Asha & <Dev>"},
        ),
    ]
    context = {"lines": lines, "rules_url": "/rules/thunee/"}
    with translation.override(language):
        before = engines["django"].from_string(LOOP).render(context)
        now = (
            engines["django"]
            .from_string("{% load say %}{% explanation_lines lines %}")
            .render(context)
        )
    assert now == before
    assert "&lt;b&gt;&amp; more" in now and "Asha &amp; &lt;Dev&gt;" in now


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
    del data["bids_form"]
    whole = client.post(url, data, HTTP_HX_REQUEST="true")
    html = whole.content.decode()
    assert (
        'id="deal-2"' in html and 'id="main"' in html and 'class="deal-form stage-opening"' in html
    )
    assert whole["HX-Retarget"] == "#main" and "deal-form-kept" not in whole["HX-Trigger"]


# The log row's partial as it was (templates/games/game.html#log-row), before games/templatetags/
# deal_rows.py wrote it in one pass.
ROW_BEFORE = (
    "{% load i18n say %}\n"
    '<li id="deal-{{ row.number }}" class="deal">\n'
    '  <div class="deal-head">\n'
    "    <strong>{% blocktranslate with number=row.number %}Deal {{ number }}"
    "{% endblocktranslate %}</strong>\n"
    '    {% if row.dealer %}<span class="muted">{% if dealer_word == "starts" %}{% blocktranslate'
    " with name=row.dealer %}{{ name }} started{% endblocktranslate %}{% else %}{% blocktranslate"
    " with name=row.dealer %}{{ name }} dealt{% endblocktranslate %}{% endif %}</span>{% endif %}\n"
    '    <span class="deal-balls">{{ row.headline|said }}</span>\n'
    '    <span class="muted">→ {{ row.score_after|said }}</span>\n'
    "  </div>\n"
    "  {% explanation_lines row.lines %}\n"
    '  {% if not via_link %}<p class="deal-actions small"><a href="{{ game_url }}deals/'
    '{{ row.number }}/what-if/">{% translate "What if…" %}</a>{% if not read_only %} · <a href="'
    '{{ game_url }}deals/{{ row.number }}/edit/">{% blocktranslate with number=row.number %}Edit'
    ' deal {{ number }}{% endblocktranslate %}{% if row.edited %} {% translate "(edited)" %}'
    "{% endif %}</a>{% endif %}</p>{% endif %}{% if read_only and row.edited %} <span"
    ' class="small muted">{% translate "(edited)" %}</span>{% endif %}\n'
    "</li>\n"
)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
@pytest.mark.parametrize("edited", [False, True])
@pytest.mark.parametrize("dealer", ["", "Asha & <Dev>"])
@pytest.mark.parametrize(
    "page",
    [{}, {"read_only": True}, {"via_link": True, "read_only": True}, {"dealer_word": "starts"}],
)
def test_a_log_row_written_in_one_pass_is_what_the_partial_wrote(language, edited, dealer, page):
    from django.utils import translation

    from scorekeeper.games.presenters import LogRow

    row = LogRow(
        number=12,
        dealer=dealer,
        headline="A +1 <b>",
        lines=[Line("count", "152 & more", "counting")],
        edited=edited,
        is_last=True,
        score_after="3–4",
    )
    context = {"row": row, "game_url": "/games/7/", "rules_url": "/rules/thunee/", **page}
    with translation.override(language):
        before = engines["django"].from_string(ROW_BEFORE).render(context)
        now = engines["django"].from_string("{% load deal_rows %}\n{% deal_row row %}\n")
        now = now.render(context)
    assert now == before
    assert "Asha &amp; &lt;Dev&gt;" in now or not dealer


CHANGE_BEFORE = (
    "{% load i18n %}{% with number=change.number who=change.by %}{% if change.action =="
    ' "recorded" %}{% blocktranslate %}Deal {{ number }} recorded by {{ who }}{% endblocktranslate'
    ' %}{% elif change.action == "edited" %}{% blocktranslate %}Deal {{ number }} edited by'
    ' {{ who }}{% endblocktranslate %}{% elif change.action == "undone" %}{% blocktranslate %}Deal'
    " {{ number }} undone by {{ who }}{% endblocktranslate %}{% else %}{% blocktranslate %}Deal"
    " {{ number }} begun by {{ who }}{% endblocktranslate %}{% endif %}{% endwith %} · <time"
    ' datetime="{{ change.at|date:\'c\' }}">{{ change.at|date:"H:i" }}</time>'
)


@pytest.mark.parametrize("language", ["en", "zh-hans"])
@pytest.mark.parametrize("action", ["recorded", "edited", "undone", "opened"])
def test_the_change_text_written_in_one_pass_is_what_the_partial_wrote(language, action):
    import datetime

    from django.utils import timezone, translation

    from scorekeeper.games.live import Change

    at = datetime.datetime(2026, 3, 1, 22, 5, 7, 123456, tzinfo=datetime.UTC)
    change = Change(7, action, "asha & <b>", at)
    with translation.override(language), timezone.override("Africa/Johannesburg"):
        before = engines["django"].from_string(CHANGE_BEFORE).render({"change": change})
        now = engines["django"].from_string("{% load change_text %}{% change_text change %}")
        now = now.render({"change": change})
    assert now == before
    assert "asha &amp; &lt;b&gt;" in now and ">00:05</time>" in now  # in the reader's time zone


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


@pytest.mark.parametrize("sign", ["♣", "<&>"])
def test_a_ball_cards_pips_and_a_bag_meter_are_as_the_loops_wrote_them(sign):
    pips_before = "<i>{{ s }}</i>" * 6
    marks_before = '{% for full in m %}<i{% if full %} class="full"{% endif %}></i>{% endfor %}'
    context = {"s": sign, "m": [True, True, False, False]}
    render = lambda source: engines["django"].from_string(source).render(context)  # noqa: E731
    assert render("{% load boards %}{{ s|pips:6 }}") == render(pips_before)
    assert render("{% load boards %}{{ m|marks }}") == render(marks_before)
