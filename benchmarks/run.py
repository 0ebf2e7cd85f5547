"""Every benchmark in one command: per bundled game, random playouts (deals/s and actions/s
with result() after every deal), the cost of clone() early and late in a deal, and the
start-up times of the command line; beside atout, measured the same way in the same run:
OpenSpiel's Python loop on the classics it shares (when pyspiel is installed), and for the
four seed games a plain hand-written Python engine of the same rules (benchmarks/handwritten/,
held to atout's legal actions and scores by tests/benchmarks/test_handwritten_peers.py) with the ratio
atout / hand-written, and the installed package that plays the game (benchmarks/peers.py:
``schnapsen`` beside 66, ``magmacrunch-tarot`` beside French Tarot). Each game is measured on
the pure tier and, where Cython and a C compiler are present, on the compiled tier too
(interpreter/engine/compiled.py), with the ratios; then the RL adapters' steps/s
(benchmarks/envs.py) against their targets, when the envs extra is installed.

    python benchmarks/run.py                 # every bundled game, 2,000 deals each, best of 3
    python benchmarks/run.py belote -n 5000 --repeat 5
    python benchmarks/run.py aluette belote sixty-six french-tarot --no-startup
    python benchmarks/run.py --no-peers      # atout (and OpenSpiel) only
    python benchmarks/run.py --split         # where a deal's time goes, atout beside hand-written

atout and the hand-written engine are measured turn about, best of --repeat each; the
package peers on --peer-deals deals (they are slow), best of --repeat. Figures vary with the
machine's load: compare figures measured in one run.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import interpreter  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
import handwritten
import peers
from playouts import playouts
from handwritten import aluette, belote, french_tarot, sixty_six

OPENSPIEL = {"hearts": "hearts", "spades": "spades", "euchre": "euchre", "skat": "skat"}
HANDWRITTEN = {"aluette": aluette, "belote": belote, "sixty-six": sixty_six, "french-tarot": french_tarot}
# Installed packages beside a seed game: (distribution, playout loop, what it plays).
PACKAGES = {"sixty-six": ("schnapsen", peers.schnapsen_playouts, "20-card Schnapsen, no closing"),
            "french-tarot": ("magmacrunch-tarot", peers.magmacrunch_tarot_playouts, "French Tarot, 4 players")}


def on_tier(name: str, tier: str):
    """The game with its engine made on ``tier`` ('pure' or 'compiled', see
    interpreter/engine/compiled.py); None when that tier cannot run here (said on stderr)."""
    from interpreter.engine import compiled
    if tier == "compiled" and compiled.cython_version() is None:
        return None
    before = os.environ.get("ATOUT_ENGINE")
    os.environ["ATOUT_ENGINE"] = tier
    try:
        game = dataclasses.replace(interpreter.load(name))
        made = game.state_class
    finally:
        if before is None:
            del os.environ["ATOUT_ENGINE"]
        else:
            os.environ["ATOUT_ENGINE"] = before
    is_compiled = type(made.apply_unchecked).__name__ == "cython_function_or_method"
    return game if is_compiled == (tier == "compiled") else None


def split(game, hand, deals: int, seed: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Microseconds per deal dealing, playing and scoring (and actions per deal), atout then the
    hand-written engine, timed by the same loop; both shuffle the same packs from one generator."""
    size = game.deck.size
    ours = handwritten.split(lambda rng, dealer: game.new_deal(seed=rng, dealer=dealer), lambda s: s.legal_actions(),
                             lambda s, a: s.apply_unchecked(a), lambda s: s.is_over, lambda s: s.result(),
                             game.players, deals, seed)
    theirs = handwritten.split(lambda rng, dealer: hand.Deal(handwritten.shuffled(rng, size), dealer),
                               lambda d: d.legal(), lambda d, a: d.apply(a), lambda d: d.over, lambda d: d.score(),
                               game.players, deals, seed)
    return ours, theirs


