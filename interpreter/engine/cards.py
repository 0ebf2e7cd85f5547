"""The deck: card codes, names and bitmask tables, built once per rule file.

A set of cards is an ``int`` whose bit ``i`` stands for card ``i`` (as in python-chess),
so a hand is one int, and "the cards of this suit that I hold" is one ``&``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from math import gcd
from typing import Any


_BYTE_BITS = tuple(tuple(i for i in range(8) if b >> i & 1) for b in range(256))
_BITS_AT: list[tuple[tuple[int, ...], ...]] = []   # [k][b]: the indices of byte b at byte k, built as decks need


def bits(mask: int) -> list[int]:
    """The card indices in ``mask``, lowest first: a byte at a time from tables (a mask of
    eight cards costs a few lookups, not eight steps of a loop)."""
    out: list[int] = []
    k = 0
    while mask:
        byte = mask & 255
        if byte:
            while k >= len(_BITS_AT):
                base = 8 * len(_BITS_AT)
                _BITS_AT.append(tuple(tuple(base + i for i in row) for row in _BYTE_BITS))
            out += _BITS_AT[k][byte]
        mask >>= 8
        k += 1
    return out


@dataclass(frozen=True)
class Deck:
    codes: tuple[str, ...]          # card index -> code, e.g. "3O"
    names: tuple[str, ...]          # card index -> name, e.g. "Three of Coins" or a name of its own
    suit_of: tuple[int, ...]        # card index -> suit index, -1 for cards of no suit
    rank_of: tuple[str, ...]        # card index -> rank code ("" for cards of no suit)
    suit_codes: tuple[str, ...]
    suit_names: tuple[str, ...]
    suit_masks: tuple[int, ...]     # suit index -> cards of that suit
    rank_masks: dict[str, int]      # rank code -> cards of that rank, in every suit
    index: dict[str, int]           # code -> card index (its first copy)
    copies: int = 1                 # copies of each card (a double deck: 2); copy k of card i is i + k * (size / copies)

    @cached_property
    def size(self) -> int:
        return len(self.codes)

    @cached_property
    def all(self) -> int:
        return (1 << len(self.codes)) - 1

    def find(self, text: str) -> int | None:
        """The card a person means by ``text``: its code or its name, any case."""
        key = text.strip()
        if key in self.index:
            return self.index[key]
        return self._folded.get(key.casefold())

    @cached_property
    def _folded(self) -> dict[str, int]:
        """Each card's code and name in any case, to the first card of the deck it names."""
        folded: dict[str, int] = {}
        for i, (code, name) in enumerate(zip(self.codes, self.names)):
            folded.setdefault(code.casefold(), i)
            folded.setdefault(name.casefold(), i)
        return folded

    @cached_property
    def distinct_size(self) -> int:
        """The cards of one copy of the deck."""
        return len(self.codes) // self.copies

    @cached_property
    def copy_masks(self) -> tuple[int, ...]:
        """card -> the mask of every copy of it: what a rule naming that card selects."""
        return tuple(sum(1 << c for c in self.copies_of(card)) for card in range(len(self.codes)))

    def copies_of(self, card: int) -> tuple[int, ...]:
        """Every copy of a card, the first first."""
        n = self.distinct_size
        return tuple(card % n + k * n for k in range(self.copies))

    def distinct(self, mask: int) -> int:
        """One card of each code in ``mask``, its lowest copy: what a player is offered (two
        copies of a card are the same move)."""
        if self.copies == 1:
            return mask
        n = self.distinct_size
        low = (1 << n) - 1
        seen = out = 0
        for k in range(self.copies):
            part = (mask >> (k * n)) & low
            out |= (part & ~seen) << (k * n)
            seen |= part
        return out

    def selection(self, code: str) -> int | None:
        """Cards named by a code in the rule language: a card (every copy of it), a rank or a suit."""
        if code in self.index:
            return sum(1 << c for c in self.copies_of(self.index[code]))
        if code in self.rank_masks:
            return self.rank_masks[code]
        if code in self.suit_codes:
            return self.suit_masks[self.suit_codes.index(code)]
        return None

    def text(self, mask: int) -> str:
        return " ".join(self.codes[i] for i in bits(mask))


