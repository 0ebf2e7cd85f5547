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
from .translation import N_, translation

# Built-in names as a noun phrase in a sentence.
NAME_WORDS = {
    "dealer": N_("the dealer"), "taker": N_("the taker"), "me": N_("you"), "leader": N_("the player who led the trick"),
    "winning": N_("the player winning the trick"), "last_trick": N_("the winner of the last trick"),
    "trump_suit": N_("the trump suit"), "led_card": N_("the card led"), "tricks_played": N_("the number of tricks played"),
    "deal_number": N_("the number of the deal"), "last_round": N_("the last trick is being played"),
    "scheduled": N_("the number of cards scheduled for this deal"), "players": N_("the number of players"),
    "contract": N_("the value of the contract"), "call_number": N_("the number called"), "call_suit": N_("the suit called"),
    "doubled": N_("the number of doublings"), "dummy": N_("the dummy"), "partner": N_("the partner"),
    "none": N_("nobody"), "true": N_("always"), "false": N_("never"), "it": N_("it"), "suit": N_("the suit"), "seat": N_("the player"),
    "team": N_("the side"), "card": N_("the card"),
}
# Built-in functions: a phrase with {} for each argument.
CALL_WORDS = {
    "next": N_("the player after {}"), "previous": N_("the player before {}"), "team": N_("the side of {}"),
    "suit_of": N_("the suit of {}"), "took_all": N_("the side that won every trick"), "count": N_("the number of {}"),
    "tricks": N_("the number of tricks won by {}"), "points": N_("the card points won by {}"), "seat": N_("seat {}"),
    "holder": N_("the player dealt {}"), "other": N_("the side other than {}"), "melds": N_("the meld points of {}"),
    "shown": N_("the points shown by {}"), "won": N_("the cards won by {}"), "dealt": N_("the cards dealt to {}"),
    "card_points": N_("the card points of {}"), "most_tricks": N_("the player with the most tricks"),
    "best_meld": N_("the side with the best meld"), "max_score": N_("the highest match score"),
    "min_score": N_("the lowest match score"), "trick_cards": N_("the cards of trick {}"), "trick_led": N_("the card that led trick {}"),
    "trick_winner": N_("the winner of trick {}"), "floor": N_("{} rounded down"), "ceil": N_("{} rounded up"), "bid": N_("the bid of {}"),
    "streak": N_("the number of tricks in a row {} won at the end"), "trump_run": N_("the number of top trumps among {}"),
    "suit_cards": N_("the cards of {}"), "seat_number": N_("the number of {}"), "suit_number": N_("the number of {}"),
}
# Card sets by name, as a plural noun phrase and as one card.
TRICK_WORDS = {"trick_cards": N_("the cards of {trick}"), "trick_led": N_("the card that led {trick}"),
               "trick_winner": N_("the winner of {trick}")}
"""A trick's cards, lead and winner, named by the trick's number."""

SET_WORDS = {
    "any": (N_("cards"), N_("any card")), "led": (N_("cards of the suit led"), N_("a card of the suit led")),
    "trumps": (N_("trumps"), N_("a trump")), "hand": (N_("cards in your hand"), N_("a card in your hand")),
    "beating": (N_("cards that beat the card winning the trick"), N_("a card that beats the card winning the trick")),
    "played": (N_("cards played"), N_("a card played")), "trick": (N_("cards in the trick"), N_("a card in the trick")),
    "nothing": (N_("no card"), N_("no card")), "led_card": (N_("the card led"), N_("the card led")),
}
SETS = set(SET_WORDS) | {"won", "dealt", "trick_cards", "trick_led", "suit_cards"}
LONGEST_INLINE = 80      # a let whose words are longer is named where it is used, and defined once
COMPARE = {"=": N_("{left} is {right}"), "!=": N_("{left} is not {right}"), ">=": N_("{left} is at least {right}"),
           "<=": N_("{left} is at most {right}"), ">": N_("{left} is more than {right}"),
           "<": N_("{left} is less than {right}")}
