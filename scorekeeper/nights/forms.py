"""The organiser's forms: a new night (its game's mode and house rules are the new-game form's
own fields), a swap before a round, a table phone's name."""

from __future__ import annotations

from datetime import date
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.core.errors import FactError
from scorekeeper.games import refusals
from scorekeeper.games.forms import NewGameForm, decode_rule
from scorekeeper.games.models import Player
from scorekeeper.registry import RegisteredGame

from .models import Night
from .services import shape_of

MAX_GUESTS = 40


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

    @property
    def modes(self) -> bool:
        return "mode" in self.fields

    def rule_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in self.fields if key.startswith("rule_")]

    def clean_guests(self) -> list[str]:
        names = [n.strip() for n in self.cleaned_data["guests"].splitlines() if n.strip()]
        if any(len(n) > 40 for n in names):
            raise forms.ValidationError(_("A name has at most 40 characters."))
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
        data["house_rules"] = {}
        for rule in rules.house_rules:
            value = data.get(f"rule_{rule.key}")
            if value not in (None, ""):
                data["house_rules"][rule.key] = decode_rule(rule, value)
        mode = data.get("mode") if self.modes else None
        if self.modes and not mode:
            return data
        shape = shape_of(self.game.key, mode)
        # Guests refused (said at their field) are not counted missing as well.
        if len(data["names"]) < min(shape.sizes) and "guests" not in self.errors:
            self.add_error(
                "present",
                _("A table needs at least %(count)s players: tap who is here or add guests.")
                % {"count": min(shape.sizes)},
            )
            return data
        # The house rules checked once by the game's own setup, at a table of the right size.
        envelope: dict[str, Any] = {
            "players": [f"Seat {i + 1}" for i in range(min(shape.sizes))],
            "first_dealer": 0,
            "house_rules": data["house_rules"],
        }
        if mode:
            envelope["mode"] = mode
        try:
            rules.setup(envelope)
        except FactError as e:
            for error in refusals.each(e):
                head, _dot, rest = error.field.partition(".")
                target = f"rule_{rest}" if head == "house_rules" else None
                self.add_error(target if target in self.fields else None, refusals.said(error))
        return data


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
        return name
