"""Hypothesis strategies that damage a real form's submission: drop a field, send it twice,
or replace its value with a number, a word, a huge number, unicode or a list of values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from .page_forms import PageForm, forms_on

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
    # Names that look like another (zero-width, direction controls), decomposed, a formula.
    "As\u200bha",
    "\u202eahsA",
    "Zine\u0301b",
    "\u3164",
    '=HYPERLINK("http://x.example","y")',
]
HUGE = [
    "9" * 400,  # a house rule's number that a chart could not draw
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


# The pages come from a real database, and Hypothesis refuses a run whose draws change shape
# between runs of the same choices (a replayed entry may land differently). So what to damage
# is drawn first, the same way for every form (field and choice by index), and applied after.
INDEX = st.integers(min_value=0, max_value=2**16 - 1)
VALUE = st.one_of(
    st.integers(min_value=-(10**6), max_value=10**6).map(str),
    st.sampled_from(WORDS),
    st.sampled_from(HUGE),
    st.text(max_size=12),
    st.uuids().map(str),
    INDEX.map(lambda i: Offered(i)),  # one of the page's own choices, of any field
)


@dataclass(frozen=True)
class Offered:
    index: int


@dataclass(frozen=True)
class Damage:
    """One field (by index among the form's names) dropped, sent again, replaced or sent as
    several values."""

    field: int
    how: str
    values: tuple


DAMAGE = st.builds(
    Damage,
    INDEX,
    st.sampled_from(["drop", "repeat", "replace", "list"]),
    st.lists(VALUE, min_size=4, max_size=4).map(tuple),
)
DAMAGES = st.lists(DAMAGE, min_size=3, max_size=3)


def damaged(form: PageForm, pairs: Pairs, damages: list[Damage]) -> Pairs:
    """`pairs` (what the form sends) with each damage done to it."""
    names = sorted({*form.names, *(n for n, _ in pairs)})
    offered = sorted({v for opts in form.options.values() for v in opts}) or [""]

    def value(v: Any) -> str:
        return offered[v.index % len(offered)] if isinstance(v, Offered) else v

    out = list(pairs)
    for d in damages:
        name = names[d.field % len(names)]
        kept = [(n, v) for n, v in out if n != name]
        if d.how == "drop":
            out = kept
        elif d.how == "repeat":
            out = out + [(name, value(d.values[0]))]
        elif d.how == "replace":
            out = kept + [(name, value(d.values[0]))]
        else:
            out = kept + [(name, value(v)) for v in d.values[: 2 + d.field % 3]]
    return out


def as_post(pairs: Pairs) -> dict[str, list[str]]:
    """Pairs as the test client posts them, repeats kept as lists in order."""
    data: dict[str, list[str]] = {}
    for name, value in pairs:
        data.setdefault(name, []).append(value)
    return data


LEAVES_THE_PAGE = ("/logout/", "/i18n/")  # forms that would end the test's session


def post_a_damaged_form(data: Any, client: Any, url: str) -> None:
    """Draw a form of the page at `url`, which fields to damage and how (drawn before the page
    is read, see DAMAGE), post it damaged as `client`: no answer may be a server error."""
    pick = data.draw(INDEX, label="form")
    how_many = data.draw(st.integers(min_value=0, max_value=3), label="fields damaged")
    damages = data.draw(DAMAGES, label="damage")
    page = client.get(url)
    assert page.status_code < 500, url
    forms = [
        f
        for f in forms_on(page.content.decode())
        if f.action and not any(part in f.action for part in LEAVES_THE_PAGE)
    ]
    if not forms:
        return
    form = forms[pick % len(forms)]
    pairs = damaged(form, form.pairs, damages[:how_many])
    response = client.post(form.action, as_post(pairs))
    assert response.status_code < 500, (form.action, pairs, response.status_code)
