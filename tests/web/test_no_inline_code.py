"""Nothing in the templates or scripts that the Content-Security-Policy would refuse (without a
browser: tests/browser/test_content_security_policy.py checks the pages themselves). Styles and
scripts live in static/ (the shell's, and each game app's own); htmx evals nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
# The shell's templates and scripts, and each app's own (a game's board, form, rules page, scripts).
TEMPLATES = sorted(
    [*(ROOT / "templates").rglob("*.html"), *(ROOT / "scorekeeper").glob("*/templates/**/*.html")]
)
SCRIPTS = sorted(
    [*(ROOT / "static" / "js").rglob("*.js"), *(ROOT / "scorekeeper").glob("*/static/**/*.js")]
)

REFUSED_IN_TEMPLATES = {
    "a style attribute": re.compile(r"""\sstyle\s*=\s*["']"""),
    "a <style> element": re.compile(r"<style\b", re.I),
    "an inline <script>": re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.I),
    "an event handler attribute": re.compile(r"""\son[a-z]+\s*=\s*["']""", re.I),
    "a javascript: URL": re.compile(r"javascript:", re.I),
    "hx-on (htmx evals it)": re.compile(r"\shx-on[:-]"),
    "hx-vars or js: values (htmx evals them)": re.compile(r"""hx-vars|hx-vals\s*=\s*["']\s*js:"""),
    "a trigger filter (htmx evals it)": re.compile(r"""hx-trigger\s*=\s*["'][^"']*\["""),
}
REFUSED_IN_SCRIPTS = {
    "eval": re.compile(r"\beval\s*\("),
    "new Function": re.compile(r"\bnew\s+Function\b"),
    "a timer given a string": re.compile(r"\bset(Timeout|Interval)\s*\(\s*[\"'`]"),
    "a style attribute set": re.compile(r"""setAttribute\(\s*["']style["']|\.style\.cssText"""),
    "markup with a style or handler": re.compile(
        r"""(innerHTML|insertAdjacentHTML)[^;]*(style=|\son\w+=)"""
    ),
}


def test_there_are_templates_and_scripts_to_check():
    assert len(TEMPLATES) > 20 and len(SCRIPTS) > 3


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_template_has_no_inline_code(path):
    text = path.read_text(encoding="utf-8")
    found = [what for what, pattern in REFUSED_IN_TEMPLATES.items() if pattern.search(text)]
    assert found == []


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_script_evals_nothing_and_sets_no_style_attribute(path):
    text = path.read_text(encoding="utf-8")
    found = [what for what, pattern in REFUSED_IN_SCRIPTS.items() if pattern.search(text)]
    assert found == []


@pytest.mark.parametrize(
    ("markup", "what"),
    [
        ('<p style="color: red">', "a style attribute"),
        ("<style>p {}</style>", "a <style> element"),
        ("<script>alert(1)</script>", "an inline <script>"),
        ('<input onfocus="this.select()">', "an event handler attribute"),
        ('<a href="javascript:void(0)">', "a javascript: URL"),
        ('<form hx-on:deal-recorded="this.reset()">', "hx-on (htmx evals it)"),
        ("<div hx-vals='js:{a: 1}'>", "hx-vars or js: values (htmx evals them)"),
        ('<div hx-trigger="click[ctrlKey]">', "a trigger filter (htmx evals it)"),
    ],
)
def test_each_check_finds_what_it_looks_for(markup, what):
    assert REFUSED_IN_TEMPLATES[what].search(markup)
    assert not REFUSED_IN_TEMPLATES[what].search('<script src="/static/js/live.js" defer>')
