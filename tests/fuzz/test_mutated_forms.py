"""Bad input never brings a server error: mutated real forms, posted to every deal endpoint of
every registered game.

Each example imports a game from its fixture log cut after a drawn number of deals (so the
fuzz reaches late states too: corner house, the game's end), then runs a sequence of posts.
A step reads the page the way a browser would, takes the real form it renders (every field,
hidden ones included), fills it with the fixture's next deal where the form records one, and
then either posts it as it is or with fields dropped, repeated or replaced by numbers, words,
huge numbers, unicode or lists. The endpoints: record (and Spades' and the like's bids), the
live preview, taking the bids back, undo, edit, what-if, a game's own pages, and an earlier
submission sent again (a double tap, a second phone's stale page).

Every answer must be below 500; after each sequence the game's cached state must equal a replay
of its log. `FUZZ_POSTS` sets the posts per game (a long run: FUZZ_POSTS=10000).
"""

from __future__ import annotations

import math
import os
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.games import services
from scorekeeper.games.models import Game
from tests.support.logs import fixture_log as fixture

from .mutations import DAMAGES, INDEX, VALUE, Damage, Pairs, as_post, damaged
from .page_forms import PageForm, forms_on

KEYS = sorted(registry.GAMES)
STEPS = 6  # posts in one sequence
POSTS = int(os.environ.get("FUZZ_POSTS", "60"))  # per game; `make test` keeps it short
KINDS = ["deal", "deal", "deal", "preview", "undo", "reopen", "edit", "what-if", "again", "page"]
PROGRESS = int(os.environ.get("FUZZ_PROGRESS", "0"))  # say the count every so many posts
POSTED: dict[str, int] = {}  # posts sent per game, said at the end of a long run


class Table:
    """One game being fuzzed through the test client, as its owner."""

    def __init__(self, client: Any, key: str, deals: list[dict], owner: Any) -> None:
        doc = {k: v for k, v in fixture(key).items() if k not in ("deals", "computed")}
        doc["deals"] = deals
        self.game = services.import_game(doc, owner=owner)
        self.client = client
        self.key = key
        self.entry = registry.game(key)
        self.script = fixture(key)["deals"]  # the valid entries, in order
        self.sent: list[tuple[str, Pairs]] = []
        self.pages: dict[tuple, PageForm | None] = {}

    def url(self, name: str, *args: Any) -> str:
        return reverse(name, args=[self.game.pk, *args])

    def read(self, url: str) -> str:
        response = self.client.get(url)
        assert response.status_code < 500, (url, response.status_code)
        return response.content.decode()

    def post(self, url: str, pairs: Pairs, *, htmx: bool) -> None:
        headers = {"HX-Request": "true"} if htmx else {}
        response = self.client.post(url, as_post(pairs), headers=headers)
        POSTED[self.key] = POSTED.get(self.key, 0) + 1
        assert response.status_code < 500, (url, pairs, response.status_code)
        if PROGRESS and POSTED[self.key] % PROGRESS == 0:  # a long run says how far it got
            print(f"{self.key}: {POSTED[self.key]} posts, none 5xx", flush=True)
        self.sent.append((url, pairs))

    def deals(self) -> int:
        return self.game.deals.count()

    def forms(self, url: str) -> list[PageForm]:
        """The page's forms, read again only when the game changed (a long run spends most of
        its time rendering pages); the deal form gets a new token each time, as a fresh page
        would."""
        stamp = (url, *Game.objects.filter(pk=self.game.pk).values_list("version", "updated_at")[0])
        if stamp not in self.pages:
            self.pages[stamp] = forms_on(self.read(url))
        forms = self.pages[stamp]
        for form in forms:
            form.pairs = [(n, str(uuid.uuid4()) if n == "token" else v) for n, v in form.pairs]
        return forms

    def deal_form(self, url: str) -> PageForm | None:
        return next((f for f in self.forms(url) if f.id == "deal-form"), None)

    def next_entry(self) -> dict[str, Any]:
        """The fixture's next deal as the form's initial values ({} past its end)."""
        n = self.deals()
        if n >= len(self.script):
            return {}
        return self.entry.deal_form.initial_from_facts(self.script[n])

    def check_cache_is_the_log_replayed(self) -> None:
        game = Game.objects.get(pk=self.game.pk)
        board = services.scoreboard(game)  # replays the log
        rules = board.rules
        assert game.state_cache
        assert rules.state_from_cache(game.state_cache, board.setup) == board.state
        assert game.finished == rules.is_finished(board.state)
        assert [row.number for row in board.deal_rows] == list(range(1, len(board.deals) + 1))
        if game.opening:  # bids kept for the coming deal still fit the game
            assert services.opening_of(game, board.setup, board.state) is not None


