"""The security headers on the app's answers (scorekeeper/headers.py and Django's own): a strict
Content-Security-Policy, a Permissions-Policy with every unused feature off, and the rest of
the OWASP secure headers list."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, list[str]]:
    """The Content-Security-Policy header as {directive: [sources]}."""
    directives = {}
    for part in response["Content-Security-Policy"].split(";"):
        name, *sources = part.split()
        assert name not in directives, f"{name} twice"
        directives[name] = sources
    return directives


@pytest.fixture
def game_page(client, factory):
    owner = factory.make_user()
    game = factory.make_game(owner)
    client.force_login(owner)
    return client.get(reverse("game", args=[game.pk]))


def test_a_game_page_has_a_strict_content_security_policy(game_page):
    assert game_page.status_code == 200
    csp = policy(game_page)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval'
    assert csp["style-src"] == ["'self'"]  # no 'unsafe-inline' either
    assert csp["img-src"] == ["'self'", "data:"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"]
    assert csp["form-action"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["manifest-src"] == ["'self'"]  # the web app manifest
    assert csp["worker-src"] == ["'self'"]  # the service worker
    assert not any("unsafe" in source for sources in csp.values() for source in sources)


def test_a_game_page_turns_off_the_browser_features_it_does_not_use(game_page):
    features = dict(
        part.strip().split("=", 1) for part in game_page["Permissions-Policy"].split(",")
    )
    for feature in ("camera", "microphone", "geolocation", "payment", "usb", "serial", "midi"):
        assert features[feature] == "()", feature
    assert set(features.values()) == {"()"}  # nothing on


def test_a_game_page_has_the_other_secure_headers(game_page):
    assert game_page["X-Frame-Options"] == "DENY"
    assert game_page["X-Content-Type-Options"] == "nosniff"
    assert game_page["Referrer-Policy"] == "same-origin"
    assert game_page["Cross-Origin-Opener-Policy"] == "same-origin"
    assert game_page["Cross-Origin-Resource-Policy"] == "same-origin"
    assert game_page["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert game_page["X-Permitted-Cross-Domain-Policies"] == "none"


def test_pages_without_a_login_and_htmx_answers_have_them_too(client, factory):
    login = client.get(reverse("login"))
    assert policy(login)["script-src"] == ["'self'"]
    assert login["Permissions-Policy"] and login["X-Frame-Options"] == "DENY"

    owner = factory.make_user()
    game = factory.make_game(owner)
    client.force_login(owner)
    fragment = client.get(reverse("game_chart", args=[game.pk]), headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert policy(fragment)["style-src"] == ["'self'"]


def test_static_files_may_not_be_loaded_by_other_sites(client):
    response = client.get("/static/css/app.css")
    assert response.status_code == 200
    assert response["Cross-Origin-Resource-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_view_that_sets_its_own_cross_origin_header_keeps_it(rf):
    from django.http import HttpResponse

    from scorekeeper.headers import CrossOriginHeadersMiddleware

    def view(request):
        response = HttpResponse("shared")
        response["Cross-Origin-Resource-Policy"] = "cross-origin"
        return response

    response = CrossOriginHeadersMiddleware(view)(rf.get("/"))
    assert response["Cross-Origin-Resource-Policy"] == "cross-origin"
    assert response["X-Permitted-Cross-Domain-Policies"] == "none"
