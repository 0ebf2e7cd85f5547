"""The working of a shown number (interpreter/language/working.py): the rule file's own
arithmetic with the choices made and the names replaced by the deal's values."""
from __future__ import annotations

from fractions import Fraction
import random

import interpreter
from interpreter.language.syntax import parse
from interpreter.language.working import fact_working, working

GAIN = "(25 + (taken - target if made else target - taken)) * contract * (1 if made else -1)"


def test_the_files_numbers_stay_and_the_rest_is_worked_out():
    values = {"taken": 45, "target": 41, "made": True, "contract": 2}
    assert working(parse(GAIN, "expr"), values) == "(25 + 4) × 2 = 58"
    lost = {"taken": Fraction(69, 2), "target": 41, "made": False, "contract": 4}
    assert working(parse(GAIN, "expr"), lost) == "(25 + 6.5) × 4 × -1 = -126"


def test_nothing_is_shown_where_the_working_says_no_more_than_the_value():
    assert working(parse("56 if bouts = 0 else 51", "expr"), {"bouts": 1}) is None      # a number the file wrote
    assert working(parse("a + b", "expr"), {"a": 1, "b": 2}) is None                   # names only
    assert working(parse("points(taker) + 10", "expr"), {"taker": 0}) is None          # a function it cannot read
    assert working(parse("10 / (a - a)", "expr"), {"a": 3}) is None                     # no division by zero


def test_precedence_keeps_the_parentheses_a_reader_needs():
    assert working(parse("10 - (a - 3)", "expr"), {"a": 5}) == "10 − (5 − 3) = 8"
    assert working(parse("(a + 2) * 3 + 1", "expr"), {"a": 1}) == "(1 + 2) × 3 + 1 = 10"
    assert working(parse("-(a + 2)", "expr"), {"a": 1}) == "-(1 + 2) = -3"


def test_tarot_shows_the_contracts_working_from_its_own_let():
    game = interpreter.load("french-tarot")
    seen = 0
    for seed in range(8):
        state = game.new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        if result.facts.get("annulled"):
            continue
        shown = fact_working(game, "contract points", result)
        assert shown.startswith("(25 + ") and shown.endswith(f" = {result.facts['contract_gain']}")
        assert fact_working(game, "bouts", result) is None
        seen += 1
    assert seen >= 5
