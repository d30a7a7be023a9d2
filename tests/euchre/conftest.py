"""Chromium for Euchre's own browser test (test_on_a_phone.py): the browser tests' fixtures,
taken as they are from tests/browser/conftest.py."""

from tests.browser.conftest import (  # noqa: F401  (fixtures and the failure screenshots' hook)
    browser,
    context_pool,
    live_server,
    new_page,
    page,
    pytest_runtest_makereport,
    screenshot,
)
