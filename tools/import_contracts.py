"""Import-linter contract types that find the games themselves (the contracts in pyproject.toml).

A game's Django app is a package `scorekeeper.X` with a rules core `scorekeeper.rules.X` beside
it. Where a contract of these types names `scorekeeper.<game>` (a forbidden module, or a module
of a layer), the contract is checked with every game's app found in the import graph in its
place, so a new game is covered by its folders alone, with no line added to pyproject.toml.
"""

from __future__ import annotations

from dataclasses import replace

from grimp import ImportGraph
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract
from importlinter.domain.contract import ContractCheck
from importlinter.domain.imports import ModuleExpression

GAME = "<game>"


def game_apps(graph: ImportGraph, root: str) -> list[str]:
    """Every `root.X` of the graph that has a rules core `root.rules.X` beside it."""
    rules = f"{root}.rules"
    cores = graph.find_children(rules) if rules in graph.modules else set()
    apps = (f"{root}.{core.rsplit('.', 1)[1]}" for core in cores if graph.find_children(core))
    found = sorted(app for app in apps if app in graph.modules)
    if not found:  # a contract that silently covers nothing would always pass
        raise ValueError(f"no game app found: no {root}.X beside a rules core {root}.rules.X")
    return found


def _expanded(graph: ImportGraph, name: str) -> list[str]:
    """The game apps for `root.<game>`; any other module name as it is."""
    root, _, last = name.rpartition(".")
    return game_apps(graph, root) if last == GAME else [name]


class ForbiddenWithGames(ForbiddenContract):
    """A forbidden contract whose `scorekeeper.<game>` stands for every game's app."""

    type_name = "forbidden_with_games"

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        for name in ("source_modules", "forbidden_modules"):
            expressions = getattr(self, name)
            setattr(
                self,
                name,
                {
                    ModuleExpression(module)
                    for expression in expressions
                    for module in _expanded(graph, expression.expression)
                },
            )
        return super().check(graph, verbose)


class LayersWithGames(LayersContract):
    """A layers contract whose `scorekeeper.<game>` in a layer stands for every game's app (all
    in that layer, independent of each other if the layer says `|`)."""

    type_name = "layers_with_games"

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        self.layers = [
            replace(
                layer,
                module_tails={
                    replace(tail, name=module)
                    for tail in layer.module_tails
                    for module in _expanded(graph, tail.name)
                },
            )
            for layer in self.layers
        ]
        return super().check(graph, verbose)
