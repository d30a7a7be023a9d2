"""Every game's rules page read in Chinese, as a person sees it (its text, not its markup): no run
of English words is left but names and deliberate terms (english_allowed.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorekeeper import registry

from .english_allowed import ALLOWED
from .seen import Element, seen
from .test_i18n import HAN, ZH

pytestmark = pytest.mark.django_db

WORDS = re.compile(r"[A-Za-z_][A-Za-z_'’]*(?:[ -][A-Za-z_][A-Za-z_'’]*)*")


def english_runs(text: str) -> list[str]:
    """Each run of Latin words with a word that is neither one letter nor allowed."""
    return [
        run.group()
        for run in WORDS.finditer(text)
        if any(len(word) > 1 and word not in ALLOWED for word in re.split(r"[ -]", run.group()))
    ]


def read(element: Element) -> str:
    """The page's text as it reads: each piece of text apart (table cells side by side are two
    words, not one), scripts and styles left out."""
    parts = []
    for child in element.children:
        if isinstance(child, str):
            parts.append(child)
        elif child.tag not in ("script", "style"):
            parts.append(read(child))
    return " ".join(parts)


def test_a_run_of_english_words_is_found_and_names_pass():
    assert english_runs("Asha 叫4，her partner 叫3：A、K、T+n") == ["her partner"]
    assert english_runs("Khanaak 成功（Double）") == []


@pytest.mark.parametrize("key", list(registry.GAMES))
def test_the_rules_page_in_chinese_has_no_english_left(client, key):
    response = client.get(reverse("rules", args=[key]), **ZH)
    assert response.status_code == 200
    page = seen(response.content)
    assert english_runs(read(page)) == []
    article = page.one("article")
    for part in article.all("p") + article.all("li") + article.all("h3"):
        assert HAN.search(part.text), part.text  # nothing said in numbers and names alone
