"""The app's URLs plus the floor of the record benchmark: a view that does only what any saving
request must (session, user, CSRF, one INSERT in a transaction, a tiny response)."""

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_POST

from scorekeeper.games.models import DealChange


@require_POST
@login_required
def bare_insert(request: HttpRequest, pk: int) -> HttpResponse:
    with transaction.atomic():
        DealChange.objects.create(game_id=pk, number=0, action="opened", by=request.user)
    return HttpResponse("ok")


urlpatterns = [
    path("bench/<int:pk>/bare-insert/", bare_insert, name="bench_bare_insert"),
    path("", include("scorekeeper.urls")),
]
