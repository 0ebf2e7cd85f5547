"""``encoding``'s observation vector, built fast enough for training: the adapters' encoder.

``Encoder.encode`` reads ``State.observation(seat)``, a dict of card codes and texts, and sets
the vector slot by slot: 50 µs or more a step, several times the engine's own step. This
encoder writes the same vector (tests/envs check it is equal, exactly, at every step of every
bundled game) from the State's fields directly:

- every 0/1 slot is one bit of a single Python int: card sets are the State's bitmasks
  shifted to their slice (a double deck's copies counted into the slice's copy layers, as
  ``Encoder`` numbers them), one-hot blocks one shifted bit; numpy unpacks it in one call;
- the slots of counts and points (``tricks`` to the end, ``to_choose``, number marks) are
  written as plain numbers;
- what only the history tells (the cards each seat played, the moves it made) is folded
  once per history entry: the last history list seen is kept, and a step folds only the
  entries appended since. Any other list (a new deal, a clone, a resampled world) or a list
  that did not just grow is folded from its start.

It reads what ``State.observation`` reads and nothing else a seat may not see: its own hand,
the dummy's once shown, the cards of public piles, and of private history entries
(``Private``) the text its seat is given.
"""
from __future__ import annotations

from ..engine.phases import Private
from ..engine.state import State
from .common import need
from .encoding import PHASES, Encoder, _mark_width

np = need("numpy")


class _Folded:
    """The history of one deal folded into masks: the cards each seat played, and the moves each
    seat made as each observer reads them (a private entry reads differently to its own seat),
    a mask by action number: ``moves[observer][seat]``."""

    __slots__ = ("history", "length", "last", "played_by", "moves")

    def __init__(self, history: list, players: int):
        self.history, self.length, self.last = history, 0, None
        self.played_by = [0] * players
        self.moves = [[0] * players for _ in range(players)]


