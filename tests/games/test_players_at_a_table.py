"""One Asha per table: a group's games sit the group's players, whoever keeps the score, and a
scorekeeper's own games their own players; the migration that moved older group games so."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.games import services
from scorekeeper.games.models import Player
from tests.support.groups import make_group

NAMES = ["Asha", "Bongani", "Chetan", "Dev"]


def seated(game) -> list[Player]:
    return [seat.player for seat in game.seats.order_by("position").select_related("player")]


@pytest.mark.django_db
def test_every_keeper_of_a_group_seats_the_same_players(factory):
    first, second = factory.make_user("first"), factory.make_user("second")
    own = services.create_game(owner=first, players=NAMES, mode="4p")  # before the group
    friday = make_group(first, members=[second])
    by_first = services.create_game(owner=first, players=NAMES, mode="4p", group=friday)
    lower = [n.lower() for n in NAMES]  # another spelling is the same person
    by_second = services.create_game(owner=second, players=lower, mode="4p", group=friday)

    assert seated(by_first) == seated(by_second)  # one Asha at the Friday table
    assert {p.group for p in seated(by_first)} == {friday}
    assert [p.name for p in seated(by_second)] == NAMES  # the first spelling stays
    assert not set(seated(own)) & set(seated(by_first))  # first's own games keep their own

    work = make_group(first, name="Work")  # another table: another Asha
    at_work = services.create_game(owner=first, players=NAMES, mode="4p", group=work)
    assert not set(seated(at_work)) & set(seated(by_first))
    assert (
        services.create_game(owner=first, players=NAMES, mode="4p").seats.first().player
        == (seated(own)[0])
    )


BEFORE = [
    ("games", "0003_groups_seasons_fields"),
    ("groups", "0001_groups_and_members"),
    ("seasons", "0001_seasons_results_ratings"),
]
AFTER = [("games", "0005_one_player_name_per_table")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_the_migration_seats_older_group_games_with_the_groups_players():
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    old = migrate(BEFORE)
    try:
        User = old.get_model("auth", "User")
        Group = old.get_model("groups", "Group")
        Player = old.get_model("games", "Player")
        Game = old.get_model("games", "Game")
        Seat = old.get_model("games", "Seat")
        Result = old.get_model("seasons", "Result")
        first = User.objects.create(username="first")
        second = User.objects.create(username="second")
        third = User.objects.create(username="third")
        friday = Group.objects.create(name="Friday")
        own_asha = Player.objects.create(owner=first, name="Asha", user=second)  # no group
        group_asha = Player.objects.create(owner=second, group=friday, name="Asha")
        again = Player.objects.create(owner=third, group=friday, name="ASHA")  # a second one
        dev = Player.objects.create(owner=first, name="Dev")
        games = [Game.objects.create(owner=first, group=friday, kind="thunee") for _ in range(3)]
        for game, asha in zip(games, [own_asha, group_asha, again], strict=True):
            Seat.objects.create(game=game, player=asha, position=0)
        Seat.objects.create(game=games[0], player=dev, position=1)
        own_game = Game.objects.create(owner=first, kind="thunee")
        Seat.objects.create(game=own_game, player=own_asha, position=0)
        Result.objects.create(  # a season figure of the old seating: worked out again later
            game=games[0], group=friday, kind="thunee", played_on="2026-11-01", player=own_asha,
            seat=0, team=0, team_size=2, place=1, won=True,
        )  # fmt: skip

        new = migrate(AFTER)
        Seat = new.get_model("games", "Seat")
        Player = new.get_model("games", "Player")
        ashas = {Seat.objects.get(game_id=g.pk, position=0).player_id for g in games}
        assert ashas == {group_asha.pk}  # one Asha at the Friday table
        assert Player.objects.get(pk=group_asha.pk).user_id == second.pk  # the link came too
        assert not Player.objects.filter(pk=again.pk).exists()  # merged into the first
        moved_dev = Seat.objects.get(game_id=games[0].pk, position=1).player
        assert (moved_dev.group_id, moved_dev.name, moved_dev.owner_id) == (
            friday.pk,
            "Dev",
            first.pk,
        )
        assert Seat.objects.get(game_id=own_game.pk).player_id == own_asha.pk  # own games stay
        assert not new.get_model("seasons", "Result").objects.exists()
    finally:
        migrate(leaves)
