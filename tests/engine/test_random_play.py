"""Every bundled game, played at random for thousands of seeded deals, keeps its invariants."""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.cards import bits

GAMES = [p.stem for p in interpreter.bundled_games()]
DEALS = 3000


@pytest.mark.parametrize("name", GAMES)
def test_every_bundled_file_validates(name):
    problems, game = interpreter.problems_in(interpreter.resolve(name))
    assert problems == [] and game is not None


@pytest.mark.parametrize("name", GAMES)
def test_random_deals_keep_invariants(name):
    game = interpreter.load(name)
    rng = random.Random(name)
    everything = game.deck.all
    for i in range(DEALS):
        state = game.new_deal(seed=rng.getrandbits(32), dealer=i % game.players)
        steps = 0
        while not state.is_over:
            seat = state.current_player
            assert state.current is not None, "a deal not over has a seat to act"
            legal = state.legal_actions()
            assert legal, "a player to act always has a legal action"
            _check_conservation(state, everything)
            if i % 50 == 0:
                _check_clone_is_independent(state, rng)
                _check_observation_hides_other_hands(state)
            action = rng.choice(legal)
            if action.kind in ("play", "declare", "give"):       # from the hand of the seat to act (a dummy's too)
                assert (state.hands[state.current] >> action.card) & 1
                assert seat == (state.dummy_by if state.current == state.dummy else state.current)
            state.apply(action)
            steps += 1
            assert steps <= game.deck.size * 4, "a deal must end"
        assert state.current is None and state.clone().is_over, "an ended deal has no seat to act, and its copy ended too"
        _check_conservation(state, everything)
        result = state.result()
        assert len(result.seat_scores) == game.players
        assert state.team_scores() == list(result.team_scores), "the quick scores of searching players differ"


def _check_conservation(state, everything):
    """Every card is in exactly one place: a hand, a pile, the trick, a won pile, or on its way to
    the player it was passed to (cards passed arrive once every player has chosen his)."""
    places = list(state.hands) + [sum(1 << c for c in p) for p in state.piles] \
        + [sum(1 << c for c in state.trick)] + list(state.won) + [cards for _, cards in state.incoming]
    spoiled = 0
    for _, card in state.history:
        if isinstance(card, int):
            spoiled |= 1 << card
    for mask in state.won:
        spoiled &= ~mask
    spoiled &= ~sum(1 << c for c in state.trick)
    places.append(spoiled)
    total = 0
    for mask in places:
        assert total & mask == 0, "a card is in two places"
        total |= mask
    assert total == everything, "a card went missing"


def _check_clone_is_independent(state, rng):
    before = (list(state.hands), list(state.tricks), list(state.trick), len(state.history))
    other = state.clone()
    while not other.is_over:
        other.apply(rng.choice(other.legal_actions()))
    assert (list(state.hands), list(state.tricks), list(state.trick), len(state.history)) == before


def _check_observation_hides_other_hands(state):
    game = state.game
    played = {game.deck.codes[c] for _, c in state.history if isinstance(c, int)}
    public = {game.deck.codes[c] for p, shown in zip(state.piles, game.pile_public) if shown for c in p}
    for seat in range(game.players):
        view = state.observation(seat)
        own = {game.deck.codes[c] for c in bits(state.hands[seat])} | set(view["dummy_hand"] or ())
        calls = {a.text for a in game.actions if a.kind in ("call", "double")}   # Bridge's '3H' is a call
        text = repr({**view, "history": [entry for entry in view["history"] if entry[1] not in calls],
                     "call": None})
        for other in range(game.players):
            if other == seat:
                continue
            for card in bits(state.hands[other] & ~state.shown_cards[other]):    # shown to all: not hidden
                code = game.deck.codes[card]
                assert f"'{code}'" not in text or code in own or code in played or code in public, \
                    f"seat {seat}'s observation shows {code} from seat {other}'s hand"
        hidden = [p for p, public in zip(state.piles, game.pile_public) if not public]
        for pile in hidden:
            for card in pile:
                assert f"'{game.deck.codes[card]}'" not in text
