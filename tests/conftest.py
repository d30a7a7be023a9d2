import pytest
from django.core.cache import cache

from tests.factories import Factory


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: a game's id comes again in the next test's fresh
    database, and a chart cached by game id and version would be the last test's."""
    cache.clear()


@pytest.fixture
def factory() -> Factory:
    return Factory()


@pytest.fixture
def keeper(factory):
    return factory.make_user("keeper")


@pytest.fixture
def client_in(client, keeper):
    client.force_login(keeper)
    return client
