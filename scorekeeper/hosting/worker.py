"""The app server's worker: uvicorn's, under gunicorn (`make serve`, the process tests, the
bench). One event loop per process holds the live streams (scorekeeper/streams); every other
request runs on the WSGI app in a pool of THREADS threads (scorekeeper/asgi.py)."""

import os
import signal
import sys

from uvicorn_worker import UvicornWorker

# The followers' answers in a render process of each worker's own (scorekeeper/streams/renderer.py).
os.environ.setdefault("STREAM_RENDER", "process")


def _exit(signum: int, frame: object) -> None:
    sys.exit(0)


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

    def init_signals(self) -> None:
        super().init_signals()
        # uvicorn shuts down on SIGTERM and then raises the signal again, to end by it. With
        # the default action that kills the worker before its exit handlers run: gunicorn logs
        # each restart as an error ("Worker was sent SIGTERM!") and the render process's
        # semaphores are left behind. Exiting instead ends the worker as gunicorn expects.
        signal.signal(signal.SIGTERM, _exit)
