"""What every game's deal form has in common: the double-tap token, the deal number it expects,
the game it is for, and rules errors put back at the fields they name.

A game's deal form subclasses `BaseDealForm` and says how its fields become a deal in game-log
form (`deal_data`), which fact field each form field shows (`FIELD_OF`), and how recorded facts
fill the form again (`initial_from_facts`). Games that record a deal in two steps (Spades' bids
before the play, tricks after) get `stage`: "opening", "closing" or, for edits, "full".
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.core.errors import FactError

from . import refusals
from .widgets import DealBoundField

STAGES = ("full", "opening", "closing")


# Said at the top of a deal form whose hidden bookkeeping came back missing or changed.
DAMAGED = _(
    "This form came back without the page's own hidden details (or with them changed). "
    "Nothing was saved: check your entry and save again."
)


# What a number box says of a number it cannot take, in the words of the table.
NUMBER_SLIPS = {
    "invalid": _("Enter a whole number."),
    "max_value": _("At most %(limit_value)s here: check the number."),
    "min_value": _("At least %(limit_value)s here: check the number."),
}


def _worded(fields):
    """The number boxes among `fields` say their slips in the table's words, not Django's
    "Ensure this value…"."""
    for field in fields.values():
        if isinstance(field, forms.IntegerField):
            field.error_messages = {**field.error_messages, **NUMBER_SLIPS}
    return fields


class BaseDealForm(forms.Form):
    bound_field_class = DealBoundField

    token = forms.UUIDField(widget=forms.HiddenInput)
    expected_number = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    # The hidden fields every deal page carries (deal_form.html#form-head): the user never sees
    # them, so a damaged one is said at the top of the form and renewed for the next try.
    BOOKKEEPING = ("token", "expected_number")

    # fact field (as FactError names it) -> form field; "bids.*" -> "bid_*" maps "bids.2" -> "bid_2"
    FIELD_OF: dict[str, str] = {}
    # True: after a recorded deal the browser resets this form and only the game's `fresh`
    # partial (what depends on the new state) is sent; False: a fresh form is sent whole.
    keeps_between_deals = False

    def __init__(
        self,
        *args: Any,
        setup: Any,
        state: Any,
        rules: Any,
        stage: str = "full",
        opening: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        if stage not in STAGES:
            raise ValueError(f"unknown stage {stage!r}")
        super().__init__(*args, **kwargs)
        self.fields.update(self.setup_fields(setup, stage))
        _worded(self.fields)
        self.setup = setup
        self.state = state
        self.rules = rules
        self.stage = stage
        self.opening = opening or {}
        # Rendered with anything but the defaults (the user's input, a deal's facts): a browser
        # reset would bring that back, so after a recorded deal it is replaced whole.
        self.prefilled = self.is_bound or bool(kwargs.get("initial"))
        if not self.is_bound:
            self.initial.setdefault("token", uuid.uuid4())

    def full_clean(self) -> None:
        super().full_clean()
        damaged = [name for name in self.BOOKKEEPING if name in self._errors]
        if not damaged:
            return
        for name in damaged:
            del self._errors[name]
        self.add_error(None, DAMAGED)
        # Rendered again with a fresh token and the deal number due now, so the next tap can
        # save: the damaged values would be refused again and again.
        data = self.data.copy()
        data["token"] = str(uuid.uuid4())
        data["expected_number"] = str(self.state.deals + 1) if self.state is not None else ""
        self.data = data

    @property
    def keeps(self) -> str:
        """The hint the page posts back with this form (record_post.py): "form" if the browser
        may reset it to a fresh one after the deal is recorded (rendered with nothing in it),
        else "nothing" (the offline script says "bids-form" for a bids form it keeps)."""
        return "form" if self.keeps_between_deals and not self.prefilled else "nothing"

    # ---- what a game's form provides ---------------------------------------------------------

    @classmethod
    def setup_fields(cls, setup: Any, stage: str) -> dict[str, forms.Field]:
        """Fields (or fields with choices) that depend on the game's setup: seats by name, the
        calls the house rules allow. A field named as a class field replaces it in place."""
        return {}

    def typed(self) -> list[tuple[str, str]]:
        """What was typed and tapped, field by field, as the form labels it: for saying back
        an entry that could not be saved."""
        out = []
        for name, field in self.fields.items():
            value = self.data.get(name, "") if not field.widget.is_hidden else ""
            if value not in ("", None):
                out.append((str(field.label or name), str(value)))
        return out

    def deal_data(self) -> dict[str, Any]:
        """The deal (or, at the opening stage, its opening facts) in game-log form."""
        raise NotImplementedError

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        """Form values that show recorded facts again (for edits and undone deals)."""
        raise NotImplementedError

    def speaking_order(self) -> list[int]:
        """The seats in the order the table says them, for a form that lists seats so (the bids
        and tricks of bid_forms.py); none here (the form's head reads it for every game)."""
        return []

    def notes(self) -> list[str]:
        """What the rules allow or punish right now, said before anything is recorded."""
        return []

    def field_for(self, fact_field: str) -> str | None:
        """The form field that shows a fact field, or None for the top of the form."""
        if fact_field in self.FIELD_OF:
            return self.FIELD_OF[fact_field]
        parts = fact_field.split(".")
        for n in range(len(parts) - 1, 0, -1):
            head = ".".join(parts[:n])
            if head + ".*" in self.FIELD_OF:
                return self.FIELD_OF[head + ".*"].replace("*", parts[n])
            if head in self.FIELD_OF:
                return self.FIELD_OF[head]
        return None

    # ---- shared ----------------------------------------------------------------------------

    def add_rules_error(self, error: FactError) -> None:
        """Put each rules error on the form field it names; the rest go to the top of the form."""
        for e in self.each_error(error):
            target = self.field_for(e.field)
            self.add_error(target if target in self.fields else None, self.say(e))

    def problems(self, error: FactError) -> list[str]:
        return [self.say(e) for e in self.each_error(error)]

    def each_error(self, error: FactError) -> list[FactError]:
        """The refusals to show (a game may leave out one that another makes pointless)."""
        return refusals.each(error)

    def say(self, error: FactError) -> str:
        """One refusal in the reader's language, from its code and values (refusals.py)."""
        return refusals.said(error)


def without_none(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}
