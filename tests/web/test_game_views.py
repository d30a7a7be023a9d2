"""The game screen through Django's test client: recording, errors at fields, undo, edit."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

from scorekeeper.games.models import Deal, DealChange, Game

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def deal_post(**fields):
    data = {"kind": "normal", "call": 0, "token": str(uuid.uuid4())}
    data.update(fields)
    return data


def new_game_post(**over):
    data = {"mode": "4p", "first_dealer": 0}
    data.update({f"player_{i}": n for i, n in enumerate(["Asha", "Bongani", "Chetan", "Dev"])})
    data.update(over)
    return data


def test_a_game_page_needs_login_or_its_holder(client, factory):
    game = factory.make_game()
    response = client.get(reverse("game", args=[game.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_home_and_the_new_game_page_open_without_an_account(client):
    home = client.get(reverse("home")).content.decode()
    assert "No account needed" in home and reverse("game_new") in home
    assert client.get(reverse("game_new")).status_code == 200


def test_another_keepers_game_is_not_found(client, factory):
    game = factory.make_game()
    client.force_login(factory.make_user())
    assert client.get(reverse("game", args=[game.pk])).status_code == 404
    response = client.post(reverse("deal_record", args=[game.pk]), deal_post(trump_maker=1))
    assert response.status_code == 404
    assert not Deal.objects.exists()


def test_recording_needs_a_csrf_token(factory):
    from django.test import Client

    game = factory.make_game()
    csrf_client = Client(enforce_csrf_checks=True)
    csrf_client.force_login(game.owner)
    data = deal_post(trump_maker=1, last_trick=1, counting_points=130)
    response = csrf_client.post(reverse("deal_record", args=[game.pk]), data)
    assert response.status_code == 403
    assert not Deal.objects.exists()


def test_create_game_and_see_its_screen(client_in, keeper):
    response = client_in.post(reverse("game_new"), new_game_post(first_dealer=2))
    game = Game.objects.get()
    assert response["Location"] == reverse("game", args=[game.pk])
    assert game.owner == keeper
    page = client_in.get(response["Location"]).content.decode()
    assert "Asha &amp; Chetan" in page and "Bongani &amp; Dev" in page
    assert '<strong data-testid="dealer">Chetan</strong>' in page
    # The form starts from the rules' default: with no call, the dealer's right makes trumps.
    assert 'name="trump_maker" value="3" id="id_trump_maker_3" checked' in page


def test_new_game_missing_name_is_shown_at_the_field_and_keeps_the_rest(client_in):
    response = client_in.post(reverse("game_new"), new_game_post(player_2=""))
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["player_2"] == ["Write the name of who sits here."]
    assert 'value="Bongani"' in response.content.decode()
    assert not Game.objects.exists()


def test_new_game_with_same_name_twice_is_refused(client_in):
    response = client_in.post(reverse("game_new"), new_game_post(player_3="asha"))
    assert response.context["form"].errors == {
        "player_3": ["Two players have this name: give each one a name of their own."]
    }
    assert 'id="id_player_3"' in response.content.decode()  # said at the seat it comes again
    assert not Game.objects.exists()


def test_a_normal_deal_is_recorded_and_explained(client_in, factory, keeper):
    game = factory.make_game(keeper)
    data = deal_post(trump_maker=1, last_trick=1, counting_points=130, expected_number=1)
    response = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "needs 115 in cards" in html
    assert '<span class="count" data-testid="balls-0">1</span>' in html
    deal = Deal.objects.get()
    assert deal.facts == {"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 130}
    assert deal.created_by == keeper
    game.refresh_from_db()
    assert game.state_cache["balls"] == [1, 0]
    assert game.state_cache["dealer"] == 1


def test_without_htmx_recording_redirects_to_the_game(client_in, factory, keeper):
    game = factory.make_game(keeper)
    data = deal_post(trump_maker=1, last_trick=1, counting_points=130)
    response = client_in.post(reverse("deal_record", args=[game.pk]), data)
    assert response.status_code == 302
    assert Deal.objects.count() == 1


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"counting_points": 305}, "counting_points", "At most 304 here: check the number."),
        ({"counting_points": 303}, "counting_points", "no set of whole tricks holds 303"),
        ({"call": 105}, "call", "Select a valid choice"),
        ({"jodie_0": "1:35"}, "jodie_0", "Select a valid choice"),
        ({"trump_maker": 2}, "trump_maker", "Bongani (on the dealer's right) makes trumps"),
        ({"last_trick": ""}, "last_trick", "Choose who won the last trick."),
        ({"kind": "penalty", "penalty_seat": ""}, "penalty_seat", "Choose who broke the rule."),
    ],
)
def test_bad_input_gets_a_message_at_its_field_and_keeps_the_rest(
    client_in, factory, keeper, fields, field, message
):
    game = factory.make_game(keeper)
    data = deal_post(trump_maker=1, last_trick=3, counting_points=120, jodie_1="3:20")
    data.update(fields)
    response = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#deal-form"
    errors = response.context["form"].errors
    assert any(message.lower() in e.lower() for e in errors[field]), errors
    assert list(errors) == [field]  # and nothing asked of a field this deal does not have
    html = response.content.decode()
    # What was typed and tapped is still there.
    assert '<option value="3:20" selected>' in html
    if field != "last_trick":
        assert 'name="last_trick" value="3" id="id_last_trick_3" checked' in html
    assert not Deal.objects.exists()


def test_a_double_tap_records_one_deal(client_in, factory, keeper):
    game = factory.make_game(keeper)
    data = deal_post(trump_maker=1, last_trick=1, counting_points=130, expected_number=1)
    url = reverse("deal_record", args=[game.pk])
    first = client_in.post(url, data, **HTMX)
    second = client_in.post(url, data, **HTMX)
    assert first.status_code == second.status_code == 200
    assert Deal.objects.count() == 1
    game.refresh_from_db()
    assert game.state_cache["balls"] == [1, 0]


def test_two_phones_saving_the_same_deal_number_do_not_lose_either_input(
    client_in, factory, keeper
):
    game = factory.make_game(keeper)
    url = reverse("deal_record", args=[game.pk])
    phone_a = deal_post(trump_maker=1, last_trick=1, counting_points=130, expected_number=1)
    phone_b = deal_post(trump_maker=1, last_trick=3, counting_points=50, expected_number=1)
    client_in.post(url, phone_a, **HTMX)
    response = client_in.post(url, phone_b, **HTMX)
    assert Deal.objects.count() == 1
    form = response.context["form"]
    assert "changed on another phone" in form.non_field_errors()[0]
    html = response.content.decode()
    assert 'value="50"' in html  # phone B's card points are kept
    assert 'name="expected_number" value="2"' in html  # and can now be saved as deal 2


def test_preview_shows_outcome_without_saving(client_in, factory, keeper):
    game = factory.make_game(keeper)
    data = deal_post(trump_maker=3, call=30, jodie_0="1:40", last_trick=1, counting_points=130)
    response = client_in.post(reverse("deal_preview", args=[game.pk]), data, **HTMX)
    html = response.content.decode()
    assert "Counting team starts 20 out: +30 call, -40 Jodie (Bongani), -10 last trick" in html
    assert "needs 125 in cards" in html
    assert not Deal.objects.exists()


def test_preview_lists_what_is_missing(client_in, factory, keeper):
    game = factory.make_game(keeper)
    response = client_in.post(reverse("deal_preview", args=[game.pk]), deal_post(), **HTMX)
    html = response.content.decode()
    assert "Still needed before saving" in html
    assert "Choose who made trumps." in html


def test_corner_house_double_is_warned_before_saving_and_scores_four_to_opponents(
    client_in, factory, keeper
):
    game = factory.make_game(keeper)
    for _ in range(11):  # team A (Asha & Chetan) wins 11 single balls
        factory.normal_deal(game, counting_wins=game.state_cache["dealer"] % 2 == 0)
        game.refresh_from_db()
    game.refresh_from_db()
    assert game.state_cache["balls"][0] == 11
    balls_b_before = game.state_cache["balls"][1]
    data = deal_post(kind="special", special_call="double", special_seat=0)
    data.update(trump_maker=(game.state_cache["dealer"] + 1) % 4, last_trick=0)
    response = client_in.post(reverse("deal_preview", args=[game.pk]), data, **HTMX)
    html = response.content.decode()
    assert "⚠" in html and "corner house" in html
    client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    game.refresh_from_db()
    assert game.state_cache["balls"][1] == 4 + balls_b_before


def test_undo_takes_the_last_deal_off_and_puts_it_back_in_the_form(client_in, factory, keeper):
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    factory.record(game, trump_maker=2, call=20, last_trick=2, counting_points=60)
    response = client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 2}, **HTMX)
    assert list(Deal.objects.values_list("number", flat=True)) == [1]
    html = response.content.decode()
    assert "Deal 2 undone" in html
    assert 'name="call" value="20" id="id_call_2" checked' in html
    assert 'value="60"' in html
    change = DealChange.objects.filter(action="undone").get()
    assert change.facts_before["counting_points"] == 60
    game.refresh_from_db()
    assert game.state_cache["balls"] == [1, 0]


def test_undo_of_a_stale_number_changes_nothing(client_in, factory, keeper):
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    factory.record(game, trump_maker=2, call=0, last_trick=2, counting_points=60)
    client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 1})
    assert Deal.objects.count() == 2


def test_editing_a_past_deal_rescores_everything_after_it(client_in, factory, keeper):
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)  # A +1
    factory.record(game, trump_maker=2, call=0, last_trick=2, counting_points=130)  # B +1
    url = reverse("deal_edit", args=[game.pk, 1])
    assert client_in.get(url).status_code == 200
    # Deal 1 really went to the trump makers: B +1, and then Asha deals again (A behind).
    edited = deal_post(trump_maker=1, last_trick=1, counting_points=60)
    response = client_in.post(url, edited)
    assert response.status_code == 200  # refused: deal 2 was dealt by the wrong player now
    assert "deal 2" in response.content.decode()
    said = "deal 2 no longer fits: With no call, Bongani (on the dealer&#x27;s right) makes trumps"
    assert f"{said}, not Chetan.</li>" in response.content.decode()  # words, no field name
    assert Deal.objects.get(number=1).facts["counting_points"] == 130
    # A change that keeps the dealers the same is accepted and recomputed.
    edited = deal_post(trump_maker=1, call=20, last_trick=1, counting_points=130)
    response = client_in.post(url, edited)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.state_cache["balls"] == [2, 1]  # the call of 20 beaten: 2 balls, then B +1
    deal = Deal.objects.get(number=1)
    assert deal.edited_by == keeper and deal.facts["call"] == 20
    assert DealChange.objects.filter(action="edited").count() == 1


def test_htmx_responses_carry_only_the_log_row_that_changed(client_in, factory, keeper):
    game = factory.make_game(keeper)
    for _ in range(3):
        factory.normal_deal(game)
    game.refresh_from_db()
    dealer = game.state_cache["dealer"]
    data = deal_post(trump_maker=(dealer + 1) % 4, last_trick=0, counting_points=150)
    html = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX).content.decode()
    assert 'hx-swap-oob="afterbegin:#log-list"' in html
    assert 'id="deal-4"' in html and 'id="deal-1"' not in html and 'id="deal-3"' not in html
    html = client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 4}, **HTMX)
    html = html.content.decode()
    assert '<li id="deal-4" hx-swap-oob="delete"></li>' in html
    assert 'id="deal-3"' not in html


def test_the_score_chart_follows_the_log_without_riding_on_the_record_answer(
    client_in, client, factory, keeper
):
    game = factory.make_game(keeper)
    page = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert f'hx-get="/games/{game.pk}/chart/" hx-trigger="log-changed from:body"' in page
    assert '<figure class="chart"' not in page  # no deal, no chart

    data = deal_post(trump_maker=1, last_trick=1, counting_points=130, expected_number=1)
    recorded = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert "log-changed" in recorded["HX-Trigger"]  # the page fetches its chart again
    assert '<figure class="chart"' not in recorded.content.decode()  # the answer stays small
    chart = client_in.get(reverse("game_chart", args=[game.pk]), **HTMX).content.decode()
    assert chart.count("<svg") == 1 and chart.count('id="game-chart"') == 1
    assert "Asha" in chart and "log-changed from:body" in chart  # it listens again

    undone = client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 1}, **HTMX)
    assert "log-changed" in undone["HX-Trigger"]
    chart = client_in.get(reverse("game_chart", args=[game.pk]), **HTMX).content.decode()
    assert '<figure class="chart"' not in chart and 'id="game-chart"' in chart

    client.force_login(factory.make_user())  # someone else's game: not found
    assert client.get(reverse("game_chart", args=[game.pk])).status_code == 404


def test_the_header_names_the_house_rules_in_play(client_in, factory, keeper):
    game = factory.make_game(keeper, house_rules={"thunee_partner_catch": 6, "royals": True})
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "Thunee partner catch: 6 balls" in html and "Royals: On" in html
    plain = factory.make_game(keeper)
    assert "standard rules" in client_in.get(reverse("game", args=[plain.pk])).content.decode()


def test_what_if_compares_a_changed_fact_without_touching_the_log(client_in, factory, keeper):
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)  # A +1
    factory.record(game, trump_maker=2, call=0, last_trick=2, counting_points=130)  # B +1
    url = reverse("deal_what_if", args=[game.pk, 1])
    page = client_in.get(url).content.decode()
    assert "As recorded" in page and "Game now: <strong>1–1</strong>" in page
    # What if Asha & Chetan had won the last trick of deal 1?
    changed = deal_post(trump_maker=1, last_trick=0, counting_points=130)
    html = client_in.post(url, changed, **HTMX).content.decode()
    assert "Counting team starts 10 up" in html  # the what-if side
    assert "Counting team starts 10 out" in html  # the recorded side
    assert "Had it been so: <strong>1–1</strong>" in html
    # A change that would alter who dealt next says which later deal no longer fits.
    html = client_in.post(url, deal_post(trump_maker=1, last_trick=1, counting_points=40), **HTMX)
    assert "deal 2 would not have gone as recorded" in html.content.decode()
    assert Deal.objects.get(number=1).facts["last_trick"] == 1  # the log is untouched
    assert not DealChange.objects.filter(action="edited").exists()


def test_every_explanation_line_links_to_the_rule_it_applied(client_in, factory, keeper):
    import re

    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    lines = re.findall(r'<li class="line-[a-z_]+">(.*?)</li>', html, re.S)
    assert len(lines) == 5
    anchors = [re.search(r'href="/rules/thunee/#([\w-]+)"', line).group(1) for line in lines]
    assert anchors == ["calls", "counting", "counting", "balls", "dealing"]
    rules = client_in.get(reverse("rules", args=["thunee"])).content.decode()
    assert all(f'id="{a}"' in rules for a in anchors)


def test_an_undone_deal_stays_in_the_form_after_a_reload(client_in, factory, keeper):
    """The undo says its facts are back in the form: so they are on the next page too (a
    reload, a phone without JavaScript), until something else happens."""
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 1})  # no htmx: a redirect
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert 'name="counting_points" value="130"' in html
    assert '<div id="deal-form-head" data-prefilled>' in html
    assert 'name="keeps"' not in html  # the browser keeps nothing: no reset to these facts
    assert 'name="last_trick" value="1" id="id_last_trick_1" checked' in html

    game.refresh_from_db()
    factory.record(game, trump_maker=1, call=0, last_trick=0, counting_points=100)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert 'name="counting_points" value="130"' not in html  # a new deal: a fresh form
    assert "data-prefilled" not in html
    assert '<input type="hidden" name="keeps" value="form">' in html


def test_an_undone_spades_deal_keeps_its_tricks_after_a_reload(client_in, factory, keeper):
    game = factory.make_game(keeper, game="spades")
    factory.record(game, bids=[3, 4, 3, 2], tricks=[3, 4, 4, 2])
    client_in.post(reverse("deal_undo", args=[game.pk]), {"number": 1})
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert "stage-closing" in html  # the bids stand: the tricks are asked for
    for seat, tricks in enumerate([3, 4, 4, 2]):
        field = re.search(rf'<input [^>]*name="trick_{seat}"[^>]*>', html)[0]
        assert f'value="{tricks}"' in field


def test_the_home_page_lists_every_game_fifty_a_page(
    client_in, factory, keeper, django_assert_max_num_queries
):
    """A league's hundredth game is still reachable from the home page: older ones on later
    pages, newest first, with the same few queries on every page."""
    from scorekeeper.play.views import GAMES_PER_PAGE

    games = [factory.make_game(keeper) for _ in range(GAMES_PER_PAGE + 3)]
    Game.objects.filter(pk=games[0].pk).update(updated_at=games[0].updated_at.replace(year=2020))
    with django_assert_max_num_queries(8):
        first = client_in.get(reverse("home")).content.decode()
    assert len(re.findall(r'<a href="/games/\d+/">', first)) == GAMES_PER_PAGE
    assert f'href="/games/{games[0].pk}/"' not in first  # the oldest is on the next page
    assert "Page 1 of 2" in first and 'href="?page=2"' in first and "Older games →" in first
    second = client_in.get(reverse("home"), {"page": 2}).content.decode()
    assert (
        len(re.findall(r'<a href="/games/\d+/">', second)) == 3
        and f'href="/games/{games[0].pk}/"' in second
    )
    assert "← Newer games" in second and "Older games" not in second
    assert client_in.get(reverse("home"), {"page": "x"}).status_code == 200  # the first page


def test_an_edit_from_a_form_older_than_the_deals_last_change_is_refused_as_stale(
    client_in, factory, keeper
):
    """Two phones open deal 1's edit form; the first saves; the second's save overwrites
    nothing: it is told what the deal now reads, its own input kept, and may save again."""
    game = factory.make_game(keeper)
    factory.record(game, trump_maker=1, call=0, last_trick=1, counting_points=130)
    url = reverse("deal_edit", args=[game.pk, 1])
    seen = re.search(r'name="deal_seen" value="([^"]+)"', client_in.get(url).content.decode())[1]
    first = deal_post(trump_maker=1, call=20, last_trick=1, counting_points=130, deal_seen=seen)
    assert client_in.post(url, first).status_code == 302
    second = deal_post(trump_maker=1, call=30, last_trick=1, counting_points=130, deal_seen=seen)
    page = client_in.post(url, second)
    html = page.content.decode()
    assert page.status_code == 200 and "was changed on another phone" in html
    assert Deal.objects.get(number=1).facts["call"] == 20  # the first edit stands
    assert 'name="call" value="30"' in html and "checked" in html  # the input kept
    fresh = re.search(r'name="deal_seen" value="([^"]+)"', html)[1]
    assert fresh != seen
    again = deal_post(trump_maker=1, call=30, last_trick=1, counting_points=130, deal_seen=fresh)
    assert client_in.post(url, again).status_code == 302  # saved again, knowingly
    assert Deal.objects.get(number=1).facts["call"] == 30
