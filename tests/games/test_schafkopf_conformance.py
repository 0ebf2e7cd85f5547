"""Schafkopf (games/schafkopf.yaml) in lockstep with the independent referee.

tests/games/schafkopf_referee.py was written from the published rules by someone who had not
read the interpreter. Each deal gives both the same hands and dealer; at every decision both
name the same seat and the same legal actions (the two-step auction, the called Ace's
obligations, Kontra and Re before a card), and at the end every seat's score in cents is the
same. The actions are drawn from a mix of styles so that every game kind, every obligation of
the called Ace, Kontra, Re, Schneider, Schwarz, Laufende and the thrown-in deal all occur.
"""
from __future__ import annotations

import random

import interpreter

from schafkopf_referee import DECK, Referee

DEALS = 3000
GAME = interpreter.load("schafkopf")


def _choice(rng: random.Random, legal: list[str], phase: str) -> str:
    if phase == "bid":
        return "play" if rng.random() < 0.45 else "pass"
    if phase == "name":
        calls = [t for t in legal if t.startswith("call ")]
        if calls and rng.random() < 0.6:           # the Rufspiel, the common game, often
            return rng.choice(calls)
        return rng.choice(legal)
    for word, chance in (("kontra", 0.25), ("re", 0.4)):
        if word in legal and rng.random() < chance:
            return word
    cards = [t for t in legal if t.startswith("play ")]
    return rng.choice(cards)


def play_one(rng: random.Random, stats: dict[str, int]) -> None:
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[8 * p:8 * p + 8] for p in range(4)]
    dealer = rng.randrange(4)
    ref = Referee(hands, dealer)
    ours = GAME.new_deal(layout={"hands": hands}, dealer=dealer)
    while not ref.is_over:
        assert ours.current_player == ref.to_act(), ours.history
        legal = ref.legal()
        assert sorted(a.text for a in ours.legal_actions()) == legal, ours.history
        text = _choice(rng, legal, ref.phase)
        stats["ran away"] += ref.phase == "play" and ref._actor == ref.partner and not ref.trick and \
            ref.called_ace in ref.hands[ref._actor] and text.startswith("play ") and \
            text[5:] != ref.called_ace and text[5:].endswith(ref.called_suit)
        ref.apply(text)
        ours.apply(text)
    assert ours.is_over
    if ref.annulled:
        stats["thrown in"] += 1
        assert ours.annulled
        return
    result = ours.result()
    assert list(result.seat_scores) == ref.scores(), (ours.history, result.reasons, ref.reasons)
    stats[ref.game_type] += 1
    stats["kontra"] += ref.kontra is not None
    stats["re"] += ref.re is not None
    stats["schneider"] += any(name == "Schneider" for name, _ in ref.reasons)
    stats["schwarz"] += any(name == "Schwarz" for name, _ in ref.reasons)
    stats["laufende"] += any(name.startswith("Laufende") for name, _ in ref.reasons)
    stats["made"] += ref.declarers_won


def test_lockstep_with_the_referee():
    rng = random.Random(20261202)
    stats = {k: 0 for k in ("thrown in", "rufspiel", "wenz", "solo", "kontra", "re", "schneider",
                            "schwarz", "laufende", "made", "ran away")}
    for _ in range(DEALS):
        play_one(rng, stats)
    played = DEALS - stats["thrown in"]
    assert DEALS // 50 < stats["thrown in"] < DEALS // 5
    assert min(stats["rufspiel"], stats["wenz"], stats["solo"]) > DEALS // 20, stats
    assert stats["kontra"] > played // 10 and stats["re"] > played // 50, stats
    assert min(stats["schneider"], stats["schwarz"], stats["laufende"]) > DEALS // 100, stats
    assert played // 20 < stats["made"] < played, stats
    assert stats["ran away"] > 0, stats
