"""The forms around the games say what to do in the app's own words, at their field, never
Django's stock "This field is required." (the deal forms have theirs: test_record_outcomes.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorekeeper.groups.models import Group, Membership

pytestmark = pytest.mark.django_db

STOCK = "This field is required."


def _said(response) -> str:
    html = response.content.decode()
    assert STOCK not in html
    return html


def test_a_group_without_a_name(client, factory):
    client.force_login(factory.make_user("asha"))
    assert "Give the group a name." in _said(client.post(reverse("groups"), {"name": ""}))


def test_a_season_without_its_name_or_days(client, factory):
    admin = factory.make_user("asha")
    group = Group.objects.create(name="Friday table")
    Membership.objects.create(group=group, user=admin, role="admin")
    client.force_login(admin)
    empty = {"name": "", "start": "", "end": ""}  # as a browser sends the form
    html = _said(client.post(reverse("seasons:new", args=[group.pk]), empty))
    for said in (
        "Give the season a name.",
        "Choose the season&#x27;s first day.",
        "Choose the season&#x27;s last day.",
    ):
        assert said in html
    wrong = client.post(
        reverse("seasons:new", args=[group.pk]), {"name": "Autumn", "start": "soon", "end": "x"}
    )
    assert "Choose a day on the calendar." in _said(wrong)
    assert 'value="Autumn"' in wrong.content.decode()  # the rest kept


def test_adding_a_member_without_a_username(client, factory):
    admin = factory.make_user("asha")
    group = Group.objects.create(name="Friday table")
    Membership.objects.create(group=group, user=admin, role="admin")
    client.force_login(admin)
    answer = client.post(reverse("group_member_add", args=[group.pk]), {"role": "member"})
    assert "Write the person&#x27;s username." in _said(answer)


def test_a_username_with_a_space_or_none(client):
    spaced = client.post(reverse("signup"), {"username": "tester 1!", "password1": "x" * 14})
    assert "Use letters, digits and @ . + - _ only, without spaces." in _said(spaced)
    assert 'value="tester 1!"' in spaced.content.decode()
    assert "Choose a username." in _said(client.post(reverse("signup"), {"password1": "x" * 14}))


def test_a_day_is_written_one_way_in_each_language(client, factory):
    """settings.FORMAT_MODULE_PATH: "5 Mar 2026" in English and "2026年3月5日" in Chinese, on
    the lists and in the messages alike (not "5 三月 2026", nor "March 5, 2026" in a message)."""
    from datetime import date

    from scorekeeper.seasons.models import Season

    admin = factory.make_user("asha")
    group = Group.objects.create(name="Friday table")
    Membership.objects.create(group=group, user=admin, role="admin")
    Season.objects.create(group=group, name="Autumn", start=date(2026, 3, 5), end=date(2026, 5, 31))
    client.force_login(admin)
    english = client.get(reverse("seasons:index")).content.decode()
    chinese = client.get(reverse("seasons:index"), HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert "5 Mar 2026 – 31 May 2026" in english
    assert "2026年3月5日 – 2026年5月31日" in chinese
