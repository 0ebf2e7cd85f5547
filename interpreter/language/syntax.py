"""Parses rule-language text into frozen nodes (see ``grammar.lark``)."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from importlib import resources
import re

from lark import Lark, Token, Transformer_NonRecursive, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import nodes as n
from ..cache import cache_dir

START_RULES = ("order", "deal", "clause", "expr")
_NUMBER = re.compile(r"^\d+(\.\d+)?$")

_TERMINAL_WORDS = {
    "CODE": "a code or number", "NAME": "a name", "CMP": "a comparison", "ADDOP": "'+', '-'",
    "MULOP": "'*', '/'", "AND": "'and', 'except'", "LPAR": "'('", "RPAR": "')'", "MINUS": "'-'",
    "COMMA": "','", "MORETHAN": "'>'", "EQUAL": "'='", "$END": "the end of the text",
}


class SyntaxProblem(ValueError):
    """A rule-language text that does not parse; ``pos`` is inside the text."""

    def __init__(self, message: str, pos: n.Pos, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.hint = hint


@lru_cache(maxsize=1)
def _parser() -> Lark:
    """The rule language's LALR parser. Building its tables takes 60-90 ms, so lark keeps them in
    atout's cache directory (catalog.cache_dir) and loads them in about 6 ms: the file holds
    the hash of the grammar, the options and lark's version, and lark rebuilds the tables
    when they differ or the file cannot be read (and skips the cache when it cannot be written)."""
    grammar = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", start=list(START_RULES), propagate_positions=True,
                maybe_placeholders=True, cache=_cache_file())


def _cache_file() -> str | bool:
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(folder / "grammar.lark.tables")


def _pos(token: Token) -> n.Pos:
    return n.Pos(token.line, token.column, max(1, len(str(token))))


def _int(token: Token, least: int = 1) -> int:
    if not token.isdigit() or int(token) < least:
        raise SyntaxProblem(f"expected a whole number of at least {least}, found '{token}'", _pos(token))
    return int(token)


def _count(given, least: int = 1):
    """A deal's number of cards: a whole number, or an expression of the match (n.Sized)."""
    return given if isinstance(given, n.Sized) else _int(given, least)


def _where(given) -> n.Pos:
    return given.pos if isinstance(given, n.Sized) else _pos(given)


@v_args(inline=True)
class _ToNodes(Transformer_NonRecursive):
    # orders
    def order(self, *tiers):
        return n.Order(tuple(tiers))

    def tier(self, *codes):
        return tuple(n.Ref(str(c), _pos(c)) for c in codes)

    # deals
    def deal(self, *steps):
        return n.Deal(tuple(steps))

    def count(self, given):
        return given if isinstance(given, Token) else n.Sized(given, given.pos)

    def each(self, count):
        return n.Each(_count(count), _where(count))

    def to_pile(self, count, pile):
        return n.ToPile(_count(count), str(pile), _pos(pile))

    def rest_to(self, pile):
        return n.RestTo(str(pile), _pos(pile))

    def each_but(self, count, seat, other):
        return n.EachBut(_count(count), str(seat), _count(other, least=0), _pos(seat))  # 0: that seat skips the round

    def pile_to_seat(self, pile, seat):
        return n.PileToSeat(str(pile), str(seat), _pos(pile), _pos(seat))

    def show_pile(self, pile):
        return n.ShowPile(str(pile), _pos(pile))

    def repeat(self, times, deal):
        return n.Repeat(_count(times), deal.steps, _where(times))

    # expressions
    def clause(self, select, when=None):
        return n.Clause(select, when)

    def code(self, token):
        if _NUMBER.match(token):
            return n.Num(Fraction(str(token)), str(token), _pos(token))
        return n.Code(str(token), _pos(token))

    def name(self, token):
        return n.Name(str(token), _pos(token))

    def call(self, name, *args):
        args = tuple(a for a in args if a is not None)
        start = _pos(name)
        end = n.Pos(args[-1].pos.line, args[-1].pos.column, args[-1].pos.width + 1) if args \
            else n.Pos(start.line, start.column, start.width + 2)
        return n.Call(str(name), args, _span(start, end))

    def aggregate(self, name, element, var, domain, condition=None):
        start = _pos(name)
        end = (condition or n.Name(str(domain), _pos(domain))).pos
        return n.Aggregate(str(name), element, str(var), str(domain), condition,
                           _span(start, n.Pos(end.line, end.column, end.width + 1)), _pos(var), _pos(domain))

    def choose(self, then, test, otherwise):
        return n.Choose(then, test, otherwise, _span(then.pos, otherwise.pos))

    def or_(self, left, right):
        return n.Binary("or", left, right, _span(left.pos, right.pos))

    def and_(self, left, op, right):
        return n.Binary(str(op), left, right, _span(left.pos, right.pos))

    def not_(self, operand):
        return n.Not(operand, operand.pos)

    def compare(self, left, op, right):
        return n.Binary(str(op), left, right, _span(left.pos, right.pos))

    def arith(self, left, op, right):
        return n.Binary(str(op), left, right, _span(left.pos, right.pos))

    def negate(self, operand):
        return n.Negate(operand, operand.pos)


