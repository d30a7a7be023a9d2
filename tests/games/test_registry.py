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


def test_the_import_contracts_find_every_registered_games_app_by_its_rules_core():
    """pyproject.toml's `scorekeeper.<game>` (tools/import_contracts.py) is every game's app:
    a new game is kept off the shell, and in its layer, without a line added there."""
    import grimp

    from tools.import_contracts import game_apps

    graph = grimp.build_graph("scorekeeper")
    apps = {entry.deal_form.__module__.rsplit(".", 1)[0] for entry in registry.GAMES.values()}
    assert set(game_apps(graph, "scorekeeper")) == apps
    for core in [m for m in graph.modules if m.startswith("scorekeeper.rules.")]:
        graph.remove_module(core)
    with pytest.raises(ValueError, match="no game app found"):
        game_apps(graph, "scorekeeper")  # a contract that covers nothing is refused


def test_everything_a_game_shows_lives_in_its_apps_own_folders():
    """Its board, deal fields and rules page are its app's templates, its styles its app's static
    files, its scripts too (or the shell's shared ones); the shell's folders hold none of them."""
    from pathlib import Path

    from django.apps import apps
    from django.contrib.staticfiles import finders
    from django.template.loader import get_template

    shared = Path(settings.BASE_DIR)
    for entry in registry.GAMES.values():
        app = Path(apps.get_containing_app_config(entry.deal_form.__module__).path)
        for name in (entry.board_template, entry.deal_fields_template, entry.rules_template):
            assert Path(get_template(name).origin.name).is_relative_to(app), name
        for name in entry.styles:
            assert Path(finders.find(name)).is_relative_to(app / "static"), name
        for name in entry.scripts:  # its own, or the shell's number pad
            found = Path(finders.find(name))
            assert found.is_relative_to(app / "static") or found.is_relative_to(shared / "static")
        assert not (shared / "templates" / "games" / entry.key).exists()
        assert not (shared / "templates" / "rules" / f"{entry.key}.html").exists()
        assert not list((shared / "static").rglob(f"*{entry.key}*"))
