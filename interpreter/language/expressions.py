"""Compiles rule-language expressions into small functions of the game state.

Each expression is type-checked once, at load time, and becomes Python source over the state,
compiled into one function ``f(state) -> value``; nothing is parsed or looked up by name during play.
Types: ``num`` (exact Fraction or int), ``bool``, ``seat``, ``team``, ``set`` (card bitmask)
and ``none`` (no seat or team: compares equal only to itself).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import math
import re
from fractions import Fraction
from typing import Any, Callable

from . import nodes as n
from ..engine.cards import Deck, Points, quotient
from ..engine.tricks import TRUMPS_LED, TrickRule
from ..errors import RULE_FILE, rule_failure

Fn = Callable[[Any], Any]


class ExprProblem(ValueError):
    """A rule-language expression that is well formed but means nothing here."""

    def __init__(self, message: str, pos: n.Pos, hint: str = ""):
        super().__init__(message)
        self.message, self.pos, self.hint = message, pos, hint


class Compiled:
    """A typed expression: its Python source over the state ``s`` (run in the game's
    namespace) and the function made from it, built on first use; ``where`` names the rule
    string in the code's file name (``RULE_FILE``)."""

    __slots__ = ("type", "src", "_fn", "_namespace", "where")

    def __init__(self, fn: Fn | None, type: str, src: str | None = None, namespace: dict | None = None):
        self.type, self.src, self._fn, self._namespace = type, src, fn, namespace
        self.where = RULE_FILE

    @property
    def fn(self) -> Fn:
        if self._fn is None:
            self._fn = eval(compile(f"lambda s: {self.src}", self.where, "eval"), self._namespace)
        return self._fn


TYPE_WORDS = {"num": "a number", "bool": "a condition", "seat": "a seat", "team": "a team",
              "set": "a set of cards", "suit": "a suit", "none": "none"}


@dataclass(frozen=True)
class Builtin:
    """A built-in name or function, with the example and English shown in the docs."""

    params: tuple[str, ...] | None      # None: a plain name; else accepted type per argument ("seat|team")
    returns: str
    english: str
    example: str
    src: Callable[..., str] = field(repr=False)     # the arguments' sources -> the call's source


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
    functions: dict[str, tuple[tuple[tuple[str, str], ...], Any]] = field(default_factory=dict)  # name -> ((parameter, type), …), body's tree
    bound: dict[str, str] = field(default_factory=dict)  # names bound by the context, e.g. 'it', 'suit'
    counters: dict[str, tuple[int, str]] = field(default_factory=dict)
    rankings: tuple[str, ...] = ()                   # names of the rankings a call may choose  # name -> (index, 'seat' or 'team')
    schedule: tuple[int, ...] = ()                   # match.schedule: one number per deal


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
    """The team of the best meld (by the rule file's melds.ties); none on a tie between teams."""
    best, team = None, None
    for seat, key in enumerate(state.meld_best):
        if not key:                                 # no meld, or none that scores
            continue
        if best is None or key > best:
            best, team = key, state.team_of[seat]
        elif key == best and state.team_of[seat] != team:
            team = None
    return team


