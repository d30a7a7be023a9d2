"""The sign-up form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext as _

from scorekeeper.games.lookalikes import looks_like, skeleton


class SignupForm(UserCreationForm):
    """Django's sign-up form, asking for the least: a username and one password (typed once;
    the box can show it). The password's rules are said above its box, before typing (and the
    box points at them for a screen reader); a refused form keeps the username, never the
    password."""

    RULES_ID = "password-rules"
    password2 = None  # one password box

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["password1"].widget.attrs["aria-describedby"] = self.RULES_ID
        self.fields["password1"].help_text = ""  # said above the box instead
        self.fields["username"].error_messages.update(
            required=_("Choose a username."),
            invalid=_("Use letters, digits and @ . + - _ only, without spaces."),
        )

    def clean_username(self) -> str:
        """Django's checks, then none that looks the same as a username taken already."""
        username = super().clean_username()
        if not username:  # refused already (one differing only in case)
            return username
        key = skeleton(username)
        # Only the usernames that could look alike are read: the same length once folded.
        taken = get_user_model().objects.values_list("username", flat=True)
        same = looks_like(username, (u for u in taken.iterator() if skeleton(u) == key))
        if same is not None:
            raise forms.ValidationError(
                _("%(name)s looks the same as %(taken)s, a username taken already: choose another.")
                % {"name": username, "taken": same}
            )
        return username

    def password_rules(self) -> list[str]:
        """Each password validator's rule, in the reader's language (settings.py)."""
        return password_validation.password_validators_help_texts()

    def validate_passwords(self, *args: Any, **kwargs: Any) -> None:
        """Typed once: nothing to compare."""

    def validate_password_for_user(self, user, password_field_name: str = "password1") -> None:
        super().validate_password_for_user(user, password_field_name="password1")
