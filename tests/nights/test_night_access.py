"""Who may do what with a game night, as tests/groups/test_access_matrix.py does for a game:
every night view and method × anonymous, stranger, member and admin of the group; every POST
needs its CSRF token; a table's link opens its one game and nothing else."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Game
from scorekeeper.nights.models import Night, Table

from .conftest import YES, logged_in, new_night_post, table_url, thunee_deal

pytestmark = pytest.mark.django_db

SEE, RUN = "see", "run"
# (url name, method, needs, POST data)
NIGHT_VIEWS = [
    ("night", "get", SEE, None),
    ("night_results", "get", SEE, None),
    ("night_results_csv", "get", SEE, None),
    ("night_cards", "get", RUN, None),
    ("night_swap", "post", RUN, "swap"),
    ("night_start", "post", RUN, {}),
    ("night_end_round", "post", RUN, {"confirm": "yes"}),
    ("night_end", "post", RUN, {"confirm": "yes"}),
    ("night_link_renew", "post", RUN, {"confirm": "yes"}),
    ("night_live", "get", SEE, None),
    ("night_arrive", "post", RUN, {"name": "Zed"}),
    ("night_leave", "post", RUN, {"name": "Asha"}),
    ("night_ranking", "post", RUN, {"ranking": "totals"}),
    ("night_take_back", "post", RUN, {"end": "round-1"}),
    ("night_substitute", "post", RUN, "substitute"),
]
STARTED = ("night_link_renew", "night_end_round", "night_take_back", "night_substitute")
PEOPLE = ["anonymous", "stranger", "member", "admin"]


@pytest.fixture
def night(club) -> Night:
    admin = logged_in(club.admin)
    admin.post(reverse("night_new", args=[club.group.pk]), new_night_post(club.group))
    return Night.objects.get()


def person(club, who: str) -> Client:
    return Client() if who == "anonymous" else logged_in(getattr(club, who))


def snapshot(night: Night) -> tuple:
    night.refresh_from_db()
    rounds = [(r.tables, r.sitting_out, r.started_at, r.ended_at) for r in night.round_set.all()]
    people = list(night.attendees.values_list("player__name", "left_at", "from_round"))
    seats = list(Game.objects.filter(night_table__round__night=night).values_list("seat_changes"))
    links = list(night.links.values_list("token", "revoked_at"))
    return (night.ended_at, night.ranking, rounds, links, people, seats)


@pytest.mark.parametrize("who", PEOPLE)
@pytest.mark.parametrize(("name", "method", "needs", "data"), NIGHT_VIEWS)
def test_night_views(club, night, who, name, method, needs, data):
    if name in STARTED:  # they act on a started round
        logged_in(club.admin).post(reverse("night_start", args=[night.pk]))
    if name == "night_take_back":  # it takes back an end
        logged_in(club.admin).post(reverse("night_end_round", args=[night.pk]), YES)
    args = [night.pk, 1] if name == "night_link_renew" else [night.pk]
    played = night.round_set.first()
    if data == "swap":
        data = {"a": played.tables[0][0], "b": played.tables[1][0]}
    if data == "substitute":
        data = {"out": played.tables[0][0], "new_name": "Zed"}
    before = snapshot(night)
    client = person(club, who)
    response = getattr(client, method)(reverse(name, args=args), data or {})
    allowed = who == "admin" or (who == "member" and needs == SEE)
    if who == "anonymous":
        assert response.status_code == 302 and "/login/" in response["Location"]
    elif who == "stranger":
        assert response.status_code == 404
    elif not allowed:
        assert response.status_code == 403
    else:
        assert response.status_code in (200, 204, 302)
    if not allowed or method == "get":
        assert snapshot(night) == before
    else:
        assert snapshot(night) != before


@pytest.mark.parametrize("who", PEOPLE)
@pytest.mark.parametrize("method", ["get", "post"])
def test_only_the_groups_admins_make_a_night(club, who, method):
    client = person(club, who)
    url = reverse("night_new", args=[club.group.pk])
    response = getattr(client, method)(url, new_night_post(club.group) if method == "post" else {})
    expected = {"anonymous": 302, "stranger": 404, "member": 403}
    if who == "admin":
        assert response.status_code == (200 if method == "get" else 302)
        assert Night.objects.count() == (1 if method == "post" else 0)
    else:
        assert response.status_code == expected[who]
        assert not Night.objects.exists()
    listing = person(club, who).get(reverse("nights", args=[club.group.pk]))
    assert listing.status_code == {"anonymous": 302, "stranger": 404}.get(who, 200)


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("night_start", {}),
        ("night_end", {}),
        ("night_end_round", {}),
        ("night_swap", {"a": "Asha", "b": "Bongani"}),
        ("night_arrive", {"name": "Zed"}),
        ("night_leave", {"name": "Asha"}),
        ("night_ranking", {"ranking": "totals"}),
    ],
)
def test_every_change_needs_its_csrf_token(club, night, name, data):
    client = Client(enforce_csrf_checks=True)
    client.force_login(club.admin)
    before = snapshot(night)
    assert client.post(reverse(name, args=[night.pk]), data).status_code == 403
    assert snapshot(night) == before
    new = client.post(reverse("night_new", args=[club.group.pk]), new_night_post(club.group))
    assert new.status_code == 403


def test_a_table_link_keeps_its_game_and_touches_nothing_else(club, night):
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    one = table_url(admin.get(reverse("night", args=[night.pk])).content.decode(), 1)
    mine, other = (Table.objects.get(number=n).game for n in (1, 2))
    own = Game.objects.create(owner=club.admin, kind="thunee", setup=mine.setup)
    phone = Client()
    phone.post(one, {"name": "Phone"})
    assert phone.get(one)["Location"] == reverse("game", args=[mine.pk])
    dealer = mine.state_cache["dealer"]
    ok = phone.post(reverse("deal_record", args=[mine.pk]), thunee_deal((dealer + 1) % 4))
    assert ok.status_code in (200, 302) and mine.deals.count() == 1
    assert phone.post(reverse("deal_undo", args=[mine.pk]), {"number": 1}).status_code == 302
    assert mine.deals.count() == 0
    for game in (other, own):
        for url in (
            reverse("game", args=[game.pk]),
            reverse("game_export", args=[game.pk]),
            reverse("game_live", args=[game.pk]),
        ):
            assert phone.get(url).status_code in (302, 401), url
        assert phone.post(reverse("deal_record", args=[game.pk]), thunee_deal(1)).status_code == 302
        assert game.deals.count() == 0
    # Open to anyone (a game without an account), and nothing of the night's games there.
    home = phone.get(reverse("home")).content.decode()
    assert 'data-testid="game-row"' not in home and "No account needed" in home
    assert phone.get(reverse("game_new")).status_code == 200
    for url in (
        reverse("game_share", args=[mine.pk]),
        reverse("groups"),
        reverse("group", args=[club.group.pk]),
        reverse("night", args=[night.pk]),
        reverse("night_cards", args=[night.pk]),
        reverse("nights", args=[club.group.pk]),
    ):
        assert phone.get(url).status_code == 302, url  # to the login page
    made = phone.post(reverse("share_link_make", args=[mine.pk, "watch"]))
    assert made.status_code == 302 and "/login/" in made["Location"]
    assert not mine.share_links.filter(kind="watch").exists()
    assert Client().get(reverse("night_table", args=["x" * 32])).status_code == 404


def test_a_table_link_after_its_round_ended_reads_its_old_game_and_changes_nothing(club, night):
    """The organiser ends the round early: the phone still sees the old game (its page, log,
    live poll, export) but no record, bid, undo, edit or preview goes through its link; the
    organiser, logged in, may still correct the game."""
    admin = logged_in(club.admin)
    admin.post(reverse("night_start", args=[night.pk]))
    one = table_url(admin.get(reverse("night", args=[night.pk])).content.decode(), 1)
    game = Table.objects.get(number=1).game
    phone = Client()
    phone.post(one, {"name": "Phone"})
    phone.get(one)
    dealer = game.state_cache["dealer"]
    maker = (dealer + 1) % 4
    assert phone.post(reverse("deal_record", args=[game.pk]), thunee_deal(maker)).status_code in (
        200,
        302,
    )
    assert admin.post(reverse("night_end_round", args=[night.pk]), YES).status_code == 302
    assert night.round_set.count() == 2  # the next round is drawn
    page = phone.get(reverse("game", args=[game.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="deal-form"' not in text and "/undo/" not in text and "/edit/" not in text
    for url in (reverse("game_export", args=[game.pk]), reverse("game_chart", args=[game.pk])):
        assert phone.get(url).status_code == 200, url
    assert phone.get(reverse("game_live", args=[game.pk])).status_code == 200
    dealer = Game.objects.get(pk=game.pk).state_cache["dealer"]
    changes = [
        ("deal_record", [game.pk], thunee_deal((dealer + 1) % 4)),
        ("deal_preview", [game.pk], thunee_deal((dealer + 1) % 4)),
        ("deal_open", [game.pk], {"trump_maker": (dealer + 1) % 4, "call": 0}),
        ("deal_reopen", [game.pk], {}),
        ("deal_undo", [game.pk], {"number": 1}),
        ("deal_edit", [game.pk, 1], thunee_deal(maker, counting_points=100)),
    ]
    for name, args, data in changes:
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            refused = phone.post(reverse(name, args=args), data, **headers)
            assert refused.status_code == 403, name
            assert "This round has ended" in refused.content.decode(), name
            if headers:
                assert refused["HX-Refresh"] == "true"  # the page again, without its form
    game.refresh_from_db()
    assert game.deals.count() == 1 and game.deals.get().facts["counting_points"] == 152
    assert phone.get(reverse("offline_forms", args=[game.pk])).status_code == 403
    # The organiser still corrects the ended round's game.
    edit = admin.post(
        reverse("deal_edit", args=[game.pk, 1]), thunee_deal(maker, counting_points=100)
    )
    assert edit.status_code in (200, 302)
    assert game.deals.get().facts["counting_points"] == 100
