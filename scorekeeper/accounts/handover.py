"""A visitor's games become their account's: on sign-up, on login (Django's `user_logged_in`,
whichever view logged them in), or from a private link opened while logged in.

Everything the holder's stand-in account has moves in one transaction: its games, its players
(one of the same name as a player of the account's own becomes that player: the account's
seasons and suggestions see one Asha), and who recorded, edited, undid and shared (the audit
trail names the person). The holder keeps the record of the move (who, when, how, which
games); its cookie is dropped, and a private link of it then asks to log in.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.db.models.functions import Lower
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import ngettext

from scorekeeper.games.models import (
    Deal,
    DealChange,
    Game,
    GameRole,
    Holder,
    Player,
    Seat,
    ShareLink,
)

from . import holders, phone_owner


def on_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """`user_logged_in`: the browser's games (if it holds any) become the person's."""
    if request is None or holders.COOKIE not in getattr(request, "COOKIES", {}):
        return
    found = holders.held(request)
    if found is None:
        return
    how = "signup" if getattr(request, "signing_up", False) else "login"
    moved = hand_over(found.holder, user, how)
    phone_owner.remember_former(request, found.holder.account_id)
    request._holder_gone = True
    request._held = None
    if moved:
        said = ngettext(
            "%(count)s game kept on this phone is now your account's.",
            "The %(count)s games kept on this phone are now your account's.",
            len(moved),
        )
        messages.success(request, said % {"count": len(moved)})


def hand_over(holder: Holder, user, how: str) -> list[int]:
    """Move everything of the holder's stand-in to `user`, once; the games moved (their ids)."""
    with transaction.atomic():
        holder = Holder.objects.select_for_update().filter(pk=holder.pk).first()
        if holder is None or holder.claimed_at is not None or holder.account_id == user.pk:
            return []  # a second tab logging in at the same moment: moved once
        stand_in = holder.account_id
        games = list(Game._base_manager.filter(owner_id=stand_in).values_list("pk", flat=True))
        _move_players(stand_in, user)
        Game._base_manager.filter(owner_id=stand_in).update(owner=user)
        Deal.objects.filter(created_by_id=stand_in).update(created_by=user)
        Deal.objects.filter(edited_by_id=stand_in).update(edited_by=user)
        DealChange.objects.filter(by_id=stand_in).update(by=user)
        ShareLink.objects.filter(created_by_id=stand_in).update(created_by=user)
        GameRole.objects.filter(added_by_id=stand_in).update(added_by=user)
        Holder.objects.filter(pk=holder.pk).update(
            claimed_by=user, claimed_at=timezone.now(), claimed_how=how, claimed_games=games
        )
    return games


def _move_players(stand_in: int, user) -> None:
    """The stand-in's players become the account's; one the account has by name already
    takes their seats (names compared as the unique constraint does, case-blind)."""
    own = {
        name: pk
        for pk, name in Player.objects.filter(owner=user, group=None)
        .annotate(low=Lower("name"))
        .values_list("pk", "low")
    }
    visiting = Player.objects.filter(owner_id=stand_in, group=None).annotate(low=Lower("name"))
    for player in visiting:
        same = own.get(player.low)
        if same is None:
            Player.objects.filter(pk=player.pk).update(owner=user)
        else:
            Seat.objects.filter(player=player).update(player_id=same)
            Player.objects.filter(pk=player.pk).delete()