def filled(form: PageForm, initial: dict[str, Any]) -> Pairs:
    """The form's own submission with the values of a valid entry put in, as taps would."""
    given = [name for name in initial if name in form.names]
    out = [(n, v) for n, v in form.pairs if n not in given]
    for name in given:
        value = initial[name]
        for v in value if isinstance(value, list) else [value]:
            if v is None or v is False or v == "":
                continue
            on = (form.options.get(name) or ["on"])[0]
            out.append((name, on if v is True else str(v)))
    return out


@dataclass(frozen=True)
class Step:
    """Everything one step chooses, drawn before the page is read (see mutations.DAMAGE)."""

    kind: int  # among the endpoints that apply now
    damage: int  # how many of `damages` are done: 0 posts the form as it is
    damages: list[Damage]
    htmx: bool
    edit_preview: bool  # the preview of an edit (?number=), with `number` or the last deal
    number: str | None
    pick: int  # the deal edited, the submission sent again, the game page


STEP = st.builds(
    Step,
    INDEX,
    st.integers(min_value=0, max_value=3),
    DAMAGES,
    st.booleans(),
    st.booleans(),
    st.one_of(st.none(), VALUE.filter(lambda v: isinstance(v, str))),
    INDEX,
)


def step(plan: Step, table: Table) -> None:
    """One post to one endpoint, of the page's real form, damaged or not."""
    deals = table.deals()
    kinds = [
        k
        for k in KINDS
        if (deals or k not in ("edit", "what-if"))
        and (table.sent or k != "again")
        and (table.entry.pages or k != "page")
    ]
    kind = kinds[plan.kind % len(kinds)]
    htmx = plan.htmx

    def send(url: str, form: PageForm | None, pairs: Pairs) -> None:
        if plan.damage and form is not None:
            pairs = damaged(form, pairs, plan.damages[: plan.damage])
        table.post(url, pairs, htmx=htmx)

    if kind in ("deal", "preview"):
        form = table.deal_form(table.url("game"))
        if form is None:  # the game is over: no form
            return table.post(table.url("deal_record"), [], htmx=htmx)
        pairs = filled(form, table.next_entry())
        if kind == "deal":
            return send(form.action, form, pairs)
        url = table.url("deal_preview")
        if plan.edit_preview:
            url += "?" + urlencode({"number": plan.number or str(max(deals, 1))})
        return send(url, form, pairs)
    if kind in ("undo", "reopen"):
        form = next((f for f in table.forms(table.url("game")) if f"/{kind}/" in f.action), None)
        url = table.url(f"deal_{kind}")
        return send(url, form, form.pairs if form else [])
    if kind in ("edit", "what-if"):
        number = 1 + plan.pick % deals
        name = "deal_edit" if kind == "edit" else "deal_what_if"
        url = table.url(name, number)
        form = table.deal_form(url)
        return send(url, form, form.pairs if form else [])
    if kind == "again":
        url, pairs = table.sent[plan.pick % len(table.sent)]
        return table.post(url, pairs, htmx=htmx)
    page = table.entry.pages[plan.pick % len(table.entry.pages)]
    url = reverse("game_page", args=[table.game.pk, page.slug])
    table.read(url)
    return table.post(url, [("token", "x")] if plan.damage else [], htmx=htmx)


@pytest.mark.django_db
@pytest.mark.parametrize("key", KEYS)
def test_the_real_forms_filled_with_the_fixture_record_it(key, client, factory):
    """The fuzz's valid entries are real: the page's forms, filled with the fixture's deals
    and posted step by step, record the whole fixture to its hand-worked scores."""
    owner = factory.make_user()
    client.force_login(owner)
    table = Table(client, key, [], owner)
    posts = 0
    while table.deals() < len(table.script):
        form = table.deal_form(table.url("game"))
        table.post(form.action, filled(form, table.next_entry()), htmx=False)
        posts += 1
        assert posts <= 2 * len(table.script), "an entry was refused"
    # The scores as worked out by hand. (Not every explanation line: a two-step form records
    # a draw for the deal in the next deal's bids, where the fixture has it in the deal before.)
    exported = client.get(table.url("game_export")).json()
    assert exported["computed"]["state"] == fixture(key)["computed"]["state"]


@pytest.mark.django_db
@pytest.mark.parametrize("key", KEYS)
def test_mutated_forms_never_bring_a_server_error(key, client, factory):
    owner = factory.make_user()
    client.force_login(owner)
    script = fixture(key)["deals"]
    POSTED[key] = 0

    @settings(
        max_examples=math.ceil(POSTS / STEPS),
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(st.data())
    def sequence(data):
        played = data.draw(st.integers(min_value=0, max_value=len(script)), label="deals first")
        table = Table(client, key, script[:played], owner)
        for plan in data.draw(st.lists(STEP, min_size=STEPS, max_size=STEPS), label="steps"):
            step(plan, table)
        table.check_cache_is_the_log_replayed()

    sequence()
    assert POSTED.get(key, 0) >= POSTS
    print(f"{key}: {POSTED[key]} posts, none answered 5xx")  # seen with -s, for a long run
