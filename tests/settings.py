"""Test settings: the real settings, as a developer runs them locally (plain HTTP, dev key).

`make test` runs the suite in several processes (pytest-xdist's workers gw0, gw1 …). Each one
keeps what it writes to itself: its database (pytest-django adds the worker to the test
database's name; the SQLite file below carries the process id), its cache folder, and its own
Redis database, since every test empties the cache (Redis's FLUSHDB empties a whole database,
whatever the key prefix). The Redis URL is rewritten in the environment, not only here, so the
app servers a test starts (tests/processes) share the worker's database and nobody else's.
"""

import atexit
import glob
import os
import shutil
import tempfile
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("HTTPS", "false")

REDIS_DATABASES = 16  # Redis's default `databases`


def worker_index() -> int:
    """0 for a run in one process or xdist's first worker (gw0), 1 for gw1 …"""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(worker.removeprefix("gw") or 0)


def redis_url_of_worker(url: str, index: int) -> str:
    """The worker's own database: the URL's (1 in redis://host:6379/1) plus its index."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(base + index) % REDIS_DATABASES}"))


if os.environ.get("REDIS_URL"):
    # The URL given is kept aside, so a process that a worker starts with these settings
    # (tests/backups/test_across_databases.py) lands on the worker's database, not the next.
    _GIVEN = os.environ.setdefault("SCOREKEEPER_TESTS_REDIS_URL", os.environ["REDIS_URL"])
    os.environ["REDIS_URL"] = redis_url_of_worker(_GIVEN, worker_index())

from scorekeeper.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests

_FAST_DISK = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()  # memory if we can
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A test database in a file, as in production, not Django's shared-cache memory database:
    # there the browser tests' live server, answering a poll on one thread while a deal is saved
    # on another, got "database table is locked" (SQLITE_LOCKED, which no busy timeout retries).
    _TEST_DATABASE = os.path.join(_FAST_DISK, f"scorekeeper-tests-{os.getpid()}.sqlite3")
    DATABASES["default"]["TEST"] = {"NAME": _TEST_DATABASE}  # noqa: F405
    # Django removes the file when the run ends, but not SQLite's -wal and -shm beside it (nor
    # the file of a run that was stopped): in /dev/shm they would keep memory taken.
    atexit.register(lambda: [os.remove(f) for f in glob.glob(f"{_TEST_DATABASE}*")])
if CACHES["default"]["BACKEND"] == "scorekeeper.hosting.folder_cache.FolderCache":  # noqa: F405
    # The folder beside the test database, not beside the developer's own db.sqlite3 (which
    # the tests would otherwise empty), one per process, removed when the process ends.
    _CACHE_DIR = tempfile.mkdtemp(prefix=f"scorekeeper-tests-{os.getpid()}-", dir=_FAST_DISK)
    atexit.register(shutil.rmtree, _CACHE_DIR, ignore_errors=True)
    CACHES["default"]["LOCATION"] = _CACHE_DIR  # noqa: F405
