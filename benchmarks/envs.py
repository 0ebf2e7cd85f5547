"""Steps per second through the RL adapters beside the native API, per bundled game.

A step is one player's action; every run plays uniform random legal actions for ``-n`` deals:

  native        State.legal_actions() and State.apply_unchecked()
  pz            PettingZoo: env.last() (the observation vector and the action mask), a masked
                random action, env.step()
  pz-noobs      the same with env.last(observe=False): the stepping alone
  openspiel     pyspiel: legal_actions() and apply_action(), the card-by-card shuffle included
  os+tensor     the same, with information_state_tensor() of the player to act at each step

The last column checks the targets for training: pz at least 30,000 steps/s and os+tensor at
least 20,000 (set on Belote, the reference game; "met", or the runs below their target).

    python benchmarks/envs.py                   # every bundled game, 100 deals each
    python benchmarks/envs.py belote -n 500

Figures are steps per CPU second of the process, which the machine's load changes less than
wall time, but still changes (caches, clock speed): compare figures of one run.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import interpreter  # noqa: E402
from interpreter.envs import pettingzoo_env   # noqa: E402
from interpreter.envs.openspiel_game import openspiel_name   # noqa: E402

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

clock = time.process_time     # CPU seconds of this process: other jobs on the machine change them less than wall time


def native(name: str, deals: int, seed: int) -> float:
    """Steps/s of the engine itself: benchmarks/run.py's random playouts, timed in CPU seconds."""
    game = interpreter.load(name)
    rng = random.Random(seed)
    steps, start = 0, clock()
    for i in range(deals):
        state = game.new_deal(seed=rng, dealer=i % game.players)
        while not state.is_over:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            steps += 1
        state.result()
    return steps / (clock() - start)


def petting(name: str, deals: int, seed: int, observe: bool = True) -> float:
    env = pettingzoo_env(name)
    raw = env.unwrapped
    rng = random.Random(seed)
    steps, start = 0, clock()
    for i in range(deals):
        env.reset(seed=seed + i)
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last(observe)
            if terminated or truncated:
                env.step(None)
                continue
            if observe:
                action = rng.choice(np.flatnonzero(obs["action_mask"]))
            else:
                action = raw.encoder.index[rng.choice(raw.legal_actions())]
            env.step(action)
            steps += 1
    return steps / (clock() - start)


def openspiel(name: str, deals: int, seed: int, tensor: bool = False) -> float:
    game = pyspiel.load_game(openspiel_name(name))
    rng = random.Random(seed)
    steps, start = 0, clock()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            if tensor:
                state.information_state_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
    return steps / (clock() - start)


TARGETS = {"pz": 30_000, "os+tensor": 20_000}     # steps/s, with the observation vector


RUNS: dict[str, Callable[[str, int, int], float]] = {
    "native": native,
    "pz": petting,
    "pz-noobs": lambda name, deals, seed: petting(name, deals, seed, observe=False),
    "openspiel": openspiel,
    "os+tensor": lambda name, deals, seed: openspiel(name, deals, seed, tensor=True),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="bundled games (all by default)")
    parser.add_argument("-n", "--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.games or [p.stem for p in interpreter.bundled_games()]
    print(f"steps per CPU second, {args.deals} random deals per game and run; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'game':14}" + "".join(f"{run:>11}" for run in RUNS) + "  targets")
    for name in names:
        figures = {run: fn(name, args.deals, args.seed) for run, fn in RUNS.items()}
        missed = [run for run, target in TARGETS.items() if figures[run] < target]
        print(f"{name:14}" + "".join(f"{x:>11,.0f}" for x in figures.values())
              + "  " + (", ".join(missed) + " below" if missed else "met"), flush=True)


if __name__ == "__main__":
    main()
