"""With REDIS_URL, one channel between every process of every app server: a change made in one
wakes the watchers of all. A message carries nothing: the watchers read the stamps from the
database, which stays the only truth, so a lost message only waits for the next tick.

Redis's pub/sub knows no databases: the channel is named after the URL's database, so that
sites (or the test suite's workers) sharing one Redis server on different databases do not
wake each other's watchers."""

from __future__ import annotations

import asyncio
import logging
import os
import random
from collections.abc import Callable
from urllib.parse import urlsplit

import redis
import redis.asyncio as aioredis

log = logging.getLogger(__name__)
CHANNEL = "scorekeeper:streams:changed"
_client: redis.Redis | None = None


def _redis() -> redis.Redis | None:
    global _client
    url = os.environ.get("REDIS_URL")
    if url and _client is None:
        _client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
    return _client


def channel(url: str) -> str:
    """This site's channel: CHANNEL and the database REDIS_URL names (0 if it names none)."""
    database = urlsplit(url).path.strip("/") or "0"
    return f"{CHANNEL}:{database}"


def publish() -> None:
    """Tell every other process (nothing without REDIS_URL)."""
    if (client := _redis()) is not None:
        try:
            client.publish(channel(os.environ["REDIS_URL"]), b"1")
        except redis.RedisError:
            log.warning("streams: Redis did not take the poke (the watchers' tick will do)")


async def listen(wake: Callable[[], None]) -> None:
    """With REDIS_URL: every message published by any process calls `wake`."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return
    while True:
        client = aioredis.from_url(url)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(channel(url))
                wake()  # anything missed while not listening is read now
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        wake()
        except (redis.RedisError, OSError):
            log.warning("streams: Redis pub/sub lost; the tick goes on, listening again soon")
        finally:
            await client.aclose()
        await asyncio.sleep(1 + random.random() * 2)
