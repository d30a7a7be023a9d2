"""JSON from a person is read a value at a time at its outer levels (core/json_text.py), so a
20 MB file does not hold every other thread of its process for seconds. It reads exactly what
json.loads reads, and refuses exactly what it refuses (NaN, Infinity and lone surrogates
besides, which json.loads takes)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import json_text

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=40,
)
clean_text = st.text().filter(lambda t: not any("\ud800" <= c <= "\udfff" for c in t))


def not_a_number(name: str):
    raise ValueError(f"{name} is not JSON")


def plain(value):
    """Whether a value holds no lone surrogate (json_text refuses those)."""
    return json_text.broken_place(value) is None


@settings(max_examples=300, deadline=None)
@given(values, st.sampled_from([None, 0, 2]), st.booleans())
def test_it_reads_what_json_loads_reads(value, indent, ascii_only):
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    if plain(value):
        assert json_text.loads(text) == json.loads(text)
        assert json_text.loads(text.encode()) == json.loads(text)
    else:
        with pytest.raises(json_text.BrokenText):
            json_text.loads(text)


@settings(max_examples=500, deadline=None)
@given(values, st.integers(min_value=0), st.sampled_from(["", ",", "]", "}", ":", '"', "[", "x"]))
def test_it_refuses_what_json_loads_refuses(value, where, junk):
    text = json.dumps(value)
    at = where % (len(text) + 1)
    damaged = text[:at] + junk + text[at + 1 :]
    try:
        expected = json.loads(damaged, parse_constant=not_a_number)
    except ValueError:
        with pytest.raises(ValueError):
            json_text.loads(damaged)
        return
    if plain(expected):
        assert json_text.loads(damaged) == expected


@pytest.mark.parametrize("text", ["NaN", "[1, Infinity]", '{"a": -Infinity}'])
def test_not_numbers_are_refused(text):
    with pytest.raises(ValueError):
        json_text.loads(text)


def test_lists_thousands_deep_are_too_deep_not_a_crash():
    with pytest.raises(json_text.TooDeep):
        json_text.loads("[" * 100_000 + "]" * 100_000)


@given(clean_text)
def test_any_text_reads_as_json_loads_reads_it(text):
    try:
        expected = json.loads(text, parse_constant=not_a_number)
    except ValueError:
        with pytest.raises(ValueError):
            json_text.loads(text)
    else:
        assert json_text.loads(text) == expected
