"""The record request answers with what changed (out-of-band swaps of the new log row, the
board, the form's state-dependent parts), at most 4 KB as the phone receives it, gzipped, for
every game: a phone on a weak signal at the table gets the next deal's form at once.

Measured compressed because that is what crosses the air: a server in front of the app (or the
app's host) gzips HTML, and readable templates' indentation costs next to nothing once
compressed. The app does not compress its own pages (Django's GZipMiddleware with CSRF tokens in
them invites BREACH), so the figure stands for a compressing front server."""

from __future__ import annotations

import gzip
import uuid

import pytest
from django.urls import reverse

from scorekeeper import registry
from tests.bench.tables import ENDLESS

HTMX = {"HTTP_HX_REQUEST": "true"}
# Half again the largest answer today (Pottle's top of the page, sent without a kept form):
# room for a change, not for a page.
LIMIT = 4 * 1024


def compressed(body: bytes) -> int:
    return len(gzip.compress(body, compresslevel=6))  # a front server's usual gzip level


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(ENDLESS))
def test_a_recorded_deal_is_answered_in_at_most_4_kb_gzipped(key, factory, client):
    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(game=key, house_rules=house_rules, players=players)
    client.force_login(game.owner)
    for number in range(1, 4):
        data = {**next_post(game), "token": str(uuid.uuid4())}
        response = client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
        html = response.content.decode()
        assert response.status_code == 200 and f'id="deal-{number}"' in html  # recorded
        size = compressed(response.content)
        assert size <= LIMIT, (key, number, size)


@pytest.mark.django_db
@pytest.mark.parametrize("key", [k for k in ENDLESS if registry.game(k).rules.opening_fields])
def test_without_a_kept_bids_form_the_answer_is_at_most_4_kb_gzipped_too(key, factory, client):
    """A page without the offline script's kept forms gets the top of the page again."""
    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(game=key, house_rules=house_rules, players=players)
    client.force_login(game.owner)
    for number in range(1, 4):
        data = {**next_post(game), "token": str(uuid.uuid4())}
        data["keeps"] = "nothing"
        response = client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
        html = response.content.decode()
        assert response.status_code == 200 and f'id="deal-{number}"' in html
        assert 'id="main"' in html
        size = compressed(response.content)
        assert size <= LIMIT, (key, number, size)
