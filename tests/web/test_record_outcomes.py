"""The recording service's outcomes (scorekeeper/games/recording.py) and the one answer each gets
(answers.py): recorded, opened, repeated, stale, refused, undone, edited; and the page's one
hint of what it keeps between deals (record_post.py), checked against the form that comes next."""

from __future__ import annotations

import uuid

import pytest
from django.http import QueryDict
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.games import record_post, recording, services
from scorekeeper.games.deal_forms import DAMAGED
from scorekeeper.games.recording import Edited, Opened, Recorded, Refused, Repeated, Stale, Undone
from tests.bench.tables import ENDLESS
from tests.thunee.endless import thunee_next

HTMX = {"HTTP_HX_REQUEST": "true"}
REFUSED = "X-Entry-Refused"


def _outcome(game, data):
    """What the service makes of a post, as the record view asks it."""
    game.refresh_from_db()
    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    post = record_post.read(_query(data), recording.stages_of(entry))
    return recording.record(game, entry, setup, state, post, user=game.owner)


def _query(data: dict) -> QueryDict:
    query = QueryDict(mutable=True)
    for name, value in data.items():
        query.setlist(name, [str(v) for v in value] if isinstance(value, list) else [str(value)])
    return query


def _thunee(factory):
    house_rules, players, _ = ENDLESS["thunee"]
    return factory.make_game(game="thunee", house_rules=house_rules, players=players)


def _spades(factory):
    house_rules, players, _ = ENDLESS["spades"]
    return factory.make_game(game="spades", house_rules=house_rules, players=players)


# ---- the service: one outcome for each case ------------------------------------------------


@pytest.mark.django_db
def test_a_deal_is_recorded_once_and_its_double_tap_is_a_repeat(factory):
    game = _thunee(factory)
    data = {**thunee_next(game), "token": str(uuid.uuid4())}
    first = _outcome(game, data)
    assert isinstance(first, Recorded) and first.number == 1 and first.deal.number == 1
    assert first.result.after.deals == 1
    assert isinstance(_outcome(game, data), Repeated)  # the same token: nothing more
    assert game.deals.count() == 1


@pytest.mark.django_db
def test_a_deal_another_phone_recorded_first_is_refused_with_the_input_kept(factory):
    game = _thunee(factory)
    mine = {**thunee_next(game), "token": str(uuid.uuid4())}  # made for deal 1
    assert isinstance(_outcome(game, {**thunee_next(game), "token": str(uuid.uuid4())}), Recorded)
    second = _outcome(game, mine)
    assert isinstance(second, Refused)
    assert "deal 1 was recorded there" in " ".join(second.form.non_field_errors())
    assert second.form.data["counting_points"] == str(mine["counting_points"])  # kept
    assert second.form.data["expected_number"] == 2  # saved again, it is the coming deal
    assert game.deals.count() == 1


@pytest.mark.django_db
def test_a_damaged_hidden_field_is_refused_at_the_top_with_a_fresh_token(factory):
    game = _thunee(factory)
    outcome = _outcome(game, {**thunee_next(game), "token": "not-a-token"})
    assert isinstance(outcome, Refused)
    assert str(DAMAGED) in outcome.form.non_field_errors()
    uuid.UUID(outcome.form.data["token"])  # a new one, so the next tap can save
    assert game.deals.count() == 0


@pytest.mark.django_db
def test_facts_the_rules_refuse_are_refused_at_their_field(factory):
    game = _thunee(factory)
    data = {**thunee_next(game), "token": str(uuid.uuid4()), "counting_points": 999}
    outcome = _outcome(game, data)
    assert isinstance(outcome, Refused) and outcome.form.errors.get("counting_points")


@pytest.mark.django_db
def test_tricks_for_bids_taken_back_on_another_phone_are_stale_and_say_what_was_entered(factory):
    game = _spades(factory)
    data = {**ENDLESS["spades"].next_post(game), "token": str(uuid.uuid4())}  # bids opened
    services.reopen_deal(game)  # another phone takes them back
    outcome = _outcome(game, data)
    assert isinstance(outcome, Stale)
    assert "taken back on another phone" in outcome.said and "not saved" in outcome.said
    assert game.deals.count() == 0


