"""Who wins a trick, and which cards would beat it: compiled once from 'order' and 'play'."""
from __future__ import annotations

from dataclasses import dataclass


TRUMPS_LED = 1 << 10
"""What ``led_suit`` gives when a trump card leads and no suit is trump (a game where
only the Jacks are trumps): the trump cards then form a suit of their own."""


@dataclass(frozen=True)
class TrickRule:
    """Decides tricks from precomputed tables.

    ``strength[c]`` is card c's place in the order (higher beats lower, equal ties) and
    ``above[c]`` the set of cards strictly stronger than c. ``trump_strength`` and
    ``trump_above`` are the same under 'trump order', used for trump cards; ``trump_equal[c]``
    the cards of equal trump strength. With ``by_suit`` only cards of the led suit, or
    trumps, can win.

    The trump cards are a set (``trumps``): the cards of the trump suit, or what 'trump cards'
    says (e.g. a Jack of another suit). A trump card counts as of the trump suit for
    following and winning; of two equal trumps, the one of the trump suit itself is higher.
    """

    strength: tuple[int, ...]
    above: tuple[int, ...]
    trump_strength: tuple[int, ...]
    trump_above: tuple[int, ...]
    trump_equal: tuple[int, ...]
    suit_of: tuple[int, ...]
    suit_masks: tuple[int, ...]
    by_suit: bool
    spoil_ties: bool

    def led_suit(self, trick: list[int], trump: int = -1, trumps: int = 0) -> int:
        """The suit that sets the obligation: that of the first card with a suit (trump for a
        trump card, whatever its printed suit; TRUMPS_LED when trump cards exist without a
        trump suit)."""
        for card in trick:
            if trumps >> card & 1:
                return trump if trump >= 0 else TRUMPS_LED
            suit = self.suit_of[card]
            if suit >= 0:
                return suit
        return -1

    def winner(self, trick: list[int], trump: int, trumps: int) -> int:
        """Position in ``trick`` of the winning card, or -1 for a spoiled trick."""
        if not self.by_suit:
            strength = self.strength
            best, at, tied = -1, -1, False
            for i, card in enumerate(trick):
                s = strength[card]
                if s > best:
                    best, at, tied = s, i, False
                elif s == best:
                    tied = True
            return -1 if tied and self.spoil_ties else at
        led = self.led_suit(trick, trump, trumps)
        suit_of = self.suit_of
        best, at, tied, best_trump = -1, -1, False, False
        for i, card in enumerate(trick):
            is_trump = trumps >> card & 1
            if not is_trump and (suit_of[card] != led or best_trump):
                continue
            s = self.trump_strength[card] * 2 + (suit_of[card] == trump) if is_trump else self.strength[card]
            if is_trump and not best_trump:
                best, at, tied, best_trump = s, i, False, True
            elif s > best:
                best, at, tied = s, i, False
            elif s == best:
                tied = True
        if at < 0:
            return 0
        return -1 if tied and self.spoil_ties else at

    def beating(self, trick: list[int], trump: int, trumps: int, everything: int, at: int | None = None) -> int:
        """The cards that, played now, would take the lead of the trick (``at``: the trick's
        winner when the caller knows it already)."""
        if not trick:
            return everything
        if not self.by_suit:
            return self.above[max(trick, key=self.strength.__getitem__)]
        best = trick[max(self.winner(trick, trump, trumps) if at is None else at, 0)]
        if trumps >> best & 1:
            stronger = self.trump_above[best] & trumps
            if trump >= 0 and self.suit_of[best] != trump:
                stronger |= self.trump_equal[best] & trumps & self.suit_masks[trump]
            return stronger
        suit = self.suit_of[best]
        if suit < 0:
            return everything
        return (self.above[best] & self.suit_masks[suit] & ~trumps) | trumps
