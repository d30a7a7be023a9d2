"""Imported game logs with huge numbers, odd unicode and odd sizes never bring a server error
(issue 30): each example takes a registered game's fixture log, damages it (a house rule or a
start set to a huge, negative or boundary number; a player named with zero-width spaces,
direction controls, a lone surrogate, decomposed accents or a formula; deals repeated past
what the game allows, or cut), and imports it through the import page, alone or in a file of
games. The import is refused with a message (200), or stored (302), and then the game's page,
chart, export, watch link and own pages (Pottle's settle-up) all answer below 500, and every
name it kept is NFC and shows nothing invisible.

`FUZZ_POSTS` sets the examples (a long run: FUZZ_POSTS=2000)."""

from __future__ import annotations

import json
import os
import unicodedata
from typing import Any

import pytest
from django.conf import settings as settings_
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.core.reader import MOST
from scorekeeper.games.models import Game, ShareLink
from tests.games.test_contract import fixture

POSTS = int(os.environ.get("FUZZ_POSTS", "60"))
KEYS = sorted(registry.GAMES)
SEEN: dict[str, int] = {}  # imports stored and refused, said at the end (pytest -s)
NUMBERS = st.one_of(
    st.sampled_from([0, 1, -1, MOST, MOST + 1, -MOST, -MOST - 1, 2**31, 2**63, 10**400]),
    st.integers(min_value=-(10**7), max_value=10**7),
    st.just(int("9" * 4300)),  # as many digits as Python reads into a number
)
ODD_NAMES = st.one_of(
    st.sampled_from(
        [
            "As\u200bha",
            "\u202eahsA",
            "Asha\u200e",
            "\ufeffAsha",
            "\ud800Asha",
            "Zine\u0301b",
            '=HYPERLINK("http://x.example","y")',
            "\u3164",
            "  Asha  ",
            "A" * 41,
            "明华",
            "\u0645\u0647\u0631\u200c\u062f\u0627\u062f",
        ]
    ),
    st.text(min_size=1, max_size=20),
)


def damage(log: dict[str, Any], data: Any) -> dict[str, Any]:
    """One or more of: a number, a name, the deals."""
    rules = registry.game(log["game"]).rules
    numbered = [rule.key for rule in rules.house_rules if rule.numbers is not None]
    for how in data.draw(
        st.lists(st.sampled_from(["number", "start", "name", "deals"]), min_size=1, max_size=3),
        label="how",
    ):
        if how == "number" and numbered:
            key = data.draw(st.sampled_from(numbered), label="rule")
            log.setdefault("house_rules", {})[key] = data.draw(NUMBERS, label="value")
        elif how == "start":
            field = data.draw(st.sampled_from(["balls", "points", "chips", "pot"]), label="start")
            value = data.draw(NUMBERS, label="start value")
            size = 2 if field in ("balls", "points") else len(log["players"])
            log["start"] = {field: value if field == "pot" else [value] * size}
        elif how == "name":
            seat = data.draw(st.integers(0, len(log["players"]) - 1), label="seat")
            log["players"][seat] = data.draw(ODD_NAMES, label="name")
        else:
            times = data.draw(st.sampled_from([0, 1, 3, 40]), label="deals times")
            log["deals"] = log["deals"] * times
    return log


def as_text(doc: Any) -> str:
    """JSON as a person's file has it: a lone surrogate written as its escape."""
    return json.dumps(doc, ensure_ascii=True)


def readable(name: str) -> bool:
    return unicodedata.is_normalized("NFC", name) and not any(
        unicodedata.category(c) in ("Cf", "Cc", "Cs") for c in name if c not in "\u200c\u200d"
    )


@pytest.mark.django_db
def test_imported_logs_with_huge_numbers_and_odd_names_never_bring_a_server_error(factory):
    @settings(
        max_examples=POSTS,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def import_one(data):
        owner = factory.make_user()
        client = Client()
        client.force_login(owner)
        key = data.draw(st.sampled_from(KEYS), label="game")
        log = damage(fixture(key), data)
        log.pop("computed", None)
        if data.draw(st.booleans(), label="in a file of games"):
            doc: Any = {"format": "scorekeeper-game-logs", "version": 1, "games": [{"log": log}]}
        else:
            doc = log
        text = as_text(doc)
        if len(text) < settings_.DATA_UPLOAD_MAX_MEMORY_SIZE // 2:
            response = client.post(reverse("game_import"), {"text": text})
        else:  # past what a form's box takes (400): chosen as a file, as the page says
            upload = SimpleUploadedFile("games.json", text.encode())
            response = client.post(reverse("game_import"), {"file": upload})
        size, most = len(text.encode()), settings_.MAX_REQUEST_BYTES  # more: refused unread
        allowed = (413,) if size > most else (200, 302, 413) if size > most - 2**16 else (200, 302)
        assert response.status_code in allowed, response.status_code
        said = "stored" if response.status_code == 302 else "refused"
        SEEN[said] = SEEN.get(said, 0) + 1
        if response.status_code == 200:
            assert response.context["form"].errors  # said at the field: refused, or too big
            assert not Game.everything.filter(owner=owner).exists()
            return
        game = Game.objects.get(owner=owner)
        assert all(readable(name) for name in game.setup["players"]), game.setup["players"]
        link = ShareLink.objects.create(game=game, kind=ShareLink.WATCH)
        urls = [
            reverse("game", args=[game.pk]),
            reverse("game_chart", args=[game.pk]),
            reverse("game_export", args=[game.pk]),
            reverse("watch", args=[link.token]),
            *(f"/games/{game.pk}/{page.slug}/" for page in registry.game(key).pages),
        ]
        for url in urls:
            assert client.get(url).status_code < 500, url

    import_one()
    print(f"\nimported logs: {SEEN}")
