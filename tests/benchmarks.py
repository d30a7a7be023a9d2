"""Benchmarks (`make bench`): how the log size affects scoring, queries and response sizes.

Prints a table; it asserts nothing (the query-count limits are asserted in tests/web).
"""

from __future__ import annotations

import os
import time
import uuid


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, setup_test_environment
    from django.urls import reverse

    from scorekeeper.games import services
    from scorekeeper.games.models import Deal
    from scorekeeper.rules.thunee import replay
    from tests.factories import Factory
    from tests.web.test_query_counts import endless_log

    setup_test_environment()
    call_command("migrate", verbosity=0)
    factory = Factory()
    print(
        f"{'deals':>6} {'replay ms':>10} {'page q':>7} {'page KB':>8} {'record q':>9} {'rec KB':>7}"
    )
    for deals in (1, 100, 500, 2000):
        owner = factory.make_user()
        game = factory.make_game(owner, house_rules={"two_to_clear": "on"})
        setup = services.setup_of(game)
        log = endless_log(setup, deals)
        Deal.objects.bulk_create(
            Deal(game=game, number=i + 1, facts=f, created_by=owner) for i, f in enumerate(log)
        )
        state = services.rebuild(game, setup)
        started = time.perf_counter()
        replay(setup, log)
        replay_ms = (time.perf_counter() - started) * 1000
        client = Client()
        client.force_login(owner)
        with CaptureQueriesContext(connection) as page_q:
            page = client.get(reverse("game", args=[game.pk]))
        maker = setup.after(state.dealer)
        data = {
            "kind": "normal",
            "trump_maker": maker,
            "call": 0,
            "last_trick": maker,
            "counting_points": 100,
            "token": str(uuid.uuid4()),
            "expected_number": deals + 1,
        }
        with CaptureQueriesContext(connection) as rec_q:
            rec = client.post(reverse("deal_record", args=[game.pk]), data, HTTP_HX_REQUEST="true")
        print(
            f"{deals:>6} {replay_ms:>10.1f} {len(page_q):>7} {len(page.content) / 1024:>8.1f}"
            f" {len(rec_q):>9} {len(rec.content) / 1024:>7.1f}"
        )


if __name__ == "__main__":
    main()
