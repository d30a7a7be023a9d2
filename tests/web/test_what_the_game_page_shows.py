"""What a person reads in the parts of a game page that each record answer sends again (the
board, the dealer line, the undo button, the deal form's head and button, the new log row and
who changed the game last), and in the deal forms' boxes: text, roles and data-testid, in
English and Chinese, for every registered game."""

from __future__ import annotations

import copy
import uuid
from types import SimpleNamespace

import pytest
from django.template.loader import get_template
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from scorekeeper import registry
from scorekeeper.gamelog import load_log
from scorekeeper.games import services
from scorekeeper.games.presenters import game_context
from scorekeeper.games.templatetags.say import say
from tests.bench.tables import ENDLESS
from tests.support.logs import fixture_log
from tests.web.seen import seen

KEYS = list(registry.GAMES)
LANGUAGES = ["en", "zh-hans"]
NAMES = ["Asha & <Dev>", 'Bo "B"', "Cy", "Di", "Ed", "Fa", "Gu", "Ha"]


def _in(language: str, english: str) -> str:
    with translation.override(language):
        return translation.gettext(english)


def _points_of_the_game(key: str):
    """(setup, state) before and after every deal of the game's fixture log, with names that
    must be escaped."""
    doc = copy.deepcopy(fixture_log(key))
    doc.pop("computed", None)
    doc["players"] = NAMES[: len(doc["players"])]
    loaded = load_log(doc)
    rules = registry.game(key).rules
    yield loaded.setup, rules.initial_state(loaded.setup)
    for deal in loaded.deals:
        yield loaded.setup, deal.result.after


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_the_board_shows_every_team_or_player_with_its_score(key, language):
    entry = registry.game(key)
    board_part = get_template("games/game.html#board")
    shown = 0
    with translation.override(language):
        for setup, state in _points_of_the_game(key):
            context = game_context(entry, SimpleNamespace(pk=3), setup, state)
            section = seen(board_part.render(context)).by_id("board")
            assert f"board-{key}" in section.classes()
            assert section.attrs["aria-label"] == _in(language, "Score")
            assert "hx-swap-oob" not in section.attrs
            for standing in entry.rules.standings(setup, state):
                assert str(say(standing.name)) in section.text
                assert str(say(standing.score)) in section.text
            shown += 1
    assert shown > 2


