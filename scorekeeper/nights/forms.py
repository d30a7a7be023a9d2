"""The organiser's forms: a new night (its game's mode and house rules are the new-game form's
own fields; its table sizes, clock and ranking), a swap before a round, people coming and going,
the ranking; a table phone's name."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorekeeper.core.errors import FactError
from scorekeeper.games import refusals
from scorekeeper.games.forms import NewGameForm, decode_rule, player_name
from scorekeeper.games.models import Player
from scorekeeper.registry import RegisteredGame

from .models import Night
from .seating import split
from .shapes import shape_of

MAX_GUESTS = 40
MAX_NAME = 40
RANKING_CHOICES = [
    (
        Night.PER_TABLE,
        gettext_lazy("Per table: the share of tables won, then the figure per table"),
    ),
    (Night.BYE, gettext_lazy("A round sat out counts as a table won (a bye)")),
    (Night.TOTALS, gettext_lazy("Totals: tables won, then the figure added up")),
]


class NightForm(forms.Form):
    played_on = forms.DateField(
        label=gettext_lazy("Day"), widget=forms.DateInput(attrs={"type": "date"})
    )
    present = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Who is here"),
        widget=forms.CheckboxSelectMultiple,
    )
    guests = forms.CharField(
        required=False,
        max_length=1000,
        label=gettext_lazy("Guests (one name a line)"),
        widget=forms.Textarea(attrs={"rows": 3, "autocapitalize": "words"}),
    )
    rounds = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=50,
        label=gettext_lazy("Rounds (empty: until we stop)"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    seating = forms.ChoiceField(
        choices=[
            (Night.DRAW, gettext_lazy("Drawn every round (fewest repeats)")),
            (Night.SWISS, gettext_lazy("After the first round, by the standings (Swiss)")),
        ],
        initial=Night.DRAW,
        widget=forms.RadioSelect,
        label=gettext_lazy("Seats"),
    )
    round_minutes = forms.IntegerField(
        required=False,
        min_value=5,
        max_value=240,
        label=gettext_lazy("Minutes a round (empty: no clock)"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    ranking = forms.ChoiceField(
        choices=RANKING_CHOICES,
        initial=Night.PER_TABLE,
        required=False,  # left out: per table, fair to a late arrival
        widget=forms.RadioSelect,
        label=gettext_lazy("When people play different numbers of tables"),
    )

    def __init__(self, *args: Any, game: RegisteredGame, group, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["played_on"].initial = date.today()
        self.fields["present"].queryset = Player.objects.filter(group=group)
        # The new-game form's own pieces: the mode and the house rules, once for every table.
        base = NewGameForm(game=game)
        self.base = base
        for key, field in base.fields.items():
            if key == "mode" or key.startswith("rule_"):
                self.fields[key] = field
        rules = game.rules
        if rules.modes:
            # Tables of another mode mixed in where they keep fewer people out (4- and 6-player).
            others = [(m.key, _(m.label)) for m in rules.modes]
            self.fields["mixed_modes"] = forms.MultipleChoiceField(
                choices=others,
                required=False,
                widget=forms.CheckboxSelectMultiple,
                label=_("Also tables of, where that seats more people"),
            )
        elif len(rules.seat_counts) > 1:
            self.fields["sizes"] = forms.TypedMultipleChoiceField(
                choices=[(n, str(n)) for n in rules.seat_counts],
                coerce=int,
                required=False,
                initial=list(rules.seat_counts),
                widget=forms.CheckboxSelectMultiple,
                label=_("Players at a table"),
            )

    @property
    def modes(self) -> bool:
        return "mode" in self.fields

    def rule_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in self.fields if key.startswith("rule_")]

    def shape(self, data: dict[str, Any]):
        mode = data.get("mode") if self.modes else None
        mixed = [m for m in data.get("mixed_modes") or [] if m != mode]
        data["mixed_modes"] = mixed
        data["sizes"] = list(data.get("sizes") or [])
        return shape_of(self.game.key, mode, data["sizes"], mixed)

    def draw_preview(self) -> str:
        """How the first round would seat the people ticked and typed: "9 players: 2 tables of
        4; 1 sits out". Said before the draw, from what the form holds (valid or not)."""
        data = getattr(self, "cleaned_data", None) or {}
        if "names" not in data:
            return ""
        if "guests" in self.errors:  # a name twice, too many: not "0 players", what to fix
            return self.errors["guests"][0]
        mode = data.get("mode") if self.modes else None
        if self.modes and not mode:
            return ""
        count = len(data["names"])
        sizes, out = split(count, self.shape(data))
        if not sizes:
            return _("%(count)s players: too few for a table.") % {"count": count}
        tables = ", ".join(str(n) for n in sizes)
        said = ngettext(
            "%(count)s player: tables of %(tables)s",
            "%(count)s players: tables of %(tables)s",
            count,
        ) % {"count": count, "tables": tables}
        if out:
            said += "; " + ngettext(
                "%(out)s sits out each round, in turn.",
                "%(out)s sit out each round, in turn.",
                out,
            ) % {"out": out}
        else:
            said += "; " + _("nobody sits out.")
        return said

    def clean_guests(self) -> list[str]:
        names = [player_name(n) for n in self.cleaned_data["guests"].splitlines() if n.strip()]
        if len(names) > MAX_GUESTS:
            raise forms.ValidationError(_("At most 40 guests."))
        seen: dict[str, str] = {}
        for name in names:
            if name.casefold() in seen:
                # One person, or two of one name: the organiser says which, not a guess.
                raise forms.ValidationError(
                    _(
                        "%(name)s is on the list twice. Two people of that name? Tell them "
                        "apart (%(name)s K., %(name)s M.); else remove one line."
                    )
                    % {"name": seen[name.casefold()]}
                )
            seen[name.casefold()] = name
        return names

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rules = self.game.rules
        names = [p.name for p in data.get("present") or []]
        known = {n.lower() for n in names}
        names += [n for n in data.get("guests") or [] if n.lower() not in known]
        data["names"] = list(dict.fromkeys(names))
        data["ranking"] = data.get("ranking") or Night.PER_TABLE
        data["house_rules"] = {}
        for rule in rules.house_rules:
            value = data.get(f"rule_{rule.key}")
            if value not in (None, ""):
                data["house_rules"][rule.key] = decode_rule(rule, value)
        mode = data.get("mode") if self.modes else None
        if self.modes and not mode:
            return data
        shape = self.shape(data)
        fewest = min(shape.sizes + shape.extra)
        # Guests refused (said at their field) are not counted missing as well.
        if len(data["names"]) < fewest and "guests" not in self.errors:
            self.add_error(
                "present",
                _("A table needs at least %(count)s players: tap who is here or add guests.")
                % {"count": fewest},
            )
            return data
        # The house rules checked once by the game's own setup, at a table of each size (in
        # each mode the night plays).
        modes = [mode, *data["mixed_modes"]] if mode else [None]
        seen: set[str] = set()
        for each in modes:
            size = next((m.seats for m in rules.modes if m.key == each), min(shape.sizes))
            for error in self._house_rule_errors(rules, each, size, data["house_rules"]):
                said = refusals.said(error)
                if said not in seen:
                    seen.add(said)
                    head, _dot, rest = error.field.partition(".")
                    target = f"rule_{rest}" if head == "house_rules" else None
                    self.add_error(target if target in self.fields else None, said)
        return data

    @staticmethod
    def _house_rule_errors(rules, mode: str | None, size: int, house_rules) -> list[FactError]:
        envelope: dict[str, Any] = {
            "players": [f"Seat {i + 1}" for i in range(size)],
            "first_dealer": 0,
            "house_rules": house_rules,
        }
        if mode:
            envelope["mode"] = mode
        try:
            rules.setup(envelope)
        except FactError as e:
            return list(refusals.each(e))
        return []


