"""The registry is filled by the games' own apps when Django is ready (each app's ready()), in
the order of INSTALLED_APPS; the shell imports none of them."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.conf import settings

from scorekeeper import registry


def test_each_game_app_registers_its_game_in_the_order_of_installed_apps():
    app_of = {
        key: entry.deal_form.__module__.rsplit(".", 1)[0] for key, entry in registry.GAMES.items()
    }
    installed = [name for name in settings.INSTALLED_APPS if name in app_of.values()]
    assert list(app_of.values()) == installed  # each from its installed app, in that order
    game_apps = [c.name for c in apps.get_app_configs() if isinstance(c, registry.GameApp)]
    assert game_apps == installed  # every game's app registered its game, and nothing else did


def test_a_second_game_with_the_same_key_is_refused():
    spades = registry.game("spades")
    with pytest.raises(ValueError, match="spades"):
        registry.register(spades)
    assert registry.game("spades") is spades


def test_a_games_own_pages_are_its_apps_functions():
    settle_up = registry.game("pottle").page("settle-up")
    assert settle_up is not None
    assert settle_up.view.__module__ == "scorekeeper.pottle.views"
