"""Recording a deal, side by side with the floor: a bare view that inserts one row.

Both run in one process through Django's full middleware stack (sessions, auth, CSRF checks on),
interleaved A B A B so that any drift of the machine's speed hits both alike. The figure to
read is the median of the pairwise ratios record/bare; on a machine shared with other work the
ratio of CPU times (time.process_time) varies far less than the wall-clock one. A third request
each round, the unrendered record (tests/bench/urls.py), says what rendering the answer costs.
"""

from __future__ import annotations

import statistics
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.test import Client
from django.urls import reverse


@dataclass
class RecordFigures:
    game: str
    record_ms: float
    bare_ms: float
    ratio: float  # median of the pairwise ratios
    response_kb: float
    unrendered_ratio: float | None = None  # the same deal recorded, answered with 5 KB unrendered
    # The same pairs in CPU time of this process: what waiting for a core on a loaded machine
    # adds to the wall-clock times is left out (in process only).
    cpu_ratio: float | None = None
    unrendered_cpu_ratio: float | None = None
    render_cpu_ms: float | None = None  # CPU time of the record less the unrendered record


def csrf_client(user) -> tuple[Client, str]:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    client.get(reverse("home"))  # sets the CSRF cookie
    return client, client.cookies["csrftoken"].value


def measure(
    key: str,
    game,
    next_post: Callable[[], dict],
    *,
    rounds: int,
    warmup: int = 30,
) -> RecordFigures:
    """`next_post()` gives the POST data of the coming deal (prepared outside the timing)."""
    client, token = csrf_client(game.owner)
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_X_CSRFTOKEN": token}
    record_url = reverse("deal_record", args=[game.pk])
    bare_url = reverse("bench_bare_insert", args=[game.pk])
    unrendered_url = reverse("bench_unrendered_record", args=[game.pk])
    record_times, bare_times, sizes = [], [], []
    cpu: dict[str, list[float]] = {"record": [], "bare": [], "unrendered": []}

    def timed(url: str, data: dict) -> tuple[float, float, Any]:
        started, cpu_started = time.perf_counter(), time.process_time()
        response = client.post(url, data, **headers)
        return time.perf_counter() - started, time.process_time() - cpu_started, response

    for i in range(warmup + rounds):
        data = next_post()
        data["token"] = str(uuid.uuid4())
        took, record_cpu, response = timed(record_url, data)
        assert response.status_code == 200 and b"deal-form" in response.content, response.content[
            :300
        ]
        bare_took, bare_cpu, bare = timed(bare_url, {})
        assert bare.status_code == 200
        data = next_post()
        data["token"] = str(uuid.uuid4())
        _, unrendered_cpu, unrendered = timed(unrendered_url, data)
        assert unrendered.status_code == 200
        if i >= warmup:
            record_times.append(took)
            bare_times.append(bare_took)
            sizes.append(len(response.content))
            cpu["record"].append(record_cpu)
            cpu["bare"].append(bare_cpu)
            cpu["unrendered"].append(unrendered_cpu)
    ratios = [r / b for r, b in zip(record_times, bare_times, strict=True)]
    # Medians of CPU times rather than of pairwise ratios: the process clock ticks coarsely on
    # some machines, and a bare insert measured as 0 would break a ratio.
    record_cpu, bare_cpu, unrendered_cpu = (statistics.median(cpu[k]) for k in cpu)
    return RecordFigures(
        key,
        statistics.median(record_times) * 1000,
        statistics.median(bare_times) * 1000,
        statistics.median(ratios),
        max(sizes) / 1024,
        unrendered_cpu_ratio=unrendered_cpu / bare_cpu,
        cpu_ratio=record_cpu / bare_cpu,
        render_cpu_ms=(record_cpu - unrendered_cpu) * 1000,
    )
