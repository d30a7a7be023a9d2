import pytest

from tests.factories import Factory


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
