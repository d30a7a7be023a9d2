"""The games' sentences as data: each catalogue (words.toml) reads as its words module expects,
and `make messages` sees every sentence of it, with its translators' note, at its own line."""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

import pytest

from scorekeeper.core.house_rules import HouseRuleValues, house_rules
from scorekeeper.core.sentences import read, sentences
from scorekeeper.games.management.commands.makemessages import as_python
from scorekeeper.rules.spades import setup as spades

spades_words = sentences("scorekeeper.rules.spades")

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(ROOT.glob("scorekeeper/**/words.toml"))

TOML = """\
# a comment
NEXT = "The deal passes to {name}."
MADE.note = "two lines\\nof note"
MADE.text = "{bid}, took {tricks}."
SUITS.hearts = "hearts"
REASONS = ["colour cutting", "other"]
HOUSE_RULES.ante.label = "Ante"
HOUSE_RULES.ante.values = ["1 chip (standard)"]
"""


def test_a_catalogue_reads_as_sentences_tables_and_lists():
    said = read(TOML)
    assert said.NEXT == "The deal passes to {name}."
    assert said.MADE == "{bid}, took {tricks}."
    assert said.SUITS == {"hearts": "hearts"}
    assert said.REASONS == ("colour cutting", "other")
    assert said.HOUSE_RULES["ante"]["values"] == ("1 chip (standard)",)
    names = [(e.name, e.note) for e in said.entries()]
    assert names[:3] == [("NEXT", ""), ("MADE", "two lines\nof note"), ("SUITS.hearts", "")]
    assert len(said.templates()) == 7
    with pytest.raises(AttributeError, match="no sentence NOPE"):
        said.NOPE  # noqa: B018


@pytest.mark.parametrize(
    "toml",
    ["X = 3", 'X.text = "a"\nX.other = "b"', "X = [1]", 'X.note = "only a note"\nX.y = 2'],
)
def test_anything_but_sentences_is_refused(toml):
    with pytest.raises(ValueError):
        read(toml)


def test_every_catalogue_reads_and_says_each_sentence_once_per_name():
    assert len(CATALOGUES) >= 5
    for path in CATALOGUES:
        package = ".".join(path.parent.relative_to(ROOT).parts)
        said = sentences(package)
        names = [e.name for e in said.entries()]
        assert len(names) == len(set(names)) > 0, path
        assert all(e.text.strip() == e.text and e.text for e in said.entries()), path


def test_extraction_writes_each_sentence_under_its_note_at_its_catalogue_line():
    python, where = as_python(TOML)
    lines = python.splitlines()
    at = lines.index('gettext_noop("{bid}, took {tricks}.")')
    assert lines[at - 2 : at] == ["# Translators: two lines", "# of note"]
    assert where[at] == 4  # the catalogue's line of MADE.text
    assert where[lines.index('gettext_noop("other")')] == 6
    assert len([line for line in lines if line.startswith("gettext_noop(")]) == 7


def test_house_rules_take_their_words_from_the_catalogue():
    words = read(TOML).HOUSE_RULES
    (ante,) = house_rules(words, ("ante", (1,), (1, 1000)))
    assert (ante.key, ante.label, ante.choices, ante.labels) == (
        "ante",
        "Ante",
        (1,),
        ("1 chip (standard)",),
    )
    assert ante.numbers == (1, 1000) and ante.help == ""
    with pytest.raises(ValueError, match="2 choices, 1 read"):
        house_rules(words, ("ante", (1, 2)))


def test_a_games_house_rules_are_its_rule_fields_in_its_catalogues_words():
    """Each field is one rule: the standard value is its default and the table's first choice."""
    rules = spades.HouseRules
    assert [r.key for r in rules.table] == [f.name for f in fields(rules)]
    for r, f in zip(rules.table, fields(rules), strict=True):
        assert r.standard == f.default and r.label == spades_words.HOUSE_RULES[r.key]["label"]
    bag_limit = next(r for r in rules.table if r.key == "bag_limit")
    assert (bag_limit.choices, bag_limit.numbers) == ((10,), (1, 100))


def test_a_house_rule_field_that_is_not_a_rule_is_refused():
    with pytest.raises(TypeError, match="ante: not a rule"):

        @dataclass(frozen=True)
        class Rules(HouseRuleValues):
            ante: int = 1
