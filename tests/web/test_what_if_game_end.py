"""What if, on a finished game: the comparison says when the change would leave it unfinished."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from scorekeeper.games import services
from tests.support.logs import fixture_path

pytestmark = pytest.mark.django_db
FIXTURE = fixture_path("thunee")


@pytest.fixture
def finished(keeper):
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))  # 13–11 on deal 12
    return services.import_game(doc, owner=keeper)


def what_if(client, game, number, **fields):
    data = {"token": str(uuid.uuid4()), **fields}
    url = reverse("deal_what_if", args=[game.pk, number])
    return client.post(url, data, HTTP_HX_REQUEST="true").content.decode()


def test_a_change_that_undoes_the_win_says_the_game_would_not_be_over(client_in, finished):
    # Deal 12 won the game (11–11 → 13–11); cancelled, the game would still be at 11–11.
    html = what_if(client_in, finished, 12, kind="cancelled", cancelled_reason="")
    assert "Game now: <strong>13–11</strong>" in html
    assert "Had it been so: <strong>11–11</strong>" in html
    assert "and the game would not be over yet" in html
    assert "and the game would be over" not in html


def test_the_unchanged_deal_of_a_finished_game_does_not_say_it_would_be_over(client_in, finished):
    page = client_in.get(reverse("deal_what_if", args=[finished.pk, 3])).content.decode()
    assert "Had it been so: <strong>13–11</strong>" in page
    assert "would be over" not in page and "would not be over" not in page


def test_a_change_that_wins_the_game_sooner_says_where_it_would_have_ended(
    client_in, factory, keeper
):
    game = factory.make_game(keeper)
    for i in range(23):  # 11–10 after deal 21, 11–11 after 22, 12–11 after 23: over
        factory.normal_deal(game, counting_wins=i % 3 != 2)
    game.refresh_from_db()
    assert game.finished and game.state_cache["balls"] == [12, 11]
    # Deal 22 went the other way: Asha & Chetan reach 12 there, and deal 23 is never played.
    html = what_if(
        client_in, game, 22, kind="normal", call=0, trump_maker=0, last_trick=0, counting_points=40
    )
    assert (
        "Had it been so, the game would have ended after deal 22, at <strong>12–10</strong>" in html
    )
    assert "would not have gone as recorded" not in html
