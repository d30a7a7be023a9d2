"""Spades' forms through Django's test client: the new-game form says who partners whom, and
every refusal of the bids or tricks is said at the field it is about, with the input kept."""

from __future__ import annotations

import random
import re
import uuid

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper.core.errors import SHARED, FactError, GameOver, NotThisDealer, Refusals
from scorekeeper.games import refusals
from scorekeeper.games.models import Game
from scorekeeper.rules.spades import GAME, GameState, parse_deal
from scorekeeper.spades.forms import SpadesDealForm

from .support import NAMES, make_setup

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
HAN = re.compile(r"[\u4e00-\u9fff]")


def spades(factory, owner, **house_rules):
    return factory.make_game(owner, game="spades", players=NAMES, house_rules=house_rules)


def post(client, name, game, data):
    response = client.post(reverse(name, args=[game.pk]), {"token": uuid.uuid4(), **data}, **HTMX)
    game.refresh_from_db()
    return response


def numbers(prefix, values):
    return {f"{prefix}_{seat}": "" if n is None else n for seat, n in enumerate(values)}


def seat_block(html: str, field: str) -> str:
    """The markup of the seat whose number input is `field` ("bid_0"), up to the next seat."""
    start = html.rindex('<div class="seat-number', 0, html.index(f'id="id_{field}"'))
    end = html.find('<div class="seat-number', start + 1)
    return html[start : end if end != -1 else len(html)]


def top_of_form(html: str) -> str:
    """What the deal form says above its fields (the errors no field owns)."""
    form = html[html.index('id="deal-form"') :]
    return form[: form.index('<fieldset class="seat-numbers')]


# ---- who partners whom ---------------------------------------------------------------------


def test_the_new_game_form_says_who_partners_whom(client_in):
    page = client_in.get(reverse("game_new") + "?game=spades").content.decode()
    labels = re.findall(r"<label>(Seat \d[^<]*) <input", page)
    assert labels == ["Seat 1 · team A", "Seat 2 · team B", "Seat 3 · team A", "Seat 4 · team B"]
    assert "Partners sit opposite: seats 1 and 3 (team A) against seats 2 and 4 (team B)." in page
    assert "play goes clockwise" in page


def test_team_a_of_the_form_is_the_game_s_first_team(client_in):
    """The seats the form calls team A are the partners the game puts first."""
    data = {"game": "spades", "first_dealer": 0}
    data.update({f"player_{i}": n for i, n in enumerate(NAMES)})
    response = client_in.post(reverse("game_new"), data)
    page = client_in.get(response["Location"]).content.decode()
    board = page[page.index('class="team team-a') :]
    assert board.index("Asha &amp; Chetan") < board.index("Bongani &amp; Dev")
    assert Game.objects.get().setup["players"] == NAMES


# ---- blind nil: refused at that player's bid -------------------------------------------------


def test_a_refused_blind_nil_is_said_at_that_players_bid_and_everything_is_kept(
    client_in, factory, keeper
):
    game = spades(factory, keeper, blind_nil=True)
    bids = {**numbers("bid", [3, 4, 2, 3]), "blind_2": "on"}  # Chetan bid 2, ticked blind nil
    response = post(client_in, "deal_open", game, bids)
    assert response.status_code == 200 and not game.opening  # nothing saved
    html = response.content.decode()
    chetan = seat_block(html, "bid_2")
    assert "Chetan bid 2: a blind nil is a bid of 0." in chetan
    assert 'name="blind_2"' in chetan and "checked" in chetan  # the tick is kept
    assert 'value="2"' in chetan and 'aria-invalid="true"' in chetan
    assert "blind nil" not in top_of_form(html)
    for seat, bid in enumerate([3, 4, 2, 3]):  # every bid kept, nobody else refused
        block = seat_block(html, f"bid_{seat}")
        assert f'value="{bid}"' in block
        if seat != 2:
            assert "errorlist" not in block and "aria-invalid" not in block


def test_each_blind_nil_tick_sits_with_its_players_bid(client_in, factory, keeper):
    game = spades(factory, keeper, blind_nil=True)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    for seat, name in enumerate(NAMES):
        block = seat_block(html, f"bid_{seat}")
        assert f'name="blind_{seat}"' in block and f"{name}: blind nil" in block
    assert html.count('data-pad="bid"') == 4


def test_a_blind_nil_ticked_with_no_bid_is_a_bid_of_0(client_in, factory, keeper):
    game = spades(factory, keeper, blind_nil=True)
    post(client_in, "deal_open", game, {**numbers("bid", [None, 4, 5, 3]), "blind_0": "on"})
    assert game.opening == {"bids": [0, 4, 5, 3], "blind_nil": [True, False, False, False]}


def test_a_blank_bid_without_blind_nil_is_still_asked_for(client_in, factory, keeper):
    game = spades(factory, keeper, blind_nil=True)
    response = post(client_in, "deal_open", game, numbers("bid", [None, 4, 5, 3]))
    assert not game.opening
    assert "Tap Asha&#x27;s bid." in seat_block(response.content.decode(), "bid_0")


