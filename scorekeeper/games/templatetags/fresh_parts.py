"""What of the deal form follows the game after a recorded deal, in one pass, for the games whose
form the browser keeps and resets (Thunee, Zhao Pengyou): every record answer sends it. As the
`fresh` partials of their deal_fields.html (which now hold these tags) it cost 55-75 µs of
lookups, translation tags and an include. The HTML is what those partials wrote, byte for byte
(tests/web/test_fresh_parts.py renders the old source beside them, in English and Chinese).
The other games' `fresh` partials are included as before.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .deal_widgets import seat_chips, seat_radio_chips
from .game_parts import OOB, _item, _text
from .per_language import per_language

register = template.Library()

MAKER = ' data-maker="1"'


@per_language
def _words() -> dict[str, str]:
    """The words this module writes, in the active language; a template's literal words are
    written as they are, {% translate %} or not."""
    return {
        "made": gettext("Made trumps"),
        "full": gettext("team of {n}: full"),
        "short": gettext("team of {n}: {short} short"),
        "over": gettext("team of {n}: {over} too many"),
        "friends": gettext("Friends: who ended up on the trump maker's team"),
        # A {% blocktranslate %}: the values escaped.
        "tap": gettext(
            "Tap each friend. The trump maker is on the team anyway; %(players)s players: at "
            "most %(most)s."
        ),
    }


def _errors(field: Any) -> str:
    """`{{ field.errors }}`: nothing when there are none (without rendering the empty list)."""
    errors = field.errors
    return conditional_escape(errors) if errors else ""


def thunee_fresh(context: Any) -> str:
    """games/thunee/deal_fields.html#fresh: the notes and the trump maker's chips."""
    form, setup = context["form"], context["setup"]
    notes = "".join(f'<p class="warning">⚠ {_text(note)}</p>' for note in form.notes())
    field = form["trump_maker"]
    return (
        f'\n<div id="deal-notes"{OOB}>{notes}</div>'
        f'<fieldset id="trump-maker-field"{OOB}><legend>{_words()["made"]}</legend>\n'
        f"{seat_chips(field, len(setup.players))}\n{_errors(field)}\n</fieldset>\n"
    )


def zhao_pengyou_fresh(context: Any) -> str:
    """games/zhao-pengyou/deal_fields.html#fresh: the trump maker's chips, and the team's where
    the last deal names the next trump maker."""
    words = _words()
    form, setup = context["form"], context["setup"]
    columns = _item(context.get("board", ""), "columns") or 3
    columns = _text(columns)
    maker = form["trump_maker"]
    out = [
        f'\n\n  <fieldset id="trump-maker-field"{OOB}><legend>{words["made"]}</legend>\n'
        f'    <div class="chips zp-seats cols-{columns}" data-levels="{_text(form.seat_levels())}">'
        f"{seat_radio_chips(maker, form.barred_seats())}</div>\n"
        f"    {_errors(maker)}\n  </fieldset>\n  "
    ]
    if setup.rules.by_result:
        chips = "".join(
            f'<label class="chip{" maker" if chip["maker"] else ""}"><input type="checkbox" '
            f'name="team" value="{_text(chip["seat"])}" id="{_text(chip["id"])}"'
            f"{' checked' if chip['checked'] else ''}{MAKER if chip['maker'] else ''}>"
            f"<span>{_text(chip['name'])}</span></label>"
            for chip in form.team_seats()
        )
        tap = words["tap"] % {"most": _text(setup.max_team), "players": _text(setup.seats)}
        out.append(
            f'\n  <fieldset id="zp-team-field" class="zp-team"{OOB} '
            f'data-max-team="{_text(setup.max_team)}"\n'
            f'            data-says-full="{words["full"]}" data-says-short="{words["short"]}" '
            f'data-says-over="{words["over"]}">\n'
            f"    <legend>{words['friends']}</legend>\n"
            f'    <p class="hint">{tap}\n'
            '      <output class="zp-team-count" data-testid="team-count" aria-live="polite">'
            "</output></p>\n"
            f'    <div class="chips zp-seats cols-{columns}">{chips}</div>\n'
            f"    {_errors(form['team'])}\n  </fieldset>\n  "
        )
    out.append("\n")
    return "".join(out)


WRITERS = {"thunee": thunee_fresh, "zhao-pengyou": zhao_pengyou_fresh}


@register.simple_tag(takes_context=True)
def fresh_fields(context: Any) -> SafeString:
    """`{% include entry.fresh_template %}`, in one pass for the games that have a writer."""
    entry = context["entry"]
    write = WRITERS.get(entry.key)
    if write is not None:
        return mark_safe(write(context))
    return mark_safe(context.template.engine.get_template(entry.fresh_template).render(context))
