"""Plain hand-written Python engines of the four seed games, one module per game, each of
the same rules as its rule file in games/: the peers of atout's random-playout benchmark
(benchmarks/run.py --peers). tests/benchmarks/test_handwritten_peers.py plays them beside atout on the
same deals and requires the same legal actions at every step and the same scores."""
from __future__ import annotations

import random
import time


def measure(new_deal, cards: int, players: int, deals: int, seed: int, seed_each_deal: bool = False
            ) -> tuple[float, float]:
    """Deals/s and actions/s of uniform random playouts of ``new_deal(pack, dealer)``, the
    score computed after each deal: one generator shuffles and chooses, as atout's benchmark does
    (``seed_each_deal``: each pack is shuffled by a generator of its own, seeded from that one,
    as atout's benchmark does with --seed-each-deal)."""
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(deals):
        shuffler = random.Random(rng.getrandbits(64)) if seed_each_deal else rng
        deal = new_deal(shuffled(shuffler, cards), i % players)
        while not deal.over:
            deal.apply(rng.choice(deal.legal()))
            actions += 1
        deal.score()
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def shuffled(rng: random.Random, cards: int) -> list[int]:
    """A pack shuffled as atout's Game.new_deal shuffles one from the same generator."""
    pack = list(range(cards))
    rng.shuffle(pack)
    return pack


def split(deal, legal, apply, over, score, players: int, deals: int, seed: int
          ) -> tuple[float, float, float, float]:
    """Where a random playout's time goes: microseconds per deal dealing (the shuffle included),
    playing its actions and scoring it, and the actions per deal. ``deal(rng, dealer)`` shuffles
    and starts a deal; ``legal``, ``apply``, ``over`` and ``score`` act on it. One loop times
    atout and a hand-written engine alike (the clock's own cost falls on both the same way)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    dealing = playing = scoring = 0.0
    actions = 0
    for i in range(deals):
        start = clock()
        state = deal(rng, i % players)
        dealt = clock()
        while not over(state):
            apply(state, rng.choice(legal(state)))
            actions += 1
        played = clock()
        score(state)
        dealing += dealt - start
        playing += played - dealt
        scoring += clock() - played
    return dealing / deals * 1e6, playing / deals * 1e6, scoring / deals * 1e6, actions / deals
