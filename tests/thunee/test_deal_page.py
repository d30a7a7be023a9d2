"""Thunee's game page through Django's test client: what the board and the deal form say."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _maker(game) -> int:
    """With no call the player after the dealer makes trumps."""
    game.refresh_from_db()
    return (game.state_cache["dealer"] + 1) % 4


def _board(html: str) -> str:
    return re.search(r'<section id="board".*?</section>', html, re.S).group(0)


def test_after_the_two_to_clear_reset_the_board_shows_a_two_ball_lead_not_the_target(
    client_in, factory, keeper
):
    # Rules text, Two to Clear: "if a game reaches a score of 11-11 in a 12-point game ... both
    # teams close their ball cards as at the start of the game and begin scoring again from zero.
    # The game will end as soon as a team has a lead of two or more balls." So "0 / 12" after the
    # reset is wrong: 12 balls is no longer what wins.
    game = factory.make_game(keeper, house_rules={"two_to_clear": "on"})
    for offender in (1, 1, 0, 0):  # 4-ball penalties: 8–8
        factory.record(game, penalty={"seat": offender, "reason": "colour cutting"})
    for caller_team in (0, 1):  # a Khanaak made opens 3 balls: 11–8, then 11–11
        maker = _maker(game)
        caller = maker if maker % 2 == caller_team else (maker + 1) % 4
        factory.record(
            game,
            trump_maker=maker,
            call=0,
            special={"call": "khanaak", "seat": caller, "result": "success"},
        )
    game.refresh_from_db()
    assert game.state_cache["balls"] == [0, 0] and game.state_cache["deuce"] is True

    board = _board(client_in.get(reverse("game", args=[game.pk])).content.decode())
    assert "/ 12" not in board
    assert board.count("lead by 2 wins") == 2  # under each team's balls


def test_before_the_reset_the_board_shows_the_target(client_in, factory, keeper):
    game = factory.make_game(keeper, house_rules={"two_to_clear": "on"})
    board = _board(client_in.get(reverse("game", args=[game.pk])).content.decode())
    assert board.count("/ 12") == 2
    assert "lead by 2" not in board


def test_a_special_deal_with_no_call_chosen_asks_which_call(client_in, factory, keeper):
    # Tapping "Special" first: the preview lists what is still needed as questions, and the
    # missing call must read as one too (it said a bare "Is missing.").
    game = factory.make_game(keeper)
    data = {"kind": "special", "call": 0, "token": str(uuid.uuid4())}
    html = client_in.post(reverse("deal_preview", args=[game.pk]), data, **HTMX).content.decode()
    assert "Still needed before saving" in html
    assert "Is missing." not in html
    assert "Choose which call was made: Thunee, Double, Khanaak …" in html
    assert "Choose who made the call." in html


def test_a_special_deal_with_no_call_is_refused_at_the_call_field(client_in, factory, keeper):
    game = factory.make_game(keeper)
    data = {"kind": "special", "special_seat": 1, "special_result": "success", "call": 0}
    data["token"] = str(uuid.uuid4())
    response = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    html = response.content.decode()
    call_field = re.search(r'<select name="special_call".*?</select>(.*?)<label', html, re.S)
    assert call_field is not None
    assert "Choose which call was made: Thunee, Double, Khanaak …" in call_field.group(1)
    assert "Is missing." not in html


def test_who_called_and_who_broke_the_rule_are_one_tap_seat_chips(client_in, factory, keeper):
    """Like every other seat in the form: a chip per player, not a drop-down (two taps)."""
    game = factory.make_game(keeper)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    for name in ("special_seat", "penalty_seat"):
        assert f'<select name="{name}"' not in html
        for seat, player in enumerate(["Asha", "Bongani", "Chetan", "Dev"]):
            chip = rf'<input type="radio" name="{name}" value="{seat}"[^>]*><span>{player}</span>'
            assert re.search(chip, html), (name, player)
    # A penalty recorded by its chip, as before by its drop-down.
    data = {
        "token": str(uuid.uuid4()),
        "kind": "penalty",
        "penalty_seat": 2,
        "penalty_reason": "played out of turn",
    }
    client_in.post(reverse("deal_record", args=[game.pk]), data)
    assert game.deals.get().facts["penalty"] == {"seat": 2, "reason": "played out of turn"}


def _points_label(html: str) -> re.Match:
    return re.search(
        r'<label for="id_counting_points" data-counting-label([^>]*)>([^<]*)</label>', html
    )


def test_the_card_points_label_names_the_counting_team_of_the_trump_maker_shown(
    client_in, factory, keeper
):
    """The counting team is the one that did not make trumps (the rules' 'counting team'): with
    Asha dealing, Bongani makes trumps by default, so Asha & Chetan count."""
    game = factory.make_game(keeper)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    label = _points_label(html)
    assert label[2] == "Card points won by Asha &amp; Chetan (the counting team)"
    # One sentence a team that may make trumps (its seats' chips are team-a or team-b), for the
    # label to follow the trump maker's chips in the browser.
    assert dict(re.findall(r'data-when-(\w)="([^"]*)"', label[1])) == {
        "a": "Card points won by Bongani &amp; Dev (the counting team)",
        "b": "Card points won by Asha &amp; Chetan (the counting team)",
    }
    chips = re.findall(
        r'<label class="chip team-(\w)"><input type="radio" name="trump_maker" value="(\d)"', html
    )
    assert chips == [("a", "0"), ("b", "1"), ("a", "2"), ("b", "3")]
    # The keypad, hidden until its script shows it (without JavaScript its keys would do nothing).
    pad = re.search(r'<div class="pad digit-pad"[^>]*>(.*?)</div>', html, re.S)
    assert pad[0].endswith(" hidden>" + pad[1] + "</div>")
    keys = re.findall(r'data-digit="([^"]+)"(?: aria-label="([^"]*)")?>', pad[1])
    assert [k for k, _ in keys] == list("12345⌫67890C")
    assert dict(keys)["⌫"] == "Take back a digit" and dict(keys)["C"] == "Clear the card points"


def test_a_refused_deal_keeps_the_label_of_the_trump_maker_chosen(client_in, factory, keeper):
    game = factory.make_game(keeper)
    data = {"kind": "normal", "call": 0, "trump_maker": 0, "token": str(uuid.uuid4())}
    html = client_in.post(reverse("deal_record", args=[game.pk]), data, **HTMX).content.decode()
    assert 'class="errorlist"' in html  # refused: nothing but a trump maker
    assert _points_label(html)[2] == "Card points won by Bongani &amp; Dev (the counting team)"


def test_the_label_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper)
    client_in.cookies["django_language"] = "zh-hans"
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert _points_label(html)[2] == "Asha &amp; Chetan（计分方）赢得的牌分"
