"""The CSRF token of the forms in a record answer (the undo button's), masked at a fraction of
the cost of Django's `get_token`.

`get_token` masks the secret with 32 draws of `secrets.choice`, one system call each: some
40-70 µs, a noticeable part of recording a deal. The same masking with the random bytes drawn
at once gives a token Django's CSRF check reads exactly as its own (a test unmasks it); the
cookie is not renewed by this answer, the page loads renew it.
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token

_N = len(CSRF_ALLOWED_CHARS)  # 62
_ACCEPT = 256 - 256 % _N  # bytes at or above this would make some characters likelier


def _mask() -> list[int]:
    """CSRF_SECRET_LENGTH uniform draws from CSRF_ALLOWED_CHARS, as indexes."""
    out: list[int] = []
    while len(out) < CSRF_SECRET_LENGTH:
        out += [b % _N for b in secrets.token_bytes(CSRF_SECRET_LENGTH + 8) if b < _ACCEPT]
    return out[:CSRF_SECRET_LENGTH]


def answer_csrf_token(request: HttpRequest) -> str:
    """A freshly masked token for the request's CSRF secret (Django's own when there is none
    yet, which also sets the cookie)."""
    secret = request.META.get("CSRF_COOKIE")
    if not secret or len(secret) != CSRF_SECRET_LENGTH:
        return get_token(request)
    mask = _mask()
    index = CSRF_ALLOWED_CHARS.index
    cipher = "".join(
        CSRF_ALLOWED_CHARS[(index(c) + m) % _N] for c, m in zip(secret, mask, strict=True)
    )
    return "".join(CSRF_ALLOWED_CHARS[m] for m in mask) + cipher
