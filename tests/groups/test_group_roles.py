"""A group's admins change a member's role; the group always keeps an admin. Linking a player
to an account takes only a member's id: anything else is 404, never a server error."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.games.models import Player
from scorekeeper.groups.models import Group, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def group(factory):
    group = Group.objects.create(name="Friday table")
    for name, role in [("asha", "admin"), ("dev", "member"), ("chen", "member")]:
        Membership.objects.create(group=group, user=factory.make_user(name), role=role)
    return group


def role_of(group, username: str) -> str:
    return Membership.objects.get(group=group, user__username=username).role


def member(group, username: str):
    return Membership.objects.get(group=group, user__username=username).user


def role_url(group, username: str) -> str:
    return reverse("group_member_role", args=[group.pk, member(group, username).pk])


def test_an_admin_makes_a_member_admin_and_the_page_offers_it(client, group):
    client.force_login(member(group, "asha"))
    page = client.get(reverse("group", args=[group.pk])).content.decode()
    assert f'action="{role_url(group, "dev")}"' in page
    assert "Make admin" in page

    response = client.post(role_url(group, "dev"), {"role": "admin"}, follow=True)
    assert role_of(group, "dev") == "admin"
    assert "dev is now an admin of the group." in response.content.decode()
    # now the first admin may step down, and leave
    client.post(role_url(group, "asha"), {"role": "member"})
    assert role_of(group, "asha") == "member"


def test_the_last_admin_cannot_step_down(client, group):
    client.force_login(member(group, "asha"))
    response = client.post(role_url(group, "asha"), {"role": "member"}, follow=True)
    assert role_of(group, "asha") == "admin"
    assert "A group needs an admin" in response.content.decode()


def test_only_admins_change_roles_and_only_to_a_known_role(client, group, factory):
    client.force_login(member(group, "dev"))
    page = client.get(reverse("group", args=[group.pk])).content.decode()
    assert "Make admin" not in page
    assert client.post(role_url(group, "dev"), {"role": "admin"}).status_code == 404
    assert role_of(group, "dev") == "member"

    client.force_login(member(group, "asha"))
    assert client.post(role_url(group, "dev"), {"role": "owner"}).status_code == 400
    assert client.get(role_url(group, "dev")).status_code == 405  # a change is a POST
    assert role_of(group, "dev") == "member"
    stranger = factory.make_user("stranger")
    url = reverse("group_member_role", args=[group.pk, stranger.pk])
    assert client.post(url, {"role": "admin"}).status_code == 404


@pytest.mark.parametrize("value", ["abc", "99999999999999999999999", "1.5", " "])
def test_linking_a_player_to_anything_but_a_member_is_404(client, group, value):
    player = Player.objects.create(owner=member(group, "asha"), group=group, name="Dev")
    client.force_login(member(group, "asha"))
    url = reverse("group_player_link", args=[group.pk, player.pk])
    status = client.post(url, {"user": value}).status_code
    player.refresh_from_db()
    assert (status, player.user) == ((302, None) if value == " " else (404, None))
    client.post(url, {"user": str(member(group, "dev").pk)})
    player.refresh_from_db()
    assert player.user == member(group, "dev")
