"""Finding 6: revoking a share link takes back what it granted: whoever followed the watch link
(a spectator's role) or joined by the keep link (a scorekeeper's) is out, and the page says so
beforehand and after. People the owner added by name stay. Finding 7: the big screen's link of
a game night is revoked and renewed by its organiser, also after the night is over."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import GameRole, ShareLink
from scorekeeper.nights.models import Night

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def game(factory, keeper):
    return factory.make_game(keeper)


def make_link(owner: Client, game, kind: str) -> ShareLink:
    owner.post(reverse("share_link_make", args=[game.pk, kind]))
    return ShareLink.objects.get(game=game, kind=kind, revoked_at__isnull=True)


def test_revoking_the_watch_link_puts_out_whoever_followed_it(game, keeper, factory):
    owner = logged_in(keeper)
    link = make_link(owner, game, "watch")
    follower = factory.make_user("follower")
    watcher = logged_in(follower)
    watcher.post(reverse("watch_follow", args=[link.token]))
    assert watcher.get(reverse("game", args=[game.pk])).status_code == 200
    response = owner.post(reverse("share_link_revoke", args=[game.pk, "watch"]), follow=True)
    said = response.content.decode()
    assert "1 person who came by it no longer sees this game." in said
    assert watcher.get(reverse("game", args=[game.pk])).status_code == 404
    assert watcher.get(reverse("game_export", args=[game.pk])).status_code == 404
    assert not GameRole.objects.filter(user=follower).exists()


def test_revoking_the_keep_link_puts_out_whoever_joined_by_it(game, keeper, factory):
    owner = logged_in(keeper)
    link = make_link(owner, game, "keep")
    joiner = factory.make_user("joiner")
    phone = logged_in(joiner)
    phone.post(reverse("keep_join", args=[link.token]))
    assert GameRole.objects.get(user=joiner).role == GameRole.SCOREKEEPER
    owner.post(reverse("share_link_revoke", args=[game.pk, "keep"]))
    assert phone.get(reverse("game", args=[game.pk])).status_code == 404
    undo = phone.post(reverse("deal_undo", args=[game.pk]))
    assert undo.status_code == 404
    assert not GameRole.objects.filter(user=joiner).exists()


def test_someone_the_owner_added_by_name_stays(game, keeper, factory):
    owner = logged_in(keeper)
    link = make_link(owner, game, "watch")
    friend = factory.make_user("friend")
    logged_in(friend).post(reverse("watch_follow", args=[link.token]))
    owner.post(
        reverse("game_person_add", args=[game.pk]), {"username": "friend", "role": "spectator"}
    )
    owner.post(reverse("share_link_revoke", args=[game.pk, "watch"]))
    assert GameRole.objects.get(user=friend).role == GameRole.SPECTATOR


def test_a_spectator_who_joined_to_keep_score_goes_back_to_watching(game, keeper, factory):
    owner = logged_in(keeper)
    watch, keep = make_link(owner, game, "watch"), make_link(owner, game, "keep")
    both = factory.make_user("both")
    phone = logged_in(both)
    phone.post(reverse("watch_follow", args=[watch.token]))
    phone.post(reverse("keep_join", args=[keep.token]))
    assert GameRole.objects.get(user=both).role == GameRole.SCOREKEEPER
    owner.post(reverse("share_link_revoke", args=[game.pk, "keep"]))
    assert GameRole.objects.get(user=both).role == GameRole.SPECTATOR  # as the watch link gave
    owner.post(reverse("share_link_revoke", args=[game.pk, "watch"]))
    assert not GameRole.objects.filter(user=both).exists()


def test_revoking_the_watch_link_first_leaves_the_keep_links_grant_alone(game, keeper, factory):
    owner = logged_in(keeper)
    watch, keep = make_link(owner, game, "watch"), make_link(owner, game, "keep")
    both = factory.make_user("both")
    phone = logged_in(both)
    phone.post(reverse("watch_follow", args=[watch.token]))
    phone.post(reverse("keep_join", args=[keep.token]))
    owner.post(reverse("share_link_revoke", args=[game.pk, "watch"]))
    assert GameRole.objects.get(user=both).role == GameRole.SCOREKEEPER
    owner.post(reverse("share_link_revoke", args=[game.pk, "keep"]))
    assert not GameRole.objects.filter(user=both).exists()  # nothing of the watch link is left


def test_the_share_page_says_what_revoking_does_and_who_came_by_a_link(game, keeper, factory):
    owner = logged_in(keeper)
    link = make_link(owner, game, "keep")
    logged_in(factory.make_user("joiner")).post(reverse("keep_join", args=[link.token]))
    page = owner.get(reverse("game_share", args=[game.pk])).content.decode()
    assert "Revoking it also takes the game away from everyone who joined by it" in page
    assert 'data-testid="came-by-link"' in page


# ---- the big screen of a game night (finding 7) ------------------------------------------------


@pytest.fixture
def night(keeper):
    from scorekeeper.groups.models import Group, Membership

    group = Group.objects.create(name="Friday")
    Membership.objects.create(group=group, user=keeper, role="admin")
    admin = logged_in(keeper)
    data = {
        "game": "thunee",
        "mode": "4p",
        "played_on": "2026-11-24",
        "guests": "Asha\nBongani\nChetan\nDev",
        "rounds": 1,
        "seating": "draw",
    }
    assert admin.post(reverse("night_new", args=[group.pk]), data).status_code == 302
    return Night.objects.get()


def test_the_organiser_revokes_the_big_screens_link_and_renews_it(night, keeper):
    admin = logged_in(keeper)
    old = night.watch_token
    screen = Client()
    assert screen.get(reverse("night_screen", args=[old])).status_code == 200
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert 'data-testid="screen-revoke"' in page and 'data-testid="screen-renew"' in page
    admin.post(reverse("night_screen_revoke", args=[night.pk]))
    assert screen.get(reverse("night_screen", args=[old])).status_code == 404
    assert screen.get(reverse("night_screen_live", args=[old])).status_code == 404
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert 'data-testid="screen-url"' not in page  # no link shown until a new one is made
    admin.post(reverse("night_screen_renew", args=[night.pk]))
    night.refresh_from_db()
    assert night.watch_token != old
    assert screen.get(reverse("night_screen", args=[old])).status_code == 404
    assert screen.get(reverse("night_screen", args=[night.watch_token])).status_code == 200


def test_the_big_screens_link_is_revoked_after_the_night_is_over(night, keeper):
    admin = logged_in(keeper)
    admin.post(reverse("night_end", args=[night.pk]))
    page = admin.get(reverse("night", args=[night.pk])).content.decode()
    assert 'data-testid="screen-revoke"' in page
    admin.post(reverse("night_screen_revoke", args=[night.pk]))
    assert Client().get(reverse("night_screen", args=[night.watch_token])).status_code == 404


def test_a_member_who_does_not_run_the_night_cannot_touch_its_screen(night, factory):
    from scorekeeper.groups.models import Membership

    member = factory.make_user("member")
    Membership.objects.create(group=night.group, user=member, role="member")
    response = logged_in(member).post(reverse("night_screen_revoke", args=[night.pk]))
    assert response.status_code == 403
    assert Client().get(reverse("night_screen", args=[night.watch_token])).status_code == 200
