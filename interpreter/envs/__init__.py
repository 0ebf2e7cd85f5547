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
from typing import Any

from ..engine.game import Game
from .common import need, resolve_game, score_sign

__all__ = ["pettingzoo_env", "register_openspiel", "layout", "Encoder", "Slice", "need", "resolve_game",
           "score_sign"]


def pettingzoo_env(game: Game | str, variant: str | None = None, *, match: bool = False,
                   render_mode: str | None = None) -> Any:
    """A PettingZoo AEC environment playing ``game`` (see ``pettingzoo_adapter.AtoutEnv``)."""
    from .pettingzoo_adapter import pettingzoo_env as make
    return make(game, variant, match=match, render_mode=render_mode)


def register_openspiel(game: Game | str) -> str:
    """Register a rule file with OpenSpiel; returns the name ``pyspiel.load_game`` takes."""
    from .openspiel_game import register
    return register(game)


def __getattr__(name: str) -> Any:
    if name in ("layout", "Encoder", "Slice"):
        return getattr(importlib.import_module(".encoding", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
