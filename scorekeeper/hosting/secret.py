"""The secret key of a one-machine install, kept in a file beside its SQLite database.

`make serve` makes the file once (mode 600, ignored by git) when SECRET_KEY is not in the
environment; the settings then read it, so `manage.py` commands run by hand on that machine
use the same key. With any other database there is no such file: several app servers must sign
sessions and poll tickets with one key, so SECRET_KEY is set in their environment.

No Django here: the settings import it before Django is set up.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url

SUFFIX = ".secret_key"


def key_file(database_url: str | None, default_database: Path) -> Path | None:
    """Where the key of this database is kept: beside the SQLite file; None for a server."""
    url = database_url or f"sqlite:///{default_database}"
    config = dj_database_url.parse(url)
    if config["ENGINE"] != "django.db.backends.sqlite3" or config["NAME"] in ("", ":memory:"):
        return None
    database = Path(config["NAME"])
    return database.with_name(database.name + SUFFIX)


def read_key(path: Path | None) -> str:
    """The key kept in the file, or "" if there is none."""
    if path is None:
        return ""
    try:
        return path.read_text().strip()
    except (FileNotFoundError, NotADirectoryError):
        return ""


def make_key(path: Path) -> str:
    """Write a new random key to `path`, readable by this user only; never overwrite one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
    return key
