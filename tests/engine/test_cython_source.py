"""The generated source as the compiled tier gives it to Cython (cython_source.py): which parts
become loads and stores at a slot's offset or the C gathering of a mask's plays, and that the
compiled code refuses anything but the state it was bound to instead of reading stray memory."""
from __future__ import annotations

import ast
import dataclasses
import random

import pytest

import interpreter
from interpreter.engine import compiled
from interpreter.engine.cython_source import PRELUDE, cython_source
from interpreter.engine.phases import PLAY
from interpreter.engine.state import State

from helpers import assert_shuffles_as_random

SLOTS = ("hands", "current", "played", "leader", "trick")


def _body(source: str) -> str:
    """The rewritten code without the C prelude."""
    return cython_source(source, SLOTS)[len(PRELUDE):].strip()


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


def test_the_plays_of_a_mask_are_gathered_in_c_from_the_same_tables_and_nothing_else_is():
    source = ("def legal_actions(s):\n"
              "    legal = s.hands[0]\n"
              "    plays = [*PLAYS_0[legal & 255], *PLAYS_1[legal >> 8 & 255], *PLAYS_2[legal >> 16 & 255]]\n"
              "    other = [*PLAYS_0[legal & 255], *PLAYS_1[legal >> 16 & 255]]\n"
              "    mixed = [*PLAYS_0[legal & 255], *PLAYS_1[hand >> 8 & 255]]\n"
              "    return plays + [*ACTS_0, *PLAYS_0[legal & 255]]\n")
    assert _body(source).splitlines()[2:] == [
        "    legal = atout_get(s, 0)[0]",
        "    plays = atout_plays(legal, (PLAYS_0, PLAYS_1, PLAYS_2))",
        "    other = [*PLAYS_0[legal & 255], *PLAYS_1[legal >> 16 & 255]]",
        "    mixed = [*PLAYS_0[legal & 255], *PLAYS_1[hand >> 8 & 255]]",
        "    return plays + [*ACTS_0, *PLAYS_0[legal & 255]]"]


@pytest.mark.parametrize("name", ["aluette", "french-tarot"])
def test_the_compiled_plays_of_any_mask_are_the_pure_ones(name, engines, monkeypatch):
    """Every hand of 48 cards (six bytes) or 78 (ten, beyond one 64-bit word) gives the same
    plays in the same order on both tiers."""
    game = dataclasses.replace(interpreter.load(name))
    assert type(game.state_class.legal_actions).__name__ == "cython_function_or_method"
    state = game.new_deal(seed=11)
    while state.phase != PLAY:
        state.apply_unchecked(state.legal_actions()[0])
    monkeypatch.setenv("ATOUT_ENGINE", "pure")
    pure = dataclasses.replace(interpreter.load(name)).new_deal(seed=11)
    while pure.phase != PLAY:
        pure.apply_unchecked(pure.legal_actions()[0])
    rng = random.Random(3)
    full = (1 << game.deck.size) - 1
    for mask in [0, 1, full, 1 << (game.deck.size - 1), *(rng.getrandbits(game.deck.size) for _ in range(200))]:
        state._legal = pure._legal = mask & full
        assert state.legal_actions() == pure.legal_actions()


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
    with pytest.raises(TypeError, match="this compiled engine reads a State, not an object of type Action"):
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


def test_the_compiled_shuffle_is_random_shuffle_and_leaves_the_generator_where_it_leaves_it(engines):
    """The compiled tier shuffles a new deal's pack in C, draw for draw as random.Random.shuffle
    does (as shuffle.py does in Python): the same order, the generator left in the same state."""
    shuffle_pack = dataclasses.replace(interpreter.load("aluette")).state_class.shuffle_pack
    assert type(shuffle_pack).__name__ == "cython_function_or_method"
    assert_shuffles_as_random(shuffle_pack, [0, 1, 2, 3, 20, 32, 48, 78, 104, 511, 512, 513, 600], 40)


def test_the_compiled_shuffle_leaves_other_generators_and_sequences_to_their_own_shuffle(engines):
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()

    class Pack(list):
        pass
    shuffle_pack = dataclasses.replace(interpreter.load("aluette")).state_class.shuffle_pack
    items = [1, 2, 3]
    shuffle_pack(Reversing(1), items)
    assert items == [3, 2, 1]
    pack, expected = Pack(range(30)), list(range(30))
    shuffle_pack(random.Random(4), pack)
    random.Random(4).shuffle(expected)
    assert list(pack) == expected