def _helpers(scope: Scope) -> dict[str, Any]:
    """The functions and tables generated expressions call, by the names they use: the
    namespace every expression of one game is compiled in."""
    deck, players, draw_piles = scope.deck, scope.players, scope.draw_piles
    everything = deck.all

    def led(state):
        suit = state.rule.led_suit(state.trick, state.trump, state.trumps)
        if suit < 0:
            return 0
        return state.trumps if suit == state.trump or suit == TRUMPS_LED else deck.suit_masks[suit] & ~state.trumps

    def winning(state):
        if not state.trick:
            return None
        at = state.trick_winner_at()
        return None if at < 0 else state.trick_seats[at]

    def holder(state, cards):
        for seat, hand in enumerate(state.dealt):
            if cards and hand & cards == cards:
                return seat
        return None

    def took_all(state):
        """The team that won every trick so far (none before the first or after a spoiled one):
        its seats' trick counts add up to the tricks played."""
        winners = state.winners
        if not winners or -1 in winners:
            return None
        first = state.team_of[winners[0]]
        tricks, won = state.tricks, 0
        for seat in state.teams[first]:
            won += tricks[seat]
        return first if won == len(winners) else None

    def past(state, n):
        """The index of trick n of the deal (1 the first, -1 the last), or None."""
        n = int(n)
        count = len(state.past)
        index = n - 1 if n > 0 else count + n
        return index if n != 0 and 0 <= index < count else None

    def trick_cards(state, n):
        i = past(state, n)
        return 0 if i is None else mask(state.past[i])

    def trick_led(state, n):
        i = past(state, n)
        return 0 if i is None else 1 << state.past[i][0]

    def trick_winner(state, n):
        """The seat that won trick n (1 the first, -1 the last; the winners are kept per trick
        played, as the tricks are), or None."""
        n = int(n)
        winners = state.winners
        index = n - 1 if n > 0 else len(winners) + n
        return winners[index] if n != 0 and 0 <= index < len(winners) and winners[index] >= 0 else None

    def last_round(state) -> bool:
        if any(state.piles[p] for p in draw_piles):
            return False
        held = sum(h.bit_count() for seat, h in enumerate(state.hands) if seat != state.out)
        return held + len(state.trick) <= players - (state.out is not None)

    def suit_of(cards):
        if not cards:
            return None
        suit = deck.suit_of[(cards & -cards).bit_length() - 1]
        return None if suit < 0 else suit

    def mask(cards):
        """The set of a list of cards (a pile, a trick): a loop is quicker than a sum of a few."""
        found = 0
        for card in cards:
            found |= 1 << card
        return found

    def of_team(state, row, team):
        """A team's total of a row per seat (points, tricks, cards won or shown)."""
        if team is None:
            return 0
        total = 0
        for seat in state.teams[team]:
            total += row[seat]
        return total

    def remainder(a, b):
        return a % b if b != 0 else rule_failure("remainder of a division by zero")

    def divide(a, b):
        return quotient(a, b) if b != 0 else rule_failure("division by zero")

    return {
        "Fraction": Fraction, "ANY": everything, "SCALE": scope.points.scale, "_quotient": quotient,
        "_led": led, "_winning": winning, "_holder": holder, "_took_all": took_all, "_trick_cards": trick_cards,
        "_trick_led": trick_led, "_trick_winner": trick_winner, "_last_round": last_round, "_suit_of": suit_of,
        "_of_team": of_team, "_mod": remainder, "_div": divide, "_streak": _streak, "_most_tricks": _most_tricks,
        "_best_meld": _best_meld, "_bid": _bid, "_trump_run": _trump_run, "_floor": math.floor, "_ceil": math.ceil,
        "_mask": mask,
        "_at": lambda row, x: 0 if x is None else row[x],
        "_team": lambda state, x: None if x is None else state.team_of[x],
        "_seat_number": lambda x: -1 if x is None else x,
        "_suit_cards": lambda x: 0 if x is None or x < 0 else deck.suit_masks[x],
        "_call_number": lambda s: 0 if s.call is None or s.game.auction.calls[s.call.arg].numbers is None
        else s.call.number,
        "_call_suit": lambda s: None if s.call is None or s.call.suit < 0 else s.call.suit,
        "_other": lambda state, t: None if t is None else (t + 1) % len(state.teams),
        "_next": lambda x: None if x is None else (x + 1) % players,
        "_previous": lambda x: None if x is None else (x - 1) % players,
        "_max_score": lambda state: max(state.match_scores) if state.match_scores else 0,
        "_min_score": lambda state: min(state.match_scores) if state.match_scores else 0,
    }


def _per_seat(row: str) -> Callable[..., str]:
    """A per-seat list of the state read for one seat, or summed over a team's seats."""
    return lambda kind, a: f"_of_team(s, s.{row}, {a})" if kind == "team" else _seat_entry(f"s.{row}", a)


