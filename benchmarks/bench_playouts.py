"""Random playouts of one game: deals/s, actions/s and peak memory.

    python benchmarks/bench_playouts.py aluette -n 20000
"""
from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interpreter  # noqa: E402


def run(game_name: str, deals: int, seed: int) -> dict:
    game = interpreter.load(game_name)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(deals):
        state = game.new_deal(seed=rng.getrandbits(64), dealer=i % game.players)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        state.result()
    elapsed = time.perf_counter() - start
    return {"deals": deals, "actions": actions, "seconds": elapsed,
            "deals_per_s": deals / elapsed, "actions_per_s": actions / elapsed,
            "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", type=int, default=10000, help="number of deals")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    r = run(args.game, args.n, args.seed)
    print(f"{args.game}: {r['deals']} deals, {r['actions']} actions in {r['seconds']:.2f} s: "
          f"{r['deals_per_s']:,.0f} deals/s, {r['actions_per_s']:,.0f} actions/s, peak RSS {r['peak_rss_mib']:.0f} MiB")


if __name__ == "__main__":
    main()
