"""Recording a deal lands only on the game as its phone read it: the game's version is checked in
the same UPDATE that bumps it, so another phone's change in between refuses the deal whole."""

import uuid

import pytest

from scorekeeper.games import services
from scorekeeper.games.models import Deal, DealChange, Game
from tests.factories import Factory

pytestmark = pytest.mark.django_db

DEAL = {"trump_maker": 1, "call": 0, "last_trick": 1, "counting_points": 130}


def test_a_deal_read_before_another_phones_undo_is_refused_and_nothing_is_written():
    factory = Factory()
    game = factory.make_game()
    factory.record(game, **DEAL)
    this_phone = Game.objects.get(pk=game.pk)  # read with its request: one deal, version 1
    services.undo_last(Game.objects.get(pk=game.pk), user=game.owner)  # the other phone
    maker = (this_phone.state_cache["dealer"] + 1) % 4  # deal 2 as this phone's page has it
    second = {**DEAL, "trump_maker": maker, "last_trick": maker}
    with pytest.raises(services.Conflict):
        services.record_deal(this_phone, second, user=game.owner, token=uuid.uuid4())
    # Its deal 2 (numbered from the state it read) and its audit row went back with it.
    assert not Deal.objects.filter(game=game).exists()
    assert not DealChange.objects.filter(game=game, number=2).exists()
    game.refresh_from_db()
    assert game.version == this_phone.version + 1  # the undo's bump only


def test_a_deal_on_the_game_as_read_bumps_the_version_once_and_keeps_the_state():
    factory = Factory()
    game = factory.make_game()
    read = Game.objects.get(pk=game.pk)
    services.record_deal(read, DEAL, user=game.owner, token=uuid.uuid4())
    stored = Game.objects.get(pk=game.pk)
    assert stored.version == read.version == game.version + 1
    assert stored.state_cache == read.state_cache and stored.state_cache["deals"] == 1
    assert stored.updated_at == read.updated_at  # the poll's stamp, as the answer says it
