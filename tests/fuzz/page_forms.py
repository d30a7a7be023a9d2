"""The forms a page renders, read from its HTML as a browser would submit them: what the fuzz
tests start from, so every field name (hidden ones too) is the page's own."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class PageForm:
    """One <form>: where it posts, what it would send as rendered (name, value pairs, in order),
    every control's name, and the values offered by its radios, checkboxes and selects."""

    id: str
    action: str
    hx_post: str
    pairs: list[tuple[str, str]] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    options: dict[str, list[str]] = field(default_factory=dict)

    def offer(self, name: str, value: str) -> None:
        if name not in self.names:
            self.names.append(name)
        if value not in self.options.setdefault(name, []):
            self.options[name].append(value)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self.extra: dict[str, list[tuple[str, str]]] = {}  # fields outside, by form="id"
        self._form: PageForm | None = None
        self._select: tuple[str, str | None, bool] | None = None  # name, first, chosen
        self._textarea: str | None = None
        self._text: list[str] = []

    def _target(self, attrs: dict[str, str | None]) -> PageForm | None:
        owner = attrs.get("form")
        if owner:
            return next((f for f in self.forms if f.id == owner), None)
        return self._form

    def handle_starttag(self, tag: str, attr_list: list) -> None:
        attrs = {k: (v if v is not None else "") for k, v in attr_list}
        if tag == "form":
            self._form = PageForm(
                attrs.get("id", ""), attrs.get("action", ""), attrs.get("hx-post", "")
            )
            self.forms.append(self._form)
            return
        form = self._target(attrs)
        name = attrs.get("name")
        if form is None or not name or "disabled" in attrs:
            if tag == "option" and self._select is not None:
                self._option(attrs)
            return
        if tag == "input":
            kind = attrs.get("type", "text").lower()
            value = attrs.get("value", "on" if kind in ("checkbox", "radio") else "")
            if kind in ("checkbox", "radio"):
                form.offer(name, value)
                if "checked" in attrs:
                    form.pairs.append((name, value))
            elif kind not in ("submit", "button", "file", "reset", "image"):
                form.offer(name, value)
                form.pairs.append((name, value))
        elif tag == "select":
            self._select = (name, None, False)
            self._select_form = form
            if name not in form.names:
                form.names.append(name)
        elif tag == "textarea":
            self._textarea = name
            self._textarea_form = form
            self._text = []

    def _option(self, attrs: dict[str, str]) -> None:
        name, first, chosen = self._select
        value = attrs.get("value", "")
        self._select_form.offer(name, value)
        if "selected" in attrs and not chosen:
            self._select_form.pairs.append((name, value))
            chosen = True
        self._select = (name, first if first is not None else value, chosen)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None:
            name, first, chosen = self._select
            if not chosen and first is not None:
                self._select_form.pairs.append((name, first))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self._textarea_form.offer(self._textarea, "")
            self._textarea_form.pairs.append((self._textarea, "".join(self._text)))
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)


def forms_on(html: str) -> list[PageForm]:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.forms


def deal_form_on(html: str) -> PageForm | None:
    """A deal page's deal form (templates/games/deal_form.html), None when there is none."""
    return next((f for f in forms_on(html) if f.id == "deal-form"), None)
