"""The sign-up form."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import password_validation
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext as _


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

    def password_rules(self) -> list[str]:
        """Each password validator's rule, in the reader's language (settings.py)."""
        return password_validation.password_validators_help_texts()

    def validate_passwords(self, *args: Any, **kwargs: Any) -> None:
        """Typed once: nothing to compare."""

    def validate_password_for_user(self, user, password_field_name: str = "password1") -> None:
        super().validate_password_for_user(user, password_field_name="password1")
