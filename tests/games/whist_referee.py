"""An independent referee for one deal of English short Whist in partnerships, in plain Python.

Written from the rules (Pagat's Whist, short game to five; the Laws of Short Whist where
Pagat leaves room), without looking at the interpreter, so that the engine's Whist can be
compared with it action by action. It imports nothing from ``interpreter``.

Card codes: rank then suit, ranks ``A K Q J 10 9 8 7 6 5 4 3 2``, suits ``S H D C``
(``AS``, ``10H``, ``2C``). Seats 0..3 in the direction of play; partners sit opposite:
North-South are seats 0 and 2, East-West seats 1 and 3. Scores are per partnership,
``[North-South, East-West]``.

Action texts: ``turn up`` (the dealer turns his last card up; only when the referee is
built with ``turn_up=True``), then ``play CODE``.

Readings where the rules leave room are listed in ``READINGS``.
"""
from __future__ import annotations

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
SUITS = ("S", "H", "D", "C")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
HONOURS = ("A", "K", "Q", "J")
GAME = 5            # points for game
BOOK = 6            # tricks that score nothing

READINGS = (
    "The turned-up card (the dealer's 13th and last card) sets trumps and belongs to the "
    "dealer from the start of play; it counts among his honours.",
    "Honours are those dealt: A K Q J of trumps held by one partnership between its two "
    "players; four score 4 points, three score 2, two each score nothing.",
    "A side standing at four points when the deal begins cannot score honours (Laws of Short "
    "Whist); its opponents still may.",
    "Tricks are scored before honours: when either side reaches five points by tricks in a "
    "deal, the game is over and no honours are scored in that deal.",
)


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def side(seat: int) -> int:
    """0 for North-South (seats 0 and 2), 1 for East-West (seats 1 and 3)."""
    return seat % 2


def trick_winner(trick: list[tuple[int, str]], trump: str) -> int:
    """The seat that wins a trick (complete or not): the highest trump, else the highest
    card of the suit led; a card of another suit never wins."""
    led = suit(trick[0][1])

    def strength(card: str) -> int:
        power = 13 - RANKS.index(rank(card))
        if suit(card) == trump:
            return 100 + power
        if suit(card) == led:
            return power
        return 0

    return max(trick, key=lambda played: strength(played[1]))[0]


def honour_points(held: int) -> int:
    return 4 if held == 4 else 2 if held == 3 else 0


class Referee:
    """One deal: ``hands`` are the four 13-card hands (the dealer's with the turned-up card),
    ``trump`` the turned-up card's suit, ``standing`` each side's match score before the deal."""

    def __init__(self, hands: list[list[str]], dealer: int, trump: str,
                 standing: tuple[int, int] = (0, 0), turn_up: bool = True):
        if len(hands) != 4 or any(len(h) != 13 for h in hands):
            raise ValueError("four hands of 13 cards")
        if sorted(c for h in hands for c in h) != sorted(DECK):
            raise ValueError("the hands must hold the 52 cards once each")
        if trump not in SUITS:
            raise ValueError(f"unknown trump {trump!r}")
        self.hands = [list(h) for h in hands]
        self.dealt = [frozenset(h) for h in hands]
        self.dealer = dealer
        self.trump = trump
        self.standing = tuple(standing)
        self.turned = not turn_up
        self.leader = (dealer + 1) % 4          # the player at the dealer's left leads first
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0, 0, 0, 0]
        self.winners: list[int] = []
        self.won: list[list[str]] = [[], [], [], []]

    # --- the deal in progress ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return len(self.winners) == 13

    def to_act(self) -> int | None:
        if self.is_over:
            return None
        if not self.turned:
            return self.dealer
        return (self.leader + len(self.trick)) % 4

    def playable(self, seat: int) -> list[str]:
        """Cards ``seat`` may play now: follow suit if he can, else any card."""
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        led = suit(self.trick[0][1])
        following = [c for c in hand if suit(c) == led]
        return following or list(hand)

    def legal(self) -> list[str]:
        seat = self.to_act()
        if seat is None:
            return []
        if not self.turned:
            return ["turn up"]
        return ["play " + c for c in self.playable(seat)]

    def apply(self, text: str) -> None:
        if text not in self.legal():
            raise ValueError(f"illegal: {text!r}; legal: {self.legal()}")
        if text == "turn up":
            self.turned = True
            return
        seat = self.to_act()
        card = text.split(" ", 1)[1]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            winner = trick_winner(self.trick, self.trump)
            self.tricks[winner] += 1
            self.winners.append(winner)
            self.won[winner] += [c for _, c in self.trick]
            self.trick = []
            self.leader = winner

    # --- the result ---------------------------------------------------------------------------

    def side_tricks(self) -> list[int]:
        return [self.tricks[0] + self.tricks[2], self.tricks[1] + self.tricks[3]]

    def trick_points(self) -> list[int]:
        return [max(0, n - BOOK) for n in self.side_tricks()]

    def honours_held(self) -> list[int]:
        held = [0, 0]
        for seat, hand in enumerate(self.dealt):
            held[side(seat)] += sum(1 for r in HONOURS if r + self.trump in hand)
        return held

    def honour_points(self) -> list[int]:
        tricks = self.trick_points()
        if any(self.standing[s] + tricks[s] >= GAME for s in (0, 1)):
            return [0, 0]                       # game won by tricks: honours come last
        return [0 if self.standing[s] >= GAME - 1 else honour_points(h)
                for s, h in enumerate(self.honours_held())]

    def scores(self) -> list[int]:
        """Points per partnership for this deal, [North-South, East-West]."""
        if not self.is_over:
            raise ValueError("the deal is not over")
        return [t + h for t, h in zip(self.trick_points(), self.honour_points())]
