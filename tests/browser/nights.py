"""A game night made through the night's services, for the browser tests that start from one."""

from __future__ import annotations

from datetime import date

from scorekeeper.groups.models import Group, Membership
from scorekeeper.nights import services
from scorekeeper.nights.models import Night

NINE = ["Asha", "Bongani", "Chetan", "Dev", "Esi", "Farid", "Gugu", "Hana", "Ivan"]


def organiser_group(factory) -> tuple[object, Group]:
    """The user "organiser", admin of the group "Friday table"."""
    admin = factory.make_user("organiser")
    group = Group.objects.create(name="Friday table")
    Membership.objects.create(group=group, user=admin, role="admin")
    return admin, group


def night_of(admin, group, names, *, kind="thunee", mode="4p", rounds=3) -> Night:
    """A night of these people, its first round drawn (not started)."""
    return services.create_night(
        group=group,
        organiser=admin,
        played_on=date(2026, 11, 27),
        kind=kind,
        mode=mode,
        house_rules={},
        rounds=rounds,
        seating_method="draw",
        names=list(names),
    )
