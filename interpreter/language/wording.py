"""Rules in plain words: a rule string's parsed tree read as a player would say it, with the
deck's own names ("the King and the Queen of trumps", not "trumps and (K or Q)"), the rule
file's own words for its lets, at most one level of parentheses, and no name a player never
sees (a ``let``'s name, a pile nobody sees, snake_case).

The rules page (``atout explain``) and the engine's refusals both read rules through one
``Wording``, so a refusal quotes the page word for word.
"""
from __future__ import annotations

import re
from typing import Any

from . import nodes as n
from .card_names import in_language, names_in
from .rule_strings import rule_strings
from .syntax import SyntaxProblem, parse

# Built-in names as a noun phrase in a sentence.
NAME_WORDS = {
    "dealer": "the dealer", "taker": "the taker", "me": "you", "leader": "the player who led the trick",
    "winning": "the player winning the trick", "last_trick": "the winner of the last trick",
    "trump_suit": "the trump suit", "led_card": "the card led", "tricks_played": "the number of tricks played",
    "deal_number": "the number of the deal", "last_round": "the last trick is being played",
    "scheduled": "the number of cards scheduled for this deal", "players": "the number of players",
    "contract": "the value of the contract", "call_number": "the number called", "call_suit": "the suit called",
    "doubled": "the number of doublings", "dummy": "the dummy", "partner": "the partner",
    "none": "nobody", "true": "always", "false": "never", "it": "it", "suit": "the suit", "seat": "the player",
    "team": "the side", "card": "the card",
}
# Built-in functions: a phrase with {} for each argument.
CALL_WORDS = {
    "next": "the player after {}", "previous": "the player before {}", "team": "the side of {}",
    "suit_of": "the suit of {}", "took_all": "the side that won every trick", "count": "the number of {}",
    "tricks": "the number of tricks won by {}", "points": "the card points won by {}", "seat": "seat {}",
    "holder": "the player dealt {}", "other": "the side other than {}", "melds": "the meld points of {}",
    "shown": "the points shown by {}", "won": "the cards won by {}", "dealt": "the cards dealt to {}",
    "card_points": "the card points of {}", "most_tricks": "the player with the most tricks",
    "best_meld": "the side with the best meld", "max_score": "the highest match score",
    "min_score": "the lowest match score", "trick_cards": "the cards of trick {}", "trick_led": "the card that led trick {}",
    "trick_winner": "the winner of trick {}", "floor": "{} rounded down", "ceil": "{} rounded up", "bid": "the bid of {}",
    "streak": "the number of tricks in a row {} won at the end", "trump_run": "the number of top trumps among {}",
    "suit_cards": "the cards of {}", "seat_number": "the number of {}", "suit_number": "the number of {}",
}
# Card sets by name, as a plural noun phrase and as one card.
SET_WORDS = {
    "any": ("cards", "any card"), "led": ("cards of the suit led", "a card of the suit led"),
    "trumps": ("trumps", "a trump"), "hand": ("cards in your hand", "a card in your hand"),
    "beating": ("cards that beat the card winning the trick", "a card that beats the card winning the trick"),
    "played": ("cards played", "a card played"), "trick": ("cards in the trick", "a card in the trick"),
    "nothing": ("no card", "no card"), "led_card": ("the card led", "the card led"),
}
SETS = set(SET_WORDS) | {"won", "dealt", "trick_cards", "trick_led", "suit_cards"}
LONGEST_INLINE = 80      # a let whose words are longer is named where it is used, and defined once
COMPARE = {"=": "is", "!=": "is not", ">=": "is at least", "<=": "is at most", ">": "is more than", "<": "is less than"}
ARITHMETIC = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo"}


