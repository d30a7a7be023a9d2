"""Ask the app itself, in this process, as a page's poll would: the same views, middleware and
checks, no socket. Runs in a worker thread (never on the event loop)."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass

from django.core.handlers.wsgi import WSGIHandler


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


_handler: WSGIHandler | None = None


def _app() -> WSGIHandler:
    global _handler
    if _handler is None:
        _handler = WSGIHandler()
    return _handler


def environ_from(scope: dict) -> dict:
    """A WSGI environ of a stream request's ASGI scope (headers, server, client, scheme): what
    every poll asked for that page starts from."""
    environ = {
        "REQUEST_METHOD": "GET",
        "SCRIPT_NAME": "",
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    server = scope.get("server") or ("localhost", 80)
    environ["SERVER_NAME"], environ["SERVER_PORT"] = server[0], str(server[1] or 80)
    if client := scope.get("client"):
        environ["REMOTE_ADDR"], environ["REMOTE_PORT"] = client[0], str(client[1])
    for raw_name, raw_value in scope.get("headers", []):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        value = raw_value.decode("latin1")
        if name in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            continue
        key = f"HTTP_{name}"
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


def ask(environ: dict, path: str, query: str, **headers: str) -> Answer:
    """GET path?query with the given environ (and htmx's header, as a poll sends it)."""
    request = dict(environ)
    request.update(PATH_INFO=path, QUERY_STRING=query, HTTP_HX_REQUEST="true")
    request["wsgi.input"] = io.BytesIO()
    for name, value in headers.items():
        request[f"HTTP_{name.upper()}"] = value
    said: list = []

    def start_response(status: str, response_headers: list, exc_info=None):
        said.append((int(status.split(" ", 1)[0]), dict(response_headers)))

    result = _app()(request, start_response)
    try:
        body = b"".join(result)
    finally:
        if hasattr(result, "close"):
            result.close()
    status, response_headers = said[0]
    return Answer(status, response_headers, body)
