"""A plain minimax, written apart from the solver, that the solver's and the analysis' tests
compare with: every legal action tried everywhere, nothing pruned, merged or remembered; and
the endgames they are tried on."""
from __future__ import annotations

import random

from interpreter.engine.phases import PLAY
from interpreter.players.outcome import exact_margins
from interpreter.players.registry import RandomPlayer


def brute(state, seat):
    """The value for ``seat``'s side by trying every legal action everywhere: minimax while two
    sides play the cards, else each seat maximising its own (the first of equals)."""
    if state.is_over:
        return exact_margins(state)[state.team_of[seat]]
    return brute_all(state)[seat]


def brute_all(state):
    if state.is_over:
        by_team = exact_margins(state)
        return [by_team[t] for t in state.team_of]
    mover = state.current_player
    best = None
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        values = brute_all(child)
        if best is None or values[mover] > best[mover]:      # two sides: minimax, as margins are zero-sum
            best = values
    return best


def endgame(game, rng: random.Random, cards_left: int):
    """A deal played at random until at most ``cards_left`` cards are left in the hands, not
    over; None if the deal ended first."""
    state = game.new_match(seed=rng.random()).next_deal()
    player = RandomPlayer(rng.random())
    while not state.is_over:
        if state.phase == PLAY and sum(h.bit_count() for h in state.hands) <= cards_left:
            return state
        state.apply_unchecked(player.choose(state))
    return None