class Wording:
    """How the rules of one rule file read: built from its deck, its lets and its own words
    (``words:``), in one language (English for now; names given in several languages are read
    in it)."""

    def __init__(self, deck: Any, ranks: dict[str, str], lets: dict[str, tuple[tuple[str, ...], Any]],
                 own: dict[str, Any], hidden_piles: frozenset[str] = frozenset(), language: str = "en",
                 marks: dict[str, str] | None = None):
        self.deck, self.ranks, self.lets, self.hidden, self.language = deck, ranks, lets, hidden_piles, language
        self.marks = marks or {}
        self.brief_repeats = False              # the page's: an own phrase's "(…)" only where first used
        self._said: set[str] = set()
        self.terms: dict[str, str] = {}          # lets too long to say where they are used: named, defined once
        self.own = {str(key): in_language(value, language) for key, value in own.items()}
        self.suits = dict(zip(deck.suit_codes, deck.suit_names))
        self.cards = dict(zip(deck.codes, deck.names))
        self._inlining: list[str] = []

    # --- what the page and the refusals ask for --------------------------------------------

    def say(self, node: Any) -> str:
        """Any rule string's tree, in words."""
        if isinstance(node, n.Clause):
            return self.clause(node)
        if isinstance(node, n.Order):
            return self.order(node)
        if isinstance(node, n.Deal):
            return self.deal(node)
        return self.value(node)

    def at(self, path: tuple, tree: Any) -> str:
        """The rule string at ``path`` in words: a follow or lead clause's cards as the card it
        asks for ('a trump that beats the card winning the trick')."""
        if len(path) >= 3 and path[:2] in (("play", "follow"), ("play", "may lead")) and path[-1] == "cards":
            return self.one(tree)
        if path[:2] == ("play", "declare") and path[-1] == "cards" and rank_codes(tree, self.ranks):
            return _listed([f"the {self.ranks[c]}" for c in rank_codes(tree, self.ranks)])
        return self.say(tree)

    def clause(self, clause: n.Clause) -> str:
        """A follow (or lead) clause: what it asks the player to play, and when."""
        what = self.one(clause.select)
        return f"{what}, when {self.value(clause.when)}" if clause.when is not None else what

    def play(self, select: Any) -> str:
        """What a clause asks for, as an order: 'follow suit', 'play a trump', 'play any card'."""
        if isinstance(select, n.Name) and select.name == "led":
            return "follow suit"
        return f"play {self.one(select)}"

    def order(self, order: n.Order) -> str:
        return ", ".join(" and ".join(self.card_word(ref.code) for ref in tier) + (", equal" if len(tier) > 1 else "")
                         for tier in order.tiers)

    def deal(self, deal: n.Deal) -> str:
        return ", then ".join(self.deal_step(step) for step in deal.steps)

    # --- card sets ---------------------------------------------------------------------------

    def card_word(self, code: str) -> str:
        """A code of an order or a set, by the deck's names: a card, every card of a rank, a suit."""
        if code in self.cards:
            return f"the {_brief(self.cards[code])}"
        if code in self.ranks:
            return _plural(self.ranks[code])
        if code in self.suits:
            return self.suits[code]
        return code

    def cards_of(self, node: Any) -> str:
        """A card set as a plural noun phrase without article: 'trumps', 'Kings and Queens',
        'the King and the Queen of trumps', 'cards of the suit led that beat …'."""
        if isinstance(node, n.Code):
            return self.card_word(node.text)
        if isinstance(node, n.Name):
            if node.name in SET_WORDS:
                return SET_WORDS[node.name][0]
            if node.name in self.hidden:
                return "the cards set aside"
            if node.name in self.lets or node.name in self.own:
                return self.value(node)
            return f"the cards of the {node.name.replace('_', ' ')}"
        if isinstance(node, n.Binary) and node.op == "and":
            ranks = rank_codes(node.right, self.ranks) or rank_codes(node.left, self.ranks)
            suit = node.left if rank_codes(node.right, self.ranks) else node.right
            if ranks and self.suitlike(suit):
                names = [f"the {self.ranks[r]}" for r in ranks]
                return f"{_listed(names)} of {self.cards_of(suit)}"
            for a, b in ((node.left, node.right), (node.right, node.left)):
                if isinstance(b, n.Name) and b.name == "beating":
                    return f"{self.cards_of(a)} that beat the card winning the trick"
                if isinstance(b, n.Name) and b.name == "hand":
                    return f"{self.cards_of(a)} in your hand"
            return f"{self.cards_of(node.left)} among {self.cards_of(node.right)}"
        if isinstance(node, n.Binary) and node.op == "or":
            return f"{self.cards_of(node.left)} and {self.cards_of(node.right)}"
        if isinstance(node, n.Binary) and node.op == "except":
            return f"{self.cards_of(node.left)} other than {self.cards_of(node.right)}"
        return self.value(node)

    def suitlike(self, node: Any) -> bool:
        """A set that is one suit's cards: the trumps, the suit led, a suit by its code."""
        return isinstance(node, n.Name) and node.name in ("trumps", "led") or \
            isinstance(node, n.Code) and node.text in self.suits or isinstance(node, n.Call) and node.name == "suit_cards"

    def one(self, node: Any) -> str:
        """A card set as one card of it: 'a trump', 'a trump that beats the card winning the
        trick', 'any card other than a trump, or a trump that beats …'."""
        if isinstance(node, n.Name) and node.name in SET_WORDS:
            return SET_WORDS[node.name][1]
        if isinstance(node, n.Binary) and node.op == "and":
            for a, b in ((node.left, node.right), (node.right, node.left)):
                if isinstance(b, n.Name) and b.name == "beating" and isinstance(a, n.Name) and a.name in SET_WORDS:
                    return f"{SET_WORDS[a.name][1]} that beats the card winning the trick"
            for a, b in ((node.left, node.right), (node.right, node.left)):
                ranks = rank_codes(b, self.ranks)
                if ranks and self.suitlike(a):
                    return " or ".join(f"the {self.ranks[r]}" for r in ranks) + f" of {self.cards_of(a)}"
        if isinstance(node, n.Binary) and node.op == "or":
            return f"{self.one(node.left)}, or {self.one(node.right)}"
        if isinstance(node, n.Binary) and node.op == "except":
            left = self.one(node.left)
            return f"{left} other than {self.one(node.right)}"
        return f"one of the {self.cards_of(node)}" if not self.cards_of(node).startswith("the ") else \
            f"one of {self.cards_of(node)}"

    # --- values and conditions ------------------------------------------------------------

    def value(self, node: Any, inner: bool = False) -> str:
        """A value or a condition in words; ``inner``: already inside parentheses (no more)."""
        if isinstance(node, n.Num):
            return node.text
        if isinstance(node, n.Code):
            return self.card_word(node.text)
        if isinstance(node, n.Name):
            return self.name(node.name)
        if isinstance(node, n.Call):
            return self.call(node)
        if isinstance(node, n.Not):
            return self.negated(node.operand, inner)
        if isinstance(node, n.Negate):
            return f"minus {self.value(node.operand, inner)}"
        if isinstance(node, n.Choose):
            return self.choice(node, inner)
        if isinstance(node, n.Aggregate):
            return self.aggregate(node)
        if isinstance(node, n.Binary):
            return self.binary(node, inner)
        return node.english() if hasattr(node, "english") else str(node)

    def name(self, name: str) -> str:
        if name in self.own:
            return self.phrase(name)
        if name in self.lets and not self.lets[name][0]:
            return self.inlined(name, self.lets[name][1])
        if name in self.marks:
            return f"the {name.replace('_', ' ')}"
        if name in NAME_WORDS:
            return NAME_WORDS[name]
        if name == "nothing":
            return "no card"
        if name in SET_WORDS:
            return f"the {SET_WORDS[name][0]}"
        if name in self.hidden:
            return "the cards set aside"
        return name.replace("_", " ")

    def inlined(self, name: str, tree: Any) -> str:
        """A let without words of its own reads as what it stands for (once: a let that
        leads back to itself keeps its name)."""
        term = f"the {name.replace('_', ' ')}"
        if name in self.terms or name in self._inlining or len(self._inlining) > 3:
            return term
        self._inlining.append(name)
        try:
            text = self.value(tree, True)
        finally:
            self._inlining.pop()
        if len(text) <= LONGEST_INLINE and "; otherwise" not in text:
            return text
        self.terms[name] = text
        return term

    def phrase(self, key: str) -> str:
        """A let's own words. A closing explanation in parentheses is given once, where the
        page first uses the phrase; elsewhere (and in refusals) the phrase goes without it."""
        text = self.own[key]
        if text.endswith(")") and " (" in text:
            if self.brief_repeats and key not in self._said:
                self._said.add(key)
                return text
            return text[:text.rindex(" (")]
        return text

    def name_term(self, name: str) -> str:
        return f"the {name.replace('_', ' ')}"

    def call(self, node: n.Call) -> str:
        args = [self.argument(a) for a in node.args]
        key = f"{node.name}({', '.join(self.lets[node.name][0])})" if node.name in self.lets else ""
        own = self.phrase(key) if key in self.own else None
        if own is not None:
            return own.format(*args) if "{}" in own else own
        if node.name in self.lets:
            return f"the {node.name.replace('_', ' ')} of {_listed(args)}"
        if node.name in ("trick_cards", "trick_led", "trick_winner") and node.args:
            which = _trick_number(node.args[0])
            if which is not None:
                return {"trick_cards": "the cards of {}", "trick_led": "the card that led {}",
                        "trick_winner": "the winner of {}"}[node.name].format(which)
        if node.name == "count" and node.args:
            return f"the number of {self.cards_of(node.args[0])}"
        if node.name == "holder" and node.args:
            return f"the player dealt {self.cards_of(node.args[0])}"
        if node.name == "team" and node.args and isinstance(node.args[0], n.Name) and node.args[0].name == "me":
            return "your side"
        words = CALL_WORDS.get(node.name)
        if words is not None and words.count("{}") == len(args):
            return words.format(*args)
        return f"the {node.name.replace('_', ' ')} of {_listed(args)}" if args else node.name.replace("_", " ")

    def argument(self, node: Any) -> str:
        text = self.value(node, inner=True)
        if isinstance(node, n.Name) and node.name not in NAME_WORDS and node.name not in self.lets \
                and node.name not in self.own and not text.startswith(("the ", "a ", "an ")):
            return f"the {text}"
        return text

    def negated(self, node: Any, inner: bool) -> str:
        if isinstance(node, n.Name) and f"not {node.name}" in self.own:
            return self.own[f"not {node.name}"]
        if isinstance(node, n.Binary) and node.op in COMPARE:
            flipped = {"=": "!=", "!=": "=", ">=": "<", "<=": ">", ">": "<=", "<": ">="}[node.op]
            return self.binary(n.Binary(flipped, node.left, node.right, node.pos), inner)
        if isinstance(node, n.Binary) and node.op in ("and", "or") and not _is_set(node, self):
            other = "or" if node.op == "and" else "and"
            return f"{self.negated(node.left, True)} {other} {self.negated(node.right, True)}"
        if isinstance(node, n.Not):
            return self.value(node.operand, inner)
        if isinstance(node, n.Name) and node.name in self.lets and not self.lets[node.name][0] \
                and node.name not in self.own and node.name not in self._inlining:
            self._inlining.append(node.name)
            try:
                return self.negated(self.lets[node.name][1], inner)
            finally:
                self._inlining.pop()
        return f"it is not so that {self.value(node, True)}"

    def binary(self, node: n.Binary, inner: bool) -> str:
        op, left, right = node.op, node.left, node.right
        special = self.pattern(node)
        if special is not None:
            return special
        if op in COMPARE:
            verb = COMPARE[op].replace("is", "are", 1) if _name_of(left) == "me" else COMPARE[op]
            return f"{self.value(left, inner)} {verb} {self.value(right, inner)}"
        if op in ARITHMETIC:
            return f"{self.part(left, op, inner)} {ARITHMETIC[op]} {self.part(right, op, inner)}"
        if op == "except" or (op in ("and", "or") and (_is_set(left, self) or _is_set(right, self))):
            text = self.cards_of(node)
            return text if text.startswith("the ") else f"the {text}"
        return f"{self.part(left, op, inner)} {op} {self.part(right, op, inner)}"

    def part(self, node: Any, op: str, inner: bool) -> str:
        """An operand, grouped where the reading would be ambiguous: in parentheses at the
        first level, by commas inside them."""
        text = self.value(node, True)
        if isinstance(node, n.Choose) or (isinstance(node, n.Binary) and node.op != op and node.op not in COMPARE
                                          and self.pattern(node) is None and not _is_set(node, self)):
            return text if inner else f"({text})"
        return text

    def pattern(self, node: n.Binary) -> str | None:
        """Conditions players say in their own way."""
        op, left, right = node.op, node.left, node.right
        if op in ("=", "!=") and isinstance(right, n.Name) and right.name in ("true", "false"):
            holds = (op == "=") == (right.name == "true")
            return self.value(left, True) if holds else self.negated(left, True)
        if op in ("=", "!=") and _names(left, right) == ("led", "trumps"):
            return "a trump was led" if op == "=" else "a trump was not led"
        if op in ("=", "!=") and all(isinstance(x, n.Call) and x.name == "team" and len(x.args) == 1 for x in (left, right)):
            who = {_name_of(left.args[0]), _name_of(right.args[0])}
            if who == {"winning", "me"}:
                return "your side is winning the trick" if op == "=" else "an opponent is winning the trick"
        if op in (">", ">=", "=", "!=") and isinstance(left, n.Call) and left.name == "count" and left.args \
                and isinstance(right, n.Num) and right.value in (0, 1):
            has = (op == ">" and right.value == 0) or (op == ">=" and right.value == 1) or (op == "!=" and right.value == 0)
            none = op == "=" and right.value == 0
            if has or none:
                cards = left.args[0]
                if isinstance(cards, n.Name) and cards.name not in SETS and cards.name not in self.lets:
                    return f"{self.pile(cards.name)} is {'not empty' if has else 'empty'}"
                held = _without_hand(cards)
                if held is not None:
                    return f"you hold {self.one(held)}" if has else f"you hold no {self.cards_of(held)}"
                return f"there is {self.one(cards)}" if has else f"there are no {self.cards_of(cards)}"
        if op in ("=", "!=") and isinstance(left, n.Call) and left.name == "tricks" and len(left.args) == 1 \
                and isinstance(right, n.Num) and right.value == 0:
            return f"{self.argument(left.args[0])} {'won no trick' if op == '=' else 'won a trick'}"
        if op in ("=", "!=") and isinstance(left, n.Call) and left.name == "shown" and len(left.args) == 1 \
                and isinstance(right, n.Num) and right.value == 0:
            me = _name_of(left.args[0]) == "me"
            who, has = ("you", "have") if me else (self.argument(left.args[0]), "has")
            return f"{who} {has} shown nothing" if op == "=" else f"{who} {has} shown cards"
        if op in ("=", "!=") and isinstance(right, n.Name) and right.name == "none":
            subject = self.value(left, True)
            if isinstance(left, n.Name) and left.name in self.marks and left.name not in self.own:
                return f"there is {'no' if op == '=' else 'a'} {_bare(subject)}"
            return f"{subject} is {'nobody' if op == '=' else 'somebody'}" if _is_seat(left, self.marks) else \
                f"there is {'no' if op == '=' else 'a'} {_bare(subject)}" if subject.startswith("the ") else \
                f"{subject} is {'none' if op == '=' else 'some'}"
        return None

    def choice(self, node: n.Choose, inner: bool) -> str:
        """'a if c else b', chained without nesting: 'a if c; otherwise b if d; otherwise e'."""
        parts, otherwise = [], node
        while isinstance(otherwise, n.Choose):
            parts.append(f"{self.value(otherwise.then, True)} if {self.value(otherwise.test, True)}")
            otherwise = otherwise.otherwise
        text = "; otherwise ".join(parts) + f"; otherwise {self.value(otherwise, True)}" if len(parts) > 1 else \
            f"{parts[0]}, otherwise {self.value(otherwise, True)}"
        return text if inner else f"({text})"

    def aggregate(self, node: n.Aggregate) -> str:
        over, many = {"seats": ("player", "players"), "teams": ("side", "sides"),
                      "tricks": ("trick played", "tricks played")}.get(node.domain, (node.domain, node.domain))
        where = f" where {self.value(node.condition, True)}" if node.condition is not None else ""
        if node.function == "count":
            return f"the number of {many}{where}"
        if node.function in ("any", "all"):
            return f"{self.value(node.element, True)} for {'some' if node.function == 'any' else 'every'} {over}{where}"
        word = {"sum": "the sum", "min": "the least", "max": "the greatest"}[node.function]
        return f"{word} of {self.value(node.element, True)} over every {over}{where}"

    # --- deals -------------------------------------------------------------------------------

    def deal_step(self, step: Any) -> str:
        if isinstance(step, n.Each):
            return f"{_cards(step.count, self)} to each player"
        if isinstance(step, n.EachBut):
            return f"{_cards(step.count, self)} to each player but {_amount(step.other, self)} to the {step.seat}"
        if isinstance(step, n.PileToSeat):
            return f"{self.pile(step.pile)} goes to {NAME_WORDS.get(step.seat, 'the ' + step.seat)}"
        if isinstance(step, n.ShowPile):
            return f"{self.pile(step.pile)} is turned face up for everyone to see"
        if isinstance(step, n.ToPile):
            return f"{_cards(step.count, self)} set aside" if step.pile in self.hidden else \
                f"{_cards(step.count, self)} to {self.pile(step.pile)}"
        if isinstance(step, n.RestTo):
            return "the other cards are set aside, unseen" if step.pile in self.hidden else \
                f"the other cards to {self.pile(step.pile)}"
        if isinstance(step, n.Repeat):
            return f"{_amount(step.times, self)} times over, {_listed([self.deal_step(s) for s in step.steps])}"
        return step.english()

    def pile(self, name: str) -> str:
        return "the cards set aside" if name in self.hidden else f"the {name.replace('_', ' ')}"


