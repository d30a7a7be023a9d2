"""Forms for groups and for sharing a game."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper.games.models import GameRole
from scorekeeper.groups.models import Group, Membership


class GroupForm(forms.ModelForm):
    class Meta:
        model = Group
        fields = ["name"]
        labels = {"name": gettext_lazy("Name of the group")}
        error_messages = {"name": {"required": gettext_lazy("Give the group a name.")}}


WHOSE_USERNAME = {"required": gettext_lazy("Write the person's username.")}


def _user_named(username: str):
    # Only a person's own account: never a visitor's stand-in (inactive, holders.py).
    people = get_user_model().objects.filter(is_active=True)
    user = people.filter(username__iexact=username.strip()).first()
    if user is None:
        raise forms.ValidationError(_("Nobody has the username %(name)s.") % {"name": username})
    return user


class AddPersonForm(forms.Form):
    """Give someone with an account a role at one game."""

    username = forms.CharField(
        max_length=150, label=gettext_lazy("Username"), error_messages=WHOSE_USERNAME
    )
    role = forms.ChoiceField(
        choices=[
            (GameRole.SCOREKEEPER, gettext_lazy("scorekeeper")),
            (GameRole.SPECTATOR, gettext_lazy("spectator")),
        ],
        initial=GameRole.SPECTATOR,
        widget=forms.RadioSelect,
    )

    def clean_username(self):
        return _user_named(self.cleaned_data["username"])


class AddMemberForm(forms.Form):
    username = forms.CharField(
        max_length=150, label=gettext_lazy("Username"), error_messages=WHOSE_USERNAME
    )
    role = forms.ChoiceField(
        choices=[("member", gettext_lazy("member")), ("admin", gettext_lazy("admin"))],
        initial="member",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, group: Group, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group = group

    def clean_username(self):
        user = _user_named(self.cleaned_data["username"])
        if Membership.objects.filter(group=self.group, user=user).exists():
            raise forms.ValidationError(_("%(name)s is in the group already.") % {"name": user})
        return user
