"""The phases of a deal, the stages between the auction and play, and private history entries."""
from __future__ import annotations

from dataclasses import dataclass

AUCTION, PLAY, OVER, DECIDE, TRANSFER = 0, 1, 2, 3, 4

# What happens once the auction is won, in order (a deal without auction starts at TRANSFERS).
END_OF_AUCTION, THEN_DEAL, TRANSFERS, START_OF_PLAY, TRICKS = range(5)


@dataclass(frozen=True)
class Private:
    """A history entry only one seat may read (a card discarded face down); the others read ``public``."""

    text: str
    seat: int
    public: str

    def seen_by(self, seat: int) -> str:
        return self.text if seat == self.seat else self.public

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Taken:
    """A history entry: cards everyone has seen (a public pile, or one just shown) went into a
    seat's hand, so every player knows that seat holds them."""

    pile: str
    seat: int
    codes: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.pile} to seat {self.seat}: {' '.join(self.codes)}"


@dataclass(frozen=True)
class Melded:
    """A history entry: a seat scored melds (announced from its hand, or in a trick it won);
    everyone saw their cards."""

    seat: int
    melds: tuple[str, ...]
    codes: tuple[str, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} melds {', '.join(self.melds)}: {' '.join(self.codes)}"


@dataclass(frozen=True)
class Said:
    """A history entry: a seat said ``word`` aloud as it played a card, showing ``codes`` (the
    cards of the saying it still holds)."""

    seat: int
    word: str
    codes: tuple[str, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} says “{self.word}”" + (f", holding {' '.join(self.codes)}" if self.codes else "")
