"""What an editor needs to know about one rule file held as text: its problems, the rule
strings it holds, the names it defines (``let`` entries, piles, marks, calls, counters,
cards) and where each name is used.

Everything here works from the text of a buffer, never from the file on disk, and keeps
going on a broken file: a file whose YAML does not parse has problems and no names.
Positions are 0-based (line, column) pairs, columns counted in characters.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
import re
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ..engine.cards import Deck, build_deck
from ..engine.game import Game
from ..errors import Problem, RuleFileError
from ..language.card_names import names_in
from ..language.expressions import Builtin, builtin_table
from ..language.nodes import Pos
from ..language.rule_files import problems_in_source
from ..language.rule_strings import RuleString, items_of, rule_strings
from ..language.source import MAX_FILE_BYTES, Source, parse_yaml
from ..language.syntax import SyntaxProblem, parse

WORD = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.]*")
# names an expression may use where its section binds them ('it' in awards, 'suit' in calls…)
BOUND_NAMES = {"it": "the seat or team being scored (in 'each_seat' / 'each_team' awards, counters)",
               "seat": "the seat being placed in a team, or a function's parameter",
               "team": "a function's parameter", "suit": "the suit a call, meld or function is about",
               "card": "the card an action names", "number": "the number a call names"}
KEYWORDS = ("and", "or", "not", "except", "if", "else", "when", "each", "but", "to", "rest", "show", "x")


@dataclass(frozen=True)
class Span:
    """A range of a document, 0-based, the end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    def holds(self, line: int, column: int) -> bool:
        return (self.line, self.column) <= (line, column) <= (self.end_line, self.end_column)


@dataclass(frozen=True)
class Definition:
    """A name the file defines, where, and what to say about it."""

    kind: str           # let, function, pile, mark, call, counter
    name: str
    span: Span
    detail: str


@dataclass
class Index:
    """A rule file's text analysed: problems, rule strings, names and their uses."""

    uri_path: str
    text: str
    problems: list[Problem]
    source: Source | None = None
    game: Game | None = None
    strings: list[RuleString] = field(default_factory=list)
    definitions: dict[str, Definition] = field(default_factory=dict)
    uses: dict[str, list[Span]] = field(default_factory=dict)
    deck: Deck | None = None

    def definition_at(self, line: int, column: int) -> Definition | None:
        """The defined name written at a position, as its definition or as a use."""
        for definition in self.definitions.values():
            if definition.span.holds(line, column):
                return definition
        for name, spans in self.uses.items():
            if name in self.definitions and any(s.holds(line, column) for s in spans):
                return self.definitions[name]
        return None

    def references(self, name: str) -> list[Span]:
        """Every place a name is written, its definition first."""
        found = [self.definitions[name].span] if name in self.definitions else []
        return found + [s for s in self.uses.get(name, []) if s not in found]


@lru_cache(maxsize=1)
def builtins() -> dict[str, Builtin]:
    """The built-in names and functions with their English (the table does not depend on a game)."""
    return builtin_table()


def signature(name: str, builtin: Builtin) -> str:
    """How a built-in is written: ``count(set) → num``, ``dealer → seat``."""
    params = "" if builtin.params is None else "(" + ", ".join(builtin.params) + ")"
    return f"{name}{params} → {builtin.returns}"


def analyse(text: str, path: str) -> Index:
    """Analyse a buffer: its problems (as ``atout validate`` reports them) and its names."""
    if len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
        return Index(path, text, [Problem(path, 1, 1, f"a rule file may hold at most {MAX_FILE_BYTES:,} bytes")])
    if "\x00" in text:
        return Index(path, text, [Problem(path, 1, 1, "is a binary file, not a YAML rule file")])
    try:
        source = parse_yaml(text, path)
    except RuleFileError as err:
        return Index(path, text, err.problems)
    problems, game = problems_in_source(source)
    index = Index(path, text, problems, source, game)
    if isinstance(source.data, CommentedMap):
        index.strings = rule_strings(source.data)
        index.deck = _deck(source.data)
        _define(index, source)
        _find_uses(index, source)
    return index


def _deck(data: CommentedMap) -> Deck | None:
    """The deck as the file's 'cards' describe it (None while they are incomplete)."""
    cards = data.get("cards")
    try:
        return build_deck(names_in(cards["suits"]), names_in(cards["ranks"]),
                          {str(k): names_in(v) for k, v in (cards.get("suit ranks") or {}).items()},
                          names_in(cards.get("extra")), names_in(cards.get("names")))
    except (TypeError, KeyError, AttributeError):
        return None


