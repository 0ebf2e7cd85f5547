"""French Tarot against an independent referee (tests/tarot_referee.py, plain Python written
from the rules alone): random deals, every legal set compared at every step, final scores
compared exactly. Four players, and the three- and five-player variants."""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.cards import bits
from tarot_referee import Referee

DEALS = {None: 3000, "three": 300, "five": 300}


def _layout(state, game):
    codes = game.deck.codes
    hands = [[codes[c] for c in bits(h)] for h in state.hands]
    chien = [codes[c] for c in state.piles[game.pile_names.index("chien")]]
    return hands, chien


@pytest.mark.parametrize("variant", list(DEALS), ids=lambda v: v or "four")
def test_engine_agrees_with_the_referee(variant):
    game = interpreter.load("french-tarot", variant)
    rng = random.Random(f"tarot-{variant}")
    annulled = shows = discards = slams = 0
    for deal in range(DEALS[variant]):
        dealer = deal % game.players
        state = game.new_deal(seed=rng.getrandbits(64), dealer=dealer)
        hands, chien = _layout(state, game)
        referee = Referee(hands, chien, dealer, players=game.players)
        steps = 0
        while not state.is_over:
            legal = sorted(a.text for a in state.legal_actions())
            assert referee.to_act() == state.current_player, f"deal {deal} step {steps}"
            assert legal == sorted(referee.legal()), f"deal {deal} step {steps}: engine {legal}"
            # Bias the walk towards what random play rarely reaches: poignées and no chelem.
            choices = [t for t in legal if "poign" in t] or legal
            if "announce chelem" in legal and rng.random() < 0.9:
                choices = ["pass"]
            text = rng.choice(choices)
            shows += "poign" in text
            discards += text.startswith("discard")
            state.apply(text)
            referee.apply(text)
            steps += 1
        assert referee.is_over
        result = state.result()
        assert bool(result.facts.get("annulled")) == referee.annulled, f"deal {deal}"
        annulled += referee.annulled
        slams += result.facts.get("slam") is not None
        assert list(result.seat_scores) == referee.scores(), f"deal {deal}"
        assert sum(result.seat_scores) == 0
    assert annulled < DEALS[variant] // 2 and discards > 0 and shows > 0
