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


class BestPlayer:
    """The strongest fair player measured for a game of its number of players (README,
    Players): PIMC where two play against each other, ISMCTS with more. On duplicate deals at
    100 ms a decision, PIMC led ISMCTS in the two-player seed game and trailed it with four
    players, where each sampled world's exact play assumes partners who see every hand."""

    name = "best"

    def __init__(self, seed: int | str | None = None, number: int = 0, millis: float | None = None):
        self.seed, self.millis = seed, millis
        self._chosen: dict[int, Player] = {}

    def choose(self, state: State) -> Action:
        players = state.game.players
        found = self._chosen.get(players)
        if found is None:
            kind = PIMCPlayer if players == 2 else ISMCTSPlayer
            found = self._chosen[players] = kind(self.seed) if self.millis is None else \
                kind(self.seed, 0, millis=self.millis)
        return found.choose(state)


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer, "sampling": SamplingPlayer, "uniform": _uniform,
           "ismcts": ISMCTSPlayer, "omniscient": _omniscient, "pimc": PIMCPlayer, "best": BestPlayer}

BUDGETS = {"sampling": ("worlds", 10_000), "uniform": ("worlds", 10_000), "pimc": ("worlds", 10_000),
           "ismcts": ("iterations", 1_000_000), "omniscient": ("iterations", 1_000_000),
           "best": ("milliseconds", 0)}
"""The searching players: what their number counts, and its largest value (0: a time only).
Each also takes a time a decision instead (``:100ms``, 1 to 600,000 ms)."""


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
    if not most:
        raise UnknownPlayerError(f"'{spec}': {name} takes milliseconds per move (e.g. {name}:200ms)")
    raise UnknownPlayerError(f"'{spec}': {name} takes a number of {counts} (1 to {most}, e.g. {name}:"
                             f"{20 if counts == 'worlds' else 500}) or of milliseconds per move (e.g. {name}:100ms)")
