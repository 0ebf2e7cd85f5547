"""What the searching players (sampling, ISMCTS) search for: each seat's margin in a finished
deal (interpreter/players/outcome.py), its side's score against the best other side's in the
direction the game counts, and the clear choice that follows on a position where one card wins
the deal; and the double-dummy solver's values of a decision before play (a give), each
seat choosing for itself until two sides play the cards."""
from __future__ import annotations

import random

import pytest

from helpers import FOLLOW_FROM_SEAT_0, TWO_SUITS_HEAD, texts, tiny

import interpreter
from interpreter.players import margins
from interpreter.players.registry import make_player
from interpreter.players.solver import Solver


CLEAR = "game: Clear\n" + TWO_SUITS_HEAD + """\
deal: 2 each, rest to unused
""" + FOLLOW_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("spec", ["ismcts:60", "sampling:8"])
def test_searching_players_take_the_trick_that_wins_the_deal(tmp_path, spec):
    """Seat 0 led KS; seat 1 holds AS and JS. AS takes this trick and never does worse on the
    next, whatever seat 0 still holds; JS loses this one."""
    game = tiny(tmp_path, CLEAR)
    state = game.new_deal(layout={"hands": [["KS", "10S"], ["AS", "JS"]], "fill": True}, dealer=1)
    state.apply("KS")
    assert texts(state) == ["play AS", "play JS"]
    for seed in range(3):
        assert make_player(spec, seed).choose(state).text == "play AS"


@pytest.mark.parametrize("name", ["hearts", "belote"])
def test_margins_compare_a_seat_with_the_best_other_side(name):
    """Where high scores win (Belote) a seat's margin is its side's score minus the best other
    side's; where low scores win (Hearts) it is the lowest other score minus its own."""
    game = interpreter.load(name)
    rng = random.Random(5)
    high = name == "belote"
    for seed in range(4):
        state = game.new_deal(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        scores = [float(x) for x in state.result().team_scores]
        for seat, margin in enumerate(margins(state)):
            mine = state.team_of[seat]
            others = [x for t, x in enumerate(scores) if t != mine]
            assert margin == (scores[mine] - max(others) if high else min(others) - scores[mine])
        best = max(scores) if high else min(scores)
        if scores.count(best) == 1:
            assert [m > 0 for m in margins(state)] == [scores[state.team_of[s]] == best
                                                       for s in range(game.players)]


# --- the double-dummy solver before play: a give valued by the play that follows ------------------

GIVE = "game: Give\n" + TWO_SUITS_HEAD + """\
deal: 2 each, rest to unused
transfers:
  give:
    who: each
    count: 1
    to: next(me)
""" + FOLLOW_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


def test_the_solver_values_a_give_by_the_tricks_it_wins_or_loses(tmp_path):
    """Seat 0 holds AS and QS, seat 1 the two Tens; each gives a card to the other, then seat 0
    leads. Kept, the Ace takes a trick and seat 0 takes the other whatever comes back (margin
    +2); given away, seat 1 takes both (-2). Seat 1's give is chosen for seat 1, play for both."""
    game = tiny(tmp_path, GIVE)
    state = game.new_deal(layout={"hands": [["AS", "QS"], ["10S", "10H"]], "fill": True}, dealer=1)
    assert state.current_player == 0 and texts(state) == ["give AS", "give QS"]
    solution = Solver(game).solve(state)
    assert {a.text: v for a, v in solution.values.items()} == {"give AS": -2, "give QS": 2}
    assert solution.best.text == "give QS" and solution.exact
