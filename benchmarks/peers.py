"""Installed packages that play a seed game, driven by uniform random playouts measured as
benchmarks/run.py measures atout's: deals/s and actions/s, every decision a uniform random
choice among the legal ones, the deal's score computed when it ends. Each function returns
None when its package is not installed.

- ``schnapsen`` (PyPI): 20-card Schnapsen, the family of atout's 66. Its engine differs from
  games/sixty-six.yaml: no closing of the stock; the deal goes card by card; a marriage is
  one move (the card and the declaration), the trump Jack exchange another; the 66 is
  checked after tricks only (a marriage's points wait for the declarer's next trick won);
  three game points when the loser has no card points (not no tricks). Every move goes
  through immutable game states and player perspectives, as the package is built for bots.
- ``magmacrunch-tarot`` (PyPI, module ``tarot``): four-player French Tarot, the rules of
  games/french-tarot.yaml with these differences: cards dealt one at a time, the chien last;
  garde contre ends the auction at once; no chelem announcement; only seat 0 is offered its
  poignée (declared or not at random here), the others' are declared automatically; the
  Excuse's half point is paid with a card; the difference is rounded to whole points.
"""
from __future__ import annotations

import random
import time


def schnapsen_playouts(deals: int, seed: int) -> tuple[float, float] | None:
    try:
        from schnapsen.game import Bot, SchnapsenGamePlayEngine
    except ImportError:
        return None

    class RandomBot(Bot):
        def __init__(self, rng: random.Random) -> None:
            super().__init__(None)
            self.rng = rng
            self.moves = 0

        def get_move(self, perspective, leader_move):
            self.moves += 1
            return self.rng.choice(perspective.valid_moves())

    rng = random.Random(seed)
    engine = SchnapsenGamePlayEngine()
    one, two = RandomBot(rng), RandomBot(rng)
    start = time.perf_counter()
    for i in range(deals):           # play_game deals, plays and scores one deal
        engine.play_game(one, two, rng) if i % 2 == 0 else engine.play_game(two, one, rng)
    elapsed = time.perf_counter() - start
    return deals / elapsed, (one.moves + two.moves) / elapsed


def magmacrunch_tarot_playouts(deals: int, seed: int) -> tuple[float, float] | None:
    try:
        from tarot import rules
    except ImportError:
        return None
    rng = random.Random(seed)
    game = rules.Game(rand=rng.random)
    actions = 0
    start = time.perf_counter()
    for _ in range(deals):
        game.new_round()                 # the next dealer
        game.deal()
        if game.petit_sec >= 0:          # annulled, as atout's 'annul when'
            continue
        passed_out = False
        while game.phase == rules.BIDDING:
            result = game.bid(game.current_bidder, rng.choice(game.bids_open()))
            actions += 1
            if isinstance(result, dict) and result.get("event") == "redeal":
                passed_out = True
                break
        if passed_out:
            continue
        if game.phase == rules.DOG_EXCHANGE:     # six cards, one at a time, plain cards first
            hand = game.hands[game.taker]
            chosen: list = []
            for k in range(rules.DOG_SIZE):
                plain = [c for c in hand if rules._plain(c) and c not in chosen]
                if len(plain) < rules.DOG_SIZE - k:
                    plain = [c for c in hand if c.rank != "R" and not c.is_oudler and c not in chosen]
                chosen.append(rng.choice(plain))
                actions += 1
            game.discard([c.id for c in chosen])
        while game.phase == rules.TRICK_PLAY:
            if game.poignee_offer:
                game.declare_poignee(rng.random() < 0.5)
                actions += 1
            player = game.current
            game.play(player, rng.choice(rules.legal_plays(game.hands[player], game.trick)))
            actions += 1
        # round_result() has run at the last trick: the deal is scored
    elapsed = time.perf_counter() - start
    return deals / elapsed, actions / elapsed


def versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version
    found = {}
    for name in ("schnapsen", "magmacrunch-tarot"):
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            pass
    return found
