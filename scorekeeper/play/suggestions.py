"""Names a new game suggests for its seats: the person's (or their browser's) earlier players
and their groups' players, the most recently seated first, so a rematch needs no typing."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, Max, OuterRef, Q

from scorekeeper.games import access
from scorekeeper.games.models import Player
from scorekeeper.groups.models import Membership

MOST = 40  # a phone's list: the regulars, not everyone ever named

# A group's members are the groups app's table, named by app label (access.py says why).


def names_for(user: Any) -> list[str]:
    """Earlier players' names, most recently seated first (one query); [] for someone new."""
    account = access.person(user)
    if account is None:
        return []
    own = Q(owner=account, group=None)
    if user.is_authenticated:  # a visitor has no groups
        own |= Q(Exists(Membership.objects.filter(group=OuterRef("group"), user=account)))
    players = (
        Player.objects.filter(own)
        .annotate(last=Max("seat__game__updated_at"))
        .order_by("-last", "name")
        .values_list("name", flat=True)
    )
    names: list[str] = []
    seen: set[str] = set()
    for name in players[: MOST * 2]:  # a group's Asha and one's own Asha are one suggestion
        if name.casefold() not in seen:
            seen.add(name.casefold())
            names.append(name)
    return names[:MOST]
