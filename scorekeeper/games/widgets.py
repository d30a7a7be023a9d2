"""The deal forms' widgets: choices as chips to tap, numbers tapped on a pad, and an invalid
box that points a screen reader at what is wrong with it. They render with their own templates
(templates/games/widgets/: each choice's box inside a chip's label); a game's own kinds of chip
subclass them in the game's folder."""

from __future__ import annotations

from typing import Any

from django import forms


def team(seat: int) -> str:
    """The side a seat is marked with: partners sit across, even seats and odd seats (a game
    without partners greys the marks in its own styles)."""
    return "a" if seat % 2 == 0 else "b"


class DealBoundField(forms.BoundField):
    """A deal form's field: a box with errors also names them (`aria-describedby`), as its
    error list's id is `<id>_error`. Not for choices in a fieldset: the legend says those. A
    number box typed in (not a pad of keys, which offers none past it) carries the server's
    words for a number past its most (`data-most-said`), for its keypad to say at the field as
    soon as it is typed, the number kept as typed."""

    def build_widget_attrs(self, attrs, widget=None):
        attrs = super().build_widget_attrs(attrs, widget)
        if attrs.get("aria-invalid") and not self.use_fieldset and self.auto_id:
            attrs.setdefault("aria-describedby", f"{self.auto_id}_error")
        most = getattr(self.field, "max_value", None)
        widget = widget or self.field.widget
        typed = not widget.is_hidden and not isinstance(widget, NumberPad)
        if most is not None and typed and "max_value" in self.field.error_messages:
            said = self.field.error_messages["max_value"] % {"limit_value": most}
            attrs.setdefault("data-most-said", str(said))
        return attrs


class ChipOptions:
    """Each choice a chip: its input with its label beside it, in a `<label class="chip …">`.
    `with_blank = False` leaves the blank choice out (no chip for "none"); `chip_class` adds a
    class to one choice's chip."""

    template_name = "games/widgets/chips.html"
    option_template_name = "games/widgets/chip.html"
    with_blank = True

    def chip_class(self, value: Any) -> str:
        return ""

    def optgroups(self, name, value, attrs=None):
        groups = super().optgroups(name, value, attrs)
        if self.with_blank:
            return groups
        return [
            (group, [o for o in options if o["value"] != ""], index)
            for group, options, index in groups
        ]

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["chip_class"] = " ".join(filter(None, ("chip", self.chip_class(value))))
        # Refused choices are said once, by the group's errors under its legend: a chip's own
        # box is hidden behind its label.
        option["attrs"].pop("aria-invalid", None)
        return option


class Chips(ChipOptions, forms.RadioSelect):
    """One choice of a few, a chip each."""


class CheckChips(ChipOptions, forms.CheckboxSelectMultiple):
    """Any of a few, a chip each."""


class TeamChips(Chips):
    """Seats as chips marked by team (every other seat); the blank choice, if any, unmarked."""

    def chip_class(self, value: Any) -> str:
        return "" if value == "" else f"team-{team(int(value))}"


class SeatChips(TeamChips):
    """A seat's chips, a row as wide as the table (`seats-N`), marked by team; no chip for
    "nobody" (leaving all untapped says that)."""

    template_name = "games/widgets/seat_chips.html"
    with_blank = False

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["seats"] = sum(1 for value, _ in self.choices if value != "")
        return context


class NumberPad(forms.NumberInput):
    """A number tapped on a pad (static/js/number-pad.js) from the widget's `data-pad…` attrs.
    Never `required` to the browser: a blank is posted, and the form says which numbers are
    still missing in the table's words and speaking order.

    Its box's attributes in one order, as the pad script writes them and the page's readers know
    them: the id, the pad's own, the value, then whether it is refused."""

    template_name = "games/widgets/number_pad.html"
    STATE = ("aria-invalid", "aria-describedby")

    def use_required_attribute(self, initial) -> bool:
        return False

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        widget = context["widget"]
        box = widget["attrs"]
        ordered = {"id": box["id"]} if "id" in box else {}
        ordered.update((k, v) for k, v in box.items() if k != "id" and k not in self.STATE)
        if widget["value"] is not None:
            ordered["value"] = widget["value"]
        ordered.update((k, box[k]) for k in self.STATE if k in box)
        widget["attrs"] = ordered
        return context
