"""A deal page's hidden bookkeeping (the stage it was rendered for, the double-tap token, the deal
number it expects, the undo button's deal number) sent back missing, repeated or changed: the
form comes back with a message and the user's input, or nothing happens and the page says so;
never a server error, never a deal stored twice. Every game of the registry."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.deal_forms import DAMAGED
from scorekeeper.groups.models import Group
from scorekeeper.seasons import exports
from tests.fuzz.mutations import as_post
from tests.fuzz.page_forms import PageForm, deal_form_on
from tests.fuzz.test_mutated_forms import filled
from tests.support.groups import make_group
from tests.support.logs import fixture_log as fixture

pytestmark = pytest.mark.django_db

KEYS = sorted(registry.GAMES)
TWO_STEP = [key for key in KEYS if registry.game(key).rules.opening_fields]
HTMX = {"HTTP_HX_REQUEST": "true"}
ODD = ["0", "7", "word", "Opening", "²", "9" * 5000, ""]


def new_game(key: str, owner):
    doc = {k: v for k, v in fixture(key).items() if k not in ("deals", "computed")}
    return services.import_game({**doc, "deals": []}, owner=owner)


def deal_form(client, game) -> PageForm:
    return deal_form_on(client.get(reverse("game", args=[game.pk])).content.decode())


def first_deal(client, key: str, game) -> list[tuple[str, str]]:
    """The real form, filled with the fixture's first deal."""
    entry = registry.game(key)
    form = deal_form(client, game)
    return form, filled(form, entry.deal_form.initial_from_facts(fixture(key)["deals"][0]))


def replaced(pairs, name: str, *values: str):
    return [(n, v) for n, v in pairs if n != name] + [(name, v) for v in values]


@pytest.mark.parametrize("key", TWO_STEP)
@pytest.mark.parametrize("stage", [*ODD, ["opening", "closing"], ["closing", "x"]])
def test_a_stage_we_do_not_know_is_checked_as_the_game_is_now(client_in, keeper, key, stage):
    game = new_game(key, keeper)
    form, pairs = first_deal(client_in, key, game)
    stages = stage if isinstance(stage, list) else [stage]
    for htmx in ({}, HTMX):
        response = client_in.post(form.action, as_post(replaced(pairs, "stage", *stages)), **htmx)
        assert response.status_code in (200, 302)
    game.refresh_from_db()
    # Its last value names a stage we know: that one is the page's; else the game's own
    # stage is used, and these bids are the coming deal's.
    if stages[-1] != "closing":
        assert game.opening and game.deals.count() == 0


@pytest.mark.parametrize("key", [key for key in KEYS if key not in TWO_STEP])
@pytest.mark.parametrize("stage", ["opening", "closing", "7"])
def test_a_one_step_games_deal_is_recorded_whatever_stage_it_names(client_in, keeper, key, stage):
    game = new_game(key, keeper)
    form, pairs = first_deal(client_in, key, game)
    response = client_in.post(form.action, as_post(replaced(pairs, "stage", stage)))
    assert response.status_code == 302
    assert game.deals.count() == 1  # not "the bids were entered on another phone"


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize(
    ("field", "values"),
    [
        ("token", []),
        ("token", ["not-a-uuid"]),
        ("token", ["²"]),
        ("expected_number", ["word"]),
        ("expected_number", ["-3"]),
        ("expected_number", ["9" * 5000]),
    ],
)
def test_damaged_bookkeeping_is_said_at_the_top_and_renewed(client_in, keeper, key, field, values):
    game = new_game(key, keeper)
    form, pairs = first_deal(client_in, key, game)
    response = client_in.post(form.action, as_post(replaced(pairs, field, *values)))
    assert response.status_code == 200
    html = response.content.decode()
    assert str(DAMAGED).replace("'", "&#x27;") in html
    game.refresh_from_db()
    assert not game.opening and game.deals.count() == 0

    # The form came back with the user's input and a fresh token and deal number: saving again
    # (the same taps) works.
    again = deal_form_on(html)
    token = dict(again.pairs)["token"]
    assert uuid.UUID(token) and dict(again.pairs)["expected_number"] == "1"
    assert client_in.post(again.action, as_post(again.pairs)).status_code == 302
    game.refresh_from_db()
    assert game.opening or game.deals.count() == 1


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("number", ["²", "0", "-1", "9" * 5000, "word"])
def test_preview_of_a_deal_number_that_is_none_scores_the_coming_deal(
    client_in, keeper, key, number
):
    game = new_game(key, keeper)
    form, pairs = first_deal(client_in, key, game)
    url = reverse("deal_preview", args=[game.pk]) + f"?number={number}"
    response = client_in.post(url, as_post(pairs), **HTMX)
    assert response.status_code == 200
    assert "problems" not in response.content.decode()  # the fixture's first deal fits


