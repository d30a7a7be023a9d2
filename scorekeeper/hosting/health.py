"""`/healthz`: 200 when the database answers, 503 when it does not, for a proxy's health check
or a monitor. One query and nothing else: answered right after Django's security middleware,
so no session is read or written, no CSRF cookie is set, no user is looked up. It answers
whatever Host the checker sends (a proxy often checks an app server by its address), and over
plain HTTP too (SECURE_REDIRECT_EXEMPT in settings.py), since the proxy checks inside the
network where there is no HTTPS."""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse

PATH = "/healthz"
log = logging.getLogger(__name__)


def database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError:
        log.warning("health check: the database does not answer", exc_info=True)
        return False


def answer() -> HttpResponse:
    ok = database_answers()
    response = HttpResponse(
        b"ok\n" if ok else b"database unavailable\n",
        status=200 if ok else 503,
        content_type="text/plain; charset=utf-8",
    )
    response["Cache-Control"] = "no-store"
    return response


class HealthMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info == PATH and request.method in ("GET", "HEAD"):
            return answer()
        return self.get_response(request)
