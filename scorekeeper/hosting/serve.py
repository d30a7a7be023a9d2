"""`make serve`: the app as production runs it, on this machine.

Migrations, static files collected (whitenoise serves them compressed), then gunicorn with one
worker per core on HOST:PORT (127.0.0.1:8000 unless they say otherwise), DEBUG off: each worker
an event loop holding the live streams (scorekeeper/streams) and 4 threads for every other
request (scorekeeper/asgi.py, hosting/worker.py). Plain HTTP unless HTTPS=true (behind a
proxy that terminates HTTPS). With no SECRET_KEY in the environment and a SQLite database, a
key is made once and kept in a file beside the database (mode 600, ignored by git); the
settings read it from there.
"""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

from .secret import key_file, make_key, read_key

ROOT = Path(__file__).resolve().parents[2]


def say(text: str) -> None:
    print(f"make serve: {text}", flush=True)


def _whole(name: str) -> int | None:
    if not os.environ.get(name):
        return None
    try:
        return max(1, int(os.environ[name]))
    except ValueError:
        sys.exit(f"make serve: {name} must be a whole number, not {os.environ[name]!r}")


def workers() -> int:
    """One worker process per core (WORKERS overrides): the streams wait on an event loop, not
    in a process, and more processes than cores measured slower here (docs/speed.md)."""
    if (count := _whole("WORKERS")) is not None:
        return count
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def threads() -> int:
    """Threads per worker for the requests that are not streams (THREADS overrides). A request
    waiting (SQLite's write lock, whose wait sleeps; the database server's or the cache's
    answer) leaves its worker's other threads working (`make bench`, docs/speed.md)."""
    return _whole("THREADS") or 4


def ensure_secret_key() -> None:
    if os.environ.get("SECRET_KEY"):
        return
    path = key_file(os.environ.get("DATABASE_URL"), ROOT / "db.sqlite3")
    if path is None:
        sys.exit(
            "make serve: set SECRET_KEY. With a database server every app server must sign"
            " with the same key, so it is not kept in a file here."
        )
    if read_key(path):
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            say(f"warning: {path} can be read by others; chmod 600 it")
        say(f"using the secret key in {path}")
        return
    make_key(path)
    say(
        f"made a secret key and kept it in {path} (mode 600, ignored by git): keep it with"
        " the database; a new key logs everyone out"
    )


def open_files_limit() -> int:
    """Each open page holds a connection (its stream): allow this process and its workers as
    many open files as the system lets it (the soft limit is often 1,024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        return wanted
    return soft


def bind_address(host: str, port: str) -> str:
    return f"[{host.strip('[]')}]:{port}" if ":" in host else f"{host}:{port}"


def manage(*args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, check=True)


def main() -> None:
    os.environ["DEBUG"] = "false"  # production settings, whatever the shell says
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    host = os.environ.get("HOST") or "127.0.0.1"
    port = os.environ.get("PORT") or "8000"
    os.environ["HOST"] = host  # the settings allow it as a host name
    ensure_secret_key()
    manage("migrate", "--noinput", "-v", "0")
    manage("collectstatic", "--noinput", "-v", "0")
    count, each = workers(), threads()
    shape = f"{count} workers x {each} threads, {open_files_limit()} open files each"
    address = bind_address(host, port)
    if os.environ.get("HTTPS", "").strip().lower() in {"1", "true", "yes", "on"}:
        say(f"serving {address} for a proxy that terminates HTTPS, {shape}, DEBUG off")
    else:
        say(f"serving http://{address}, {shape}, DEBUG off")
        say("plain HTTP: set HTTPS=true when a proxy in front of it terminates HTTPS")
    os.chdir(ROOT)
    os.environ["THREADS"] = str(each)  # the WSGI pool of each worker (scorekeeper/asgi.py)
    os.execv(sys.executable, gunicorn_command(address, count))


def gunicorn_command(address: str, count: int) -> list[str]:
    """gunicorn with the app's own worker (hosting/worker.py): streams and requests."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "scorekeeper.asgi:application",
        "--worker-class",
        "scorekeeper.hosting.worker.Worker",
        "--bind",
        address,
        "--workers",
        str(count),
        "--graceful-timeout",
        "5",
    ]


if __name__ == "__main__":
    main()