def print_split(names: list[str], deals: int, seed: int, repeat: int) -> None:
    """The split of each game's playouts, the best of ``repeat`` runs turn about (least total time)."""
    print(f"{'µs per deal':<26}{'dealing':>9}{'actions':>9}{'result':>8}{'total':>8}"
          f"{'actions/deal':>14}{'µs/action':>11}")
    for name in names:
        game = interpreter.load(name)
        runs = [split(game, HANDWRITTEN[name], deals, seed + r) for r in range(repeat)]
        for label, parts in (("atout", [ours for ours, _ in runs]), ("hand-written", [theirs for _, theirs in runs])):
            dealing, playing, scoring, actions = min(parts, key=lambda p: p[0] + p[1] + p[2])
            print(f"{name + ' ' + label:<26}{dealing:>9.1f}{playing:>9.1f}{scoring:>8.1f}"
                  f"{dealing + playing + scoring:>8.1f}{actions:>14.1f}{playing / actions:>11.2f}")


def clone_cost(game, seed: int) -> tuple[float, float]:
    """Microseconds per clone() at the first decision and at the last trick."""
    rng = random.Random(seed)
    state = game.new_deal(seed=seed)
    first = _time_clone(state)
    last = state
    while not state.is_over:
        last = state.clone()
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return first, _time_clone(last)


def _time_clone(state, rounds: int = 2000) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        state.clone()
    return (time.perf_counter() - start) / rounds * 1e6


def openspiel_playouts(name: str, deals: int, seed: int) -> tuple[float, float] | None:
    """OpenSpiel's Python loop over the same kind of playouts (chance outcomes drawn uniformly)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                actions += 1
        state.returns()
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


STARTUP_TARGET_MS = 150
"""The most 'atout list' and 'atout validate' of an unchanged file may take on a warm cache."""


def startup(repeat: int = 5) -> dict[str, float]:
    """Milliseconds of a whole process, best of ``repeat``, each command run once before to warm
    atout's caches (a folder of this run's own): importing the package, 'atout list', 'atout
    validate' of an unchanged rule file, and loading a rule file and dealing from it."""
    atout = [sys.executable, "-c", "from cli import main; main()"]
    commands = {"import interpreter": [sys.executable, "-c", "import interpreter"],
                "atout list": atout + ["list"],
                "atout validate belote": atout + ["validate", "games/belote.yaml"],
                "load and deal belote": [sys.executable, "-c",
                                         "import interpreter; interpreter.load('belote').new_deal(seed=1)"]}
    found = {}
    with tempfile.TemporaryDirectory(prefix="atout-startup-") as cache:
        env = {**os.environ, "ATOUT_CACHE_DIR": cache}
        for name, command in commands.items():
            subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=env)     # warms the caches
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=env)
                times.append(time.perf_counter() - start)
            found[name] = min(times) * 1000
    return found


