"""Random playouts of this checkout beside an earlier revision, measured the same way in one
run: the before/after figures of a change, on a machine whose speed drifts from minute to minute.

    python benchmarks/against.py 1d4d313                      # the seed games, 4 rounds
    python benchmarks/against.py HEAD~5 belote whist --rounds 6 -n 500

The revision is taken out of git into a temporary folder. Each round runs the revision, then
this checkout, each in a process of its own (so neither inherits the other's caches or
imports), and each process keeps its best of --repeat timings; the table gives the best of all
rounds. Both sides run this checkout's playout loop (benchmarks/playouts.py, as run.py does),
every deal shuffled by a generator seeded for it (``seed=int``), the one way every revision of
``Game.new_deal`` accepts, so both sides pay the same for their generators.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEED_GAMES = ["aluette", "belote", "sixty-six", "french-tarot"]

WORKER = """
import json, sys
sys.path.insert(0, sys.argv[1])
sys.path.append(sys.argv[2])
import interpreter
from playouts import playouts
deals, repeat, best = int(sys.argv[3]), int(sys.argv[4]), {}
for name in sys.argv[5:]:
    game = interpreter.load(name)
    best[name] = max(playouts(game, deals, 1, seed_each_deal=True)[0] for _ in range(repeat))
print(json.dumps(best))
"""


def export(revision: str, into: Path) -> Path:
    """The files of ``revision`` (anything git names: a hash, a tag, HEAD~3) in a new folder."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True)
    if archive.returncode != 0:
        raise SystemExit(f"against.py: git archive {revision}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(tree: Path, games: list[str], deals: int, repeat: int) -> dict[str, float]:
    """Deals/s of each game in ``tree``, from a fresh process."""
    done = subprocess.run([sys.executable, "-c", WORKER, str(tree), str(ROOT / "benchmarks"), str(deals), str(repeat),
                           *games],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"against.py: playouts in {tree} failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revision", help="the revision to measure this checkout against")
    parser.add_argument("games", nargs="*", help="bundled games (default: the four seed games)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds, each running both sides once")
    parser.add_argument("-n", "--deals", type=int, default=300, help="deals per timing")
    parser.add_argument("--repeat", type=int, default=6, help="timings per process (its best is kept)")
    args = parser.parse_args()
    games = args.games or SEED_GAMES
    best: dict[str, dict[str, float]] = {"before": {}, "now": {}}
    with tempfile.TemporaryDirectory(prefix="atout-against-") as folder:
        before = export(args.revision, Path(folder))
        for _ in range(args.rounds):
            for side, tree in (("before", before), ("now", ROOT)):
                for name, rate in measure(tree, games, args.deals, args.repeat).items():
                    best[side][name] = max(best[side].get(name, 0.0), rate)
    print(f"random playouts with result(), deals/s, best of {args.rounds} rounds × {args.repeat} timings "
          f"of {args.deals} deals")
    print(f"{'game':<16}{args.revision[:12]:>14}{'now':>10}{'now/before':>12}")
    for name in games:
        then, now = best["before"][name], best["now"][name]
        print(f"{name:<16}{then:>14,.0f}{now:>10,.0f}{now / then:>12.2f}")


if __name__ == "__main__":
    main()
