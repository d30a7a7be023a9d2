import pytest

from scorekeeper.games.models import Deal, DealChange, Game, Player


@pytest.fixture
def owner(django_user_model):
    return django_user_model.objects.create_user("keeper", password="x")


@pytest.fixture
def stored_counts(db):
    """A function giving the number of stored games, deals, changes and players."""

    def counts() -> tuple[int, int, int, int]:
        return (
            Game.objects.count(),
            Deal.objects.count(),
            DealChange.objects.count(),
            Player.objects.count(),
        )

    return counts
