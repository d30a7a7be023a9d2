"""Zhao Pengyou's deal form, one step: who made trumps (or that nobody did), the friends tapped by
name, the defenders' card points and the kitty on pads of 5s, who won the last trick, false
leads; and, for the log only, the trumps and the called cards.

Every rule stays in the core: the form turns taps into a deal in game-log form, and the core's
refusals come back at their fields in the reader's language (scorekeeper/games/refusals.py).
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper.core import json_text
from scorekeeper.core.errors import FactError
from scorekeeper.games.deal_forms import BaseDealForm
from scorekeeper.games.widgets import Chips, NumberPad
from scorekeeper.rules.zhao_pengyou import GameState, Setup
from scorekeeper.rules.zhao_pengyou.facts import SUITS
from scorekeeper.rules.zhao_pengyou.levels import RANKS, rank_of

from .widgets import FriendChips, SuitChips, TrumpMakerChips

PENALTY_SLOTS = 3  # false leads a deal can record here; a log may hold more
SUIT_SIGNS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
SUIT_NAMES = {
    "clubs": _("clubs"),
    "diamonds": _("diamonds"),
    "hearts": _("hearts"),
    "spades": _("spades"),
}
_PENALTY = re.compile(r"penalties\.(\d+)(?:\.(\w+))?")


class ZhaoPengyouDealForm(BaseDealForm):
    keeps_between_deals = True  # a big form: the browser resets it, the server sends `fresh`

    FIELD_OF = {
        "no_trumps": "no_trumps",
        "trump_maker": "trump_maker",
        "team": "team",
        "team.*": "team",
        "defender_points": "defender_points",
        "kitty_points": "kitty_points",
        "last_trick": "last_trick",
        "trump": "trump_rank",
        "trump.rank": "trump_rank",
        "trump.suit": "trump_suit",
        "called_cards": "called_0",
        "called_cards.*": "called_*",
        "penalties": "penalty_0_seat",
    }

    no_trumps = forms.BooleanField(required=False, label=_("Nobody made trumps: deal again"))
    trump_maker = forms.TypedChoiceField(
        coerce=int, required=False, empty_value=None, widget=TrumpMakerChips
    )
    team = forms.TypedMultipleChoiceField(coerce=int, required=False, widget=FriendChips)
    last_trick = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, widget=Chips)
    trump_rank = forms.ChoiceField(
        required=False,
        label=_("Trump rank"),
        choices=[("", "—"), *((rank, rank) for rank in RANKS)],
    )
    # False leads beyond the slots (a log may hold more): kept as they were, in game-log form.
    penalties_extra = forms.CharField(required=False, widget=forms.HiddenInput)
    trump_suit = forms.ChoiceField(
        required=False,
        label=_("Trump suit"),
        choices=[("", "—"), *((suit, SUIT_SIGNS[suit]) for suit in SUITS)],
        widget=SuitChips,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        state: GameState | None = self.state
        if state is not None and state.trump_maker is not None:
            # By result: the last deal named the trump maker.
            self.initial.setdefault("trump_maker", state.trump_maker)
        self.fields["trump_maker"].widget.barred = frozenset(str(s) for s in self.barred_seats())
        self.fields["team"].widget.maker = _int(self["trump_maker"].value())
        self._penalty_slots: list[int | None] = []  # per penalty sent: its slot (None: extra)

    @classmethod
    def setup_fields(cls, setup: Setup, stage: str) -> dict[str, forms.Field]:
        """Seats by name, the pads' ranges for these packs and this kitty, as many called-card
        boxes as the table calls, and the false-lead slots."""
        seats = list(enumerate(setup.players))
        fields: dict[str, forms.Field] = {}
        for name in ("trump_maker", "team", "last_trick"):
            field = copy.deepcopy(cls.base_fields[name])
            field.choices = seats
            fields[name] = field
        fields["defender_points"] = forms.IntegerField(
            required=False,
            min_value=0,
            label=_("Card points in the defenders' tricks"),
            widget=_points_pad(setup.card_points),
        )
        fields["kitty_points"] = forms.IntegerField(
            required=False,
            min_value=0,
            label=_("Card points in the kitty"),
            widget=_points_pad(10 * setup.kitty),
        )
        for i in range(setup.cards_called):
            fields[f"called_{i}"] = forms.CharField(
                required=False,
                max_length=40,
                label=format_lazy(_("Called card {number}"), number=i + 1),
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "placeholder": _("first A clubs")}
                ),
            )
        most = setup.deck.cards_per_player - 1
        for i in range(PENALTY_SLOTS):
            fields[f"penalty_{i}_seat"] = forms.TypedChoiceField(
                coerce=int,
                required=False,
                empty_value=None,
                choices=[("", "—"), *seats],
                label=_("Who led"),
            )
            fields[f"penalty_{i}_cards"] = forms.TypedChoiceField(
                coerce=int,
                required=False,
                empty_value=None,
                choices=[("", "—"), *((n, str(n)) for n in range(1, most + 1))],
                label=_("Cards taken back"),
            )
        return fields

    # ---- what the template shows --------------------------------------------------------------

    def called_fields(self) -> list[forms.BoundField]:
        return [self[f"called_{i}"] for i in range(self.setup.cards_called)]

    def penalty_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [
            (self[f"penalty_{i}_seat"], self[f"penalty_{i}_cards"]) for i in range(PENALTY_SLOTS)
        ]

    def penalties_open(self) -> bool:
        return any(
            seat.value() not in (None, "") or seat.errors for seat, _ in self.penalty_fields()
        )

    def details_open(self) -> bool:
        """Open when something in it was given (the rank alone is filled in by the browser)."""
        names = ["trump_suit", *(f"called_{i}" for i in range(self.setup.cards_called))]
        given = any(self[name].value() not in (None, "") for name in names)
        return given or any(self[name].errors for name in ("trump_rank", *names))

    def seat_levels(self) -> str:
        """Each seat's trump rank now ("7 7 J …", "-" for Joker or past Ace): the browser fills
        in the trump rank when the trump maker is tapped."""
        state: GameState | None = self.state
        if state is None:
            return ""
        beyond = self.setup.rules.beyond_ace
        return " ".join(rank_of(step, beyond) or "-" for step in state.levels)

    def barred_seats(self) -> set[int]:
        """The players the rules do not let make trumps in this deal: by result, everyone but the
        player the last deal named; with active/passive scoring, the passive ones. Their "made
        trumps" chips are dimmed (tapping one still says why it is refused)."""
        state: GameState | None = self.state
        rules = self.setup.rules
        if state is None:
            return set()
        if rules.by_result:
            named = state.trump_maker
            return set() if named is None else set(range(self.setup.seats)) - {named}
        if rules.active_passive:
            return {seat for seat, active in enumerate(state.active) if not active}
        return set()

    # ---- the deal in game-log form --------------------------------------------------------------

    def deal_data(self) -> dict[str, Any]:
        d = self.cleaned_data
        if d.get("no_trumps"):
            return {"no_trumps": True}
        maker = d.get("trump_maker")
        partners = [seat for seat in d.get("team") or [] if seat != maker]
        data: dict[str, Any] = {"trump_maker": maker}
        if maker is not None:
            data["team"] = [maker, *partners]
        elif partners:
            data["team"] = partners
        data["defender_points"] = d.get("defender_points")
        if d.get("kitty_points"):
            data["kitty_points"] = d["kitty_points"]
        if d.get("last_trick") is not None:
            data["last_trick"] = d["last_trick"]
        # The trumps go in the log once their suit is tapped (the rank is filled in from the
        # trump maker's level on its own, so a rank alone says nothing).
        rank, suit = d.get("trump_rank") or None, d.get("trump_suit") or None
        if suit:
            data["trump"] = {"rank": rank, "suit": suit}
        called = [(d.get(f"called_{i}") or "").strip() for i in range(self.setup.cards_called)]
        if any(called):
            data["called_cards"] = [card for card in called if card]
        penalties = []
        self._penalty_slots = []
        for i in range(PENALTY_SLOTS):
            seat, cards = d.get(f"penalty_{i}_seat"), d.get(f"penalty_{i}_cards")
            if seat is None and cards is None:
                continue
            penalty = {"seat": seat, "cards_withdrawn": cards}
            penalties.append({k: v for k, v in penalty.items() if v is not None})
            self._penalty_slots.append(i)
        penalties += self._extra_penalties()
        if penalties:
            data["penalties"] = penalties
        return data

    @classmethod
    def initial_from_facts(cls, facts: dict[str, Any]) -> dict[str, Any]:
        if facts.get("no_trumps"):
            return {"no_trumps": True}
        maker = facts.get("trump_maker")
        initial: dict[str, Any] = {
            "trump_maker": maker,
            "team": [seat for seat in facts.get("team") or [] if seat != maker],
            "defender_points": facts.get("defender_points"),
            "kitty_points": facts.get("kitty_points"),
            "last_trick": facts.get("last_trick"),
        }
        trump = facts.get("trump") or {}
        initial["trump_rank"] = trump.get("rank", "")
        initial["trump_suit"] = trump.get("suit", "")
        for i, card in enumerate(facts.get("called_cards") or []):
            initial[f"called_{i}"] = card
        penalties = facts.get("penalties") or []
        for i, penalty in enumerate(penalties[:PENALTY_SLOTS]):
            initial[f"penalty_{i}_seat"] = penalty.get("seat")
            initial[f"penalty_{i}_cards"] = penalty.get("cards_withdrawn")
        if len(penalties) > PENALTY_SLOTS:
            initial["penalties_extra"] = json.dumps(penalties[PENALTY_SLOTS:])
        return initial

    def _extra_penalties(self) -> list[Any]:
        """The false leads kept beyond the slots, each one as it was (the core checks them)."""
        try:
            extra = json_text.loads(self.cleaned_data.get("penalties_extra") or "[]")
        except ValueError:
            extra = None
        if not isinstance(extra, list):
            extra = [None]  # refused by the core at "penalties.<n>", shown after the slots
        self._penalty_slots += [None] * len(extra)
        return extra

    def extra_penalty_count(self) -> int:
        try:
            extra = json_text.loads(self["penalties_extra"].value() or "[]")
        except ValueError:
            return 0
        return len(extra) if isinstance(extra, list) else 0

    # ---- the core's refusals, at their fields and in the reader's language ----------------------

    def field_for(self, fact_field: str) -> str | None:
        match = _PENALTY.fullmatch(fact_field)
        if match and int(match[1]) < len(self._penalty_slots):
            slot = self._penalty_slots[int(match[1])]
            if slot is None:
                return "penalties_extra"
            return (
                f"penalty_{slot}_cards" if match[2] == "cards_withdrawn" else f"penalty_{slot}_seat"
            )
        return super().field_for(fact_field)

    def each_error(self, error: FactError) -> list[FactError]:
        """Each error; "who was on the team?" is left out while nobody is tapped as the trump
        maker (the trump maker alone is a team: the question is who made trumps)."""
        errors = super().each_error(error)
        fields = {e.field for e in errors}
        if "trump_maker" in fields:
            errors = [e for e in errors if e.code != "WHO_IS_ON_THE_TEAM"]
        return errors


def _points_pad(most: int) -> NumberPad:
    """Card points on a pad: a key for every 10 and a "+5" key (static/js/number-pad.js)."""
    return NumberPad(
        attrs={
            "inputmode": "numeric",
            "data-pad": "points",
            "data-pad-step": 10,
            "data-pad-plus": 5,
            "min": 0,
            "max": most,
            "step": 5,
        }
    )


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
