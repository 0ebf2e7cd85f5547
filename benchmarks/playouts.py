"""atout's random-playout loop, the one measure of deals/s that benchmarks/run.py, envs.py and
against.py share. It imports nothing of atout: against.py runs it on the Game of an earlier
revision, loaded from that revision's tree."""
from __future__ import annotations

import random
import time


def playouts(game, deals: int, seed: int, seed_each_deal: bool = False) -> tuple[float, float]:
    """Deals/s and actions/s of uniform random playouts, result() after each deal. The deals
    are shuffled from the one generator that chooses the moves, as the hand-written engines
    do; ``seed_each_deal`` seeds a generator for every deal instead (as a Match does)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(deals):
        state = game.new_deal(seed=rng.getrandbits(64) if seed_each_deal else rng, dealer=i % game.players)
        while not state.is_over:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            actions += 1
        state.result()
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed
