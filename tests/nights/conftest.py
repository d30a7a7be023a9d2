"""A group with an admin, a member and a stranger, nine players, and helpers to run a night."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass

import pytest
from django.test import Client

from scorekeeper.games.models import Player
from scorekeeper.groups.models import Group, Membership

YES = {"confirm": "yes"}  # the organiser's second tap: an end is asked once
NINE = ["Asha", "Bongani", "Chetan", "Dev", "Esi", "Farid", "Gugu", "Hana", "Ivan"]


@dataclass
class Club:
    group: Group
    admin: object
    member: object
    stranger: object


@pytest.fixture
def club(factory) -> Club:
    group = Group.objects.create(name="Friday table")
    admin, member = factory.make_user("admin"), factory.make_user("member")
    Membership.objects.create(group=group, user=admin, role="admin")
    Membership.objects.create(group=group, user=member, role="member")
    for name in NINE[:7]:
        Player.objects.create(owner=admin, group=group, name=name)
    return Club(group, admin, member, factory.make_user("stranger"))


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def new_night_post(group, *, rounds: int | str = 3, guests=("Hana", "Ivan"), **over) -> dict:
    present = [p.pk for p in Player.objects.filter(group=group)]
    data = {
        "game": "thunee",
        "mode": "4p",
        "played_on": "2026-11-24",
        "present": present,
        "guests": "\n".join(guests),
        "rounds": rounds,
        "seating": "draw",
    }
    data.update(over)
    return data


def thunee_deal(maker: int, **over) -> dict:
    data = {"kind": "normal", "call": 0, "token": str(uuid.uuid4())}
    data.update(trump_maker=maker, last_trick=maker, counting_points=152)
    data.update(over)
    return data


def table_url(page: str, number: int) -> str:
    """The keep-score link of a table as the organiser's page shows it."""
    found = re.search(rf'value="([^"]+)"[^>]*data-testid="table-url-{number}"', page)
    assert found, f"no link of table {number}"
    return found.group(1)
