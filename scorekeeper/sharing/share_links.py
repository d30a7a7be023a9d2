"""What a share link grants and what revoking it takes back (access.py decides from the roles).

Following a watch link makes a logged-in person a spectator of the game; joining by a keep link
makes them a scorekeeper. Each such role remembers the link it came by (GameRole.via_link), so
revoking the link puts out everyone who came by it, as the share page says: the link is the
way in, and whoever came in by it goes when it goes. A spectator who then joined by the keep
link goes back to watching when the keep link is revoked (if their watch link still lives).
Someone the owner added by name came by no link and stays.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from scorekeeper.games.models import GameRole, ShareLink


def follow(link: ShareLink, user) -> None:
    """A person with no role at the game watches it by the watch link."""
    GameRole.objects.get_or_create(
        game=link.game, user=user, defaults={"role": GameRole.SPECTATOR, "via_link": link}
    )


def join(link: ShareLink, user) -> None:
    """A person keeps score of the game by the keep link (a spectator's role is raised)."""
    with transaction.atomic():
        role = GameRole.objects.select_for_update().filter(game=link.game, user=user).first()
        if role is None:
            GameRole.objects.create(
                game=link.game,
                user=user,
                role=GameRole.SCOREKEEPER,
                added_by=link.created_by,
                via_link=link,
            )
        elif role.role != GameRole.SCOREKEEPER:
            role.role_before, role.via_before = role.role, role.via_link
            role.role, role.via_link, role.added_by = GameRole.SCOREKEEPER, link, link.created_by
            role.save(update_fields=["role", "role_before", "via_before", "via_link", "added_by"])


def revoke(game, kind: str) -> int | None:
    """Revoke the game's live link of this kind; how many people lost what it gave them (None:
    there was no live link)."""
    with transaction.atomic():
        links = list(
            ShareLink.objects.select_for_update().filter(
                game=game, kind=kind, revoked_at__isnull=True
            )
        )
        if not links:
            return None
        ShareLink.objects.filter(pk__in=[link.pk for link in links]).update(
            revoked_at=timezone.now()
        )
        out = 0
        for role in GameRole.objects.filter(game=game, via_link__in=links).select_related(
            "via_before"
        ):
            earlier = role.via_before
            if role.role_before and (earlier is None or earlier.revoked_at is None):
                role.role, role.via_link = role.role_before, earlier
                role.role_before, role.via_before = "", None
                role.save(update_fields=["role", "via_link", "role_before", "via_before"])
            else:
                role.delete()
            out += 1
        # A raised role whose earlier grant came by this link has nothing to go back to.
        GameRole.objects.filter(game=game, via_before__in=links).update(
            role_before="", via_before=None
        )
    return out
