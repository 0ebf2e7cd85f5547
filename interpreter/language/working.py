"""The working of a number shown to players, from the rule file's own arithmetic.

A value a rule file shows (its ``facts``) is often a ``let`` that computes points, such as
``(20 + (won - needed if made else needed - won)) * level * (1 if made else -1)``.
Its working is that expression with every choice made, every name replaced by its value in
the deal, and each part that holds no number of the rule file's own worked out:
``(25 + 4) × 2 = 58``. The numbers the file writes stay visible, since they are the rule.
"""
from __future__ import annotations

from fractions import Fraction
import operator
from typing import TYPE_CHECKING, Any

from . import nodes as n

if TYPE_CHECKING:
    from ..engine.rules import Rules
    from ..engine.settlement import Result

_ARITHMETIC = {"+": (operator.add, "+", 1), "-": (operator.sub, "−", 1), "*": (operator.mul, "×", 2),
               "/": (operator.truediv, "÷", 2)}
_OTHER = {"=": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le, ">": operator.gt,
          "<": operator.lt, "and": lambda a, b: a and b, "or": lambda a, b: a or b}
_CONSTANTS = {"true": True, "false": False, "none": None}


class _Unknown(Exception):
    """A part of the expression this working cannot evaluate (a function's call, a card set)."""


def working(tree: Any, values: dict[str, Any]) -> str | None:
    """'(25 + 4) × 2 = 58': the expression ``tree`` worked out with the names' ``values``; None
    where that says no more than the value itself, or reads what cannot be evaluated here."""
    try:
        text, literal, _, value = _reduce(tree, values)
    except (_Unknown, TypeError, ZeroDivisionError):
        return None
    if not literal or text == _number(value):
        return None
    return f"{text} = {_number(value)}"


def fact_working(game: Rules, label: str, result: Result) -> str | None:
    """The working of the shown value ``label`` of ``game`` (a rule file's ``facts`` entry, or the
    ``let`` it names) in a finished deal: its lets, marks and contract as ``result`` holds them."""
    tree = game.trees.get(("facts", label))
    if isinstance(tree, n.Name) and ("let", tree.name) in game.trees:
        tree = game.trees[("let", tree.name)]
    values = {**result.facts, "contract": result.breakdown.get("contract")}
    return None if tree is None else working(tree, values)


def _reduce(node: Any, values: dict[str, Any]) -> tuple[str, bool, int, Any]:
    """(text, whether it holds a number of the file, the precedence of its operator, value)."""
    if isinstance(node, n.Num):
        return node.text, True, 9, node.value
    if isinstance(node, n.Name):
        if node.name in values:
            value = values[node.name]
        elif node.name in _CONSTANTS:
            value = _CONSTANTS[node.name]
        else:
            raise _Unknown(node.name)
        return _number(value), False, 9, value
    if isinstance(node, n.Choose):
        test = _reduce(node.test, values)[3]
        return _reduce(node.then if test else node.otherwise, values)
    if isinstance(node, n.Negate):
        text, literal, precedence, value = _reduce(node.operand, values)
        if not literal:
            return _number(-value), False, 9, -value
        return f"-{text}" if precedence == 9 else f"-({text})", True, 9, -value
    if isinstance(node, n.Not):
        value = not _reduce(node.operand, values)[3]
        return _number(value), False, 9, value
    if isinstance(node, n.Binary):
        return _binary(node, values)
    raise _Unknown(type(node).__name__)


def _binary(node: n.Binary, values: dict[str, Any]) -> tuple[str, bool, int, Any]:
    left, right = _reduce(node.left, values), _reduce(node.right, values)
    if node.op not in _ARITHMETIC:
        if node.op not in _OTHER:
            raise _Unknown(node.op)
        value = _OTHER[node.op](left[3], right[3])
        return _number(value), False, 9, value
    fn, symbol, precedence = _ARITHMETIC[node.op]
    if not all(isinstance(side[3], (int, Fraction)) and not isinstance(side[3], bool) for side in (left, right)):
        raise _Unknown(node.op)
    value = fn(Fraction(left[3]), Fraction(right[3]))
    if not (left[1] or right[1]):
        return _number(value), False, 9, value
    if node.op == "*" and right[1] and right[0] == "1":     # a factor 1 the file chose by a condition says nothing
        return left[0], left[1], left[2], value
    first = left[0] if left[2] >= precedence else f"({left[0]})"
    second = right[0] if right[2] > precedence or (right[2] == precedence and node.op in "+*") else f"({right[0]})"
    return f"{first} {symbol} {second}", True, precedence, value


def _number(value: Any) -> str:
    """A value as a person reads it: whole numbers plain, fractions as decimals where exact."""
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "none"}[value]
    if isinstance(value, (int, Fraction)):
        value = Fraction(value)
        if value.denominator == 1:
            return str(value.numerator)
        return f"{float(value):g}" if 10 ** 6 % value.denominator == 0 else str(value)
    return str(value)
