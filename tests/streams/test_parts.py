"""The streams' parts on their own: what a page's addresses follow (any text, never an error),
the wire format, and a page that falls behind."""

from __future__ import annotations

import asyncio
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.streams import events
from scorekeeper.streams.hub import QUEUE, UNSENT, Hub, Subscriber
from scorekeeper.streams.topics import KINDS, MOST, topic_of, topics_of

ADDRESSES = st.one_of(
    st.text(max_size=80),
    st.builds(
        lambda kind, ident, query: (
            f"/{kind}/{ident}/{'next' if kind == 'table' else 'live'}/?{query}"
        ),
        st.sampled_from(["games", "watch", "screen", "table", "nights"]),
        st.text(alphabet="abc123-_/.%?&=", min_size=1, max_size=30),
        st.text(max_size=30),
    ),
)


def test_each_poll_is_a_topic_of_its_kind_with_the_page_s_stamp():
    assert topic_of("/watch/AbC-1_x/live/?v=3.1700").key == ("watch", "AbC-1_x")
    assert topic_of("/watch/AbC-1_x/live/?v=3.1700").shared
    game = topic_of("/games/12/live/?v=2.5&t=ticket")
    assert (game.key, game.stamp, game.shared) == (("game", "12"), "2.5", False)
    assert game.query_with("9.9") == "v=9.9&t=ticket"
    assert game.query_with(None) == "t=ticket"
    assert topic_of("/screen/tok/live/?v=1.2.3.4").key == ("screen", "tok")
    assert topic_of("/table/tok/next/?v=ab&game=7").key == ("follow", "tok")
    for other in ("/games/12/", "/watch/tok/", "//evil.example/watch/t/live/", "watch/t/live/"):
        assert topic_of(other) is None
    assert topic_of("https://elsewhere.example/watch/t/live/") is None


@settings(max_examples=200, deadline=None)
@given(st.lists(ADDRESSES, max_size=8))
def test_any_addresses_give_at_most_a_few_distinct_topics_and_never_an_error(addresses):
    topics = topics_of(addresses)
    assert len(topics) <= MOST
    assert len({t.key for t in topics}) == len(topics)
    assert all(t.kind in {kind for kind, _arg, _shared in KINDS.values()} for t in topics)


def test_an_answer_goes_out_as_data_lines_whatever_its_line_ends():
    lines = events.body_lines(b"<p>a</p>\r\n<p>b</p>\r<p>c</p>\n")
    assert lines == b"data: <p>a</p>\ndata: <p>b</p>\ndata: <p>c</p>\ndata: \n"
    event = events.swap("1.2|x", 0, lines)
    assert event.startswith(b"id: 1.2|x\nevent: swap\ndata: 0\ndata: <p>a</p>\n")
    assert event.endswith(b"\n\n")
    assert events.last_ids("1.2||z|w", 3) == ["1.2", "", "z"]
    assert events.last_ids("", 2) == ["", ""]


def test_a_page_that_falls_behind_is_emptied_and_sent_where_things_stand_once():
    async def scenario():
        hub = Hub()
        topics = topics_of(["/watch/tok/live/?v=1.1", "/games/3/live/?v=1.1&t="])
        sub = Subscriber(topics, "en", {}, {})
        for n in range(QUEUE):
            sub.put(f"event {n}".encode(), hub)
        assert sub.queue.qsize() == QUEUE and sub.behind == 0
        sub.put(b"one too many", hub)
        assert sub.queue.empty() and sub.behind == 1
        assert set(sub.sent.values()) == {UNSENT}  # whatever it has, it gets everything again
        assert hub.pending == {("watch", "tok"), ("game", "3")}
        assert sub.ids() == "|"  # a reconnect now would ask for everything too

    asyncio.run(scenario())


@pytest.mark.django_db
def test_without_the_stream_server_django_says_no_stream_here_and_the_page_polls(client):
    response = client.get("/stream/?f=/watch/tok/live/%3Fv%3D1.1")
    assert response.status_code == 204  # an EventSource closes on it, quietly


def test_a_page_that_changes_faster_than_it_renders_still_moves_on(monkeypatch):
    """A big screen's night changes every few milliseconds and its answer takes longer to
    render: one render at a time, each sent to who waited, the last one the newest."""
    from scorekeeper.streams import render

    rendered = []

    def slow(topic, stamp, language, environ):
        time.sleep(0.05)
        rendered.append(stamp)
        return f"<p>{stamp}</p>".encode(), 0.0

    monkeypatch.setattr(render, "shared_answer", slow)
    key = ("screen", "tok")

    async def scenario():
        hub = Hub()
        hub.loop, hub.wake = asyncio.get_running_loop(), asyncio.Event()
        sub = Subscriber(topics_of(["/screen/tok/live/?v=s0"]), "en", {}, {})
        hub.subs[key].add(sub)
        for n in range(1, 7):
            hub.current[key] = f"s{n}"
            hub.deliver(key)
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)
        return [sub.queue.get_nowait() for _ in range(sub.queue.qsize())]

    sent = asyncio.run(scenario())
    assert 2 <= len(rendered) < 6 and rendered[-1] == "s6"  # not one per change
    assert len(sent) == len(rendered)  # each render reached the page
    assert b"data: <p>s6</p>" in sent[-1] and sent[-1].startswith(b"id: s6\n")