def _count(cards: str) -> str:
    """How many cards: a pile or the trick (lists of distinct cards) by its length."""
    pile = re.fullmatch(r"_mask\((s\.piles\[\d+\]|s\.trick)\)", cards)
    return f"len({pile.group(1)})" if pile else f"{cards}.bit_count()"


def _seat_entry(row: str, a: str) -> str:
    """One seat's entry of a per-seat list: a fixed seat reads it directly; any other may be none."""
    return f"{row}[{a}]" if a.isdigit() else f"_at({row}, {a})"


def _builtins(scope: Scope) -> dict[str, Builtin]:
    """Each built-in with the Python source it stands for (arguments' sources in its place)."""
    players = scope.players

    def scheduled() -> str:
        if not scope.schedule:
            raise ExprProblem("'scheduled' reads match.schedule, which this file does not have", n.Pos(1, 1, 9),
                              "add e.g. match: {schedule: [{from: 10, to: 1}]}")
        return f"{scope.schedule!r}[(s.deal_number - 1) % {len(scope.schedule)}]"

    def card_points(kind: str, a: str) -> str:
        """Card points are kept as scaled integers (see Points): whole numbers need no Fraction."""
        won = _per_seat("scored")(kind, a)
        return won if scope.points.scale == 1 else f"_quotient({won}, SCALE)"

    b = {
        "dealer": Builtin(None, "seat", "the dealer", "next(dealer)", lambda: "s.dealer"),
        "me": Builtin(None, "seat", "the player to act", "team(me) = team(winning)", lambda: "s.current"),
        "leader": Builtin(None, "seat", "the player who led the current trick", "leader = me", lambda: "s.leader"),
        "winning": Builtin(None, "seat", "the player whose card is winning the trick so far (none if it is spoiled or empty)",
                           "team(winning) = team(me)", lambda: "_winning(s)"),
        "none": Builtin(None, "none", "no seat or team", "winner != none", lambda: "None"),
        "true": Builtin(None, "bool", "always", "true", lambda: "True"),
        "false": Builtin(None, "bool", "never", "false", lambda: "False"),
        "any": Builtin(None, "set", "any card", "any", lambda: "ANY"),
        "nothing": Builtin(None, "set", "no card: the empty set", "stock if contract < 6 else nothing", lambda: "0"),
        "hand": Builtin(None, "set", "the cards the player to act holds", "count(hand and trumps) > 0",
                        lambda: "_at(s.hands, s.current)"),
        "led": Builtin(None, "set", "the cards of the suit led", "led and beating", lambda: "_led(s)"),
        "trumps": Builtin(None, "set", "the cards of the trump suit", "trumps when led = trumps", lambda: "s.trumps"),
        "beating": Builtin(None, "set", "the cards that would win the trick as it stands", "led and beating",
                           lambda: "s.rule.beating(s.trick, s.trump, s.trumps, ANY)"),
        "tricks_played": Builtin(None, "num", "the number of tricks played so far", "tricks_played = 0",
                                 lambda: "len(s.winners)"),
        "last_trick": Builtin(None, "seat", "the winner of the last trick (none if it was spoiled)",
                              "team(last_trick)", lambda: "_trick_winner(s, -1)"),
        "next": Builtin(("seat",), "seat", "the next player in the direction of play", "next(dealer)",
                        lambda a: f"_next({a})"),
        "team": Builtin(("seat",), "team", "the team of a seat", "team(winner)", lambda a: f"_team(s, {a})"),
        "tricks": Builtin(("seat|team",), "num", "the number of tricks a seat or team has won", "tricks(winner) >= 2",
                          _per_seat("tricks")),
        "points": Builtin(("seat|team",), "num", "the card points a seat or team has won in tricks", "points(it)",
                          card_points),
        "streak": Builtin(("seat",), "num", "how many tricks in a row a seat won at the end of the play (0 if it did not win the last)",
                          "streak(winner) = tricks(winner)", lambda a: f"_streak(s, {a})"),
        "most_tricks": Builtin((), "seat", "the player with the most tricks; on equal counts the one who reached that count first; none if no trick was won",
                               "most_tricks()", lambda: "_most_tricks(s)"),
        "count": Builtin(("set",), "num", "how many cards are in a set", "count(hand and trumps) > 0",
                         _count),
        "trick": Builtin(None, "set", "the cards in the trick being played", "count(trick) = 0",
                         lambda: "_mask(s.trick)"),
        "trump_suit": Builtin(None, "suit", "the trump suit (none without trump)", "suit = trump_suit",
                              lambda: "(s.trump if s.trump >= 0 else None)"),
        "suit_of": Builtin(("set",), "suit", "the suit of the first card of a set (none if it is empty)",
                           "suit_of(turnup)", lambda a: f"_suit_of({a})"),
        "taker": Builtin(None, "seat", "the player who won the auction (none before)", "team(taker)", lambda: "s.taker"),
        "contract": Builtin(None, "num", "the value of the winning call of the auction", "25 * contract",
                            lambda: "s.contract"),
        "holder": Builtin(("set",), "seat", "the player dealt every card of the set (none if nobody was)",
                          "holder(trumps and (K or Q))", lambda a: f"_holder(s, {a})"),
        "took_all": Builtin((), "team", "the team that won every trick (none otherwise)", "took_all() = team(taker)",
                            lambda: "_took_all(s)"),
        "other": Builtin(("team",), "team", "the other team, in a game of two teams", "other(team(taker))",
                         lambda a: f"_other(s, {a})"),
        "seat": Builtin(("num",), "seat", "seat number n", "seat(0)",
                        lambda a: str(int(a) % players) if a.isdigit() else f"(int({a}) % {players})"),
        "melds": Builtin(("seat|team",), "num", "the points a seat or team has declared in melds", "melds(seat)",
                         _per_seat("melds")),
        "best_meld": Builtin((), "team", "the team that melded the best meld of the deal, by melds.ties (the most "
                             "points, then the higher top card in the sequence order, then a meld in the trump "
                             "suit); none on a tie or when nobody melded", "melds(it) if best_meld() = team(taker) else 0",
                             lambda: "_best_meld(s)"),
        "won": Builtin(("seat|team",), "set", "the cards a seat or team has won in tricks", "count(won(taker) and bouts)",
                       _per_seat("won")),
        "dealt": Builtin(("seat",), "set", "the cards a seat held when play began", "count(dealt(me) and trumps)",
                         lambda a: _seat_entry("s.dealt", a)),
        "card_points": Builtin(("set",), "num", "the card points of a set of cards, with the trump in force",
                               "card_points(stock)", lambda a: f"s.points.of({a}, s.trump)"),
        "shown": Builtin(("seat|team",), "num", "the points a seat or team has declared by showing cards",
                         "shown(takers) + shown(defenders)", _per_seat("shown")),
        "led_card": Builtin(None, "set", "the card that led the trick being played (empty between tricks)",
                            "led_card = EX", lambda: "(1 << s.trick[0] if s.trick else 0)"),
        "last_round": Builtin(None, "bool", "the trick being played (or about to be led) is the deal's last: "
                              "the hands hold no other card and nothing is left to draw",
                              "led_card = EX and last_round", lambda: "_last_round(s)"),
        "trick_cards": Builtin(("num",), "set", "the cards of trick n of the deal (1 the first; -1 the last, -2 the "
                               "one before; empty if there is no such trick)", "count(trick_cards(-1) and 1T) > 0",
                               lambda a: f"_trick_cards(s, {a})"),
        "trick_led": Builtin(("num",), "set", "the card that led trick n (numbered as in trick_cards)",
                             "trick_led(-1) = EX", lambda a: f"_trick_led(s, {a})"),
        "trick_winner": Builtin(("num",), "seat", "the winner of trick n (numbered as in trick_cards; none if spoiled)",
                                "team(trick_winner(-1))", lambda a: f"_trick_winner(s, {a})"),
        "played": Builtin(None, "set", "the cards played so far in the deal, the trick being played included",
                          "count(played and H) > 0", lambda: "s.played"),
        "previous": Builtin(("seat",), "seat", "the player before a seat in the direction of play", "previous(dealer)",
                            lambda a: f"_previous({a})"),
        "floor": Builtin(("num",), "num", "a number rounded down to a whole number", "floor(points(it) / 10)",
                         lambda a: f"_floor({a})"),
        "ceil": Builtin(("num",), "num", "a number rounded up to a whole number", "ceil(points(it) / 10)",
                        lambda a: f"_ceil({a})"),
        "deal_number": Builtin(None, "num", "which deal of the match this is: 1 for the first (annulled deals do not count)",
                               "deal_number % 4", lambda: "s.deal_number"),
        "bid": Builtin(("seat",), "num", "the value of the last call a seat made (or held) in the auction (0 if it made none)",
                       "tricks(it) >= bid(it)", lambda a: f"_bid(s, {a})"),
        "trump_run": Builtin(("set",), "num", "how many of the highest trumps, from the top of the trump order "
                             "down without a gap, are in a set of cards (matadors)",
                             "trump_run(dealt(taker) or kitty)", lambda a: f"_trump_run(s, {a})"),
        "scheduled": Builtin(None, "num", "this deal's number in the match's schedule (match.schedule; from its start "
                             "again if a match plays more deals)", "number <= scheduled", scheduled),
        "players": Builtin(None, "num", "the number of players", "floor(51 / players)", lambda: str(players)),
        "seat_number": Builtin(("seat",), "num", "a seat as a number: 0 for the first seat, 1 for the next … (-1 for none)",
                               "seat_number(dealer) % 2", lambda a: f"_seat_number({a})"),
        "suit_number": Builtin(("suit",), "num", "a suit as a number: 0 for the first suit under cards.suits, 1 "
                               "for the next … (-1 for none)", "5 * number + suit_number(suit)",
                               lambda a: f"_seat_number({a})"),
        "suit_cards": Builtin(("suit",), "set", "the cards of a suit, as the deck names them (a trump card of "
                              "another suit stays in its own suit); empty for none",
                              "count(hand and suit_cards(suit) except (O or U))", lambda a: f"_suit_cards({a})"),
        "call_number": Builtin(None, "num", "the number the winning call named ('for each number': 4 for 4H); 0 "
                               "when it named none or nobody called", "6 + call_number",
                               lambda: "_call_number(s)"),
        "call_suit": Builtin(None, "suit", "the suit the winning call named ('for each suit': H for 'call H'); "
                             "none when it named none or nobody called", "suit_cards(call_suit)",
                             lambda: "_call_suit(s)"),
        "doubled": Builtin(None, "num", "how many of the auction's doubling calls stand on the winning call: 0, "
                           "1 (doubled), 2 (redoubled)", "50 * doubled", lambda: "s.doubled"),
        "dummy": Builtin(None, "seat", "the seat whose hand lies on the table and another plays (play: dummy; "
                         "none without)", "team(dummy)", lambda: "s.dummy"),
        "max_score": Builtin((), "num", "the highest match score so far", "max_score() >= 1000",
                             lambda: "_max_score(s)"),
        "min_score": Builtin((), "num", "the lowest match score so far", "min_score() <= 0",
                             lambda: "_min_score(s)"),
    }
    return b


