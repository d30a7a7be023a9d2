"""Tell the watchers that something changed: at once in this process, and with REDIS_URL in
every process of every app server (pubsub.py). A poke carries nothing: the watchers read the
stamps from the database, which stays the only truth, so a lost poke only waits for the next
tick, and a poke from another site or a test costs one read."""

from __future__ import annotations

from . import hub as hubs
from . import pubsub


def changed() -> None:
    """After a change was committed (a POST answered): wake the watchers."""
    if (watcher := hubs.running()) is not None:
        watcher.poke_threadsafe()
    pubsub.publish()


class PokeMiddleware:
    """Every change is a POST: once it is answered (its transaction committed), poke."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method == "POST" and response.status_code < 500:
            changed()
        return response
