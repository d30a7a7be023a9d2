"""Groups, sharing a game (links with QR codes, people with roles) and the pages a share link
opens: a read-only game page for anyone with a watch link, joining as a scorekeeper by a keep link.

Every view that changes data is a POST (Django checks its CSRF token) and checks the person's
level first (scorekeeper/games/access.py): 404 for someone who cannot see the thing at all.
"""

from __future__ import annotations

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scorekeeper import registry
from scorekeeper.games import access, services
from scorekeeper.games.access import Level
from scorekeeper.games.models import Game, GameRole, Player, ShareLink
from scorekeeper.games.presenters import board_context
from scorekeeper.groups.models import Membership
from scorekeeper.play import live

from . import share_links, shared_answers
from .forms import AddMemberForm, AddPersonForm, GroupForm

# ---- sharing a game (its owner) --------------------------------------------------------------


def _qr_svg(url: str) -> str:
    """The link as a QR code, an inline SVG with its own white ground (readable in dark mode)."""
    svg = segno.make(url, error="m").svg_inline(scale=5, border=2, dark="#000", light="#fff")
    return mark_safe(svg)  # noqa: S308 (segno's own markup of our own URL)


def _link_view(request: HttpRequest, link: ShareLink | None) -> dict | None:
    if link is None:
        return None
    name = "watch" if link.kind == ShareLink.WATCH else "keep_join"
    url = request.build_absolute_uri(reverse(name, args=[link.token]))
    return {"link": link, "url": url, "qr": _qr_svg(url)}


@require_GET
@access.login_or_visitor  # a visitor shares their own games too
def game_share(request: HttpRequest, pk: int) -> HttpResponse:
    return _share_page(request, access.game_for(request, pk, Level.OWN), AddPersonForm())


def _share_page(request: HttpRequest, game: Game, form: AddPersonForm) -> HttpResponse:
    live_links = {link.kind: link for link in game.share_links.filter(revoked_at__isnull=True)}
    roles = game.roles.select_related("user", "via_link").order_by("role", "user__username")
    context = {
        "game": game,
        "players": _(", ").join(game.setup.get("players", [])),
        "entry": registry.GAMES.get(game.kind),
        "watch": _link_view(request, live_links.get(ShareLink.WATCH)),
        "keep": _link_view(request, live_links.get(ShareLink.KEEP)),
        "roles": roles,
        "form": form,
    }
    return render(request, "groups/share.html", context)


