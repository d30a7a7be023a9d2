"""Chromium for the scorepad's own browser test (test_on_a_phone.py): the browser tests'
fixtures and the failure screenshots' hook, all taken as they are from
tests/browser/conftest.py (a star, so a fixture added there is here too)."""

from tests.browser.conftest import *  # noqa: F403
