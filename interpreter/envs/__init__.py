"""Reinforcement-learning environments for every rule file: PettingZoo (AEC) and OpenSpiel.

Both adapters share one fixed-size observation vector (``encoding``) and one action
numbering (``actions``): action ``i`` is ``game.actions[i]`` — card plays first, by deck
index, then every other kind of action the rule file defines.

    from interpreter.envs import pettingzoo_env
    env = pettingzoo_env("NAME")        # a bundled game's name or a rule file's path

The extras they need (PettingZoo, Gymnasium, NumPy, OpenSpiel) are optional:
``pip install 'atout[envs]'``. ``import interpreter`` never imports them.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from .. import load
from ..game import Game

__all__ = ["pettingzoo_env", "register_openspiel", "layout", "Encoder", "Slice", "need", "resolve_game",
           "score_sign"]


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


def pettingzoo_env(game: Game | str, variant: str | None = None, *, match: bool = False,
                   render_mode: str | None = None) -> Any:
    """A PettingZoo AEC environment playing ``game`` (see ``pettingzoo_env.AtoutEnv``)."""
    from .pettingzoo_env import pettingzoo_env as make
    return make(game, variant, match=match, render_mode=render_mode)


def register_openspiel(game: Game | str) -> str:
    """Register a rule file with OpenSpiel; returns the name ``pyspiel.load_game`` takes."""
    from .openspiel_game import register
    return register(game)


def __getattr__(name: str) -> Any:
    if name in ("layout", "Encoder", "Slice"):
        return getattr(importlib.import_module(".encoding", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
