"""Plain hand-written Python engines of the four seed games, one module per game, each of
the same rules as its rule file in games/: the peers of atout's random-playout benchmark
(benchmarks/run.py --peers). tests/test_benchmark_peers.py plays them beside atout on the
same deals and requires the same legal actions at every step and the same scores."""
from __future__ import annotations

import random
import time


def measure(new_deal, cards: int, players: int, deals: int, seed: int) -> tuple[float, float]:
    """Deals/s and actions/s of uniform random playouts of ``new_deal(pack, dealer)``, the
    score computed after each deal: one generator shuffles and chooses, as atout's benchmark does."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(deals):
        pack = list(range(cards))
        rng.shuffle(pack)
        deal = new_deal(pack, i % players)
        while not deal.over:
            deal.apply(rng.choice(deal.legal()))
            actions += 1
        deal.score()
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed

