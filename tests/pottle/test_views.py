"""Pottle on the shell through Django's test client: the new game, the two-step deal on pads,
errors at their fields with the input kept, the pot board, the settle-up and the ledger."""

from __future__ import annotations

import json
import uuid

import pytest
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Deal, Game
from tests.support.forms import rule_links_land, seat_fields
from tests.support.logs import fixture_log, without_computed

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ["Asha", "Bongani", "Chetan", "Dev", "Esther"]


def pottle(factory, owner, players=None, **house_rules):
    return factory.make_game(owner, game="pottle", players=players or NAMES[:4], **house_rules)


def opening_post(bids, buy=None, trumps="", **extra):
    data = {"token": str(uuid.uuid4()), "trumps": trumps, **seat_fields("bid", bids)}
    if buy:
        data.update(seat_fields("buy", buy))
    data.update(extra)
    return data


def closing_post(tricks, **extra):
    return {"token": str(uuid.uuid4()), **seat_fields("trick", tricks), **extra}


def play_deal(client, game, bids, tricks, **opening):
    client.post(reverse("deal_open", args=[game.pk]), opening_post(bids, **opening), **HTMX)
    game.refresh_from_db()
    assert game.opening, "the bids were refused"
    response = client.post(reverse("deal_record", args=[game.pk]), closing_post(tricks), **HTMX)
    game.refresh_from_db()
    return response


# ---- a new game -------------------------------------------------------------------------------


def test_new_game_with_five_players_and_house_rules(client_in, keeper):
    data = {"game": "pottle", "first_dealer": 2, **{f"player_{i}": n for i, n in enumerate(NAMES)}}
    data.update(rule_chip_value=25, rule_ante=2, rule_same_bid_limit="none")
    response = client_in.post(reverse("game_new"), data)
    game = Game.objects.get()
    assert response["Location"] == reverse("game", args=[game.pk])
    assert game.kind == "pottle"
    assert game.setup["players"] == NAMES
    assert game.setup["house_rules"] == {"chip_value": 25, "ante": 2, "same_bid_limit": "none"}
    page = client_in.get(response["Location"]).content.decode()
    assert '<strong data-testid="dealer">Chetan</strong>' in page
    assert "What a chip is worth: 25" in page
    assert page.count('data-pad="bid"') == 5
    assert 'data-testid="pot">0<' in page
    assert reverse("game_page", args=[game.pk, "settle-up"]) in page


def test_new_game_needs_three_players(client_in):
    data = {"game": "pottle", "first_dealer": 0, "player_0": "Asha", "player_1": "Bongani"}
    response = client_in.post(reverse("game_new"), data)
    assert response.status_code == 200
    assert response.context["form"].errors["player_2"] == ["Write the name of who sits here."]
    assert not Game.objects.exists()


def test_seven_players_fit_and_an_eighth_has_no_seat(client_in):
    form = client_in.get(reverse("game_new") + "?game=pottle").context["form"]
    assert form.max_seats == 7


# ---- the two-step deal -----------------------------------------------------------------------


def test_bids_then_tricks_record_a_deal_and_the_board_follows(client_in, factory, keeper):
    game = pottle(factory, keeper)
    url = reverse("deal_open", args=[game.pk])
    response = client_in.post(url, opening_post([1, 2, 3, 0], trumps="spades"), **HTMX)
    html = response.content.decode()
    assert "Chetan bids 3 and chooses trumps: spades" in html
    assert "Pot 4 after the antes" in html
    assert 'data-testid="trump-chooser"' in html  # the board marks who chose trumps
    game.refresh_from_db()
    assert game.opening == {"bids": [1, 2, 3, 0], "trumps": "spades"}
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert page.count('data-numbers="trick"') == 1 and 'data-numbers="bid"' not in page
    assert 'name="trumps"' not in page and 'name="buy_0"' not in page
    response = client_in.post(
        reverse("deal_record", args=[game.pk]), closing_post([1, 3, 3, 0]), **HTMX
    )
    html = response.content.decode()
    assert "Chetan made 3 exactly, the highest bid made, and wins the pot: +4 chips." in html
    assert 'data-testid="chips-2">13<' in html
    assert '<strong data-testid="dealer">Chetan</strong>' in html
    assert Deal.objects.get().facts == {
        "bids": [1, 2, 3, 0],
        "trumps": "spades",
        "tricks": [1, 3, 3, 0],
    }
    # Every explanation line links to its rule on the Pottle rules page.
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert page.count('href="/rules/pottle/#') >= 7


def test_tricks_that_do_not_make_seven_are_refused_at_the_total_and_kept(
    client_in, factory, keeper
):
    game = pottle(factory, keeper)
    client_in.post(reverse("deal_open", args=[game.pk]), opening_post([1, 2, 3, 0]), **HTMX)
    response = client_in.post(
        reverse("deal_record", args=[game.pk]), closing_post([1, 3, 3, 1]), **HTMX
    )
    assert response["HX-Retarget"] == "#deal-form"
    errors = response.context["form"].errors
    assert "every deal has 7 tricks" in errors["trick_total"][0]
    html = response.content.decode()
    for seat, n in enumerate([1, 3, 3, 1]):
        assert f'name="trick_{seat}" id="id_trick_{seat}"' in html
        assert (
            f'id="id_trick_{seat}" inputmode="numeric" min="0" max="7" data-pad="trick" value="{n}"'
            in html
        )
    assert not Deal.objects.exists()


def test_a_missing_trick_is_asked_for_at_its_field(client_in, factory, keeper):
    game = pottle(factory, keeper)
    client_in.post(reverse("deal_open", args=[game.pk]), opening_post([1, 2, 3, 0]), **HTMX)
    data = closing_post([1, 3, 3, 0])
    del data["trick_3"]
    response = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert response.context["form"].errors["trick_3"] == ["Tap how many tricks Dev took."]


def test_three_players_bidding_the_same_is_refused_at_the_bids(client_in, factory, keeper):
    game = pottle(factory, keeper)
    response = client_in.post(
        reverse("deal_open", args=[game.pk]), opening_post([2, 2, 2, 1], trumps="hearts"), **HTMX
    )
    errors = response.context["form"].errors
    assert "at most 2 players can bid the same number" in errors["bid_total"][0]
    html = response.content.decode()
    assert 'value="hearts" id="id_trumps_1" checked' in html  # the rest is kept
    game.refresh_from_db()
    assert game.opening == {}


def test_a_refusal_at_its_field_in_english_and_in_chinese(client_in, factory, keeper):
    game = pottle(factory, keeper)
    url = reverse("deal_open", args=[game.pk])
    said = {}
    for language in ("en", "zh-CN"):
        response = client_in.post(
            url, opening_post([2, 2, 2, 1]), **HTMX, HTTP_ACCEPT_LANGUAGE=language
        )
        said[language] = response.context["form"].errors["bid_total"]
    assert said["en"] == [
        "3 players bid 2 (Asha, Bongani, Chetan), but there are only 2 number cards for each "
        "number: at most 2 players can bid the same number."
    ]
    assert said["zh-CN"] == [
        "3位玩家都叫了2（Asha、Bongani、Chetan），但每个数字只有2张数字牌：最多2位玩家能叫同一个数。"
    ]


def test_a_player_without_chips_must_buy_first(client_in, factory, keeper):
    game = pottle(factory, keeper, house_rules={"starting_chips": 1})
    # Chetan wins the first pot; the others are left with nothing.
    play_deal(client_in, game, [1, 2, 3, 0], [1, 3, 3, 0])
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Asha has no chips: buy at least 1 before the ante of 1." in page
    assert "must buy" in page
    assert '<details id="buying" class="buying" open>' in page
    response = client_in.post(
        reverse("deal_open", args=[game.pk]), opening_post([1, 2, 3, 0], buy=[5, 0, 0, 0]), **HTMX
    )
    errors = response.context["form"].errors
    assert "Bongani has 0 chips" in errors["buy_1"][0]
    assert "Dev has 0 chips" in errors["buy_3"][0]
    assert 'name="buy_0"' in response.content.decode() and 'value="5"' in response.content.decode()
    play_deal(client_in, game, [1, 2, 3, 0], [1, 3, 3, 0], buy=[5, 2, 0, 1])
    deal = Deal.objects.get(number=2)
    assert deal.facts["chips_bought"] == [5, 2, 0, 1]
    assert game.state_cache["chips"] == [4, 1, 7, 0]


def test_a_carried_pot_shows_on_the_board(client_in, factory, keeper):
    game = pottle(factory, keeper)
    play_deal(client_in, game, [3, 2, 1, 0], [2, 1, 0, 4])  # nobody makes it
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert 'data-testid="pot">4<' in page
    assert "carried over · 8 once everyone antes 1" in page
    assert "pot 4 carried" in page  # the log row's headline


# ---- undo, edit, what-if -----------------------------------------------------------------


def test_undo_brings_the_bids_back_and_edit_changes_a_past_deal(client_in, factory, keeper):
    game = pottle(factory, keeper)
    play_deal(client_in, game, [1, 2, 3, 0], [1, 3, 3, 0], buy=[2, 0, 0, 0], trumps="clubs")
    client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 1})
    game.refresh_from_db()
    assert game.opening == {"chips_bought": [2, 0, 0, 0], "bids": [1, 2, 3, 0], "trumps": "clubs"}
    assert not Deal.objects.exists()
    response = client_in.post(
        reverse("deal_record", args=[game.pk]), closing_post([1, 3, 3, 0]), **HTMX
    )
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.state_cache["chips"] == [11, 9, 13, 9]

    edit = reverse("deal_edit", args=[game.pk, 1])
    response = client_in.get(edit)
    form = response.context["form"]
    assert form.initial["buy_0"] == 2 and form.initial["trumps"] == "clubs"
    html = response.content.decode()
    # Every fact of the deal, in the order of the table: purchases, bids, trumps, tricks.
    order = ['name="buy_0"', 'data-numbers="bid"', 'name="trumps"', 'data-numbers="trick"']
    assert [html.count(mark) > 0 for mark in order] == [True] * 4
    assert sorted(order, key=html.index) == order
    assert html.count('data-numbers="trick"') == 1
    data = {**opening_post([1, 2, 3, 0], buy=[2, 0, 0, 0]), **closing_post([2, 0, 4, 1])}
    response = client_in.post(edit, data)
    assert response.status_code == 302
    assert Deal.objects.get().facts == {
        "chips_bought": [2, 0, 0, 0],
        "bids": [1, 2, 3, 0],
        "tricks": [2, 0, 4, 1],
    }
    game.refresh_from_db()
    assert game.state_cache["pot"] == 4 and game.state_cache["dealer"] == 0


def test_edit_refuses_tricks_that_do_not_add_up_and_keeps_the_input(client_in, factory, keeper):
    game = pottle(factory, keeper)
    play_deal(client_in, game, [1, 2, 3, 0], [1, 3, 3, 0])
    edit = reverse("deal_edit", args=[game.pk, 1])
    response = client_in.post(edit, {**opening_post([1, 2, 3, 0]), **closing_post([1, 3, 3, 3])})
    assert response.status_code == 200
    assert "every deal has 7 tricks" in response.context["form"].errors["trick_total"][0]
    assert Deal.objects.get().facts["tricks"] == [1, 3, 3, 0]


def test_what_if_compares_without_changing_the_log(client_in, factory, keeper):
    game = pottle(factory, keeper)
    play_deal(client_in, game, [1, 2, 3, 0], [1, 3, 3, 0])
    url = reverse("deal_what_if", args=[game.pk, 1])
    assert b"As recorded" in client_in.get(url).content
    data = {**opening_post([1, 2, 3, 0]), **closing_post([2, 0, 4, 1])}  # nobody makes it
    html = client_in.post(url, data, **HTMX).content.decode()
    assert "Chetan +4" in html and "pot 4 carried" in html
    assert Deal.objects.get().facts["tricks"] == [1, 3, 3, 0]


# ---- the settle-up and the ledger --------------------------------------------------------


def test_settle_up_and_ledger_of_the_fixture(client_in, keeper):
    game = services.import_game(fixture_log("pottle"), owner=keeper)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    settle_url = reverse("game_page", args=[game.pk, "settle-up"])
    ledger_url = reverse("game_page", args=[game.pk, "ledger"])
    assert settle_url in page and ledger_url in page
    html = client_in.get(settle_url).content.decode()
    # chips [4, 9, 16, 12], Bongani bought 5, pot 4, chip value 5:
    # nets -6, -6, +6, +2 chips = -30, -30, +30, +10; the pot's 4 chips are 20.
    assert "Pot left on the table: 4 chips" in html and "Worth 20 in the smallest coin." in html
    assert '<td class="money">-30</td>' in html and '<td class="money">+30</td>' in html
    settle = client_in.get(settle_url).context["settle"]
    assert [b.net_money for b in settle.balances] == [-30, -30, 30, 10]
    assert sum(p.money for p in settle.payments if p.payee is None) == 20
    assert len(settle.payments) <= 4
    for payment in settle.payments:
        assert payment.text in html
    ledger = client_in.get(ledger_url)
    html = ledger.content.decode()
    assert html.index('id="ledger-6"') < html.index('id="ledger-1"')  # newest first
    assert "+5" in html  # Bongani's purchase in deal 3
    assert ledger.context["totals"] == [
        ("Asha", 0, 4),
        ("Bongani", 5, 9),
        ("Chetan", 0, 16),
        ("Dev", 0, 12),
    ]


def test_settle_up_of_a_new_game_owes_nothing(client_in, factory, keeper):
    game = pottle(factory, keeper)
    html = client_in.get(reverse("game_page", args=[game.pk, "settle-up"])).content.decode()
    assert "Nobody owes anything." in html and "The pot is empty" in html
    assert (
        "No deals yet."
        in client_in.get(reverse("game_page", args=[game.pk, "ledger"])).content.decode()
    )


# ---- import and export ---------------------------------------------------------------------


def test_export_and_import_through_the_web_give_identical_results(client_in, keeper):
    doc = fixture_log("pottle")
    game = services.import_game(doc, owner=keeper)
    exported = client_in.get(reverse("game_export", args=[game.pk])).json()
    assert exported == doc  # every field, every house rule (chip_value too), every score
    response = client_in.post(reverse("game_import"), {"text": json.dumps(exported)})
    again = Game.objects.exclude(pk=game.pk).get()
    assert response["Location"] == reverse("game", args=[again.pk])
    assert client_in.get(reverse("game_export", args=[again.pk])).json() == exported
    assert without_computed(exported)["house_rules"]["chip_value"] == 5


def test_every_rule_link_of_the_fixture_lands_on_a_section_of_the_rules_page(client_in, keeper):
    game = services.import_game(fixture_log("pottle"), owner=keeper)
    anchors = rule_links_land(client_in, reverse("game", args=[game.pk]), "pottle")
    assert anchors == {"ante", "bidding", "trumps", "tricks", "pot", "dealing", "buying"}


def test_the_preview_names_whose_chip_purchase_is_out_of_bounds(client_in, factory, keeper):
    """Beside each box its slip; in the list of what is still needed, whose box it is."""
    game = pottle(factory, keeper)
    data = opening_post([1, 2, 3, 0], buy=[-3, 0, 0, 0])
    answer = client_in.post(reverse("deal_preview", args=[game.pk]), data, **HTMX)
    preview = answer.content.decode().split('id="preview-body"', 1)[1]
    assert "Asha: At least 0 here: check the number." in preview


def test_the_bids_still_needed_are_said_in_speaking_order(client_in, factory, keeper):
    """Asha deals: Bongani bids first and Asha last, and the list of what is missing says so."""
    game = pottle(factory, keeper)
    data = {"token": str(uuid.uuid4()), "trumps": ""}
    answer = client_in.post(reverse("deal_preview", args=[game.pk]), data, **HTMX)
    preview = answer.content.decode().split('id="preview-body"', 1)[1].split("</div>", 1)[0]
    named = [n for n in NAMES[:4] if n in preview]
    assert sorted(named, key=preview.index) == ["Bongani", "Chetan", "Dev", "Asha"]
