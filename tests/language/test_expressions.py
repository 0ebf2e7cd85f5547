"""The built-in expressions of the rule language on small rule files: the tricks built-ins
(``trick_cards(n)``, ``trick_led(n)``, ``trick_winner(n)``) numbering the first trick one and
counting back from the last, and points written as plain numbers, read as the exact decimals
they are written as (a yes/no value is no number). Where both engines run an expression, the
test runs on each."""
from __future__ import annotations

from fractions import Fraction

import pytest

from helpers import ENGINES, FOLLOW_FROM_SEAT_0, TWO_SUITS_HEAD, on, problem_messages, tiny


# --- trick_cards(n), trick_led(n), trick_winner(n): the tricks by number -----------------------

TRICK_N = "game: Tricks by number\n" + TWO_SUITS_HEAD + """\
deal: 2 each, rest to unused
""" + FOLLOW_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: first trick's hearts
      to: seat(0)
      points: 10 * count(trick_cards(1) and H) + count(trick_cards(-2) and S)
    - rule: first trick's leader card
      to: seat(1)
      points: 100 * count(trick_led(1) and AH) + count(trick_cards(3)) + count(trick_cards(0))
    - rule: first trick's winner
      when: trick_winner(1) = seat(1)
      to: seat(1)
      points: 1000
    - rule: no third trick
      when: trick_winner(3) = none and trick_winner(-3) = none
      to: seat(0)
      points: 1
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_trick_cards_numbers_the_first_trick_one(tmp_path, engine):
    game = on(tiny(tmp_path, TRICK_N), engine)
    # trick 1: seat 0 leads AH, seat 1 plays KH (seat 0 wins); trick 2: AS, KS
    state = game.new_deal(layout={"hands": [["AH", "AS"], ["KH", "KS"]], "fill": True}, dealer=1)
    for card in ("AH", "KH", "AS", "KS"):
        state.apply(card)
    result = state.result()
    assert result.seat_scores == (21, 100)
    # the same with seat 1 winning the first trick: QH led, KH wins
    state = game.new_deal(layout={"hands": [["QH", "AS"], ["KH", "KS"]], "fill": True}, dealer=1)
    for card in ("QH", "KH", "KS", "AS"):
        state.apply(card)
    assert state.result().seat_scores == (21, 1000)


# --- rule strings that are plain numbers -----------------------------------------------------

NUMBERS = "game: Numbers\n" + TWO_SUITS_HEAD + """\
deal: 1 each, rest to unused
""" + FOLLOW_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: a half
      to: seat(0)
      points: 2.5
    - rule: a tenth
      to: seat(1)
      points: 0.1
    - rule: a tiny share
      to: seat(1)
      points: 0.00001
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_number_as_points_is_exact(tmp_path, engine):
    game = on(tiny(tmp_path, NUMBERS), engine)
    state = game.new_deal(layout={"hands": [["AS"], ["KS"]], "fill": True}, dealer=1)
    state.apply("AS")
    state.apply("KS")
    # 0.00001 is the float 1e-05 in YAML: still read as the exact decimal it is written as
    assert state.result().seat_scores == (Fraction(5, 2), Fraction(1, 10) + Fraction(1, 100000))


def test_a_yes_no_value_where_points_are_expected_is_a_problem(tmp_path):
    text = NUMBERS.replace("      points: 0.1\n", "      points: true\n")
    assert problem_messages(tmp_path, text) == ["scoring/award/1/points must be text or a number, found true"]
