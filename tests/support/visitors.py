"""A visitor's Thunee game through the web, as a browser without an account starts and keeps
one (the tests of visitors, backups, the home page, play again and the streams use it)."""

from __future__ import annotations

import uuid

from django.urls import reverse

from scorekeeper.games.models import Game

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def start_thunee(client, names=NAMES, **over) -> Game:
    data = {"game": "thunee", "mode": "4p", "first_dealer": 0}
    data.update({f"player_{i}": n for i, n in enumerate(names)})
    data.update(over)
    response = client.post(reverse("game_new"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def record(client, game: Game) -> None:
    """A no-call deal in whoever's deal it is, the counting team winning it."""
    game.refresh_from_db()
    maker = (game.state_cache["dealer"] + 1) % 4
    data = {"kind": "normal", "call": 0, "token": str(uuid.uuid4())}
    data.update(trump_maker=maker, last_trick=maker, counting_points=130)
    response = client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert response.status_code == 200, response.content.decode()[:2000]
