"""Let functions of several parameters, each typed by the end of its name: their values on a
played deal, arguments computed before any parameter is bound, and the errors for a wrong
count of arguments, a parameter of no type and a parameter named twice."""
from __future__ import annotations

import pytest

from helpers import ENGINES, PARTNERS_HEAD, on, problem_messages, tiny

FILE = "game: Let functions\n" + PARTNERS_HEAD + """\
let:
  "apart(seat, other_seat)": (seat_number(other_seat) - seat_number(seat) + players) % players
  "over(team, tricks_number)": tricks(team) - tricks_number
  "from_next(seat)": apart(next(seat), seat)
  gap: apart(seat(3), seat(1))
  back: from_next(seat(2))
LETS
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: over
      to: each_team
      points: over(it, 1) + 10 * apart(seat(1), seat(3))
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_functions_of_several_parameters_compute_with_each_argument(engine, tmp_path):
    game = on(tiny(tmp_path, FILE.replace("LETS\n", "")), engine)
    state = game.new_deal(layout={"hands": [["KS"], ["AS"], ["KH"], ["AH"]]})   # seat 1 leads AS and wins
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
    assert result.facts["gap"] == 2                        # from seat 3 to seat 1: two seats on
    assert result.facts["back"] == 3                        # from seat 3 back to seat 2, the argument 'seat'
    assert {r.to: r.points for r in result.reasons} == {"A": -1 + 20, "B": 0 + 20}   # B won the trick


@pytest.mark.parametrize("extra, message", [
    ('  wrong: apart(seat(1))\n', "'apart' takes 2 arguments, found 1"),
    ('  "twice(seat, seat)": "1"\n', "a function's parameter is 'seat', 'team', 'suit' or 'number', or a name ending "
                                   "in one of them ('first_seat'), each once; found 'seat, seat'"),
])
def test_a_wrong_call_or_parameter_is_reported(extra, message, tmp_path):
    assert problem_messages(tmp_path, FILE.replace("LETS\n", extra)) == [message]


def test_a_parameter_whose_name_gives_no_type_is_refused_by_the_schema(tmp_path):
    messages = problem_messages(tmp_path, FILE.replace("LETS\n", '  "odd(seat, card)": "1"\n'))
    assert messages == ["'odd(seat, card)' is not a valid key here"]
