"""Small helpers shared by the compiler's sections."""
from __future__ import annotations

from dataclasses import fields, is_dataclass

from . import nodes as n


def _names(node) -> set[str]:
    """Every name and function an expression node refers to."""
    found = {node.name} if isinstance(node, (n.Name, n.Call)) else set()
    if is_dataclass(node):
        for part in fields(node):
            value = getattr(node, part.name)
            if part.name == "seat" and isinstance(value, str):      # a deal step's seat: 'PILE to taker'
                found.add(value)
            for child in value if isinstance(value, tuple) else (value,):
                found |= _names(child)
    return found


def _leader_only(node) -> bool:
    """A condition that holds only while no card is in the trick ('count(trick) = 0'), alone
    or joined by 'and'."""
    if isinstance(node, n.Binary) and node.op == "and":
        return _leader_only(node.left) or _leader_only(node.right)
    if isinstance(node, n.Binary) and node.op == "=":
        sides = (node.left, node.right)
        counted = any(isinstance(x, n.Call) and x.name == "count" and len(x.args) == 1
                      and isinstance(x.args[0], n.Name) and x.args[0].name == "trick" for x in sides)
        zero = any(isinstance(x, n.Num) and x.value == 0 for x in sides)
        return (counted and zero) or any(isinstance(x, n.Name) and x.name == "trick" for x in sides) \
            and any(isinstance(x, n.Name) and x.name == "nothing" for x in sides)
    return False


class _Skip(Exception):
    """A section could not be compiled; its problems are already recorded."""


def call_text(name: str, number: int | None, suit: str | None) -> str:
    """A call's text: its name with '{number}' and '{suit}' filled in, or else followed by
    the number or suit it names ('bid 7', 'name H')."""
    if "{" in name:
        return name.replace("{number}", str(number)).replace("{suit}", str(suit))
    return " ".join(str(w) for w in (name, number, suit) if w is not None)
