"""The PIMC player: worlds consistent with what the seat knows, each solved exactly.

Perfect-information Monte Carlo, as the strongest card programs play: deal the cards the
seat cannot see as ``beliefs`` allows (voids shown in play, cards shown, declared, taken or
passed), value every legal action in that world with the double-dummy solver, and choose the
action with the best mean value over the worlds. It samples until its budget is spent: a
number of worlds (``pimc:20``) or of milliseconds a decision (``pimc:100ms``).

Exact worlds only: the first world of a decision must be solved within a share of the budget
(WORLD_NODES nodes an action on a budget of worlds; a quarter of the time on a time budget).
When it cannot be, the position is too early for the solver in pure Python, and the decision
goes to ISMCTS with the same budget, and so do the decisions after it until a trick fewer is
left in the hands (the player remembers that size for the game's later deals too). So it
plays as ``ismcts`` early in a long deal and exactly once the solver can reach the end. A later world the solver cannot
finish in time is left out of the mean.

Outside the play of the cards (an auction, a discard, a declaration before play) the solver's
trees are too wide, and the decision goes to ISMCTS too.

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
"""The search one action gets in one world on a budget of worlds."""
FIRST_SHARE = 4
"""On a time budget, the first world may take 1/FIRST_SHARE of it, and each later one as much."""


class PIMCPlayer:
    """``worlds`` solved worlds a decision, or as many as ``millis`` milliseconds allow."""

    name = "pimc"

    def __init__(self, seed: int | str | None = None, worlds: int = 20, millis: float | None = None):
        self.rng = random.Random(seed)
        self.worlds, self.millis = worlds, millis
        self._other = ISMCTSPlayer(self.rng.random(), iterations=worlds * 10, millis=millis)
        self._solvers: dict[int, Solver] = {}
        self._try_below: dict[int, int] = {}    # per game: the solver is tried with fewer cards in hand than this
        self.exact = False
        """Whether the last decision was made on exactly solved worlds (else by ISMCTS)."""

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.exact = False
        cards = sum(hand.bit_count() for hand in state.hands)
        if state.phase != PLAY or cards >= self._try_below.get(id(state.game), cards + 1):
            return self._other.choose(state)
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        solver = self._solver(state)
        solver.max_nodes = WORLD_NODES if deadline is None else None
        solver.seconds = None if deadline is None else self.millis / 1000 / FIRST_SHARE
        knows = belief(state, state.current_player)
        first = solver.solve(world(state, knows, self.rng))
        if not first.exact:
            self._try_below[id(state.game)] = cards - state.game.players + 1
            return self._other.choose(state)
        self.exact = True
        totals, counts = dict.fromkeys(legal, 0), dict.fromkeys(legal, 0)
        solution, solved = first, 1
        while True:
            if solution.exact:
                for action, value in solution.values.items():
                    if action in totals:        # an action the seat has in this world (not all depend on its hand)
                        totals[action] += value
                        counts[action] += 1
            if deadline is None and solved >= self.worlds or deadline is not None and time.perf_counter() >= deadline:
                break
            solution = solver.solve(world(state, knows, self.rng))
            solved += 1
        return max(legal, key=lambda a: totals[a] / counts[a] if counts[a] else float("-inf"))

    def _solver(self, state: State) -> Solver:
        solver = self._solvers.get(id(state.game))
        if solver is None or solver.game is not state.game:
            solver = self._solvers[id(state.game)] = Solver(state.game)
        return solver
