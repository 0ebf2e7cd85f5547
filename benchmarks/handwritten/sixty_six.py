"""66 (games/sixty-six.yaml) written by hand for one game: two players, 20 cards, a stock
to draw from, marriages, the trump Jack exchange, closing, and the game points of one deal.

Cards are ints in atout's deck order (suit * 5 + rank; suits S H D C, ranks A 10 K Q J).
Actions: a card int (play it), ('marriage', card) (lead K or Q declaring the marriage),
'exchange' and 'close'.
"""
from __future__ import annotations

from . import measure

SUITS = "SHDC"
RANKS = ("A", "10", "K", "Q", "J")
CODES = [r + s for s in SUITS for r in RANKS]
POINTS = (11, 10, 4, 3, 2)          # 120 in all
KING, QUEEN, JACK = 2, 3, 4


class Deal:
    def __init__(self, pack: list[int], dealer: int) -> None:
        """3 each from the non-dealer, the indicator turned up, 2 each, the rest is the stock."""
        first = 1 - dealer
        hands = [[], []]
        hands[first] = pack[0:3] + pack[7:9]
        hands[dealer] = pack[3:6] + pack[9:11]
        self.hands = hands
        self.indicator = pack[6]        # None once taken
        self.trump = pack[6] // 5
        self.stock = pack[11:]          # top card first
        self.current = self.leader = first
        self.trick = None               # the card led, or None
        self.points = [0, 0]
        self.melds = [0, 0]
        self.tricks = [0, 0]
        self.last_winner = -1
        self.closer = -1
        self.closed_points = self.closed_tricks = 0
        self.over = False

    def total(self, seat: int) -> int:
        return self.points[seat] + (self.melds[seat] if self.tricks[seat] else 0)

    def is_open(self) -> bool:
        return self.closer < 0 and len(self.stock) > 0

    def legal(self) -> list:
        hand = self.hands[self.current]
        led = self.trick
        if led is None:
            moves = []
            if self.is_open():
                if self.trump * 5 + JACK in hand:
                    moves.append("exchange")
                if len(hand) == 5:
                    moves.append("close")
            moves.extend(hand)
            for card in hand:
                rank = card % 5
                if rank == KING and card + 1 in hand or rank == QUEEN and card - 1 in hand:
                    moves.append(("marriage", card))
            return moves
        if self.is_open():
            return list(hand)
        suit = led // 5
        follow = [c for c in hand if c // 5 == suit]
        if follow:
            over = [c for c in follow if c % 5 < led % 5]
            return over or follow
        trumps = [c for c in hand if c // 5 == self.trump]
        return trumps or list(hand)

    def apply(self, action) -> None:
        seat = self.current
        if action == "exchange":
            jack = self.trump * 5 + JACK
            hand = self.hands[seat]
            hand.remove(jack)
            hand.append(self.indicator)
            self.indicator = jack
        elif action == "close":
            other = 1 - seat
            self.closer = seat
            self.closed_points = self.total(other)
            self.closed_tricks = self.tricks[other]
        elif isinstance(action, tuple):
            card = action[1]
            self.melds[seat] += 40 if card // 5 == self.trump else 20
            if self.total(0) >= 66 or self.total(1) >= 66:
                self.over = True
                return
            self.play(card)
        else:
            self.play(action)

    def play(self, card: int) -> None:
        seat = self.current
        self.hands[seat].remove(card)
        led = self.trick
        if led is None:
            self.trick = card
            self.current = 1 - seat
            return
        self.trick = None
        if card // 5 == led // 5:
            follower_wins = card % 5 < led % 5
        else:
            follower_wins = card // 5 == self.trump
        winner = seat if follower_wins else 1 - seat
        self.points[winner] += POINTS[led % 5] + POINTS[card % 5]
        self.tricks[winner] += 1
        self.last_winner = winner
        self.current = self.leader = winner
        if self.total(0) >= 66 or self.total(1) >= 66:
            self.over = True
            return
        if self.closer < 0:                 # the winner draws first; the indicator comes last
            for who in (winner, 1 - winner):
                if self.stock:
                    self.hands[who].append(self.stock.pop(0))
                elif self.indicator is not None:
                    self.hands[who].append(self.indicator)
                    self.indicator = None
        if not self.hands[winner]:
            self.over = True

    def score(self) -> tuple[int, int]:
        """Game points of the deal per seat."""
        total0, total1 = self.total(0), self.total(1)
        reached = 0 if total0 >= 66 else (1 if total1 >= 66 else -1)
        closer = self.closer
        if closer >= 0:
            winner = closer if reached == closer else 1 - closer
        else:
            winner = reached if reached >= 0 else self.last_winner
        loser = 1 - winner
        if closer < 0:
            if reached < 0:
                points = 1
            elif self.tricks[loser] == 0:
                points = 3
            else:
                points = 2 if self.total(loser) < 33 else 1
        elif winner == closer:
            points = 3 if self.closed_tricks == 0 else (2 if self.closed_points < 33 else 1)
        else:
            points = 3 if self.closed_tricks == 0 else 2
        out = [0, 0]
        out[winner] = points
        return out[0], out[1]


def playouts(deals: int, seed: int, seed_each_deal: bool = False) -> tuple[float, float]:
    """Deals/s and actions/s of uniform random playouts, the score computed after each deal."""
    return measure(Deal, 20, 2, deals, seed, seed_each_deal)


def text(action, deal=None) -> str:
    """The action as atout writes it ('play KH', 'play KH marriage', 'exchange', 'close')."""
    if isinstance(action, int):
        return "play " + CODES[action]
    if isinstance(action, tuple):
        return f"play {CODES[action[1]]} marriage"
    return action
