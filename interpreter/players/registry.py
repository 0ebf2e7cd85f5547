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


def _uniform(seed: int | str | None, worlds: int = 12) -> SamplingPlayer:
    return SamplingPlayer(seed, worlds, uniform=True)


def _omniscient(seed: int | str | None, iterations: int = 200, millis: float | None = None) -> ISMCTSPlayer:
    return ISMCTSPlayer(seed, iterations, millis, peek=True)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "sampling": SamplingPlayer, "uniform": _uniform,
           "ismcts": ISMCTSPlayer, "omniscient": _omniscient, "pimc": PIMCPlayer}


def make_player(spec: str, seed: int | str | None) -> Player:
    """A player from its spec: ``greedy``; ``sampling:40`` samples 40 worlds a move;
    ``ismcts:500`` searches 500 iterations a move, ``ismcts:100ms`` 100 milliseconds;
    ``pimc:20`` solves 20 worlds a move, ``pimc:100ms`` as many as 100 milliseconds allow."""
    name, _, arg = spec.strip().partition(":")
    if name not in PLAYERS:
        raise UnknownPlayerError(f"unknown player '{spec}'; players: {PLAYER_HELP}")
    if not arg:
        return PLAYERS[name](seed)
    number = whole_number(arg)
    if name in ("sampling", "uniform") and number is not None and 1 <= number <= 10_000:
        return PLAYERS[name](seed, number)
    if name == "pimc" and number is not None and 1 <= number <= 10_000:
        return PLAYERS[name](seed, number)
    if name in ("ismcts", "omniscient", "pimc"):
        if number is not None and 1 <= number <= 1_000_000 and name != "pimc":
            return PLAYERS[name](seed, number)
        millis = whole_number(arg[:-2]) if arg.endswith("ms") else None
        if millis is not None and 1 <= millis <= 600_000:
            return PLAYERS[name](seed, 0, millis=millis)
        if name == "pimc":
            raise UnknownPlayerError(f"'{spec}': pimc takes a number of worlds (1 to 10000, e.g. pimc:20) "
                                     "or of milliseconds per move (e.g. pimc:100ms)")
        raise UnknownPlayerError(f"'{spec}': {name} takes a number of iterations (1 to 1000000, e.g. {name}:500) "
                                 f"or of milliseconds per move (e.g. {name}:100ms)")
    if name in ("sampling", "uniform"):
        raise UnknownPlayerError(f"'{spec}': {name} takes a number of worlds from 1 to 10000 (e.g. {name}:40)")
    raise UnknownPlayerError(f"'{spec}': {name} takes no number; players: {PLAYER_HELP}")
