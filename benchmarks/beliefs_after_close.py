"""Do worlds that respect what a seat knows (``sampling``) choose better than uniform ones
(``uniform``)? Measured where it should matter most: 66 after the stock is closed, when the
follow rules are strict and every card a seat fails to follow with reveals a void.

Positions: deals played by greedy players, each closed by the first seat that may (``close``),
then played on by greedy players for a random number of cards; a position is kept when the seat
to move has at least two legal cards and they are not all worth the same on the true deal (a
decision that matters). In each, both players choose (same seed, same number of
worlds), and each choice is judged on the true deal by the double-dummy solver: its *cost* is
the best action's exact value less the chosen one's (0: a best card). The mean cost of each,
and the mean paired difference with its 95 % interval, are printed. A second measure: how often
each player's choice is a best card.

    python benchmarks/beliefs_after_close.py --positions 300 --worlds 30
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402
from interpreter.engine.phases import PLAY  # noqa: E402
from interpreter.players.registry import make_player  # noqa: E402
from interpreter.players.solver import Solver  # noqa: E402


def positions(count: int, seed: int, solver: Solver) -> list:
    """Positions after a close (see the module), from deals seeded seed, seed + 1, ..."""
    game = interpreter.load("sixty-six")
    rng = random.Random(seed)
    found = []
    deal = 0
    while len(found) < count and deal < 50 * count:
        state = game.new_deal(seed=f"{seed}:{deal}", dealer=deal % 2)
        deal += 1
        greedy = make_player("greedy", deal)
        closed = False
        while not state.is_over and not closed:
            close = [a for a in state.legal_actions() if a.text == "close"]
            state.apply(close[0] if close else greedy.choose(state))
            closed = bool(close)
        for _ in range(rng.randrange(0, 6)):
            if state.is_over:
                break
            state.apply(greedy.choose(state))
        if closed and not state.is_over and state.phase == PLAY and len(state.legal_actions()) >= 2 \
                and len(set(solver.solve(state).values.values())) > 1:
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    solver = Solver(interpreter.load("sixty-six"))
    states = positions(args.positions, args.seed, solver)
    costs: dict[str, list] = {"sampling": [], "uniform": []}
    for index, state in enumerate(states):
        truth = solver.solve(state).values
        best = max(truth.values())
        for kind in costs:
            choice = make_player(f"{kind}:{args.worlds}", f"{args.seed}:{index}").choose(state)
            costs[kind].append(best - truth[choice])
    print(f"66 after a close: {len(states)} positions, {args.worlds} worlds a choice, seed {args.seed}")
    for kind, found in costs.items():
        print(f"  {kind:9} mean cost {float(statistics.fmean(found)):.3f} margin points a decision; "
              f"a best card {sum(c == 0 for c in found) / len(found):.1%}")
    paired = [float(u - s) for s, u in zip(costs["sampling"], costs["uniform"])]
    mean = statistics.fmean(paired)
    half = 1.96 * statistics.stdev(paired) / math.sqrt(len(paired))
    print(f"  uniform less sampling: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] "
          f"(above 0: the worlds that respect what the seat knows choose better)")


if __name__ == "__main__":
    main()