def _cards(count: Any, wording: Wording) -> str:
    return "1 card" if count == 1 else f"{_amount(count, wording)} cards"


def _amount(count: Any, wording: Wording) -> str:
    return str(count) if isinstance(count, int) else wording.value(count.expr)


def _plural(name: str) -> str:
    return name if name.endswith("s") or not name[:1].isalpha() else f"{name}es" if name.endswith("x") else f"{name}s"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def rank_codes(node: Any, ranks: dict[str, str]) -> list[str] | None:
    """The rank codes a set names when it is only ranks joined by 'or' (K or Q), else None."""
    if isinstance(node, n.Code) and node.text in ranks:
        return [node.text]
    if isinstance(node, n.Binary) and node.op == "or":
        left, right = rank_codes(node.left, ranks), rank_codes(node.right, ranks)
        return left + right if left is not None and right is not None else None
    return None


def _names(*nodes: Any) -> tuple[str, ...]:
    return tuple(sorted(node.name for node in nodes if isinstance(node, n.Name)))


def _name_of(node: Any) -> str | None:
    return node.name if isinstance(node, n.Name) else None


def _is_seat(node: Any, marks: dict[str, str] | None = None) -> bool:
    if isinstance(node, n.Name) and (marks or {}).get(node.name) == "seat":
        return True
    return isinstance(node, n.Name) and node.name in ("dealer", "taker", "winning", "leader", "last_trick", "me",
                                                      "dummy", "partner") or \
        isinstance(node, n.Call) and node.name in ("holder", "next", "previous", "most_tricks", "trick_winner", "seat")


