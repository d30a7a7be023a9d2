"""A Pottle game at a group's table, with one person at every level of access.

Pottle records a deal in two steps (bids, then tricks) and has pages of its own, so every view of
the shell applies to it. One deal is played; the game is not over."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

import pytest
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import GameRole
from scorekeeper.groups.models import Group, Membership

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def seat_fields(prefix: str, numbers: list[int]) -> dict:
    return {f"{prefix}_{seat}": n for seat, n in enumerate(numbers)}


def bids_post(bids=(1, 2, 3, 0)) -> dict:
    return {"token": str(uuid.uuid4()), "trumps": "", **seat_fields("bid", list(bids))}


def tricks_post(tricks=(1, 3, 3, 0), **extra) -> dict:
    return {"token": str(uuid.uuid4()), **seat_fields("trick", list(tricks)), **extra}


def play_deal(client, game, bids=(1, 2, 3, 0), tricks=(1, 3, 3, 0)):
    client.post(reverse("deal_open", args=[game.pk]), bids_post(bids), **HTMX)
    response = client.post(reverse("deal_record", args=[game.pk]), tricks_post(tricks), **HTMX)
    game.refresh_from_db()
    return response


def become_visitor(client, game: str = "pottle", names=("Zola", "Yusuf", "Xena", "Wim")):
    """This browser starts a game without an account (its holder's cookie kept by `client`):
    the new game."""
    from scorekeeper.games.models import Game

    data = {"game": game, "first_dealer": 0}
    data.update({f"player_{i}": name for i, name in enumerate(names)})
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 302, response.content[:400]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


@dataclass
class Table:
    game: object
    group: Group
    people: dict  # level name -> user (anonymous: None)


@pytest.fixture
def table(factory) -> Table:
    owner = factory.make_user("owner")
    group = Group.objects.create(name="Friday table")
    people = {
        "anonymous": None,
        "stranger": factory.make_user("stranger"),
        "spectator": factory.make_user("spectator"),
        "member": factory.make_user("member"),
        "scorekeeper": factory.make_user("scorekeeper"),
        "admin": factory.make_user("admin"),
        "owner": owner,
    }
    Membership.objects.create(group=group, user=owner, role="admin")
    Membership.objects.create(group=group, user=people["member"], role="member")
    Membership.objects.create(group=group, user=people["admin"], role="admin")
    game = factory.make_game(owner, game="pottle", players=NAMES)
    game.group = group
    game.save(update_fields=["group"])
    GameRole.objects.create(game=game, user=people["spectator"], role=GameRole.SPECTATOR)
    GameRole.objects.create(game=game, user=people["scorekeeper"], role=GameRole.SCOREKEEPER)
    # The deal through the services, not the views: every test of the package starts here,
    # and the views' own tests post deals of their own.
    services.open_deal(game, {"bids": [1, 2, 3, 0]}, user=owner)
    game.refresh_from_db()
    factory.record(game, **game.opening, tricks=[1, 3, 3, 0])  # the bids from the opening
    game.refresh_from_db()
    assert game.version == 1 and not game.finished
    return Table(game, group, people)
