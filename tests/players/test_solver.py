"""The double-dummy solver against a plain minimax written apart (minimax.py), on small endgames of every
bundled game and variant: the same value for every legal action, whatever the solver prunes,
merges or remembers."""
from __future__ import annotations

import os
import random

import pytest

import interpreter
from interpreter.players.solver import Solver, history_read
from minimax import brute, endgame

ENDGAMES = int(os.environ.get("ATOUT_SOLVER_ENDGAMES", "60"))
"""Endgames per game and variant (23 of them): 60 gives about 1,400 in the default run."""

GAMES = [(path.stem, variant) for path in interpreter.bundled_games()
         for variant in (None, *interpreter.load(path).variants)]



@pytest.mark.parametrize("name,variant", GAMES, ids=[f"{g}-{v}" if v else g for g, v in GAMES])
def test_the_solver_values_every_action_as_plain_minimax_does(name, variant):
    game = interpreter.load(name, variant)
    rng = random.Random(f"solver {name} {variant}")
    cards_left = 2 * game.players + rng.randrange(game.players) if game.players > 3 else 3 * game.players
    checked = 0
    for attempt in range(ENDGAMES * 3):
        if checked == ENDGAMES:
            break
        state = endgame(game, rng, cards_left)
        if state is None:
            continue
        solution = Solver(game).solve(state)
        seat = state.current_player
        expected = {}
        for action in state.legal_actions():
            child = state.clone()
            child.apply_unchecked(action)
            expected[action.text] = brute(child, seat)
        assert solution.exact
        assert {a.text: v for a, v in solution.values.items()} == expected, (name, variant, attempt)
        checked += 1
    assert checked >= ENDGAMES // 2, f"only {checked} endgames reached in {name}"


@pytest.mark.parametrize("name,read", [("whist", ("none", "none")), ("belote", ("last", "none")),
                                       ("aluette", ("all", "none")), ("french-tarot", ("all", "all")),
                                       ("doppelkopf", ("all", "all"))])
def test_a_position_keeps_as_much_of_the_past_tricks_as_the_rules_read(name, read):
    """Aluette's 'mordienne' reads the winners' streak; Belote's ten for the last trick only the
    last winner; Whist reads neither: two deals with the same cards left, the same trick counts
    and the winners in another order are one position in Whist and two in Aluette."""
    game = interpreter.load(name)
    assert history_read(game) == read
    state = endgame(game, random.Random(name), game.players * 3)
    while state.trick:
        state.apply_unchecked(state.legal_actions()[0])
    other = state.clone()
    other.winners = other.winners[::-1]
    other.past = other.past[::-1]
    solver = Solver(game)
    solver.value(state)                     # the key is made from the first state solved
    same = solver.key(state) == solver.key(other)
    assert same == (read == ("none", "none") or read[0] == "last" and state.winners[-1] == other.winners[-1])


def test_values_from_the_public_api_are_the_solvers_and_the_best_is_the_first_of_the_best():
    game = interpreter.load("whist")
    state = endgame(game, random.Random("api"), 8)
    found = interpreter.Solver(game).solve(state)
    assert interpreter.players.values(state) == found.values
    assert found.exact and found.seat == state.current_player
    best = max(found.values.values())
    assert found.best == next(a for a in state.legal_actions() if found.values[a] == best)
