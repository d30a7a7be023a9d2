"""Finding 9: a password has at least 12 characters (ASVS level 1), and the sign-up page says
so before anyone types one; a refused sign-up keeps the username and none of the password."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import MinimumLengthValidator
from django.test import Client
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


def test_the_sign_up_page_says_the_rule_before_the_password_box():
    page = Client().get(reverse("signup")).content.decode()
    rule = page.find("at least 12 characters")
    assert rule != -1, "the rule is not said"
    assert rule < page.find('name="password1"')


def test_the_rule_is_said_in_chinese_too():
    client = Client(headers={"accept-language": "zh-hans"})
    page = client.get(reverse("signup")).content.decode()
    with translation.override("zh-hans"):
        said = MinimumLengthValidator(12).get_help_text()
    assert "12" in said and said in page
    assert page.find(said) < page.find('name="password1"')


@pytest.mark.parametrize("password", ["Thun33-at-4", "short-pw"])  # 11 and 8 characters
def test_a_password_under_12_characters_is_refused_and_the_username_kept(password):
    client = Client()
    data = {"username": "farah", "password1": password, "password2": password}
    response = client.post(reverse("signup"), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert "at least 12 characters" in page
    assert 'value="farah"' in page  # the username stays
    assert password not in page  # the password boxes keep nothing
    assert not get_user_model().objects.filter(username="farah").exists()


def test_twelve_characters_will_do():
    data = {"username": "farah", "password1": "Thun33-at-42", "password2": "Thun33-at-42"}
    response = Client().post(reverse("signup"), data)
    assert response.status_code == 302
    assert get_user_model().objects.filter(username="farah").exists()
