"""Each game's board (templates/games/<game>/board.html) in one pass: `{% spades_board %}` etc.

The board is sent with every recorded deal and with every change a spectator's poll brings; as
template nodes it was the largest part of a record answer (150-300 µs: a loop of a dozen lookups
and tags per team or player). The HTML is what the board templates wrote before, byte for byte
(tests/web/test_game_boards.py compares them, in English and Chinese); the words are translated
once per language. Each tag reads the template's own context: `board` (the game's board
function), and for some `state`, `opening`, `game`, `via_link`, `game_url`.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from .boards import marks, pips
from .game_parts import OOB, _item, _text
from .per_language import per_language

register = template.Library()

TEAM_CLASS = ("a", "b")  # the templates' {% cycle 'a' 'b' %}


@per_language
def _words() -> dict[str, str]:
    """The words this module writes, in the active language."""
    return {
        "score": gettext("Score"),
        "deals": gettext("deals"),
        "draw": gettext("draw"),
        "bags": gettext("bags"),
        "bags_title": gettext(
            "Bags: %(bags)s of %(limit)s; at %(limit)s the team loses the bag penalty"
        ),
        "lead_by_2": gettext("lead by 2 wins"),
        "corner_house": gettext("corner house"),
        "the_pot": gettext("The pot"),
        "pot": gettext("Pot"),
        "carried_over": gettext("carried over"),
        "once_everyone_antes": gettext("%(pot)s once everyone antes %(ante)s"),
        "trumps": gettext("trumps"),
        "must_buy": gettext("must buy"),
        "net_title": gettext("Chips won or lost so far"),
        "settle_up": gettext("Settle up"),
        "chip_ledger": gettext("Chip ledger"),
        "levels": gettext("Levels, in order of play"),
        "starts": gettext("starts"),
        "makes_trumps": gettext("makes trumps"),
        "passive": gettext("passive"),
        "coming_maker": gettext(
            "Coming deal: %(name)s makes trumps, trump rank <strong>%(rank)s</strong>"
        ),
        "coming_rank": gettext("Coming deal: trump rank is the trump maker's level:"),
        "nobody_made": gettext("Last deal: nobody made trumps."),
        "deal_colon": gettext("Deal %(number)s:"),
        "last_deal": gettext("Last deal:"),
        "trump_maker": gettext("trump maker"),
        "on_team": gettext("on the trump maker's team"),
    }


@register.simple_tag(takes_context=True)
def board_section(context: Any) -> SafeString:
    """games/game.html#board: the section around the game's board template (its include)."""
    entry = context.get("entry")
    board = context.template.engine.get_template(entry.board_template)
    with context.push():
        inside = board.render(context)
    oob = OOB if context.get("oob") else ""
    return mark_safe(
        f'<section id="board" class="board board-{_text(entry.key)}" '
        f'aria-label="{_words()["score"]}"{oob}>{inside}</section>'
    )


def _team_head(index: int, team: Any, tag: str) -> str:
    """A team's opening `<div>` and its name line, with the tag after the name (or none)."""
    won = " won" if team.won else ""
    return (
        f'\n<div class="team team-{TEAM_CLASS[index % 2]}{won}">\n'
        f'  <div class="team-name">{_text(team.name)}{tag}</div>\n'
    )


def _tag(word: str) -> str:
    return f' <span class="tag">{word}</span>'


