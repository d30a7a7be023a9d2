"""Zhao Pengyou's own chips: the trump maker's (a barred player's dimmed), the friends' (the
trump maker always on the team) and the trump suits'."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.widgets import CheckChips, Chips


class TrumpMakerChips(Chips):
    """The players as chips; those the rules bar from making trumps in this deal (`barred`,
    set by the form) dimmed. Tapping one still says why it is refused."""

    barred: frozenset[str] = frozenset()

    def chip_class(self, value: Any) -> str:
        return "barred" if str(value) in self.barred else ""


class FriendChips(CheckChips):
    """The players as chips to tick the trump maker's friends; the trump maker's own chip
    (`maker`, set by the form) is ticked and marked, as the maker is on the team anyway."""

    maker: int | None = None

    def chip_class(self, value: Any) -> str:
        return "maker" if value == self.maker else ""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value == self.maker:
            option["selected"] = True
            option["attrs"] = {**option["attrs"], "checked": True, "data-maker": "1"}
        return option


class SuitChips(Chips):
    """A suit's chip, drawn in its suit's colour (`suit-hearts`); no chip for none."""

    with_blank = False

    def chip_class(self, value: Any) -> str:
        return f"suit-{value}"
