"""The live poll's shortcut on the request path; the poll itself is scorekeeper/play/live.py.

It answers both kinds of poll, a game page's (games/<pk>/live/) and a watch link's
(watch/<token>/live/, a page of the groups), so it stands with the groups, which may use the
games (the games never use the groups).
"""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from django.urls import reverse

from scorekeeper.play.live import unchanged_for_link, unchanged_for_person


class PollMiddleware:
    """The unchanged answer to a poll, before the rest of the middleware (settings.py puts it
    right after SecurityMiddleware). Anything else goes on to the views as usual."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response
        self.patterns: tuple[re.Pattern, re.Pattern] | None = None

    def _patterns(self) -> tuple[re.Pattern, re.Pattern]:
        if self.patterns is None:  # the views' own URLs, with the number and token cut out
            person = re.escape(reverse("game_live", args=[918273645])).replace(
                "918273645", "(\\d+)"
            )
            link = re.escape(reverse("watch_live", args=["TOKEN"])).replace("TOKEN", "([-\\w]+)")
            self.patterns = (re.compile(f"^{person}$"), re.compile(f"^{link}$"))
        return self.patterns

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET" and "v=" in request.META.get("QUERY_STRING", ""):
            person, link = self._patterns()
            answer = None
            if found := person.match(request.path_info):
                answer = unchanged_for_person(request, int(found[1]))
            elif found := link.match(request.path_info):
                answer = unchanged_for_link(request, found[1]) or None
            if answer is not None:
                return answer
        return self.get_response(request)
