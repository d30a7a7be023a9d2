"""English and Simplified Chinese: the catalogue is complete and compiled, pages follow the
browser's language (or the header's switch), and explanation lines, headlines and refusals are
said in the reader's language from the templates the rules core keeps with them."""

from __future__ import annotations

import dataclasses
import gettext as pygettext
import re
import shlex
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from scorekeeper.core.errors import FactError, Refusals
from scorekeeper.core.explain import Line
from scorekeeper.games.refusals import said as said_refusal
from scorekeeper.games.templatetags.say import say
from scorekeeper.rules.zhao_pengyou import GAME, GameState, Setup, words

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "zh_Hans" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
# Each game app's own catalogue (its rules page), which Django reads beside the shared one.
APP_POS = sorted(ROOT.glob("scorekeeper/*/locale/zh_Hans/LC_MESSAGES/django.po"))
CATALOGUES = [PO, *APP_POS]
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
HAN = re.compile(r"[\u4e00-\u9fff]")


# ---- the catalogue -------------------------------------------------------------------------------


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), text.strip()[1:-1])


def read_po(path: Path) -> list[dict]:
    """Each entry: msgctxt, msgid, msgid_plural, msgstr (by index; None for the singular), flags."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        entry: dict = {
            "msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {}, "flags": set()
        }  # fmt: skip
        key = None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] |= {f.strip() for f in line[2:].split(",")}
            elif line.startswith("#") or not line.strip():
                continue
            elif line.startswith("msgctxt "):
                key, entry["msgctxt"] = "msgctxt", _unquote(line[8:])
            elif line.startswith("msgid_plural "):
                key, entry["msgid_plural"] = "msgid_plural", _unquote(line[13:])
            elif line.startswith("msgid "):
                key, entry["msgid"] = "msgid", _unquote(line[6:])
            elif line.startswith("msgstr"):
                index = int(line[7]) if line.startswith("msgstr[") else None
                key = ("msgstr", index)
                entry["msgstr"][index] = _unquote(line.split(" ", 1)[1])
            elif line.startswith('"'):
                if isinstance(key, tuple):
                    entry["msgstr"][key[1]] += _unquote(line)
                else:
                    entry[key] += _unquote(line)
        if entry["msgid"] is not None:
            entries.append(entry)
    return entries


ENTRIES = read_po(PO)
MESSAGES = [e for e in ENTRIES if e["msgid"]]  # without the header


def messages(path: Path) -> list[dict]:
    return [e for e in read_po(path) if e["msgid"]]


def catalogue_id(path: Path) -> str:
    return path.relative_to(ROOT).parts[0 if path == PO else 1]


@pytest.mark.parametrize("path", CATALOGUES, ids=catalogue_id)
def test_every_catalogue_has_a_chinese_translation_for_every_message(path):
    entries = read_po(path)
    said = [e for e in entries if e["msgid"]]
    assert len(said) > (300 if path == PO else 20)
    untranslated = [e["msgid"] for e in said if not all(e["msgstr"].values())]
    assert untranslated == []
    assert [e["msgid"] for e in entries if "fuzzy" in e["flags"]] == []
    header = entries[0]["msgstr"][None]
    assert "Language: zh_Hans" in header and "nplurals=1; plural=0;" in header


def test_every_game_with_a_rules_page_in_its_own_catalogue_has_one():
    pages = sorted(ROOT.glob("scorekeeper/*/templates/rules/*.html"))
    assert pages and {p.parents[2] for p in pages} == {p.parents[3] for p in APP_POS}


@pytest.mark.parametrize("path", CATALOGUES, ids=catalogue_id)
def test_every_translation_keeps_the_placeholders_and_markup_of_its_message(path):
    def marks(text: str) -> tuple[list[str], list[str]]:
        placeholders = sorted(set(re.findall(r"%\(\w+\)s|\{\w+\}", text)))
        tags = sorted(re.findall(r"</?[a-z]+\b", text))
        return placeholders, tags

    for e in messages(path):
        for text in e["msgstr"].values():
            assert marks(text) == marks(e["msgid"]), (e["msgid"], text)
            words = re.sub(r"%\(\w+\)s|\{\w+\}", "", e["msgid"])  # placeholders are no words
            assert HAN.search(text) or not re.search(r"[a-z]{3}", words), e["msgid"]


@pytest.mark.parametrize("path", CATALOGUES, ids=catalogue_id)
def test_the_compiled_catalogue_is_the_catalogue(path):
    """Each .mo in the repository (the app runs without gettext tools) matches its .po."""
    with path.with_suffix(".mo").open("rb") as f:
        compiled = pygettext.GNUTranslations(f)
    for e in messages(path):
        if e["msgctxt"] is not None:
            assert compiled.pgettext(e["msgctxt"], e["msgid"]) == e["msgstr"][None], e["msgid"]
        elif e["msgid_plural"] is None:
            assert compiled.gettext(e["msgid"]) == e["msgstr"][None], e["msgid"]
        else:
            assert compiled.ngettext(e["msgid"], e["msgid_plural"], 2) == e["msgstr"][0]


def test_no_two_catalogues_translate_a_message_differently():
    """Django merges every catalogue into one per language (LOCALE_PATHS winning), so the same
    English in two games' catalogues is one translation: a word that reads otherwise in one game
    needs a message context there."""
    said: dict[tuple[str | None, str], dict[str, str]] = {}
    for path in CATALOGUES:
        for e in messages(path):
            said.setdefault((e["msgctxt"], e["msgid"]), {})[catalogue_id(path)] = str(e["msgstr"])
    assert {key: by for key, by in said.items() if len(set(by.values())) > 1} == {}


def make_variable(name: str) -> list[str]:
    """A variable of the Makefile, as the words `make` gives the command (quotes removed)."""
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        if line.startswith(f"{name} :="):
            return shlex.split(line.partition(":=")[2])
    raise LookupError(name)


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext (xgettext)")
def test_the_catalogues_hold_every_message_the_source_marks(tmp_path):
    """`make messages`'s commands on a copy of the source find no message a catalogue lacks, and
    none a catalogue holds is stale: the shared one, then each game app's own."""
    for part in ("scorekeeper", "templates", "locale"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "manage.py", tmp_path / "manage.py")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "zh_Hans", "--no-obsolete"]
        + make_variable("MESSAGES_IGNORE"),
        cwd=tmp_path,
        env={"DEBUG": "true", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp_path)},
        check=True,
        capture_output=True,
    )
    for po in CATALOGUES:
        if po != PO:
            subprocess.run(
                [sys.executable, "-m", "django", "makemessages", "-l", "zh_Hans", "--no-obsolete"]
                + make_variable("APP_MESSAGES_IGNORE"),
                cwd=tmp_path / po.relative_to(ROOT).parents[3],
                env={"PATH": "/usr/bin:/bin"},
                check=True,
                capture_output=True,
            )
        made = read_po(tmp_path / po.relative_to(ROOT))
        key = lambda e: (e["msgctxt"], e["msgid"])  # noqa: E731
        assert {key(e) for e in made} == {key(e) for e in read_po(po)}, po
        assert [e["msgid"] for e in made if not all(e["msgstr"].values()) and e["msgid"]] == []