def _span(start: n.Pos, end: n.Pos) -> n.Pos:
    """From the start of one node to the end of another: the whole of an expression."""
    if start.line != end.line:
        return start
    return n.Pos(start.line, start.column, max(1, end.column + end.width - start.column))


def _expected(tokens) -> str:
    words = sorted({_TERMINAL_WORDS.get(t, f"'{t.lower()}'" if t.isalpha() else t) for t in tokens}) or ["nothing"]
    if len(words) > 8:
        words = words[:8] + ["…"]
    return ("one of " if len(words) > 1 or "," in words[0] else "") + ", ".join(words)


MAX_DEPTH = 200  # nesting levels of one expression; deeper ones are refused, not recursed into


def _too_deep(tree: Tree) -> Token | None:
    """The first token nested deeper than MAX_DEPTH, found without recursion."""
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Token):
            if depth > MAX_DEPTH:
                return node
            continue
        stack.extend((child, depth + 1) for child in node.children if child is not None)
    return None


@lru_cache(maxsize=4096)
def parse(text: str, start: str):
    """Parse ``text`` from the start rule ``start``; raise SyntaxProblem on failure.

    The nodes are frozen, so one parse serves every variant of a file and every file that
    repeats a rule string."""
    try:
        tree = _parser().parse(text, start=start)
    except UnexpectedInput as err:
        raise _explain(err, text, start) from None
    deep = _too_deep(tree)
    if deep is not None:
        raise SyntaxProblem(f"this expression nests more than {MAX_DEPTH} levels deep",
                            n.Pos(deep.line, deep.column, len(deep)),
                            "split it into several 'let' entries, each using the ones above it")
    try:
        return _ToNodes().transform(tree)
    except Exception as err:  # lark wraps errors raised inside the transformer
        inner = getattr(err, "orig_exc", err)
        if isinstance(inner, SyntaxProblem):
            raise inner from None
        raise


def _accepted(text: str, start: str) -> set[str]:
    """The tokens the parser would accept after ``text``, a prefix that parses so far."""
    interactive = _parser().parse_interactive(text, start=start)
    interactive.exhaust_lexer()
    return interactive.accepts()


def _explain(err: UnexpectedInput, text: str, start: str) -> SyntaxProblem:
    line, column = max(1, err.line or 1), max(1, err.column or 1)
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        lines = text.rstrip().splitlines() or [""]
        line = len(lines)
        column = len(lines[-1]) + 1
        expected = getattr(err, "expected", None) or getattr(err, "accepts", None) or ()
        words = text.split()
        tail = ("… " if len(words) > 4 else "") + " ".join(words[-4:])
        found = f"the text ends after '{tail}'" if words else "the text is empty"
        return SyntaxProblem(f"{found}; expected {_expected(expected)}", n.Pos(line, column))
    if isinstance(err, UnexpectedToken):  # lark's own lists can be empty after reductions
        begin = err.token.start_pos
        while begin > 0 and (text[begin - 1].isalnum() or text[begin - 1] == "_"):
            begin -= 1  # a keyword run into a word ('eachh'): quote the whole word
        expected = _accepted(text[:begin], start)
        if begin == err.token.start_pos:
            word = str(err.token)
        elif str(err.token)[:1].isalnum():
            word = text[begin:err.token.end_pos]
        else:
            word = text[begin:err.token.start_pos]  # the word before a ',' or ')' is what is wrong
        return SyntaxProblem(f"unexpected '{word}'; expected {_expected(expected)}",
                             n.Pos(line, column - (err.token.start_pos - begin), max(1, len(word))))
    if isinstance(err, UnexpectedCharacters):
        char = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "?"
        hint = "quotes are not part of the rule language" if char in "\"'" else ""
        quoted = f'"{char}"' if char == "'" else f"'{char}'"
        expected = _expected(_accepted(text[:err.pos_in_stream], start))
        return SyntaxProblem(f"unexpected character {quoted}; expected {expected}", n.Pos(line, column), hint)
    return SyntaxProblem(str(err).splitlines()[0], n.Pos(line, column))
