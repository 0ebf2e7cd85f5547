"""Exact play with every hand known ("double dummy"), for any rule file.

``Solver(game).solve(state)`` finds, for the seat to move, the value of each legal action: the
margin its side ends the deal with (its score less the best other side's, as ``outcome.margin``
counts it) when every seat plays its best from there on, all cards seen, the stock's order
included. Values are exact numbers (ints and Fractions), never floats.

How "best" is meant:
- In trick play with two sides (after an auction, during the play of the cards, its side
  actions, declarations and shows), it is minimax, searched by alpha-beta: what one side
  gains the other loses.
- Otherwise (an auction, a discard, three or more sides) each seat maximises its own margin
  (max^n); of two actions worth the same to the mover, the first of ``legal_actions()`` is
  taken. Such trees have no cut-offs, so they are exact only within the budget.

What makes it fast, each part switched off by a flag for the benchmark:
- ``table``: a transposition table at the start of every trick. Two positions are the same
  when every field of the state is, except the history the rules cannot read: the key holds
  the trick winners' order and the past tricks' cards only as far as the rule file's
  expressions read them (``streak``, ``most_tricks``, ``trick_cards``… see ``history_read``).
- ``merge``: cards of one hand that nothing can tell apart are searched once: of one suit (or
  both trumps), adjacent in the ranking in force with no card between them or equal to either
  held by another seat or lying in the trick (of any suit, where one ranking runs across the
  suits), worth the same card points, and named alike by every card set the rules name. Only
  in minimax: max^n's first of equals can tell them apart (see ``_moves``).
- ``order``: moves are tried in the greedy player's preference first, and the best move
  stored for a position first of all.

A budget bounds the work: ``nodes`` for each action valued (so that all get the same search),
``seconds`` for the whole. When it runs out, an action not yet valued is valued by greedy play
to the end, and the solution says it is not exact.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..engine.parts import Action
from ..engine.phases import PLAY
from ..engine.state import FIELDS, State
from ..language import nodes as n
from .greedy import GreedyPlayer
from .outcome import exact_margins

_UNREAD = {"game", "history", "past", "winners", "bound", "memo", "_legal", "winning_at", "trick_keys",
           "tables", "dealt", "match_scores", "deal_number", "rule", "points", "trick", "trick_seats", "dealer",
           "bids", "call", "taker", "contract", "round", "spoken", "duel", "speakers", "doubled", "counters"}
"""State fields a position's key leaves out: the game, caches, what is fixed for a whole deal
(the dealt hands, the dealer, the counters brought from earlier deals; the ranking and points
in force follow from the other fields), what only the auction writes (a key is taken in the
play of the cards, and the table is emptied for another deal or auction), the history (kept as
far as the rules read it) and the trick (a key is taken when it is empty)."""

PER_SEAT_ROWS = ("tricks", "scored", "won", "melds", "shown", "shown_cards")
"""Per-seat counts and card sets a position's key may add up per team."""

WINNER_READERS = {"streak", "most_tricks", "trick_winner"}
CARD_READERS = {"trick_cards", "trick_led"}


class OutOfBudget(Exception):
    """The search spent its nodes or its time."""


@dataclass(frozen=True)
class Solution:
    """What the solver found for the seat to move: each legal action's value for its side,
    the best of them, whether every value is exact, and the nodes searched."""

    seat: int
    values: dict[Action, Any]
    best: Action
    exact: bool
    nodes: int


def history_read(game) -> tuple[str, str]:
    """How much of the past tricks the rule file's expressions read, for the winners' order
    and for the cards: 'none', 'last' (only the last trick's: ``last_trick``) or 'all'."""
    names: set[str] = set(game.names_read)
    over_tricks = any(_goes_over_tricks(tree) for tree in game.trees.values())
    winners = "all" if names & WINNER_READERS or over_tricks else "last" if "last_trick" in names else "none"
    cards = "all" if names & CARD_READERS or over_tricks else "none"
    return winners, cards