def test_every_sentence_the_zhao_pengyou_core_can_say_is_in_the_catalogue():
    catalogue = {e["msgid"] for e in MESSAGES}
    templates = words.W.templates() | {
        value
        for name, value in vars(words).items()
        if name.isupper() and isinstance(value, str) and not name.startswith("RULE_")
    }
    templates |= {GAME.name, GAME.seating}
    templates |= set(Refusals(words.__package__).templates.values())
    assert templates - catalogue == set()


# ---- pages in the reader's language --------------------------------------------------------------

pytestmark = pytest.mark.django_db


def zhao_game(factory, keeper):
    game = factory.make_game(
        keeper, game="zhao-pengyou", players=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    )
    factory.record(
        game,
        trump_maker=0,
        team=[0, 2],
        defender_points=30,
        kitty_points=10,
        last_trick=3,
        penalties=[{"seat": 4, "cards_withdrawn": 1}],
    )
    return game


def test_a_zhao_pengyou_game_in_chinese(client_in, factory, keeper):
    game = zhao_game(factory, keeper)
    html = client_in.get(reverse("game", args=[game.pk]), **ZH).content.decode()
    assert '<html lang="zh-hans">' in html
    for said in [
        "找朋友 · 6人 · 标准规则",
        "Ann坐庄，朋友是Cy：庄家方2人，最多3人。",
        "Di是闲家，赢了最后一墩：底牌的10分翻倍，+20。",
        "Ed（闲家）甩牌失败：10 × 收回1张 = 闲家-10分。",
        "闲家总分：30 +20 -10 = 40。",
        "闲家40分 &lt; 80：庄家方升1级 × 2（庄家方少1人）= 升2级。",
        "Ann：2 → 4（升2级）。",
        '<span class="deal-balls">庄家方升2级</span>',
        "第 2 局 · <strong",
        "记录第 2 局",
        "撤销第 1 局",
        "要拿多少分？",
        "朋友：最后在庄家方的人",
        ">规则</a>",
    ]:
        assert said in html, said
    for english in ["Record deal", "Undo deal", "made trumps", "Deals", "standard rules"]:
        assert english not in html, english


