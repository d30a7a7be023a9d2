"""Tell the watchers that something changed: at once in this process, and with REDIS_URL in
every process of every app server (Redis pub/sub). A poke carries nothing: the watchers read
the stamps from the database, which stays the only truth, so a lost poke only waits for the
next tick, and a poke from another site or a test costs one read."""

from __future__ import annotations

import asyncio
import logging
import os
import random

import redis
import redis.asyncio as aioredis

from . import hub as hubs

log = logging.getLogger(__name__)
CHANNEL = "scorekeeper:streams:changed"
_client: redis.Redis | None = None


def _redis() -> redis.Redis | None:
    global _client
    url = os.environ.get("REDIS_URL")
    if url and _client is None:
        _client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
    return _client


def changed() -> None:
    """After a change was committed (a POST answered): wake the watchers."""
    if (watcher := hubs.running()) is not None:
        watcher.poke_threadsafe()
    if (client := _redis()) is not None:
        try:
            client.publish(CHANNEL, b"1")
        except redis.RedisError:
            log.warning("streams: Redis did not take the poke (the watchers' tick will do)")


class PokeMiddleware:
    """Every change is a POST: once it is answered (its transaction committed), poke."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method == "POST" and response.status_code < 500:
            changed()
        return response


async def listen(watcher: hubs.Hub) -> None:
    """With REDIS_URL: every poke published by any process wakes this one's watcher."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return
    while True:
        client = aioredis.from_url(url)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(CHANNEL)
                watcher.poke()  # anything missed while not listening is read now
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        watcher.poke()
        except (redis.RedisError, OSError):
            log.warning("streams: Redis pub/sub lost; the tick goes on, listening again soon")
        finally:
            await client.aclose()
        await asyncio.sleep(1 + random.random() * 2)
