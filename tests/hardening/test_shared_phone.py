"""Finding 2, the server's side: every page says whose the phone's kept things are (an opaque
tag of the account, or of a table link's visitor), every deal form carries its maker, and a
save whose maker is not the sender is refused with a message, nothing saved, and marked so the
phone keeps it for its maker. (tests/browser/test_shared_phone.py plays Alice and Carol.)"""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.accounts.phone_owner import owner_tag
from scorekeeper.games.models import DealChange, GameRole, ShareLink
from scorekeeper.play.offline import REFUSED

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def owner_of(page: str) -> str:
    return re.search(r'<meta name="phone-owner" content="([^"]*)">', page)[1]


def maker_in(page: str) -> str:
    return re.search(r'<input type="hidden" name="maker" value="([^"]*)">', page)[1]


@pytest.fixture
def spades(factory):
    alice, carol = factory.make_user("alice"), factory.make_user("carol")
    game = factory.make_game(alice, game="spades", players=NAMES)
    GameRole.objects.create(game=game, user=carol, role=GameRole.SCOREKEEPER)
    return game, alice, carol


def test_every_page_says_an_opaque_owner_and_the_deal_form_carries_it(spades):
    game, alice, carol = spades
    page = logged_in(alice).get(reverse("game", args=[game.pk])).content.decode()
    tag = owner_of(page)
    assert tag and maker_in(page) == tag
    assert re.fullmatch(r"[0-9a-f]{32}", tag)  # an HMAC: it says nothing of the account
    assert owner_of(logged_in(alice).get(reverse("home")).content.decode()) == tag  # anew: same
    assert owner_of(logged_in(carol).get(reverse("home")).content.decode()) not in ("", tag)
    assert owner_of(Client().get(reverse("login")).content.decode()) == ""  # nobody's


def test_the_forms_kept_for_offline_carry_the_maker_too(spades):
    game, alice, _ = spades
    client = logged_in(alice)
    tag = owner_of(client.get(reverse("home")).content.decode())
    forms = client.get(reverse("offline_forms", args=[game.pk])).content.decode()
    assert set(re.findall(r'name="maker" value="([^"]*)"', forms)) == {tag}


def bids(maker: str | None, expected: int = 1) -> dict:
    data = {"token": str(uuid.uuid4()), "expected_number": expected}
    data.update({f"bid_{seat}": n for seat, n in enumerate([3, 4, 2, 3])})
    if maker is not None:
        data["maker"] = maker
    return data


def test_alices_entry_sent_under_carols_session_is_refused_and_kept_for_alice(spades):
    game, alice, carol = spades
    alices = owner_of(logged_in(alice).get(reverse("home")).content.decode())
    phone = logged_in(carol)  # Carol logged in on Alice's phone, which sends Alice's entry
    response = phone.post(reverse("deal_open", args=[game.pk]), bids(alices), **HTMX)
    assert response.status_code == 200
    assert response[REFUSED] == "1"  # the phone keeps the entry
    assert response["HX-Reswap"] == "none"
    said = response.content.decode()
    assert "made on this phone by someone else" in said and "stays on the phone" in said
    assert not DealChange.objects.filter(game=game).exists()
    game.refresh_from_db()
    assert game.opening == {}


@pytest.mark.parametrize("view", ["deal_record", "deal_reopen", "deal_undo"])
def test_every_save_of_the_game_page_checks_its_maker(spades, view):
    game, alice, carol = spades
    alices = owner_of(logged_in(alice).get(reverse("home")).content.decode())
    response = logged_in(carol).post(reverse(view, args=[game.pk]), bids(alices), **HTMX)
    assert response[REFUSED] == "1"
    assert "made on this phone by someone else" in response.content.decode()


def test_an_edit_checks_its_maker_and_a_plain_form_is_told_on_the_game_page(spades):
    game, alice, carol = spades
    client = logged_in(alice)
    client.post(reverse("deal_open", args=[game.pk]), bids(None), **HTMX)
    client.post(
        reverse("deal_record", args=[game.pk]),
        {"token": str(uuid.uuid4()), **{f"trick_{s}": n for s, n in enumerate([3, 4, 2, 4])}},
        **HTMX,
    )
    alices = owner_of(client.get(reverse("home")).content.decode())
    edit = reverse("deal_edit", args=[game.pk, 1])
    response = logged_in(carol).post(edit, bids(alices), follow=True)
    assert "made on this phone by someone else" in response.content.decode()
    assert response.redirect_chain[-1][0] == reverse("game", args=[game.pk])
    assert not DealChange.objects.filter(game=game, action="edited").exists()


def test_ones_own_entry_and_one_without_a_maker_are_saved(spades):
    game, alice, _ = spades
    client = logged_in(alice)
    tag = owner_of(client.get(reverse("home")).content.decode())
    response = client.post(reverse("deal_open", args=[game.pk]), bids(tag), **HTMX)
    assert REFUSED not in response
    game.refresh_from_db()
    assert game.opening["bids"] == [3, 4, 2, 3]
    client.post(reverse("deal_reopen", args=[game.pk]), {"maker": tag}, **HTMX)
    response = client.post(reverse("deal_open", args=[game.pk]), bids(None), **HTMX)
    assert REFUSED not in response


def test_a_table_links_phone_has_its_own_visitor_tag(factory):
    game = factory.make_game(factory.make_user("organiser"), game="spades", players=NAMES)
    link = ShareLink.objects.create(game=game, kind=ShareLink.TABLE)
    first, second = Client(), Client()
    for phone in (first, second):
        session = phone.session
        session["table_links"] = {str(game.pk): link.token}
        session["table_phone"] = "Table 1"
        session.save()
    tags = [
        owner_of(p.get(reverse("game", args=[game.pk])).content.decode()) for p in (first, second)
    ]
    assert all(tags) and tags[0] != tags[1]
    again = owner_of(first.get(reverse("game", args=[game.pk])).content.decode())
    assert again == tags[0]  # the same phone: the same tag while its session lasts
    response = second.post(reverse("deal_open", args=[game.pk]), bids(tags[0]), **HTMX)
    assert response[REFUSED] == "1"


def test_the_tag_is_the_accounts_whatever_the_session(rf, factory):
    user = factory.make_user("dora")
    one, two = rf.get("/"), rf.get("/")
    one.user = two.user = user
    assert owner_tag(one) == owner_tag(two) and len(owner_tag(one)) == 32
