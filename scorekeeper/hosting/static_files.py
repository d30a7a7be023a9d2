"""The static files' storage in production: whitenoise's (hashed names, compressed copies), with
the paths of JavaScript modules' imports rewritten to the hashed names too. A module imports its
own modules by relative paths (static/js/offline.js: `from "./offline/entries.js"`); collected, the
hashed copy imports the hashed copies, cached for good like every hashed file."""

from __future__ import annotations

from django.contrib.staticfiles.storage import HashedFilesMixin
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Django's own rewriting of `import … from "…"` (its support_js_module_import_aggregation), for
# the app's scripts only (static/js): a package's scripts name types in comments, as django-htmx's
# `import("../htmx")`, that are no files, and collectstatic would stop at them.
_, MODULE_IMPORTS = HashedFilesMixin._js_module_import_aggregation_patterns


class ModuleStaticFilesStorage(CompressedManifestStaticFilesStorage):
    patterns = (*CompressedManifestStaticFilesStorage.patterns, ("js/*.js", MODULE_IMPORTS))
