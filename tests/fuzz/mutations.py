"""Hypothesis strategies that damage a real form's submission: drop a field, send it twice,
or replace its value with a number, a word, a huge number, unicode or a list of values."""

from __future__ import annotations

from hypothesis import strategies as st

from .page_forms import PageForm

Pairs = list[tuple[str, str]]

WORDS = [
    "",
    " ",
    "opening",
    "closing",
    "full",
    "none",
    "None",
    "null",
    "true",
    "false",
    "on",
    "[]",
    "{}",
    "[1, 2]",
    '{"seat": 0}',
    "NaN",
    "inf",
    "-inf",
    "-0",
    "1.5",
    "1e309",
    "0x10",
    "²",
    "٣",
    "Ⅻ",
    "1:",
    ":1",
    "0:999",
    "single,both,",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\x00",
    "a\x00b",
]
HUGE = [
    "9" * 30,
    "-" + "9" * 30,
    "9" * 5000,  # past Python's 4,300 digits for int()
    str(2**63),
    str(2**31),
    "[" * 5000,
    "[" * 50_000 + "]" * 50_000,  # lists in lists, deeper than json.loads manages
    "[NaN]",
    '[{"seat": 1e999}]',
]


def values(form: PageForm) -> st.SearchStrategy[str]:
    """A value that a field might be sent instead of its own: another field's choice, a number,
    a word, something huge or any unicode text."""
    offered = sorted({v for opts in form.options.values() for v in opts})
    return st.one_of(
        st.integers(min_value=-(10**6), max_value=10**6).map(str),
        st.sampled_from(WORDS),
        st.sampled_from(HUGE),
        st.text(max_size=12),
        st.uuids().map(str),
        st.sampled_from(offered or [""]),
    )


@st.composite
def mutated(draw, form: PageForm, pairs: Pairs, most: int = 3) -> Pairs:
    """`pairs` (what the form sends) with one to `most` fields dropped, repeated or replaced."""
    names = sorted({*form.names, *(n for n, _ in pairs)})
    out = list(pairs)
    for _ in range(draw(st.integers(min_value=1, max_value=most))):
        name = draw(st.sampled_from(names))
        how = draw(st.sampled_from(["drop", "repeat", "replace", "list"]))
        kept = [(n, v) for n, v in out if n != name]
        if how == "drop":
            out = kept
        elif how == "repeat":
            out = out + [(name, draw(values(form)))]
        elif how == "replace":
            out = kept + [(name, draw(values(form)))]
        else:
            several = draw(st.lists(values(form), min_size=2, max_size=4))
            out = kept + [(name, v) for v in several]
    return out


def as_post(pairs: Pairs) -> dict[str, list[str]]:
    """Pairs as the test client posts them, repeats kept as lists in order."""
    data: dict[str, list[str]] = {}
    for name, value in pairs:
        data.setdefault(name, []).append(value)
    return data