class SwapForm(forms.Form):
    a = forms.ChoiceField(label=gettext_lazy("Swap"))
    b = forms.ChoiceField(label=gettext_lazy("with"))

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(n, n) for n in names]
        self.fields["a"].choices = choices
        self.fields["b"].choices = choices
        if len(names) > 1:  # two different people to start from
            self.fields["b"].initial = names[1]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("a") and data.get("a") == data.get("b"):
            self.add_error("b", _("Choose someone else."))
        return data


class ArrivalForm(forms.Form):
    name = forms.CharField(
        max_length=MAX_NAME,
        label=gettext_lazy("Who came"),
        error_messages={"required": gettext_lazy("Who came?")},
        widget=forms.TextInput(attrs={"autocapitalize": "words", "autocomplete": "off"}),
    )

    def clean_name(self) -> str:
        return player_name(self.cleaned_data["name"])


class LeaveForm(forms.Form):
    name = forms.ChoiceField(label=gettext_lazy("Who leaves"))

    def __init__(self, *args: Any, names: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["name"].choices = [(n, n) for n in names]


class SubstituteForm(forms.Form):
    """Someone takes a seat at a table in play: the one they take it from, who takes it (someone
    here not at a table, or a new name), and whether the one replaced goes home."""

    out = forms.ChoiceField(label=gettext_lazy("Seat of"))
    into = forms.ChoiceField(label=gettext_lazy("Taken by"), required=False)
    new_name = forms.CharField(
        max_length=MAX_NAME,
        required=False,
        label=gettext_lazy("or someone new"),
        widget=forms.TextInput(attrs={"autocapitalize": "words", "autocomplete": "off"}),
    )
    leaves = forms.BooleanField(
        required=False, initial=False, label=gettext_lazy("They leave for the night")
    )

    def __init__(self, *args: Any, seated: list[str], free: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["out"].choices = [(n, n) for n in seated]
        self.fields["into"].choices = [("", "—")] + [(n, n) for n in free]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        new = (data.get("new_name") or "").strip()
        if new:
            try:
                new = player_name(new)
            except forms.ValidationError as e:
                self.add_error("new_name", e)
                return data
        if new and data.get("into"):
            self.add_error("new_name", _("Choose someone, or type a new name: not both."))
        elif not new and not data.get("into"):
            self.add_error("into", _("Who takes the seat?"))
        data["who"] = new or data.get("into") or ""
        return data


class RankingForm(forms.Form):
    ranking = forms.ChoiceField(
        choices=RANKING_CHOICES,
        widget=forms.RadioSelect,
        label=gettext_lazy("Rank people who played different numbers of tables"),
    )


class PhoneNameForm(forms.Form):
    name = forms.CharField(
        max_length=40,
        label=gettext_lazy("Your name (it shows in the game's history)"),
        widget=forms.TextInput(attrs={"autocomplete": "name", "autocapitalize": "words"}),
    )

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Who keeps score here?"))
        return player_name(name)
