"""Belote (games/belote.yaml) written by hand for one game: 4 players in two partnerships,
32 cards, a two-round auction on the turned-up card, a second deal, follow / overtrump
obligations, and the settlement of one deal.

Cards are ints in atout's deck order (suit * 8 + rank; suits S H D C, ranks A K Q J 10 9 8 7);
seats run 0..3, next(seat) = seat + 1 (the dealer's right), teams 0-2 and 1-3.
Actions: a card int, or the strings 'take', 'name S' .. 'name C', 'pass'.
"""
from __future__ import annotations

from . import measure

SUITS = "SHDC"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
CODES = [r + s for s in SUITS for r in RANKS]

#                A  K  Q  J 10  9  8  7
PLAIN_RANK =   (7, 5, 4, 3, 6, 2, 1, 0)
TRUMP_RANK =   (5, 3, 2, 7, 4, 6, 1, 0)
PLAIN_POINTS = (11, 4, 3, 2, 10, 0, 0, 0)
TRUMP_POINTS = (11, 4, 3, 20, 10, 14, 0, 0)


class Deal:
    def __init__(self, pack: list[int], dealer: int) -> None:
        """Deal ``pack`` (top card first): 3 each, 2 each from the dealer's right, 1 turned up."""
        self.dealer = dealer
        first = (dealer + 1) % 4
        hands = [[], [], [], []]
        i = 0
        for packet in (3, 2):
            for k in range(4):
                hands[(first + k) % 4].extend(pack[i:i + packet])
                i += packet
        self.hands = hands
        self.turnup = pack[i]
        self.rest = pack[i + 1:]
        self.trump = -1
        self.taker = -1
        self.round = 0              # auction round (0 or 1)
        self.passes = 0
        self.current = first
        self.auction = True
        self.over = False
        self.annulled = False
        self.trick = []             # cards of the trick in play order
        self.trick_seats = []
        self.leader = first
        self.points = [0, 0]        # card points per team
        self.tricks = [0, 0]        # tricks per team
        self.last_winner = -1
        self.belote = -1            # team holding trump K and Q after the second deal

    # --- auction -------------------------------------------------------------------
    def legal(self) -> list:
        if self.auction:
            if self.round == 0:
                return ["take", "pass"]
            turned = self.turnup // 8
            return ["name " + SUITS[s] for s in range(4) if s != turned] + ["pass"]
        return self.legal_cards()

    def apply(self, action) -> None:
        if self.auction:
            self.bid(action)
        else:
            self.play(action)

    def bid(self, call: str) -> None:
        if call == "pass":
            self.passes += 1
            self.current = (self.current + 1) % 4
            if self.passes == 4:
                if self.round == 1:             # two rounds of passes: the deal is void
                    self.over = self.annulled = True
                    self.auction = False
                    return
                self.round, self.passes = 1, 0
            return
        self.taker = self.current
        self.trump = self.turnup // 8 if call == "take" else SUITS.index(call[-1])
        self.auction = False
        # The taker gets the turned-up card and two more; the others three, from the dealer's right.
        self.hands[self.taker].append(self.turnup)
        first = (self.dealer + 1) % 4
        i = 0
        for k in range(4):
            seat = (first + k) % 4
            n = 2 if seat == self.taker else 3
            self.hands[seat].extend(self.rest[i:i + n])
            i += n
        king, queen = self.trump * 8 + 1, self.trump * 8 + 2
        for seat, hand in enumerate(self.hands):
            if king in hand and queen in hand:
                self.belote = seat % 2
        self.current = self.leader = first

    # --- play ----------------------------------------------------------------------
    def strength(self, card: int, led_suit: int) -> int:
        """Trumps above the suit led, the suit led above the rest (-1)."""
        suit = card // 8
        if suit == self.trump:
            return 16 + TRUMP_RANK[card % 8]
        if suit == led_suit:
            return PLAIN_RANK[card % 8]
        return -1

    def winning(self) -> int:
        """Index in the trick of the card winning it so far."""
        trick = self.trick
        led = trick[0] // 8
        best, at = -2, 0
        for i, card in enumerate(trick):
            s = self.strength(card, led)
            if s > best:
                best, at = s, i
        return at

    def legal_cards(self) -> list[int]:
        hand = self.hands[self.current]
        trick = self.trick
        if not trick:
            return list(hand)
        trump = self.trump
        led = trick[0] // 8
        at = self.winning()
        best = self.strength(trick[at], led)
        follow = [c for c in hand if c // 8 == led]
        if led == trump:
            over = [c for c in follow if 16 + TRUMP_RANK[c % 8] > best]
            if over:
                return over
        if follow:
            return follow
        trumps = [c for c in hand if c // 8 == trump]
        over = [c for c in trumps if 16 + TRUMP_RANK[c % 8] > best]
        partner_winning = self.trick_seats[at] % 2 == self.current % 2
        if not partner_winning:
            if over:
                return over
            if trumps:
                return trumps
        elif over:
            return [c for c in hand if c // 8 != trump] + over
        return list(hand)

    def play(self, card: int) -> None:
        seat = self.current
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        if len(self.trick) < 4:
            self.current = (seat + 1) % 4
            return
        winner = self.trick_seats[self.winning()]
        trump = self.trump
        self.points[winner % 2] += sum(TRUMP_POINTS[c % 8] if c // 8 == trump else PLAIN_POINTS[c % 8]
                                       for c in self.trick)
        self.tricks[winner % 2] += 1
        self.trick = []
        self.trick_seats = []
        self.last_winner = winner
        if self.hands[winner]:
            self.current = self.leader = winner
        else:
            self.over = True

    # --- settlement ----------------------------------------------------------------
    def score(self) -> tuple[int, int]:
        """The deal's score per team (North-South, East-West)."""
        if self.annulled:
            return (0, 0)
        takers = self.taker % 2
        defenders = 1 - takers
        capot = 0 if self.tricks[1] == 0 else (1 if self.tricks[0] == 0 else -1)
        total = [0, 0]
        for team in (0, 1):
            total[team] = self.points[team]
            if capot == team:
                total[team] += 100
            elif capot == -1 and self.last_winner % 2 == team:
                total[team] += 10
            if self.belote == team:
                total[team] += 20
        out = [0, 0]
        if total[takers] >= total[defenders]:
            out[0], out[1] = self.points
            if capot == -1:
                out[self.last_winner % 2] += 10
            else:
                out[capot] += 100
            if self.belote >= 0:
                out[self.belote] += 20
        else:
            out[defenders] = 252 if capot != -1 else 162
            if self.belote >= 0:
                out[defenders] += 20
        return out[0], out[1]


def playouts(deals: int, seed: int, seed_each_deal: bool = False) -> tuple[float, float]:
    """Deals/s and actions/s of uniform random playouts, the score computed after each deal."""
    return measure(Deal, 32, 4, deals, seed, seed_each_deal)


def text(action, deal=None) -> str:
    """The action as atout writes it ('play 10H', 'take', 'name S', 'pass')."""
    return "play " + CODES[action] if isinstance(action, int) else action
