"""Marks that start every deal with a value (``{type, start}``): the value is found once the
deal is dealt (it may read the hands), an action's ``set`` replaces it, and a start of the
wrong type or a YAML yes/no is reported where it is written."""
from __future__ import annotations

import pytest

from helpers import ENGINES, on, problem_messages, texts, tiny

FILE = """\
game: Marks start
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 2 each
marks:
  stake: {type: number, start: 2}
  doubled: {type: condition, start: "true"}
  ace: {type: seat, start: holder(AS)}
  raised: number
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
  actions:
    raise:
      when: stake < 8 and raised = none
      set: {stake: stake * 2, raised: "1"}
scoring:
  award:
    - rule: stake
      to: each_seat
      points: tricks(it) * stake + (1 if doubled else 0) + (10 if it = ace else 0)
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_marks_hold_their_start_until_an_action_sets_them(engine, tmp_path):
    game = on(tiny(tmp_path, FILE), engine)
    state = game.new_deal(layout={"hands": [["KS", "KH"], ["AS", "AH"]]})
    assert state.marks == [2, True, 1, None]                 # seat 1 was dealt AS
    assert texts(state)[0] == "raise"
    state.apply("raise")
    assert state.marks == [4, True, 1, 1]
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert {r.to: r.points for r in state.result().reasons} == {"seat 1": 2 * 4 + 1 + 10, "seat 0": 1}


def test_a_start_of_the_wrong_type_is_reported(tmp_path):
    assert problem_messages(tmp_path, FILE.replace("start: holder(AS)", "start: 3")) == [
        "expected a seat, found the number 3"]


def test_a_yaml_yes_is_refused_with_a_hint_to_quote_it(tmp_path):
    messages = problem_messages(tmp_path, FILE.replace('start: "true"', "start: true"))
    assert messages[0] == "marks/doubled/start must be text or a number, found true"


def test_explain_says_what_each_deal_starts_with(tmp_path):
    from interpreter.authoring.explain import explain
    path = tmp_path / "marks.yaml"
    path.write_text(FILE, encoding="utf-8")
    assert [line for line in explain(path).splitlines() if line.startswith("As each deal begins")] == [
        "As each deal begins, stake is 2, doubled holds and ace is the player dealt the Ace of Spades."]