COMPARE_YOU = {"=": N_("you are {right}"), "!=": N_("you are not {right}"), ">=": N_("you are at least {right}"),
               "<=": N_("you are at most {right}"), ">": N_("you are more than {right}"),
               "<": N_("you are less than {right}")}
ARITHMETIC = {"+": N_("{left} plus {right}"), "-": N_("{left} minus {right}"), "*": N_("{left} times {right}"),
              "/": N_("{left} divided by {right}"), "%": N_("{left} modulo {right}")}


class Wording:
    """How the rules of one rule file read: built from its deck, its lets and its own words
    (``words:``), in one language: its templates from the catalogue (``translation.py``), and
    the names and words the rule file gives in that language."""

    def __init__(self, deck: Any, ranks: dict[str, str], lets: dict[str, tuple[tuple[str, ...], Any]],
                 own: dict[str, Any], hidden_piles: frozenset[str] = frozenset(), language: str = "en",
                 marks: dict[str, str] | None = None):
        self.deck, self.ranks, self.lets, self.hidden, self.language = deck, ranks, lets, hidden_piles, language
        self.marks = marks or {}
        self.brief_repeats = False              # the page's: an own phrase's "(…)" only where first used
        self._said: set[str] = set()
        self.terms: dict[str, str] = {}          # lets too long to say where they are used: named, defined once
        self.t = translation(language)
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
            return self.listed([self.t("the {rank}", rank=self.ranks[c]) for c in rank_codes(tree, self.ranks)])
        return self.say(tree)

    def clause(self, clause: n.Clause) -> str:
        """A follow (or lead) clause: what it asks the player to play, and when."""
        what = self.one(clause.select)
        return self.t("{card}, when {condition}", card=what, condition=self.value(clause.when)) \
            if clause.when is not None else what

    def play(self, select: Any) -> str:
        """What a clause asks for, as an order: 'follow suit', 'play a trump', 'play any card'."""
        if isinstance(select, n.Name) and select.name == "led":
            return self.t("follow suit")
        return self.t("play {card}", card=self.one(select))

    def order(self, order: n.Order) -> str:
        tiers = [self.t(" and ").join(self.card_word(ref.code) for ref in tier) for tier in order.tiers]
        return ", ".join(self.t("{cards}, equal", cards=text) if len(tier) > 1 else text
                         for text, tier in zip(tiers, order.tiers))

    def deal(self, deal: n.Deal) -> str:
        return self.t(", then ").join(self.deal_step(step) for step in deal.steps)

    # --- card sets ---------------------------------------------------------------------------

    def card_word(self, code: str) -> str:
        """A code of an order or a set, by the deck's names: a card, every card of a rank, a suit."""
        if code in self.cards:
            return self.t("the {card}", card=_brief(self.cards[code]))
        if code in self.ranks:
            return _plural(self.ranks[code]) if self.language == "en" else self.ranks[code]
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
                return self.t(SET_WORDS[node.name][0])
            if node.name in self.hidden:
                return self.t("the cards set aside")
            if node.name in self.lets or node.name in self.own:
                return self.value(node)
            return self.t("the cards of {pile}", pile=self.pile(node.name))
        if isinstance(node, n.Binary) and node.op == "and":
            ranks = rank_codes(node.right, self.ranks) or rank_codes(node.left, self.ranks)
            suit = node.left if rank_codes(node.right, self.ranks) else node.right
            if ranks and self.suitlike(suit):
                names = [self.t("the {rank}", rank=self.ranks[r]) for r in ranks]
                return self.t("{ranks} of {suit}", ranks=self.listed(names), suit=self.cards_of(suit))
            for a, b in ((node.left, node.right), (node.right, node.left)):
                if isinstance(b, n.Name) and b.name == "beating":
                    return self.t("{cards} that beat the card winning the trick", cards=self.cards_of(a))
                if isinstance(b, n.Name) and b.name == "hand":
                    return self.t("{cards} in your hand", cards=self.cards_of(a))
            return self.t("{cards} among {others}", cards=self.cards_of(node.left), others=self.cards_of(node.right))
        if isinstance(node, n.Binary) and node.op == "or":
            return self.t("{cards} and {others}", cards=self.cards_of(node.left), others=self.cards_of(node.right))
        if isinstance(node, n.Binary) and node.op == "except":
            return self.t("{cards} other than {others}", cards=self.cards_of(node.left), others=self.cards_of(node.right))
        return self.value(node)

    def suitlike(self, node: Any) -> bool:
        """A set that is one suit's cards: the trumps, the suit led, a suit by its code."""
        return isinstance(node, n.Name) and node.name in ("trumps", "led") or \
            isinstance(node, n.Code) and node.text in self.suits or isinstance(node, n.Call) and node.name == "suit_cards"

    def one(self, node: Any) -> str:
        """A card set as one card of it: 'a trump', 'a trump that beats the card winning the
        trick', 'any card other than a trump, or a trump that beats …'."""
        t = self.t
        if isinstance(node, n.Name) and node.name in SET_WORDS:
            return t(SET_WORDS[node.name][1])
        if isinstance(node, n.Binary) and node.op == "and":
            for a, b in ((node.left, node.right), (node.right, node.left)):
                if isinstance(b, n.Name) and b.name == "beating" and isinstance(a, n.Name) and a.name in SET_WORDS:
                    return t("{card} that beats the card winning the trick", card=t(SET_WORDS[a.name][1]))
            for a, b in ((node.left, node.right), (node.right, node.left)):
                ranks = rank_codes(b, self.ranks)
                if ranks and self.suitlike(a):
                    return t("{ranks} of {suit}", ranks=t(" or ").join(t("the {rank}", rank=self.ranks[r]) for r in ranks),
                             suit=self.cards_of(a))
        if isinstance(node, n.Binary) and node.op == "or":
            return t("{card}, or {other}", card=self.one(node.left), other=self.one(node.right))
        if isinstance(node, n.Binary) and node.op == "except":
            return t("{card} other than {others}", card=self.one(node.left), others=self.one(node.right))
        cards = self.cards_of(node)
        return t("one of {cards}", cards=cards) if cards.startswith(t("the ").strip() + " ") else \
            t("one of the {cards}", cards=cards)

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
            return self.t("minus {value}", value=self.value(node.operand, inner))
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
            return self.name_term(name)
        if name in NAME_WORDS:
            return self.t(NAME_WORDS[name])
        if name == "nothing":
            return self.t("no card")
        if name in SET_WORDS:
            return self.t("the {cards}", cards=self.t(SET_WORDS[name][0]))
        if name in self.hidden:
            return self.t("the cards set aside")
        return name.replace("_", " ")

    def inlined(self, name: str, tree: Any) -> str:
        """A let without words of its own reads as what it stands for (once: a let that
        leads back to itself keeps its name)."""
        term = self.name_term(name)
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
        """A name of the rule file's own (a let, a mark, a pile) as a term of the page."""
        return self.t("the {name}", name=name.replace("_", " "))

    def call(self, node: n.Call) -> str:
        args = [self.argument(a) for a in node.args]
        key = f"{node.name}({', '.join(self.lets[node.name][0])})" if node.name in self.lets else ""
        own = self.phrase(key) if key in self.own else None
        if own is not None:
            return own.format(*args) if "{}" in own else own
        t = self.t
        if node.name in self.lets:
            return t("{term} of {values}", term=self.name_term(node.name), values=self.listed(args))
        if node.name in TRICK_WORDS and node.args:
            which = _trick_number(node.args[0], t)
            if which is not None:
                return t(TRICK_WORDS[node.name], trick=which)
        if node.name == "count" and node.args:
            return t("the number of {cards}", cards=self.cards_of(node.args[0]))
        if node.name == "holder" and node.args:
            return t("the player dealt {cards}", cards=self.cards_of(node.args[0]))
        if node.name == "team" and node.args and isinstance(node.args[0], n.Name) and node.args[0].name == "me":
            return t("your side")
        words = CALL_WORDS.get(node.name)
        if words is not None and words.count("{}") == len(args):
            return t(words).format(*args)
        return t("{term} of {values}", term=self.name_term(node.name), values=self.listed(args)) if args else \
            node.name.replace("_", " ")

    def argument(self, node: Any) -> str:
        text = self.value(node, inner=True)
        if isinstance(node, n.Name) and node.name not in NAME_WORDS and node.name not in self.lets \
                and node.name not in self.own and not text.startswith(("the ", "a ", "an ")):
            return self.t("the {name}", name=text)
        return text

    def negated(self, node: Any, inner: bool) -> str:
        if isinstance(node, n.Name) and f"not {node.name}" in self.own:
            return self.own[f"not {node.name}"]
        if isinstance(node, n.Binary) and node.op in COMPARE:
            flipped = {"=": "!=", "!=": "=", ">=": "<", "<=": ">", ">": "<=", "<": ">="}[node.op]
            return self.binary(n.Binary(flipped, node.left, node.right, node.pos), inner)
        if isinstance(node, n.Binary) and node.op in ("and", "or") and not _is_set(node, self):
            joined = N_("{left} or {right}") if node.op == "and" else N_("{left} and {right}")
            return self.t(joined, left=self.negated(node.left, True), right=self.negated(node.right, True))
        if isinstance(node, n.Not):
            return self.value(node.operand, inner)
        if isinstance(node, n.Name) and node.name in self.lets and not self.lets[node.name][0] \
                and node.name not in self.own and node.name not in self._inlining:
            self._inlining.append(node.name)
            try:
                return self.negated(self.lets[node.name][1], inner)
            finally:
                self._inlining.pop()
        return self.t("it is not so that {condition}", condition=self.value(node, True))

    def binary(self, node: n.Binary, inner: bool) -> str:
        op, left, right = node.op, node.left, node.right
        special = self.pattern(node)
        if special is not None:
            return special
        if op in COMPARE:
            if _name_of(left) == "me":
                return self.t(COMPARE_YOU[op], right=self.value(right, inner))
            return self.t(COMPARE[op], left=self.value(left, inner), right=self.value(right, inner))
        if op in ARITHMETIC:
            return self.t(ARITHMETIC[op], left=self.part(left, op, inner), right=self.part(right, op, inner))
        if op == "except" or (op in ("and", "or") and (_is_set(left, self) or _is_set(right, self))):
            text = self.cards_of(node)
            return text if text.startswith("the ") or self.language != "en" else f"the {text}"
        if op not in ("and", "or"):
            return f"{self.part(left, op, inner)} {op} {self.part(right, op, inner)}"
        joined = N_("{left} and {right}") if op == "and" else N_("{left} or {right}")
        return self.t(joined, left=self.part(left, op, inner), right=self.part(right, op, inner))

    def part(self, node: Any, op: str, inner: bool) -> str:
        """An operand, grouped where the reading would be ambiguous: in parentheses at the
        first level, by commas inside them."""
        text = self.value(node, True)
        if isinstance(node, n.Choose) or (isinstance(node, n.Binary) and node.op != op and node.op not in COMPARE
                                          and self.pattern(node) is None and not _is_set(node, self)):
            return text if inner else f"({text})"
        return text

    def listed(self, items: list[str]) -> str:
        """'A, B and C' in the page's language."""
        if len(items) < 2:
            return "".join(items)
        return self.t("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])

    def pattern(self, node: n.Binary) -> str | None:
        """Conditions players say in their own way."""
        t = self.t
        op, left, right = node.op, node.left, node.right
        if op in ("=", "!=") and isinstance(right, n.Name) and right.name in ("true", "false"):
            holds = (op == "=") == (right.name == "true")
            return self.value(left, True) if holds else self.negated(left, True)
        if op in ("=", "!=") and _names(left, right) == ("led", "trumps"):
            return t("a trump was led") if op == "=" else t("a trump was not led")
        if op in ("=", "!=") and all(isinstance(x, n.Call) and x.name == "team" and len(x.args) == 1 for x in (left, right)):
            who = {_name_of(left.args[0]), _name_of(right.args[0])}
            if who == {"winning", "me"}:
                return t("your side is winning the trick") if op == "=" else t("an opponent is winning the trick")
        if op in (">", ">=", "=", "!=") and isinstance(left, n.Call) and left.name == "count" and left.args \
                and isinstance(right, n.Num) and right.value in (0, 1):
            has = (op == ">" and right.value == 0) or (op == ">=" and right.value == 1) or (op == "!=" and right.value == 0)
            none = op == "=" and right.value == 0
            if has or none:
                cards = left.args[0]
                if isinstance(cards, n.Name) and cards.name not in SETS and cards.name not in self.lets:
                    pile = self.pile(cards.name)
                    return t("{pile} is not empty", pile=pile) if has else t("{pile} is empty", pile=pile)
                held = _without_hand(cards)
                if held is not None:
                    return t("you hold {card}", card=self.one(held)) if has else \
                        t("you hold no {cards}", cards=self.cards_of(held))
                return t("there is {card}", card=self.one(cards)) if has else \
                    t("there are no {cards}", cards=self.cards_of(cards))
        if op in ("=", "!=") and isinstance(left, n.Call) and left.name == "tricks" and len(left.args) == 1 \
                and isinstance(right, n.Num) and right.value == 0:
            who = self.argument(left.args[0])
            return t("{who} won no trick", who=who) if op == "=" else t("{who} won a trick", who=who)
        if op in ("=", "!=") and isinstance(left, n.Call) and left.name == "shown" and len(left.args) == 1 \
                and isinstance(right, n.Num) and right.value == 0:
            if _name_of(left.args[0]) == "me":
                return t("you have shown nothing") if op == "=" else t("you have shown cards")
            who = self.argument(left.args[0])
            return t("{who} has shown nothing", who=who) if op == "=" else t("{who} has shown cards", who=who)
        if op in ("=", "!=") and isinstance(right, n.Name) and right.name == "none":
            subject = self.value(left, True)
            if isinstance(left, n.Name) and left.name in self.marks and left.name not in self.own:
                bare = left.name.replace("_", " ")
                return t("there is no {thing}", thing=bare) if op == "=" else t("there is a {thing}", thing=bare)
            if _is_seat(left, self.marks):
                return t("{who} is nobody", who=subject) if op == "=" else t("{who} is somebody", who=subject)
            if subject.startswith("the "):
                return t("there is no {thing}", thing=_bare(subject)) if op == "=" else \
                    t("there is a {thing}", thing=_bare(subject))
            return t("{thing} is none", thing=subject) if op == "=" else t("{thing} is some", thing=subject)
        return None

    def choice(self, node: n.Choose, inner: bool) -> str:
        """'a if c else b', chained without nesting: 'a if c; otherwise b if d; otherwise e'."""
        t = self.t
        parts, otherwise = [], node
        while isinstance(otherwise, n.Choose):
            parts.append(t("{value} if {condition}", value=self.value(otherwise.then, True),
                           condition=self.value(otherwise.test, True)))
            otherwise = otherwise.otherwise
        last = self.value(otherwise, True)
        text = t("{choices}; otherwise {value}", choices=t("; otherwise ").join(parts), value=last) if len(parts) > 1 \
            else t("{choice}, otherwise {value}", choice=parts[0], value=last)
        return text if inner else f"({text})"

    def aggregate(self, node: n.Aggregate) -> str:
        t = self.t
        over, many = {"seats": (N_("player"), N_("players")), "teams": (N_("side"), N_("sides")),
                      "tricks": (N_("trick played"), N_("tricks played"))}.get(node.domain, (node.domain, node.domain))
        over, many = t(over), t(many)
        condition = self.value(node.condition, True) if node.condition is not None else None
        if node.function == "count":
            return t("the number of {many} where {condition}", many=many, condition=condition) \
                if condition is not None else t("the number of {many}", many=many)
        value = self.value(node.element, True)
        if node.function in ("any", "all"):
            fields = dict(value=value, one=over, condition=condition)
            if node.function == "any":
                return t("{value} for some {one} where {condition}", **fields) if condition is not None else \
                    t("{value} for some {one}", **fields)
            return t("{value} for every {one} where {condition}", **fields) if condition is not None else \
                t("{value} for every {one}", **fields)
        word = {"sum": N_("the sum of {value} over every {one}"), "min": N_("the least of {value} over every {one}"),
                "max": N_("the greatest of {value} over every {one}")}[node.function]
        text = t(word, value=value, one=over)
        return t("{value} where {condition}", value=text, condition=condition) if condition is not None else text

    # --- deals -------------------------------------------------------------------------------

    def deal_step(self, step: Any) -> str:
        t = self.t
        if isinstance(step, n.Each):
            return t("{cards} to each player", cards=_cards(step.count, self))
        if isinstance(step, n.EachBut):
            return t("{cards} to each player but {other} to {seat}", cards=_cards(step.count, self),
                     other=_amount(step.other, self), seat=self.name(step.seat))
        if isinstance(step, n.PileToSeat):
            return t("{pile} goes to {seat}", pile=self.pile(step.pile), seat=self.name(step.seat))
        if isinstance(step, n.ShowPile):
            return t("{pile} is turned face up for everyone to see", pile=self.pile(step.pile))
        if isinstance(step, n.ToPile):
            return t("{cards} set aside", cards=_cards(step.count, self)) if step.pile in self.hidden else \
                t("{cards} to {pile}", cards=_cards(step.count, self), pile=self.pile(step.pile))
        if isinstance(step, n.RestTo):
            return t("the other cards are set aside, unseen") if step.pile in self.hidden else \
                t("the other cards to {pile}", pile=self.pile(step.pile))
        if isinstance(step, n.Repeat):
            return t("{times} times over, {steps}", times=_amount(step.times, self),
                     steps=self.listed([self.deal_step(s) for s in step.steps]))
        return step.english()

    def pile(self, name: str) -> str:
        return self.t("the cards set aside") if name in self.hidden else self.name_term(name)


def _cards(count: Any, wording: Wording) -> str:
    if isinstance(count, int):
        return wording.t.plural("{n} card", "{n} cards", count)
    return wording.t("{amount} cards", amount=_amount(count, wording))


def _amount(count: Any, wording: Wording) -> str:
    return str(count) if isinstance(count, int) else wording.value(count.expr)


def _plural(name: str) -> str:
    return name if name.endswith("s") or not name[:1].isalpha() else f"{name}es" if name.endswith("x") else f"{name}s"


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


def _trick_number(node: Any, t: Any) -> str | None:
    """A trick by its number: 1 the first, -1 the last, -2 the one before."""
    if isinstance(node, n.Num):
        k = int(node.value)
        return t("the first trick") if k == 1 else t("trick {k}", k=k)
    if isinstance(node, n.Negate) and isinstance(node.operand, n.Num):
        k = int(node.operand.value)
        return t("the last trick") if k == 1 else t("the trick before the last") if k == 2 else \
            t("the {k}th trick from the end", k=k)
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
    words = Wording(deck, ranks, lets, dict(doc.get("words") or {}), hidden_piles(doc), language, marks)
    if language != "en":
        words.suits = names_in(cards.get("suits"), language)
        own = {str(s): names_in(r, language) for s, r in (cards.get("suit ranks") or {}).items()}
        plain = names_in(cards.get("ranks"), language)
        named = names_in(cards.get("names"), language) | names_in(cards.get("extra"), language)
        for i, code in enumerate(deck.codes):
            if code in named:
                words.cards[code] = named[code]
            elif deck.suit_of[i] >= 0:
                suit = deck.suit_codes[deck.suit_of[i]]
                rank = own.get(suit, {}).get(deck.rank_of[i]) or plain.get(deck.rank_of[i], deck.rank_of[i])
                words.cards[code] = words.t("{rank} of {suit}", rank=rank, suit=words.suits.get(suit, suit))
    return words


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