def key_span(source: Source, path: tuple, name: str) -> Span:
    """Where the key at ``path`` is written; a quoted key is found past its quote."""
    line, column = source.locate(path, key=True)
    row = source.line_text(line)
    found = row.find(name, column - 1)
    start = found if found >= 0 else column - 1
    return Span(line - 1, start, line - 1, start + len(name))


def _define(index: Index, source: Source) -> None:
    data = source.data
    add = index.definitions.setdefault
    for key, value in items_of(data.get("let")):
        name, _, param = key.partition("(")
        kind = "function" if param else "let"
        add(name, Definition(kind, name, key_span(source, ("let", key), name), f"{key}: {value}"))
    for key, value in items_of(data.get("piles")):
        seen = value.get("seen by", "nobody") if isinstance(value, dict) else value
        add(key, Definition("pile", key, key_span(source, ("piles", key), key), f"pile {key}, seen by {seen}"))
    for key, value in items_of(data.get("marks")):
        kind = value.get("type") if isinstance(value, dict) else value
        add(key, Definition("mark", key, key_span(source, ("marks", key), key), f"mark {key}: a {kind}"))
    for key, value in items_of(data.get("counters")):
        of = value.get("of", "team") if isinstance(value, dict) else "team"
        add(key, Definition("counter", key, key_span(source, ("counters", key), key),
                            f"counter {key}({of}): a number per {of} across the deals of a match"))
    auction = data.get("auction")
    rounds = auction.get("rounds") if isinstance(auction, dict) else None
    for r, round_ in enumerate(rounds if isinstance(rounds, list) else []):
        for key, _ in items_of(round_.get("calls") if isinstance(round_, dict) else None):
            add(key, Definition("call", key, key_span(source, ("auction", "rounds", r, "calls", key), key),
                                f"call '{key}' of auction round {r + 1}"))
    play = data.get("play")
    for key, _ in items_of(play.get("actions") if isinstance(play, dict) else None):
        add(key, Definition("call", key, key_span(source, ("play", "actions", key), key), f"action '{key}' of the play"))


def _find_uses(index: Index, source: Source) -> None:
    """Every word of every rule string (and every mark an action sets), placed in the file."""
    for string in index.strings:
        for row, line in enumerate(string.text.split("\n"), start=1):
            for match in WORD.finditer(line):
                pos = Pos(row, match.start() + 1, len(match.group()))
                where = source.problem_in_text(string.path, pos, "")
                span = Span(where.line - 1, where.column - 1, where.line - 1, where.column - 1 + pos.width)
                index.uses.setdefault(match.group(), []).append(span)
    play = source.data.get("play")
    for action, spec in items_of(play.get("actions") if isinstance(play, dict) else None):
        for mark, _ in items_of(spec.get("set") if isinstance(spec, dict) else None):
            index.uses.setdefault(mark, []).append(key_span(source, ("play", "actions", action, "set", mark), mark))


def card_words(index: Index, code: str) -> str | None:
    """A card, rank or suit code in words, with its place in the order when it has one."""
    deck = index.deck
    if deck is None:
        return None
    if code in deck.index:
        card = deck.index[code]
        text = f"**{code}**: {deck.names[card]}"
        rank = deck.rank_of[card]
    elif code in deck.rank_masks:
        cards = [deck.codes[c] for c in range(deck.size) if deck.rank_masks[code] >> c & 1]
        text = f"**{code}**: a rank, the cards {', '.join(cards)}"
        rank = code
    elif code in deck.suit_codes:
        s = deck.suit_codes.index(code)
        return f"**{code}**: the suit {deck.suit_names[s]}, {deck.suit_masks[s].bit_count()} cards"
    else:
        return None
    for key in ("order", "trump order"):
        place = _place(index.source.data.get(key) if index.source else None, code, rank)
        if place:
            text += f"\n\n{place} in '{key}'"
    return text


def _place(order_text: Any, code: str, rank: str) -> str:
    """'3rd of 20' for the tier holding the card (or its rank) in an order string."""
    if not isinstance(order_text, str):
        return ""
    try:
        order = parse(order_text, "order")
    except SyntaxProblem:
        return ""
    for place, tier in enumerate(order.tiers, start=1):
        written = [ref.code for ref in tier]
        if code in written or rank in written:
            equal = f", equal with {' and '.join(w for w in written if w not in (code, rank))}" if len(written) > 1 else ""
            return f"place {place} of {len(order.tiers)} (highest first{equal})"
    return ""


def word_at(text: str, line: int, column: int) -> tuple[str, Span] | None:
    """The word of the rule language under a position, if any."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    for match in WORD.finditer(lines[line]):
        if match.start() <= column <= match.end():
            return match.group(), Span(line, match.start(), line, match.end())
    return None
