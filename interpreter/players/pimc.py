"""The PIMC player: worlds consistent with what the seat knows, each solved exactly.

Perfect-information Monte Carlo as GIB plays Bridge and Kermit plays Skat: deal the cards the
seat cannot see as ``beliefs`` allows (voids shown in play, cards shown, declared, taken or
passed), value every legal action in that world with the double-dummy solver, and choose the
action with the best mean value over the worlds. It samples until its budget is spent: a
number of worlds (``pimc:20``) or of milliseconds a decision (``pimc:100ms``).

A world gets WORLD_NODES nodes of search for each legal action (or, on a time budget, an eighth
of the budget). Where
the solver cannot finish a world within that, the actions it has not valued are valued by
greedy play to the end (as the sampling player values them): early in a long deal it plays
like the sampling player, and exactly near the end.

Outside the play of the cards (an auction, a discard, a declaration before play) the solver's
trees are too wide, and the decision goes to ISMCTS with the same budget.

Its known weakness (strategy fusion): in each world it plays as if it would know that world's
cards for the rest of the deal, so it values a guess it must make later as if it could not
go wrong; and it never plays to hide or to learn.
"""
from __future__ import annotations

import random
import time

from ..engine.parts import Action
from ..engine.phases import PLAY
from ..engine.state import State
from .beliefs import belief, world
from .ismcts import ISMCTSPlayer
from .solver import Solver


WORLD_NODES = 2_000
"""The search one action gets in one world on a budget of worlds: about 60 ms on this machine."""


class PIMCPlayer:
    """``worlds`` solved worlds a decision, or as many as ``millis`` milliseconds allow."""

    name = "pimc"

    def __init__(self, seed: int | str | None = None, worlds: int = 20, millis: float | None = None):
        self.rng = random.Random(seed)
        self.worlds, self.millis = worlds, millis
        self._other = ISMCTSPlayer(self.rng.random(), iterations=worlds * 10, millis=millis)
        self._solvers: dict[int, Solver] = {}

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase != PLAY:
            return self._other.choose(state)
        solver = self._solvers.get(id(state.game))
        if solver is None or solver.game is not state.game:
            solver = self._solvers[id(state.game)] = Solver(state.game)
        me = state.current_player
        knows = belief(state, me)
        totals, counts = dict.fromkeys(legal, 0), dict.fromkeys(legal, 0)
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        solver.max_nodes = WORLD_NODES if deadline is None else None
        solver.seconds = None if deadline is None else self.millis / 8000     # at least eight worlds
        solved = 0
        while deadline is None and solved < self.worlds or deadline is not None and (
                not solved or time.perf_counter() < deadline):
            values = solver.solve(world(state, knows, self.rng)).values
            for action in legal:
                if action in values:            # an action the seat has in this world (not all depend on its hand)
                    totals[action] += values[action]
                    counts[action] += 1
            solved += 1
        return max(legal, key=lambda a: totals[a] / counts[a] if counts[a] else float("-inf"))
