"""The syntax of rule strings: the grammar (built once), the nodes it parses a rule string into
(frozen values, shared by the parse cache, equal copies hashing alike), the message of a
syntax error and what the nodes read as in English."""
from __future__ import annotations

import dataclasses

import pytest

from helpers import FOLLOW_AND_TRICKS_TAIL, TWO_SUITS_HEAD, problem_details
from interpreter.language.syntax import _parser, parse


# --- the grammar ----------------------------------------------------------------------------------

def test_the_grammar_is_built_once():
    assert _parser() is _parser()


def test_a_long_list_of_expected_words_is_cut_after_eight(tmp_path):
    text = "game: X\n" + TWO_SUITS_HEAD + "deal: 5 each\n" + FOLLOW_AND_TRICKS_TAIL.replace("tricks(it)", "tricks(it ]")
    assert problem_details(tmp_path, text) == [
        (18, 25, ("unexpected character ']'; expected one of '(', ')', '*', '/', '+', '-', ',', 'and', 'except', "
                 "'for', 'if', …"), "")]


# --- syntax nodes are frozen values ----------------------------------------------------------

def test_syntax_nodes_are_frozen_and_hashable():
    tree = parse("count(hand and led) > 0 or trick_winner(1) = me", "expr")
    nodes, todo = [], [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        for field in dataclasses.fields(node):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if dataclasses.is_dataclass(item) and type(item).__name__ != "Pos":
                    todo.append(item)
    kinds = {type(n).__name__ for n in nodes}
    assert {"Binary", "Call", "Name", "Num"} <= kinds
    for node in nodes:
        assert hash(node) == hash(dataclasses.replace(node))      # a value: equal copies hash alike
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(node, dataclasses.fields(node)[0].name, None)
    assert parse("me", "expr") == parse("me", "expr") and len({parse("me", "expr"), parse("me", "expr")}) == 1


def test_order_refs_and_codes_are_frozen_values():
    """parse() is cached: the nodes it returns are shared, so none may change."""
    order = parse("A > K = Q", "order")
    ref = order.tiers[1][0]
    code = parse("hand and AS", "expr").right
    assert (type(ref).__name__, ref.code, type(code).__name__, code.text) == ("Ref", "K", "Code", "AS")
    for node in (ref, code):
        assert hash(node) == hash(dataclasses.replace(node))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(node, dataclasses.fields(node)[0].name, "X")


# --- the nodes in English -------------------------------------------------------------------------

@pytest.mark.parametrize("text,english", [("not led", "not led"),
                                          ("not (led and trumps)", "not (led and trumps)"),
                                          ("not count(hand) > 1", "not (the number of cards in hand is more than 1)")])
def test_not_in_english(text, english):
    assert parse(text, "expr").english() == english


@pytest.mark.parametrize("text,english", [
    ("next(dealer)", "the player after the dealer"),
    ("bonus(me) > 1", "the bonus of the player is more than 1"),           # a let function: its name
    ("max(tricks(me), 2)", "the max of the number of tricks won by the player and 2"),
])
def test_a_function_reads_by_its_words_or_else_by_its_name(text, english):
    assert parse(text, "expr").english() == english
