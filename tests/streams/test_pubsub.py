"""Pokes between app servers go on a channel of the site's own Redis database: Redis's pub/sub
knows no databases, so sites (or the suite's workers) sharing a Redis server on different
databases would otherwise wake each other's watchers (scorekeeper/streams/pubsub.py)."""

from __future__ import annotations

import asyncio
import os

import pytest
import redis

from scorekeeper.streams import pubsub
from tests.settings import redis_url_of_worker


def test_each_redis_database_has_its_own_channel():
    assert pubsub.channel("redis://127.0.0.1:6379/3") != pubsub.channel("redis://127.0.0.1:6379/4")
    assert pubsub.channel("redis://127.0.0.1:6379") == pubsub.channel("redis://127.0.0.1:6379/0")
    assert pubsub.channel("redis://:secret@cache:6380/5").endswith(":5")


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a Redis server (REDIS_URL)")
def test_a_poke_wakes_the_watchers_of_its_own_database_only():
    url = os.environ["REDIS_URL"]
    other = redis_url_of_worker(url, 8)  # another database of the same server
    sender = redis.Redis.from_url(url)

    async def woken_by(publish) -> bool:
        woke = asyncio.Event()
        listening = asyncio.create_task(pubsub.listen(woke.set))
        try:
            await asyncio.wait_for(woke.wait(), 5)  # subscribed (it wakes once on subscribing)
            woke.clear()
            publish()
            try:
                await asyncio.wait_for(woke.wait(), 1)
            except TimeoutError:
                return False
            return True
        finally:
            listening.cancel()

    assert not asyncio.run(woken_by(lambda: sender.publish(pubsub.channel(other), b"1")))
    assert asyncio.run(woken_by(lambda: sender.publish(pubsub.channel(url), b"1")))
    assert asyncio.run(woken_by(pubsub.publish))
