"""The game page's small parts written in one pass (games/templatetags/game_parts.py) write what
their partials wrote before, byte for byte, in English and Chinese, whatever the page holds."""

from __future__ import annotations

import datetime
import uuid
from types import SimpleNamespace

import pytest
from django.template import engines
from django.utils import timezone, translation
from django.utils.functional import lazy

# The partials as they were (templates/games/game.html, deal_form.html, live.html).
UNDO_BEFORE = (
    '<div id="undo"{% if oob %} hx-swap-oob="true"{% endif %}>{% if deals_played and '
    'not read_only %}{% with undo_number=deals_played %}\n<form method="post" action="'
    '{{ game_url }}undo/" hx-post="{{ game_url }}undo/" hx-target="#main" hx-swap="ou'
    'terHTML" hx-confirm="{% blocktranslate with number=undo_number %}Undo deal {{ nu'
    'mber }}? Its facts come back into the form.{% endblocktranslate %}" class="undo"'
    '>\n  <input type="hidden" name="csrfmiddlewaretoken" value="{{ csrf_token }}"><in'
    'put type="hidden" name="number" value="{{ undo_number }}">\n  <button type="submi'
    't" class="secondary">↶ {% blocktranslate with number=undo_number %}Undo deal {{ '
    "number }}{% endblocktranslate %}</button>\n</form>{% endwith %}{% endif %}</div>"
)
DEALER_LINE_BEFORE = (
    '<p id="dealer-line" class="dealer-line"{% if oob %} hx-swap-oob="true"{% endif %'
    "}>{% blocktranslate with number=next_number %}Deal {{ number }}{% endblocktransl"
    'ate %} · {% if dealer_name %}<strong data-testid="dealer">{{ dealer_name }}</str'
    'ong> {% if dealer_word == "starts" %}{% translate "starts" %}{% elif dealer_word'
    ' == "deals" %}{% translate "deals" %}{% else %}{{ dealer_word }}{% endif %}{% el'
    'se %}<strong data-testid="dealer-open">{{ board.dealer_open|default:_("draw for '
    'the deal") }}</strong>{% endif %}{% if board.dealer_note %} · {{ board.dealer_no'
    "te }}{% endif %}</p>"
)
FORM_HEAD_BEFORE = (
    '<div id="deal-form-head"{% if oob %} hx-swap-oob="true"{% endif %}><input type="'
    'hidden" name="token" value="{{ form.token.value }}"><input type="hidden" name="e'
    'xpected_number" value="{{ form.expected_number.value|default_if_none:\'\' }}"><inp'
    'ut type="hidden" name="stage" value="{{ form.stage }}">{% if form.prefilled %}<i'
    'nput type="hidden" name="prefilled" value="1">{% endif %}</div>'
)
SUBMIT_BEFORE = (
    '<button id="deal-submit" class="primary big" type="submit"{% if oob %} hx-swap-o'
    'ob="true"{% endif %}>{% if what_if_number %}{% translate "Compare" %}{% elif edi'
    "t_number %}{% blocktranslate with number=edit_number %}Save changes to deal {{ n"
    'umber }}{% endblocktranslate %}{% elif form.stage == "opening" %}{{ form.opening'
    '_label|default:_("Start the hand") }}{% else %}{% blocktranslate with number=nex'
    "t_number %}Record deal {{ number }}{% endblocktranslate %}{% endif %}</button>"
)
STATUS_BEFORE = (
    '<div id="live-status" class="live-status"{% if oob %} hx-swap-oob="true"{% endif'
    ' %}>\n  {% if live_note %}<p class="live-note" role="alert" data-testid="live-not'
    'e">{% translate "The game changed on another phone. Your entry is kept: check it'
    ' against the new score, then save; if it no longer fits you are told." %}</p>{% '
    'endif %}\n  {% if last_change %}<p class="last-change small muted" data-testid="l'
    'ast-change">{% change_text last_change %}</p>{% endif %}\n  {% if poll %}<span id'
    '="live-poll" hx-get="{% if live_url %}{{ live_url }}?v={{ stamp }}{% else %}{{ g'
    'ame_url }}live/?v={{ stamp }}&amp;t={{ ticket }}{% endif %}" hx-trigger="every {'
    '{ poll_seconds }}s" hx-swap="none" data-gone="{% translate \'This game can no lon'
    "ger be followed from here: the link was revoked or your place at the game was ta"
    'ken away.\' %}" aria-hidden="true"></span>{% endif %}\n</div>'
)

