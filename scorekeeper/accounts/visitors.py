"""The pages around keeping score without an account (holders.py, handover.py): the private
link that opens a visitor's games in another browser, and playing again with the same table."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.games import access, services
from scorekeeper.games.access import Level
from scorekeeper.games.models import Game, Holder
from scorekeeper.groups.models import Membership

from . import handover, holders

# A group's members are the groups app's table, named by app label (access.py says why).


@require_http_methods(["GET", "POST"])
def private_link(request: HttpRequest, token: str) -> HttpResponse:
    """A visitor's private link. Without an account, this browser holds the same games from now
    on; logged in, a tap (POST) makes them the account's; once they are an account's, the link
    asks its owner to log in. `?game=` opens that game."""
    holder = holders.by_link(token)
    if holder is None:
        claimed = holders.claimed_by_link(token)
        if claimed is None:
            raise Http404("No such link.")
        return _moved_on(request, claimed)
    game = _held_game(holder, request.GET.get("game"))
    if request.user.is_authenticated:
        if request.method == "POST":
            moved = handover.hand_over(holder, request.user, "link")
            said = ngettext(
                "%(count)s game of that link is now your account's.",
                "The %(count)s games of that link are now your account's.",
                len(moved),
            )
            messages.success(request, said % {"count": len(moved)})
            return redirect("game", pk=game) if game else redirect("home")
        count = Game._base_manager.filter(owner_id=holder.account_id).count()
        return render(request, "games/private_link.html", {"count": count, "game": game})
    if request.method == "POST":
        raise Http404("Nothing to take without an account.")
    holders.hold_by_link(request, holder, token)
    return redirect("game", pk=game) if game else redirect("home")


def _held_game(holder: Holder, raw: Any) -> int | None:
    """The game `?game=` names, if the holder holds it."""
    if not isinstance(raw, str) or not raw.isdigit() or len(raw) > 18:
        return None
    found = Game.objects.filter(pk=int(raw), owner_id=holder.account_id)
    return found.values_list("pk", flat=True).first()


def _moved_on(request: HttpRequest, holder: Holder) -> HttpResponse:
    """The link of games that now belong to an account: its person logs in to see them."""
    game = request.GET.get("game")
    target = reverse("home")
    if isinstance(game, str) and game.isdigit() and int(game) in holder.claimed_games:
        target = reverse("game", args=[int(game)])
    if request.user.is_authenticated:
        return redirect(target)  # theirs, or not: the game page decides
    return render(request, "games/private_link_moved.html", {"next": target}, status=410)


@require_POST
@access.login_or_visitor
def play_again(request: HttpRequest, pk: int) -> HttpResponse:
    """A new game at the same table: the same kind, seats, mode and house rules, the first
    dealer the next one by the game's rules; in the same group if the person is in it."""
    game = access.game_for(request, pk, Level.KEEP)
    if not holders.room_for(request.user):
        messages.error(
            request,
            holders.limit_reached(),
        )
        return redirect("game", pk=game.pk)
    owner = access.person(request.user)
    group = None
    if game.group_id is not None and request.user.is_authenticated:
        member = Membership.objects.filter(group_id=game.group_id, user=request.user)
        group = game.group if member.exists() else None
    again = services.play_again(game, owner=owner, group=group)
    return redirect("game", pk=again.pk)
