"""Where the followers' shared answers are rendered (render.shared_answer).

Under the app server (hosting/worker.py sets STREAM_RENDER=process): in a process of its own,
at a lower priority. A render is news for followers, who may wait a second; a record is a
keeper waiting for their answer, who should not wait 200 ms. In one process the two would
take turns on one interpreter lock, and a big screen's render held each record back; as two
processes the system runs the record first. Elsewhere (the tests, runserver): threads here.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

NICE = int(
    os.environ.get("STREAM_RENDER_NICE", "5")
)  # how much lower: a render still gets about a quarter of a busy core


def _ready() -> None:
    """In the render process, once: lower its priority, follow its worker, set Django up."""
    import django

    os.nice(NICE)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()
    django.setup()


def _end_with(worker: int) -> None:
    """A worker killed outright leaves its render process waiting for work that never comes."""
    while os.getppid() == worker:
        time.sleep(1)
    os._exit(0)


def executor(threads: Executor) -> Executor:
    """A render process, or `threads` (the hub's own pool) where there is none."""
    if os.environ.get("STREAM_RENDER") == "process":
        # spawn, not fork: the worker that starts it runs threads and an event loop.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(1, mp_context=context, initializer=_ready)
    return threads


def plain(environ: dict) -> dict[str, str]:
    """What a render needs of a page's request (its headers and address), without the server's
    objects a process boundary cannot carry."""
    return {key: value for key, value in environ.items() if isinstance(value, str)}
