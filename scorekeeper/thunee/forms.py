"""Thunee's deal form: taps become a deal in game-log form; rules errors go back to the field."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.deal_forms import BaseDealForm, without_none
from scorekeeper.games.widgets import Chips, SeatChips
from scorekeeper.rules.thunee import GameState, Setup
from scorekeeper.rules.thunee.facts import CALL_AMOUNTS, JODIE_VALUES
from scorekeeper.rules.thunee.words import SPECIAL_NAMES

# Labels are lazy: said in the language of the request that renders them.
PENALTY_REASONS = [
    ("colour cutting", _("Colour cutting (did not follow suit)")),
    ("played out of turn", _("Played out of turn")),
    ("illegal signals", _("Talking or signals to partner")),
    ("false Jodie", _("Jodie called without the cards")),
    ("reminded partner to open balls", _("Reminded partner to open balls")),
    ("other", _("Another broken rule")),
]
CANCEL_REASONS = [
    ("the counting team held no trumps", _("The counting team held no trumps")),
    ("the trump chooser's first four cards were worth 10 or less", _("Weak first four (redeal)")),
]


class ResultChips(Chips):
    """A special call's result; its blank choice (work it out from the play) set apart."""

    def chip_class(self, value: Any) -> str:
        return "" if value else "derive"


