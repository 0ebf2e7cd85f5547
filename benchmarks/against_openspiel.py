"""atout's players against OpenSpiel's Python ISMCTS bot, on duplicate deals, through atout's
own OpenSpiel adapter (``interpreter.envs.openspiel_game``): an AI nobody here wrote.

Each deal is shuffled once (the adapter's chance nodes, drawn from a seeded generator) and
played twice on the same cards: atout's player holds the first side, then the second; the
bot holds the others (one bot object for all its seats: ISMCTS searches from the seat to
move). A deal's *difference* is atout's side's score less the bot side's, as the adapter's
returns give them (more is better), averaged over the two seatings: the luck of the cards
cancels out. The mean difference is printed with its 95 % interval (normal approximation),
with the time each side spent a decision.

    python benchmarks/against_openspiel.py belote --player pimc:100ms --deals 60 --simulations 150
    python benchmarks/against_openspiel.py sixty-six --player ismcts:100ms --deals 100

Needs the ``conformance`` extra (open_spiel and numpy).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import interpreter  # noqa: E402
from interpreter.envs import openspiel_game  # noqa: E402
from interpreter.players.registry import make_player  # noqa: E402


def bot(game, simulations: int, seed: int) -> ismcts.ISMCTSBot:
    """OpenSpiel's ISMCTS with random rollouts, its worlds drawn from a seeded generator (the
    bot's default sampler shares one generator across the process)."""
    found = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)), uct_c=2.0,
                             max_simulations=simulations, random_state=np.random.RandomState(seed + 1))
    worlds = np.random.RandomState(seed + 2)
    found._resampler_cb = lambda state, player: state.resample_from_infostate(player, worlds.random_sample)
    return found


def play(name: str, spec: str, ours: int, shuffle: np.random.RandomState, simulations: int, seed: int,
         clock: dict) -> list[float]:
    """One deal: atout's player (``spec``) at the seats of side ``ours``, the bot at the others;
    the adapter's returns per seat."""
    game = pyspiel.load_game(openspiel_game.openspiel_name(name))
    atout = interpreter.load(name)
    index = {action.text: i for i, action in enumerate(atout.actions)}
    player, other = make_player(spec, f"{seed}:{ours}"), bot(game, simulations, seed)
    state, pack, mirror = game.new_initial_state(), [], None
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes())
            card = int(shuffle.choice(outcomes, p=chances))
            pack.append(card)
            state.apply_action(card)
            if len(pack) == atout.deck.size:
                mirror = atout.new_deal(layout={"pack": [atout.deck.codes[c] for c in pack]}, dealer=0)
            continue
        seat = state.current_player()
        start = time.perf_counter()
        if atout.team_of[seat] == ours:
            move = index[player.choose(mirror).text]
            who = "atout"
        else:
            move = other.step(state)
            who = "openspiel"
        clock[who] += time.perf_counter() - start
        clock[who + " decisions"] += 1
        state.apply_action(move)
        mirror.apply(atout.actions[move].text)
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--player", default="pimc:100ms")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--simulations", type=int, default=150, help="the bot's simulations a decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    atout = interpreter.load(args.game)
    if len(atout.teams) != 2:
        parser.error(f"{args.game}: two sides are needed, found {len(atout.teams)}")
    clock = {"atout": 0.0, "openspiel": 0.0, "atout decisions": 0, "openspiel decisions": 0}
    differences = []
    for deal in range(args.deals):
        by_seating = []
        for ours in (0, 1):
            shuffle = np.random.RandomState(args.seed * 100_003 + deal)      # the same cards in both seatings
            returns = play(args.game, args.player, ours, shuffle, args.simulations, args.seed * 1000 + deal, clock)
            mine = [r for seat, r in enumerate(returns) if atout.team_of[seat] == ours][0]
            theirs = [r for seat, r in enumerate(returns) if atout.team_of[seat] != ours][0]
            by_seating.append(mine - theirs)
        differences.append(sum(by_seating) / 2)
        print(f"deal {deal + 1}: {by_seating[0]:+g} {by_seating[1]:+g}", file=sys.stderr, flush=True)
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else math.inf
    print(f"{args.game}: {args.player} against OpenSpiel ISMCTS ({args.simulations} simulations), "
          f"{args.deals} duplicate deals, seed {args.seed}")
    print(f"  difference a deal (atout's side less the bot's): {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]")
    print(f"  wins {sum(d > 0 for d in differences)}, losses {sum(d < 0 for d in differences)}, "
          f"even {sum(d == 0 for d in differences)}")
    for who in ("atout", "openspiel"):
        count = clock[who + " decisions"]
        print(f"  {who}: {1000 * clock[who] / max(count, 1):.0f} ms a decision over {count} decisions")


if __name__ == "__main__":
    main()
