# Two commands a newcomer needs: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3
UV_VERSION := 0.13.9
TOOLS := .tools
UV := $(TOOLS)/bin/uv
VENV := .venv
PY := $(VENV)/bin/python
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)
# Python keeps the bytecode it compiles (in __pycache__, which git ignores) even where the
# machine says not to (PYTHONDONTWRITEBYTECODE=1, as on this project's machines): the suite
# starts some 60 Python processes (app servers, commands), and each compiled Django and the app
# from source again (`manage.py check`: 0.7 s of CPU, 0.35 s with bytecode kept).
export PYTHONDONTWRITEBYTECODE :=

.PHONY: run serve test test-postgres test-newest install lint bench clean messages icons

$(UV):
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/pip install --quiet uv==$(UV_VERSION)

# The lock file pins every package; --frozen refuses to run if it is out of date.
$(VENV)/.synced: $(UV) pyproject.toml uv.lock
	$(UV) sync --frozen --python $(PYTHON)
	touch $@

install: $(VENV)/.synced

run: install
	DEBUG=$${DEBUG:-true} $(PY) manage.py migrate --noinput
	DEBUG=$${DEBUG:-true} $(PY) manage.py runserver 127.0.0.1:8000

# Production mode on this machine (scorekeeper/hosting/serve.py): migrations, static files,
# gunicorn on HOST:PORT (127.0.0.1:8000), DEBUG off, plain HTTP unless HTTPS=true.
serve: install
	$(PY) -m scorekeeper.hosting.serve

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

# The suite in one pytest-xdist worker per core (docs/testing.md);
# loadgroup keeps the tests that share a server or a folder (xdist_group) in one worker.
# TEST_WORKERS=1 runs it in this one process; PYTEST_ADDOPTS adds options (-x, -k …).
TEST_WORKERS ?= auto
PYTEST_PARALLEL = $(VENV)/bin/pytest -n $(TEST_WORKERS) --dist loadgroup

test: install lint
	DEBUG=true $(PY) manage.py makemigrations --check --dry-run
	$(PYTEST_PARALLEL)

# The suite on PostgreSQL and Redis, but for the Chromium tests (CI runs them once, in `make
# test`); a database server and a cache server must answer. Each worker has its own Redis
# database (tests/settings.py). Either URL can be given: make test-postgres DATABASE_URL=...
test-postgres: export DATABASE_URL ?= postgres://scorekeeper:scorekeeper@127.0.0.1:5432/scorekeeper
test-postgres: export REDIS_URL ?= redis://127.0.0.1:6379/1
test-postgres: install
	$(PYTEST_PARALLEL) -m "not browser"

# After changing a translated text (in the code, a template or a game's words.toml): refresh the
# Chinese catalogue, translate what it marks new (tests/web/test_i18n.py fails on any empty or
# fuzzy entry), then compile it. Needs GNU gettext (apt-get install gettext); the compiled
# django.mo is kept in the repository, so running the app and `make test` do not.
messages: install
	DEBUG=true $(PY) manage.py makemessages -l zh_Hans --ignore=tests --ignore=staticfiles --no-obsolete
	msgfmt --check -o locale/zh_Hans/LC_MESSAGES/django.mo locale/zh_Hans/LC_MESSAGES/django.po

# The app's PNG icons from its one drawing, static/icons/icon.svg (the PNGs are committed).
icons: install
	$(PY) tools/make_icons.py

# The newest Python these machines have (NEWEST_PYTHON, default the newest python3.X on PATH or
# in pyenv), in a venv of its own: lint, `manage.py check` and the suite but for Chromium. The
# app claims Python 3.11 and later; this pass keeps the claim true for the newest one.
NEWEST_PYTHON ?= $(shell ls -d $$HOME/.pyenv/versions/3.*/bin/python3.* /usr/bin/python3.* 2>/dev/null | grep -E 'python3\.[0-9]+$$' | awk -F/ '{print $$NF, $$0}' | sort -V | tail -1 | cut -d' ' -f2)
NEWEST_VENV := .venv-newest

test-newest: $(UV)
	@test -n "$(NEWEST_PYTHON)" || { echo "no newest Python found: give NEWEST_PYTHON=/path/to/python3.X"; exit 1; }
	UV_PROJECT_ENVIRONMENT=$(NEWEST_VENV) $(UV) sync --frozen --python $(NEWEST_PYTHON)
	$(NEWEST_VENV)/bin/python --version
	$(NEWEST_VENV)/bin/python -W error::SyntaxWarning -m compileall -q -f scorekeeper tests tools
	$(NEWEST_VENV)/bin/ruff check .
	$(NEWEST_VENV)/bin/lint-imports
	DEBUG=true $(NEWEST_VENV)/bin/python manage.py check
	$(NEWEST_VENV)/bin/pytest -n $(TEST_WORKERS) --dist loadgroup -m "not browser and not processes"

# docs/speed.md says what it measures and how to choose its parts (BENCH_PARTS, BENCH_ROUNDS,
# NIGHT_STAGES …). It ends with every figure in one Markdown table, printed and written to
# bench-results.md (git-ignored).
bench: install
	$(PY) -m tests.bench

clean:
	rm -rf $(VENV) $(NEWEST_VENV) $(TOOLS)