def rows_read_per_seat(game) -> set[str]:
    """The per-seat rows (PER_SEAT_ROWS) some rule reads for one seat, not only summed over a
    team, found in the Python each rule string compiled into: the key keeps those per seat and
    the others per team (two partners' tricks are one side's tricks)."""
    found = set()
    for source in game.code.sources.values():
        for row in PER_SEAT_ROWS:
            if source.count(f"s.{row}") > source.count(f"_of_team(s, s.{row},"):
                found.add(row)
    return found


def _goes_over_tricks(node) -> bool:
    if isinstance(node, n.Aggregate) and node.domain == "tricks":
        return True
    if isinstance(node, tuple):
        return any(map(_goes_over_tricks, node))
    fields = getattr(node, "__dataclass_fields__", None)
    return bool(fields) and any(_goes_over_tricks(getattr(node, name)) for name in fields)


def _key_function(game, sample: State):
    """A function of a state at the start of a trick: the key of its position (see the module).
    It is Python written for the shapes the fields have in ``sample`` (a list of numbers becomes
    a tuple; a per-seat row the rules read only per team is summed per team by a function made
    once for each set of teams; anything nested is frozen all the way down), compiled once."""
    parts = []
    per_seat = rows_read_per_seat(game)
    for name, _ in FIELDS:
        if name in _UNREAD:
            continue
        value = getattr(sample, name)
        if name in PER_SEAT_ROWS and name not in per_seat:
            parts.append(f"team(s.{name})")
        elif isinstance(value, list) and all(isinstance(v, (int, type(None))) for v in value):
            parts.append(f"tuple(s.{name})")
        elif isinstance(value, list) and all(isinstance(v, list) and all(isinstance(x, int) for x in v)
                                             for v in value) and name == "piles":
            parts.append(f"tuple(map(tuple, s.{name}))")        # piles are lists of cards, always
        elif isinstance(value, (list, dict, set)):
            parts.append(f"_freeze(s.{name})")
        else:
            parts.append(f"s.{name}")
    winners, cards = history_read(game)
    parts.append({"all": "tuple(s.winners)", "last": "s.winners[-1] if s.winners else None",
                  "none": "-1 in s.winners"}[winners])
    if cards == "all":
        parts.append("tuple(s.past)")
    source = ("def key(s):\n"
              "    team = summers.get(s.teams) or _summer(s.teams)\n"
              f"    return ({', '.join(parts)},)\n")
    namespace = {"_freeze": _freeze, "summers": _SUMMERS, "_summer": _summer}
    exec(compile(source, "<position key>", "exec"), namespace)
    return namespace["key"]


_SUMMERS: dict = {}
"""Per set of teams, the function that sums a per-seat row per team (see _summer)."""


def _summer(teams: tuple[tuple[int, ...], ...]):
    """A function summing a per-seat row per team, written out for these teams (card sets are
    disjoint: their sum is their union)."""
    body = ", ".join("+".join(f"r[{seat}]" for seat in team) or "0" for team in teams)
    made = _SUMMERS[teams] = eval(f"lambda r: ({body},)")
    return made


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


def _named_sets(game) -> list[int]:
    """Every set of cards the rule file names (a card, a rank, a suit, a meld's cards): two cards
    are told apart by the rules when one of these holds one and not the other."""
    deck = game.deck
    found: set[int] = set()

    def walk(node) -> None:
        if isinstance(node, n.Code):
            mask = deck.selection(node.text)
            if mask:
                found.add(mask)
        elif isinstance(node, tuple):
            for child in node:
                walk(child)
        else:
            fields = getattr(node, "__dataclass_fields__", None)
            for name in fields or ():
                walk(getattr(node, name))

    for tree in game.trees.values():
        walk(tree)
    for declaration in getattr(game, "declarations", ()) or ():
        found.add(declaration.cards)
    for action in getattr(game, "side_actions", ()) or ():
        if getattr(action, "cards", 0):
            found.add(action.cards)
    return sorted(found)


