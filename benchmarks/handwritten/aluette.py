"""Aluette (games/aluette.yaml) written by hand for one game: 4 players in two partnerships,
48 Spanish cards of which 36 are dealt, nine tricks with a ranking of its own, spoiled
tricks on equal highest cards, and the score of one deal (most tricks, Mordienne).

Cards are ints in atout's deck order (suit * 12 + rank; suits O C B S, ranks 1-9 J N K).
Actions: a card int.
"""
from __future__ import annotations

from . import measure

SUITS = "OCBS"
RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "J", "N", "K")
CODES = [r + s for s in SUITS for r in RANKS]

# Highest first; cards on one line rank equal (a bare rank is all four suits).
ORDER = ["3O", "3C", "2O", "2C", "9C", "9O", "2B", "2S", "1O 1C 1B 1S", "KO KC KB KS", "NO NC NB NS",
         "JO JC JB JS", "9B 9S", "8O 8C 8B 8S", "7O 7C 7B 7S", "6O 6C 6B 6S", "5O 5C 5B 5S",
         "4O 4C 4B 4S", "3B 3S"]
STRENGTH = [0] * 48
for _i, _line in enumerate(ORDER):
    for _code in _line.split():
        STRENGTH[CODES.index(_code)] = len(ORDER) - _i


class Deal:
    def __init__(self, pack: list[int], dealer: int) -> None:
        """Three rounds of three cards from the dealer's left; the twelve left over are unused."""
        first = (dealer + 1) % 4
        hands = [[], [], [], []]
        i = 0
        for _ in range(3):
            for k in range(4):
                hands[(first + k) % 4].extend(pack[i:i + 3])
                i += 3
        self.hands = hands
        self.current = self.leader = first
        self.trick = []
        self.tricks = [0, 0, 0, 0]
        self.winners = []           # per trick, the seat that won it, or -1 when spoiled
        self.over = False

    def legal(self) -> list[int]:
        return list(self.hands[self.current])    # no obligation to follow

    def apply(self, card: int) -> None:
        seat = self.current
        self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < 4:
            self.current = (seat + 1) % 4
            return
        best = max(STRENGTH[c] for c in self.trick)
        at = [i for i, c in enumerate(self.trick) if STRENGTH[c] == best]
        if len(at) == 1:
            winner = (self.leader + at[0]) % 4
            self.tricks[winner] += 1
            self.winners.append(winner)
            self.leader = winner
        else:
            self.winners.append(-1)           # spoiled: the same player leads again
        self.trick = []
        self.current = self.leader
        if not self.hands[self.leader]:
            self.over = True

    def score(self) -> tuple[int, int]:
        """Points of the deal per team (North-South, East-West)."""
        best = max(self.tricks)
        winner = -1
        if best:
            counts = [0, 0, 0, 0]
            for seat in self.winners:
                if seat >= 0:
                    counts[seat] += 1
                    if counts[seat] == best:
                        winner = seat
                        break
        out = [0, 0]
        if winner >= 0:
            streak = 0
            for seat in reversed(self.winners):
                if seat != winner:
                    break
                streak += 1
            mordienne = best >= 2 and streak == best
            out[winner % 2] = 2 if mordienne else 1
        return out[0], out[1]


def playouts(deals: int, seed: int, seed_each_deal: bool = False) -> tuple[float, float]:
    """Deals/s and actions/s of uniform random playouts, the score computed after each deal."""
    return measure(Deal, 48, 4, deals, seed, seed_each_deal)


def text(action: int, deal=None) -> str:
    return "play " + CODES[action]