LANGUAGES = ["en", "zh-hans"]
NASTY = 'Asha & <Dev> "x"'


def _both(before: str, tag: str, context: dict, language: str) -> tuple[str, str]:
    django_engine = engines["django"]
    with translation.override(language):
        old = django_engine.from_string("{% load i18n change_text %}" + before).render(context)
        new = django_engine.from_string("{% load game_parts %}" + tag).render(context)
    return old, new


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "page",
    [
        {},
        {"oob": True, "deals_played": 12, "game_url": "/games/7/", "csrf_token": "tok&en"},
        {"deals_played": 3, "read_only": True, "game_url": "/games/7/"},
        {"deals_played": 0, "game_url": "/games/7/"},
        {"deals_played": 5, "game_url": NASTY, "csrf_token": lazy(lambda: "lazy<", str)()},
    ],
)
def test_the_undo_button(language, page):
    old, new = _both(UNDO_BEFORE, "{% undo_button %}", page, language)
    assert new == old


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "page",
    [
        {},
        {"next_number": 4, "dealer_name": NASTY, "dealer_word": "deals", "board": {}},
        {"next_number": 4, "dealer_name": "Asha", "dealer_word": "starts", "oob": True},
        {"next_number": 4, "dealer_name": "Asha", "dealer_word": NASTY, "board": {}},
        {"next_number": 9, "dealer_name": None, "board": {"dealer_note": NASTY}},
        {"next_number": 9, "board": {"dealer_open": NASTY, "dealer_note": ""}},
        {"next_number": 1000, "board": SimpleNamespace(dealer_open="", dealer_note="n")},
    ],
)
def test_the_dealer_line(language, page):
    old, new = _both(DEALER_LINE_BEFORE, "{% dealer_line %}", page, language)
    assert new == old


class Bound:
    def __init__(self, value):
        self._value = value

    def value(self):
        return self._value


class Form:
    """What the parts read of a deal form: its fields' values, stage, label, prefilled."""

    def __init__(self, stage="full", prefilled=False, expected=4, token=None, **more):
        self.fields = {
            "token": Bound(token or uuid.UUID(int=7)),
            "expected_number": Bound(expected),
        }
        self.stage, self.prefilled = stage, prefilled
        self.__dict__.update(more)

    def __getitem__(self, name):
        return self.fields[name]


FORMS = [
    Form(),
    Form(stage="opening", prefilled=True, expected=None),
    Form(stage="closing", expected='1"><b>', token='x"<y'),
    Form(stage="opening", opening_label=lazy(lambda: "Bids <in>", str)()),
    Form(stage="opening", opening_label=""),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("oob", [False, True])
def test_the_form_head(language, form, oob):
    old, new = _both(FORM_HEAD_BEFORE, "{% form_head %}", {"form": form, "oob": oob}, language)
    assert new == old


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(
    "page",
    [{}, {"oob": True, "next_number": 8}, {"what_if_number": 3}, {"edit_number": 2}],
)
def test_the_submit_button(language, form, page):
    context = {"form": form, **page}
    old, new = _both(SUBMIT_BEFORE, "{% submit_button %}", context, language)
    assert new == old


CHANGE = SimpleNamespace(
    number=3,
    action="recorded",
    by=NASTY,
    at=datetime.datetime(2026, 11, 26, 10, 5, tzinfo=datetime.UTC),
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "page",
    [
        {},
        {"oob": True, "live_note": True, "last_change": CHANGE},
        {
            "poll": True,
            "stamp": "3.17",
            "game_url": "/games/7/",
            "ticket": "a&b",
            "poll_seconds": 2,
        },
        {"poll": True, "stamp": "3.17", "live_url": "/watch/x<y/", "poll_seconds": 2},
        {"poll": True, "last_change": CHANGE, "live_note": False},
    ],
)
def test_the_live_status(language, page):
    with timezone.override("Africa/Johannesburg"):
        old, new = _both(STATUS_BEFORE, "{% live_status %}", page, language)
    assert new == old


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_part_sent_out_of_band_says_so(language):
    old, new = _both(STATUS_BEFORE, "{% live_status oob=True %}", {"oob": True}, language)
    assert new == old and 'hx-swap-oob="true"' in new