def test_refusals_at_the_fields_are_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="zhao-pengyou", players=["A", "B", "C", "D", "E"])
    data = {"token": str(uuid.uuid4()), "trump_maker": 0, "team": [1, 2], "kitty_points": 10}
    response = client_in.post(
        reverse("deal_record", args=[game.pk]), data, HTTP_HX_REQUEST="true", **ZH
    )
    errors = response.context["form"].errors
    assert errors["team"] == ["5人：庄家方最多2人，不能是3人。"]
    assert errors["last_trick"] == ["请选择谁赢了最后一墩：底牌的分归他们。"]
    assert errors["defender_points"] == ["请填写闲家在所赢的墩里拿到多少分。"]
    preview = client_in.post(reverse("deal_preview", args=[game.pk]), data, **ZH).content.decode()
    assert "保存之前还需要：" in preview and "5人：庄家方最多2人，不能是3人。" in preview


def test_the_shell_pages_are_in_chinese(client, client_in, factory, keeper):
    pages = {
        reverse("login"): ["登录", "用户名", "密码", "注册账号"],
        reverse("signup"): ["注册账号", "记分员的账号"],
        reverse("rules", args=["zhao-pengyou"]): ["找朋友规则", "甩牌失败", "底牌"],
    }
    for url, texts in pages.items():
        html = client.get(url, **ZH).content.decode()
        for text in texts:
            assert text in html, (url, text)
    game = zhao_game(factory, keeper)
    pages = {
        reverse("home"): ["你的牌局", "新的找朋友牌局", "导入牌局记录", "账号"],
        reverse("account"): ["你的账号", "退出"],
        reverse("game_new") + "?game=zhao-pengyou": [
            "新的找朋友牌局", "座位 12", "首局先摸牌的人", "本桌规则", "开始牌局", "升级（标准）"
        ],
        reverse("game_import"): ["导入牌局", "牌局记录文件（.json）"],
        reverse("deal_edit", args=[game.pk, 1]): ["修改第 1 局", "保存第 1 局的修改"],
        reverse("deal_what_if", args=[game.pk, 1]): ["假如……第 1 局", "实际记录", "Ann坐庄"],
    }  # fmt: skip
    for url, texts in pages.items():
        html = client_in.get(url, **ZH).content.decode()
        for text in texts:
            assert text in html, (url, text)


def test_english_by_default_and_the_header_switches_language(client_in, factory, keeper):
    game = zhao_game(factory, keeper)
    url = reverse("game", args=[game.pk])
    html = client_in.get(url).content.decode()
    assert '<html lang="en">' in html and "Record deal 2" in html
    assert 'name="language" value="zh-hans" lang="zh-Hans">中文</button>' in html
    response = client_in.post(reverse("set_language"), {"language": "zh-hans", "next": url})
    assert response["Location"] == url
    html = client_in.get(url).content.decode()
    assert "记录第 2 局" in html
    assert 'name="language" value="en" lang="en">English</button>' in html
    client_in.post(reverse("set_language"), {"language": "en", "next": url})
    assert "Record deal 2" in client_in.get(url, **ZH).content.decode()  # the choice wins


def test_a_list_of_names_is_joined_in_the_readers_language(client_in, factory, keeper):
    factory.make_game(keeper, game="spades", players=["陈", "Esi", "Bo", "Di"])
    assert "陈、Esi、Bo、Di" in client_in.get(reverse("home"), **ZH).content.decode()
    assert "陈, Esi, Bo, Di" in client_in.get(reverse("home")).content.decode()
    joined = Template('{{ names|join:_(", ") }}')  # as the shell's templates join names
    with translation.override("zh-hans"):
        assert joined.render(Context({"names": ["陈", "Esi"]})) == "陈、Esi"


def test_the_other_games_stay_as_they_were(client_in, factory, keeper):
    game = factory.make_game(keeper)  # Thunee (its own words: tests/web/test_i18n_thunee.py)
    html = client_in.get(reverse("game", args=[game.pk]), **ZH).content.decode()
    assert "记录第 1 局" in html  # the shell is translated
    assert "Thunee" in html


# ---- lines, headlines and refusals: data first, words in the reader's language -------------------


