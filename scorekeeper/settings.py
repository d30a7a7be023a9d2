"""Django settings, read from the environment.

DEBUG, SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, REDIS_URL and HTTPS are the main knobs (the
configuration table in docs/hosting.md lists every one). With none of them set the app runs on a
local SQLite file with DEBUG off; `make run` turns DEBUG on for local use, `make serve` makes the
secret key file it needs (scorekeeper/hosting/).
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from scorekeeper.hosting.hosts import default_allowed_hosts
from scorekeeper.hosting.secret import key_file, read_key

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_bool("DEBUG", False)

_DEV_SECRET_KEY = "django-insecure-local-development-only"
# Or the key `make serve` keeps beside a SQLite database (scorekeeper/hosting/secret.py).
SECRET_KEY = os.environ.get("SECRET_KEY") or (
    _DEV_SECRET_KEY
    if DEBUG
    else read_key(key_file(os.environ.get("DATABASE_URL"), BASE_DIR / "db.sqlite3"))
)
if not SECRET_KEY:
    raise ImproperlyConfigured(
        "Set SECRET_KEY (or DEBUG=true for local development; `make serve` makes one for a"
        " SQLite database)."
    )

_HOSTS = os.environ.get("ALLOWED_HOSTS", "")
ALLOWED_HOSTS = [h.strip() for h in _HOSTS.split(",") if h.strip()] or default_allowed_hosts(
    os.environ.get("HOST")  # where `make serve` serves it
)
# The site's address as people reach it (https://scores.example.org, http://192.168.1.20:8000):
# a game night's printed QR codes carry it, whatever address the organiser's browser used.
PUBLIC_URL = os.environ.get("PUBLIC_URL", "").strip().rstrip("/")
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.forms",  # Django's own widget templates, for the form renderer below
    "django_htmx",
    "template_partials",
    "scorekeeper.games",
    "scorekeeper.play",  # a game's pages: where it is played and scored
    "scorekeeper.accounts",  # sign-up, login, visitors' links
    "scorekeeper.groups",
    "scorekeeper.sharing",  # groups' pages, share links, spectators
    "scorekeeper.transfer",  # game logs in and out
    "scorekeeper.pwa",  # the installable app
    "scorekeeper.seasons",
    "scorekeeper.nights",  # game nights: several tables, seats drawn, one big screen
    # The games: each registers itself when ready, in this order (scorekeeper/registry.py).
    "scorekeeper.thunee",
    "scorekeeper.spades",
    "scorekeeper.pottle",
    "scorekeeper.nigerian_thuni",
    "scorekeeper.zhao_pengyou",
    "scorekeeper.euchre",
    "scorekeeper.scorepad",
    "scorekeeper.backups",  # manage.py backup / restore
    "axes",  # login throttling (scorekeeper/accounts/login_throttle.py)
    "csp",
]

# The largest request body the app reads: a 20 MB file of game logs and its form around it.
MAX_REQUEST_BYTES = 21 * 1024 * 1024

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "scorekeeper.headers.CrossOriginHeadersMiddleware",  # security headers: scorekeeper/headers.py
    "scorekeeper.sharing.live.PollMiddleware",  # an unchanged game's poll: 204 at once
    "scorekeeper.hosting.health.HealthMiddleware",  # /healthz: one query, no session
    "scorekeeper.streams.poke.PokeMiddleware",  # a change answered: the live streams look now
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "scorekeeper.headers.PrivateCacheMiddleware",  # below the static files: they keep their cache
    # Pages' policies, below the 204 poll and static files (no document there to govern).
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the browser's language, or the header's switch
    "django.middleware.common.CommonMiddleware",
    # A body bigger than the app takes, refused before the CSRF check reads it (hosting/uploads.py).
    "scorekeeper.hosting.uploads.UploadLimitMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "scorekeeper.accounts.holders.HolderMiddleware",  # a visitor's games, without an account
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks: turns a lockout into a page
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "scorekeeper.accounts.holders.context",  # a visitor's private link and games
                "scorekeeper.accounts.phone_owner.context",  # whose a phone's kept things are
            ],
        },
    },
]

# Widgets render with the project's templates (templates/games/widgets/: the deal forms' chips
# and pads), Django's own widget templates beside them.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several phones saving at once: a write transaction takes SQLite's write lock when it
    # begins (IMMEDIATE), so a second writer waits (up to `timeout` seconds) instead of failing
    # half-way with "database is locked"; WAL lets readers go on while one phone writes.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        **DATABASES["default"].get("OPTIONS", {}),
    }
elif "connect_timeout" not in DATABASES["default"].get("OPTIONS", {}):
    # A database server that does not answer fails a request (and /healthz) within seconds.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = 5
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# What is kept in the cache is keyed by the game's last change, so it is never stale: the game
# page's charts, and the answer every spectator of a watch link shares. Several app servers
# share it through Redis. One machine on SQLite shares it between its gunicorn workers in a
# folder beside the database (one worker draws a change, the others find it); without either,
# each process keeps its own. Sessions, the login throttle and the live poll's checks are in
# the database.
_SQLITE_FILE = (
    DATABASES["default"]["NAME"]
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    and str(DATABASES["default"]["NAME"]) not in ("", ":memory:")
    else None
)
if os.environ.get("REDIS_URL"):
    _CACHE = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["REDIS_URL"],
        "KEY_PREFIX": "scorekeeper",
    }
elif _SQLITE_FILE:
    _CACHE = {
        "BACKEND": "scorekeeper.hosting.folder_cache.FolderCache",  # Django's, culled less
        "LOCATION": f"{_SQLITE_FILE}.cache",
        "OPTIONS": {"MAX_ENTRIES": 1000},  # a file each; a third removed when full
    }
else:
    _CACHE = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
CACHES = {"default": _CACHE}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {  # ASVS level 1: at least 12 characters (the sign-up page says so before the box)
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Too many wrong passwords: locked out for a while (scorekeeper/accounts/login_throttle.py).
AUTHENTICATION_BACKENDS = [
    "scorekeeper.accounts.login_throttle.LoginThrottle",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Wrong passwords from one address for any usernames, within the cool-off (login_throttle.py).
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "30"))
# New accounts an hour from one address (scorekeeper/accounts/signup.py): a hall's phones share
# one address; a script does not get far.
SIGNUPS_PER_ADDRESS = int(os.environ.get("SIGNUPS_PER_ADDRESS", "30"))
AXES_RESET_ON_SUCCESS = True
AXES_DISABLE_ACCESS_LOG = True  # failed attempts are kept; successful logins need no row each
AXES_CLIENT_IP_CALLABLE = "scorekeeper.accounts.login_throttle.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
# English and Simplified Chinese. The catalogue is locale/zh_Hans/LC_MESSAGES/django.po, with its
# compiled django.mo kept next to it in the repository (no gettext tools needed to run the app).
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["scorekeeper.formats"]  # how a day is written, per language
TIME_ZONE = os.environ.get("TIME_ZONE", "Africa/Johannesburg")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "scorekeeper.hosting.static_files.ModuleStaticFilesStorage"  # whitenoise's
        )
    },
}
# Let whitenoise find files without collectstatic when DEBUG is off locally (tests).
WHITENOISE_USE_FINDERS = env_bool("WHITENOISE_USE_FINDERS", DEBUG)

# HTTPS=true behind a proxy that terminates HTTPS (it must set X-Forwarded-Proto). Without it
# the app answers plain HTTP: a first try on a laptop or a club's own small server.
HTTPS = env_bool("HTTPS", False)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # a proxy checks its app servers over plain HTTP
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
from scorekeeper.headers import CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY  # noqa: E402,F401

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