def values(state: State, nodes: int | None = None, seconds: float | None = None) -> dict[Action, Any]:
    """Each legal action's double-dummy value for the side of the seat to move (exact, unless a
    budget of ``nodes`` an action or ``seconds`` in all runs out: ``Solver.solve`` says which)."""
    return Solver(state.game, nodes, seconds).solve(state).values


class Solver:
    """Double-dummy search over one game's rules (see the module)."""

    def __init__(self, game, nodes: int | None = None, seconds: float | None = None,
                 table: bool = True, merge: bool = True, order: bool = True, nullwindow: bool = True):
        self.game, self.max_nodes, self.seconds = game, nodes, seconds
        self.use_table, self.use_merge, self.use_order = table, merge, order
        self.use_nullwindow = nullwindow
        self.key = None              # made from the first state solved (_key_function)
        sets = _named_sets(game)
        size = game.deck.size
        self._tag = [tuple(m >> c & 1 for m in sets) for c in range(size)]
        self._greedy = GreedyPlayer(0)
        self._table: dict = {}
        self._best: dict = {}
        self._rank_tables: dict = {}
        self._deal: tuple | None = None
        self.nodes = 0
        self._limit: int | None = None
        self._deadline = None

    # --- the public side -------------------------------------------------------------------

    def solve(self, state: State) -> Solution:
        """Each legal action's value for the side of the seat to move, searched with a full
        window so that every value is exact (within the budget)."""
        self._start(state)
        seat = state.current_player
        legal = state.legal_actions()
        values: dict[Action, Any] = {}
        exact = True
        for action in self._ordered(state, legal):
            child = state.clone()
            child.apply_unchecked(action)
            self._limit = None if self.max_nodes is None else self.nodes + self.max_nodes
            try:
                values[action] = self._value(child.clone(), seat)       # the search plays on its own copy
            except OutOfBudget:
                exact = False
                values[action] = self._estimate(child, seat)
        values = {a: values[a] for a in legal}
        best = max(legal, key=lambda a: values[a])       # the first of the best, in legal order
        return Solution(seat, values, best, exact, self.nodes)

    def value(self, state: State, seat: int | None = None) -> Any:
        """The position's value for ``seat``'s side (default: the seat to move) under best play."""
        self._start(state)
        seat = state.current_player if seat is None else seat
        return self._value(state.clone(), seat)

    # --- search --------------------------------------------------------------------------

    def _start(self, state: State) -> None:
        if self.key is None:
            self.key = _key_function(self.game, state)
        deal = (tuple(state.dealt), state.dealer, _freeze(state.bids), _freeze(state.counters))
        if deal != self._deal:
            self._table.clear()
            self._best.clear()
            self._deal = deal
        self.nodes = 0
        self._limit = self.max_nodes
        self._deadline = None if self.seconds is None else time.perf_counter() + self.seconds

    def _value(self, state: State, seat: int) -> Any:
        if state.current is None:
            return _margin(state, seat)
        if self._two_sided(state):
            return self._mtdf(state, seat)
        return self._maxn(state)[seat]

    def _mtdf(self, state: State, seat: int) -> Any:
        """The exact value by MTD(f): null-window searches ("is it at least g?") that close in
        on it from a first guess, greedy play's value, each sharing the bounds the table kept
        from the last. A null window cuts far more than a full one, and a value is usually
        pinned by a few of them (Plaat et al., 1996). Windows are floats EPSILON wide: values
        (ints and Fractions) are never closer than that unless told apart by a millionth."""
        if not self.use_nullwindow:
            return self._alphabeta(state, seat, _LOW, _HIGH)
        guess = self._estimate(state, seat)
        low, high = _LOW, _HIGH
        while low < high:
            beta = guess if guess > low else float(low) + EPSILON
            guess = self._alphabeta(state.clone(), seat, beta - EPSILON, beta)
            if guess < beta:
                high = guess
            else:
                low = guess
        return guess

    @staticmethod
    def _two_sided(state: State) -> bool:
        return state.phase == PLAY and len(state.teams) == 2

    def _tick(self) -> None:
        self.nodes += 1
        if self._limit is not None and self.nodes > self._limit:
            raise OutOfBudget
        if self._deadline is not None and not self.nodes & 255 and time.perf_counter() > self._deadline:
            raise OutOfBudget

    def _alphabeta(self, state: State, seat: int, alpha, beta):
        """The value for ``seat``'s side; exact when it lies strictly inside (alpha, beta), else
        a bound on the side the window was passed. The state is the search's own: it is played
        on (its last child is made from it, not from a copy)."""
        self._tick()
        self._forced(state)
        if state.current is None:
            return _margin(state, seat)
        if not self._two_sided(state):
            return self._maxn(state)[seat]
        key = None
        if self.use_table and not state.trick:
            key = (self.key(state), state.team_of[seat])
            low, high = self._table.get(key, (_LOW, _HIGH))
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        maximise = state.team_of[state.current_player] == state.team_of[seat]
        start_alpha, start_beta = alpha, beta
        best_value = _LOW if maximise else _HIGH
        best_action = None
        moves = self._moves(state, key)
        last = moves[-1]
        for action in moves:
            child = state if action is last else state.clone()      # the last child takes the state itself
            child.apply_unchecked(action)
            value = self._alphabeta(child, seat, alpha, beta)
            if maximise:
                if value > best_value:
                    best_value, best_action = value, action
                    alpha = max(alpha, value)
            elif value < best_value:
                best_value, best_action = value, action
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key is not None:
            low, high = self._table.get(key, (_LOW, _HIGH))
            if best_value <= start_alpha:
                high = min(high, best_value)
            elif best_value >= start_beta:
                low = max(low, best_value)
            else:
                low = high = best_value
            self._table[key] = (low, high)
            self._best[key[0]] = best_action
        return best_value

    @staticmethod
    def _forced(state: State) -> None:
        """Play on the state itself every card that is the only one its player may play (the
        last trick, a hand with one card of the suit led): a node with one child costs the
        search a recursion and, at a trick's start, a look in the table, and decides nothing."""
        while state.current is not None and state.plays_only():
            mask = state.game.deck.distinct(state.legal_mask())
            if mask & (mask - 1):
                return
            state.apply_unchecked(state.game.play_actions[mask.bit_length() - 1])

    def _maxn(self, state: State) -> list:
        """Each seat's value when every seat maximises its own (see the module)."""
        self._tick()
        if state.current is None:
            by_team = [_plain(v) for v in exact_margins(state)]
            return [by_team[t] for t in state.team_of]
        if self._two_sided(state):
            first = self._alphabeta(state, 0, _LOW, _HIGH)
            return [first if state.team_of[s] == state.team_of[0] else -first for s in range(state.game.players)]
        mover = state.current_player
        best = None
        for action in self._moves(state, None, alphabeta=False):     # legal order: the first of equals
            child = state.clone()
            child.apply_unchecked(action)
            values = self._maxn(child)
            if best is None or values[mover] > best[mover]:
                best = values
        return best

    def _moves(self, state: State, key, alphabeta: bool = True) -> list[Action]:
        """The actions to search, best first: where only cards can be played, one card of each
        equivalent set, the stored best and the greedy choice first, then strongest first.

        For max^n (not ``alphabeta``), every legal action in the order of legal_actions(),
        unmerged: a seat takes the first of the actions worth the same to it, and two cards
        worth the same to every seat now may still leave the seat a different first of equals
        later, so merging would change what the others get."""
        if not alphabeta:
            return state.legal_actions()
        if not state.plays_only():
            return self._ordered(state, state.legal_actions())
        game = state.game
        mask = game.deck.distinct(state.legal_mask())
        plays = game.play_actions
        rank = self._ranks(state)
        cards = self._merged(state, mask, rank) if self.use_merge else _bits(mask)
        if not self.use_order:
            return [plays[c] for c in sorted(cards)]
        cards.sort(key=rank.__getitem__, reverse=True)
        front = [self._greedy._card(state).card]
        stored = self._best.get(key[0]) if key is not None else None
        if stored is not None:
            front.insert(0, stored.card)
        for card in reversed(front):
            if card in cards:
                cards.remove(card)
                cards.insert(0, card)
        return [plays[c] for c in cards]

    def _ordered(self, state: State, legal: list[Action]) -> list[Action]:
        """The greedy player's choice first, then the others in their order."""
        if not self.use_order or len(legal) < 2:
            return list(legal)
        choice = self._greedy.choose(state)
        return [choice] + [a for a in legal if a != choice] if choice in legal else list(legal)

    def _ranks(self, state: State) -> tuple[int, ...]:
        """Each card's strength in force for a trick it could win: a trump's above every other
        (built once per ranking and trump)."""
        rule, trump, trumps = state.rule, state.trump, state.trumps
        found = self._rank_tables.get((id(rule), trump, trumps))
        if found is None:
            found = self._rank_tables[id(rule), trump, trumps] = self._rank_table(rule, trump, trumps)
        return found

    @staticmethod
    def _rank_table(rule, trump: int, trumps: int) -> tuple[int, ...]:
        if not rule.by_suit:
            return rule.strength
        keys = rule.keys(trump, trumps)
        trump_row = keys[trump + 1 if trump >= 0 else -1]
        suit_of = rule.suit_of
        return tuple(trump_row[c] if trumps >> c & 1 else
                     (keys[suit_of[c] + 1][c] if suit_of[c] >= 0 else -1) for c in range(len(suit_of)))

    def _merged(self, state: State, mask: int, rank: tuple[int, ...]) -> list[int]:
        """One card of each set of equivalent cards of the mover's (see the module)."""
        rule, trumps = state.rule, state.trumps
        suit_of, tag = rule.suit_of, self._tag
        points = state.points.scaled[state.trump + 1]
        live = 0
        for seat, hand in enumerate(state.hands):
            if seat != state.current:
                live |= hand
        for card in state.trick:
            live |= 1 << card
        kept: list[int] = []
        groups: dict[tuple, list[int]] = {}
        for card in _bits(mask):
            suit = suit_of[card]
            if suit < 0:
                kept.append(card)
                continue
            group = (-1 if trumps >> card & 1 else suit, points[card], tag[card])
            groups.setdefault(group, []).append(card)
        for (suit, _, _), members in groups.items():
            if len(members) == 1:
                kept.append(members[0])
                continue
            members.sort(key=rank.__getitem__)
            if not rule.by_suit:        # one ranking across the suits: a card of any suit may tell them apart
                others = live
            else:
                others = live & (trumps if suit < 0 else rule.suit_masks[suit] & ~trumps)
            previous = None
            for card in members:
                if previous is None or self._between(others, rank, previous, rank[card]):
                    kept.append(card)
                    previous = rank[card]
        return kept

    @staticmethod
    def _between(cards: int, rank, low, high) -> bool:
        """Whether any of ``cards`` ranks from ``low`` to ``high`` (both included)."""
        while cards:
            bit = cards & -cards
            if low <= rank[bit.bit_length() - 1] <= high:
                return True
            cards ^= bit
        return False

    def _estimate(self, state: State, seat: int):
        """A value when the budget is spent: the deal played to its end by greedy players."""
        copy = state.clone()
        self._greedy.play_out(copy)
        return _margin(copy, seat)


def _margin(state: State, seat: int):
    return _plain(exact_margins(state)[state.team_of[seat]])


def _plain(value):
    """A whole Fraction as an int: ints compare several times faster."""
    return value.numerator if isinstance(value, Fraction) and value.denominator == 1 else value


def _bits(mask: int) -> list[int]:
    found = []
    while mask:
        bit = mask & -mask
        found.append(bit.bit_length() - 1)
        mask ^= bit
    return found


_LOW = -10**12
_HIGH = 10**12
"""Below and above every margin a deal can end with."""
EPSILON = 1e-6
"""The width of a null window (see Solver._mtdf)."""