def _is_set(node: Any, wording: Wording) -> bool:
    if isinstance(node, n.Code):
        return True
    if isinstance(node, n.Name):
        return node.name in SETS or node.name in wording.hidden or node.name in getattr(wording.deck, "pile_names", ())
    if isinstance(node, n.Call):
        return node.name in SETS
    if isinstance(node, n.Binary) and node.op in ("and", "or", "except"):
        return _is_set(node.left, wording) or _is_set(node.right, wording)
    return False


def _without_hand(node: Any) -> Any:
    """``hand and X`` as X (the cards the player holds of X); None when the set is not in hand."""
    if isinstance(node, n.Name) and node.name == "hand":
        return n.Name("any", node.pos)
    if isinstance(node, n.Binary) and node.op == "and":
        if isinstance(node.left, n.Name) and node.left.name == "hand":
            return node.right
        if isinstance(node.right, n.Name) and node.right.name == "hand":
            return node.left
        inner = _without_hand(node.left)
        if inner is not None:
            return n.Binary("and", inner, node.right, node.pos)
    return None


def _trick_number(node: Any) -> str | None:
    """A trick by its number: 1 the first, -1 the last, -2 the one before."""
    if isinstance(node, n.Num):
        k = int(node.value)
        return "the first trick" if k == 1 else f"trick {k}"
    if isinstance(node, n.Negate) and isinstance(node.operand, n.Num):
        k = int(node.operand.value)
        return "the last trick" if k == 1 else "the trick before the last" if k == 2 else f"the {k}th trick from the end"
    return None


