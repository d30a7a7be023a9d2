"""The app's URLs plus the floors of the record benchmark.

- bare insert: what any saving request must do (session, user, CSRF, one INSERT in a
  transaction, a tiny response);
- unrendered record: a deal recorded exactly as the record view does (the game read with its
  access check, the deal form, the services' three writes), answered with a fixed 5 KB body
  instead of the rendered fragments. Its distance to the record is what rendering the answer
  costs.
"""

from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_POST

from scorekeeper import registry
from scorekeeper.games import access, recording, services
from scorekeeper.games.models import DealChange

FIVE_KB = b"<p>" + b"x" * 5113 + b"</p>"


@require_POST
@login_required
def bare_insert(request: HttpRequest, pk: int) -> HttpResponse:
    with transaction.atomic():
        DealChange.objects.create(game_id=pk, number=0, action="opened", by=request.user)
    return HttpResponse("ok")


@require_POST
@login_required
def unrendered_record(request: HttpRequest, pk: int) -> HttpResponse:
    game = access.game_for(request, pk, access.Level.KEEP)
    entry = registry.game(game.kind)
    setup = entry.rules.setup(game.setup)
    state = services.state_from_cache(game, setup)
    form = recording.deal_form(entry, game, setup, state, request.POST)  # the record view's own
    assert form.is_valid(), form.errors
    services.record_deal(
        game,
        form.deal_data(),
        user=request.user,
        token=form.cleaned_data["token"],
        expected_number=form.cleaned_data.get("expected_number"),
        setup=setup,
    )
    return HttpResponse(FIVE_KB)


urlpatterns = [
    path("bench/<int:pk>/bare-insert/", bare_insert, name="bench_bare_insert"),
    path("bench/<int:pk>/unrendered/", unrendered_record, name="bench_unrendered_record"),
    path("", include("scorekeeper.urls")),
]
