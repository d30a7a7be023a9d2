"""Where no stream server answers `/stream/` (`make run`'s runserver, a plain WSGI server):
Django itself says "no stream here" (204, which a page's EventSource takes as a closed stream,
quietly), and the page keeps polling, trying again now and then."""

from django.http import HttpRequest, HttpResponse


def no_streams(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(status=204)
    response["Cache-Control"] = "no-store"
    return response
