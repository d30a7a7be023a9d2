"""The record path's plain-SQL writes store what the ORM would, and keep the optimistic lock."""

import uuid

import pytest
from django.db import connection, transaction

from scorekeeper.games import plain_sql
from scorekeeper.games.models import Deal, Game
from tests.factories import Factory

pytestmark = pytest.mark.django_db


def test_insert_stores_every_field_and_sets_the_key():
    game = Factory().make_game()
    token = uuid.uuid4()
    deal = Deal(game=game, number=1, facts={"kind": "normal", "é": [1, None]}, token=token)
    deal.created_by = game.owner
    with transaction.atomic(), connection.cursor() as cursor:
        plain_sql.insert(cursor, deal)
    assert deal.pk is not None and deal.created_at is not None
    stored = Deal.objects.get(pk=deal.pk)
    assert stored.facts == {"kind": "normal", "é": [1, None]}
    assert stored.token == token
    assert stored.created_by == game.owner
    assert stored.created_at == deal.created_at
    assert stored.edited_at is None


def test_update_only_lands_on_the_version_it_read():
    game = Factory().make_game()
    version = Game.objects.get(pk=game.pk).version
    with transaction.atomic(), connection.cursor() as cursor:
        landed = plain_sql.update_if_version(
            cursor, Game, game.pk, version, {"opening": {"bids": [1]}}, bump="version"
        )
        stale = plain_sql.update_if_version(
            cursor, Game, game.pk, version, {"opening": {}}, bump="version"
        )
    game.refresh_from_db()
    assert landed and not stale
    assert game.version == version + 1
    assert game.opening == {"bids": [1]}


def test_read_one_gives_the_instance_raw_gives_with_the_extra_columns():
    game = Factory().make_game()
    Game.objects.filter(pk=game.pk).update(opening={"bids": [3, None]}, seat_changes=[{"a": 1}])
    table = Game._meta.db_table
    sql = f"SELECT t.*, 'keep' AS my_role FROM {table} t WHERE t.id = %s"
    plain = plain_sql.read_one(Game, sql, [game.pk])
    raw = next(iter(Game.objects.raw(sql, [game.pk])))
    for field in Game._meta.concrete_fields:
        mine, theirs = getattr(plain, field.attname), getattr(raw, field.attname)
        assert mine == theirs and type(mine) is type(theirs), field.name
    assert plain.opening == {"bids": [3, None]} and plain.created_at.tzinfo is not None
    assert plain.my_role == "keep" and not plain._state.adding
    assert plain_sql.read_one(Game, sql, [game.pk + 1000]) is None
    with pytest.raises(ValueError):  # a column missing: the instance would be wrong
        plain_sql.read_one(Game, f"SELECT t.id FROM {table} t WHERE t.id = %s", [game.pk])
