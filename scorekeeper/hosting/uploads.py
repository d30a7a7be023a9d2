"""Bodies bigger than the largest the app takes are refused by their declared size before a byte
of them is read: Django writes an upload to a temporary file as it reads it (the CSRF check
reads the body of every POST), so a 1 GiB post to the import page would be on disk before the
form could say it is too big. Django never reads past the declared length, so what a client
streams is bounded by what it declared."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


class UploadLimitMiddleware:
    """413 for a request that says it carries more than settings.MAX_REQUEST_BYTES. It stands
    above Django's CSRF check, the first to read a body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            declared = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            declared = 0  # Django reads such a body as empty
        if declared > settings.MAX_REQUEST_BYTES:
            most = settings.MAX_REQUEST_BYTES // (1024 * 1024)
            return render(request, "request_too_big.html", {"most": most}, status=413)
        return self.get_response(request)