@pytest.mark.django_db
def test_bids_sent_twice_are_a_repeat_and_bids_after_another_phones_are_stale(factory):
    game = _spades(factory)
    entry = registry.game("spades")

    def open_bids(bids, token):
        game.refresh_from_db()
        setup = services.setup_of(game)
        state = services.state_from_cache(game, setup)
        data = {"stage": "opening", "expected_number": 1, "token": token}
        data.update({f"bid_{seat}": bid for seat, bid in enumerate(bids)})
        post = record_post.read(_query(data), recording.stages_of(entry))
        return recording.open_bids(game, entry, setup, state, post, user=game.owner)

    token = str(uuid.uuid4())
    opened = open_bids([3, 3, 3, 3], token)
    assert isinstance(opened, Opened) and opened.number == 1 and game.deals.count() == 0
    assert isinstance(open_bids([3, 3, 3, 3], token), Repeated)  # a late double tap
    other = open_bids([4, 4, 4, 1], str(uuid.uuid4()))  # this phone had other bids
    assert isinstance(other, Stale) and "entered on another phone" in other.said


@pytest.mark.django_db
def test_an_undo_takes_the_last_deal_back_into_the_form(factory):
    game = _thunee(factory)
    entry = registry.game("thunee")
    factory.normal_deal(game)
    factory.normal_deal(game)
    facts = game.deals.get(number=2).facts
    outcome = recording.undo(game, entry, "2", user=game.owner)
    assert isinstance(outcome, Undone) and outcome.deal.number == 2
    assert outcome.form.initial["counting_points"] == facts["counting_points"]
    assert outcome.form.initial["expected_number"] == 2  # the coming deal is deal 2 again
    assert game.deals.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("number", "said"),
    [
        ("1", "The last deal is now deal 2: another phone changed the game."),
        ("²", "Nothing was undone: that undo button was out of date."),
    ],
)
def test_an_undo_of_another_deal_than_the_last_is_stale_and_undoes_nothing(number, said, factory):
    game = _thunee(factory)
    factory.normal_deal(game)
    factory.normal_deal(game)
    outcome = recording.undo(game, registry.game("thunee"), number, user=game.owner)
    assert isinstance(outcome, Stale) and said in outcome.said
    assert game.deals.count() == 2


def _edit(game, number: int, **change):
    entry = registry.game(game.kind)
    deal = game.deals.get(number=number)
    data = {**entry.deal_form.initial_from_facts(deal.facts), **change}
    data["token"] = str(uuid.uuid4())
    board = services.scoreboard(game)
    return recording.edit(game, entry, board, deal, _query(data), user=game.owner)


@pytest.mark.django_db
def test_an_edit_rescores_the_log_or_is_refused_naming_the_deal_it_would_break(factory):
    game = _thunee(factory)
    factory.normal_deal(game)
    factory.normal_deal(game)
    edited = _edit(game, 1, call=20)  # the same dealers after it
    assert edited == Edited(1) and game.deals.get(number=1).facts["call"] == 20
    refused = _edit(game, 1, counting_points=40)  # another dealer for deal 2
    assert isinstance(refused, Refused) and refused.editing.number == 1
    assert "deal 2 no longer fits" in " ".join(refused.form.non_field_errors())
    assert game.deals.get(number=1).facts["counting_points"] != 40
    # An edit that takes back the coming deal's bids says them: test_nigerian_thuni_views.py.


# ---- the answers ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_each_outcome_gets_its_own_answer(factory, client):
    game = _thunee(factory)
    client.force_login(game.owner)
    url = reverse("deal_record", args=[game.pk])
    data = {**thunee_next(game), "token": str(uuid.uuid4()), "keeps": "form"}

    recorded = client.post(url, data, **HTMX)  # the small answer: the form stays, reset
    assert recorded.status_code == 200 and REFUSED not in recorded
    assert "deal-recorded" in recorded["HX-Trigger-After-Swap"] and "HX-Retarget" not in recorded
    assert 'id="deal-1"' in recorded.content.decode()
    assert 'id="main"' not in recorded.content.decode()

    repeated = client.post(url, data, **HTMX)  # the page as it is, nothing refused
    assert repeated.status_code == 200 and REFUSED not in repeated
    assert 'id="main"' in repeated.content.decode() and game.deals.count() == 1

    refused = client.post(url, {**data, "token": "x", "counting_points": "77"}, **HTMX)
    assert refused[REFUSED] == "1" and refused["HX-Retarget"] == "#deal-form"
    html = refused.content.decode()
    assert 'name="counting_points"' in html and 'value="77"' in html  # the input kept

    without_htmx = client.post(url, {**thunee_next(game), "token": str(uuid.uuid4())})
    assert without_htmx.status_code == 302 and game.deals.count() == 2