def builtin_table() -> dict[str, Builtin]:
    """The built-in names and functions with their types, English and examples (the same for
    every game: what editors and the docs show)."""
    return _builtins(Scope(None, None, (), (), None, 2))  # type: ignore[arg-type]  # no game's tables are read


class ExpressionCompiler:
    """Turns expression nodes into typed Python source, one function per rule string.

    Every node becomes an expression over the state ``s``: built-ins are inlined from their
    templates, ``let`` values are called (they are remembered while a deal is settled), a
    ``let`` function is inlined with its argument computed once into a local, and constants
    are literals. The generated source can be printed (``Compiled.src``)."""

    def __init__(self, scope: Scope):
        self.scope = scope
        self.builtins = _builtins(scope)
        self.namespace = _helpers(scope)
        self.locals: dict[str, str] = {}      # a let function's parameter -> its local in the source
        self.serial = 0

    def compile(self, node, want: str | None = None) -> Compiled:
        suit = self._suit_code(node)
        if suit is not None and want is not None and "suit" in want.split("|"):
            return self._made(str(suit), "suit")
        result = self._choose(node, want) if isinstance(node, n.Choose) else self._compile(node)
        if want is not None and not _fits(result.type, want):
            raise ExprProblem(f"expected {_words(want)}, found {TYPE_WORDS[result.type]}", node.pos)
        return result

    def _made(self, src: str, kind: str) -> Compiled:
        return Compiled(None, kind, src, self.namespace)

    def constant(self, name: str, value: Any) -> str:
        """A value the generated source refers to by name (a let's function, a fraction)."""
        self.namespace[name] = value
        return name

    def _compile(self, node) -> Compiled:
        method = getattr(self, "_" + type(node).__name__.lower())
        return method(node)

    def _num(self, node: n.Num) -> Compiled:
        if node.value.denominator == 1:
            return self._made(str(int(node.value)), "num")
        return self._made(f"Fraction({node.value.numerator}, {node.value.denominator})", "num")

    def _code(self, node: n.Code) -> Compiled:
        mask = self.scope.deck.selection(node.text)
        if mask is None:
            raise ExprProblem(f"unknown card, rank or suit '{node.text}'", node.pos,
                              suggest_code(node.text, self.scope.deck))
        return self._made(hex(mask), "set")

    def _name(self, node: n.Name) -> Compiled:
        if node.name in self.locals and node.name in self.scope.bound:
            return self._made(self.locals[node.name], self.scope.bound[node.name])
        if node.name in self.scope.bound:
            return self._made(f"s.bound[{node.name!r}]", self.scope.bound[node.name])
        if node.name in self.scope.lets:
            let = self.scope.lets[node.name]
            return self._made(f"{self.constant('let_' + node.name, let.fn)}(s)", let.type)
        if node.name in self.scope.mark_names:
            index = self.scope.mark_names.index(node.name)
            return self._made(f"s.marks[{index}]", self.scope.mark_types[index])
        if node.name in self.scope.pile_names:
            return self._made(f"_mask(s.piles[{self.scope.pile_names.index(node.name)}])", "set")
        if node.name in self.scope.functions:
            raise ExprProblem(f"'{node.name}' is a function: write {node.name}(...)", node.pos)
        builtin = self.builtins.get(node.name)
        if builtin is None:
            raise ExprProblem(f"unknown name '{node.name}'", node.pos, self._name_hint(node.name))
        if builtin.params is not None:
            raise ExprProblem(f"'{node.name}' is a function: write {builtin.example}", node.pos)
        return self._made(builtin.src(), builtin.returns)

    def _call(self, node: n.Call) -> Compiled:
        if node.name in self.scope.functions:
            return self._user_call(node)
        if node.name in self.scope.counters:
            index, kind = self.scope.counters[node.name]
            if len(node.args) != 1:
                raise ExprProblem(f"'{node.name}' takes 1 argument, a {kind}, found {len(node.args)}", node.pos)
            who = self.compile(node.args[0], kind).src
            return self._made(f"s.counters[{index}][{who}]", "num")
        if node.name in ("min", "max"):
            return self._extreme(node)
        builtin = self.builtins.get(node.name)
        if builtin is None:
            raise ExprProblem(f"unknown function '{node.name}'", node.pos, self._name_hint(node.name))
        if builtin.params is None:
            raise ExprProblem(f"'{node.name}' is not a function: write it without parentheses", node.pos)
        if node.name == "count" and len(node.args) == 1 and isinstance(node.args[0], n.Name) \
                and node.args[0].name in self.scope.pile_names and node.args[0].name not in self.scope.bound:
            return self._made(f"len(s.piles[{self.scope.pile_names.index(node.args[0].name)}])", "num")
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
            args.append(compiled.src)
            kinds.append(compiled.type)
        if "|" in "".join(builtin.params):
            return self._made(builtin.src(kinds[0], *args), builtin.returns)
        return self._made(builtin.src(*args), builtin.returns)

    def _user_call(self, node: n.Call) -> Compiled:
        """A function defined with ``let``, inlined: its argument is computed once into a local
        of the generated function, which its body reads where it names the parameter."""
        params, body = self.scope.functions[node.name]
        if len(node.args) != len(params):
            raise ExprProblem(f"'{node.name}' takes {len(params)} argument{'' if len(params) == 1 else 's'}, "
                              f"found {len(node.args)}", node.pos)
        args = [self.compile(given, kind).src for (_, kind), given in zip(params, node.args)]   # before any binds
        assigned, saved = [], []
        for (param, kind), arg in zip(params, args):
            if _SIMPLE.fullmatch(arg) is not None:   # a constant or one read of the state: written where named
                local = arg
            else:
                self.serial += 1
                local = f"{param}_{self.serial}"
                assigned.append(f"({local} := {arg})")
            saved.append((param, self.locals.get(param), self.scope.bound.get(param)))
            self.locals[param], self.scope.bound[param] = local, kind
        try:
            inlined = self.compile(body)
        finally:
            for param, local, bound in reversed(saved):
                _restore(self.locals, param, local)
                _restore(self.scope.bound, param, bound)
        if not assigned:
            return inlined
        return self._made(f"({', '.join(assigned)}, {inlined.src})[{len(assigned)}]", inlined.type)

    def _aggregate(self, node: n.Aggregate) -> Compiled:
        """``sum(EXPR for NAME in seats if COND)``: the name is a local of a generator in the
        generated source, bound to each seat, team, suit or past trick in turn."""
        if node.function not in _AGGREGATES:
            raise ExprProblem(f"'{node.function}(… for …)' is not a function over seats, teams, suits or tricks",
                              node.pos, f"one of: {', '.join(_AGGREGATES)}")
        if node.domain not in _DOMAINS:
            raise ExprProblem(f"'{node.domain}' is nothing to go over", node.domain_pos,
                              f"one of: {', '.join(_DOMAINS)}, e.g. sum(tricks(s) for s in seats)")
        taken = node.var in self.builtins or node.var in self.scope.lets or node.var in self.scope.mark_names \
            or node.var in self.scope.pile_names or node.var in self.scope.counters or node.var in self.scope.functions
        if taken:
            raise ExprProblem(f"'{node.var}' already names something else here: pick another name for each of the "
                              f"{node.domain}", node.var_pos, f"e.g. {node.function}(… for x in {node.domain})")
        kind, domain = _DOMAINS[node.domain]
        self.serial += 1
        local = f"{node.var}_{self.serial}"
        saved, bound = self.locals.get(node.var), self.scope.bound.get(node.var)
        self.locals[node.var], self.scope.bound[node.var] = local, kind
        try:
            element = self.compile(node.element, _AGGREGATES[node.function])
            condition = self.compile(node.condition, "bool").src if node.condition is not None else None
        finally:
            _restore(self.locals, node.var, saved)
            _restore(self.scope.bound, node.var, bound)
        items = f"for {local} in {domain(self.scope)}" + (f" if {condition}" if condition else "")
        if node.function == "count":
            return self._made(f"sum(1 {items})", "num")
        if node.function in ("min", "max"):
            return self._made(f"{node.function}(({element.src} {items}), default=0)", "num")
        return self._made(f"{node.function}({element.src} {items})", "num" if node.function == "sum" else "bool")

    def _extreme(self, node: n.Call) -> Compiled:
        """``min(a, b, …)`` and ``max(a, b, …)`` of two or more numbers."""
        if len(node.args) < 2:
            raise ExprProblem(f"'{node.name}' takes two or more numbers, found {len(node.args)}", node.pos,
                              f"e.g. {node.name}(points(it), 10), or {node.name}(tricks(s) for s in seats)")
        args = [self.compile(arg, "num").src for arg in node.args]
        return self._made(f"{node.name}({', '.join(args)})", "num")

    def _not(self, node: n.Not) -> Compiled:
        return self._made(f"(not {self.compile(node.operand, 'bool').src})", "bool")

    def _negate(self, node: n.Negate) -> Compiled:
        return self._made(f"(-{self.compile(node.operand, 'num').src})", "num")

    def _choose(self, node: n.Choose, want: str | None = None) -> Compiled:
        test = self.compile(node.test, "bool").src
        then, other = self.compile(node.then, want), self.compile(node.otherwise, want)
        kind = _join(then.type, other.type)
        if kind is None:
            raise ExprProblem(f"both branches must be of one kind: {TYPE_WORDS[then.type]} and {TYPE_WORDS[other.type]}",
                              node.pos)
        return self._made(f"({then.src} if {test} else {other.src})", kind)

    def _binary(self, node: n.Binary) -> Compiled:
        left, right = self._compile(node.left), self._compile(node.right)
        op = node.op
        if op in ("and", "or", "except"):
            a, b = left.src, right.src
            if left.type == right.type == "set":
                if _LITERAL.fullmatch(a) and _LITERAL.fullmatch(b):   # fixed cards: the set is known now
                    x, y = int(a, 0), int(b, 0)
                    return self._made(hex({"and": x & y, "or": x | y, "except": x & ~y}[op]), "set")
                return self._made({"and": f"({a} & {b})", "or": f"({a} | {b})", "except": f"({a} & ~{b})"}[op], "set")
            if left.type == right.type == "bool" and op != "except":
                return self._made(f"({a} {op} {b})", "bool")
            raise ExprProblem(f"'{op}' joins two conditions or two card sets, found {TYPE_WORDS[left.type]} "
                              f"and {TYPE_WORDS[right.type]}", node.pos)
        if op in ("=", "!="):
            if left.type == "suit" and self._suit_code(node.right) is not None:
                right = self.compile(node.right, "suit")
            elif right.type == "suit" and self._suit_code(node.left) is not None:
                left = self.compile(node.left, "suit")
            if _join(left.type, right.type) is None:
                raise ExprProblem(f"cannot compare {TYPE_WORDS[left.type]} with {TYPE_WORDS[right.type]}", node.pos)
            if "None" in (left.src, right.src):    # no value of the language equals none but none itself
                return self._made(f"({left.src} {'is' if op == '=' else 'is not'} {right.src})", "bool")
            return self._made(f"({left.src} {'==' if op == '=' else '!='} {right.src})", "bool")
        for side, compiled in ((node.left, left), (node.right, right)):
            if compiled.type != "num":
                raise ExprProblem(f"'{op}' needs numbers, found {TYPE_WORDS[compiled.type]}", side.pos)
        a, b = left.src, right.src
        if op == "%":
            return self._made(f"_mod({a}, {b})", "num")
        if op == "/":
            return self._made(f"_div({a}, {b})", "num")
        if op == ">" and b == "0" and a.endswith(".bit_count()"):     # count(cards) > 0: some card at all
            return self._made(f"({a[:-len('.bit_count()')]} != 0)", "bool")
        return self._made(f"({a} {op} {b})", "num" if op in "+-*" else "bool")

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


# Functions over many values (the element's kind) and what they go over (the name's kind, the values).
_AGGREGATES = {"sum": "num", "count": None, "min": "num", "max": "num", "any": "bool", "all": "bool"}
_DOMAINS: dict[str, tuple[str, Callable[[Scope], str]]] = {
    "seats": ("seat", lambda scope: f"range({scope.players})"),
    "teams": ("team", lambda scope: "range(len(s.teams))"),
    "suits": ("suit", lambda scope: f"range({len(scope.deck.suit_codes)})"),
    "tricks": ("num", lambda scope: "range(1, len(s.winners) + 1)"),
}
_SIMPLE = re.compile(r"-?\d+|None|s\.\w+|s\.bound\['\w+'\]")    # sources as cheap to repeat as to store
_LITERAL = re.compile(r"0x[0-9a-f]+|\d+")


def _restore(mapping: dict, key: str, value: Any) -> None:
    if value is None:
        mapping.pop(key, None)
    else:
        mapping[key] = value


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
