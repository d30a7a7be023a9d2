"""Who may do what with a game. Every game view asks here; nothing else decides.

Levels, each including the ones below it:

- OWN: the game's owner. Shares the game (links, people) besides keeping score.
- KEEP: a scorekeeper of the game (a GameRole), or an admin of the game's group. Records,
  undoes and edits deals.
- WATCH: a spectator of the game (a GameRole), or a member of the game's group. Sees the game,
  its log, what-ifs and its export; changes nothing.
- NONE: anyone else. Such a person is told the game does not exist (404), never shown data.

A watch link (ShareLink) shows one game read-only to whoever holds its token, logged in or
not; that is decided by the link's views (token_game), not by the levels above.

A visitor (someone without an account whose browser holds games: holders.py) is the OWNer of
the games their browser holds, which belong to the holder's stand-in account, and of no other
game: request.user is then a `Visitor`, never logged in.

A table link (ShareLink of kind "table", a game night's) gives KEEP on its one game to the
session that opened it, without an account: the session holds the link's token, and every
request checks that the link is still live (one query by token). Such a person acts as a
TablePhone, named by the name the phone gave. Once the night closes the link (its round has
ended) it gives WATCH only: the phone still sees the game; a change is refused (TableClosed).

Each check is one query: the game, with the person's role and membership as subqueries
(`with_access`).
"""

from __future__ import annotations

from enum import IntEnum
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery
from django.http import Http404, HttpRequest

from scorekeeper.groups.models import Membership

from .models import Game, GameRole, ShareLink
from .table_gone import table_gone


class Level(IntEnum):
    NONE = 0
    WATCH = 1
    KEEP = 2
    OWN = 3


BIGGEST_ID = 2**63 - 1  # a URL's <int:pk> takes any digits; the database's ids stop here


def with_access(games: QuerySet[Game], user) -> QuerySet[Game]:
    """Games annotated with the person's game role and group role (None where they have none)."""
    return games.annotate(
        my_game_role=Subquery(
            GameRole.objects.filter(game=OuterRef("pk"), user=user).values("role")[:1]
        ),
        my_group_role=Subquery(
            Membership.objects.filter(group=OuterRef("group"), user=user).values("role")[:1]
        ),
    )


def level_from(owner_id: int | None, game_role: str | None, group_role: str | None, user) -> Level:
    if owner_id is not None and owner_id == user.pk:
        return Level.OWN
    if game_role == GameRole.SCOREKEEPER or group_role == "admin":
        return Level.KEEP
    if game_role == GameRole.SPECTATOR or group_role == "member":
        return Level.WATCH
    return Level.NONE


def level_of(game: Game, user) -> Level:
    """The person's level at a game fetched through with_access (no query), or any game (one)."""
    if isinstance(user, Visitor):  # the games their browser holds, and nothing else
        return Level.OWN if game.owner_id == user.account_id else Level.NONE
    if not user.is_authenticated:
        return Level.NONE
    if not hasattr(game, "my_game_role"):
        game = with_access(Game.objects.filter(pk=game.pk), user).get()
    return level_from(game.owner_id, game.my_game_role, game.my_group_role, user)


def game_for(request: HttpRequest, pk: int, need: Level) -> Game:
    """The game, if the request's person may do what `need` allows with it.

    Someone who cannot see the game gets 404, as if it did not exist. Someone who can see it
    but not do this (a spectator trying to record) gets 403. `game.access` is their level.
    """
    user = request.user
    if pk > BIGGEST_ID:  # the database refuses the number (OverflowError): no such game
        raise Http404("No game found.")
    game = None
    if user.is_authenticated:
        # The default manager: a game of an import still being written is nobody's yet.
        game = with_access(Game.objects.filter(pk=pk), user).first()
    elif isinstance(user, Visitor):
        game = Game.objects.filter(pk=pk).first()
    level = level_of(game, user) if game is not None else Level.NONE
    closed = False
    if level < Level.KEEP and (token := _table_token(request, pk)):
        # The game with its live table link, in one query (none if the link was revoked).
        link = (
            ShareLink.objects.select_related("game")
            .filter(game_id=pk, token=token, kind=ShareLink.TABLE, revoked_at__isnull=True)
            .first()
        )
        if link is not None:
            # A closed link (its round has ended) still shows the game.
            closed = link.closed_at is not None
            level, game = max(level, Level.WATCH if closed else Level.KEEP), game or link.game
            if not user.is_authenticated:
                request.user = TablePhone(request.session.get(PHONE_NAME_KEY, ""))
    if game is None or level == Level.NONE:
        if not user.is_authenticated and _table_token(request, pk):
            raise TableGone  # this phone's table link stopped working: it is told why
        raise Http404("No game found.")
    if level < need:
        raise TableClosed if closed else PermissionDenied
    game.access = level
    return game


def visible_games(user) -> QuerySet[Game]:
    """Every game the person can see: their own, those shared with them, their groups'."""
    if isinstance(user, Visitor):
        return Game.objects.filter(owner_id=user.account_id)
    return Game.objects.filter(
        Q(owner=user)
        | Exists(GameRole.objects.filter(game=OuterRef("pk"), user=user))
        | Exists(Membership.objects.filter(group=OuterRef("group"), user=user))
    )


def kept_games(user) -> QuerySet[Game]:
    """Every game the person keeps the score of (KEEP or OWN above): theirs, those they were made
    a scorekeeper of, their groups' where they are an admin."""
    if isinstance(user, Visitor):
        return Game.objects.filter(owner_id=user.account_id)
    return Game.objects.filter(
        Q(owner=user)
        | Exists(GameRole.objects.filter(game=OuterRef("pk"), user=user, role=GameRole.SCOREKEEPER))
        | Exists(Membership.objects.filter(group=OuterRef("group"), user=user, role="admin"))
    )


