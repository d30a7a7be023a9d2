"""Whatever a phone sends to a Pottle or Nigerian Thuni game, at any stage of a deal, the answer
is a page or a message, never a server error."""

from __future__ import annotations

import random
import uuid

import pytest
from django.urls import reverse

from scorekeeper.games import services
from tests.support.logs import fixture_log

pytestmark = pytest.mark.django_db

FIELDS = {
    "pottle": [
        *(f"{p}_{s}" for p in ("bid", "trick", "buy") for s in range(5)),
        "trumps", "bid_total", "trick_total",
    ],
    "nigerian-thuni": [
        *(f"{p}_{s}" for p in ("bid", "trick") for s in range(4)),
        "dealer", "conceded", "next_dealer", "bid_total",
    ],
}  # fmt: skip
ODD = [
    "", " ", "0", "1", "2", "3", "4", "7", "8", "9", "-1", "1e9", "99999999999999999999",
    "abc", "null", "true", "pass", "Pass", "spades", "no-trumps", "NO", "<b>x</b>", "é",
]  # fmt: skip


def post(rng: random.Random, key: str) -> dict[str, str]:
    data = {f: rng.choice(ODD) for f in FIELDS[key] if rng.random() < 0.7}
    data["token"] = rng.choice([str(uuid.uuid4()), "not-a-uuid", ""])
    return data


@pytest.mark.parametrize("key", ["pottle", "nigerian-thuni"])
@pytest.mark.parametrize("seed", range(3))
def test_odd_posts_at_every_stage_never_fail_the_server(client_in, keeper, key, seed):
    rng = random.Random(seed)
    doc = fixture_log(key)
    doc["deals"] = doc["deals"][: rng.randrange(1, len(doc["deals"]))]
    del doc["computed"]
    game = services.import_game(doc, owner=keeper)
    number = game.deals.count()
    urls = [
        reverse("deal_preview", args=[game.pk]),
        reverse("deal_open", args=[game.pk]),
        reverse("deal_record", args=[game.pk]),
        reverse("deal_preview", args=[game.pk]) + f"?number={number}",
        reverse("deal_edit", args=[game.pk, number]),
        reverse("deal_what_if", args=[game.pk, number]),
    ]
    for _ in range(12):
        data = post(rng, key)
        for url in urls:
            for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                response = client_in.post(url, data, **htmx)
                assert response.status_code in (200, 302), (url, data, response.status_code)
        for url in (reverse("game", args=[game.pk]), reverse("deal_reopen", args=[game.pk])):
            response = client_in.get(url) if "reopen" not in url else client_in.post(url)
            assert response.status_code in (200, 302), url
