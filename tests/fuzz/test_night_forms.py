"""Bad input never brings a server error on a game night's pages: every form of the new-night
page of each registered game, of the night's page (a round drawn: swap, start; a round started:
end it, renew a table's link, end the night) and of a table's page (the phone's name), sent as
the page renders it but with fields dropped, repeated or replaced; and every night endpoint
with tampered ids and query values (the table phone's and the big screen's polls).

`FUZZ_POSTS` (per game, see test_mutated_forms.py) sets the posts here too."""

from __future__ import annotations

import json
import os

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.nights.models import Night, Table
from tests.nights.conftest import new_night_post, table_url
from tests.support.groups import make_group

from .mutations import VALUE, post_a_damaged_form

POSTS = int(os.environ.get("FUZZ_POSTS", "60"))
NAMES = ["Asha", "Bongani", "Chetan", "Dev", "Esi", "Farid", "Gugu", "Hana", "Ivan"]


def a_night(client, group, *, started: bool, ended: bool = False) -> tuple[Night, str]:
    data = new_night_post(group, guests=NAMES, round_minutes=30)
    client.post(reverse("night_new", args=[group.pk]), data)
    night = Night.objects.filter(group=group).latest("pk")
    if started:
        client.post(reverse("night_start", args=[night.pk]))
    page = client.get(reverse("night", args=[night.pk])).content.decode()
    link = table_url(page, 1) if started else ""
    if ended:  # round 2 drawn, the end of round 1 to take back, a late deal to add
        phone = Client()
        phone.post(link, {"name": "Phone"})
        phone.get(link)
        client.post(reverse("night_end_round", args=[night.pk]), {"confirm": "yes"})
        game = Table.objects.get(round__night=night, number=1, round__number=1).game
        fields = json.dumps([["token", "t"], ["trump_maker", "1"], ["call", "0"]])
        phone.post(
            reverse("night_table_late", args=[game.pk]),
            {"kind": "deals", "number": "1", "fields": fields},
        )
    return night, link


@pytest.mark.django_db
def test_a_nights_forms_never_bring_a_server_error(client, factory):
    @settings(
        max_examples=POSTS,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def post_one(data):
        owner = factory.make_user()
        group = make_group(owner, members=[factory.make_user()])
        client.force_login(owner)
        where = data.draw(
            st.sampled_from(["new", "drawn", "started", "ended", "table"]), label="page"
        )
        poster = client
        if where == "new":
            key = data.draw(st.sampled_from(sorted(registry.GAMES)), label="game")
            url = f"{reverse('night_new', args=[group.pk])}?game={key}"
        else:
            night, link = a_night(client, group, started=where != "drawn", ended=where == "ended")
            url = reverse("night", args=[night.pk])
            if where == "table":
                url, poster = link, Client()  # the phone at the table, no account
        post_a_damaged_form(data, poster, url)

    post_one()


BAD_IDS = ["0", "2", "9223372036854775808", "9" * 40]


@pytest.mark.django_db
def test_every_night_endpoint_with_tampered_ids_and_values(client, factory):
    owner = factory.make_user()
    group = make_group(owner, members=[factory.make_user()])
    client.force_login(owner)
    night, link = a_night(client, group, started=True)
    token = link.rstrip("/").rsplit("/", 1)[1]
    screen = night.watch_token
    game_pk = Table.objects.get(round__night=night, number=1).game_id
    phone = Client()
    phone.post(link, {"name": "Phone"})
    phone.get(link)  # holds table 1's game: its late-deal post is read, not refused at once

    @settings(max_examples=POSTS, deadline=None, database=None)
    @given(
        bad=st.sampled_from(BAD_IDS),
        value=VALUE,
        which=st.integers(min_value=0, max_value=27),
        anonymous=st.booleans(),
    )
    def ask(bad, value, which, anonymous):
        value = value if isinstance(value, str) else str(value)
        pk = night.pk
        urls = [
            ("get", f"/groups/{bad}/nights/"),
            ("get", f"/groups/{bad}/nights/new/?game={value}"),
            ("post", f"/groups/{group.pk}/nights/new/?game={value}"),
            ("get", f"/nights/{bad}/"),
            ("post", f"/nights/{bad}/swap/"),
            ("post", f"/nights/{bad}/start/"),
            ("post", f"/nights/{bad}/end-round/"),
            ("post", f"/nights/{pk}/tables/{bad}/renew/"),
            ("get", f"/nights/{bad}/cards/"),
            ("get", f"/nights/{bad}/results/"),
            ("get", f"/nights/{bad}/results.csv"),
            ("post", f"/nights/{pk}/swap/"),
            ("get", f"/table/{token}/next/"),
            ("get", f"/table/{token}/"),
            ("get", f"/screen/{screen}/live/"),
            ("get", f"/screen/{value[:40] or 'x'}/"),
            ("get", f"/nights/{bad}/live/"),
            ("get", f"/nights/{pk}/live/"),
            ("post", f"/nights/{bad}/take-back/"),
            ("post", f"/nights/{pk}/take-back/"),
            ("post", f"/nights/{pk}/arrive/"),
            ("post", f"/nights/{pk}/leave/"),
            ("post", f"/nights/{pk}/substitute/"),
            ("post", f"/nights/{pk}/ranking/"),
            ("post", f"/nights/{pk}/late/{bad}/add/"),
            ("post", f"/nights/{pk}/late/{bad}/discard/"),
            ("post", f"/table/late/{bad}/"),
            ("post", f"/table/late/{game_pk}/"),
        ]
        method, url = urls[which]
        asker = Client() if anonymous else client
        params = {"v": value, "game": value, "a": value, "b": value}
        params |= {"name": value, "end": value, "ranking": value, "out": value, "into": value}
        params |= {"kind": value, "number": value, "fields": value, "next": value}
        asker = phone if url.startswith("/table/late/") and anonymous else asker
        response = getattr(asker, method)(url, params)
        assert response.status_code < 500, (method, url, value, response.status_code)

    ask()