def test_say_translates_a_line_from_its_template_and_keeps_the_values():
    setup = Setup.create(players=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
    result = GAME.score_deal(
        GAME.parse_deal({"trump_maker": 0, "team": [0, 2], "defender_points": 30}, setup),
        GameState.initial(setup),
        setup,
    )
    lines = result.outcome.lines
    with translation.override("en"):
        assert [say(line) for line in lines] == [line.text for line in lines]
        assert say(GAME.headline(setup, result)) == "trump makers +4"
    with translation.override("zh-hans"):
        said = [say(line) for line in lines]
        assert said[0] == "Ann坐庄，朋友是Cy：庄家方2人，最多3人。"
        assert "Cy：2 → 6（升4级）。" in said
        assert say(GAME.headline(setup, result)) == "庄家方升4级"
        assert say(GAME.mode_label(setup)) == "6人"
        rendered = Template("{% load say %}{{ line|said }}").render(Context({"line": lines[0]}))
        assert rendered == said[0]


def test_say_leaves_anything_without_a_template_as_it_was_written():
    with translation.override("zh-hans"):
        plain = Line("balls", "Asha & Chetan open 1 ball.", "scoring")
        assert say(plain) == "Asha & Chetan open 1 ball."
        assert say("+2 A") == "+2 A"
        broken = Line("x", "English {missing}", "r", data={"template": "{oops}"})
        assert say(broken) == "English {missing}"


BAD_DEALS = [
    {"team": [0]},
    {"trump_maker": 0, "defender_points": 10},
    {"trump_maker": 0, "team": [0, 1, 2, 3], "defender_points": 30},
    {"trump_maker": 0, "team": [0], "defender_points": 33},
    {"trump_maker": 0, "team": [0], "defender_points": 300},
    {"trump_maker": 0, "team": [0], "defender_points": -5},
    {"trump_maker": 0, "team": [0], "defender_points": 180, "kitty_points": 30, "last_trick": 1},
    {"trump_maker": 0, "team": [0], "defender_points": 10, "kitty_points": 10},
    {"trump_maker": 0, "team": [0], "defender_points": 10, "kitty_points": 70, "last_trick": 1},
    {"trump_maker": 0, "team": [1], "defender_points": 10},
    {"trump_maker": 0, "team": [0, 1, 1], "defender_points": 10},
    {"trump_maker": 7, "team": [0], "defender_points": 10},
    {"trump_maker": 0, "team": [0], "defender_points": 10, "trump": {"rank": "1", "suit": "x"}},
    {"trump_maker": 0, "team": [0], "defender_points": 10, "called_cards": ["a", "b", "c"]},
    {"trump_maker": 0, "team": [0], "defender_points": 10, "called_cards": [""]},
    {"trump_maker": 0, "team": [0], "defender_points": 10, "penalties": [{}]},
    {"trump_maker": 0, "team": [0], "defender_points": 10, "penalties": [{"cards_withdrawn": 40}]},
]  # fmt: skip


def refusals() -> list[FactError]:
    setup = Setup.create(players=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"])
    out: list[FactError] = []
    for deal in BAD_DEALS:
        with pytest.raises(FactError) as caught:
            GAME.parse_deal(deal, setup)
        out += getattr(caught.value, "errors", (caught.value,))
    state = GameState.initial(setup)
    for rules, deal, before in [
        (
            {"scoring": "active-passive"},
            {"trump_maker": 1, "team": [1], "defender_points": 0},
            {"levels": ["2"] * 6, "active": [True, False, True, True, True, True]},
        ),
        ({"starter": "by-result"}, {"trump_maker": 1, "team": [1], "defender_points": 0}, None),
        ({}, {"trump_maker": 1, "team": [1], "defender_points": 0, "starter": 3}, None),
    ]:  # fmt: skip
        setup = Setup.create(
            players=["Ann", "Bo", "Cy", "Di", "Ed", "Flo"], house_rules=rules, start=before
        )
        state = GameState.initial(setup)
        if rules.get("starter") == "by-result":
            first = {"trump_maker": 0, "team": [0, 2], "defender_points": 0}
            state = GAME.score_deal(GAME.parse_deal(first, setup), state, setup).after
        with pytest.raises(FactError) as caught:
            GAME.score_deal(GAME.parse_deal(deal, setup), state, setup)
        out.append(caught.value)
    over = dataclasses.replace(state, finished=True)
    with pytest.raises(FactError) as caught:
        GAME.score_deal(GAME.parse_deal({"no_trumps": True}, setup), over, setup)
    return [*out, caught.value]


def test_every_refusal_a_phone_can_meet_is_said_in_both_languages():
    errors = refusals()
    assert len(errors) >= 20
    for error in errors:
        with translation.override("en"):
            assert said_refusal(error) == error.message
        with translation.override("zh-hans"):
            assert HAN.search(said_refusal(error)), said_refusal(error)
    assert len({e.code for e in errors}) >= 18


def test_a_warning_before_saving_is_in_chinese(client_in, factory, keeper):
    game = factory.make_game(keeper, game="zhao-pengyou", players=["A", "B", "C", "D", "E"])
    data = {"token": str(uuid.uuid4()), "trump_maker": 0, "team": [0], "defender_points": 50}
    data |= {"trump_rank": "9", "trump_suit": "clubs"}
    html = client_in.post(reverse("deal_preview", args=[game.pk]), data, **ZH).content.decode()
    assert "⚠ 级牌9不是A的级（2）：确定吗？" in html
    html = client_in.post(reverse("deal_preview", args=[game.pk]), data).content.decode()
    assert "⚠ The trump rank 9 is not the level of A (2): is that right?" in html
