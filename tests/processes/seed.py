"""The database side of the process tests, run in its own process with the server's settings:
`migrate`; `seed GAMES PHONES DEALS` (games kept by PHONES people each, and the POST data of
DEALS deals that never end the game); `check GAME...` (what each game's log holds)."""

from __future__ import annotations

import json
import os
import sys


def main(argv: list[str]) -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.bench.settings")
    import django

    django.setup()
    from django.core.management import call_command

    if argv[0] == "migrate":
        call_command("migrate", verbosity=0)
        return {"ok": True}
    if argv[0] == "seed":
        return seed(int(argv[1]), int(argv[2]), int(argv[3]))
    if argv[0] == "check":
        return {pk: check(int(pk)) for pk in argv[1:]}
    raise SystemExit(f"unknown command {argv[0]}")


def seed(games: int, phones: int, deals: int) -> dict:
    from django.test import Client

    from scorekeeper.games import services
    from scorekeeper.games.models import GameRole
    from scorekeeper.rules.thunee import GameState, parse_deal, score_deal
    from tests.factories import Factory

    factory = Factory()
    owner = factory.make_user()
    keepers = [owner] + [factory.make_user() for _ in range(phones - 1)]
    sessions = []
    for user in keepers:
        client = Client()
        client.force_login(user)
        sessions.append(client.cookies["sessionid"].value)
    out = {"sessions": sessions, "usernames": [u.get_username() for u in keepers], "games": []}
    for _ in range(games):
        game = factory.make_game(owner, house_rules={"two_to_clear": "on"})
        GameRole.objects.bulk_create(
            GameRole(game=game, user=user, role=GameRole.SCOREKEEPER) for user in keepers[1:]
        )
        setup = services.setup_of(game)
        state = GameState.initial(setup)
        posts = []
        for _ in range(deals):  # the team behind always wins: with two to clear, no end
            maker = setup.after(state.dealer)
            counting = 1 - setup.team_of(maker)
            behind = 0 if state.balls[0] <= state.balls[1] else 1
            points = 152 if counting == behind else 40
            facts = {"trump_maker": maker, "call": 0, "last_trick": maker}
            facts["counting_points"] = points
            state = score_deal(parse_deal(facts, setup), state, setup).after
            posts.append({"kind": "normal", **facts})
        out["games"].append({"pk": game.pk, "posts": posts})
    return out


def check(pk: int) -> dict:
    from scorekeeper.games.models import Deal, DealChange, Game

    game = Game.objects.get(pk=pk)
    deals = list(Deal.objects.filter(game=game).order_by("number"))
    return {
        "numbers": [d.number for d in deals],
        "facts": [d.facts for d in deals],
        "tokens": len({d.token for d in deals}),
        "recorded": DealChange.objects.filter(game=game, action="recorded").count(),
        "undone": DealChange.objects.filter(game=game, action="undone").count(),
        "version": game.version,
        "cached_deals": game.state_cache.get("deals"),
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
