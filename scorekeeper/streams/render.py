"""A followed page's changed answer, as its poll gives it: rendered once per change and
language in one process, and kept where the other processes find it (Django's cache: Redis,
or on one machine the folder its processes share)."""

from __future__ import annotations

import io
import time

from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from . import inprocess
from .topics import Topic

KEEP_SECONDS = 60
RENDERING_SECONDS = 2  # another process renders it: look again until then (it may have died)
RENDERING = b"rendering"  # said instead of an answer: another process renders it now


def language_of(environ: dict) -> str:
    """The language a page's poll answers in (its cookie, else its browser's)."""
    from django.core.handlers.wsgi import WSGIRequest

    request = dict(environ)
    request.setdefault("PATH_INFO", "/")
    request["wsgi.input"] = io.BytesIO()
    return translation.get_language_from_request(WSGIRequest(request))


def anonymous(environ: dict, language: str) -> dict:
    """A page's environ without its cookies (no session, no person), in its language."""
    out = {k: v for k, v in environ.items() if k != "HTTP_COOKIE"}
    out["HTTP_COOKIE"] = f"{settings.LANGUAGE_COOKIE_NAME}={language}"
    return out


def shared_answer(
    topic: Topic, stamp: str, language: str, environ: dict
) -> tuple[bytes | None, float]:
    """The poll's changed answer every follower of `topic` gets (None: the poll refused), and
    the CPU seconds it took this thread (what it costs, whatever else the machine does)."""
    started = time.thread_time()
    key = f"stream:{topic.kind}:{topic.ident}:{stamp}:{language}"
    kept = cache.get(key)
    if kept is not None:
        return kept, time.thread_time() - started
    # Every process that holds a follower of this page sees the change at about the same
    # time: one renders it, the others find it in the cache a moment later.
    if not cache.add(f"{key}:rendering", 1, RENDERING_SECONDS):
        return RENDERING, time.thread_time() - started
    answer = inprocess.ask(anonymous(environ, language), topic.path, topic.query_with(None))
    if answer.status != 200:
        return None, time.thread_time() - started
    cache.set(key, answer.body, KEEP_SECONDS)
    return answer.body, time.thread_time() - started
