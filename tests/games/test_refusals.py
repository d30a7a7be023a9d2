"""Refusals are data: a code, the field and the values, worded by a catalogue in both languages.

Every code a rules core (or the shared core, or the game log) can raise is found in the source
and must have its English template in the catalogue it names and a Chinese translation; no core
writes a refusal as an English string; any refusal, whatever its values, is said in English
exactly as the core wrote it and in Chinese without error; and for every registered game a
refused deal says why at its field, in the reader's language.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import registry
from scorekeeper.core.errors import FactError, InvalidFacts, Refusal, Refusals
from scorekeeper.core.explain import Said
from scorekeeper.core.sentences import FILE
from scorekeeper.games.refusals import in_full, said
from tests.web.test_i18n import HAN, MESSAGES

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scorekeeper"
# Where refusals are raised: the rules cores, the shared core, the game log, and the shell,
# which uses the shared catalogue for the game log's checks it repeats (a file of games).
SOURCES = [
    *sorted((PACKAGE / "core").rglob("*.py")),
    *sorted((PACKAGE / "rules").rglob("*.py")),
    PACKAGE / "gamelog.py",
    *sorted((PACKAGE / "games").rglob("*.py")),
]
PURE = [p for p in SOURCES if "games" not in p.relative_to(PACKAGE).parts]
CODE = re.compile(r"[A-Z][A-Z0-9_]*")
CATALOGUES = sorted(".".join(p.parent.relative_to(ROOT).parts) for p in PACKAGE.rglob(FILE))
TRANSLATED = {e["msgid"]: e["msgstr"].get(None, "") for e in MESSAGES if "fuzzy" not in e["flags"]}


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(path: Path) -> str:
    module = module_of(path)
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def refusal_catalogues() -> dict[tuple[str, str], str]:
    """(module, name) -> the package whose catalogue a module-level `Refusals(...)` reads."""
    found = {}
    for path in SOURCES:
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
                continue
            call = node.value
            if getattr(call.func, "id", None) != "Refusals":
                continue
            arg = call.args[0]
            package = package_of(path) if getattr(arg, "id", None) == "__package__" else arg.value
            for target in node.targets:
                found[(module_of(path), target.id)] = package
    return found


CATALOGUE_OF = refusal_catalogues()


def names_in(path: Path, tree: ast.Module) -> dict[str, str]:
    """The names a module uses for catalogues of refusals: its own, and those it imports."""
    module = module_of(path)
    names = {name: pkg for (mod, name), pkg in CATALOGUE_OF.items() if mod == module}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            source = node.module
            if node.level:  # from .x import y
                base = package_of(path).split(".")
                source = ".".join(base[: len(base) - node.level + 1] + [node.module])
            for alias in node.names:
                if (source, alias.name) in CATALOGUE_OF:
                    names[alias.asname or alias.name] = CATALOGUE_OF[(source, alias.name)]
    return names


def codes_in(node: ast.expr, function: ast.AST | None) -> set[str]:
    """The codes an argument can be: its string constants, or those assigned to the name it is
    in the function around it."""
    if isinstance(node, ast.Name) and function is not None:
        values = [
            n.value
            for n in ast.walk(function)
            if isinstance(n, ast.Assign)
            and any(getattr(t, "id", None) == node.id for t in n.targets)
        ]
        return {c for v in values for c in codes_in(v, None)}
    return {
        n.value
        for n in ast.walk(node)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and CODE.fullmatch(n.value)
    }


def uses() -> Iterator[tuple[str, str, str, str]]:
    """(where, package, "REFUSALS" or "PARTS", code) for every refusal and part the source asks
    for by name: `REFUSE(field, code)`, `REFUSE.why(code)`, `REFUSE.part(name)`."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = names_in(path, tree)
        functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id in names:
                package, table, arg = names[func.id], "REFUSALS", node.args[1]
            elif (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id in names
                and func.attr in ("why", "part")
            ):
                package, arg = names[func.value.id], node.args[0]
                table = "REFUSALS" if func.attr == "why" else "PARTS"
            else:
                continue
            around = next(
                (f for f in functions if f.lineno <= node.lineno <= (f.end_lineno or 0)), None
            )
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            codes = codes_in(arg, around)
            assert codes, f"{where}: a code the test cannot read"
            for code in codes:
                yield where, package, table, code


USES = list(uses())


def test_the_source_asks_for_refusals_by_code_in_every_catalogue():
    assert len(USES) > 150
    packages = {package for _, package, _, _ in USES}
    assert packages == set(CATALOGUES)


