"""The app as it runs: gunicorn worker processes on one database file (or PostgreSQL), phones
firing at the same instant from threads. Slower than the other web tests; kept short."""