def test_the_preview_says_what_is_wrong_with_a_blind_nil(client_in, factory, keeper):
    game = spades(factory, keeper, blind_nil=True)
    data = {"token": uuid.uuid4(), **numbers("bid", [3, 4, 2, 3]), "blind_1": "on"}
    html = client_in.post(reverse("deal_preview", args=[game.pk]), data).content.decode()
    assert "Bongani bid 4: a blind nil is a bid of 0." in html


def test_without_the_house_rule_there_is_no_blind_nil_to_tick(client_in, factory, keeper):
    game = spades(factory, keeper)
    html = client_in.get(reverse("game", args=[game.pk])).content.decode()
    assert 'name="blind_' not in html and html.count('data-pad="bid"') == 4
    # A tick sent anyway (an old page, a hand-made request) bids nothing blind.
    post(client_in, "deal_open", game, {**numbers("bid", [0, 4, 5, 3]), "blind_0": "on"})
    assert game.opening == {"bids": [0, 4, 5, 3]}


def test_editing_a_deal_says_a_refused_blind_nil_at_that_players_bid(client_in, factory, keeper):
    game = spades(factory, keeper, blind_nil=True)
    factory.record(
        game, bids=[0, 4, 5, 3], blind_nil=[True, False, False, False], tricks=[0, 4, 5, 4]
    )
    data = {
        "token": uuid.uuid4(),
        **numbers("bid", [0, 4, 5, 3]),
        "blind_0": "on",
        "blind_3": "on",
        **numbers("trick", [0, 4, 5, 4]),
    }
    response = client_in.post(reverse("deal_edit", args=[game.pk, 1]), data)
    html = response.content.decode()
    assert "Dev bid 3: a blind nil is a bid of 0." in seat_block(html, "bid_3")
    assert 'value="4"' in seat_block(html, "trick_3")  # the tricks kept too


# ---- the tricks ------------------------------------------------------------------------------


def test_tricks_that_do_not_add_up_are_said_at_their_total(client_in, factory, keeper):
    game = spades(factory, keeper)
    post(client_in, "deal_open", game, numbers("bid", [3, 4, 2, 3]))
    response = post(client_in, "deal_record", game, numbers("trick", [3, 4, 2, 3]))
    assert game.deals.count() == 0
    html = response.content.decode()
    tricks = html[html.index('data-numbers="trick"') :]
    total = tricks[tricks.index('class="running-total"') :]
    assert "The tricks add up to 12; a hand has 13." in total
    assert "add up to" not in top_of_form(html)
    for seat, n in enumerate([3, 4, 2, 3]):
        assert f'value="{n}"' in seat_block(html, f"trick_{seat}")


def test_a_missing_trick_is_asked_at_that_player(client_in, factory, keeper):
    game = spades(factory, keeper)
    post(client_in, "deal_open", game, numbers("bid", [3, 4, 2, 3]))
    response = post(client_in, "deal_record", game, numbers("trick", [3, None, 2, 3]))
    html = response.content.decode()
    assert "Tap how many tricks Bongani took." in seat_block(html, "trick_1")
    assert 'value="3"' in seat_block(html, "trick_3")


# ---- every field the rules can refuse has its place in the form ------------------------------


REFUSED = [  # a bad deal, and the field each of its refusals names
    ({"tricks": [3, 3, 3, 4]}, ["bids"]),
    ({"bids": [3, 3, 3], "tricks": [3, 3, 3, 4]}, ["bids"]),
    ({"bids": [3, 14, 3, 3], "tricks": [3, 3, 3, 4]}, ["bids.1"]),
    ({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, -1]}, ["tricks.3"]),
    ({"bids": [3, 3, 3, 3], "tricks": [3, 3, 3, 3]}, ["tricks"]),
    ({"bids": [3, 3, 3, 3]}, ["tricks"]),
    (
        {"bids": [3, 3, 0, 3], "blind_nil": [False, False, 1, False], "tricks": [3, 3, 3, 4]},
        ["blind_nil.2"],
    ),
    ({"bids": [3, 3, 0, 3], "blind_nil": True, "tricks": [3, 3, 3, 4]}, ["blind_nil"]),
    (
        {"bids": [3, 3, 0, 3], "blind_nil": [False, True, False, False], "tricks": [3, 3, 3, 4]},
        ["blind_nil.1"],
    ),
]
PLACE = {  # where a refusal of that field is said in the form that records a whole deal
    "bids": "bid_total",
    "bids.1": "bid_1",
    "tricks": "trick_total",
    "tricks.3": "trick_3",
    "blind_nil.1": "blind_1",
    "blind_nil.2": "blind_2",
    "blind_nil": "bid_total",
}


@pytest.mark.parametrize(("data", "fields"), REFUSED)
def test_every_refusal_of_a_deal_has_its_field_in_the_form(data, fields):
    setup = make_setup(blind_nil=True)
    with pytest.raises(FactError) as info:
        parse_deal(data, setup)
    errors = getattr(info.value, "errors", (info.value,))
    assert [e.field for e in errors] == fields
    form = SpadesDealForm(setup=setup, state=GameState.initial(setup), rules=GAME)
    for e in errors:
        assert form.field_for(e.field) == PLACE[e.field]
        assert PLACE[e.field] in form.fields


