"""The bookkeeping values a page posts back outside its form's fields (the stage a deal form
was rendered for, a deal number, the page to go back to), read without trusting them: a
tampered, truncated or repeated value reads as absent (None) instead of raising, and each view
says what that means for it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.http import url_has_allowed_host_and_scheme

from .deal_forms import STAGES

MOST_DIGITS = 9  # no game reaches a billion deals; more digits are not a deal number


def stage(data: Any, known: tuple[str, ...] = STAGES) -> str | None:
    """The stage the posted form was rendered for, or None if it names none of `known` (the
    stages that game's record form has)."""
    value = data.get("stage")
    return value if value in known else None


def number(value: Any) -> int | None:
    """A deal number (1 and up) written in plain digits, or None. ("²".isdigit() is true, and
    int() refuses it; int() also refuses more than 4,300 digits.)"""
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        return None
    if len(value) > MOST_DIGITS or int(value) < 1:
        return None
    return int(value)


def back_to(request: HttpRequest, value: Any) -> str | None:
    """A page of this site to go back to (a hidden `next`): a path on this host, or None. Only
    a path: redirect() takes a bare word such as "0" for the name of a view, and fails."""
    if not isinstance(value, str) or not value.startswith("/"):
        return None
    here = {request.get_host()}
    if not url_has_allowed_host_and_scheme(value, allowed_hosts=here, require_https=False):
        return None
    return value
