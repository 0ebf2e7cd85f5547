"""Compiles rule-language expressions into small functions of the game state.

Each expression is type-checked once, at load time, and becomes a closure
``f(state) -> value``; nothing is parsed or looked up by name during play.
Types: ``num`` (exact Fraction or int), ``bool``, ``seat``, ``team``, ``set`` (card bitmask)
and ``none`` (no seat or team: compares equal only to itself).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
from operator import attrgetter
from fractions import Fraction
from typing import Any, Callable

from . import nodes as n
from .cards import Deck, Points
from .errors import rule_failure
from .tricks import TRUMPS_LED, TrickRule

Fn = Callable[[Any], Any]


class ExprProblem(ValueError):
    """A rule-language expression that is well formed but means nothing here."""

    def __init__(self, message: str, pos: n.Pos, hint: str = ""):
        super().__init__(message)
        self.message, self.pos, self.hint = message, pos, hint


@dataclass(frozen=True)
class Compiled:
    fn: Fn
    type: str


TYPE_WORDS = {"num": "a number", "bool": "a condition", "seat": "a seat", "team": "a team",
              "set": "a set of cards", "suit": "a suit", "none": "none"}


@dataclass(frozen=True)
class Builtin:
    """A built-in name or function, with the example and English shown in the docs."""

    params: tuple[str, ...] | None      # None: a plain name; else accepted type per argument ("seat|team")
    returns: str
    english: str
    example: str
    make: Callable[..., Fn] = field(repr=False)


@dataclass
class Scope:
    """What expressions may refer to: the game's tables and names defined with ``let``."""

    deck: Deck
    trick_rule: TrickRule
    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]
    points: Points
    players: int
    pile_names: tuple[str, ...] = ()
    draw_piles: tuple[int, ...] = ()
    mark_names: tuple[str, ...] = ()
    mark_types: tuple[str, ...] = ()
    lets: dict[str, Compiled] = field(default_factory=dict)
    functions: dict[str, tuple[str, Compiled]] = field(default_factory=dict)  # name -> (parameter type, body)
    bound: dict[str, str] = field(default_factory=dict)  # names bound by the context, e.g. 'it', 'suit'
    counters: dict[str, tuple[int, str]] = field(default_factory=dict)
    rankings: tuple[str, ...] = ()                   # names of the rankings a call may choose  # name -> (index, 'seat' or 'team')


def _streak(state, seat) -> int:
    run = 0
    for winner in reversed(state.winners):
        if winner != seat:
            break
        run += 1
    return run


def _bid(state, seat) -> Any:
    for who, action, value in reversed(state.bids):
        if who == seat and action.kind in ("call", "hold"):
            return value
    return 0


def _trump_run(state, cards: int) -> int:
    """The unbroken run of top trumps in ``cards``: the trump cards ranked as in tricks (of
    two equal trumps the trump suit's own card first)."""
    rule, trump, trumps = state.rule, state.trump, state.trumps
    suit_of = rule.suit_of
    ranked = sorted((c for c in range(len(suit_of)) if trumps >> c & 1),
                    key=lambda c: rule.trump_strength[c] * 2 + (suit_of[c] == trump), reverse=True)
    run = 0
    for card in ranked:
        if not cards >> card & 1:
            break
        run += 1
    return run


def _most_tricks(state):
    """The seat with the most tricks; on equal counts the one that reached it first."""
    best = max(state.tricks)
    if best == 0:
        return None
    counts = [0] * len(state.tricks)
    for winner in state.winners:
        if winner >= 0:
            counts[winner] += 1
            if counts[winner] == best:
                return winner
    return None


def _best_meld(state):
    """The team of the best meld (points, top card, in trump); none on a tie between teams."""
    best, team = (0, -1, False), None
    for seat, key in enumerate(state.meld_best):
        if key is None or key[0] == 0:
            continue
        if key > best:
            best, team = key, state.team_of[seat]
        elif key == best and state.team_of[seat] != team:
            team = None
    return team


