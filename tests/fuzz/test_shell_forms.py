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
from tests.seasons.helpers import make_group

from .mutations import DAMAGES, INDEX, as_post, damaged
from .page_forms import forms_on

POSTS = int(os.environ.get("FUZZ_POSTS", "60"))
LEAVES_THE_PAGE = ("/logout/", "/i18n/")  # forms that would end the test's session


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
        pick = data.draw(INDEX, label="form")
        how_many = data.draw(st.integers(min_value=0, max_value=3), label="fields damaged")
        damages = data.draw(DAMAGES, label="damage")
        page = client.get(url)
        assert page.status_code < 500, url
        forms = [
            f
            for f in forms_on(page.content.decode())
            if f.action and not any(part in f.action for part in LEAVES_THE_PAGE)
        ]
        if not forms:
            return
        form = forms[pick % len(forms)]
        pairs = damaged(form, form.pairs, damages[:how_many])
        response = client.post(form.action, as_post(pairs))
        assert response.status_code < 500, (form.action, pairs, response.status_code)

    post_one()
