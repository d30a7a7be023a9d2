"""What a page follows, read from the address it polls: the poll's own URL names it."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit

from django.urls import Resolver404, resolve

# The poll's URL name -> (kind, its argument, whether its changed answer is the same for every
# follower: then it is rendered once and pushed; else each page asks its own poll).
KINDS = {
    "game_live": ("game", "pk", False),  # a game's page: a keeper's form, a person's ticket
    "watch_live": ("watch", "token", True),  # a watch link: no person in it
    "night_screen_live": ("screen", "token", True),  # the big screen
    "night_table_follow": ("follow", "token", False),  # a table phone: its holder's seat
    "night_live": ("night", "pk", False),  # the organiser's page: its forms are theirs
}
MOST = 4  # polls one page may follow on one stream


@dataclass(frozen=True)
class Topic:
    kind: str
    ident: str
    shared: bool
    path: str
    query: str  # the poll's query as the page sent it (its stamp `v`, ticket, game)
    stamp: str  # what the page knows ("": nothing yet)

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.ident)

    def query_with(self, stamp: str | None) -> str:
        """The poll's query with `v` replaced (None: without it, the changed answer)."""
        pairs = [(k, v) for k, v in _pairs(self.query) if k != "v"]
        if stamp is not None:
            pairs.insert(0, ("v", stamp))
        return urlencode(pairs)


def _pairs(query: str) -> list[tuple[str, str]]:
    return [(k, v) for k, values in parse_qs(query, keep_blank_values=True).items() for v in values]


def topic_of(address: str) -> Topic | None:
    """A poll's address (path and query, same site) as a topic; None for anything else."""
    parts = urlsplit(address)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    try:
        match = resolve(parts.path)
    except Resolver404:
        return None
    if match.url_name not in KINDS:
        return None
    kind, argument, shared = KINDS[match.url_name]
    stamp = parse_qs(parts.query).get("v", [""])[0]
    ident = str(match.kwargs[argument])
    return Topic(kind, ident, shared, parts.path, parts.query, stamp)


def topics_of(addresses: list[str]) -> list[Topic]:
    """The distinct topics of a stream's addresses, at most MOST, in the page's order."""
    out: list[Topic] = []
    for address in addresses:
        topic = topic_of(address)
        if topic is not None and all(t.key != topic.key for t in out):
            out.append(topic)
    return out[:MOST]
