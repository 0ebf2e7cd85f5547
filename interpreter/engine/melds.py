"""Melds: combinations of cards worth points, found in any set of cards (a hand announced at
its first turn, or the cards of one trick).

Three kinds, each a table built once per rule file, so finding the melds of a set is a few
``&`` per suit: a **sequence** of N cards in a row of one suit (in the file's sequence order;
a longer run counts once, as the longest sequence it holds), **of a kind** (one rank in every
suit), and **cards** (ranks held in one suit, like a marriage, or fixed cards across suits).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

Fn = Callable[[Any], Any]


TIES = {
    "points": "more points",
    "top card": "the higher top card in the sequence order",
    "top card in force": "the better top card by the ranking in force (a reversed ranking reverses it)",
    "trump": "a meld in the trump suit",
    "kind": "the combination listed first",
    "seat": "the player nearer the dealer's left",
}
"""What may break a tie between two melds (``melds.ties``), each in words."""


@dataclass(frozen=True)
class Combination:
    """One named meld of the rule file and its points (``suit`` is bound while they are read)."""

    name: str
    kind: str            # "sequence", "of a kind" or "cards"
    points: Fn


@dataclass(frozen=True)
class Found:
    """A meld found in a set of cards: which combination, its suit (-1 across suits), its
    cards, and its top card's place in the sequence order (higher is better)."""

    combination: int
    suit: int
    cards: int
    top: int


@dataclass(frozen=True)
class Melds:
    """The melds of a rule file, ``at`` "first turn" (announced) or "trick" (to its winner).

    ``runs`` holds each suit's steps in sequence order, highest first: a step is the mask of
    the suit's cards of one place (cards the order ranks equal, ``A = A2``, are one step, and
    a sequence holds one card of each step it runs through); ``by_length`` the
    sequence combination a run of each length counts as (-1: none). ``groups`` holds, in the
    file's order, (combination, suit, cards, top) for every meld that is a fixed set of cards:
    each rank of an 'of a kind', each suit of ranks held in one suit, fixed cards. ``ties``
    names what makes one meld better than another, in turn (see ``TIES``)."""

    at: str
    combinations: tuple[Combination, ...]
    runs: tuple[tuple[int, ...], ...]   # each suit's steps: masks of cards of equal place, highest first
    by_length: tuple[int, ...]
    groups: tuple[tuple[int, int, int, int], ...]
    place: tuple[int, ...]            # card -> its place in the sequence order, the lowest 0
    ties: tuple[str, ...] = ("points", "top card", "trump")   # how best_meld() ranks two melds, in turn
    copies: tuple[int, ...] = ()      # on a double deck: card -> the mask of every copy of it

    def find(self, cards: int) -> list[Found]:
        """Every meld in ``cards``: sequences suit by suit, then the fixed groups in file order.
        On a double deck a meld held twice is found twice (a double run, double pinochle)."""
        found = []
        longest = len(self.by_length) - 1
        if longest > 0:
            for suit, run in enumerate(self.runs):
                left = cards
                while True:
                    runs = self._runs(left, suit, run, longest)
                    found += runs
                    if not self.copies or not runs:
                        break
                    for meld in runs:                   # the other copies may make the run again
                        left &= ~meld.cards
        for meld, suit, group, top in self.groups:
            if not self.copies:
                if cards & group == group:
                    found.append(Found(meld, suit, group, top))
                continue
            codes = {self.copies[c] for c in range(len(self.copies)) if group >> c & 1}
            left = cards
            while all(left & mask for mask in codes):    # one copy of each card, as often as held
                one = 0
                for mask in codes:
                    one |= (left & mask) & -(left & mask)
                found.append(Found(meld, suit, one, top))
                left &= ~one
        return found

    def _runs(self, cards: int, suit: int, run: tuple[int, ...], longest: int) -> list[Found]:
        """The sequences of one suit in ``cards``, each a card of every step it runs through."""
        found = []
        length, held, top = 0, 0, -1
        for step in run + (0,):
            mine = cards & step
            if mine:
                low = mine & -mine              # one card of each step
                if not length:
                    top = low.bit_length() - 1
                length += 1
                held |= low
                continue
            meld = self.by_length[min(length, longest)]
            if meld >= 0:
                found.append(Found(meld, suit, held, self.place[top]))
            length, held = 0, 0
        return found

    def label(self, found: Found, suit_codes: tuple[str, ...], rank_of: tuple[str, ...]) -> str:
        """How a meld reads in the history: its name and suit (``tierce H``), or its rank when
        it is one rank in every suit."""
        combination = self.combinations[found.combination]
        if found.suit >= 0:
            return f"{combination.name} {suit_codes[found.suit]}"
        if combination.kind == "of a kind":
            low = found.cards & -found.cards
            return f"{combination.name} {rank_of[low.bit_length() - 1]}"
        return combination.name
