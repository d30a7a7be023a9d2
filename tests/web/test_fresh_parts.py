"""The deal form's parts written in one pass for the record answer (games/templatetags/
fresh_parts.py: Thunee's and Zhao Pengyou's fresh fields; game_parts.py: the preview) write what
their partials wrote before, byte for byte: at every point of the games' fixture logs, with a
fresh form and one with errors, in English and Chinese."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.template import engines
from django.utils import translation
from django.utils.functional import lazy

from scorekeeper import registry
from tests.web.test_game_boards import _points_of_the_game

# The partials as they were (templates/games/thunee/deal_fields.html,
# zhao-pengyou/deal_fields.html and deal_form.html), their inner partials written out.
THUNEE_FRESH_BEFORE = (
    "{# after a recorded deal the browser resets the form; these follow the new s"
    'tate #}\n{% with oob=True %}<div id="deal-notes"{% if oob %} hx-swap-oob="tru'
    'e"{% endif %}>{% for note in form.notes %}<p class="warning">⚠ {{ note }}</p'
    '>{% endfor %}</div><fieldset id="trump-maker-field"{% if oob %} hx-swap-oob='
    '"true"{% endif %}><legend>{% translate "Made trumps" %}</legend>{% with fiel'
    "d=form.trump_maker %}{# the tag itself, not widgets.html#seat-chips: sent wi"
    "th every deal #}\n{% seat_chips field setup.players|length %}\n{% if field.err"
    "ors %}{{ field.errors }}{% endif %}\n{% endwith %}</fieldset>{% endwith %}\n"
)
ZHAO_PENGYOU_FRESH_BEFORE = (
    "{# after a recorded deal the browser resets the form; these follow the new s"
    "tate (the team's chips only where the last deal names the next trump maker: "
    "otherwise the reset leaves them as they must be) #}\n{% with oob=True %}\n  <f"
    'ieldset id="trump-maker-field"{% if oob %} hx-swap-oob="true"{% endif %}><le'
    'gend>{% translate "Made trumps" %}</legend>\n    <div class="chips zp-seats c'
    'ols-{{ board.columns|default:3 }}" data-levels="{{ form.seat_levels }}">{% s'
    "eat_radio_chips form.trump_maker form.barred_seats %}</div>\n    {{ form.trum"
    "p_maker.errors }}\n  </fieldset>\n  {% if setup.rules.by_result %}\n  <fieldset"
    ' id="zp-team-field" class="zp-team"{% if oob %} hx-swap-oob="true"{% endif %'
    '} data-max-team="{{ setup.max_team }}"\n            data-says-full="{% transl'
    "ate 'team of {n}: full' %}\" data-says-short=\"{% translate 'team of {n}: {sho"
    "rt} short' %}\" data-says-over=\"{% translate 'team of {n}: {over} too many' %"
    '}">\n    <legend>{% translate "Friends: who ended up on the trump maker\'s tea'
    'm" %}</legend>\n    <p class="hint">{% blocktranslate trimmed with most=setup'
    ".max_team players=setup.seats %}Tap each friend. The trump maker is on the t"
    "eam anyway; {{ players }} players: at most {{ most }}.{% endblocktranslate %"
    '}\n      <output class="zp-team-count" data-testid="team-count" aria-live="po'
    'lite"></output></p>\n    <div class="chips zp-seats cols-{{ board.columns|def'
    'ault:3 }}">{% for chip in form.team_seats %}<label class="chip{% if chip.mak'
    'er %} maker{% endif %}"><input type="checkbox" name="team" value="{{ chip.se'
    'at }}" id="{{ chip.id }}"{% if chip.checked %} checked{% endif %}{% if chip.'
    'maker %} data-maker="1"{% endif %}><span>{{ chip.name }}</span></label>{% en'
    "dfor %}</div>\n    {{ form.team.errors }}\n  </fieldset>\n  {% endif %}{% endwi"
    "th %}\n"
)
PREVIEW_BEFORE = (
    '\n<div id="preview-body" class="preview-body" aria-live="polite"{% if oob %} '
    'hx-swap-oob="true"{% endif %}>\n{% if result %}\n  {% for w in result.outcome.'
    'warnings %}<p class="warning">⚠ {{ w|said }}</p>{% endfor %}\n  {% explanatio'
    "n_lines result.outcome.lines %}\n{% elif opening %}\n  {% explanation_lines op"
    'ening.lines %}\n{% elif problems %}\n  <p class="muted">{% translate "Still ne'
    'eded before saving:" %}</p>\n  <ul class="problems todo">{% for p in problems'
    ' %}<li>{{ p }}</li>{% endfor %}</ul>\n{% elif form.errors %}\n  <ul class="pro'
    'blems">{% for field, errs in form.errors.items %}{% for e in errs %}<li>{{ e'
    ' }}</li>{% endfor %}{% endfor %}</ul>\n{% else %}\n  <p class="muted">{% trans'
    'late "The outcome shows here as you fill in the deal." %}</p>\n{% endif %}\n</'
    "div>\n"
)

LANGUAGES = ["en", "zh-hans"]
CASES = [
    ("thunee", None),
    ("thunee", {"two_to_clear": "on"}),
    ("zhao-pengyou", None),
    ("zhao-pengyou", {"scoring": "active-passive"}),
    ("zhao-pengyou", {"starter": "by-result"}),
]
# What a phone may post: nothing, or a seat that is not there and a team of strangers.
POSTS = [None, {"trump_maker": "9", "team": ["7", "x"], "kind": "play"}]


def _render(source: str, context: dict) -> str:
    return engines["django"].from_string(source).render(context)


def _forms(entry, setup, state):
    for data in POSTS:
        args = () if data is None else (data,)
        form = entry.deal_form(
            *args, setup=setup, state=state, rules=entry.rules, stage="full", opening=None
        )
        if data is not None:
            form.is_valid()
        yield form


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("kind", "house_rules"), CASES)
def test_the_fresh_fields_are_what_their_partials_wrote(kind, house_rules, language):
    entry = registry.game(kind)
    before = "{% load i18n deal_widgets %}" + (
        THUNEE_FRESH_BEFORE if kind == "thunee" else ZHAO_PENGYOU_FRESH_BEFORE
    )
    compared = 0
    with translation.override(language):
        for setup, state, _ in _points_of_the_game(kind, house_rules):
            board = entry.board(setup, state)
            for form in _forms(entry, setup, state):
                for page in ({"board": board}, {"board": {}}, {}):
                    context = {"entry": entry, "setup": setup, "form": form, **page}
                    new = _render("{% load fresh_parts %}{% fresh_fields %}", context)
                    assert new == _render(before, context)
                    compared += 1
    assert compared >= 12


def test_the_other_games_fresh_fields_are_their_partials():
    entry = registry.game("nigerian-thuni")
    setup, state, _ = next(_points_of_the_game("nigerian-thuni"))
    form = entry.deal_form(setup=setup, state=state, rules=entry.rules, stage="opening")
    context = {"entry": entry, "setup": setup, "form": form, "game_url": "/games/3/"}
    new = _render("{% load fresh_parts %}{% fresh_fields %}", context)
    assert new == _render("{% include entry.fresh_template %}", context)
    assert 'hx-swap-oob="true"' in new


LINE = SimpleNamespace(code="a<b", rule="r&1", text='Asha & <Dev> "x"', data=None)
PREVIEWS = [
    {},
    {"oob": True},
    {"result": SimpleNamespace(outcome=SimpleNamespace(warnings=["w<1>", LINE], lines=[LINE]))},
    {"result": SimpleNamespace(outcome=SimpleNamespace(warnings=[], lines=[]))},
    {"opening": SimpleNamespace(lines=[LINE, LINE]), "oob": False},
    {"problems": ["the <call>", lazy(lambda: "lazy & late", str)()]},
    {"form": SimpleNamespace(errors={"kind": ["Pick <one>"], "__all__": ["a", "b&"]})},
    {"form": SimpleNamespace(errors={}), "problems": []},
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PREVIEWS)
def test_the_preview_is_what_its_partial_wrote(page, language):
    context = {"entry": registry.game("thunee"), "rules_url": "/rules/thunee/", **page}
    with translation.override(language):
        before = _render("{% load i18n say %}" + PREVIEW_BEFORE, context)
        new = _render("{% load game_parts %}{% preview_body %}", context)
    assert new == before and 'id="preview-body"' in new
