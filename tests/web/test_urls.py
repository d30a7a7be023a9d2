"""Every named address resolves to its own view: where two patterns have the same shape (a
game's own pages, games/<pk>/<page>/, and each fixed games/<pk>/... address), the fixed one
comes first."""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

# A value for an argument: the first of these its converter's pattern takes.
SAMPLES = ("7", "a-slug", "12345678-1234-5678-1234-567812345678", "a/path")


def named_patterns(patterns, namespace: str = ""):
    """(name, converter of each argument) of every named pattern, includes walked."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from named_patterns(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            converters = getattr(pattern.pattern, "converters", {})
            yield namespace + pattern.name, converters


def _sample(converter) -> str:
    return next(value for value in SAMPLES if re.fullmatch(converter.regex, value))


NAMED = sorted({name: conv for name, conv in named_patterns(get_resolver().url_patterns)}.items())


def test_the_fixed_addresses_of_a_game_are_found_before_its_own_pages():
    assert resolve(reverse("deal_record", args=[3])).url_name == "deal_record"
    assert resolve("/games/3/share/").url_name != "game_page"
    assert resolve("/games/3/offline-forms/").url_name == "offline_forms"
    assert resolve("/games/3/a-page/").url_name == "game_page"  # what is left is a game's own


@pytest.mark.parametrize(("name", "converters"), NAMED, ids=[name for name, _ in NAMED])
def test_each_named_address_resolves_to_itself(name, converters):
    url = reverse(name, kwargs={key: _sample(c) for key, c in converters.items()})
    found = resolve(url)
    assert found.view_name == name, f"{url} is taken by {found.view_name}"
