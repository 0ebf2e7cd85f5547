"""The PIMC player: worlds consistent with what the seat knows, each solved exactly, and ISMCTS
where the solver cannot reach the end of the deal in time."""
from __future__ import annotations

import random

import interpreter
from interpreter.engine.phases import PLAY
from interpreter.players.pimc import PIMCPlayer
from interpreter.players.registry import make_player
from interpreter.players.solver import Solver
from minimax import endgame



def test_pimc_plays_a_best_card_when_what_it_knows_fixes_the_world():
    """Two players with the stock gone: the other hand is every card not yet seen, so each world
    is the true deal and PIMC's choice must be worth the solver's best value there."""
    game = interpreter.load("sixty-six")
    rng = random.Random("pimc")
    checked = 0
    while checked < 12:
        state = endgame(game, rng, 6)
        if state is None or any(state.piles[p] for p, name in enumerate(game.pile_names) if name == "stock"):
            continue
        truth = Solver(game).solve(state)
        if len(set(truth.values.values())) < 2:
            continue                                        # every card is as good: nothing to tell
        player = make_player("pimc:2", checked)
        choice = player.choose(state)
        assert player.exact and truth.values[choice] == max(truth.values.values())
        checked += 1


def test_a_position_the_solver_cannot_finish_goes_to_ismcts_until_a_trick_fewer_is_left(monkeypatch):
    """The first trick of Belote is far beyond 2,000 nodes an action: the decision is ISMCTS's,
    and the solver is not tried again before a trick fewer is left (28 cards); near the end
    each world is solved exactly."""
    game = interpreter.load("belote")
    state = game.new_deal(seed=5, dealer=0)
    state.apply("take")
    assert state.phase == PLAY and sum(h.bit_count() for h in state.hands) == 32
    player = PIMCPlayer(1, worlds=3)
    tried = []
    solve = Solver.solve
    monkeypatch.setattr(Solver, "solve", lambda self, world: tried.append(world) or solve(self, world))
    cards_when_tried = []
    while sum(h.bit_count() for h in state.hands) > 20:
        if len(state.legal_actions()) > 1:
            before = len(tried)
            choice = player.choose(state)
            if len(tried) > before:
                cards_when_tried.append(sum(h.bit_count() for h in state.hands))
            assert not player.exact
        else:
            choice = state.legal_actions()[0]
        state.apply(choice)
    assert cards_when_tried and all(a - b >= 4 for a, b in zip(cards_when_tried, cards_when_tried[1:]))
    assert cards_when_tried[0] == 32
    late = endgame(game, random.Random(3), 8)
    while len(late.legal_actions()) < 2:
        late.apply(late.legal_actions()[0])
    player.choose(late)
    assert player.exact
