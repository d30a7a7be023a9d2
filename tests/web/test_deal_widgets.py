"""The deal forms' boxes built in Python (games/templatetags/deal_widgets.py) write exactly the
HTML the template partials wrote before them, blank, filled in and refused (the record answer
sends them on every deal, so they were moved out of the templates for speed, not for looks)."""

from __future__ import annotations

import pytest
from django.template import engines

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.presenters import TemplateView

# The partials of templates/games/widgets.html and seat_numbers.html as they were.
BEFORE = {
    "radio": '<input type="radio" name="{{ radio.data.name }}" value="{{ radio.data.value }}"'
    ' id="{{ radio.id_for_label }}"{% if radio.data.attrs.required %} required{% endif %}'
    "{% if radio.data.selected %} checked{% endif %}>",
    "select": '<select name="{{ field.html_name }}" id="{{ field.auto_id }}"{% if field.errors %}'
    ' aria-invalid="true" aria-describedby="{{ field.auto_id }}_error"{% endif %}>'
    '{% for o in field %}<option value="{{ o.data.value }}"{% if o.data.selected %} selected'
    "{% endif %}>{{ o.choice_label }}</option>{% endfor %}</select>",
    "number": '<input type="number" name="{{ field.html_name }}"{% for name, value in'
    ' field.field.widget.attrs.items %} {{ name }}="{{ value }}"{% endfor %}'
    ' id="{{ field.auto_id }}"{% if field.value is not None %} value="{{ field.value }}"'
    '{% endif %}{% if field.errors %} aria-invalid="true" aria-describedby="{{ field.auto_id }}'
    '_error"{% endif %}>',
    "seat-chips": '{% load deal_widgets %}<div class="chips seats-{{ seats }}">{% for c in'
    " field|chips %}<label class=\"chip team-{% cycle 'a' 'b' %}\"><input type=\"radio\""
    ' name="{{ c.name }}" value="{{ c.value }}" id="{{ c.id }}"{% if c.checked %} checked'
    "{% endif %}><span>{{ c.label }}</span></label>{% endfor %}</div>",
    "seat-number": '<input type="number" name="{{ field.html_name }}" id="{{ field.auto_id }}"'
    ' inputmode="numeric" min="{{ numbers.low }}" max="{{ numbers.high }}"'
    ' data-pad="{{ numbers.prefix }}"{% if numbers.blank_label %}'
    ' data-pad-blank="{{ numbers.blank_label }}"{% endif %}{% if field.value is not None %}'
    ' value="{{ field.value }}"{% endif %}{% if field.errors %} aria-invalid="true"'
    ' aria-describedby="{{ field.auto_id }}_error"{% endif %}>',
}
NOW = {
    "radio": "{% radio_input radio %}",
    "select": "{% select_input field %}",
    "number": "{% number_input field %}",
    "seat-chips": "{% seat_chips field seats %}",
    "seat-number": "{% seat_number_input field numbers %}",
}


def _render(source: str, **context) -> str:
    return engines["django"].from_string("{% load deal_widgets %}" + source).render(context)


def _form(factory, key: str, data: dict | None, **game):
    made = factory.make_game(game=key, **game)
    entry = registry.game(key)
    setup = services.setup_of(made)
    state = services.state_from_cache(made, setup)
    args = () if data is None else (data,)
    form = entry.deal_form(*args, setup=setup, state=state, rules=entry.rules, stage="full")
    if data is not None:
        form.is_valid()
    return form, setup


def _same(kind: str, **context) -> str:
    before, now = _render(BEFORE[kind], **context), _render(NOW[kind], **context)
    assert now == before
    return now


# Blank, filled in, and refused with a name that needs escaping.
ENTRIES = [None, {"kind": "normal", "trump_maker": "1", "counting_points": "80"}, {"kind": "x"}]


@pytest.mark.django_db
@pytest.mark.parametrize("data", ENTRIES)
def test_thunee_radios_selects_numbers_and_seat_chips_are_as_before(factory, data):
    players = ["Asha", "B<o>ngani & co", 'Chetan "C"', "Dev"]
    form, setup = _form(factory, "thunee", data, players=players)
    for radio in form["kind"]:
        _same("radio", radio=radio)
    for name in ("special_call", "penalty_reason", "cancelled_reason"):
        _same("select", field=form[name])
    _same("number", field=form["counting_points"])
    chips = _same("seat-chips", field=form["trump_maker"], seats=len(setup.players))
    assert "B&lt;o&gt;ngani &amp; co" in chips and "Chetan &quot;C&quot;" in chips


@pytest.mark.django_db
@pytest.mark.parametrize("data", [None, {"trick_0": "4", "trick_1": "x"}, {"trick_2": "99"}])
def test_the_per_seat_number_pads_are_as_before(factory, data):
    form, _ = _form(factory, "spades", data, house_rules={"target": 1000})
    groups = form.number_groups()
    assert groups
    for group in groups:
        for field in group["fields"]:
            box = _same("seat-number", field=field, numbers=group["numbers"])
            assert ("aria-invalid" in box) == bool(field.errors)


@pytest.mark.django_db
def test_pottle_chips_bought_boxes_are_as_before(factory):
    form, _ = _form(factory, "pottle", {"buy_1": "-3"})
    boxes = [_same("number", field=field) for field in form.buy_fields()]
    assert len(boxes) == 4 and 'value="-3"' in boxes[1]


@pytest.mark.django_db
def test_a_deal_form_refuses_a_name_that_is_no_field_and_gives_its_fields(factory):
    form, _ = _form(factory, "thunee", None)
    assert form["counting_points"].name == "counting_points"
    with pytest.raises(KeyError):
        form["stage"]  # an attribute, read by templates: the KeyError sends them to it
    assert _render("{{ form.stage }}", form=form) == "full"


def test_a_presenters_object_answers_a_templates_lookup_by_name():
    class Row(TemplateView):
        number = 7

    assert Row()["number"] == 7
    with pytest.raises(AttributeError):
        Row()["nothing"]
    assert _render("{{ row.number }}{{ row.nothing }}", row=Row()) == "7"


ZP_TRUMP_MAKER_BEFORE = (
    '{% for radio in field %}<label class="chip{% if radio.data.value in barred %} barred'
    '{% endif %}">{% radio_input radio %}<span>{{ radio.choice_label }}</span></label>{% endfor %}'
)


@pytest.mark.django_db
@pytest.mark.parametrize("data", [None, {"trump_maker": "2", "defender_points": "100"}])
@pytest.mark.parametrize("barred", [set(), {0, 1, 3, 4, 5}])
def test_zhao_pengyous_trump_maker_chips_are_as_before(factory, data, barred):
    players = ["Asha", "B<o>ngani & co", 'Chetan "C"', "Dev", "Esha", "Farouk"]
    form, _ = _form(factory, "zhao-pengyou", data, players=players)
    field = form["trump_maker"]
    before = _render(ZP_TRUMP_MAKER_BEFORE, field=field, barred=barred)
    now = _render("{% seat_radio_chips field barred %}", field=field, barred=barred)
    assert now == before
    assert ("checked" in now) == bool(data) and now.count(" barred") == len(barred)