@pytest.mark.parametrize("number", ["²", "0", "9" * 5000, "1.0"])
def test_an_undo_button_naming_no_deal_undoes_nothing_and_says_so(
    client_in, keeper, factory, number
):
    game = factory.make_game(keeper)
    factory.normal_deal(game)
    response = client_in.post(reverse("deal_undo", args=[game.pk]), {"number": number}, follow=True)
    assert response.status_code == 200
    assert "Nothing was undone: that undo button was out of date." in response.content.decode()
    assert game.deals.count() == 1


DEEP = "[" * 50_000 + "]" * 50_000  # json.loads raises RecursionError on it


def test_zhao_pengyous_kept_false_leads_nested_too_deep_are_refused_at_their_field(
    client_in, keeper
):
    game = new_game("zhao-pengyou", keeper)
    form, pairs = first_deal(client_in, "zhao-pengyou", game)
    for value in (DEEP, "[NaN]"):
        response = client_in.post(form.action, as_post(replaced(pairs, "penalties_extra", value)))
        assert response.status_code == 200
        again = deal_form_on(response.content.decode())
        assert dict(again.pairs)["penalties_extra"] == value  # the input is kept
        assert response.context["form"].errors  # refused, at the false leads
    assert game.deals.count() == 0


@pytest.mark.parametrize("text", [DEEP, '{"format": "scorekeeper-game-log", "version": NaN}'])
def test_a_game_log_nested_too_deep_or_with_nan_is_refused(client_in, text):
    response = client_in.post(reverse("game_import"), {"text": text})
    assert response.status_code == 200
    assert "Refused, nothing was stored" in response.content.decode()


def test_a_season_bundle_nested_too_deep_is_refused(keeper):
    group = Group.objects.create(name="Friday")
    with pytest.raises(exports.Refused, match="nested too deeply"):
        exports.import_season(DEEP, group=group, owner=keeper)


@pytest.mark.parametrize("back", ["0", "home", "games", "//evil.example/", "https://evil.example/"])
def test_a_hidden_next_that_is_no_path_of_ours_goes_to_the_default_page(
    client, keeper, factory, back
):
    # redirect() took a bare word ("0", "home") for the name of a view: NoReverseMatch, a 500.
    group = make_group(keeper)
    game = services.create_game(
        owner=keeper, game="spades", players=["Asha", "Bo", "Cy", "Di"], group=group
    )
    client.force_login(keeper)
    url = reverse("seasons:friendly", args=[group.pk, game.pk])
    response = client.post(url, {"friendly": "1", "next": back})
    assert response.status_code == 302
    assert response["Location"] == reverse("seasons:games", args=[group.pk, "all-time"])

    client.logout()
    signup = {"username": f"new{len(back)}", "password1": "a-Long-pw-123", "next": back}
    response = client.post(reverse("signup"), {**signup, "password2": signup["password1"]})
    assert response.status_code == 302 and response["Location"] == reverse("home")
