"""The double-dummy solver against its targets (issue 34), with the effect of each pruning.

Positions are reached by random play from seeded deals (the same every run), at the start of a
trick, and solved with every hand open:

- Belote, the last 5 tricks (4 players, 32 cards; target 20 ms);
- 66, the whole play after the stock is closed or gone (target 50 ms);
- Belote, the whole play of the cards, 8 tricks (target 2 s);
- French Tarot, the last 6 tricks (target 1 s).

Times are CPU seconds of this process (``time.process_time``): on a machine shared with other
jobs, wall time measures the load. For each: the median and the worst time of ``value()`` (the exact value of the position: one
search) and of ``solve()`` (every legal action's exact value, as ``atout analyze`` needs), the
nodes, and nodes/s; then the same searches with the transposition table, the merging of
equivalent cards or the move ordering switched off (nodes and time).

    python benchmarks/solver.py                  # every target, 5 positions each
    python benchmarks/solver.py --positions 10 --only belote-5
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402
from interpreter.engine.phases import PLAY  # noqa: E402
from interpreter.players.registry import RandomPlayer  # noqa: E402
from interpreter.players.solver import Solver  # noqa: E402

TARGETS = {           # name: (game, tricks left (None: the stock closed or gone), target in ms)
    "belote-5": ("belote", 5, 20),
    "sixty-six-closed": ("sixty-six", None, 50),
    "belote-8": ("belote", 8, 2000),
    "french-tarot-6": ("french-tarot", 6, 1000),
}
SWITCHES = {"all": {}, "no table": {"table": False}, "no merging": {"merge": False}, "no ordering": {"order": False},
            "full windows": {"nullwindow": False}}


def positions(game_name: str, tricks: int | None, count: int) -> list:
    """``count`` positions at a trick's start with ``tricks`` tricks left in every hand (or the
    66 stock closed or gone), from deals seeded 0, 1, 2…"""
    game = interpreter.load(game_name)
    found, seed = [], 0
    while len(found) < count and seed < 50 * count:
        state = game.new_match(seed=seed).next_deal()
        player = RandomPlayer(seed)
        seed += 1
        while not state.is_over:
            if state.phase == PLAY and not state.trick and _wanted(state, tricks):
                found.append(state)
                break
            state.apply_unchecked(player.choose(state))
    return found


def _wanted(state, tricks: int | None) -> bool:
    game = state.game
    if tricks is not None:
        return max(h.bit_count() for h in state.hands) <= tricks
    stock = [p for p, name in enumerate(game.pile_names) if name == "stock"]
    closed = "closer" in game.mark_names and state.marks[game.mark_names.index("closer")] is not None
    return closed or not any(state.piles[p] for p in stock)


def measure(states: list, switches: dict, every: bool) -> tuple[list[float], int]:
    """Each position solved once with a fresh solver: the CPU times (ms) and the nodes in all."""
    times, nodes = [], 0
    for state in states:
        solver = Solver(state.game, **switches)
        start = time.process_time()
        if every:
            nodes += solver.solve(state).nodes
        else:
            solver.value(state)
            nodes += solver.nodes
        times.append((time.process_time() - start) * 1000)
    return times, nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=list(TARGETS))
    parser.add_argument("--no-switches", action="store_true", help="skip the runs with a pruning switched off")
    args = parser.parse_args()
    for name in args.only:
        game_name, tricks, target = TARGETS[name]
        states = positions(game_name, tricks, args.positions)
        print(f"{name}: {len(states)} positions, target {target} ms")
        for label, switches in SWITCHES.items():
            if label != "all" and args.no_switches:
                continue
            for every in (False, True):
                times, nodes = measure(states, switches, every)
                total = sum(times) / 1000
                print(f"  {label:12} {'solve()' if every else 'value()':8} median {statistics.median(times):9.1f} ms"
                      f"  worst {max(times):9.1f} ms  {nodes:>9,} nodes  {nodes / total:>8,.0f} nodes/s")


if __name__ == "__main__":
    random.seed(0)
    main()
