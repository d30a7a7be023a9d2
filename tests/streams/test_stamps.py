"""The watcher's reading of stamps: whole, or only what changed since a time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from scorekeeper.games.models import ShareLink
from scorekeeper.games.stamps import stamp_of
from scorekeeper.streams import stamps

pytestmark = pytest.mark.django_db


def test_a_read_since_a_time_gives_only_the_games_and_links_changed_since(factory):
    quiet, busy = factory.make_game(), factory.make_game()
    link = ShareLink.objects.create(game=busy, kind=ShareLink.WATCH)
    quiet_link = ShareLink.objects.create(game=quiet, kind=ShareLink.WATCH)
    keys = [
        ("game", str(quiet.pk)),
        ("game", str(busy.pk)),
        ("watch", link.token),
        ("watch", quiet_link.token),
    ]
    before = stamps.read(keys)
    assert before[("game", str(quiet.pk))] == stamp_of(quiet)

    since = timezone.now()
    factory.normal_deal(busy)
    busy.refresh_from_db()

    changed = stamps.read(keys, since)
    assert changed == {
        ("game", str(busy.pk)): stamp_of(busy),
        ("watch", link.token): stamp_of(busy),
    }
    # Read whole, every key is there, the changed ones moved on.
    after = stamps.read(keys)
    assert after[("game", str(quiet.pk))] == before[("game", str(quiet.pk))]
    assert after[("game", str(busy.pk))] != before[("game", str(busy.pk))]


def test_a_change_made_just_before_the_time_is_read_within_the_margin(factory):
    game = factory.make_game()
    factory.normal_deal(game)
    game.refresh_from_db()
    key = ("game", str(game.pk))
    assert stamps.read([key], game.updated_at + timedelta(seconds=1)) == {}
    assert stamps.read([key], game.updated_at - timedelta(seconds=2)) == {key: stamp_of(game)}


def test_a_revoked_link_is_gone_in_a_whole_read_only(factory):
    game = factory.make_game()
    link = ShareLink.objects.create(game=game, kind=ShareLink.WATCH)
    since = timezone.now() - timedelta(seconds=2)
    ShareLink.objects.filter(pk=link.pk).update(revoked_at=timezone.now())
    key = ("watch", link.token)
    assert stamps.read([key], since) == {}  # left out: a read since a time says nothing is gone
    assert stamps.read([key]) == {key: None}
