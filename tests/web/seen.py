"""What a person sees of a page or an htmx answer: its elements, their text and attributes, read
from the HTML as a browser builds them (html.parser, no markup compared)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def text(self) -> str:
        """Its text as read, white space collapsed."""
        return re.sub(r"\s+", " ", "".join(_texts(self))).strip()

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def all(self, tag: str | None = None, **attrs: str) -> list[Element]:
        """Every element inside (itself included) of that tag with those attributes (`data_testid`
        for data-testid; a value of True: the attribute is there)."""
        want = {k.replace("_", "-"): v for k, v in attrs.items()}
        return [
            e
            for e in _walk(self)
            if (tag is None or e.tag == tag)
            and all((k in e.attrs) if v is True else e.attrs.get(k) == v for k, v in want.items())
        ]

    def one(self, tag: str | None = None, **attrs: str) -> Element:
        found = self.all(tag, **attrs)
        assert len(found) == 1, f"{len(found)} elements {tag} {attrs}"
        return found[0]

    def by_id(self, id_: str) -> Element:
        return self.one(id=id_)

    def testid(self, name: str) -> Element:
        return self.one(data_testid=name)


def _walk(element: Element):
    yield element
    for child in element.children:
        if isinstance(child, Element):
            yield from _walk(child)


def _texts(element: Element):
    for child in element.children:
        if isinstance(child, str):
            yield child
        else:
            yield from _texts(child)


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("#root", {})
        self.open = [self.root]

    def handle_starttag(self, tag: str, attrs: list) -> None:
        element = Element(tag, {k: v if v is not None else "" for k, v in attrs})
        self.open[-1].children.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        self.open[-1].children.append(Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.open) - 1, 0, -1):
            if self.open[i].tag == tag:
                del self.open[i:]
                return

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


def seen(html: str | bytes) -> Element:
    """The page (or answer) as elements."""
    builder = _Builder()
    builder.feed(html.decode() if isinstance(html, bytes) else html)
    builder.close()
    return builder.root
