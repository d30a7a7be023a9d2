"""A season's name and dates; a season bundle to import."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .exports import overlapping
from .models import Season


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start", "end"]
        widgets = {
            "start": forms.DateInput(attrs={"type": "date"}),
            "end": forms.DateInput(attrs={"type": "date"}),
        }
        error_messages = {
            "name": {"required": gettext_lazy("Give the season a name.")},
            "start": {
                "required": gettext_lazy("Choose the season's first day."),
                "invalid": gettext_lazy("Choose a day on the calendar."),
            },
            "end": {
                "required": gettext_lazy("Choose the season's last day."),
                "invalid": gettext_lazy("Choose a day on the calendar."),
            },
        }

    def __init__(self, *args: Any, group, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group = group

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        start, end = data.get("start"), data.get("end")
        if start and end:
            if end < start:
                self.add_error("end", _("The last day comes before the first."))
            elif clashes := list(
                overlapping(self.group, start, end, besides=self.instance.pk).order_by("start")
            ):
                # Translators: a season and its dates, "Autumn 2026 (1 Mar 2026 – 31 May 2026)".
                named = _("%(name)s (%(start)s – %(end)s)")
                self.add_error(
                    None,
                    _(
                        "Another season of this group overlaps these dates: %(seasons)s. "
                        "A game falls in one season only."
                    )
                    % {
                        "seasons": ", ".join(
                            named
                            % {
                                "name": season.name,
                                "start": date_format(season.start),
                                "end": date_format(season.end),
                            }
                            for season in clashes
                        )
                    },
                )
        return data


class BundleForm(forms.Form):
    MAX_BYTES = 20 * 1024 * 1024

    file = forms.FileField(label=gettext_lazy("Season bundle (.json)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("That file is too big for a season (20 MB at most)."))
        return upload
