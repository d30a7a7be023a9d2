"""`make bench`: what recording a deal costs beside a bare insert, the live poll, a game page's
load, the log's length, a big season and a game night under load (docs/speed.md). Prints each
part's table as it goes, then every figure as one Markdown table, also written to
bench-results.md (tests/bench/results.py). Asserts nothing: the query counts and answer sizes
are asserted in tests/web."""

from __future__ import annotations

import os
import sys
import time


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.bench.settings")
    rounds = int(os.environ.get("BENCH_ROUNDS", "300"))
    # BENCH_PARTS=record,http: only the record figures (the poll, the page loads, the log's
    # length, the season of 10,000 games and the game night take minutes more).
    everything = "record,http,poll,page,log,seasons,night"
    parts = set(os.environ.get("BENCH_PARTS", everything).split(","))
    if os.environ.get("BENCH_ONLY") == "night":  # just the game night under load
        parts = {"night"}
    import django

    django.setup()
    from django.core.management import call_command

    from tests.bench.results import Results
    from tests.factories import Factory

    call_command("migrate", verbosity=0)
    factory = Factory()
    results = Results()
    stopped = " (stopped by an error: the figures so far)"
    try:
        _run(parts, factory, rounds, results)
        stopped = ""
    finally:  # the figures gathered are written even when a part fails
        table = results.markdown(stopped)
        path = results.write(table)
        print()
        print(f"All the figures, as written to {path}:")
        print()
        print(table, end="")


def _run(parts: set[str], factory, rounds: int, results) -> None:
    if "record" in parts:
        _record_in_process(factory, rounds, results)
    if "http" in parts:
        _record_over_http(factory, rounds, results)
    if "poll" in parts:
        _polls(factory, rounds, results)
    if "page" in parts:
        _page_loads(factory, rounds, results)
    if "log" in parts:
        _log_length(factory, results)
    if "seasons" in parts:
        from tests.bench.seasons import bench_seasons  # a season of 10,000 games (SEASON_GAMES)

        print()
        out = bench_seasons()
        results.add("seasons", f"{out['games']:,} games, 20 players", _season_figures(out))
    if "night" in parts:
        from tests.bench.night import bench_night  # N tables at once over HTTP

        print()
        for stage in bench_night():
            results.add("game night", stage.case, stage.figures)


def _season_figures(out: dict[str, float]) -> dict[str, str]:
    return {
        "generated in": f"{out['generate_s']:.1f} s",
        "first read ever": f"{out['first_sync_s']:.1f} s",
        "standings page, warm": (
            f"{out['standings_page_ms']:.1f} ms, {out['standings_page_queries']:.0f} queries"
        ),
        "standings query alone": f"{out['standings_query_ms']:.1f} ms",
        "partnerships": f"{out['partnerships_ms']:.1f} ms",
        "head-to-head of two players": f"{out['head_to_head_ms']:.1f} ms",
        "next read after a game ended": f"{out['after_a_game_ms']:.1f} ms",
        "next read after the first game was edited": f"{out['after_first_game_edit_ms']:.1f} ms",
        "game page, empty group": f"{out['game page, empty group']:.1f} ms",
        "game page, this group": f"{out['game page, this group']:.1f} ms",
    }


