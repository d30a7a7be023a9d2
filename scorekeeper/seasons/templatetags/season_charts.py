"""`{% game_chart %}` on the game page: the score after every deal, from the deals the page has
already replayed (`replayed` in its context): no query, no second replay. The SVG is cached per
game, version, last change and language, so a page seen again draws nothing; with REDIS_URL the
cache is shared by every app server (the last change in the key keeps a game id that comes again,
in another database on the same Redis, from finding another game's chart). A cache server that
does not answer costs a redraw, never the page."""

from __future__ import annotations

import logging
from typing import Any

from django import template
from django.core.cache import cache
from django.utils.translation import get_language, gettext
from redis.exceptions import RedisError

from scorekeeper.games.stamps import stamp_of
from scorekeeper.games.templatetags.say import say

from ..charts import line_chart

register = template.Library()
log = logging.getLogger(__name__)
DRAWING = 2  # in the key: a chart kept from an older drawing (pygal's classes) is drawn again
CACHE_DOWN = (RedisError, OSError)  # the shared cache server (REDIS_URL) not answering


def _cached(key: str) -> str | None:
    try:
        return cache.get(key)
    except CACHE_DOWN:  # draw it again
        log.warning("chart cache unavailable", exc_info=True)
        return None


def _keep(key: str, svg: str) -> None:
    try:
        cache.set(key, svg, 60 * 60)
    except CACHE_DOWN:
        log.warning("chart cache unavailable", exc_info=True)


@register.inclusion_tag("seasons/game_chart.html", takes_context=True)
def game_chart(context: template.Context) -> dict[str, Any]:
    entry, game, setup = context.get("entry"), context.get("game"), context.get("setup")
    deals = context.get("replayed")
    if not deals or entry is None or game is None or setup is None:
        return {"svg": None}
    rules = entry.rules
    key = f"seasons:progress:{game.pk}:{stamp_of(game)}:{len(deals)}:{get_language()}:{DRAWING}"
    svg = _cached(key)
    measure = gettext(rules.progress_measure)
    if svg is None:
        progression = rules.progression(setup, deals)
        svg = line_chart(
            [(series.name, series.values) for series in progression.series],
            [str(n) for n in range(len(deals) + 1)],
            y_title=measure,
            x_title=gettext("deal"),
            ticks=tuple((value, say(label)) for value, label in progression.ticks),
        )
        _keep(key, svg)
    return {"svg": svg, "measure": measure}


@register.filter
def rating(value: float | None) -> str:
    """A rating to one place, its minus the one `signed` writes: "−1.5", not "-1.5"."""
    if value is None:
        return ""
    text = f"{value:.1f}"
    return "−" + text[1:] if text.startswith("-") and float(text) else text.lstrip("-")


@register.filter
def signed(value: float | None, digits: int = 1) -> str:
    """A change with its sign: "+1.2", "−0.8", "±0.0"."""
    if value is None:
        return ""
    text = f"{abs(value):.{digits}f}"
    if float(text) == 0:
        return f"±{text}"
    return f"+{text}" if value > 0 else f"−{text}"


@register.filter
def trend(value: float | None) -> str:
    """The CSS class of a change: up, down or nothing."""
    if value is None or abs(value) < 0.05:
        return ""
    return "up" if value > 0 else "down"