class ThuneeDealForm(BaseDealForm):
    """One deal's facts. Seats are offered by name; everything is a tap except card points."""

    keeps_between_deals = True  # a big form: the browser resets it, the server sends `fresh`

    FIELD_OF = {
        "trump_maker": "trump_maker",
        "call": "call",
        "calls": "calls",
        "last_trick": "last_trick",
        "counting_points": "counting_points",
        "special": "special_call",
        "special.call": "special_call",
        "special.seat": "special_seat",
        "special.result": "special_result",
        "penalty": "penalty_seat",
        "penalty.seat": "penalty_seat",
        "penalty.reason": "penalty_reason",
        "cancelled": "cancelled_reason",
        "forfeited": "forfeited",
    }

    KINDS = [
        ("normal", _("Normal")),
        ("special", _("Special")),
        ("penalty", _("Penalty")),
        ("cancelled", _("Cancelled")),
    ]

    kind = forms.ChoiceField(choices=KINDS, initial="normal", widget=Chips)
    trump_maker = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, widget=SeatChips
    )
    call = forms.TypedChoiceField(
        coerce=int,
        choices=[(c, _("No call") if c == 0 else str(c)) for c in CALL_AMOUNTS],
        initial=0,
        required=False,
        empty_value=None,
        widget=Chips,
    )
    last_trick = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, widget=SeatChips
    )
    counting_points = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=304,
        label=_("Counting team's card points"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "0–304"}),
    )
    special_call = forms.ChoiceField(required=False, label=_("Call"))
    special_seat = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, label=_("Called by"), widget=SeatChips
    )
    special_result = forms.ChoiceField(
        required=False,
        label=_("Result"),
        choices=[
            ("", _("Work it out from the play")),
            ("success", _("Made")),
            ("failed", _("Failed")),
            ("partner_catch", _("Partner catch")),
        ],
        widget=ResultChips,
    )
    penalty_seat = forms.TypedChoiceField(
        coerce=int,
        required=False,
        empty_value=None,
        label=_("Who broke the rule"),
        widget=SeatChips,
    )
    penalty_reason = forms.ChoiceField(choices=PENALTY_REASONS, required=False, label=_("What"))
    cancelled_reason = forms.ChoiceField(choices=CANCEL_REASONS, required=False, label=_("Why"))
    forfeited = forms.BooleanField(
        required=False, label=_("Balls forfeited: not opened before the next cut")
    )
    JODIE_SLOTS = 4

    calls = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        state: GameState | None = self.state
        if state is not None and state.dealer is not None:
            self.initial.setdefault("trump_maker", self.setup.after(state.dealer))

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        seats = [(i, name) for i, name in enumerate(setup.players)]
        fields: dict[str, forms.Field] = {}
        for name in ("trump_maker", "last_trick", "special_seat", "penalty_seat"):
            field = copy.deepcopy(cls.base_fields[name])
            optional = name in ("special_seat", "penalty_seat")
            field.choices = [("", "—"), *seats] if optional else seats
            fields[name] = field
        special_call = copy.deepcopy(cls.base_fields["special_call"])
        special_call.choices = [("", "—"), *special_choices(setup)]
        fields["special_call"] = special_call
        jodie_choices = [("", "—")] + [
            (f"{seat}:{value}", f"{name} {value}") for seat, name in seats for value in JODIE_VALUES
        ]
        # In the two-deal game each half of six tricks has its own 1st and 3rd trick.
        halves = setup.mode.key == "2p-two-deal"
        last = 6 if halves else setup.mode.tricks
        after = _("after trick {n} of a half") if halves else _("after trick {n}")
        after_choices = [("", _("after trick …"))] + [
            (n, format_lazy(after, n=n)) for n in range(1, last + 1)
        ]
        for i in range(cls.JODIE_SLOTS):
            fields[f"jodie_{i}"] = forms.ChoiceField(
                choices=jodie_choices, required=False, label=format_lazy(_("Jodie {n}"), n=i + 1)
            )
            fields[f"jodie_{i}_after"] = forms.TypedChoiceField(
                choices=after_choices,
                coerce=int,
                empty_value=None,
                required=False,
                label=format_lazy(_("Jodie {n}: when"), n=i + 1),
            )
        if setup.mode.teams_of_one:  # no partner, so no partner catch
            result = copy.deepcopy(cls.base_fields["special_result"])
            result.choices = [c for c in result.choices if c[0] != "partner_catch"]
            fields["special_result"] = result
        if not setup.rules.redeal_on_weak_four:
            reason = copy.deepcopy(cls.base_fields["cancelled_reason"])
            reason.choices = CANCEL_REASONS[:1]
            fields["cancelled_reason"] = reason
        return fields

    def counting_labels(self) -> list[tuple[str, str]]:
        """The card points box's label when each team makes trumps, by the class its seats'
        chips have ("a", "b"): it names the other team, whose points they are (card-counter.js
        follows the trump maker's chip)."""
        setup: Setup = self.setup
        said = gettext("Card points won by {team} (the counting team)")
        return [
            (side, said.format(team=setup.team_name(1 - team))) for team, side in enumerate("ab")
        ]

    def counting_label(self) -> str:
        """The label for the trump maker the form shows now (the rules' default before a tap)."""
        try:
            team = self.setup.team_of(int(self["trump_maker"].value()))
        except (TypeError, ValueError):
            return str(self.fields["counting_points"].label)
        return self.counting_labels()[team][1]

    def jodie_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [(self[f"jodie_{i}"], self[f"jodie_{i}_after"]) for i in range(self.JODIE_SLOTS)]

    def jodies_open(self) -> bool:
        """Show the Jodie slots when one is filled in or has an error."""
        names = [f"jodie_{i}" for i in range(self.JODIE_SLOTS)]
        return any(self[n].value() for n in names) or any(
            n.startswith("jodie_") for n in self.errors
        )

    def clean_calls(self) -> list[str]:
        raw = (self.cleaned_data.get("calls") or "").strip()
        turns = [t.strip() for t in raw.split(",") if t.strip()]
        if any(t not in ("single", "both") for t in turns):
            raise forms.ValidationError(gettext("Each call is a single call or both at once."))
        return turns

    def notes(self) -> list[str]:
        """What special calls are allowed now, said before anything is recorded."""
        state, setup = self.state, self.setup
        if state is None or state.finished:
            return []
        out = []
        for team in (0, 1):
            if state.on_corner_house(team):
                note = gettext(
                    "{team} are on corner house: Double is not allowed; recording it gives "
                    "{other} 4 balls. Thunee and Khanaak are allowed."
                )
                out.append(note.format(team=setup.team_name(team), other=setup.team_name(1 - team)))
        if state.deuce:
            out.append(
                gettext("Two to clear: Double and Khanaak are allowed to get the two-ball lead.")
            )
        if setup.rules.winning_balls == "13-after-khanaak" and state.target == 12:
            out.append(gettext("A Khanaak makes this a 13-ball game from this deal on."))
        return out

    def deal_data(self) -> dict[str, Any]:
        """The deal in game-log form, from the cleaned fields (call after is_valid())."""
        d = self.cleaned_data
        kind = d.get("kind") or "normal"
        data: dict[str, Any] = {}
        if kind == "cancelled":
            return {"cancelled": d.get("cancelled_reason") or CANCEL_REASONS[0][0]}
        if kind == "penalty":
            data["penalty"] = {"seat": d.get("penalty_seat"), "reason": d.get("penalty_reason")}
            return without_none(data)
        data["trump_maker"] = d.get("trump_maker")
        if d.get("calls"):
            data["calls"] = d["calls"]
        else:
            data["call"] = d.get("call") if d.get("call") is not None else 0
        jodies = []
        self.jodie_slots = []  # jodies[k] came from slot jodie_slots[k], for error messages
        for i in range(self.JODIE_SLOTS):
            raw = d.get(f"jodie_{i}")
            if raw:
                seat, value = raw.split(":")
                jodie = {"seat": int(seat), "value": int(value)}
                if d.get(f"jodie_{i}_after") is not None:
                    jodie["after_trick"] = d[f"jodie_{i}_after"]
                jodies.append(jodie)
                self.jodie_slots.append(i)
        if jodies:
            data["jodies"] = jodies
        data["last_trick"] = d.get("last_trick")
        data["counting_points"] = d.get("counting_points")
        if kind == "special":
            data["special"] = without_none(
                {
                    "call": d.get("special_call") or None,
                    "seat": d.get("special_seat"),
                    "result": d.get("special_result") or None,
                }
            )
            if data["special"].get("call") not in ("double", "khanaak", None):
                # Thunee and the like: the caller makes trumps; the count does not matter.
                data = {"special": data["special"]}
        if d.get("forfeited"):
            data["forfeited"] = True
        return without_none(data)

    def field_for(self, fact_field: str) -> str | None:
        # jodies[k] came from slot jodie_slots[k]: errors go back to the slot that was filled in.
        parts = fact_field.split(".")
        if parts[0] == "jodies" and len(parts) > 1 and parts[1].isdigit():
            k = int(parts[1])
            slots = getattr(self, "jodie_slots", [])
            slot = slots[k] if k < len(slots) else k
            return f"jodie_{slot}_after" if parts[-1] == "after_trick" else f"jodie_{slot}"
        if parts[0] == "calls":
            return "calls"
        return super().field_for(fact_field)

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        """Form values that show recorded facts again (for edits and undone deals)."""
        initial: dict[str, Any] = {"kind": "normal"}
        if "cancelled" in facts:
            reasons = [r for r, _ in CANCEL_REASONS]
            reason = facts["cancelled"]
            return {"kind": "cancelled", "cancelled_reason": reason if reason in reasons else ""}
        if "penalty" in facts:
            return {
                "kind": "penalty",
                "penalty_seat": facts["penalty"].get("seat"),
                "penalty_reason": facts["penalty"].get("reason"),
            }
        for key in ("trump_maker", "call", "last_trick", "counting_points"):
            if key in facts:
                initial[key] = facts[key]
        if "calls" in facts:
            initial["calls"] = ",".join(facts["calls"])
        for i, j in enumerate(facts.get("jodies", [])[: cls.JODIE_SLOTS]):
            initial[f"jodie_{i}"] = f"{j['seat']}:{j['value']}"
            initial[f"jodie_{i}_after"] = j.get("after_trick")
        if "special" in facts:
            initial["kind"] = "special"
            initial["special_call"] = facts["special"].get("call")
            initial["special_seat"] = facts["special"].get("seat")
            initial["special_result"] = facts["special"].get("result", "")
        if facts.get("forfeited"):
            initial["forfeited"] = True
        return initial


def special_choices(setup: Setup) -> list[tuple[str, str]]:
    """The special calls this table may make: by the house rules and the number of seats."""
    rules, mode = setup.rules, setup.mode
    calls = ["thunee", "double", "khanaak"]
    if rules.royals:
        calls.append("royals")
    if rules.blind_allowed:
        calls.append("blind_thunee")
        if rules.royals:
            calls.append("blind_royals")
    if mode.seats == 6:
        calls += ["trips", "moenie"]
    return [(c, _(SPECIAL_NAMES[c])) for c in calls]