def rl_steps(names: list[str], seed: int, deals: int = 100) -> None:
    """The RL adapters' steps per CPU second beside the native API (benchmarks/envs.py), with
    their targets; nothing when the envs extra is not installed."""
    try:
        import envs
    except ImportError as err:           # the envs and conformance extras: pettingzoo, numpy, pyspiel
        print(f"RL steps/s: not measured ({err})")
        return
    print(f"RL steps per CPU second, {deals} deals: " + ", ".join(envs.RUNS) + "  (targets: "
          + ", ".join(f"{run} {target:,}" for run, target in envs.TARGETS.items()) + ")")
    for name in names:
        figures = {run: fn(name, deals, seed) for run, fn in envs.RUNS.items()}
        missed = [run for run, target in envs.TARGETS.items() if figures[run] < target]
        print(f"  {name:<12}" + "".join(f"{x:>11,.0f}" for x in figures.values())
              + "  " + (", ".join(missed) + " below" if missed else "met"), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="bundled games (default: all)")
    parser.add_argument("-n", type=int, default=2000, help="deals per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="measurements per game; the best is shown")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-peers", action="store_true",
                        help="measure atout (and OpenSpiel) only: no hand-written engine, no package peer")
    parser.add_argument("--peer-deals", type=int, default=500, help="deals per measurement of a package peer")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up times")
    parser.add_argument("--seed-each-deal", action="store_true",
                        help="seed a generator for every deal (as a match does) instead of dealing from one stream")
    parser.add_argument("--split", action="store_true",
                        help="only where a deal's time goes (dealing, actions, result), atout beside the "
                             "hand-written engine, for the games that have one")
    parser.add_argument("--no-rl", action="store_true", help="skip the RL adapters' steps/s (benchmarks/envs.py)")
    args = parser.parse_args()
    names = args.games or [p.stem for p in interpreter.bundled_games()]
    if args.split:
        print_split([name for name in names if name in HANDWRITTEN], args.n, args.seed, args.repeat)
        return
    versions = {} if args.no_peers else peers.versions()
    print(f"{'game':<14}{'deals/s':>10}{'actions/s':>12}{'clone µs':>16}   peer      (pure tier; the compiled "
          f"tier below it, where Cython and a compiler are present)")
    for name in names:
        game = on_tier(name, "pure")
        fast = on_tier(name, "compiled")
        hand = None if args.no_peers else HANDWRITTEN.get(name)
        runs, fast_runs, hand_runs = [], [], []
        for r in range(args.repeat):           # turn about, so that all see the same load
            runs.append(playouts(game, args.n, args.seed + r, args.seed_each_deal))
            if fast is not None:
                fast_runs.append(playouts(fast, args.n, args.seed + r, args.seed_each_deal))
            if hand is not None:
                hand_runs.append(hand.playouts(args.n, args.seed + r, args.seed_each_deal))
        best = max(runs, key=lambda t: t[0])
        early, late = clone_cost(game, args.seed)
        peer = ""
        if name in OPENSPIEL:
            other = openspiel_playouts(OPENSPIEL[name], args.n, args.seed)
            if other is not None:
                peer = f"OpenSpiel {other[0]:,.0f} deals/s, {other[1]:,.0f} actions/s"
        print(f"{name:<14}{best[0]:>10,.0f}{best[1]:>12,.0f}{early:>8.1f} /{late:>6.1f}   {peer}")
        other = max(hand_runs, key=lambda t: t[0]) if hand_runs else None
        if fast_runs:
            compiled = max(fast_runs, key=lambda t: t[0])
            versus = f", compiled / hand-written {compiled[0] / other[0]:.2f}" if other else ""
            print(f"  {'compiled':<12}{compiled[0]:>10,.0f}{compiled[1]:>12,.0f}{'':>16}   "
                  f"compiled / pure {compiled[0] / best[0]:.2f}{versus}")
        if other:
            print(f"  {'hand-written':<12}{other[0]:>10,.0f}{other[1]:>12,.0f}{'':>16}   "
                  f"atout / hand-written {best[0] / other[0]:.2f}")
        if name in PACKAGES and not args.no_peers:
            package, loop, plays = PACKAGES[name]
            if package not in versions:
                print(f"  {package}: not installed (pip install {package})")
            else:
                other = max((loop(args.peer_deals, args.seed + r) for r in range(args.repeat)), key=lambda t: t[0])
                print(f"  {'package':<12}{other[0]:>10,.0f}{other[1]:>12,.0f}{'':>16}   atout / {package} "
                      f"{best[0] / other[0]:.2f}: {package} {versions[package]} ({plays}; {args.peer_deals} deals)")
    if not args.no_rl:
        rl_steps(names, args.seed)
    print(f"peak memory of this run: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    if not args.no_startup:
        for name, ms in startup().items():
            target = f" (target {STARTUP_TARGET_MS} ms)" if name.startswith("atout") else ""
            print(f"start-up: {name} {ms:.0f} ms{target}")
        if sys.dont_write_bytecode:
            print("start-up: PYTHONDONTWRITEBYTECODE is set: atout's modules are compiled at every start")


if __name__ == "__main__":
    main()