def test_the_bids_form_has_a_place_for_each_refusal_of_the_bids():
    setup = make_setup(blind_nil=True)
    form = SpadesDealForm(setup=setup, state=GameState.initial(setup), rules=GAME, stage="opening")
    for field in ("bids", "bids.0", "blind_nil.3", "blind_nil"):
        assert form.field_for(field) in form.fields


def test_refusals_no_field_owns_go_to_the_top_of_the_form():
    setup = make_setup()
    form = SpadesDealForm(
        {"token": uuid.uuid4(), **numbers("bid", [3, 3, 3, 3])},
        setup=setup,
        state=GameState.initial(setup),
        rules=GAME,
        stage="opening",
    )
    assert form.is_valid()
    form.add_rules_error(GameOver())
    why = SHARED.why("NOT_THIS_DEALER", name="Asha", seat=0, other="Dev")
    form.add_rules_error(NotThisDealer("dealer", why))
    assert form.non_field_errors() == [
        "The game is over: no deal can be recorded after it.",
        "It is Asha's deal (seat 0), not Dev's.",
    ]


# ---- the refusals, in the reader's language --------------------------------------------------


def core_refusals() -> list[FactError]:
    """The refusals the Spades core writes for a phone's bids and tricks, and the game's end."""
    setup = make_setup(blind_nil=True)
    bad = {"bids": [3, 3, 2, 3], "blind_nil": [False, False, True, False], "tricks": [3] * 4}
    with pytest.raises(FactError) as info:
        parse_deal(bad, setup)
    met = list(info.value.errors)
    with pytest.raises(FactError) as info:
        parse_deal({**bad, "bids": [3, 3, 0, 3], "tricks": [3, 3, 3, 4]}, make_setup())
    met.append(info.value)
    met.append(GameOver())
    state = GameState.initial(setup)
    with pytest.raises(NotThisDealer) as info:
        GAME.open_deal({"bids": [3, 3, 3, 3], "dealer": 3}, state, setup)
    met.append(info.value)
    return met


def test_each_refusal_is_said_as_the_core_wrote_it_in_english_and_in_chinese():
    met = core_refusals()
    assert [e.code for e in met] == [
        "BLIND_NIL_BID",
        "TRICKS_ADD_UP",
        "BLIND_NIL_OFF",
        "GAME_OVER",
        "NOT_THIS_DEALER",
    ]
    for error in met:
        with translation.override("en"):
            assert refusals.said(error) == error.message
        with translation.override("zh-hans"):
            said = refusals.said(error)
            assert HAN.search(said), said
            assert not re.search(r"[a-z]{3}", re.sub("|".join(NAMES), "", said)), said


def test_a_refusal_in_chinese(client_in, factory, keeper):
    """A refusal at its field, in the reader's language."""
    game = spades(factory, keeper, blind_nil=True)
    bids = {**numbers("bid", [3, 4, 2, 3]), "blind_2": "on"}
    response = client_in.post(
        reverse("deal_open", args=[game.pk]), {"token": uuid.uuid4(), **bids}, **HTMX, **ZH
    )
    chetan = seat_block(response.content.decode(), "bid_2")
    assert "Chetan叫了2：盲叫零墩必须叫0。" in chetan


def test_every_message_of_the_form_and_the_house_rules_is_in_the_catalogue():
    from scorekeeper.rules.spades.setup import HOUSE_RULES
    from tests.web.test_i18n import MESSAGES

    catalogue = {e["msgid"] for e in MESSAGES}
    said = set(Refusals("scorekeeper.rules.spades").templates.values()) | {GAME.seating}
    for rule in HOUSE_RULES:
        said |= {rule.label, *rule.labels, rule.help}
    assert said - catalogue == set()


ODD = ["", " ", "0", "-1", "2", "13", "14", "abc", "on", "true", "false", "1e9", "é"]


@pytest.mark.parametrize("seed", range(3))
def test_odd_input_is_a_page_never_a_server_error(client_in, factory, keeper, seed):
    rng = random.Random(seed)
    game = spades(factory, keeper, blind_nil=True)
    factory.record(game, bids=[3, 4, 3, 2], tricks=[3, 4, 4, 2])
    names = [f"{p}_{s}" for p in ("bid", "blind", "trick") for s in range(4)]
    urls = [
        reverse("deal_preview", args=[game.pk]),
        reverse("deal_open", args=[game.pk]),
        reverse("deal_edit", args=[game.pk, 1]),
        reverse("deal_what_if", args=[game.pk, 1]),
    ]
    for _ in range(40):
        data = {n: rng.choice(ODD) for n in names if rng.random() < 0.7}
        data["token"] = str(uuid.uuid4())
        for url in urls:
            assert client_in.post(url, data, **HTMX).status_code in (200, 302)
