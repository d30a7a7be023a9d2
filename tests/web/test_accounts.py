"""Signing up asks for the least; logging out is on the account page, not one tap away in the
header; logging in goes back where the person was."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_sign_up_asks_for_a_username_and_one_password_with_its_rules_said_first(client):
    page = client.get(reverse("signup")).content.decode()
    assert page.count('type="password"') == 1
    rules = page.index('data-testid="password-rules"')
    assert rules < page.index('type="password"')  # said before typing
    assert page.index('id="id_username"') < page.index('for="id_password1"') < rules  # its own
    assert "at least" in page[rules : page.index("</ul>", rules)]
    assert 'aria-describedby="password-rules"' in page
    response = client.post(
        reverse("signup"), {"username": "asha", "password1": "a long pass phrase"}
    )
    assert get_user_model().objects.get(username="asha").check_password("a long pass phrase")
    assert response.status_code == 302


def test_a_refused_sign_up_keeps_the_username_never_the_password(client):
    response = client.post(reverse("signup"), {"username": "asha", "password1": "short"})
    page = response.content.decode()
    assert response.status_code == 200 and not get_user_model().objects.exists()
    assert 'value="asha"' in page
    assert 'value="short"' not in page
    assert "too short" in page


def test_the_header_has_the_account_not_a_log_out(client_in):
    page = client_in.get(reverse("home")).content.decode()
    header = page[page.index('<header class="topbar">') : page.index("</header>")]
    assert reverse("account") in header and reverse("logout") not in header
    account = client_in.get(reverse("account")).content.decode()
    assert f'action="{reverse("logout")}"' in account and 'data-testid="log-out"' in account


def test_the_account_page_logs_out(client_in):
    assert client_in.post(reverse("logout")).status_code == 302
    assert client_in.get(reverse("account")).status_code == 302  # to the login


def test_logging_in_goes_back_where_the_person_was(client, factory):
    game = factory.make_game(factory.make_user("asha", password="pw-for-tests-1"))
    page = f"/games/{game.pk}/"
    asked = client.get(page)
    assert asked["Location"] == f"{reverse('login')}?next={page}"
    header = client.get(reverse("rules", args=["thunee"])).content.decode()
    assert re.search(r'href="/login/\?next=/rules/thunee/"', header)  # the header's link
    response = client.post(
        reverse("login"), {"username": "asha", "password": "pw-for-tests-1", "next": page}
    )
    assert response["Location"] == page


def test_logging_in_never_goes_to_another_site(client, factory):
    factory.make_user("asha", password="pw-for-tests-1")
    response = client.post(
        reverse("login"),
        {"username": "asha", "password": "pw-for-tests-1", "next": "https://evil.example/"},
    )
    assert response["Location"] == reverse("home")