def build_deck(suits: dict[str, str], ranks: dict[str, str], suit_ranks: dict[str, dict[str, str]],
               extra: dict[str, str], names: dict[str, str], copies: int = 1) -> Deck:
    """Cards in suit order, each suit in the order its ranks are listed, then the extras; with
    ``copies``, the whole list again for each further copy."""
    codes: list[str] = []
    card_names: list[str] = []
    suit_of: list[int] = []
    rank_of: list[str] = []
    for s, (suit_code, suit_name) in enumerate(suits.items()):
        for rank_code, rank_name in suit_ranks.get(suit_code, ranks).items():
            code = f"{rank_code}{suit_code}"
            codes.append(code)
            card_names.append(names.get(code, f"{rank_name} of {suit_name}"))
            suit_of.append(s)
            rank_of.append(rank_code)
    for code, name in extra.items():
        codes.append(code)
        card_names.append(names.get(code, name))
        suit_of.append(-1)
        rank_of.append("")
    codes, card_names, suit_of, rank_of = (codes * copies, card_names * copies, suit_of * copies,
                                           rank_of * copies)
    suit_masks = tuple(sum(1 << i for i, s in enumerate(suit_of) if s == k) for k in range(len(suits)))
    rank_masks: dict[str, int] = {}
    for i, r in enumerate(rank_of):
        if r:
            rank_masks[r] = rank_masks.get(r, 0) | (1 << i)
    return Deck(tuple(codes), tuple(card_names), tuple(suit_of), tuple(rank_of), tuple(suits),
                tuple(suits.values()), suit_masks, rank_masks,
                {c: i for i, c in reversed(list(enumerate(codes)))}, copies)


def quotient(numerator: int | Fraction, denominator: int | Fraction) -> int | Fraction:
    """numerator / denominator exactly: an int where it is whole, so that a whole total of card
    points (frequent even in a game of half points) keeps what is computed from it in integers."""
    whole, rest = divmod(numerator, denominator)
    return Fraction(numerator, denominator) if rest else whole


def whole(value: Any) -> Any:
    """A Fraction that is a whole number as an int, anything else as it is: a half point times
    an even number leaves what is computed from it in integer arithmetic."""
    return value.numerator if type(value) is Fraction and value.denominator == 1 else value


@dataclass(frozen=True)
class Points:
    """Card points per trump suit, exact, summed as integers scaled by a common denominator.

    ``exact[trump + 1][card]`` is a Fraction (4.5 stays 9/2); ``scaled`` holds the same
    values times ``scale`` as ints, so summing a trick pile never builds a Fraction.
    """

    exact: tuple[tuple[Fraction, ...], ...]
    scaled: tuple[tuple[int, ...], ...]
    scale: int

    @classmethod
    def build(cls, exact: tuple[tuple[Fraction, ...], ...], *others: Fraction) -> Points:
        """``others`` are further amounts the state adds to card points (e.g. a kept card's price)."""
        scale = 1
        for value in [v for row in exact for v in row] + list(others):
            scale = scale * value.denominator // gcd(scale, value.denominator)
        scaled = tuple(tuple(int(v * scale) for v in row) for row in exact)
        return cls(exact, scaled, scale)

    def of(self, mask: int, trump: int) -> Fraction | int:
        """The points of a set of cards with ``trump`` in force (-1: none)."""
        row = self.scaled[trump + 1]
        total = 0
        while mask:
            low = mask & -mask
            total += row[low.bit_length() - 1]
            mask ^= low
        return total if self.scale == 1 else quotient(total, self.scale)
