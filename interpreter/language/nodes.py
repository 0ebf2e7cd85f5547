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
class Sized:
    """A deal's number of cards given by an expression of the match, in parentheses:
    ``(scheduled) each``; it is worked out as each deal begins."""

    expr: object
    pos: Pos

    def english(self) -> str:
        return self.expr.english()


@dataclass(frozen=True)
class Each:
    """Every player in turn receives ``count`` cards."""

    count: int | Sized
    pos: Pos

    def english(self) -> str:
        return f"{_amount(self.count)} to each player"


@dataclass(frozen=True)
class EachBut:
    """Every player in turn receives ``count`` cards, except ``seat`` who receives ``other``."""

    count: int | Sized
    seat: str
    other: int | Sized
    pos: Pos

    def english(self) -> str:
        return f"{_amount(self.count)} to each player but {_amount(self.other)} to the {self.seat}"


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
    count: int | Sized
    pile: str
    pos: Pos

    def english(self) -> str:
        return f"{_amount(self.count)} to {self.pile}"


@dataclass(frozen=True)
class RestTo:
    pile: str
    pos: Pos

    def english(self) -> str:
        return f"the rest to {self.pile}"


@dataclass(frozen=True)
class Repeat:
    times: int | Sized
    steps: tuple
    pos: Pos

    def english(self) -> str:
        return f"{_amount(self.times)} times ({', '.join(s.english() for s in self.steps)})"


def _amount(count) -> str:
    """A deal's number of cards in words: the number, or what the expression of the match says."""
    return str(count) if isinstance(count, int) else f"({count.english()})"


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
        return _NAME_WORDS.get(self.name, self.name.replace("_", " "))


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple
    pos: Pos

    def english(self) -> str:
        args = [_argument(a) for a in self.args]
        words = _CALL_WORDS.get(self.name)
        if words is not None and len(args) == words.count("{}"):
            return words.format(*args)
        name = self.name.replace("_", " ")
        return f"the {name} of {' and '.join(args)}" if args else name


# How the built-in names and functions read in a sentence (``atout explain``).
_NAME_WORDS = {"dealer": "the dealer", "taker": "the taker", "me": "the player", "winning": "the player winning the trick",
               "last_trick": "the winner of the last trick", "trump_suit": "the trump suit", "led_card": "the card led",
               "tricks_played": "the number of tricks played", "deal_number": "the number of the deal",
               "last_round": "the last trick is played", "scheduled": "the number scheduled for this deal",
               "players": "the number of players"}
_CALL_WORDS = {"next": "the player after {}", "previous": "the player before {}", "team": "the team of {}",
               "suit_of": "the suit of {}", "took_all": "the team that won every trick",
               "count": "the number of cards in {}", "tricks": "the number of tricks won by {}",
               "points": "the card points won by {}", "seat": "seat {}", "holder": "the player dealt {}",
               "other": "the team other than {}", "melds": "the meld points of {}",
               "shown": "the points {} showed", "won": "the cards won by {}", "dealt": "the cards {} was dealt",
               "card_points": "the card points of {}", "most_tricks": "the player with the most tricks",
               "best_meld": "the team with the best meld", "max_score": "the highest match score",
               "min_score": "the lowest match score", "trick_cards": "the cards of trick {}",
               "trick_led": "the card that led trick {}", "trick_winner": "the winner of trick {}",
               "floor": "{} rounded down", "ceil": "{} rounded up", "bid": "the bid of {}",
               "streak": "the tricks in a row {} won at the end", "trump_run": "the run of top trumps in {}"}
# Names read as they are after 'of', 'by', 'in' (the others take 'the': the turnup, the takers).
_BARE = {"any", "nothing", "led", "trumps", "beating", "hand", "trick", "played", "it", "suit", "team", "seat",
         "number", "card", "true", "false", "none"}


def _argument(node) -> str:
    """A function's argument in English: a pile or a named value with its article."""
    text = node.english()
    if isinstance(node, Name) and node.name not in _BARE and len(node.name) > 2 and not text.startswith("the "):
        return f"the {text}"
    return text


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
class Aggregate:
    """``sum(tricks(s) for s in seats if bid(s) > 0)``: a function over the seats, teams or past
    tricks, with a name bound to each in turn and an optional condition."""

    function: str            # sum, count, min, max, any, all
    element: object
    var: str
    domain: str              # seats, teams, tricks
    condition: object | None
    pos: Pos
    var_pos: Pos
    domain_pos: Pos

    def english(self) -> str:
        over, many = {"seats": ("player", "players"), "teams": ("team", "teams"),
                      "tricks": ("trick played", "tricks played")}.get(self.domain, (self.domain, self.domain))
        where = f" where {self.condition.english()}" if self.condition is not None else ""
        if self.function == "count":
            return f"the number of {many}{where}"
        if self.function in ("any", "all"):
            word = "some" if self.function == "any" else "every"
            return f"{self.element.english()} for {word} {over} {self.var}{where}"
        word = {"sum": "the sum", "min": "the least", "max": "the greatest"}[self.function]
        return f"{word} of {self.element.english()} over each {over} {self.var}{where}"


@dataclass(frozen=True)
class Not:
    operand: object
    pos: Pos

    def english(self) -> str:
        simple = isinstance(self.operand, (Name, Call))
        return f"not {self.operand.english()}" if simple else f"not ({self.operand.english()})"


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
