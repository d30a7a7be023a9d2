import pytest
from django.core.cache import cache
from django.utils import translation

from tests.factories import Factory


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: a game's id comes again in the next test's fresh
    database, and a chart cached by game id and version would be the last test's."""
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language. A request in Chinese leaves Chinese active in
    its thread (LocaleMiddleware activates and nothing deactivates), and with the tests shared
    among workers (pytest-xdist) which test ran before in the same process changes from run to
    run: a refusal worded outside a request came out in Chinese."""
    translation.deactivate()
    yield
    translation.deactivate()


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives Chromium is marked `browser`, even one whose module forgot the
    mark: `make test-postgres` leaves them out by it (-m "not browser"), CI runs them once."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
