"""Hand-worked seasons for the seasons tests: the games' fixture logs (tests/gamelog/fixtures,
each worked out by hand) with the names in their seats chosen per game, so that who won, who
partnered whom and each player's figures follow from the fixtures' known results:

- Thunee (full-game-4p): seats 0 & 2 win 13–11 (balls won in the deals); seat 2 calls and
  makes a Khanaak, seat 3 calls and makes a Thunee.
- Spades: seats 1 & 3 win 513–434; bags taken 14 (seats 0 & 2) and 13 (1 & 3); nils made by
  seats 0, 1 and 3.
- Nigerian Thuni: seats 0 & 2 win 17–16.
- Pottle (no set end, counted as it stands): chips won net -6, -6, +6, +2: seat 2 first,
  seat 3 second, seats 0 and 1 share third.
- Zhao Pengyou (6 players): seats 2 and 3 pass Ace; levels gained 0, 0, 14, 16, 4, 1; times as
  trump maker 0, 1, 3, 2, 1, 0; seven deals with trumps made (one of them neither side goes up).
"""

from __future__ import annotations

import copy
import json
import uuid
from datetime import date
from pathlib import Path
from typing import Any

from django.utils import timezone

from scorekeeper.games import services
from scorekeeper.games.models import Game
from scorekeeper.groups.models import Group, Membership

FIXTURES = Path(__file__).resolve().parent.parent / "gamelog" / "fixtures"
FIXTURE = {
    "thunee": "full-game-4p.json",
    "spades": "spades.json",
    "nigerian-thuni": "nigerian-thuni.json",
    "pottle": "pottle.json",
    "zhao-pengyou": "zhao-pengyou.json",
}


def fixture_log(kind: str) -> dict[str, Any]:
    return json.loads((FIXTURES / FIXTURE[kind]).read_text(encoding="utf-8"))


def log_with(kind: str, players: list[str]) -> dict[str, Any]:
    """The fixture's log with these names in its seats (and without its computed part)."""
    doc = copy.deepcopy(fixture_log(kind))
    assert len(players) == len(doc["players"])
    doc["players"] = players
    doc.pop("computed", None)
    return doc


def make_group(owner, name: str = "Friday table", *, members=()) -> Group:
    group = Group.objects.create(name=name)
    Membership.objects.create(group=group, user=owner, role="admin")
    for user in members:
        Membership.objects.create(group=group, user=user, role="member")
    return group


def play(
    group: Group,
    owner,
    kind: str,
    players: list[str],
    day: date,
    *,
    friendly: bool = False,
    deals: int | None = None,
) -> Game:
    """A game of the group played on `day`: the fixture's log (its first `deals` deals)."""
    doc = log_with(kind, players)
    if deals is not None:
        doc["deals"] = doc["deals"][:deals]
    game = services.import_game(doc, owner=owner, group=group)
    Game.objects.filter(pk=game.pk).update(
        played_on=day, friendly=friendly, updated_at=timezone.now()
    )
    game.refresh_from_db()
    return game


def touch(game: Game, **fields: Any) -> None:
    """Change a game as the shell would: its `updated_at` moves with it."""
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now(), **fields)


def token() -> uuid.UUID:
    return uuid.uuid4()
