"""Settings for `make bench`: production settings (DEBUG off) on a SQLite file, plus a
bench-only URL for the floor every request is compared with (a bare insert)."""

import os
import tempfile

os.environ["DEBUG"] = "false"
os.environ["HTTPS"] = "false"
os.environ.setdefault("SECRET_KEY", "bench-only-not-a-secret-" + "x" * 40)
os.environ["ALLOWED_HOSTS"] = "testserver,127.0.0.1"  # 127.0.0.1: the browser of page_load.py
# One folder per run, shared with the gunicorn it starts (which inherits the environment).
BENCH_DIR = os.environ.setdefault("BENCH_DIR", tempfile.mkdtemp(prefix="scorekeeper-bench-"))
os.environ.setdefault("DATABASE_URL", f"sqlite:///{BENCH_DIR}/bench.sqlite3")

from scorekeeper.settings import *  # noqa: E402,F403

ROOT_URLCONF = "tests.bench.urls"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# No collectstatic in a benchmark: plain static storage, found by whitenoise's finders.
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
STATIC_ROOT = os.path.join(BENCH_DIR, "static")  # empty, but there: whitenoise warns otherwise
os.makedirs(STATIC_ROOT, exist_ok=True)
