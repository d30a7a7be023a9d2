"""Who may do what with a game night: the group's admins and the night's organiser run it, the
group's members see it, anyone else is told it does not exist (404)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpRequest

from scorekeeper.groups.models import Group, Membership

from .models import Night


def _role(group_ref: str, user) -> Subquery:
    return Subquery(Membership.objects.filter(group=OuterRef(group_ref), user=user).values("role"))


def night_for(request: HttpRequest, pk: int, *, run: bool = False) -> Night:
    """The night if the person may see it (404 otherwise), and run it if `run` (403 for a
    member who may only see it). `night.runs` says whether they may run it."""
    user = request.user
    night = (
        Night.objects.select_related("group").annotate(my_role=_role("group", user)).filter(pk=pk)
    ).first()
    if night is None or night.my_role is None:
        raise Http404("No night found.")
    night.runs = night.my_role == "admin" or night.organiser_id == user.pk
    if run and not night.runs:
        raise PermissionDenied
    return night


def group_for(request: HttpRequest, pk: int, *, admin: bool = False) -> Group:
    group = Group.objects.annotate(my_role=_role("pk", request.user)).filter(pk=pk).first()
    if group is None or group.my_role is None:
        raise Http404("No group found.")
    if admin and group.my_role != "admin":
        raise PermissionDenied
    return group