def test_every_code_a_core_can_raise_has_its_template():
    for where, package, table, code in USES:
        refusals = Refusals(package)
        templates = refusals.templates if table == "REFUSALS" else refusals.parts
        assert code in templates, f"{where}: {package} has no {table}.{code}"


def test_every_template_is_used_and_has_a_chinese_translation():
    used = {(package, table, code) for _, package, table, code in USES}
    for package in CATALOGUES:
        refusals = Refusals(package)
        for table, templates in (("REFUSALS", refusals.templates), ("PARTS", refusals.parts)):
            for code, template in templates.items():
                assert (package, table, code) in used, f"{package}: {table}.{code} is never used"
                chinese = TRANSLATED.get(template, "")
                assert HAN.search(chinese), f"{package}: {table}.{code} has no Chinese"


def test_no_core_writes_a_refusal_as_an_english_string():
    message_at = {"FactError": 1, "NotThisDealer": 1, "fail": 1, "GameOver": 0}
    checked = 0
    for path in PURE:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in message_at or len(node.args) <= message_at[name]:
                continue
            message = node.args[message_at[name]]
            written = isinstance(message, ast.JoinedStr | ast.BinOp | ast.Constant)
            assert not written, f"{path.relative_to(ROOT)}:{node.lineno}"
            checked += 1
    assert checked > 30


# ---- any refusal, in both languages ------------------------------------------------------------


def placeholders(template: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


ALL = [(package, code) for package in CATALOGUES for code in Refusals(package).templates]
PARTS = [(package, name) for package in CATALOGUES for name in Refusals(package).parts]
plain = st.one_of(
    st.integers(-(10**6), 10**6),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=20),
)


@st.composite
def a_part(draw) -> Said:
    package, name = draw(st.sampled_from(PARTS))
    template = Refusals(package).parts[name]
    return Refusals(package).part(name, **{k: draw(plain) for k in placeholders(template)})


@st.composite
def a_refusal(draw) -> Refusal:
    package, code = draw(st.sampled_from(ALL))
    template = Refusals(package).templates[code]
    values = {k: draw(st.one_of(plain, a_part())) for k in placeholders(template)}
    return Refusals(package).why(code, **values)


@settings(max_examples=300, deadline=None)
@given(st.lists(a_refusal(), min_size=1, max_size=3), st.none() | st.integers(1, 500))
def test_any_refusal_is_said_in_english_as_written_and_in_chinese(refusals, deal):
    errors = [FactError(f"field.{i}", why) for i, why in enumerate(refusals)]
    error = errors[0] if len(errors) == 1 else InvalidFacts(errors)
    if deal is not None:
        error = error.at_deal(deal)
    with translation.override("en"):
        assert [said(e) for e in errors] == [str(why) for why in refusals]
        assert in_full(error) == str(error)
    with translation.override("zh-hans"):
        for e, why in zip(errors, refusals, strict=True):
            chinese = said(e)
            assert HAN.search(chinese), chinese
            for value in why.values.values():
                if not isinstance(value, Said):
                    assert str(value) in chinese
        assert in_full(error).startswith(f"第 {deal} 局，" if deal is not None else "field.0: ")


# ---- every game: each refusal of a deal stands at its field, in the reader's language ----------

NAMES = ["Asha", "Bongani", "Chetan", "Dev", "Esther", "Farouk", "Gita", "Hamid"]


@pytest.mark.parametrize("key", list(registry.GAMES))
def test_each_refusal_of_an_empty_deal_stands_at_its_field_in_english_and_chinese(key):
    """The form that records a whole deal (an edit, or a one-step game) sends nothing filled in:
    each refusal the core answers goes to a field of the form and reads as the core wrote it in
    English, and in Chinese in the reader's language (tests/<game>/ follow one through a page)."""
    entry = registry.game(key)
    rules = entry.rules
    envelope = {"players": NAMES[: rules.modes[0].seats if rules.modes else min(rules.seat_counts)]}
    if rules.modes:
        envelope["mode"] = rules.modes[0].key
    setup = rules.setup(envelope)
    state = rules.initial_state(setup)
    with pytest.raises(FactError) as caught:
        rules.score_deal(rules.parse_deal({}, setup), state, setup)
    form = entry.deal_form(setup=setup, state=state, rules=rules, stage="full")
    shown = form.each_error(caught.value)
    assert shown
    for error in shown:
        assert form.field_for(error.field) in form.fields, error.field
        with translation.override("en"):
            assert form.say(error) == error.message
        with translation.override("zh-hans"):
            chinese = form.say(error)
        assert HAN.search(chinese) and chinese != error.message, chinese