@register.simple_tag(takes_context=True)
def spades_board(context: Any) -> SafeString:
    words = _words()
    board = context.get("board", "")
    target, limit = _text(board["target"]), _text(board["bag_limit"])
    out = []
    for i, team in enumerate(board["teams"]):
        index, bags = _text(team.index), _text(team.bags)
        title = words["bags_title"] % {"bags": bags, "limit": limit}
        meter = (
            f'<span class="bag-meter" aria-hidden="true">{marks(team.bag_marks)}</span>'
            if team.bag_marks
            else ""
        )
        out.append(
            _team_head(i, team, _tag(words["deals"]) if team.deals_now else "")
            + f'  <div class="balls"><span class="count" data-testid="points-{index}">'
            f'{_text(team.points)}</span> <span class="muted">/ {target}</span></div>\n'
            f'  <div class="bags" title="{title}">\n'
            f'    <span class="small">{words["bags"]} <strong data-testid="bags-{index}">{bags}'
            f"</strong>/{limit}</span>\n"
            f"    {meter}\n"
            "  </div>\n</div>\n"
        )
    return mark_safe("".join(out))


@register.simple_tag(takes_context=True)
def nigerian_thuni_board(context: Any) -> SafeString:
    words = _words()
    board = context.get("board", "")
    target = _text(board["target"])
    out = []
    for i, team in enumerate(board["teams"]):
        tag = _tag(words["deals"]) if team.deals_now else _tag(words["draw"]) if team.draws else ""
        meter = (
            f'<span class="point-meter" aria-hidden="true">{marks(team.marks)}</span>'
            if team.marks
            else ""
        )
        out.append(
            _team_head(i, team, tag)
            + f'  <div class="balls"><span class="count" data-testid="points-{_text(team.index)}">'
            f'{_text(team.points)}</span> <span class="muted">/ {target}</span></div>\n'
            f"  {meter}\n</div>\n"
        )
    return mark_safe("".join(out))


@register.simple_tag(takes_context=True)
def thunee_board(context: Any) -> SafeString:
    words = _words()
    board, state = context.get("board", ""), context.get("state", "")
    if _item(state, "deuce"):
        aim = f"· {words['lead_by_2']}"
    else:
        aim = f"/ {_text(_item(state, 'target'))}"
    out = []
    for i, team in enumerate(board["teams"]):
        cards = []
        for card in team.cards:
            suit = conditional_escape(card.suit)
            red = " red" if card.red else ""
            cards.append(
                f'<div class="ball-card{red}" aria-hidden="true">\n'
                f'    <span class="corner">6<br>{suit}</span>\n'
                f'    <span class="pips open-{_text(card.opened)}">{pips(card.suit, 6)}</span>\n'
                "  </div>"
            )
        corner = f'<div class="tag warn">{words["corner_house"]}</div>' if team.corner_house else ""
        out.append(
            _team_head(i, team, _tag(words["deals"]) if team.deals_now else "")
            + f'  <div class="ball-cards">{"".join(cards)}</div>\n'
            f'  <div class="balls"><span class="count" data-testid="balls-{_text(team.index)}">'
            f'{_text(team.balls)}</span> <span class="muted">{aim}</span></div>\n'
            f"  {corner}\n</div>\n"
        )
    return mark_safe("".join(out))


def _chose_trumps(opening: Any, seat: int) -> bool:
    """Whether the bids recorded for the hand say `seat` chose trumps."""
    for line in _item(opening, "lines") or ():
        if _item(line, "code") == "trumps" and _item(_item(line, "data"), "seat") == seat:
            return True
    return False