def _brief(name: str) -> str:
    """A card's own name without its closing "(…)", which the page gives where it lists the
    names: 'Jester (Queen of Stars)' reads 'Jester' inside a sentence."""
    return name[:name.rindex(" (")] if name.endswith(")") and " (" in name else name


def _bare(phrase: str) -> str:
    return phrase.removeprefix("the ")


def wording_for(doc: dict, deck: Any, language: str = "en") -> Wording:
    """The Wording of a rule file (a valid one: its rule strings parse)."""
    cards = doc.get("cards") or {}
    ranks = {}
    for own in (cards.get("suit ranks") or {}).values():
        ranks.update(names_in(own, language))
    ranks.update(names_in(cards.get("ranks"), language))
    lets = {}
    for key, value in (doc.get("let") or {}).items():
        base, _, params = str(key).partition("(")
        try:
            lets[base.strip()] = (tuple(p.strip() for p in params.rstrip(")").split(",") if p.strip()), parse(str(value), "expr"))
        except SyntaxProblem:
            continue
    marks = {str(name): str(spec.get("type", "seat") if isinstance(spec, dict) else spec)
             for name, spec in (doc.get("marks") or {}).items()}
    return Wording(deck, ranks, lets, dict(doc.get("words") or {}), hidden_piles(doc), language, marks)


def hidden_piles(doc: dict) -> frozenset[str]:
    """The piles a player never sees nor hears of: seen by nobody, and named by no rule but the
    deal that fills them (no card shown from them, taken, drawn, discarded or swapped into them)."""
    unseen = {str(name) for name, spec in (doc.get("piles") or {}).items()
              if isinstance(spec, dict) and spec.get("seen by", "nobody") == "nobody"}
    named = set(map(str, (doc.get("play") or {}).get("draw") or ()))
    named |= {str(spec.get("to")) for spec in (doc.get("transfers") or {}).values() if isinstance(spec, dict)}
    named |= {str((spec.get("swap") or {}).get("with")) for spec in ((doc.get("play") or {}).get("actions") or {}).values()
              if isinstance(spec, dict)}
    for string in rule_strings(doc):
        if tuple(string.path) != ("deal",):
            named |= {pile for pile in unseen if re.search(rf"\b{re.escape(pile)}\b", str(string.text))}
    return frozenset(unseen - named)
