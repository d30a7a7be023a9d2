"""Nigerian Thuni on the shell through Django's test client: bids (a number or Pass) before
the hand and tricks after, a concession, the draw for the deal asked for in the form and kept in
the log, errors at their fields with the input kept, undo, edit, what-if, import and export."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Deal, Game
from tests.support.forms import rule_links_land, seat_fields
from tests.support.logs import fixture_log

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def nigerian(factory, owner, **kwargs):
    return factory.make_game(owner, game="nigerian-thuni", **kwargs)


def opening_post(bids=None, *, conceded="", dealer=None):
    data = {"token": str(uuid.uuid4()), "conceded": conceded}
    if bids is not None:
        data.update(seat_fields("bid", bids))
    if dealer is not None:
        data["dealer"] = dealer
    return data


def closing_post(tricks=None):
    data = {"token": str(uuid.uuid4())}
    if tricks is not None:
        data.update(seat_fields("trick", tricks))
    return data


def open_hand(client, game, bids=None, **kwargs):
    response = client.post(
        reverse("deal_open", args=[game.pk]), opening_post(bids, **kwargs), **HTMX
    )
    game.refresh_from_db()
    return response


def record(client, game, tricks=None):
    response = client.post(reverse("deal_record", args=[game.pk]), closing_post(tricks), **HTMX)
    game.refresh_from_db()
    return response


def concede_first_deal(client, game):
    """Bongani & Dev concede: Asha & Chetan 3, and Asha and Chetan must draw for the deal."""
    open_hand(client, game, conceded="1")
    assert game.opening == {"conceded": 1}
    response = record(client, game)
    assert response.status_code == 200
    assert game.state_cache["draw"] == [0, 2] and game.state_cache["dealer"] is None


# ---- a new game and a deal ----------------------------------------------------------------


def test_new_game_and_its_screen(client_in, keeper):
    data = {"game": "nigerian-thuni", "first_dealer": 3, "rule_target": 21}
    data.update({f"player_{i}": n for i, n in enumerate(["Asha", "Bongani", "Chetan", "Dev"])})
    response = client_in.post(reverse("game_new"), data)
    game = Game.objects.get()
    assert game.kind == "nigerian-thuni" and game.setup["house_rules"] == {"target": 21}
    page = client_in.get(response["Location"]).content.decode()
    assert '<strong data-testid="dealer">Dev</strong>' in page
    assert 'data-testid="points-0">0<' in page and "/ 21" in page
    assert page.count('data-pad-blank="Pass"') == 4
    assert "Asha &amp; Chetan concede" in page


def test_a_refused_house_rule_opens_its_section_with_the_message(client_in):
    data = {"game": "nigerian-thuni", "first_dealer": 3, "rule_target": -3}
    data.update({f"player_{i}": n for i, n in enumerate(["Asha", "Bongani", "Chetan", "Dev"])})
    page = client_in.post(reverse("game_new"), data).content.decode()
    assert not Game.objects.exists()
    assert '<details class="house-rules" open>' in page  # not folded away with its message
    section = page[page.index('class="house-rules"') : page.index("</details>")]
    assert "-3 is not a setting of this house rule: choose one of 16" in section
    assert 'value="-3"' in section
    data["rule_target"] = 21
    data["player_3"] = ""  # another field wrong: the house rules stay folded
    page = client_in.post(reverse("game_new"), data).content.decode()
    assert '<details class="house-rules">' in page


def test_bids_with_passes_then_tricks(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    response = open_hand(client_in, game, [None, 2, 3, 4])
    html = response.content.decode()
    assert "Dev bids 4 and chooses trumps" in html
    assert "Contracts: Asha &amp; Chetan 3, Bongani &amp; Dev 4" in html
    assert game.opening == {"bids": [None, 2, 3, 4]}
    record(client_in, game, [0, 4, 0, 4])  # Bongani & Dev take all eight: a capture
    assert Deal.objects.get().facts == {"bids": [None, 2, 3, 4], "tricks": [0, 4, 0, 4]}
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "a capture, 10 points whatever the bids" in page
    assert 'data-testid="points-1">10<' in page
    # Bongani and Dev, partners, tied with 4 tricks: they draw for the deal.
    assert 'data-testid="dealer-open">draw for the deal<' in page
    assert "Bongani and Dev draw cards" in page
    assert "Who won the draw to deal?" in page
    assert page.count('name="dealer"') == 2  # only the two who drew
    assert page.count('href="/rules/nigerian-thuni/#') >= 5


def test_everyone_passing_is_refused_at_the_bids(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    response = open_hand(client_in, game, [None, None, None, None])
    errors = response.context["form"].errors
    assert errors["bid_total"][0].startswith("Nobody bid")
    assert "record 1 for the dealer" in errors["bid_total"][0]
    assert game.opening == {}


def test_the_dealer_alone_bids_one(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    response = open_hand(client_in, game, [2, None, None, None])
    errors = response.context["form"].errors
    assert "the dealer then bids 1, not 2" in errors["bid_0"][0]
    open_hand(client_in, game, [1, None, None, None])
    assert game.opening == {"bids": [1, None, None, None]}


def test_the_same_bid_twice_is_refused_and_the_bids_kept(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    response = open_hand(client_in, game, [3, 3, None, 5])
    assert "both bid 3" in response.context["form"].errors["bid_total"][0]
    html = response.content.decode()
    assert 'data-pad="bid" data-pad-blank="Pass" value="5"' in html


def test_tricks_that_do_not_make_eight_are_refused_at_the_total(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    open_hand(client_in, game, [None, 2, 3, 4])
    response = record(client_in, game, [1, 4, 0, 4])
    assert "every deal has 8 tricks" in response.context["form"].errors["trick_total"][0]
    assert 'data-pad="trick" value="1"' in response.content.decode()
    assert not Deal.objects.exists()


# ---- a concession and the draw -------------------------------------------------------------


def test_a_concession_needs_no_tricks_and_the_draw_is_asked_for(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    open_hand(client_in, game, conceded="1")
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Bongani &amp; Dev conceded before the bidding" in page
    assert 'data-pad="trick"' not in page  # nothing to count
    record(client_in, game)
    assert Deal.objects.get().facts == {"conceded": 1}
    assert game.state_cache["points"] == [3, 0]

    # The form asks who won the draw; without an answer the bids are refused at that question.
    response = open_hand(client_in, game, [None, 2, 3, 4])
    errors = response.context["form"].errors
    assert "Asha and Chetan drew cards for this deal" in errors["dealer"][0]
    assert 'data-pad-blank="Pass" value="4"' in response.content.decode()
    response = open_hand(client_in, game, [None, 2, 3, 4], dealer=1)  # not one of the two
    assert "Bongani was not in the draw" in response.context["form"].errors["dealer"][0]
    assert game.opening == {}

    open_hand(client_in, game, [None, 2, 3, 4], dealer=2)
    assert game.opening == {"dealer": 2, "bids": [None, 2, 3, 4]}
    record(client_in, game, [1, 3, 1, 3])
    deal = Deal.objects.get(number=2)
    assert deal.facts == {"dealer": 2, "bids": [None, 2, 3, 4], "tricks": [1, 3, 1, 3]}
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Chetan won the draw against Asha and deals." in page
    # The stored log replays: the export re-imports to the same scores.
    exported = client_in.get(reverse("game_export", args=[game.pk])).json()
    again = services.import_game(exported, owner=keeper)
    assert services.export_game(again) == exported


def test_a_concession_is_recorded_in_one_step_before_the_bidding(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Record deal 1: conceded" in page
    url = reverse("deal_record", args=[game.pk])
    response = client_in.post(url, opening_post([None, 2, None, None], conceded="0"), **HTMX)
    assert response.status_code == 200
    assert Deal.objects.get().facts == {"conceded": 0}  # the bids tapped before are dropped
    game.refresh_from_db()
    assert game.state_cache["points"] == [0, 3] and game.state_cache["draw"] == [1, 3]


def test_undo_of_a_drawn_deal_keeps_who_won_the_draw(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    concede_first_deal(client_in, game)
    open_hand(client_in, game, [None, 2, 3, 4], dealer=0)
    record(client_in, game, [1, 3, 1, 3])
    client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 2})
    game.refresh_from_db()
    assert game.opening == {"dealer": 0, "bids": [None, 2, 3, 4]}
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Change the bids" in page and 'data-pad="trick"' in page
    record(client_in, game, [1, 3, 1, 3])
    assert Deal.objects.get(number=2).facts["dealer"] == 0
    # Back to the bids: the draw's winner is still chosen.
    client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 2})
    response = client_in.post(reverse("deal_reopen", args=[game.pk]), **HTMX)
    assert 'name="dealer" value="0" id="id_dealer_0" checked' in response.content.decode()


def test_edit_and_what_if_keep_the_draw(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    concede_first_deal(client_in, game)
    open_hand(client_in, game, [None, 2, 3, 4], dealer=2)
    record(client_in, game, [1, 3, 1, 3])

    edit = reverse("deal_edit", args=[game.pk, 2])
    form = client_in.get(edit).context["form"]
    assert form.initial["dealer"] == "2" and form.awaiting_draw
    data = {**opening_post([None, 2, 3, 5], dealer="2"), **closing_post([1, 3, 1, 3])}
    response = client_in.post(edit, data)
    assert response.status_code == 302
    assert Deal.objects.get(number=2).facts == {
        "dealer": 2,
        "bids": [None, 2, 3, 5],
        "tricks": [1, 3, 1, 3],
    }

    url = reverse("deal_what_if", args=[game.pk, 2])
    html = client_in.get(url).content.decode()
    assert "As recorded" in html and "would not have gone as recorded" not in html
    data = {**opening_post([None, 2, 3, 4], dealer="0"), **closing_post([1, 3, 1, 3])}
    html = client_in.post(url, data, **HTMX).content.decode()
    assert "Asha won the draw against Chetan and deals." in html
    assert Deal.objects.get(number=2).facts["dealer"] == 2


def test_an_edit_that_moves_the_coming_deal_takes_its_bids_back_and_says_them(
    client_in, factory, keeper
):
    """Bids kept for deal 2 were made for Bongani's deal; an edit of deal 1 that ties the most
    tricks leaves deal 2's dealer to a draw. The bids no longer fit: they are taken back, kept
    in the audit trail, and the page says what they were (found by the fuzz tests)."""
    game = nigerian(factory, keeper)
    open_hand(client_in, game, [None, 2, 3, 4])
    record(client_in, game, [0, 5, 0, 3])
    assert game.state_cache["dealer"] == 1
    open_hand(client_in, game, [3, None, 1, 4])
    assert game.opening == {"bids": [3, None, 1, 4]}

    edit = reverse("deal_edit", args=[game.pk, 1])
    data = {**opening_post([None, 2, 3, 4]), **closing_post([0, 4, 0, 4])}
    response = client_in.post(edit, data, follow=True)
    game.refresh_from_db()
    assert game.opening == {} and game.state_cache["dealer"] is None
    assert services.opening_of(game, services.setup_of(game), None) is None
    html = response.content.decode()
    assert "the bids entered for it were taken back" in html
    assert "Enter them again" in html and "Asha 3" in html
    opened = game.changes.filter(action="opened").values_list("facts_after", flat=True)
    assert {"bids": [3, None, 1, 4]} in list(opened)  # nothing lost: the audit trail has them


def test_an_edit_that_keeps_the_coming_deal_keeps_its_bids(client_in, factory, keeper):
    game = nigerian(factory, keeper)
    open_hand(client_in, game, [None, 2, 3, 4])
    record(client_in, game, [0, 5, 0, 3])
    open_hand(client_in, game, [3, None, 1, 4])
    edit = reverse("deal_edit", args=[game.pk, 1])
    data = {**opening_post([None, 2, 3, 4]), **closing_post([0, 6, 0, 2])}
    response = client_in.post(edit, data, follow=True)
    game.refresh_from_db()
    assert game.opening == {"bids": [3, None, 1, 4]}
    assert "the bids entered for it were taken back" not in response.content.decode()


def test_edit_of_an_imported_deal_keeps_its_next_dealer(client_in, keeper):
    game = services.import_game(fixture_log("nigerian-thuni"), owner=keeper)
    edit = reverse("deal_edit", args=[game.pk, 1])
    form = client_in.get(edit).context["form"]
    assert form.initial["next_dealer"] == "1"
    data = {
        **opening_post([None, 2, 3, 4]),
        **closing_post([0, 4, 0, 4]),
        "next_dealer": form.initial["next_dealer"],
    }
    assert client_in.post(edit, data).status_code == 302
    assert client_in.get(reverse("game_export", args=[game.pk])).json() == fixture_log(
        "nigerian-thuni"
    )


# ---- import and export ---------------------------------------------------------------------


def test_export_and_import_through_the_web_give_identical_results(client_in, keeper):
    doc = fixture_log("nigerian-thuni")
    game = services.import_game(doc, owner=keeper)
    exported = client_in.get(reverse("game_export", args=[game.pk])).json()
    assert exported == doc
    client_in.post(reverse("game_import"), {"text": json.dumps(exported)})
    again = Game.objects.exclude(pk=game.pk).get()
    assert again.finished
    assert client_in.get(reverse("game_export", args=[again.pk])).json() == exported
    page = client_in.get(reverse("game", args=[again.pk])).content.decode()
    assert "Asha &amp; Chetan win!" in page


def test_every_rule_link_of_the_fixture_lands_on_a_section_of_the_rules_page(client_in, keeper):
    game = services.import_game(fixture_log("nigerian-thuni"), owner=keeper)
    anchors = rule_links_land(client_in, reverse("game", args=[game.pk]), "nigerian-thuni")
    assert anchors == {
        "conceding",
        "bidding",
        "contracts",
        "scoring",
        "capture",
        "winning",
        "dealing",
    }
