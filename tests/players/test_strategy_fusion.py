"""Strategy fusion, pinned on the bridge endgame benchmarks/strategy_fusion.py found: PIMC's
best mean is an action that needs a guess later, which it values as if it always guessed
right; the exact judge of the benchmark (best defence, the mover's later choices depending
only on what it has seen) shows another action to be better. The judge itself is checked
against a brute force over the mover's pure strategies and against the solver where nothing
is hidden."""
from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

import interpreter
from interpreter.players.outcome import exact_margins
from interpreter.players.registry import make_player
from interpreter.players.solver import Solver

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from strategy_fusion import best_defence, bridge_endgame, cards, pimc_means, pinned, worlds  # noqa: E402


@pytest.fixture(scope="module")
def position():
    state = pinned()
    deals = worlds(state)
    return state, deals


def by_text(values: dict) -> dict:
    return {action.text: value for action, value in values.items()}


def test_the_position_is_the_one_the_benchmark_prints(position):
    state, deals = position
    game = state.game
    assert state.call.text == "4H" and state.taker == 0 and state.dummy == 2
    assert state.tricks[0] + state.tricks[2] == 8                # two more of the last four make it
    assert [set(cards(game, hand).split()) for hand in state.hands] == \
        [{"KC", "QC", "10C", "6S"}, {"AS", "QS", "JS", "7S"}, {"7H", "KS", "10S", "2S"}, {"AC", "KD", "10D", "9S"}]
    assert state.current == 2 and state.current_player == 0      # North plays the dummy's card
    assert len(deals) == 70                                       # East's 4 of the 8 hidden cards, no void shown


def test_pimc_prefers_the_last_trump_that_needs_a_guess_later_and_a_spade_is_better(position):
    """Margins of North-South: 4H made is +840 (420 each way), one down -100. PIMC's mean for
    the 7H says 8 worlds of 70 make; no strategy North can follow without seeing the hidden
    cards makes in more than 4 of them, while the 10S makes in 6 for sure."""
    state, deals = position
    means = by_text(pimc_means(Solver(state.game), deals))
    true = by_text(best_defence(deals))
    assert means == {"play 7H": Fraction(52, 7), "play KS": Fraction(-324, 7),
                     "play 10S": Fraction(-136, 7), "play 2S": Fraction(-324, 7)}
    assert true == {"play 7H": Fraction(-324, 7), "play KS": Fraction(-324, 7),
                    "play 10S": Fraction(-136, 7), "play 2S": Fraction(-324, 7)}
    assert max(means, key=means.get) == "play 7H"               # PIMC's choice, alone at the top
    assert true["play 7H"] < means["play 7H"]                   # fused: worth less than PIMC thinks
    assert true["play 7H"] < true["play 10S"] == max(true.values())
    assert all(true[a] <= means[a] for a in true)               # never more than double dummy


def test_the_pimc_player_plays_the_fused_trump():
    player = make_player("pimc:60", 1)
    assert player.choose(pinned()).text == "play 7H" and player.exact


def test_with_nothing_hidden_the_judge_is_the_double_dummy_solver(position):
    """One world: the mover's information sets are single positions, so its strategy may
    depend on everything and the judge must agree with the solver."""
    _, deals = position
    one = deals[0]
    assert best_defence([one]) == Solver(one.game).solve(one).values


def brute_defence(deals) -> dict:
    """The judge written the plain way: every pure strategy of the mover (an action per
    history it may see, found as the play reaches it), valued by its mean over the worlds of
    the defenders' minimum with every card seen; the best strategy per first action."""
    seat = deals[0].current_player
    team = deals[0].team_of[seat]

    class Unset(Exception):
        pass

    def worst(state, history, strategy):
        if state.is_over:
            return exact_margins(state)[team]
        legal = state.legal_actions()
        if state.current_player == seat:
            if history not in strategy:
                raise Unset(history, legal)
            action = strategy[history]
            child = state.clone()
            child.apply_unchecked(action)
            return worst(child, history + (action.text,), strategy)
        values = []
        for action in legal:
            child = state.clone()
            child.apply_unchecked(action)
            values.append(worst(child, history + (action.text,), strategy))
        return min(values)

    def best(strategy):
        try:
            return sum(worst(deal, (), strategy) for deal in deals)
        except Unset as unset:
            history, legal = unset.args
            return max(best({**strategy, history: action}) for action in legal)

    return {action: Fraction(best({(): action}), len(deals)) for action in deals[0].legal_actions()}


def test_the_judge_agrees_with_a_brute_force_over_the_movers_strategies():
    game = interpreter.load("bridge")
    checked = fused = 0
    for n in range(20):
        state = bridge_endgame(game, f"judge:{n}", 2)
        if state is None:
            continue
        deals = worlds(state)
        found = best_defence(deals)
        assert found == brute_defence(deals)
        fused += any(found[a] < v for a, v in pimc_means(Solver(game), deals).items())
        checked += 1
    assert checked >= 15 and fused >= 1      # some where hiding matters, else the check is weak
