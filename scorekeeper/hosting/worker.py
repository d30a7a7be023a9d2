"""The app server's worker: uvicorn's, under gunicorn (`make serve`, the process tests, the
bench). One event loop per process holds the live streams (scorekeeper/streams); every other
request runs on the WSGI app in a pool of THREADS threads (scorekeeper/asgi.py)."""

import os

from uvicorn_worker import UvicornWorker

# The followers' answers in a render process of each worker's own (scorekeeper/streams/renderer.py).
os.environ.setdefault("STREAM_RENDER", "process")


class Worker(UvicornWorker):
    CONFIG_KWARGS = {
        "loop": "uvloop",
        "http": "httptools",
        # The client's address and scheme are Django's to read (SECURE_PROXY_SSL_HEADER,
        # TRUSTED_PROXIES), as under gunicorn's own workers: uvicorn must not rewrite them.
        "proxy_headers": False,
        "server_header": False,
        # Streams never end by themselves: on a restart they are closed after this long, and
        # the pages come back (jittered) to the new workers.
        "timeout_graceful_shutdown": 3,
    }
