"""House rules as named settings: each game lists its own, checked once when a game is set up."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field, replace
from typing import Any, ClassVar

from .errors import SHARED, FactError, raise_all
from .reader import choices_word, is_int, json_word, same_value, span
from .sentences import sentences


@dataclass(frozen=True)
class HouseRule:
    """One named setting. `choices` are the values offered, the standard one first.

    `numbers` allows, besides the choices, any whole number in the range (low, high), both ends
    given: the spec's "500, or a number", within what a table plays (an unbounded number made
    pages that failed for ever: a chart cannot draw 400 nines). `labels` says how each choice
    reads.
    """

    key: str
    label: str
    choices: tuple[Any, ...]
    labels: tuple[str, ...] = ()
    numbers: tuple[int, int] | None = None
    help: str = ""
    # Besides the choices, any text of 1 to `text` characters (a name the table gives its game).
    text: int | None = None

    def __post_init__(self) -> None:
        if self.numbers is not None and None in self.numbers:
            raise ValueError(f"house rule {self.key}: a number needs both bounds")

    @property
    def standard(self) -> Any:
        return self.choices[0]

    def allows(self, value: Any) -> bool:
        if any(same_value(value, c) for c in self.choices):
            return True
        if self.text is not None and isinstance(value, str):
            return 1 <= len(value) <= self.text
        if self.numbers is None or not is_int(value):
            return False
        low, high = self.numbers
        return low <= value <= high

    def check(self, value: Any) -> Any:
        if not self.allows(value):
            field, said, choices = f"house_rules.{self.key}", json_word(value), self.choices
            if self.text is not None:
                raise SHARED(field, "RULE_TEXT", value=said, most=self.text)
            if self.numbers is None:
                raise SHARED(field, "RULE_CHOICE", value=said, choices=choices_word(choices))
            raise SHARED(
                field,
                "RULE_CHOICE_OR_NUMBER",
                value=said,
                choices=choices_word(choices),
                span=span(*self.numbers),
            )
        return value

    def label_of(self, value: Any) -> str:
        for choice, label in zip(self.choices, self.labels, strict=False):
            if same_value(choice, value):
                return label
        if value is True:
            return "On"
        if value is False:
            return "Off"
        if value is None:
            return "None"
        return str(value)


def house_rules(words: Mapping[str, Any], *rules: tuple[Any, ...]) -> tuple[HouseRule, ...]:
    """A game's house rules, each `(key, choices)` or `(key, choices, numbers)` (the standard
    choice first; `numbers` the whole numbers allowed besides, (low, high)), said in the words of
    the game's catalogue: `words[key]` has the rule's `label`, how each choice reads (`values`)
    and, if it needs one, a line of `help` (scorekeeper/core/sentences.py)."""
    table = []
    for key, choices, *numbers in rules:
        said = words[key]
        if len(said["values"]) != len(choices):
            raise ValueError(
                f"house rule {key}: {len(choices)} choices, {len(said['values'])} read"
            )
        table.append(
            HouseRule(
                key,
                said["label"],
                tuple(choices),
                said["values"],
                numbers=numbers[0] if numbers else None,
                help=said.get("help", ""),
            )
        )
    return tuple(table)


def rule(
    standard: Any, *others: Any, numbers: tuple[int, int] | None = None, text: int | None = None
) -> Any:
    """A house rule, as a field of a `HouseRuleValues`: its standard value (the field's default),
    the other values offered, `numbers`, the whole numbers it also allows, (low, high), and
    `text`, the most characters of a text it also allows."""
    metadata = {"choices": (standard, *others), "numbers": numbers, "text": text}
    return field(default=standard, metadata=metadata)


class HouseRuleValues:
    """A game's house rules as values: a frozen dataclass whose fields are the rules, each a
    `rule(...)`: its standard value (the field's default), the others offered, the whole
    numbers it also allows. Its `table` is made from the fields, in their order, in the words
    of the game's catalogue (`HOUSE_RULES` of words.toml in the class's package: what each is
    called and how it reads). Read from the game log's form and back."""

    table: ClassVar[tuple[HouseRule, ...]]
    game_name: ClassVar[str]  # for messages: "is not a Spades house rule"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # Runs before @dataclass turns each rule(...) into its default: the fields are still
        # the Field objects, in the order the class lists them.
        declared = [(key, f) for key, f in vars(cls).items() if isinstance(f, Field)]
        plain = set(vars(cls).get("__annotations__", {})) - {key for key, _ in declared}
        if plain:
            raise TypeError(f"{cls.__name__}: {', '.join(sorted(plain))}: not a rule(...)")
        words = sentences(cls.__module__.rpartition(".")[0]).HOUSE_RULES
        table = house_rules(
            words, *((key, f.metadata["choices"], f.metadata["numbers"]) for key, f in declared)
        )
        texts = {key: f.metadata.get("text") for key, f in declared}
        cls.table = tuple(
            replace(r, text=texts[r.key]) if texts[r.key] is not None else r for r in table
        )

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The given settings checked, the rest standard. Raises FactError ("house_rules.<key>")."""
        return cls(**read_house_rules(cls.table, data, cls.game_name))

    def to_dict(self) -> dict[str, Any]:
        return {rule.key: getattr(self, rule.key) for rule in self.table}


def read_house_rules(table: tuple[HouseRule, ...], data: Any, game_name: str) -> dict[str, Any]:
    """Every house rule's value: the given ones checked, the rest standard. Raises FactError."""
    data = {} if data is None else data
    if not isinstance(data, Mapping):
        raise SHARED("house_rules", "RULES_NOT_AN_OBJECT")
    by_key = {rule.key: rule for rule in table}
    errors: list[FactError] = []
    values = {rule.key: rule.standard for rule in table}
    for key, value in data.items():
        rule = by_key.get(key)
        if rule is None:
            errors.append(SHARED(f"house_rules.{key}", "NOT_A_HOUSE_RULE"))
            continue
        try:
            values[key] = rule.check(value)
        except FactError as e:
            errors.append(e)
    raise_all(errors)
    return values


def changed_rules(table: tuple[HouseRule, ...], values: Mapping[str, Any]) -> dict[str, Any]:
    """Only the settings that differ from the standard, in the table's order."""
    return {
        rule.key: values[rule.key]
        for rule in table
        if rule.key in values and not same_value(values[rule.key], rule.standard)
    }
