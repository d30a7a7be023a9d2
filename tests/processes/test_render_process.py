"""The followers' shared answers are rendered in a process of each worker's own, at a lower
priority than the requests (scorekeeper/streams/renderer.py): a spectator still gets every deal
by stream, the render process runs niced beside its worker, and it ends when its worker is
killed outright (no render process left behind by a crash)."""

from __future__ import annotations

import os
import re
import signal
import time
import uuid
from pathlib import Path

import pytest

from scorekeeper.streams.renderer import NICE
from tests.streams.server import Stream

from .server import fresh_database, gunicorn, run_script
from .test_phones_at_once import RECORDED
from .test_two_app_servers import poll_url

pytestmark = [pytest.mark.processes, pytest.mark.xdist_group("render-process")]


def children(pid: int) -> list[int]:
    found = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in found]


def render_processes(master: int) -> dict[int, int]:
    """Each worker's render process: {worker pid: render pid}."""
    out = {}
    for worker in children(master):
        for child in children(worker):
            if b"multiprocessing.spawn" in Path(f"/proc/{child}/cmdline").read_bytes():
                out[worker] = child
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def follow_by_watch_link(server, page: str, owner: str) -> Stream:
    """The owner makes the game's watch link; a spectator's stream follows it."""
    made = server.request("POST", f"{page}share/watch/make/", session=owner, htmx=False)
    assert made[0] == 302
    share = server.request("GET", f"{page}share/", session=owner)[1]
    token = re.search(r"/watch/([-\w]+)/", share)[1]
    link_poll = poll_url(server.request("GET", f"/watch/{token}/", htmx=False)[1])
    spectator = Stream(server.port, [link_poll])
    assert spectator.status == 200
    return spectator


def test_a_spectator_gets_the_deals_from_a_niced_render_process_that_ends_with_its_worker(
    tmp_path,
):
    with fresh_database("sqlite", tmp_path) as url:
        seeded = run_script(url, "seed", "1", "1", "3")
        game = seeded["games"][0]
        owner = seeded["sessions"][0]
        page = f"/games/{game['pk']}/"
        with gunicorn(url, workers=1) as server:
            spectator = follow_by_watch_link(server, page, owner)
            for number, deal in enumerate(game["posts"][:2], start=1):
                data = {**deal, "expected_number": number, "token": str(uuid.uuid4())}
                status, body = server.request("POST", f"{page}deals/", session=owner, data=data)
                assert status == 200 and RECORDED in body
                pushed = spectator.next(timeout=10)
                assert pushed is not None and pushed.name == "swap"
                assert f'id="deal-{number}"' in pushed.data
            spectator.close()

            ((worker, renderer),) = render_processes(server.pid).items()
            assert (
                os.getpriority(os.PRIO_PROCESS, renderer) - os.getpriority(os.PRIO_PROCESS, worker)
                == NICE
            )
            os.kill(worker, signal.SIGKILL)
            for _ in range(50):
                if not alive(renderer):
                    break
                time.sleep(0.1)
            assert not alive(renderer), "the render process outlived its worker"


def test_a_worker_with_a_render_process_ends_cleanly_when_the_server_stops(tmp_path):
    """A restart (SIGTERM to gunicorn) closes the streams and ends each worker by exiting, not
    by the signal: no error in the log, and the render process's semaphores are given back."""
    log = tmp_path / "gunicorn.log"
    with fresh_database("sqlite", tmp_path) as url:
        seeded = run_script(url, "seed", "1", "1", "3")
        game = seeded["games"][0]
        owner = seeded["sessions"][0]
        page = f"/games/{game['pk']}/"
        with gunicorn(url, workers=1, log=log) as server:
            spectator = follow_by_watch_link(server, page, owner)
            deal = {**game["posts"][0], "expected_number": 1, "token": str(uuid.uuid4())}
            assert server.request("POST", f"{page}deals/", session=owner, data=deal)[0] == 200
            pushed = spectator.next(timeout=10)
            assert pushed is not None and pushed.name == "swap"  # rendered in its process
            assert render_processes(server.pid)
        spectator.close()
    said = log.read_text()
    assert "was sent SIGTERM" not in said, said
    assert "leaked semaphore" not in said, said
    assert "Traceback" not in said, said
