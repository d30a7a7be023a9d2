"""Pottle's own pages, reached through the registry's GamePage hook (the shell has already
checked that the person may see the game): the settle-up when the table stops, and the chip
ledger."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scorekeeper.games import services
from scorekeeper.rules.pottle import ledger as chip_ledger
from scorekeeper.rules.pottle import settle_up as settle


@require_GET
def settle_up(request: HttpRequest, game: Any, entry: Any) -> HttpResponse:
    """Each player's chips and net result in chips and money, who pays whom with the fewest
    payments, and the pot left on the table, which belongs to nobody."""
    board = services.scoreboard(game)
    result = settle(board.setup, board.state)
    context = {
        "entry": entry,
        "game": game,
        "setup": board.setup,
        "settle": result,
        "payments": result.payments,  # each one's text is a Said: the template says it
        "deals_played": board.state.deals,
        "start": board.setup.rules.starting_chips,
        "dealer": board.setup.players[board.state.dealer],
    }
    return render(request, "games/pottle/settle_up.html", context)


@require_GET
def ledger(request: HttpRequest, game: Any, entry: Any) -> HttpResponse:
    """Every chip that moved, deal by deal: bought (+), the ante (−), the pot won (+)."""
    board = services.scoreboard(game)
    setup = board.setup
    rows = chip_ledger(board.deals)
    deals = []
    for (number, group), deal in zip(
        groupby(rows, key=lambda row: row.deal), board.deals, strict=True
    ):
        outcome = deal.result.outcome
        deals.append(
            {
                "number": number,
                "dealer": setup.players[outcome.dealer],
                "pot": outcome.pot,
                "carried": outcome.carried,
                "winner": setup.players[outcome.winner] if outcome.winner is not None else None,
                "rows": [(setup.players[row.seat], row) for row in group],
            }
        )
    deals.reverse()  # newest first, as on the game page
    start = [
        (name, setup.start_chips[s], setup.start_bought[s] if setup.start_bought else 0)
        for s, name in enumerate(setup.players)
    ]
    context = {
        "entry": entry,
        "game": game,
        "setup": setup,
        "deals": deals,
        "start": start,
        "start_pot": setup.start_pot,
        "totals": [
            (setup.players[s], board.state.bought[s], board.state.chips[s])
            for s in range(setup.seats)
        ],
    }
    return render(request, "games/pottle/ledger.html", context)