def live_link(token: str, kind: str) -> ShareLink:
    """The link with this token, if it is of this kind and not revoked; else 404."""
    link = (
        ShareLink.objects.select_related("game")
        .filter(token=token, kind=kind, revoked_at__isnull=True)
        .first()
    )
    if link is None:
        raise Http404("No such link.")
    return link


def token_game(token: str) -> Game:
    """The game a live watch link shows (404 for any other token)."""
    game = live_link(token, ShareLink.WATCH).game
    game.access = Level.WATCH
    return game


def can(game: Any, need: Level) -> bool:
    return getattr(game, "access", Level.NONE) >= need


# ---- a visitor: games without an account (holders.py) ------------------------------------------


class Visitor(AnonymousUser):
    """Someone keeping score without an account: request.user while their browser holds games
    (holders.HolderMiddleware). Never logged in; the owner of the games of its holder's
    stand-in account (`account`), which the audit trail names until they move to an account."""

    def __init__(self, holder: Any) -> None:
        super().__init__()
        self.holder = holder
        self.account = holder.account
        self.account_id = holder.account_id

    def get_username(self) -> str:
        return self.account.get_username()


def keeps_games(user) -> bool:
    """A person with games of their own: logged in, or a visitor whose browser holds some."""
    return user.is_authenticated or isinstance(user, Visitor)


def person(user) -> Any:
    """The account a person's games and changes are kept under: their own, or a visitor's
    stand-in; None for anyone else (a table link's phone, someone who has kept nothing)."""
    if user.is_authenticated:
        return user
    return user.account if isinstance(user, Visitor) else None


def login_or_visitor(view):
    """login_required, except for a visitor: their own games' pages (the view checks which)."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any):
        if keeps_games(request.user):
            return view(request, *args, **kwargs)
        return redirect_to_login(request.get_full_path())

    return checked


# ---- a game night's table link: keep score of one game without an account -------------------

TABLE_LINKS_KEY = "table_links"  # in the session: {game pk: the table link's token}
PHONE_NAME_KEY = "table_phone"  # in the session: the name the phone gave, for the audit trail


class TableClosed(PermissionDenied):
    """A table link's phone tries to change a game whose round has ended (its link is closed):
    the night tells the phone where its table went (scorekeeper/play/denied.py answers)."""


class TableGone(Http404):
    """A table link's phone asks for its game after the link was revoked (the organiser gave
    the table a new card): told so, not a bare 404 (`login_or_table` answers)."""


class TablePhone(AnonymousUser):
    """The person at a table link's phone: no account, a name for the audit trail."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.phone_name = name

    def get_username(self) -> str:
        return self.phone_name


TABLE_FOLLOW_KEY = "table_follow"  # in the session: {game pk: where its page asks what is next}
TABLE_LATE_KEY = "table_late"  # in the session: {game pk: where a change refused as late goes}


def grant_table(
    request: HttpRequest,
    link: ShareLink,
    phone_name: str,
    follow: str | None = None,
    late: str | None = None,
) -> None:
    """This session keeps score of the link's game (checked again on every request). `follow`:
    the address the game page polls for the table's next game; `late`: where the phone hands
    an entry it kept offline that is refused because the round ended (both the night's, which
    the games do not know)."""
    links = dict(request.session.get(TABLE_LINKS_KEY) or {})
    links[str(link.game_id)] = link.token
    request.session[TABLE_LINKS_KEY] = links
    request.session[PHONE_NAME_KEY] = phone_name
    for key, url in ((TABLE_FOLLOW_KEY, follow), (TABLE_LATE_KEY, late)):
        if url is not None:
            urls = dict(request.session.get(key) or {})
            urls[str(link.game_id)] = url
            request.session[key] = urls


def table_late(request: HttpRequest, pk: Any) -> str | None:
    """Where this table phone hands an entry for game `pk` refused because its round ended."""
    session = getattr(request, "session", None)
    return ((session.get(TABLE_LATE_KEY) if session is not None else None) or {}).get(str(pk))


def table_follow(request: HttpRequest, pk: int) -> str | None:
    """Where a table phone's page of game `pk` asks for the table's next game, if anywhere."""
    if not isinstance(request.user, TablePhone):
        return None
    return (request.session.get(TABLE_FOLLOW_KEY) or {}).get(str(pk))


def _table_token(request: HttpRequest, pk: int) -> str | None:
    session = getattr(request, "session", None)
    return ((session.get(TABLE_LINKS_KEY) if session is not None else None) or {}).get(str(pk))


def holds_table_link(request: HttpRequest, pk: int) -> bool:
    """This session opened game `pk` through a table link (live or not)."""
    return bool(_table_token(request, pk))


def table_level(request: HttpRequest, pk: int) -> Level:
    """KEEP if this session holds a live table link of the game, WATCH if that link is closed
    (its round has ended); else NONE."""
    token = _table_token(request, pk)
    if not token:
        return Level.NONE
    found = ShareLink.objects.filter(
        token=token, game_id=pk, kind=ShareLink.TABLE, revoked_at__isnull=True
    ).values_list("closed_at", flat=True)[:1]
    if not found:
        return Level.NONE
    return Level.KEEP if found[0] is None else Level.WATCH


def login_or_table(view):
    """login_required, except for a visitor (whose games the view's access check finds) and a
    session holding a table link of the game `pk` (whether the link is still live is the view's
    access check)."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any):
        links = request.session.get(TABLE_LINKS_KEY) or {}
        if keeps_games(request.user) or str(kwargs.get("pk")) in links:
            try:
                return view(request, *args, **kwargs)
            except TableGone:
                return table_gone(request)
        return redirect_to_login(request.get_full_path())

    return checked
