"""A deal sent from the game page (or its bids), read once into one value: the stage the form
was rendered for, the deal number it expects, its double-tap token, the hint of what the
browser keeps between deals, and the form's data (the facts, read by the game's deal form).

The hint `keeps` says what the page can put in place itself after the deal is recorded, so
the answer need not send it (scorekeeper/play/answers.py `recorded`):
- "form": the deal form as it stands, reset to its defaults (a game whose form stays, Thunee's,
  rendered with nothing in it: `BaseDealForm.keeps`);
- "bids-form": a fresh bids form of a two-step game, kept by the offline script
  (static/js/offline.js) and put in place of the tricks;
- "nothing", or no hint (the page's form says one only when it is "form"): neither (a form
  brought back with an undone deal's facts, a page without the offline script's kept forms):
  the answer sends the top of the page.
The server still checks that the hint fits the form that comes next; a hint it does not know
reads as "nothing".
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, Literal

from . import posted

Keeps = Literal["nothing", "form", "bids-form"]
KEEPS: tuple[Keeps, ...] = ("nothing", "form", "bids-form")


@dataclass(frozen=True)
class RecordPost:
    stage: str | None  # None: no stage this game's form has (absent, or a damaged page)
    expected_number: int | None  # None: absent or not a deal number
    token: uuid.UUID | None  # None: absent or damaged (the deal form says so at its top)
    keeps: Keeps
    data: Any  # the whole POST, for the game's deal form


def read(data: Any, stages: tuple[str, ...]) -> RecordPost:
    """The POST of a deal (or bids) form of a game whose record form has `stages` (empty for a
    game recorded in one step)."""
    return RecordPost(
        stage=posted.stage(data, stages),
        expected_number=posted.number(data.get("expected_number")),
        token=_token(data.get("token")),
        keeps=_keeps(data),
        data=data,
    )


def _token(value: Any) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


def _keeps(data: Any) -> Keeps:
    hint = data.get("keeps")
    if hint in KEEPS:
        return hint
    # A page from before the hint (a phone that kept its page open across an update) says a
    # kept bids form its old way; read here only, for one release. Its other flag (`prefilled`)
    # meant "nothing", as no hint does: such a page's Thunee form gets the top of the page.
    if hint is None and data.get("bids_form") == "kept":
        return "bids-form"
    return "nothing"
