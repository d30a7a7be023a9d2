"""ASGI entry point (`make serve`: gunicorn's uvicorn workers): the live streams on the event
loop (scorekeeper/streams), every other request to the WSGI app on a pool of threads."""

import os

from a2wsgi import WSGIMiddleware
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

_django = get_wsgi_application()

from scorekeeper.streams.app import router  # noqa: E402  (after Django is set up)


def _threads() -> int:
    try:
        return max(1, int(os.environ.get("THREADS", "4")))
    except ValueError:
        return 4


application = router(WSGIMiddleware(_django, workers=_threads()))
