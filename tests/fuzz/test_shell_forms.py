"""Bad input never brings a server error on the shell's other pages either: every form that
posts on the new-game page of each registered game, the import page, a game's share page, a
group's page and its seasons' pages (hidden `game` and `next`, chips, roles, links to players,
files), sent as the page renders it but with fields dropped, repeated or replaced.

`FUZZ_POSTS` (per game, see test_mutated_forms.py) sets the posts here too."""

from __future__ import annotations

import os

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.games import services
from tests.support.groups import make_group

from .mutations import post_a_damaged_form

POSTS = int(os.environ.get("FUZZ_POSTS", "60"))


def pages(group, game) -> list[str]:
    return [
        *(f"{reverse('game_new')}?game={key}&group={group.pk}" for key in sorted(registry.GAMES)),
        reverse("game_import"),
        reverse("game_share", args=[game.pk]),
        reverse("group", args=[group.pk]),
        reverse("seasons:games", args=[group.pk, "all-time"]),
        reverse("seasons:new", args=[group.pk]),
        reverse("seasons:import", args=[group.pk]),
    ]


@pytest.mark.django_db
def test_the_shells_forms_never_bring_a_server_error(client, factory):
    @settings(
        max_examples=POSTS,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def post_one(data):
        owner = factory.make_user()
        friend = factory.make_user()
        group = make_group(owner, members=[friend])
        game = services.create_game(
            owner=owner, game="spades", players=["Asha", "Bo", "Cy", "Di"], group=group
        )
        client.force_login(owner)
        # Drawn before the page is read (see mutations.DAMAGE): which page, form and damage.
        url = data.draw(st.sampled_from(pages(group, game)), label="page")
        post_a_damaged_form(data, client, url)

    post_one()
