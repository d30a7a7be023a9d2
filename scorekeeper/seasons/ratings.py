"""Skill ratings with OpenSkill's Plackett-Luce model (its defaults: mu 25, sigma 25/3).

A rating is shown as its conservative ordinal, mu - 3 sigma (OpenSkill's `ordinal()`): a new
player starts at 0 and climbs as the model grows surer. Ratings are per player and game kind at a
group's table, learnt in game order (date played, then the game's id) from each game's contests
(`GameRules.rating_matches`): teams against teams, or everyone for themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START: tuple[float, float] = (MODEL.mu, MODEL.sigma)

Rating = tuple[float, float]  # (mu, sigma)


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating shown: 99.7% sure the skill is at least this (mu - 3 sigma)."""
    return mu - 3 * sigma


def play(
    current: dict[int, Rating],
    teams: Iterable[Iterable[int]],
    places: Iterable[int],
) -> None:
    """One contest: `teams` of player ids, `places` 1 the best (equal places tie). Updates
    `current` (players missing from it start at START)."""
    teams = [list(team) for team in teams]
    ratings = [[MODEL.rating(*current.get(p, START)) for p in team] for team in teams]
    rated = MODEL.rate(ratings, ranks=list(places))
    for team, new in zip(teams, rated, strict=True):
        for player, rating in zip(team, new, strict=True):
            current[player] = (rating.mu, rating.sigma)


def play_game(
    current: dict[int, Rating],
    matches: Iterable[tuple[Iterable[Iterable[int]], Iterable[int]]],
    player_at: Mapping[int, int],
) -> None:
    """Every contest of one game, in order; `matches` name seats, `player_at` maps them."""
    for teams, places in matches:
        play(current, [[player_at[seat] for seat in team] for team in teams], places)
