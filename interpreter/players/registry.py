"""Every player by its spec (``greedy``, ``sampling:40``, ``ismcts:100ms``): the protocol they
share, the random player, and ``make_player``.
"""
from __future__ import annotations

import random
from typing import Protocol

from ..engine.parts import Action
from ..engine.state import State
from ..digits import whole_number
from ..errors import UnknownPlayerError
from .greedy import GreedyPlayer
from .ismcts import ISMCTSPlayer
from .pimc import PIMCPlayer
from .sampling import SamplingPlayer
from .specs import PLAYER_HELP


class Player(Protocol):
    name: str

    def choose(self, state: State) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


def _uniform(seed: int | str | None, worlds: int = 12, millis: float | None = None) -> SamplingPlayer:
    return SamplingPlayer(seed, worlds, uniform=True, millis=millis)


def _omniscient(seed: int | str | None, iterations: int = 200, millis: float | None = None) -> ISMCTSPlayer:
    return ISMCTSPlayer(seed, iterations, millis, peek=True)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "sampling": SamplingPlayer, "uniform": _uniform,
           "ismcts": ISMCTSPlayer, "omniscient": _omniscient, "pimc": PIMCPlayer}

BUDGETS = {"sampling": ("worlds", 10_000), "uniform": ("worlds", 10_000), "pimc": ("worlds", 10_000),
           "ismcts": ("iterations", 1_000_000), "omniscient": ("iterations", 1_000_000)}
"""The searching players: what their number counts, and its largest value. Each also takes a
time a decision instead (``:100ms``, 1 to 600,000 ms)."""


def make_player(spec: str, seed: int | str | None) -> Player:
    """A player from its spec: ``greedy``; ``sampling:40`` samples 40 worlds a move;
    ``ismcts:500`` searches 500 iterations a move; ``pimc:20`` solves 20 worlds a move; any
    searching player with ``:100ms`` uses as many as 100 milliseconds a move allow."""
    name, _, arg = spec.strip().partition(":")
    if name not in PLAYERS:
        raise UnknownPlayerError(f"unknown player '{spec}'; players: {PLAYER_HELP}")
    if not arg:
        return PLAYERS[name](seed)
    if name not in BUDGETS:
        raise UnknownPlayerError(f"'{spec}': {name} takes no number; players: {PLAYER_HELP}")
    counts, most = BUDGETS[name]
    number = whole_number(arg)
    if number is not None and 1 <= number <= most:
        return PLAYERS[name](seed, number)
    millis = whole_number(arg[:-2]) if arg.endswith("ms") else None
    if millis is not None and 1 <= millis <= 600_000:
        return PLAYERS[name](seed, 0, millis=millis)
    raise UnknownPlayerError(f"'{spec}': {name} takes a number of {counts} (1 to {most}, e.g. {name}:"
                             f"{20 if counts == 'worlds' else 500}) or of milliseconds per move (e.g. {name}:100ms)")