@register.simple_tag(takes_context=True)
def pottle_board(context: Any) -> SafeString:
    words = _words()
    board, opening = context.get("board", ""), context.get("opening", "")
    pot = board["pot"]
    carried = f"{words['carried_over']} · " if pot else ""
    ante = words["once_everyone_antes"] % {
        "pot": _text(board["pot_after_ante"]),
        "ante": _text(board["ante"]),
    }
    rows = []
    for p in board["players"]:
        short = p.short
        tags = _tag(words["deals"]) if p.deals_now else ""
        if opening and _chose_trumps(opening, p.seat):
            tags += (
                f' <span class="tag trumps" data-testid="trump-chooser">{words["trumps"]}</span>'
            )
        if short:
            tags += f' <span class="tag warn">{words["must_buy"]}</span>'
        net = p.net
        net = f"+{_text(net)}" if net > 0 else f"−{-net:d}" if net < 0 else ""
        rows.append(
            f'\n  <li class="stack-row{" short" if short else ""}">\n'
            f'    <span class="who">{_text(p.name)}{tags}</span>\n'
            f'    <span class="net" title="{words["net_title"]}">{net}</span>\n'
            f'    <span class="count" data-testid="chips-{_text(p.seat)}">{_text(p.chips)}</span>\n'
            "  </li>\n  "
        )
    links = ""
    game = context.get("game", "")
    if _item(game, "pk") and not context.get("via_link"):
        url = _text(context.get("game_url", ""))
        links = (
            f'<p class="board-links"><a href="{url}settle-up/">{words["settle_up"]}</a> · '
            f'<a href="{url}ledger/">{words["chip_ledger"]}</a></p>'
        )
    return mark_safe(
        f'<div class="pot" aria-label="{words["the_pot"]}">\n'
        f'  <span class="pot-label">{words["pot"]}</span>\n'
        f'  <span class="pot-count" data-testid="pot">{_text(pot)}</span>\n'
        f'  <span class="pot-note">{carried}{ante}</span>\n'
        "</div>\n"
        f'<ul class="stacks">\n  {"".join(rows)}\n</ul>\n{links}'
    )


def _zp_player(words: dict[str, str], p: Any) -> str:
    seat = _text(p.seat)
    classes = (
        (" on-team" if p.on_team else "")
        + (" made-trumps" if p.made_trumps else "")
        + (" won" if p.won else "")
        + (" passive" if p.passive else "")
    )
    tags = (
        (f'<span class="tag" data-testid="starts">{words["starts"]}</span>' if p.starts else "")
        + (f'<span class="tag">{words["makes_trumps"]}</span>' if p.makes_trumps else "")
        + (f'<span class="tag passive">{words["passive"]}</span>' if p.passive else "")
        + ('<span class="tag">★</span>' if p.won else "")
    )
    return (
        f'\n  <li class="zp-player{classes}" data-testid="player-{seat}">\n'
        f'    <span class="zp-card{" long" if p.long else ""}" data-testid="level-{seat}">'
        f"{_text(p.level)}</span>\n"
        f'    <span class="zp-name">{_text(p.name)}</span>\n'
        f'    <span class="zp-tags">{tags}</span>\n'
        "  </li>\n"
    )


@register.simple_tag(takes_context=True)
def zhao_pengyou_board(context: Any) -> SafeString:
    words = _words()
    board = context.get("board", "")
    players = "".join(_zp_player(words, p) for p in board["players"])
    rank = ""
    if ranks := board["trump_ranks"]:
        if maker := board["trump_maker"]:
            said = words["coming_maker"] % {"name": _text(maker), "rank": _text(ranks[0])}
        else:
            strong = " · ".join(f"<strong>{_text(r)}</strong>" for r in ranks)
            said = f"{words['coming_rank']} {strong}"
        rank = f'<p class="zp-trump-rank" data-testid="trump-rank">{said}</p>'
    no_trumps_last = board["no_trumps_last"]
    nobody = ""
    if no_trumps_last:
        nobody = f'<p class="zp-legend" data-testid="no-trumps-last">{words["nobody_made"]}</p>'
    legend = ""
    if board["had_trumps"]:
        if no_trumps_last:
            when = words["deal_colon"] % {"number": _text(board["trumps_deal"])}
        else:
            when = words["last_deal"]
        legend = (
            f'<p class="zp-legend" data-testid="legend">{when} <span class="zp-key made-trumps">'
            f'♛ {words["trump_maker"]}</span> <span class="zp-key on-team">{words["on_team"]}'
            "</span></p>"
        )
    return mark_safe(
        f'<ol class="zp-players cols-{_text(board["columns"])}" aria-label="{words["levels"]}">\n'
        f"{players}\n</ol>\n{rank}\n{nobody}\n{legend}"
    )