def _builtins(scope: Scope) -> dict[str, Builtin]:
    deck, players, draw_piles = scope.deck, scope.players, scope.draw_piles
    everything = deck.all
    points = scope.points

    def led(state):
        suit = state.rule.led_suit(state.trick, state.trump, state.trumps)
        if suit < 0:
            return 0
        return state.trumps if suit == state.trump or suit == TRUMPS_LED else deck.suit_masks[suit] & ~state.trumps

    def winning(state):
        if not state.trick:
            return None
        at = state.rule.winner(state.trick, state.trump, state.trumps)
        return None if at < 0 else state.trick_seats[at]

    def per_seat(kind: str, arg: Fn, read: Callable[[Any], list]) -> Fn:
        """A seat's entry of a per-seat list of the state, or the sum over a team's seats
        (0 for none). One seat reads its entry directly: no tuple, generator or sum()."""
        if kind == "team":
            def of_team(s):
                t = arg(s)
                if t is None:
                    return 0
                row = read(s)
                return sum(row[x] for x in s.teams[t])
            return of_team
        return lambda s: 0 if (x := arg(s)) is None else read(s)[x]

    def make_tricks(kind: str, a: Fn) -> Fn:
        return per_seat(kind, a, attrgetter("tricks"))

    def make_points(kind: str, a: Fn) -> Fn:
        """Card points won, kept by the state as it goes (scaled integers: see Points)."""
        scored = per_seat(kind, a, attrgetter("scored"))
        if points.scale == 1:
            return scored
        return lambda s: Fraction(scored(s), points.scale)

    def make_won(kind: str, a: Fn) -> Fn:
        return per_seat(kind, a, attrgetter("won"))

    def make_melds(kind: str, a: Fn) -> Fn:
        return per_seat(kind, a, attrgetter("melds"))

    def make_holder(a: Fn) -> Fn:
        def holder(s):
            cards = a(s)
            for seat, hand in enumerate(s.dealt):
                if cards and hand & cards == cards:
                    return seat
            return None
        return holder

    def make_shown(kind: str, a: Fn) -> Fn:
        return per_seat(kind, a, attrgetter("shown"))

    def took_all(s):
        if not s.winners or -1 in s.winners:
            return None
        team_of = s.team_of
        first = team_of[s.winners[0]]
        return first if all(team_of[w] == first for w in s.winners) else None

    def past(pick: Callable[[Any, int], Any]) -> Callable[[Fn], Fn]:
        """A function of trick n of the deal: 1 is the first, -1 the last, -2 the one before."""
        def make(a: Fn) -> Fn:
            def at(s):
                n = int(a(s))
                count = len(s.past)
                index = n - 1 if n > 0 else count + n
                return pick(s, index) if n != 0 and 0 <= index < count else None
            return at
        return make

    def last_round(s) -> bool:
        if any(s.piles[p] for p in draw_piles):
            return False
        held = sum(h.bit_count() for seat, h in enumerate(s.hands) if seat != s.out)
        return held + len(s.trick) <= players - (s.out is not None)

    def suit_of(a: Fn) -> Fn:
        def first_suit(s):
            cards = a(s)
            if not cards:
                return None
            suit = deck.suit_of[(cards & -cards).bit_length() - 1]
            return None if suit < 0 else suit
        return first_suit

    def other(a: Fn) -> Fn:
        return lambda s: None if (t := a(s)) is None else (t + 1) % len(s.teams)

    def seat_number(a: Fn) -> Fn:
        return lambda s: int(a(s)) % players

    def match_score(pick) -> Fn:
        return lambda s: pick(s.match_scores) if s.match_scores else 0

    b = {
        "dealer": Builtin(None, "seat", "the dealer", "next(dealer)", lambda: lambda s: s.dealer),
        "me": Builtin(None, "seat", "the player to act", "team(me) = team(winning)", lambda: lambda s: s.current),
        "leader": Builtin(None, "seat", "the player who led the current trick", "leader = me",
                          lambda: lambda s: s.leader),
        "winning": Builtin(None, "seat", "the player whose card is winning the trick so far (none if it is spoiled or empty)",
                           "team(winning) = team(me)", lambda: winning),
        "none": Builtin(None, "none", "no seat or team", "winner != none", lambda: lambda s: None),
        "true": Builtin(None, "bool", "always", "true", lambda: lambda s: True),
        "false": Builtin(None, "bool", "never", "false", lambda: lambda s: False),
        "any": Builtin(None, "set", "any card", "any", lambda: lambda s: everything),
        "nothing": Builtin(None, "set", "no card: the empty set", "stock if contract < 6 else nothing",
                           lambda: lambda s: 0),
        "hand": Builtin(None, "set", "the cards the player to act holds", "count(hand and trumps) > 0",
                        lambda: lambda s: 0 if s.current is None else s.hands[s.current]),
        "led": Builtin(None, "set", "the cards of the suit led", "led and beating", lambda: led),
        "trumps": Builtin(None, "set", "the cards of the trump suit", "trumps when led = trumps",
                          lambda: lambda s: s.trumps),
        "beating": Builtin(None, "set", "the cards that would win the trick as it stands", "led and beating",
                           lambda: lambda s: s.rule.beating(s.trick, s.trump, s.trumps, everything)),
        "tricks_played": Builtin(None, "num", "the number of tricks played so far", "tricks_played = 0",
                                 lambda: lambda s: len(s.winners)),
        "last_trick": Builtin(None, "seat", "the winner of the last trick (none if it was spoiled)",
                              "team(last_trick)", lambda: lambda s: s.winners[-1] if s.winners and s.winners[-1] >= 0 else None),
        "next": Builtin(("seat",), "seat", "the next player in the direction of play", "next(dealer)",
                        lambda a: lambda s: None if (x := a(s)) is None else (x + 1) % players),
        "team": Builtin(("seat",), "team", "the team of a seat", "team(winner)",
                        lambda a: lambda s: None if (x := a(s)) is None else s.team_of[x]),
        "tricks": Builtin(("seat|team",), "num", "the number of tricks a seat or team has won", "tricks(winner) >= 2",
                          make_tricks),
        "points": Builtin(("seat|team",), "num", "the card points a seat or team has won in tricks", "points(it)",
                          make_points),
        "streak": Builtin(("seat",), "num", "how many tricks in a row a seat won at the end of the play (0 if it did not win the last)",
                          "streak(winner) = tricks(winner)",
                          lambda a: lambda s: 0 if (x := a(s)) is None else _streak(s, x)),
        "most_tricks": Builtin((), "seat", "the player with the most tricks; on equal counts the one who reached that count first; none if no trick was won",
                               "most_tricks()", lambda: _most_tricks),
        "count": Builtin(("set",), "num", "how many cards are in a set", "count(hand and trumps) > 0",
                         lambda a: lambda s: a(s).bit_count()),
        "trick": Builtin(None, "set", "the cards in the trick being played", "count(trick) = 0",
                         lambda: lambda s: sum(1 << c for c in s.trick)),
        "trump_suit": Builtin(None, "suit", "the trump suit (none without trump)", "suit = trump_suit",
                              lambda: lambda s: s.trump if s.trump >= 0 else None),
        "suit_of": Builtin(("set",), "suit", "the suit of the first card of a set (none if it is empty)",
                           "suit_of(turnup)", suit_of),
        "taker": Builtin(None, "seat", "the player who won the auction (none before)", "team(taker)",
                         lambda: lambda s: s.taker),
        "contract": Builtin(None, "num", "the value of the winning call of the auction", "25 * contract",
                            lambda: lambda s: s.contract),
        "holder": Builtin(("set",), "seat", "the player dealt every card of the set (none if nobody was)",
                          "holder(trumps and (K or Q))", make_holder),
        "took_all": Builtin((), "team", "the team that won every trick (none otherwise)", "took_all() = team(taker)",
                            lambda: took_all),
        "other": Builtin(("team",), "team", "the other team, in a game of two teams", "other(team(taker))", other),
        "seat": Builtin(("num",), "seat", "seat number n", "seat(0)", seat_number),
        "melds": Builtin(("seat|team",), "num", "the points a seat or team has declared in melds", "melds(seat)",
                         make_melds),
        "best_meld": Builtin((), "team", "the team that melded the best meld of the deal: the most points, then "
                             "the higher top card in the sequence order, then a meld in the trump suit; none on a "
                             "tie or when nobody melded", "melds(it) if best_meld() = team(taker) else 0",
                             lambda: _best_meld),
        "won": Builtin(("seat|team",), "set", "the cards a seat or team has won in tricks", "count(won(taker) and bouts)",
                       make_won),
        "dealt": Builtin(("seat",), "set", "the cards a seat held when play began", "count(dealt(me) and trumps)",
                         lambda a: lambda s: 0 if (x := a(s)) is None else s.dealt[x]),
        "card_points": Builtin(("set",), "num", "the card points of a set of cards, with the trump in force",
                               "card_points(stock)", lambda a: lambda s: s.points.of(a(s), s.trump)),
        "shown": Builtin(("seat|team",), "num", "the points a seat or team has declared by showing cards",
                         "shown(takers) + shown(defenders)", make_shown),
        "led_card": Builtin(None, "set", "the card that led the trick being played (empty between tricks)",
                            "led_card = EX", lambda: lambda s: 1 << s.trick[0] if s.trick else 0),
        "last_round": Builtin(None, "bool", "the trick being played (or about to be led) is the deal's last: "
                              "the hands hold no other card and nothing is left to draw",
                              "led_card = EX and last_round", lambda: last_round),
        "trick_cards": Builtin(("num",), "set", "the cards of trick n of the deal (1 the first; -1 the last, -2 the "
                               "one before; empty if there is no such trick)", "count(trick_cards(-1) and 1T) > 0",
                               lambda a: (lambda f: lambda s: f(s) or 0)(
                                   past(lambda s, i: sum(1 << c for c in s.past[i]))(a))),
        "trick_led": Builtin(("num",), "set", "the card that led trick n (numbered as in trick_cards)",
                             "trick_led(-1) = EX", lambda a: (lambda f: lambda s: f(s) or 0)(
                                 past(lambda s, i: 1 << s.past[i][0])(a))),
        "trick_winner": Builtin(("num",), "seat", "the winner of trick n (numbered as in trick_cards; none if spoiled)",
                                "team(trick_winner(-1))",
                                past(lambda s, i: s.winners[i] if s.winners[i] >= 0 else None)),
        "played": Builtin(None, "set", "the cards played so far in the deal, the trick being played included",
                          "count(played and H) > 0", lambda: lambda s: sum(1 << c for t in s.past for c in t)
                          | sum(1 << c for c in s.trick)),
        "previous": Builtin(("seat",), "seat", "the player before a seat in the direction of play", "previous(dealer)",
                            lambda a: lambda s: None if (x := a(s)) is None else (x - 1) % players),
        "floor": Builtin(("num",), "num", "a number rounded down to a whole number", "floor(points(it) / 10)",
                         lambda a: lambda s: math.floor(a(s))),
        "ceil": Builtin(("num",), "num", "a number rounded up to a whole number", "ceil(points(it) / 10)",
                        lambda a: lambda s: math.ceil(a(s))),
        "deal_number": Builtin(None, "num", "which deal of the match this is: 1 for the first (annulled deals do not count)",
                               "deal_number % 4", lambda: lambda s: s.deal_number),
        "bid": Builtin(("seat",), "num", "the value of the last call a seat made (or held) in the auction (0 if it made none)",
                       "tricks(it) >= bid(it)", lambda a: lambda s: _bid(s, a(s))),
        "trump_run": Builtin(("set",), "num", "how many of the highest trumps, from the top of the trump order "
                             "down without a gap, are in a set of cards (matadors)",
                             "trump_run(dealt(taker) or kitty)", lambda a: lambda s: _trump_run(s, a(s))),
        "max_score": Builtin((), "num", "the highest match score so far", "max_score() >= 1000",
                             lambda: match_score(max)),
        "min_score": Builtin((), "num", "the lowest match score so far", "min_score() <= 0",
                             lambda: match_score(min)),
    }
    return b