def _record(client: Client, game, next_post) -> SimpleNamespace:
    """One deal recorded as the phone's page does (htmx; a form the page keeps between deals
    says so), and the answer as elements."""
    data = {**next_post(game), "token": str(uuid.uuid4())}
    if registry.game(game.kind).deal_form.keeps_between_deals:
        data.setdefault("keeps", "form")
    answer = client.post(reverse("deal_record", args=[game.pk]), data, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    return seen(answer.content)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", KEYS)
def test_a_record_answer_shows_the_new_row_who_deals_the_undo_and_who_recorded(
    key, language, factory
):
    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(game=key, house_rules=house_rules, players=players)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(game.owner)
    entry = registry.game(key)
    answer = _record(client, game, next_post)
    game.refresh_from_db()
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    deal = game.deals.get(number=1)

    with translation.override(language):
        row = answer.by_id("deal-1")
        assert row.tag == "li" and _in(language, "Deal %(number)s") % {"number": 1} in row.text
        headline = say(entry.rules.headline(setup, services.scoreboard(game).deals[0].result))
        assert str(headline) in row.one("span", **{"class": "deal-balls"}).text
        links = row.all("a", **{"class": "rule"})
        assert links and all(a.attrs["href"].startswith(f"/rules/{key}/#") for a in links)
        rule_word = _in(language, "Rule")
        assert all(a.attrs["aria-label"].startswith(f"{rule_word}: ") for a in links)
        edit = _in(language, "Edit deal %(number)s") % {"number": 1}
        assert edit in row.text and _in(language, "What if…") in row.text

        line = answer.by_id("dealer-line")
        assert line.attrs["hx-swap-oob"] == "true"
        assert _in(language, "Deal %(number)s") % {"number": 2} in line.text
        dealer = entry.rules.next_dealer(state)
        if dealer is not None:
            assert answer.testid("dealer").text == setup.players[dealer]

        undo = answer.by_id("undo")
        button = undo.one("button")
        assert button.text == "↶ " + _in(language, "Undo deal %(number)s") % {"number": 1}
        form = undo.one("form")
        assert form.attrs["action"] == reverse("deal_undo", args=[game.pk])
        assert undo.one("input", name="number").attrs["value"] == "1"

        head = answer.by_id("deal-form-head")
        assert head.one("input", name="expected_number").attrs["value"] == "2"
        assert head.one("input", name="token").attrs["value"] != deal.token

        said = _in(language, "Deal %(number)s recorded by %(who)s")
        change = answer.testid("last-change")
        assert change.text.startswith(said % {"number": 1, "who": game.owner.username})
        when = timezone.localtime(deal.created_at)  # in the reader's time zone
        assert change.one("time").attrs["datetime"].startswith(str(when.date()))

        section = answer.by_id("board")
        assert section.attrs["hx-swap-oob"] == "true"
        for standing in entry.rules.standings(setup, state):
            assert str(say(standing.score)) in section.text


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_thunees_answer_brings_the_trump_makers_chips_for_the_kept_form(language, factory):
    house_rules, players, next_post = ENDLESS["thunee"]
    game = factory.make_game(game="thunee", house_rules=house_rules, players=NAMES[:4])
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(game.owner)
    answer = _record(client, game, next_post)
    field = answer.by_id("trump-maker-field")
    assert field.attrs["hx-swap-oob"] == "true"
    assert field.one("legend").text == _in(language, "Made trumps")
    chips = field.all("label")
    assert [chip.text for chip in chips] == NAMES[:4]  # escaped in the page, read as typed
    assert [chip.classes() - {"chip"} for chip in chips] == [{"team-a"}, {"team-b"}] * 2
    # The form is reset for the next deal: its trump maker the one the rules name by default.
    checked = [box.attrs["value"] for box in field.all("input", checked=True)]
    assert checked == [str(next_post(game)["trump_maker"])]
    assert answer.by_id("deal-notes").attrs["hx-swap-oob"] == "true"
    submit = answer.by_id("deal-submit")
    assert submit.text == _in(language, "Record deal %(number)s") % {"number": 2}


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_zhao_pengyou_by_result_brings_the_named_trump_maker_and_the_team(language, factory):
    game = factory.make_game(
        game="zhao-pengyou", house_rules={"starter": "by-result"}, players=NAMES[:6]
    )
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(game.owner)
    data = {"trump_maker": 0, "team": [0, 3], "defender_points": 40, "expected_number": 1}
    answer = _record(client, game, lambda g: data)
    game.refresh_from_db()
    setup = services.setup_of(game)
    named = services.state_from_cache(game, setup).trump_maker
    assert named is not None
    maker = answer.by_id("trump-maker-field")
    chips = maker.all("label")
    assert [chip.text for chip in chips] == NAMES[:6]
    barred = [i for i, chip in enumerate(chips) if "barred" in chip.classes()]
    assert barred == [seat for seat in range(6) if seat != named]
    team = answer.by_id("zp-team-field")
    assert team.attrs["hx-swap-oob"] == "true"
    legend = _in(language, "Friends: who ended up on the trump maker's team")
    assert team.one("legend").text == legend
    assert [box.attrs["value"] for box in team.all("input", type="checkbox")] == list(
        map(str, range(6))
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_deal_keeps_what_was_chosen_and_marks_the_wrong_box(language, factory):
    game = factory.make_game(game="thunee", players=NAMES[:4])
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(game.owner)
    data = {
        "kind": "special",
        "special_call": "not-a-call",
        "special_seat": "2",
        "expected_number": 1,
        "token": str(uuid.uuid4()),
    }
    page = seen(client.post(reverse("deal_record", args=[game.pk]), data).content)
    form = page.by_id("deal-form")
    kinds = {box.attrs["value"]: "checked" in box.attrs for box in form.all("input", name="kind")}
    assert kinds["special"] and sum(kinds.values()) == 1
    call = form.one("select", name="special_call")
    assert call.attrs["aria-invalid"] == "true"
    assert call.attrs["aria-describedby"] == "id_special_call_error"
    seat = form.all("input", name="special_seat", checked=True)
    assert [box.attrs["value"] for box in seat] == ["2"]
    labels = [label.text for label in form.all("label") if label.all("input", name="special_seat")]
    assert labels == NAMES[:4]
    counting = form.one("input", name="counting_points")
    assert "aria-invalid" not in counting.attrs and "value" not in counting.attrs


@pytest.mark.django_db
def test_a_refused_number_of_tricks_stays_in_its_pad_and_is_marked(factory):
    game = factory.make_game(game="spades", house_rules={"target": 1000})
    client = Client()
    client.force_login(game.owner)
    services.open_deal(game, {"bids": [3, 3, 3, 3]}, user=game.owner)
    data = {"trick_0": "4", "trick_1": "x", "trick_2": "99", "trick_3": "3", "stage": "closing"}
    data |= {"expected_number": 1, "token": str(uuid.uuid4())}
    page = seen(client.post(reverse("deal_record", args=[game.pk]), data).content)
    boxes = {box.attrs["name"]: box for box in page.by_id("deal-form").all("input", type="number")}
    assert boxes["trick_0"].attrs["value"] == "4" and "aria-invalid" not in boxes["trick_0"].attrs
    assert boxes["trick_2"].attrs["value"] == "99" and boxes["trick_2"].attrs["aria-invalid"]
    assert boxes["trick_2"].attrs["data-pad"] == "trick"
    assert {box.attrs["inputmode"] for box in boxes.values()} == {"numeric"}


@pytest.mark.parametrize("zone", ["Africa/Johannesburg", "Asia/Shanghai", "UTC"])
def test_who_changed_the_game_says_when_in_the_readers_time_zone(zone):
    import datetime

    from scorekeeper.play.live import Change

    at = datetime.datetime(2026, 3, 1, 22, 5, 7, 123456, tzinfo=datetime.UTC)
    part = get_template("games/live.html#change-text")
    with timezone.override(zone):
        local = timezone.localtime(at)
        time = seen(part.render({"change": Change(7, "undone", "asha & <b>", at)})).one("time")
    assert time.attrs["datetime"] == local.isoformat()
    assert time.text == local.strftime("%H:%M")
