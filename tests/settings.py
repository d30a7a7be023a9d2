"""Test settings: the real settings, as a developer runs them locally (plain HTTP, dev key)."""

import os
import tempfile

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("HTTPS", "false")

from scorekeeper.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests

_FAST_DISK = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()  # memory if we can
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A test database in a file, as in production, not Django's shared-cache memory database:
    # there the browser tests' live server, answering a poll on one thread while a deal is saved
    # on another, got "database table is locked" (SQLITE_LOCKED, which no busy timeout retries).
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(_FAST_DISK, f"scorekeeper-tests-{os.getpid()}.sqlite3")
    }
