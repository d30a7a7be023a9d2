"""Test settings: the real settings, as a developer runs them locally (plain HTTP, dev key)."""

import os

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("HTTPS", "false")

from scorekeeper.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests
