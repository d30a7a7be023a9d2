"""How a bids-and-tricks game's explanation lines name the table, and the sentences its games
share. A game's words module imports the templates it uses, so that they are its words too."""

from __future__ import annotations

from typing import Generic, TypeVar

from scorekeeper.core.explain import LIST_AND, gettext_noop, listed
from scorekeeper.core.game import SetupShape
from scorekeeper.core.teams import PartnersSetup

# The board's line, while the hand is played, for the player who chooses trumps.
OPENING_TRUMPS = gettext_noop("{name} bids {bid} and chooses trumps")


SetupT = TypeVar("SetupT", bound=SetupShape)
PartnersSetupT = TypeVar("PartnersSetupT", bound=PartnersSetup)


class SeatWords(Generic[SetupT]):
    """Names for seats: "Asha", "Asha, Bongani and Chetan"."""

    def __init__(self, setup: SetupT) -> None:
        self.setup = setup

    def name(self, seat: int) -> str:
        return self.setup.players[seat]

    def names(self, seats: list[int] | tuple[int, ...]) -> str:
        return listed([self.name(s) for s in seats], last=LIST_AND)


class TeamWords(SeatWords[PartnersSetupT]):
    """Names for seats and for fixed partnerships: "Asha & Chetan"."""

    def team(self, team: int) -> str:
        return self.setup.team_name(team)
