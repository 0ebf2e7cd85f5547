"""The compiled tier's direct reads and writes of the state's fields (slot_access.py): which
parts of generated code become loads and stores at a slot's offset, and that the compiled
code refuses anything but the state it was bound to instead of reading stray memory."""
from __future__ import annotations

import ast
import dataclasses

import pytest

import interpreter
from interpreter.engine import compiled
from interpreter.engine.slot_access import PRELUDE, direct_slots
from interpreter.engine.state import State

SLOTS = ("hands", "current", "played", "leader", "trick")


def _body(source: str) -> str:
    """The rewritten code without the C prelude."""
    return direct_slots(source, SLOTS)[len(PRELUDE):].strip()


def test_reads_writes_and_updates_of_a_field_become_direct_and_the_state_is_checked_once():
    source = ("def _play(s, card):\n"
              "    '''Doc.'''\n"
              "    seat = s.current\n"
              "    s.hands[seat] &= ~(1 << card)\n"
              "    s.played |= 1 << card\n"
              "    s.current = s.leader = nxt = seat + 1\n"
              "    s._end()\n"
              "    return s.rule.winner(s.trick)\n")
    assert _body(source) == (
        "def _play(s, card):\n"
        "    \"\"\"Doc.\"\"\"\n"
        "    atout_check(s)\n"
        "    seat = atout_get(s, 1)\n"
        "    atout_get(s, 0)[seat] &= ~(1 << card)\n"
        "    atout_set(s, 2, atout_get(s, 2) | 1 << card)\n"
        "    _field_value = seat + 1\n"
        "    atout_set(s, 1, _field_value)\n"
        "    atout_set(s, 3, _field_value)\n"
        "    nxt = _field_value\n"
        "    s._end()\n"
        "    return s.rule.winner(atout_get(s, 4))")


def test_a_made_state_is_checked_where_it_is_made_and_other_objects_are_left_alone():
    source = ("def start(cls, game, hands):\n"
              "    game.hands = hands\n"
              "    self = cls.__new__(cls)\n"
              "    self.hands = hands\n"
              "    return self\n"
              "def other(x, s):\n"
              "    return s.hands\n"
              "def nested(s):\n"
              "    f = lambda s: s.hands\n"
              "    def g(s):\n"
              "        return s.current\n"
              "    return f(s.trick)\n")
    assert _body(source) == (
        "def start(cls, game, hands):\n"
        "    game.hands = hands\n"
        "    self = cls.__new__(cls)\n"
        "    atout_check(self)\n"
        "    atout_set(self, 0, hands)\n"
        "    return self\n\n"
        "def other(x, s):\n"
        "    return s.hands\n\n"
        "def nested(s):\n"
        "    atout_check(s)\n"
        "    f = lambda s: s.hands\n\n"
        "    def g(s):\n"
        "        return s.current\n"
        "    return f(atout_get(s, 4))")
    ast.parse(_body(source))


@pytest.fixture
def engines(tmp_path, monkeypatch):
    pytest.importorskip("Cython", reason="the compiled tier needs the 'fast' extra (pip install 'atout[fast]')")
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ATOUT_ENGINE", "compiled")
    monkeypatch.setattr(compiled, "_modules", {})
    monkeypatch.setattr(compiled, "_warned", set())


def test_a_compiled_engine_given_another_object_raises_instead_of_reading_it(engines):
    game = dataclasses.replace(interpreter.load("whist"))
    cls = game.state_class
    assert type(cls.apply_unchecked).__name__ == "cython_function_or_method"
    state = game.new_deal(seed=5)
    action = state.legal_actions()[0]
    with pytest.raises(TypeError, match="this compiled engine plays a State, not a Action"):
        cls.apply_unchecked(action, action)
    bare = cls.__new__(cls)
    with pytest.raises(AttributeError, match="'GeneratedState' object has no attribute 'hands'"):
        cls._compute_legal(bare)
    while state.legal_actions()[0].kind != "play":
        state.apply_unchecked(state.legal_actions()[0])
    seat, play = state.current, state.legal_actions()[-1]
    state.apply_unchecked(play)
    assert (state.trick, state.trick_seats, state.history[-1]) == ([play.card], [seat], (seat, play.card))
    assert not state.hands[seat] >> play.card & 1 and state.played == 1 << play.card


def test_a_state_whose_fields_are_not_slots_leaves_the_pure_engine_running(engines, capsys):
    class Pretender(State):
        __slots__ = ()
    Pretender.__slots__ = ("hands", "phantom")
    game = dataclasses.replace(interpreter.load("whist"))
    source = "def f(s):\n    return s.phantom\n"
    assert compiled.compiled_functions(source, {}, ("f",), game.title, Pretender) is None
    assert "the compiled tier is off (the engine of Whist does not fit the state: 'hands' is not a slot of " \
           "Pretender): the pure-Python engine runs" in capsys.readouterr().err
