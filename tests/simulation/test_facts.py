"""The facts of a deal (interpreter/simulation/facts.py), the values a simulation counts and a
data file holds: their kinds, the rule file's facts first and then the values the engine adds,
and the facts of a finished deal, its result's facts with the plain values of its breakdown."""
from __future__ import annotations

import interpreter
from interpreter.simulation.facts import deal_facts, fact_kinds


def test_fact_kinds_are_the_files_then_the_engines_values():
    assert fact_kinds(interpreter.load("belote")) == {
        "takers": "team", "defenders": "team", "capot": "team", "belote": "team", "made": "bool",
        "taker": "int", "call": "str", "contract": "int", "trump": "str", "tricks": "list", "trick_winners": "list"}


def test_deal_facts_are_the_results_facts_and_the_plain_values_of_its_breakdown():
    state = interpreter.load("belote").new_deal(seed=3)
    state.apply("take")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
    facts = deal_facts(result)
    assert {"taker", "call", "contract", "trump"} <= set(result.breakdown)
    assert (facts["call"], facts["taker"], facts["trump"]) == ("take", result.breakdown["taker"], "S")
    assert "seats" not in facts and "teams" not in facts          # the breakdown's tables are left out
    assert set(facts) == {"taker", "call", "contract", "trump"} | set(result.facts)
    assert all(facts[k] == v for k, v in result.facts.items())
