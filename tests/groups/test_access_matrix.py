"""Who may do what: every game view and method × anonymous, stranger, spectator, group member,
scorekeeper, group admin and owner; the views a share link opens × live, revoked and made-up
tokens; the group's own views. And every POST needs its CSRF token.

Whoever may not see the game gets 404 (or, not logged in, the login page), never data; whoever
sees it but may not do this gets 403. Nothing changes in either case.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.games.access import Level
from scorekeeper.games.models import Deal, DealChange, Game, GameRole, ShareLink
from scorekeeper.groups.models import Membership

from .conftest import HTMX, become_visitor, bids_post, tricks_post

pytestmark = pytest.mark.django_db

LEVELS = {
    "anonymous": Level.NONE,
    "stranger": Level.NONE,
    "spectator": Level.WATCH,
    "member": Level.WATCH,
    "scorekeeper": Level.KEEP,
    "admin": Level.KEEP,
    "owner": Level.OWN,
    "visitor": Level.NONE,  # a browser keeping games of its own without an account
}


def _people_post(table):
    return {"username": "stranger", "role": "spectator"}


# (url name, method, args after the game's pk, POST data, the level it needs)
VIEWS = [
    ("game", "get", (), None, Level.WATCH),
    ("game_live", "get", (), None, Level.WATCH),
    ("game_export", "get", (), None, Level.WATCH),
    ("deal_what_if", "get", (1,), None, Level.WATCH),
    (
        "deal_what_if",
        "post",
        (1,),
        lambda t: {**bids_post(), **tricks_post((2, 2, 3, 0))},
        Level.WATCH,
    ),
    ("game_page", "get", ("settle-up",), None, Level.WATCH),
    ("game_page", "get", ("ledger",), None, Level.WATCH),
    ("game_page", "post", ("ledger",), lambda t: {}, Level.KEEP),
    ("deal_preview", "post", (), lambda t: bids_post(), Level.KEEP),
    ("deal_open", "post", (), lambda t: bids_post(), Level.KEEP),
    ("deal_reopen", "post", (), lambda t: {}, Level.KEEP),
    ("deal_record", "post", (), lambda t: tricks_post(), Level.KEEP),
    ("deal_undo", "post", (), lambda t: {"number": 1}, Level.KEEP),
    ("deal_edit", "get", (1,), None, Level.KEEP),
    ("deal_edit", "post", (1,), lambda t: {**bids_post(), **tricks_post((2, 2, 3, 0))}, Level.KEEP),
    ("offline_forms", "get", (), None, Level.KEEP),  # the forms a phone keeps for offline entries
    ("game_share", "get", (), None, Level.OWN),
    ("share_link_make", "post", ("watch",), lambda t: {}, Level.OWN),
    ("share_link_revoke", "post", ("watch",), lambda t: {}, Level.OWN),
    ("game_person_add", "post", (), _people_post, Level.OWN),
    ("game_person_remove", "post", ("SPECTATOR",), lambda t: {}, Level.OWN),
]


def snapshot(game) -> tuple:
    """Everything a request could change about a game."""
    game = Game.objects.get(pk=game.pk)
    return (
        game.version,
        game.updated_at,
        game.opening,
        game.finished,
        list(Deal.objects.filter(game=game).values_list("number", "facts", "edited_at")),
        DealChange.objects.filter(game=game).count(),
        sorted(GameRole.objects.filter(game=game).values_list("user_id", "role")),
        sorted(ShareLink.objects.filter(game=game).values_list("kind", "revoked_at")),
    )


def url_of(table, name, args) -> str:
    spectator = table.people["spectator"].pk
    args = [spectator if a == "SPECTATOR" else a for a in args]
    return reverse(name, args=[table.game.pk, *args])


@pytest.mark.parametrize("person", list(LEVELS))
@pytest.mark.parametrize(
    ("name", "method", "args", "data", "need"),
    VIEWS,
    ids=[f"{v[1].upper()}-{v[0]}-{'-'.join(map(str, v[2]))}" for v in VIEWS],
)
def test_every_game_view_for_everyone(table, client, person, name, method, args, data, need):
    user = table.people.get(person)
    if person == "visitor":
        become_visitor(client)
    elif user is not None:
        client.force_login(user)
    ShareLink.objects.create(game=table.game, kind="keep")  # something to revoke
    if name == "share_link_revoke":
        ShareLink.objects.create(game=table.game, kind="watch")
    before = snapshot(table.game)
    url = url_of(table, name, args)
    kwargs = {"data": data(table)} if data else {}
    response = getattr(client, method)(url, **kwargs, **HTMX)
    level = LEVELS[person]

    if person == "anonymous" and name == "game_live":  # the poll: stopped, a way to log in
        assert response.status_code == 401 and b'href="/login/?next=' in response.content
    elif person == "anonymous":
        assert response.status_code == 302 and response["Location"].startswith("/login/")
    elif level == Level.NONE:
        assert response.status_code == 404
    elif level < need:
        assert response.status_code == 403
    else:
        assert response.status_code in (200, 204, 302, 405), response.content[:400]
        return
    assert snapshot(table.game) == before  # nothing changed
    assert b"Bongani" not in response.content  # and nothing of the game was shown


def test_a_spectators_game_page_has_no_form_undo_or_edit(table, client):
    client.force_login(table.people["spectator"])
    html = client.get(reverse("game", args=[table.game.pk])).content.decode()
    assert "Bongani" in html and 'id="board"' in html
    assert 'id="deal-form"' not in html and "Undo deal" not in html and "/edit/" not in html
    assert "What if" in html and "Share" not in html
    client.force_login(table.people["scorekeeper"])
    html = client.get(reverse("game", args=[table.game.pk])).content.decode()
    assert 'id="deal-form"' in html and "Undo deal 1" in html and "/edit/" in html
    assert reverse("game_share", args=[table.game.pk]) not in html  # only the owner shares
    client.force_login(table.people["owner"])
    html = client.get(reverse("game", args=[table.game.pk])).content.decode()
    assert reverse("game_share", args=[table.game.pk]) in html


def test_the_home_page_lists_the_games_each_person_may_see(table, client, factory):
    own = factory.make_game(table.people["stranger"])  # the stranger's own game
    for person, sees in [
        ("stranger", [own.pk]),
        ("spectator", [table.game.pk]),
        ("member", [table.game.pk]),
        ("scorekeeper", [table.game.pk]),
        ("owner", [table.game.pk]),
    ]:
        client.force_login(table.people[person])
        rows = client.get(reverse("home")).context["rows"]
        assert [row["game"].pk for row in rows] == sees, person


# ---- share links --------------------------------------------------------------------------------


@pytest.mark.parametrize("token_state", ["live", "revoked", "made-up", "keep-link"])
@pytest.mark.parametrize("person", ["anonymous", "stranger"])
@pytest.mark.parametrize(
    ("name", "method"),
    [("watch", "get"), ("watch_live", "get"), ("watch_export", "get"), ("watch_follow", "post")],
)
def test_a_watch_link(table, client, token_state, person, name, method):
    watch = ShareLink.objects.create(game=table.game, kind="watch")
    keep = ShareLink.objects.create(game=table.game, kind="keep")
    token = {"live": watch.token, "revoked": watch.token, "keep-link": keep.token}.get(
        token_state, "x" * 32
    )
    if token_state == "revoked":
        ShareLink.objects.filter(pk=watch.pk).update(revoked_at=timezone.now())
    if person == "stranger":
        client.force_login(table.people["stranger"])
    before = GameRole.objects.count()
    response = getattr(client, method)(reverse(name, args=[token]))
    if token_state != "live":
        if person == "anonymous" and name == "watch_follow":  # following needs an account
            assert response.status_code == 302 and response["Location"].startswith("/login/")
        else:
            assert response.status_code == 404
        assert b"Bongani" not in response.content
        assert GameRole.objects.count() == before
    elif name == "watch_follow":
        if person == "anonymous":
            assert response.status_code == 302 and response["Location"].startswith("/login/")
        else:
            assert response["Location"] == reverse("game", args=[table.game.pk])
            role = GameRole.objects.get(user=table.people["stranger"])
            assert role.role == GameRole.SPECTATOR
    else:
        assert response.status_code == 200
        if name != "watch_live":  # the poll without a stamp: the live parts
            assert b"Bongani" in response.content


def test_a_watch_page_is_read_only_and_never_shows_the_games_id(table, client):
    link = ShareLink.objects.create(game=table.game, kind="watch")
    html = client.get(reverse("watch", args=[link.token])).content.decode()
    assert "Bongani" in html and 'id="board"' in html
    assert 'id="deal-form"' not in html and "Undo deal" not in html
    assert f"/games/{table.game.pk}/" not in html  # every link goes by the token
    assert reverse("watch_live", args=[link.token]) in html
    assert "All games" not in html  # logged out there are none: it would lead to the login
    client.force_login(table.people["stranger"])
    assert "All games" in client.get(reverse("watch", args=[link.token])).content.decode()


@pytest.mark.parametrize("token_state", ["live", "revoked", "watch-link"])
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_keep_link(table, client, token_state, method):
    keep = ShareLink.objects.create(game=table.game, kind="keep")
    watch = ShareLink.objects.create(game=table.game, kind="watch")
    token = watch.token if token_state == "watch-link" else keep.token
    if token_state == "revoked":
        ShareLink.objects.filter(pk=keep.pk).update(revoked_at=timezone.now())
    url = reverse("keep_join", args=[token])
    response = getattr(client, method)(url)  # not logged in: log in first
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    stranger = table.people["stranger"]
    client.force_login(stranger)
    response = getattr(client, method)(url)
    if token_state != "live":
        assert response.status_code == 404
        assert not GameRole.objects.filter(user=stranger).exists()
    elif method == "get":  # a page to confirm on: a GET changes nothing
        assert response.status_code == 200 and b"Bongani" in response.content
        assert not GameRole.objects.filter(user=stranger).exists()
    else:
        assert response["Location"] == reverse("game", args=[table.game.pk])
        assert GameRole.objects.get(user=stranger).role == GameRole.SCOREKEEPER


# ---- a group's own views --------------------------------------------------------------------


@pytest.mark.parametrize("person", ["anonymous", "stranger", "spectator", "member", "admin"])
@pytest.mark.parametrize(
    ("name", "method", "need"),
    [
        ("group", "get", "member"),
        ("group_member_add", "post", "admin"),
        ("group_member_remove", "post", "admin"),
        ("group_player_link", "post", "admin"),
    ],
)
def test_a_groups_views(table, client, person, name, method, need):
    user = table.people[person]
    if user is not None:
        client.force_login(user)
    group = table.group
    args = {
        "group": [group.pk],
        "group_member_add": [group.pk],
        "group_member_remove": [group.pk, table.people["owner"].pk],
        "group_player_link": [group.pk, 0],
    }[name]
    player = table.game.seats.first().player
    if name == "group_player_link":
        player.group = group
        player.save()
        args[1] = player.pk
    data = {"username": "stranger", "role": "member", "user": table.people["member"].pk}
    before = sorted(Membership.objects.values_list("group_id", "user_id", "role"))
    response = getattr(client, method)(reverse(name, args=args), data if method == "post" else {})
    allowed = {"member": {"member", "admin"}, "admin": {"admin"}}[need]
    if user is None:
        assert response.status_code == 302 and response["Location"].startswith("/login/")
    elif person not in allowed:
        assert response.status_code == 404
        assert sorted(Membership.objects.values_list("group_id", "user_id", "role")) == before
        player.refresh_from_db()
        assert player.user is None
    else:
        assert response.status_code in (200, 302)


# ---- CSRF -----------------------------------------------------------------------------------


POSTS = [v for v in VIEWS if v[1] == "post"]


@pytest.mark.parametrize(
    ("name", "method", "args", "data", "need"), POSTS, ids=[f"{v[0]}-{v[2]}" for v in POSTS]
)
def test_every_game_post_needs_its_csrf_token(table, name, method, args, data, need):
    client = Client(enforce_csrf_checks=True)
    client.force_login(table.people["owner"])
    before = snapshot(table.game)
    response = client.post(url_of(table, name, args), data(table), **HTMX)
    assert response.status_code == 403
    assert snapshot(table.game) == before


def test_link_and_group_posts_need_their_csrf_token(table):
    client = Client(enforce_csrf_checks=True)
    client.force_login(table.people["stranger"])
    watch = ShareLink.objects.create(game=table.game, kind="watch")
    keep = ShareLink.objects.create(game=table.game, kind="keep")
    for url in (
        reverse("watch_follow", args=[watch.token]),
        reverse("keep_join", args=[keep.token]),
        reverse("groups"),
    ):
        assert client.post(url, {"name": "Sneaky"}).status_code == 403
    assert not GameRole.objects.filter(user=table.people["stranger"]).exists()
    client.force_login(table.people["admin"])
    for url in (
        reverse("group_member_add", args=[table.group.pk]),
        reverse("group_member_remove", args=[table.group.pk, table.people["member"].pk]),
    ):
        assert client.post(url, {"username": "stranger"}).status_code == 403
    assert Membership.objects.filter(group=table.group).count() == 3


def test_share_tokens_are_long_random_and_not_the_games_id(table):
    tokens = {ShareLink.objects.create(game=table.game, kind="watch").token}
    ShareLink.objects.update(revoked_at=timezone.now())
    for _ in range(20):
        link = ShareLink.objects.create(game=table.game, kind="watch")
        tokens.add(link.token)
        ShareLink.objects.filter(pk=link.pk).update(revoked_at=timezone.now())
    assert len(tokens) == 21
    assert all(len(t) >= 32 and str(table.game.pk) != t for t in tokens)
