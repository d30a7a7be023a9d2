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


def test_a_costly_answer_renders_apart_and_does_not_hold_back_a_cheap_one(monkeypatch):
    """A big screen's render (costly: its last one took over COSTLY) goes to a pool of its own,
    so a table page's render that comes meanwhile is not queued behind it."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from scorekeeper.streams import hub as hub_module
    from scorekeeper.streams import render

    screen_started, screen_may_end = threading.Event(), threading.Event()

    def answer(topic, stamp, language, environ):
        if topic.kind == "screen":
            screen_started.set()
            screen_may_end.wait(5)
            return b"<p>screen</p>", 1.0  # as costly as a big night's
        return f"<p>{stamp}</p>".encode(), 0.001

    monkeypatch.setattr(render, "shared_answer", answer)
    # As under the app server: one render at a time in each pool (a process each).
    monkeypatch.setattr(hub_module.renderer, "executor", lambda threads: ThreadPoolExecutor(1))
    screen, watch = ("screen", "tok"), ("watch", "wtok")

    async def scenario():
        hub = Hub()
        hub.loop, hub.wake = asyncio.get_running_loop(), asyncio.Event()
        on_screen = Subscriber(topics_of(["/screen/tok/live/?v=s0"]), "en", {}, {})
        on_watch = Subscriber(topics_of(["/watch/wtok/live/?v=w0"]), "en", {}, {})
        hub.subs[screen].add(on_screen)
        hub.subs[watch].add(on_watch)
        hub.costs[screen] = 1.0  # its last render was costly
        hub.current[screen] = "s1"
        hub.deliver(screen)
        await asyncio.get_running_loop().run_in_executor(None, screen_started.wait, 5)
        hub.current[watch] = "w1"
        hub.deliver(watch)
        for _ in range(100):  # the table page's answer comes while the screen still renders
            if on_watch.queue.qsize():
                break
            await asyncio.sleep(0.01)
        got_watch = on_watch.queue.qsize()
        screen_may_end.set()
        await asyncio.sleep(0.1)
        return got_watch, on_screen.queue.qsize()

    got_watch, got_screen = asyncio.run(scenario())
    assert got_watch == 1, "the table page's render waited behind the screen's"
    assert got_screen == 1