@require_POST
@access.login_or_visitor  # a visitor shares their own games too
def share_link_make(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    game = access.game_for(request, pk, Level.OWN)
    if kind not in (ShareLink.WATCH, ShareLink.KEEP):
        raise Http404("No such kind of link.")
    try:
        with transaction.atomic():
            ShareLink.objects.create(game=game, kind=kind, created_by=access.person(request.user))
    except IntegrityError:
        pass  # a live link of this kind exists already (a double tap): keep it
    return redirect("game_share", pk=game.pk)


@require_POST
@access.login_or_visitor  # a visitor shares their own games too
def share_link_revoke(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    game = access.game_for(request, pk, Level.OWN)
    out = share_links.revoke(game, kind)
    if out is not None:
        messages.success(request, _revoked_text(kind, out))
    return redirect("game_share", pk=game.pk)


def _revoked_text(kind: str, out: int) -> str:
    if not out:
        return _("The link no longer works: nobody can open it now.")
    if kind == ShareLink.KEEP:
        said = ngettext(
            "The link no longer works. %(count)s person who joined by it no longer keeps "
            "score here.",
            "The link no longer works. %(count)s people who joined by it no longer keep "
            "score here.",
            out,
        )
    else:
        said = ngettext(
            "The link no longer works. %(count)s person who came by it no longer sees this game.",
            "The link no longer works. %(count)s people who came by it no longer see this game.",
            out,
        )
    return said % {"count": out}


@require_POST
@access.login_or_visitor  # a visitor shares their own games too
def game_person_add(request: HttpRequest, pk: int) -> HttpResponse:
    game = access.game_for(request, pk, Level.OWN)
    form = AddPersonForm(request.POST)
    if form.is_valid():
        user = form.cleaned_data["username"]
        if user.pk == game.owner_id:
            messages.info(request, _("You own this game already."))
        else:
            GameRole.objects.update_or_create(  # added by name: no link's to take back
                game=game,
                user=user,
                defaults={
                    "role": form.cleaned_data["role"],
                    "added_by": access.person(request.user),
                    "via_link": None,
                    "role_before": "",
                    "via_before": None,
                },
            )
            messages.success(request, _("%(name)s can now see this game.") % {"name": user})
    else:  # the page again, the message at the field and what was typed kept
        return _share_page(request, game, form)
    return redirect("game_share", pk=game.pk)


@require_POST
@access.login_or_visitor  # a visitor shares their own games too
def game_person_remove(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    game = access.game_for(request, pk, Level.OWN)
    with transaction.atomic():
        GameRole.objects.filter(game=game, user_id=user_id).delete()
        # The game's stamp moves: a stream of theirs still open is asked again, and ends.
        Game.objects.filter(pk=game.pk).update(updated_at=timezone.now())
    return redirect("game_share", pk=game.pk)


# ---- what a share link opens ------------------------------------------------------------------


def _watch_context(request: HttpRequest, game: Game, token: str) -> dict:
    """The game page, read-only, reached by a watch link: no form, undo or edit; the log, the
    edits and undos, and the poll by the link's token (never the game's id)."""
    entry = registry.game(game.kind)
    board = services.scoreboard(game)
    context = board_context(board, entry, None)
    context["opening"] = services.opening_of(game, board.setup, board.state)
    context.update(
        live.page_context(
            request, game, live_url=reverse("watch_live", args=[token]), via_link=True
        )
    )
    context["export_url"] = reverse("watch_export", args=[token])
    context["token"] = token
    return context


@require_GET
def watch(request: HttpRequest, token: str) -> HttpResponse:
    """Anyone with the link, with or without an account, sees the game as it goes."""
    game = access.token_game(token)
    context = _watch_context(request, game, token)
    if request.user.is_authenticated:
        context["follows"] = access.level_of(game, request.user) >= Level.WATCH
    response = render(request, "games/game.html", context)
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


@require_GET
def watch_live(request: HttpRequest, token: str) -> HttpResponse:
    """The watch page's poll: one query (the link and its game's stamp) while nothing changed;
    no session, no user. A revoked link answers 404, and the page stops asking."""
    row = live.link_stamp(token)  # the link checked before any answer, kept or not
    if row is None:
        raise Http404("No such link.")
    unchanged = live.unchanged_answer(request.GET.get("v"), *row)
    if unchanged is not None:
        return unchanged
    # Every spectator of this link gets the same answer: rendered once per change of the game.
    return shared_answers.shared(
        shared_answers.key("watch", token, *row), lambda: _watch_changes(request, token)
    )


def _watch_changes(request: HttpRequest, token: str) -> tuple[str, HttpResponse]:
    game = access.token_game(token)
    context = _watch_context(request, game, token)
    context["send_main"] = True
    context["messages"] = ()  # one person's messages wait for their next page: shared answer
    response = render(request, "games/live.html#changes", context)
    made = shared_answers.key("watch", token, game.version, game.updated_at, game.finished)
    return made, response


@require_GET
def watch_export(request: HttpRequest, token: str) -> HttpResponse:
    """The game log as JSON for whoever holds the watch link: the log settles a dispute."""
    game = access.token_game(token)
    response = JsonResponse(services.export_game(game), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{game.kind}-game.json"'
    return response


@require_POST
@login_required
def watch_follow(request: HttpRequest, token: str) -> HttpResponse:
    """Keep a watched game in one's own list: a spectator's role (never lowers a higher one),
    which revoking the link takes back."""
    link = access.live_link(token, ShareLink.WATCH)
    if access.level_of(link.game, request.user) == Level.NONE:
        share_links.follow(link, request.user)
    return redirect("game", pk=link.game_id)


@require_http_methods(["GET", "POST"])
@login_required
def keep_join(request: HttpRequest, token: str) -> HttpResponse:
    """A keep link: after a confirming tap (a POST), the person keeps score of the game too."""
    link = access.live_link(token, ShareLink.KEEP)
    game = link.game
    level = access.level_of(game, request.user)
    if request.method == "POST":
        if level < Level.KEEP:
            share_links.join(link, request.user)
        return redirect("game", pk=game.pk)
    context = {
        "game": game,
        "players": _(", ").join(game.setup.get("players", [])),
        "entry": registry.GAMES.get(game.kind),
        "owner": game.owner,
        "already": level >= Level.KEEP,
    }
    return render(request, "groups/join.html", context)


# ---- groups ---------------------------------------------------------------------------------


def _membership(request: HttpRequest, pk: int, *, admin: bool = False) -> Membership:
    membership = (
        Membership.objects.select_related("group").filter(group_id=pk, user=request.user).first()
    )
    if membership is None:
        raise Http404("No group found.")
    if admin and membership.role != "admin":
        raise Http404("Only the group's admins may do that.")
    return membership


@require_http_methods(["GET", "POST"])
@login_required
def group_list(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            group = form.save()
            Membership.objects.create(group=group, user=request.user, role="admin")
        return redirect("group", pk=group.pk)
    memberships = Membership.objects.filter(user=request.user).select_related("group")
    return render(request, "groups/list.html", {"memberships": memberships, "form": form})


@require_GET
@login_required
def group_detail(request: HttpRequest, pk: int) -> HttpResponse:
    membership = _membership(request, pk)
    return _group_page(request, membership, AddMemberForm(group=membership.group))


def _group_page(request: HttpRequest, membership: Membership, form: AddMemberForm) -> HttpResponse:
    group = membership.group
    games = list(group.games.prefetch_related("seats__player")[:50])
    for game in games:
        game.entry = registry.GAMES.get(game.kind)
    earlier = list(_earlier_games(request).prefetch_related("seats__player")[:20])
    for game in earlier:
        game.entry = registry.GAMES.get(game.kind)
    seasons = list(group.seasons.all())
    today = timezone.localdate()
    context = {
        "seasons": seasons,
        "current_season": next((s for s in seasons if s.contains(today)), None),
        "earlier": earlier,
        "group": group,
        "membership": membership,
        "is_admin": membership.role == "admin",
        "members": group.memberships.select_related("user").order_by("user__username"),
        "players": group.players.select_related("user"),
        "games": games,
        "form": form,
    }
    return render(request, "groups/detail.html", context)


def _earlier_games(request: HttpRequest):
    """The person's own finished games of no group, newest first: one played before the group
    existed (or without choosing it) can be added to it, to count in its seasons."""
    games = Game.objects.filter(owner=request.user, group=None, finished=True)
    return games.order_by("-played_on", "-pk")


@require_POST
@login_required
def group_game_add(request: HttpRequest, pk: int, game_pk: int) -> HttpResponse:
    """A member adds a finished game of their own, of no group, to the group: its players
    become the group's, and it counts in the season of the day it was played."""
    group = _membership(request, pk).group
    game = get_object_or_404(_earlier_games(request), pk=game_pk)
    services.move_to_group(game, group)
    messages.success(
        request,
        _("The game of %(day)s is the group's now: it counts in the season of that day.")
        % {"day": date_format(game.played_on, "DATE_FORMAT")},
    )
    return redirect("group", pk=group.pk)


@require_POST
@login_required
def group_member_add(request: HttpRequest, pk: int) -> HttpResponse:
    membership = _membership(request, pk, admin=True)
    group = membership.group
    form = AddMemberForm(request.POST, group=group)
    if not form.is_valid():  # the page again, the message at the field and what was typed kept
        return _group_page(request, membership, form)
    Membership.objects.create(
        group=group, user=form.cleaned_data["username"], role=form.cleaned_data["role"]
    )
    return redirect("group", pk=group.pk)


@require_POST
@login_required
def group_member_remove(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    """An admin takes someone out of the group; anyone may leave. The last admin stays."""
    membership = _membership(request, pk, admin=user_id != request.user.pk)
    group = membership.group
    target = get_object_or_404(Membership, group=group, user_id=user_id)
    admins = group.memberships.filter(role="admin")
    if target.role == "admin" and admins.count() == 1:
        messages.error(request, _("A group needs an admin: make someone else admin first."))
        return redirect("group", pk=group.pk)
    target.delete()
    if user_id == request.user.pk:
        return redirect("groups")
    return redirect("group", pk=group.pk)


@require_POST
@login_required
def group_member_role(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    """An admin makes a member an admin, or an admin a member again. The last admin stays."""
    group = _membership(request, pk, admin=True).group
    target = get_object_or_404(Membership, group=group, user_id=user_id)
    role = request.POST.get("role")
    if role not in ("admin", "member"):
        return HttpResponseBadRequest("No such role.")
    if role == target.role:
        return redirect("group", pk=group.pk)
    if role == "member" and group.memberships.filter(role="admin").count() == 1:
        messages.error(request, _("A group needs an admin: make someone else admin first."))
        return redirect("group", pk=group.pk)
    Membership.objects.filter(pk=target.pk).update(role=role)
    name = target.user.get_username()
    if role == "admin":
        messages.success(request, _("%(name)s is now an admin of the group.") % {"name": name})
    else:
        messages.success(request, _("%(name)s is now a member of the group.") % {"name": name})
    return redirect("group", pk=group.pk)


@require_POST
@login_required
def group_player_link(request: HttpRequest, pk: int, player_pk: int) -> HttpResponse:
    """Link a player of the group to a member's account, or unlink them (an empty choice)."""
    group = _membership(request, pk, admin=True).group
    player = get_object_or_404(Player, pk=player_pk, group=group)
    chosen = request.POST.get("user", "").strip()
    user_id = None
    if chosen:  # one of the members' ids, compared as text: nothing else reaches the database
        members = group.memberships.values_list("user_id", flat=True)
        user_id = next((pk for pk in members if str(pk) == chosen), None)
        if user_id is None:
            raise Http404("Not a member of this group.")
    Player.objects.filter(pk=player.pk).update(user_id=user_id)
    return redirect("group", pk=group.pk)
