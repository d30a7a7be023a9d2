"""Collected for production (`make serve`: DEBUG off, collectstatic, hashed names), the offline
script's modules import one another by their hashed names: each import is a file collected, so
a phone, online or from its service worker's cache, loads the copies of one release."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = "scorekeeper.hosting.static_files.ModuleStaticFilesStorage"  # settings.py, DEBUG off
IMPORTED = re.compile(r'\b(?:from\s*|import\s*)"(\.{1,2}/[^"]+)"')


@pytest.fixture
def collected(tmp_path, settings):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": PRODUCTION}}
    call_command("collectstatic", "--noinput", "-v", "0")
    return tmp_path, json.loads((tmp_path / "staticfiles.json").read_text())["paths"]


def test_the_offline_modules_import_each_other_by_their_hashed_names(collected):
    root, manifest = collected
    hashed = set(manifest.values())
    reached, todo = set(), [manifest["js/offline.js"]]
    while todo:
        name = todo.pop()
        reached.add(name)
        text = (root / name).read_text()
        for path in IMPORTED.findall(text):
            imported = posixpath.normpath(posixpath.join(posixpath.dirname(name), path))
            assert imported in hashed, (name, path)  # a hashed name, of a file collected
            assert (root / imported).is_file()
            if imported not in reached:
                todo.append(imported)
    modules = {f"js/offline/{p.name}" for p in (ROOT / "static/js/offline").glob("*.js")}
    assert reached == {manifest[m] for m in modules} | {manifest["js/offline.js"]}
