"""Pottle's deal form: before the hand, any chips bought, the bids and the trumps chosen; when
the hand ends, the tricks (seven in all). Bids and tricks are one tap each on a pad."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.bid_forms import SeatNumbers, SeatNumbersForm
from scorekeeper.games.widgets import Chips
from scorekeeper.rules.pottle import TRUMPS, Setup
from scorekeeper.rules.pottle.setup import HIGHEST_BID, TRICKS

BIDS = SeatNumbers("bids", "bid", _("Bids"), 0, HIGHEST_BID, missing=_("Tap {name}'s bid."))
TRICKS_TAKEN = SeatNumbers(
    "tricks",
    "trick",
    _("Tricks"),
    0,
    TRICKS,
    total=TRICKS,
    missing=_("Tap how many tricks {name} took."),
)
TRUMP_LABELS = {
    "hearts": _("♥ Hearts"),
    "clubs": _("♣ Clubs"),
    "diamonds": _("♦ Diamonds"),
    "spades": _("♠ Spades"),
    "no-trumps": _("No trumps"),
}
MOST_CHIPS = 100_000  # a purchase bigger than this is a slip of the thumb


class PottleDealForm(SeatNumbersForm):
    OPENING = (BIDS,)
    CLOSING = (TRICKS_TAKEN,)

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        fields = super().setup_fields(setup, stage)
        if stage == "closing":
            return fields
        for seat, name in enumerate(setup.players):
            fields[f"buy_{seat}"] = forms.IntegerField(
                min_value=0,
                max_value=MOST_CHIPS,
                required=False,
                label=name,
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "min": 0, "placeholder": "0"}
                ),
            )
        fields["trumps"] = forms.ChoiceField(
            choices=[("", _("Not noted")), *((t, TRUMP_LABELS[t]) for t in TRUMPS)],
            initial="",
            required=False,
            label=_("Trumps"),
            widget=Chips,
        )
        return fields

    @property
    def FIELD_OF(self) -> dict[str, str]:  # type: ignore[override]  # noqa: N802
        return {**super().FIELD_OF, "chips_bought.*": "buy_*", "trumps": "trumps"}

    def bid_groups(self) -> list[dict[str, Any]]:
        """The bids' pads (before the trumps); none once the bids are in."""
        return [g for g in self.number_groups() if g["numbers"] is BIDS]

    def trick_groups(self) -> list[dict[str, Any]]:
        return [g for g in self.number_groups() if g["numbers"] is TRICKS_TAKEN]

    def buy_fields(self) -> list[forms.BoundField]:
        """The purchases, per seat (none at the closing stage: they come before the ante)."""
        if "buy_0" not in self.fields:
            return []
        return [self[f"buy_{seat}"] for seat in range(len(self.setup.players))]

    def buying_open(self) -> bool:
        """Show the purchases unfolded: somebody bought, must buy, or a purchase is wrong."""
        return any(
            (f.value() not in (None, "", "0", 0)) or f.errors for f in self.buy_fields()
        ) or bool(self.short_of_ante())

    def short_of_ante(self) -> list[int]:
        """The seats without the chips for the ante, before any purchase."""
        if self.state is None or self.stage == "closing":
            return []
        ante = self.setup.rules.ante
        return [s for s, chips in enumerate(self.state.chips) if chips < ante]

    def notes(self) -> list[str]:
        ante = self.setup.rules.ante
        out = []
        for seat in self.short_of_ante():
            have = self.state.chips[seat]
            said = {
                "name": self.setup.players[seat],
                "chips": have,
                "need": ante - have,
                "ante": ante,
            }
            if have == 0:
                text = gettext(
                    "%(name)s has no chips: buy at least %(need)s before the ante of %(ante)s."
                )
            else:
                text = ngettext(
                    "%(name)s has %(chips)s chip: buy at least %(need)s before the ante of "
                    "%(ante)s.",
                    "%(name)s has %(chips)s chips: buy at least %(need)s before the ante of "
                    "%(ante)s.",
                    have,
                )
            out.append(text % said)
        return out

    def deal_data(self) -> dict[str, Any]:
        data = super().deal_data()
        if self.stage == "closing":
            return data
        d = self.cleaned_data
        bought = [d.get(f"buy_{seat}") or 0 for seat in range(len(self.setup.players))]
        if any(bought):
            data["chips_bought"] = bought
        if d.get("trumps"):
            data["trumps"] = d["trumps"]
        return data

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        initial = super().initial_from_facts(facts)
        for seat, bought in enumerate(facts.get("chips_bought") or []):
            if bought:
                initial[f"buy_{seat}"] = bought
        if facts.get("trumps"):
            initial["trumps"] = facts["trumps"]
        return initial
