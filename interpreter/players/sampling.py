"""The sampling player (perfect-information Monte Carlo) and the uniform worlds it is compared with."""
from __future__ import annotations

import random
import time

from ..engine.parts import Action
from ..engine.state import State
from .beliefs import belief, world as sampled_world
from .greedy import GreedyPlayer
from .outcome import margin


class SamplingPlayer:
    """Perfect-information Monte Carlo: deals the cards it cannot see at random many times,
    plays each legal action out in every such world, and picks the best on average.

    It never looks at hidden cards. Its worlds are consistent with what the seat knows
    (``beliefs``: voids revealed by the follow clauses, cards shown, declared, taken or
    given away); with ``uniform`` they ignore all that and only keep the hands' sizes. With
    ``millis`` it samples worlds until that many milliseconds are spent (one at least).
    """

    name = "sampling"

    def __init__(self, seed: int | str | None = None, worlds: int = 12, uniform: bool = False,
                 millis: float | None = None):
        self.rng = random.Random(seed)
        self.worlds, self.millis = worlds, millis
        self.uniform = uniform
        self.rollout = GreedyPlayer(self.rng.random())

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        totals = self.totals(state, legal, self.worlds, deadline)
        best = max(totals)
        return legal[totals.index(best)]

    def totals(self, state: State, legal: list[Action], worlds: int, deadline: float | None) -> list[float]:
        """Each legal action's margin summed over the worlds sampled: ``worlds`` of them, or
        with a ``deadline`` (a ``time.perf_counter()`` reading) as many as it allows, one at least."""
        me = state.current_player
        knows = belief(state, me, informed=not self.uniform)
        totals = [0.0] * len(legal)
        sampled = 0
        while sampled < worlds if deadline is None else not sampled or time.perf_counter() < deadline:
            sampled += 1
            world = sampled_world(state, knows, self.rng)
            for i, action in enumerate(legal):
                child = world.clone()
                child.apply_unchecked(action)
                self.rollout.play_out(child)
                totals[i] += margin(child, me)
        return totals


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of the state in which the cards ``seat`` cannot see are dealt anew at random,
    keeping only the hands' and piles' sizes (the 'uniform' worlds)."""
    return sampled_world(state, belief(state, seat, informed=False), rng)
