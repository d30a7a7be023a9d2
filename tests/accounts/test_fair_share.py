"""One address cannot take more than its share of sign-ups and password checks, while the
people behind another address (or a hall's many phones behind one) go on as ever."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

pytestmark = pytest.mark.django_db

HAMMER = "198.51.100.7"
ORDINARY = "203.0.113.20"


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


def log_in(address: str, username: str, password: str) -> int:
    page = Client(REMOTE_ADDR=address).post(
        reverse("login"), {"username": username, "password": password}
    )
    return page.status_code


@override_settings(LOGIN_FAILURES_PER_ADDRESS=6)
def test_wrong_passwords_for_many_usernames_lock_out_the_address_not_the_others(factory):
    factory.make_user("asha", password="right-password-1")
    for i in range(6):  # each username only once: the per-username lock never trips
        assert log_in(HAMMER, f"stranger{i}", "guess") == 200
    assert log_in(HAMMER, "asha", "right-password-1") == 429  # not even the right one, now
    assert log_in(ORDINARY, "asha", "right-password-1") == 302


@override_settings(LOGIN_FAILURES_PER_ADDRESS=6)
def test_a_few_forgotten_passwords_behind_one_address_lock_no_one_out(factory):
    factory.make_user("asha", password="right-password-1")
    for i in range(5):
        log_in(HAMMER, f"friend{i}", "forgot")
    assert log_in(HAMMER, "asha", "right-password-1") == 302


@override_settings(SIGNUPS_PER_ADDRESS=3)
def test_sign_ups_from_one_address_are_bounded_and_said_so():
    for i in range(3):
        page = Client(REMOTE_ADDR=HAMMER).post(
            reverse("signup"), {"username": f"new{i}", "password1": "a-fine-password-9"}
        )
        assert page.status_code == 302
    page = Client(REMOTE_ADDR=HAMMER).post(
        reverse("signup"), {"username": "one-more", "password1": "a-fine-password-9"}
    )
    assert page.status_code == 200
    assert "Too many accounts were created from this network" in page.content.decode()
    assert 'value="one-more"' in page.content.decode()  # the input kept
    page = Client(REMOTE_ADDR=ORDINARY).post(
        reverse("signup"), {"username": "elsewhere", "password1": "a-fine-password-9"}
    )
    assert page.status_code == 302
    assert get_user_model().objects.count() == 4
