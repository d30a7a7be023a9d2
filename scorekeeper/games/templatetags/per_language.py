"""Words a template tag writes, translated once per language (no `register`: not a tag library)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from django.utils.translation import get_language

T = TypeVar("T")


def per_language(build: Callable[[], T]) -> Callable[[], T]:
    """`build()` run once for each active language and kept: its gettext calls translate into
    that language, and the catalogues do not change while the app runs."""
    cached = functools.cache(lambda language: build())
    return lambda: cached(get_language())
