"""The import page's form: a game log, or a file of several, as a file or pasted."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class ImportForm(forms.Form):
    """A game log, or a file of several (a person's "Download all my games"), to import: a
    file, or pasted JSON."""

    MAX_BYTES = 20 * 1024 * 1024  # a file of all of a person's games, as seasons' bundles

    file = forms.FileField(required=False, label=gettext_lazy("Game log file (.json)"))
    text = forms.CharField(
        required=False,
        label=gettext_lazy("…or paste the JSON"),
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("file")
        if upload is not None and upload.size > self.MAX_BYTES:
            self.add_error("file", _("That file is too big for game logs (20 MB at most)."))
        elif upload is None and not (data.get("text") or "").strip():
            self.add_error("file", _("Choose a game log file or paste its JSON."))
        return data

    def source_field(self) -> str:
        return "file" if self.cleaned_data.get("file") is not None else "text"

    def document(self) -> bytes | str:
        upload = self.cleaned_data.get("file")
        return upload.read() if upload is not None else self.cleaned_data["text"]
