"""The shell's own forms: sign up, a new game of any registered kind and whose game it is,
importing a game log.

Each game's deal form lives with the game (see scorekeeper/registry.py); their common base is
in deal_forms.py.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.core import names as name_rules
from scorekeeper.core.errors import FactError
from scorekeeper.core.house_rules import HouseRule
from scorekeeper.core.reader import same_value
from scorekeeper.registry import RegisteredGame

from . import refusals
from .models import Game


class GroupChoiceForm(forms.Form):
    """Whose game a new game is: one of the person's groups, or their own. The field is the one
    of the game's foreign key to its group (the games do not import the groups app)."""

    group = Game._meta.get_field("group").formfield(
        required=False,
        empty_label=gettext_lazy("Just me"),
        label=gettext_lazy("Whose game"),
    )

    def __init__(self, *args: Any, user, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["group"]
        if user.is_authenticated:
            field.queryset = field.queryset.filter(memberships__user=user)
        else:  # a visitor has no groups
            field.queryset = field.queryset.none()

    @property
    def has_groups(self) -> bool:
        return self.fields["group"].queryset.exists()


class NewGameForm(forms.Form):
    """Players in order of play, the first dealer, a mode where the game has modes, and the
    game's house rules (standard unless changed). The game's own setup checks it all."""

    def __init__(self, *args: Any, game: RegisteredGame, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        rules = game.rules
        self.modes = {m.key: m for m in rules.modes}
        self.max_seats = max([m.seats for m in rules.modes] or list(rules.seat_counts), default=4)
        # Without modes the number of players is free: seats past the fewest are optional, and
        # the first-dealer chips of those left empty are hidden (new-game.js).
        fewest = None if rules.modes else min(rules.seat_counts, default=None)
        self.min_seats = fewest if fewest is not None and fewest < self.max_seats else None
        if self.modes:
            first = rules.modes[0]
            self.fields["mode"] = forms.ChoiceField(
                choices=[(m.key, _(m.label)) for m in rules.modes],  # a game's labels: English
                initial=first.key,
                widget=forms.RadioSelect,
            )
        for i in range(self.max_seats):
            self.fields[f"player_{i}"] = forms.CharField(
                max_length=40,
                required=False,
                label=_("Seat %(number)s") % {"number": i + 1},
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )
        starter = rules.dealer_field == "starter"
        self.first_label = _("First starter") if starter else _("First dealer")
        self.fields["first_dealer"] = forms.TypedChoiceField(
            choices=[(i, _("Seat %(number)s") % {"number": i + 1}) for i in range(self.max_seats)],
            coerce=int,
            initial=0,
            widget=forms.RadioSelect,
        )
        for rule in rules.house_rules:
            self.fields[f"rule_{rule.key}"] = _rule_field(rule)

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{i}"] for i in range(self.max_seats)]

    def rule_fields(self) -> list[forms.BoundField]:
        return [self[f"rule_{rule.key}"] for rule in self.game.rules.house_rules]

    def rule_errors(self) -> bool:
        """A house rule was refused: its section opens, so the message is seen."""
        return any(self.errors.get(f"rule_{rule.key}") for rule in self.game.rules.house_rules)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        rules = self.game.rules
        raw = [(data.get(f"player_{i}") or "").strip() for i in range(self.max_seats)]
        if self.modes:
            mode = self.modes.get(data.get("mode", ""))
            if mode is None:
                return data
            seats = mode.seats
        else:
            seats = max((i + 1 for i, name in enumerate(raw) if name), default=0)
            seats = max(seats, min(rules.seat_counts))
        names = raw[:seats]
        for i, name in enumerate(names):
            if not name:
                self.add_error(f"player_{i}", _("Write the name of who sits here."))
                continue
            try:
                names[i] = player_name(name)
            except forms.ValidationError as e:
                self.add_error(f"player_{i}", e)
        if data.get("first_dealer", 0) >= seats:
            self.add_error(
                "first_dealer", _("Choose one of the %(seats)s seats.") % {"seats": seats}
            )
        data["players"] = names
        data["house_rules"] = {}
        for rule in rules.house_rules:
            value = data.get(f"rule_{rule.key}")
            if value not in (None, ""):
                data["house_rules"][rule.key] = _decode(rule, value)
        if not self.errors:
            envelope = {
                "players": names,
                "first_dealer": data["first_dealer"],
                "house_rules": data["house_rules"],
            }
            if self.modes:
                envelope["mode"] = data["mode"]
            try:
                rules.setup(envelope)
            except FactError as e:
                self._add_setup_errors(e)
        return data

    def _add_setup_errors(self, error: FactError) -> None:
        for e in refusals.each(error):
            head, _, rest = e.field.partition(".")
            target = {
                "players": f"player_{rest}" if rest.isdigit() else None,
                "house_rules": f"rule_{rest}",
                "first_dealer": "first_dealer",
                "mode": "mode",
            }.get(head)
            self.add_error(target if target in self.fields else None, refusals.said(e))


def player_name(typed: str) -> str:
    """A player's name typed in a form, as every game keeps it (core/names.py: normalised,
    invisible characters refused); ValidationError in the reader's language."""
    try:
        return name_rules.read_name(typed, "name")
    except FactError as e:
        raise forms.ValidationError(refusals.said(e)) from None


def _rule_field(rule: HouseRule) -> forms.Field:
    """A choice for a setting with fixed values; a number box (blank: standard) for "or a
    number" settings, with the standard value as its placeholder."""
    # A game's labels are English, marked for translation where the game offers them in more
    # languages (gettext leaves the others as they are).
    if rule.text is not None:  # a name: blank is the standard choice
        return forms.CharField(
            required=False,
            max_length=rule.text,
            label=_(rule.label),
            help_text=_(rule.help) if rule.help else "",
            widget=forms.TextInput(
                attrs={"autocomplete": "off", "placeholder": _(rule.label_of(rule.standard))}
            ),
        )
    if rule.numbers is None:
        return forms.ChoiceField(
            choices=[(_encode(c), _(label)) for c, label in _labelled(rule)],
            initial=_encode(rule.standard),
            required=False,  # left out: the standard value
            label=_(rule.label),
            help_text=_(rule.help) if rule.help else "",
        )
    low, high = rule.numbers
    # The bounds said before typing and given to the browser's number box; the game's setup
    # refuses a number past them at the field, in its own words.
    low_text, high_text = (number_format(n, force_grouping=True) for n in (low, high))
    bounds = _("A whole number from %(low)s to %(high)s.") % {"low": low_text, "high": high_text}
    return forms.IntegerField(
        required=False,
        label=_(rule.label),
        help_text=f"{_(rule.help)} {bounds}" if rule.help else bounds,
        widget=forms.NumberInput(
            attrs={
                "inputmode": "numeric",
                "placeholder": _(rule.label_of(rule.standard)),
                "min": low,
                "max": high,
            }
        ),
    )


def _labelled(rule: HouseRule) -> list[tuple[Any, str]]:
    return [(c, rule.label_of(c)) for c in rule.choices]


def _encode(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def _decode(rule: HouseRule, raw: Any) -> Any:
    """A house rule's field value back to the rule's own value (a game night's form too)."""
    if isinstance(raw, int):
        return raw
    for choice in rule.choices:
        if _encode(choice) == raw:
            return choice
    return raw


def rule_value_label(rule: HouseRule, value: Any) -> str:
    for choice in rule.choices:
        if same_value(choice, value):
            return rule.label_of(choice)
    return rule.label_of(value)


decode_rule = _decode  # public: a game night's form reads the same fields
