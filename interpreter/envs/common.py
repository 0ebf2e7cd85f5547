"""What the PettingZoo and OpenSpiel adapters share: the optional imports, the game they are
given, and which way a deal's score counts."""
from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from ..engine.game import Game
from ..language.rule_files import load


def need(module: str) -> ModuleType:
    """Import an optional dependency, or fail saying which extra provides it."""
    try:
        return importlib.import_module(module)
    except ImportError as err:
        raise ImportError(f"{module} is not installed: atout's RL environments need the 'envs' extra "
                          f"(pip install 'atout[envs]')") from err


def resolve_game(game: Game | str | Path, variant: str | None = None) -> Game:
    """A compiled game from a Game, a bundled name or a path, with ``variant`` applied."""
    if isinstance(game, Game):
        return game if variant is None or variant == game.variant else load(game.path, variant)
    return load(game, variant)


def score_sign(game: Game) -> int:
    """+1 when a seat wants more points of a deal, -1 when it wants fewer: the rewards and returns
    are the deal's scores times this, so that more is always better. Points are against a seat
    when the match is won by the lowest total and counted up (penalty points); a match counted
    down from a starting score, won by the lowest, is won by scoring points."""
    rule = game.match
    return (1 if rule.high_wins else -1) * (-1 if rule.down else 1)
