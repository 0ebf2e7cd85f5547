"""Typed, frozen syntax nodes of the rule language, each carrying its position.

Positions are relative to the expression text (1-based line and column); the loader
maps them into the rule file. Every node can render itself in plain English, so a
rule file can be read back as prose (``atout explain``).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Pos:
    line: int
    column: int
    width: int = 1


# --- orders -------------------------------------------------------------------------

@dataclass(frozen=True)
class Ref:
    """A card, rank or suit code inside an order."""

    code: str
    pos: Pos


@dataclass(frozen=True)
class Order:
    """Highest tier first; the refs inside one tier are of equal rank."""

    tiers: tuple[tuple[Ref, ...], ...]

    def english(self) -> str:
        return ", then ".join(" equal to ".join(r.code for r in tier) for tier in self.tiers)


# --- deals --------------------------------------------------------------------------

@dataclass(frozen=True)
class Each:
    """Every player in turn receives ``count`` cards."""

    count: int
    pos: Pos

    def english(self) -> str:
        return f"{self.count} to each player"


@dataclass(frozen=True)
class EachBut:
    """Every player in turn receives ``count`` cards, except ``seat`` who receives ``other``."""

    count: int
    seat: str
    other: int
    pos: Pos

    def english(self) -> str:
        return f"{self.count} to each player but {self.other} to the {self.seat}"


@dataclass(frozen=True)
class PileToSeat:
    """A whole pile goes to a player's hand."""

    pile: str
    seat: str
    pos: Pos
    seat_pos: Pos

    def english(self) -> str:
        return f"the {self.pile} to the {self.seat}"


@dataclass(frozen=True)
class ShowPile:
    """A pile's cards are shown to every player (they stay where they are)."""

    pile: str
    pos: Pos

    def english(self) -> str:
        return f"the {self.pile} is shown to everyone"


@dataclass(frozen=True)
class ToPile:
    count: int
    pile: str
    pos: Pos

    def english(self) -> str:
        return f"{self.count} to {self.pile}"


@dataclass(frozen=True)
class RestTo:
    pile: str
    pos: Pos

    def english(self) -> str:
        return f"the rest to {self.pile}"


@dataclass(frozen=True)
class Repeat:
    times: int
    steps: tuple
    pos: Pos

    def english(self) -> str:
        return f"{self.times} times ({', '.join(s.english() for s in self.steps)})"


@dataclass(frozen=True)
class Deal:
    steps: tuple

    def english(self) -> str:
        return ", ".join(s.english() for s in self.steps)


# --- expressions ----------------------------------------------------------------------

@dataclass(frozen=True)
class Num:
    value: Fraction
    text: str
    pos: Pos

    def english(self) -> str:
        return self.text


@dataclass(frozen=True)
class Code:
    """A card, rank or suit code (resolved against the deck when compiled)."""

    text: str
    pos: Pos

    def english(self) -> str:
        return self.text


@dataclass(frozen=True)
class Name:
    name: str
    pos: Pos

    def english(self) -> str:
        return self.name.replace("_", " ")


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple
    pos: Pos

    def english(self) -> str:
        inner = ", ".join(a.english() for a in self.args)
        return f"{self.name.replace('_', ' ')}({inner})" if self.args else self.name.replace("_", " ")


_OP_WORDS = {"=": "is", "!=": "is not", ">=": "is at least", "<=": "is at most",
             ">": "is more than", "<": "is less than", "+": "plus", "-": "minus",
             "*": "times", "/": "divided by", "%": "modulo", "and": "and", "or": "or", "except": "except"}


@dataclass(frozen=True)
class Binary:
    op: str
    left: object
    right: object
    pos: Pos

    def english(self) -> str:
        return f"{_grouped(self.left, self.op)} {_OP_WORDS[self.op]} {_grouped(self.right, self.op)}"


@dataclass(frozen=True)
class Not:
    operand: object
    pos: Pos

    def english(self) -> str:
        return f"not ({self.operand.english()})"


@dataclass(frozen=True)
class Negate:
    operand: object
    pos: Pos

    def english(self) -> str:
        return f"minus {self.operand.english()}"


@dataclass(frozen=True)
class Choose:
    then: object
    test: object
    otherwise: object
    pos: Pos

    def english(self) -> str:
        return f"{_grouped(self.then)} if {_grouped(self.test)}, otherwise {_grouped(self.otherwise)}"


def _grouped(node, op: str = "") -> str:
    """A sub-expression in English, in parentheses where the reading would be ambiguous."""
    text = node.english()
    if isinstance(node, Choose) or (isinstance(node, Binary) and node.op != op):
        return f"({text})"
    return text


@dataclass(frozen=True)
class Clause:
    """One follow obligation: the cards of ``select`` the player holds, when ``when`` holds."""

    select: object
    when: object | None

    def english(self) -> str:
        text = f"play from: {self.select.english()}"
        return f"{text}, when {self.when.english()}" if self.when is not None else text
