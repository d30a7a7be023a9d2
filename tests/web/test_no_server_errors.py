"""Whatever a phone sends, the answer is a page or a message, never a server error."""

from __future__ import annotations

import random
import uuid

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

FIELDS = [
    "kind", "trump_maker", "call", "calls", "last_trick", "counting_points", "special_call",
    "special_seat", "special_result", "penalty_seat", "penalty_reason", "cancelled_reason",
    "forfeited", "token", "expected_number", "jodie_0", "jodie_0_after", "jodie_3",
]  # fmt: skip
ODD_VALUES = [
    "", " ", "0", "-1", "3", "7", "99", "104", "105", "304", "305", "1e9", "99999999999999999999",
    "abc", "null", "true", "<script>alert(1)</script>", "é", "single,both,both,both", "both",
    "1:20", "9:20", "0:35", "2:50", "normal", "special", "penalty", "cancelled", "thunee",
    "double", "khanaak", "trips", "moenie", "royals", "blind_thunee", "partner_catch",
    "success", "failed", str(uuid.uuid4()), "not-a-uuid", "1", "2", "6", "12",
]  # fmt: skip


def random_post(rng: random.Random) -> dict[str, str]:
    return {f: rng.choice(ODD_VALUES) for f in FIELDS if rng.random() < 0.7}


@pytest.mark.parametrize("seed", range(3))
def test_random_deal_forms_never_fail_the_server(client_in, factory, keeper, seed):
    rng = random.Random(seed)
    mode, names = rng.choice([("4p", 4), ("6p", 6), ("2p-two-deal", 2)])
    players = ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk"][:names]
    game = factory.make_game(keeper, mode=mode, players=players)
    urls = [
        reverse("deal_preview", args=[game.pk]),
        reverse("deal_record", args=[game.pk]),
    ]
    for _ in range(20):
        data = random_post(rng)
        for url in urls:
            for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
                response = client_in.post(url, data, **htmx)
                assert response.status_code in (200, 302), (url, data, response.status_code)
    if game.deals.exists():
        number = game.deals.last().number
        for view in ("deal_edit", "deal_what_if"):
            url = reverse(view, args=[game.pk, number])
            for _ in range(10):
                response = client_in.post(url, random_post(rng))
                assert response.status_code in (200, 302), (view, response.status_code)


@pytest.mark.parametrize(
    ("name", "args", "method"),
    [
        ("deal_record", "game", "get"),
        ("deal_undo", "game", "get"),
        ("deal_preview", "game", "get"),
        ("game", "missing", "get"),
        ("deal_edit", "missing_deal", "get"),
        ("deal_what_if", "missing_deal", "get"),
        ("game_export", "missing", "get"),
        ("game", "too_big", "get"),
        ("game_chart", "too_big", "get"),
        ("game_export", "too_big", "get"),
        ("deal_record", "too_big", "post"),
    ],
)
def test_wrong_methods_and_missing_things_are_4xx(client_in, factory, keeper, name, args, method):
    game = factory.make_game(keeper)
    arguments = {
        "game": [game.pk],
        "missing": [game.pk + 1000],
        "missing_deal": [game.pk, 5],
        "too_big": [10**30],  # more digits than the database's ids: no such game, not an error
    }[args]
    response = getattr(client_in, method)(reverse(name, args=arguments))
    assert response.status_code in (404, 405)


def test_undo_with_garbage_number_is_a_message_not_an_error(client_in, factory, keeper):
    game = factory.make_game(keeper)
    factory.normal_deal(game)
    response = client_in.post(reverse("deal_undo", args=[game.pk]), {"number": "abc"})
    assert response.status_code == 302
    assert game.deals.count() == 1


def test_odd_new_game_posts_never_fail_the_server(client_in):
    rng = random.Random(7)
    fields = ["mode", "first_dealer"] + [f"player_{i}" for i in range(6)] + ["rule_royals"]
    for _ in range(60):
        data = {f: rng.choice(ODD_VALUES + ["4p", "6p", "2p-open-face", "Asha"]) for f in fields}
        response = client_in.post(reverse("game_new"), data)
        assert response.status_code in (200, 302)


def test_a_huge_or_strange_import_is_refused_politely(client_in):
    for text in ["[]", "{", '{"format": 1}', "null", "1" * 10000, '{"deals": "x"}']:
        response = client_in.post(reverse("game_import"), {"text": text})
        assert response.status_code == 200
        assert response.context["form"].errors
