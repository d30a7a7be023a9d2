"""`{{ field|chips }}`: a choice field's choices as chips (scorekeeper/games/chips.py)."""

from __future__ import annotations

from django import template

from scorekeeper.games.chips import chips

register = template.Library()
register.filter("chips", chips)