class ExpressionCompiler:
    """Turns expression nodes into typed closures for one game."""

    def __init__(self, scope: Scope):
        self.scope = scope
        self.builtins = _builtins(scope)

    def compile(self, node, want: str | None = None) -> Compiled:
        suit = self._suit_code(node)
        if suit is not None and want is not None and "suit" in want.split("|"):
            return Compiled(lambda s: suit, "suit")
        result = self._choose(node, want) if isinstance(node, n.Choose) else self._compile(node)
        if want is not None and not _fits(result.type, want):
            raise ExprProblem(f"expected {_words(want)}, found {TYPE_WORDS[result.type]}", node.pos)
        return result

    def _compile(self, node) -> Compiled:
        method = getattr(self, "_" + type(node).__name__.lower())
        return method(node)

    def _num(self, node: n.Num) -> Compiled:
        value = node.value if node.value.denominator != 1 else int(node.value)
        return Compiled(lambda s: value, "num")

    def _code(self, node: n.Code) -> Compiled:
        mask = self.scope.deck.selection(node.text)
        if mask is None:
            raise ExprProblem(f"unknown card, rank or suit '{node.text}'", node.pos,
                              suggest_code(node.text, self.scope.deck))
        return Compiled(lambda s: mask, "set")

    def _name(self, node: n.Name) -> Compiled:
        if node.name in self.scope.bound:
            key, kind = node.name, self.scope.bound[node.name]
            return Compiled(lambda s: s.bound[key], kind)
        if node.name in self.scope.lets:
            return self.scope.lets[node.name]
        if node.name in self.scope.mark_names:
            index = self.scope.mark_names.index(node.name)
            return Compiled(lambda s: s.marks[index], self.scope.mark_types[index])
        if node.name in self.scope.pile_names:
            index = self.scope.pile_names.index(node.name)
            return Compiled(lambda s: sum(1 << c for c in s.piles[index]), "set")
        if node.name in self.scope.functions:
            raise ExprProblem(f"'{node.name}' is a function: write {node.name}(...)", node.pos)
        builtin = self.builtins.get(node.name)
        if builtin is None:
            raise ExprProblem(f"unknown name '{node.name}'", node.pos, self._name_hint(node.name))
        if builtin.params is not None:
            raise ExprProblem(f"'{node.name}' is a function: write {builtin.example}", node.pos)
        return Compiled(builtin.make(), builtin.returns)

    def _call(self, node: n.Call) -> Compiled:
        if node.name in self.scope.functions:
            return self._user_call(node)
        if node.name in self.scope.counters:
            index, kind = self.scope.counters[node.name]
            if len(node.args) != 1:
                raise ExprProblem(f"'{node.name}' takes 1 argument, a {kind}, found {len(node.args)}", node.pos)
            who = self.compile(node.args[0], kind).fn
            return Compiled(lambda s: s.counters[index][who(s)], "num")
        builtin = self.builtins.get(node.name)
        if builtin is None:
            raise ExprProblem(f"unknown function '{node.name}'", node.pos, self._name_hint(node.name))
        if builtin.params is None:
            raise ExprProblem(f"'{node.name}' is not a function: write it without parentheses", node.pos)
        if node.name == "count" and len(node.args) == 1 and isinstance(node.args[0], n.Name) \
                and node.args[0].name in self.scope.pile_names and node.args[0].name not in self.scope.bound:
            index = self.scope.pile_names.index(node.args[0].name)
            return Compiled(lambda s: len(s.piles[index]), "num")
        if node.name == "other" and len(self.scope.teams) not in (0, 2):  # 0: 'teams' failed, reported already
            raise ExprProblem(f"'other' needs exactly two teams; this game has {len(self.scope.teams)}", node.pos)
        if len(node.args) != len(builtin.params):
            raise ExprProblem(f"'{node.name}' takes {len(builtin.params)} argument(s), found {len(node.args)}",
                              node.pos, f"example: {builtin.example}")
        args, kinds = [], []
        for arg, accepted in zip(node.args, builtin.params):
            compiled = self._compile(arg)
            if not _fits(compiled.type, accepted):
                raise ExprProblem(f"'{node.name}' expects {_words(accepted)}, found {TYPE_WORDS[compiled.type]}",
                                  arg.pos, f"example: {builtin.example}")
            args.append(compiled.fn)
            kinds.append(compiled.type)
        if "|" in "".join(builtin.params):
            return Compiled(builtin.make(kinds[0], *args), builtin.returns)
        return Compiled(builtin.make(*args), builtin.returns)

    def _user_call(self, node: n.Call) -> Compiled:
        """A function defined with ``let``: its parameter is bound while its body runs."""
        param, body = self.scope.functions[node.name]
        if len(node.args) != 1:
            raise ExprProblem(f"'{node.name}' takes 1 argument, found {len(node.args)}", node.pos)
        arg = self.compile(node.args[0], param).fn
        fn = body.fn

        def call(s):
            saved = s.bound.get(param)
            s.bound[param] = arg(s)
            try:
                return fn(s)
            finally:
                s.bound[param] = saved
        return Compiled(call, body.type)

    def _not(self, node: n.Not) -> Compiled:
        inner = self.compile(node.operand, "bool").fn
        return Compiled(lambda s: not inner(s), "bool")

    def _negate(self, node: n.Negate) -> Compiled:
        inner = self.compile(node.operand, "num").fn
        return Compiled(lambda s: -inner(s), "num")

    def _choose(self, node: n.Choose, want: str | None = None) -> Compiled:
        test = self.compile(node.test, "bool").fn
        then, other = self.compile(node.then, want), self.compile(node.otherwise, want)
        kind = _join(then.type, other.type)
        if kind is None:
            raise ExprProblem(f"both branches must be of one kind: {TYPE_WORDS[then.type]} and {TYPE_WORDS[other.type]}",
                              node.pos)
        a, b = then.fn, other.fn
        return Compiled(lambda s: a(s) if test(s) else b(s), kind)

    def _binary(self, node: n.Binary) -> Compiled:
        left, right = self._compile(node.left), self._compile(node.right)
        a, b, op = left.fn, right.fn, node.op
        if op in ("and", "or", "except"):
            if left.type == right.type == "set":
                fn = {"and": lambda s: a(s) & b(s), "or": lambda s: a(s) | b(s),
                      "except": lambda s: a(s) & ~b(s)}[op]
                return Compiled(fn, "set")
            if left.type == right.type == "bool" and op != "except":
                fn = (lambda s: a(s) and b(s)) if op == "and" else (lambda s: a(s) or b(s))
                return Compiled(fn, "bool")
            raise ExprProblem(f"'{op}' joins two conditions or two card sets, found {TYPE_WORDS[left.type]} "
                              f"and {TYPE_WORDS[right.type]}", node.pos)
        if op in ("=", "!="):
            if left.type == "suit" and self._suit_code(node.right) is not None:
                right = self.compile(node.right, "suit")
            elif right.type == "suit" and self._suit_code(node.left) is not None:
                left = self.compile(node.left, "suit")
            a, b = left.fn, right.fn
            if _join(left.type, right.type) is None:
                raise ExprProblem(f"cannot compare {TYPE_WORDS[left.type]} with {TYPE_WORDS[right.type]}", node.pos)
            fn = (lambda s: a(s) == b(s)) if op == "=" else (lambda s: a(s) != b(s))
            return Compiled(fn, "bool")
        for side, compiled in ((node.left, left), (node.right, right)):
            if compiled.type != "num":
                raise ExprProblem(f"'{op}' needs numbers, found {TYPE_WORDS[compiled.type]}", side.pos)
        if op == "%":
            return Compiled(lambda s: a(s) % b(s) if b(s) != 0 else rule_failure("remainder of a division by zero"),
                            "num")
        if op == "/":
            return Compiled(lambda s: Fraction(a(s)) / b(s) if b(s) != 0 else rule_failure("division by zero"), "num")
        fn = {"+": lambda s: a(s) + b(s), "-": lambda s: a(s) - b(s), "*": lambda s: a(s) * b(s),
              ">": lambda s: a(s) > b(s), "<": lambda s: a(s) < b(s),
              ">=": lambda s: a(s) >= b(s), "<=": lambda s: a(s) <= b(s)}[op]
        return Compiled(fn, "num" if op in "+-*" else "bool")

    def _suit_code(self, node) -> int | None:
        """A suit code written where a suit is expected stands for the suit, not its cards."""
        codes = self.scope.deck.suit_codes
        return codes.index(node.text) if isinstance(node, n.Code) and node.text in codes else None

    def _name_hint(self, name: str) -> str:
        known = sorted(set(self.builtins) | set(self.scope.lets) | set(self.scope.bound) | set(self.scope.functions)
                       | set(self.scope.counters)
                       | set(self.scope.pile_names) | set(self.scope.mark_names))
        close = [k for k in known if k.startswith(name[:3]) or name.startswith(k[:3])]
        return f"did you mean {' or '.join(close[:3])}?" if close else f"known names: {', '.join(known)}"


def _fits(kind: str, want: str) -> bool:
    return kind in want.split("|") or (kind == "none" and want not in ("bool", "num", "set"))


def _join(a: str, b: str) -> str | None:
    if a == b:
        return a
    if a == "none":
        return b
    if b == "none":
        return a
    return None


def _words(want: str) -> str:
    return " or ".join(TYPE_WORDS[w] for w in want.split("|"))


def suggest_code(text: str, deck: Deck) -> str:
    folded = text.casefold()
    for i, name in enumerate(deck.names):
        if name.casefold() == folded:
            return f"'{name}' is written {deck.codes[i]}"
    samples = ", ".join(deck.codes[:3])
    ranks = ", ".join(list(deck.rank_masks)[:4])
    return f"cards are written rank then suit ({samples}, …); ranks: {ranks}, …; suits: {', '.join(deck.suit_codes)}"