def _record_in_process(factory, rounds: int, results) -> None:
    from tests.bench.record import measure
    from tests.bench.tables import ENDLESS

    print(f"Recording a deal against a bare insert (median of {rounds} A/B/C rounds, in process)")
    print("  CPU: this process's CPU time, record / bare and unrendered / bare; render: record")
    print("  less unrendered, in CPU ms (time waiting for a core on a loaded machine left out)")
    print(
        f"{'game':>16} {'record ms':>10} {'bare ms':>8} {'ratio':>6} {'response KB':>12}"
        f" {'CPU ratio':>10} {'CPU unrendered':>15} {'render CPU ms':>14}"
    )
    for key, (house_rules, players, next_post) in ENDLESS.items():
        game = factory.make_game(game=key, house_rules=house_rules, players=players)
        figures = measure(key, game, lambda g=game, f=next_post: f(g), rounds=rounds)
        print(
            f"{key:>16} {figures.record_ms:>10.2f} {figures.bare_ms:>8.2f}"
            f" {figures.ratio:>6.2f} {figures.response_kb:>12.1f} {figures.cpu_ratio:>10.2f}"
            f" {figures.unrendered_cpu_ratio:>15.2f} {figures.render_cpu_ms:>14.2f}"
        )
        results.add(
            "record, in process",
            key,
            {
                "record": f"{figures.record_ms:.2f} ms",
                "bare insert": f"{figures.bare_ms:.2f} ms",
                "record / bare": f"{figures.ratio:.2f}x",
                "record / bare, CPU": f"{figures.cpu_ratio:.2f}x",
                "unrendered / bare, CPU": f"{figures.unrendered_cpu_ratio:.2f}x",
                "render, CPU": f"{figures.render_cpu_ms:.2f} ms",
                "answer": f"{figures.response_kb:.1f} KB",
            },
        )
    sys.stdout.flush()


def _record_over_http(factory, rounds: int, results) -> None:
    from tests.bench.over_http import measure_http
    from tests.bench.tables import ENDLESS

    print()
    print(f"The same over HTTP: gunicorn, one sync worker (median of {rounds} A/B/C rounds)")
    print("  unrendered: the same deal recorded, answered with 5 KB instead of the fragments")
    print(
        f"{'game':>16} {'record ms':>10} {'bare ms':>8} {'ratio':>6} {'response KB':>12}"
        f" {'unrendered ratio':>17}"
    )
    for key, (house_rules, players, next_post) in ENDLESS.items():
        game = factory.make_game(game=key, house_rules=house_rules, players=players)
        figures = measure_http(game, lambda g=game, f=next_post: f(g), rounds=rounds)
        print(
            f"{key:>16} {figures.record_ms:>10.2f} {figures.bare_ms:>8.2f}"
            f" {figures.ratio:>6.2f} {figures.response_kb:>12.1f}"
            f" {figures.unrendered_ratio:>17.2f}"
        )
        results.add(
            "record, over HTTP",
            key,
            {
                "record": f"{figures.record_ms:.2f} ms",
                "bare insert": f"{figures.bare_ms:.2f} ms",
                "record / bare": f"{figures.ratio:.2f}x",
                "unrendered / bare": f"{figures.unrendered_ratio:.2f}x",
                "answer": f"{figures.response_kb:.1f} KB",
            },
        )
    sys.stdout.flush()


def _polls(factory, rounds: int, results) -> None:
    from tests.bench.poll import GOAL as POLL_GOAL
    from tests.bench.poll import measure_polls

    print()
    print("The live poll of an unchanged game (answers a second; goal: at least 1,000 on 2 cores)")
    print(f"{'poll':>16} {'in process':>11} {'HTTP, 2 workers':>16}  statuses")
    for figure in measure_polls(factory, os.environ["DATABASE_URL"], rounds=rounds * 10):
        print(
            f"{figure.who:>16} {figure.in_process:>11.0f} {figure.over_http:>16.0f}"
            f"  {figure.statuses}  {'ok' if figure.over_http >= POLL_GOAL else 'BELOW GOAL'}"
        )
        results.add(
            "live poll",
            figure.who,
            {
                "in process": f"{figure.in_process:,.0f} answers/s",
                "over HTTP, 2 workers": f"{figure.over_http:,.0f} answers/s",
                "statuses over HTTP": figure.statuses,
            },
        )
    sys.stdout.flush()


