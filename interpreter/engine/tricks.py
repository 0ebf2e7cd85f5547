"""Who wins a trick, and which cards would beat it: compiled once from 'order' and 'play'."""
from __future__ import annotations

from dataclasses import dataclass, field


TRUMPS_LED = 1 << 10
"""What ``led_suit`` gives when a trump card leads and no suit is trump (a game where
only the Jacks are trumps): the trump cards then form a suit of their own."""


@dataclass(frozen=True, slots=True)
class TrickTables:
    """One ranking's answers for one trump, per card: the keys of a trick it leads
    (``TrickRule.lead_keys``), the suit it makes the suit led when it starts a trick (-1 for a
    card without a suit), and the cards that would beat it while it wins a trick. The
    generated engine reads them instead of calling the rule (see generate.py)."""

    keys: tuple
    led: tuple[int, ...]
    beats: tuple[int, ...]


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
    _keys: dict = field(default_factory=dict, init=False, repr=False, compare=False)

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
        """Position in ``trick`` of the winning card, or -1 for a spoiled trick: the first card
        of the highest key (see ``keys``), spoiled when another card has that key too."""
        if self.by_suit:
            led = self.led_suit(trick, trump, trumps)
            keys = self.keys(trump, trumps)[led + 1 if led != TRUMPS_LED else -1]
        else:
            keys = self.strength
        found = list(map(keys.__getitem__, trick))
        best = max(found)
        if best < 0:
            return 0
        if self.spoil_ties and found.count(best) > 1:
            return -1
        return found.index(best)

    def lead_keys(self, card: int, trump: int, trumps: int) -> tuple[int, ...] | None:
        """The keys (see ``keys``) that decide a trick led by ``card``, or None while the suit
        led is open (a card without a suit led: the next card with one sets it). With them a
        trick's winner follows card by card: a card takes the lead when its key is higher."""
        if not self.by_suit:
            return self.strength
        if trumps >> card & 1:
            return self.keys(trump, trumps)[trump + 1 if trump >= 0 else -1]
        suit = self.suit_of[card]
        return None if suit < 0 else self.keys(trump, trumps)[suit + 1]

    def keys(self, trump: int, trumps: int) -> tuple[tuple[int, ...], ...]:
        """Per suit led (index suit + 1; 0 when no card has a suit, -1 when trump cards lead
        without a trump suit): each card's key in a trick, built once per trump. A card that
        cannot win has -1; a card of the suit led its strength; a trump card ranks above
        every other card by its trump strength, the trump suit's own card first of two equals."""
        found = self._keys.get((trump, trumps))
        if found is None:
            top = max(self.strength, default=0) + 1
            size = len(self.suit_of)
            trump_key = [top + self.trump_strength[c] * 2 + (self.suit_of[c] == trump) if trumps >> c & 1 else -1
                         for c in range(size)]
            rows = []
            for led in (*range(-1, len(self.suit_masks)), TRUMPS_LED):
                rows.append(tuple(trump_key[c] if trump_key[c] >= 0 else
                                  (self.strength[c] if self.suit_of[c] == led else -1) for c in range(size)))
            found = self._keys[(trump, trumps)] = tuple(rows)
        return found

    def tables(self, trump: int, trumps: int, everything: int) -> TrickTables:
        """The tables (see TrickTables) for this trump, built once."""
        found = self._keys.get(("tables", trump, trumps))
        if found is None:
            cards = range(len(self.suit_of))
            found = self._keys["tables", trump, trumps] = TrickTables(
                tuple(self.lead_keys(c, trump, trumps) for c in cards),
                tuple(self.led_suit([c], trump, trumps) for c in cards),
                tuple(self.beating([c], trump, trumps, everything, 0) for c in cards))
        return found

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