@pytest.mark.django_db
def test_a_stale_entry_gets_the_page_with_what_was_entered_and_is_refused(factory, client):
    game = _spades(factory)
    client.force_login(game.owner)
    data = {**ENDLESS["spades"].next_post(game), "token": str(uuid.uuid4())}
    services.reopen_deal(game)
    answer = client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    html = answer.content.decode()
    assert answer[REFUSED] == "1" and 'id="main"' in html
    assert "taken back on another phone" in html and 'class="deal-form stage-opening"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("key", "keeps", "kept"),
    [
        ("thunee", "form", True),
        ("thunee", "nothing", False),
        ("thunee", None, False),  # no hint: the page keeps nothing
        ("thunee", "bids-form", False),  # Thunee has no bids form to keep
        ("thunee", "everything", False),  # a hint it does not know
        ("spades", "bids-form", True),
        ("spades", "form", False),  # a Spades form is not reset in place
        ("spades", None, False),
    ],
)
def test_the_hint_is_taken_only_where_it_fits_the_next_form(key, keeps, kept, factory, client):
    house_rules, players, next_post = ENDLESS[key]
    game = factory.make_game(game=key, house_rules=house_rules, players=players)
    client.force_login(game.owner)
    data = {**next_post(game), "token": str(uuid.uuid4())}
    data.pop("keeps", None)
    if keeps is not None:
        data["keeps"] = keeps
    answer = client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert answer.status_code == 200 and game.deals.count() == 1
    assert ('id="main"' not in answer.content.decode()) is kept
    assert ("HX-Retarget" not in answer) is kept


@pytest.mark.django_db
def test_a_page_from_before_the_hint_still_keeps_its_bids_form(factory, client):
    """For one release: a phone whose page was loaded before says it the old way."""
    game = _spades(factory)
    client.force_login(game.owner)
    data = {**ENDLESS["spades"].next_post(game), "token": str(uuid.uuid4())}
    del data["keeps"]
    data["bids_form"] = "kept"
    answer = client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    assert "deal-form-kept" in answer["HX-Trigger"] and 'id="main"' not in answer.content.decode()


@pytest.mark.django_db
def test_a_game_that_ends_sends_the_top_of_the_page_whatever_the_hint(factory, client):
    game = factory.make_game(game="thunee")
    client.force_login(game.owner)
    url = reverse("deal_record", args=[game.pk])
    for _ in range(40):
        game.refresh_from_db()
        if game.finished:
            break
        data = {**thunee_next(game), "token": str(uuid.uuid4()), "keeps": "form"}
        answer = client.post(url, data, **HTMX)
    assert game.finished
    assert answer["HX-Retarget"] == "#main" and "game-over" in answer.content.decode()


# ---- reading the post -------------------------------------------------------------------------

TEXT = st.text(max_size=40) | st.sampled_from(["opening", "closing", "full", "form", "1", "²"])


@settings(max_examples=300, deadline=None)
@given(
    fields=st.dictionaries(
        st.sampled_from(["stage", "expected_number", "token", "keeps", "bids_form", "prefilled"]),
        st.lists(TEXT, min_size=1, max_size=3),
    ),
    stages=st.sampled_from([(), ("opening", "closing")]),
)
def test_any_post_reads_as_one_value_of_known_shapes(fields, stages):
    query = QueryDict(mutable=True)
    for name, values in fields.items():
        query.setlist(name, values)
    post = record_post.read(query, stages)
    assert post.stage is None or post.stage in stages
    assert post.expected_number is None or post.expected_number >= 1
    assert post.token is None or isinstance(post.token, uuid.UUID)
    assert post.keeps in record_post.KEEPS
    if query.get("keeps") in record_post.KEEPS:
        assert post.keeps == query.get("keeps")
    elif "keeps" in query or query.get("bids_form") != "kept":
        assert post.keeps == "nothing"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("points", "said"),
    [("400", "At most 304 here: check the number."), ("-5", "At least 0 here: check the number.")],
)
def test_a_number_out_of_bounds_is_said_in_the_tables_words_at_its_field(
    factory, client, points, said
):
    game = _thunee(factory)
    client.force_login(game.owner)
    data = {**thunee_next(game), "token": str(uuid.uuid4()), "counting_points": points}
    refused = client.post(reverse("deal_record", args=[game.pk]), data, **HTMX)
    html = refused.content.decode()
    assert refused[REFUSED] == "1" and said in html and "Ensure this value" not in html
    assert f'value="{points}"' in html  # the input kept