class PackedEncoder:
    """``Encoder.encode`` of the same game, from the State's fields (see the module's docstring)."""

    def __init__(self, encoder: Encoder):
        game = encoder.game
        at = encoder.slices
        deck = game.deck
        players, size = game.players, deck.size
        non_play = len(game.actions) - size
        self.players, self.size = players, encoder.size
        self.copies, self.distinct = deck.copies, deck.distinct_size
        self.layer = (1 << deck.distinct_size) - 1

        def by_seat(name: str, width: int, base: int = 0) -> tuple[tuple[int, ...], ...]:
            """For each observer, the offset of each seat's block of a slice ordered from it."""
            start = at[name].start + base
            return tuple(tuple(start + (t - seat) % players * width for t in range(players))
                         for seat in range(players))

        self.to_act, self.dealer, self.leader = by_seat("to_act", 1), by_seat("dealer", 1), by_seat("leader", 1)
        self.taker = by_seat("taker", 1)
        self.played_by, self.trick = by_seat("played_by", size), by_seat("trick", size)
        self.shown = by_seat("shown", size)
        self.moves = by_seat("moves", non_play, base=-size)    # an action's bit is its number: non-plays start at D
        self.seat_bit = tuple(1 << (at["seat"].start + s) for s in range(players))
        self.phase_bit = {phase: 1 << (at["phase"].start + i) for i, phase in enumerate(PHASES)}
        self.to_choose = at["to_choose"].start
        self.hand_at, self.played_at, self.public_at = at["hand"].start, at["played"].start, at["public"].start
        self.first = tuple(encoder._card[code] for code in deck.codes)     # a trick shows a card's first copy
        self.call_at = at["call"].start - size
        self.by_text = encoder._by_text
        trump = at["trump"].start
        self.trump_bit = {-1: 1 << trump}
        self.trump_bit.update({t: 1 << (trump + 1 + encoder._suit[code]) for t, code in enumerate(deck.suit_codes)})
        self.marks: list[tuple[str, int, int]] = []
        start = at["marks"].start
        for kind in game.mark_types:
            width = _mark_width(game, kind)
            self.marks.append((kind, start, width))
            start += width
        self.full = (1 << size) - 1
        self.pile_public = game.pile_public
        self.sides = len(game.side_seats)
        self.bits = at["tricks"].start          # slots before it are bits (but to_choose and number marks)
        self.bytes = (self.bits + 7) // 8
        self.folded = _Folded([], players)

    def _canonical(self, cards: int) -> int:
        """A set of cards as ``Encoder`` numbers it: copy layer k holds the cards of which the
        set has more than k copies, whichever copies they are."""
        if self.copies == 1:
            return cards
        n, layer = self.distinct, self.layer
        at_least = [0] * self.copies            # at_least[k]: the cards held k + 1 times or more
        for copy in range(self.copies):
            held = cards >> copy * n & layer
            for k in range(copy, 0, -1):
                at_least[k] |= at_least[k - 1] & held
            at_least[0] |= held
        return sum(mask << k * n for k, mask in enumerate(at_least))

    def _fold(self, history: list) -> _Folded:
        """The history folded (see ``_Folded``), from the entries appended since the last call."""
        folded = self.folded
        done = folded.length
        # another deal's list, or this one shortened, or its last entry replaced (State.take_back)
        if folded.history is not history or len(history) < done or done and history[done - 1] is not folded.last:
            folded = self.folded = _Folded(history, self.players)
            done = 0
        if len(history) == done:
            return folded
        by_text, played_by, moves = self.by_text, folded.played_by, folded.moves
        for entry in history[done:]:
            seat, what = entry
            if seat is None:
                continue
            if type(what) is int:
                played_by[seat] |= 1 << what
            else:
                for observer, seen in enumerate(moves):
                    text = what.seen_by(observer) if isinstance(what, Private) else str(what)
                    number = by_text.get(text)          # None for entries of no action
                    if number is not None:
                        seen[seat] |= 1 << number
        folded.length, folded.last = len(history), history[-1]
        return folded

    def encode(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation vector of ``seat``, equal to ``Encoder.encode`` (written into ``out`` when given)."""
        canonical = self._canonical
        big = self.seat_bit[seat] | self.phase_bit.get(state.phase, 0) | self.trump_bit[state.trump]
        big |= 1 << self.dealer[seat][state.dealer]
        if state.current is not None:
            big |= 1 << self.to_act[seat][state.current]
        if state.trick and state.leader is not None:
            big |= 1 << self.leader[seat][state.leader]
        if state.taker is not None:
            big |= 1 << self.taker[seat][state.taker]
        if state.call is not None:
            big |= 1 << (self.call_at + self.by_text[state.call.text])
        big |= canonical(state.hands[seat]) << self.hand_at
        trick_at, first = self.trick[seat], self.first
        for s, card in zip(state.trick_seats, state.trick):
            big |= 1 << (trick_at[s] + first[card])
        folded = self._fold(state.history)
        played = 0
        for at, cards in zip(self.played_by[seat], folded.played_by):
            played |= cards
            big |= cards << at
        big |= played << self.played_at
        for at, numbers in zip(self.moves[seat], folded.moves[seat]):
            big |= numbers << at
        for pile, public in zip(state.piles, self.pile_public):
            if public and pile:
                big |= canonical(sum(1 << c for c in pile)) << self.public_at
        shown_at = self.shown[seat]
        for at, cards in zip(shown_at, state.shown_cards):
            if cards:
                big |= canonical(cards) << at
        if state.dummy is not None and state.dummy_shown():
            big |= canonical(state.hands[state.dummy]) << shown_at[state.dummy]
        marked, numbers = self._marks(state.marks, seat)
        big |= marked
        vec = np.empty(self.size, np.float32) if out is None else out
        vec[:self.bits] = np.unpackbits(np.frombuffer(big.to_bytes(self.bytes, "little"), np.uint8),
                                        count=self.bits, bitorder="little")
        vec[self.bits:] = self._tail(state, seat)
        if state.pending is not None:
            vec[self.to_choose] = state.pending[2]
        for at, value in numbers:
            vec[at] = value
        return vec

    def _marks(self, marks: list, seat: int) -> tuple[int, list[tuple[int, float]]]:
        """The marks' bits as one int, and their number slots as (slot, value)."""
        numbers = []
        big = 0
        for (kind, start, width), value in zip(self.marks, marks):
            if value is None:
                continue
            if kind == "seat":
                big |= 1 << (start + (value - seat) % self.players)
            elif kind in ("team", "suit"):
                if 0 <= value < width:                  # a suit mark may hold 'none'
                    big |= 1 << (start + value)
            elif kind == "set":
                big |= (value & self.full) << start
            else:
                numbers.append((start, float(value)))
        return big, numbers

    def _tail(self, state: State, seat: int) -> list:
        """The slots from ``tricks`` to the end: counts and points, by seat from ``seat``."""
        tricks = state.tricks
        melds = list(map(float, state.melds))               # ints or Fractions
        sizes = list(map(int.bit_count, state.hands))
        scores = state.match_scores
        return (tricks[seat:] + tricks[:seat] + melds[seat:] + melds[:seat] + sizes[seat:] + sizes[:seat]
                + list(map(len, state.piles)) + ([0] * self.sides if scores is None else list(map(float, scores))))