def _page_loads(factory, rounds: int, results) -> None:
    from scorekeeper.games import services
    from tests.bench.page_load import measure_page_load
    from tests.bench.tables import ENDLESS

    print()
    print("A game page in Chromium at 390x844 from gunicorn (median of BENCH_ROUNDS/10 loads)")
    print(f"{'game':>16} {'first ms':>9} {'again, online':>14} {'again, offline':>15}")
    for key, (house_rules, players, next_post) in ENDLESS.items():
        game = factory.make_game(game=key, house_rules=house_rules, players=players)
        for _ in range(10):
            services.record_deal(
                game, _facts(game, next_post(game)), user=game.owner, token=_token()
            )
        load = measure_page_load(game, rounds=max(3, rounds // 10))
        if load is None:
            print("  (no Chromium at /usr/bin/chromium)")
            results.add("page load", "every game", {"not measured": "no /usr/bin/chromium"})
            break
        print(f"{key:>16} {load.first_ms:>9.0f} {load.online_ms:>14.0f} {load.offline_ms:>15.0f}")
        results.add(
            "page load",
            key,
            {
                "first load": f"{load.first_ms:.0f} ms",
                "again, online": f"{load.online_ms:.0f} ms",
                "again, offline": f"{load.offline_ms:.0f} ms",
            },
        )
    sys.stdout.flush()


def _log_length(factory, results) -> None:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scorekeeper import registry
    from scorekeeper.core.game import replay
    from scorekeeper.games import services
    from tests.bench.tables import ENDLESS

    print()
    print("The log's length (replay of the whole log; queries and sizes of the game page)")
    print(
        f"{'game':>16} {'deals':>6} {'replay ms':>10} {'page q':>7} {'page KB':>8}"
        f" {'record q':>9} {'rec KB':>7}"
    )
    for key, (house_rules, players, next_post) in ENDLESS.items():
        rules = registry.game(key).rules
        for deals in (1, 100, 1000):
            game = factory.make_game(game=key, house_rules=house_rules, players=players)
            for _ in range(deals):  # build the log through the services, as a table would
                data = next_post(game)
                services.record_deal(game, _facts(game, data), user=game.owner, token=_token())
            setup = services.setup_of(game)
            log = [row.facts for row in game.deals.all()]
            started = time.perf_counter()
            replay(rules, setup, log)
            replay_ms = (time.perf_counter() - started) * 1000
            client = Client()
            client.force_login(game.owner)
            with CaptureQueriesContext(connection) as page_q:
                page = client.get(reverse("game", args=[game.pk]))
            data = next_post(game)
            data["token"] = _token()
            with CaptureQueriesContext(connection) as rec_q:
                rec = client.post(
                    reverse("deal_record", args=[game.pk]), data, HTTP_HX_REQUEST="true"
                )
            assert rec.status_code == 200
            print(
                f"{key:>16} {deals:>6} {replay_ms:>10.1f} {len(page_q):>7}"
                f" {len(page.content) / 1024:>8.1f} {len(rec_q):>9} {len(rec.content) / 1024:>7.1f}"
            )
            results.add(
                "log length",
                f"{key}, {deals} deals",
                {
                    "replay": f"{replay_ms:.1f} ms",
                    "game page": f"{len(page_q)} queries, {len(page.content) / 1024:.1f} KB",
                    "record": f"{len(rec_q)} queries, {len(rec.content) / 1024:.1f} KB",
                },
            )


def _token() -> str:
    import uuid

    return str(uuid.uuid4())


def _facts(game, data):
    """The POST data of a deal as the deal form reads it, in game-log form."""
    from scorekeeper import registry
    from scorekeeper.games import services

    entry = registry.game(game.kind)
    setup = services.setup_of(game)
    state = services.state_from_cache(game, setup)
    form = entry.deal_form(
        {**data, "token": _token()},
        setup=setup,
        state=state,
        rules=entry.rules,
        stage="closing" if game.opening else "full",
        opening=game.opening,
    )
    assert form.is_valid(), form.errors
    return form.deal_data()


if __name__ == "__main__":
    main()
