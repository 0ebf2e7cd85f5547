"""Information-set Monte Carlo tree search (single observer, Cowling, Powley & Whitehouse 2012).

One tree per decision, over the actions of every player as the deciding seat sees them. Each
iteration deals the hidden cards as one world consistent with what the seat knows
(``beliefs``), walks down the tree choosing by UCB among the actions legal in that world
(each child counts how often it was available, so rare actions are not over-explored), adds
one node, finishes the deal with a rollout policy and credits every node on the path with
the result for the player who chose it. The answer is the most visited action at the root.

The omniscient player is the same search run on the true deal (every hand seen): the
ceiling that no honest player can reach, for comparison.
"""
from __future__ import annotations

import math
import random
import time

from .beliefs import belief, world
from .game import Action
from .state import State


class _Node:
    __slots__ = ("children", "visits", "total", "seen")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0           # the rewards of the player who chose this node's action
        self.seen = 0              # how many times the action was legal when its parent was reached


class ISMCTSPlayer:
    """ISMCTS with a budget of ``iterations`` per decision, or of ``millis`` milliseconds
    (then the result depends on the machine's speed, not only on the seed)."""

    name = "ismcts"

    def __init__(self, seed: int | str | None = None, iterations: int = 200, millis: float | None = None,
                 exploration: float = 0.7, peek: bool = False):
        from .players import GreedyPlayer     # players imports this module: a late import breaks the circle

        self.rng = random.Random(seed)
        self.iterations = iterations
        self.millis = millis
        self.exploration = exploration
        self.peek = peek
        self.rollout = GreedyPlayer(self.rng.random())
        self.scale = 1.0

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current
        knows = None if self.peek else belief(state, me)
        root = _Node()
        deadline = None if self.millis is None else time.perf_counter() + self.millis / 1000
        done = 0
        while (done < self.iterations) if deadline is None else (done == 0 or time.perf_counter() < deadline):
            start = state.clone() if knows is None else world(state, knows, self.rng)
            self._iterate(root, start)
            done += 1
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].total if a in root.children else 0.0))

    def _iterate(self, root: _Node, w: State) -> None:
        from .players import margins

        node, path = root, []
        while not w.is_over:
            legal = w.legal_actions()
            player = w.current
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                if a in children:
                    children[a].seen += 1
            if untried:
                action = untried[self.rng.randrange(len(untried))]
                child = children[action] = _Node()
                child.seen = 1
                w.apply_unchecked(action)
                path.append((child, player))
                break
            action = max(legal, key=lambda a: self._ucb(children[a]))
            node = children[action]
            w.apply_unchecked(action)
            path.append((node, player))
        while not w.is_over:
            w.apply_unchecked(self.rollout.choose(w))
        rewards = margins(w)
        self.scale = max(self.scale, max(abs(r) for r in rewards))
        for node, player in path:
            node.visits += 1
            node.total += rewards[player]

    def _ucb(self, node: _Node) -> float:
        mean = node.total / (node.visits * self.scale)
        return mean + self.exploration * math.sqrt(math.log(node.seen) / node.visits)
