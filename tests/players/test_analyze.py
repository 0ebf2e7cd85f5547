"""``atout analyze``: every card of a recorded deal judged with every hand open."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import interpreter
from cli import main
from interpreter.players.registry import make_player
from interpreter.simulation.analysis import analysis_lines, analyze_deal, analyze_record
from interpreter.simulation.records import read_record
from minimax import brute

GAMES = sorted(path.stem for path in interpreter.bundled_games())


def recorded(tmp_path, game: str, seed: int = 1) -> tuple[str, object]:
    path = tmp_path / f"{game}.jsonl"
    seats = interpreter.load(game).players
    players = ",".join(("greedy", "random")[s % 2] for s in range(seats))
    run = CliRunner().invoke(main, ["simulate", game, "-n", "1", "--deals", "--seed", str(seed),
                                    "--players", players, "--record", str(path)])
    assert run.exit_code == 0, run.output
    return str(path), read_record(path)[0][1]


def test_each_value_is_the_deals_margin_under_best_play_and_the_cost_is_what_the_card_gave_away(tmp_path):
    path, record = recorded(tmp_path, "belote", seed=3)
    game, (analysis,) = analyze_record(record, path, interpreter.load, tmp_path, deal=1, nodes=5_000)
    state = game.new_match(seed=record["seed"]).next_deal(layout=record["deals"][0]["layout"],
                                                          dealer=record["deals"][0]["dealer"])
    checked = 0
    for decision in analysis.decisions:
        if decision.trick is not None and decision.trick >= 6 and decision.values:     # small enough to try all
            expected = {}
            for action in state.legal_actions():
                child = state.clone()
                child.apply_unchecked(action)
                expected[action.text] = brute(child, decision.seat)
            assert decision.values == expected and decision.exact
            assert decision.cost == max(expected.values()) - expected[decision.played] >= 0
            checked += 1
        state.apply(decision.played)
    assert checked >= 4
    assert analysis.costs() == [sum(d.cost for d in analysis.decisions if d.seat == s and d.judged)
                                for s in range(4)]
    assert all(d.values == {} for d in analysis.decisions if d.trick is None)     # the auction is not valued


def test_a_seats_costliest_decisions_come_first_and_a_best_card_costs_nothing():
    game = interpreter.load("sixty-six")
    state = game.new_match(seed=8).next_deal()
    actions = []
    probe = state.clone()
    players = [make_player("random", 1), make_player("random", 2)]
    while not probe.is_over:
        action = players[probe.current_player].choose(probe)
        actions.append((probe.current_player, action.text))
        probe.apply(action)
    analysis = analyze_deal(state, actions, nodes=2_000)
    for seat in (0, 1):
        worst = analysis.mistakes(seat)
        assert [d.cost for d in worst] == sorted((d.cost for d in worst), reverse=True)
        assert all(d.cost > 0 and d.seat == seat for d in worst)
        assert len(worst) == min(3, sum(1 for d in analysis.decisions if d.seat == seat and d.judged and d.cost))
    for d in analysis.decisions:
        if d.judged and d.played == max(d.values, key=d.values.get):
            assert d.cost == 0


@pytest.mark.parametrize("game", GAMES)
def test_analyze_judges_a_record_of_every_bundled_game_in_the_terminal_and_as_json(tmp_path, game):
    path, record = recorded(tmp_path, game)
    run = CliRunner().invoke(main, ["analyze", path, "--nodes", "200", "--json"])
    assert run.exit_code == 0, run.output
    (found,) = json.loads(run.output)
    (deal,) = found["deals"]
    actions = record["deals"][0]["actions"]
    assert [d["seat"] for d in deal["decisions"]] == [a["seat"] for a in actions]
    valued = [d for d in deal["decisions"] if d["values"]]
    assert valued, "no card of the deal was valued"
    for d in valued:
        assert d["played"] in d["values"]
        if d["exact"]:
            assert d["cost"] == max(d["values"].values()) - d["values"][d["played"]] >= 0
        else:
            assert d["cost"] is None                   # values the budget could not finish are not judged
    assert valued[-1]["exact"]                          # the last choice of the deal is small enough to solve
    text = CliRunner().invoke(main, ["analyze", path, "--nodes", "200"])
    assert text.exit_code == 0, text.output
    tricks = {d["trick"] for d in deal["decisions"] if d["trick"] is not None}
    assert sum(1 for line in text.output.splitlines() if line.lstrip().startswith("trick ")) == len(tricks)
    assert text.output.count(": cost ") == interpreter.load(game).players


def test_analyze_names_a_deal_the_record_does_not_hold(tmp_path):
    path, _ = recorded(tmp_path, "whist")
    run = CliRunner().invoke(main, ["analyze", path, "--deal", "5"])
    assert run.exit_code == 1 and "no deal 5: the record holds 1 deal(s)" in run.output


def test_a_decision_the_budget_cannot_finish_is_shown_but_not_judged(tmp_path):
    """The first trick of Belote with 300 nodes an action: values are greedy play's guesses, so
    the decision gets no cost, counts in no seat's total and is never a 'costliest' one; the
    terminal marks it ≈ without a cost."""
    path, record = recorded(tmp_path, "belote", seed=3)
    game, (analysis,) = analyze_record(record, path, interpreter.load, tmp_path, deal=1, nodes=300)
    early = [d for d in analysis.decisions if d.trick == 1 and d.values]
    assert early and all(not d.exact and not d.judged and d.cost is None for d in early)
    assert all(d not in analysis.mistakes(d.seat) for d in early)
    judged = [d for d in analysis.decisions if d.judged]
    assert judged and analysis.costs() == [sum(d.cost for d in judged if d.seat == s) for s in range(4)]
    lines = analysis_lines(game, analysis)
    first = next(line for line in lines if line.lstrip().startswith("trick  1"))
    assert "≈" in first and " -" not in first
