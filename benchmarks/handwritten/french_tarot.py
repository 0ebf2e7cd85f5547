"""French Tarot (games/french-tarot.yaml, four players) written by hand for one game: 78
cards, the petit sec, one round of bids, the chien and the taker's discard, the chelem
announcement, poignées, follow / trump / overtrump obligations with the Excuse, and the
settlement of one deal (contract, petit au bout, poignées, chelem).

Cards are ints in atout's deck order: suit * 14 + rank for the suits S H D C (ranks K Q N J
10 .. 1), 56 + n - 1 for the trump n (1T .. 21T), 77 the Excuse. Card points are counted in
half points. Actions: a card int (played, or discarded, or shown, as the phase says); the
strings 'prise', 'garde', 'garde sans', 'garde contre', 'pass', 'announce chelem' and the
poignées 'single poignée', 'double poignée', 'triple poignée'.
"""
from __future__ import annotations

from . import measure

SUITS = "SHDC"
RANKS = ("K", "Q", "N", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1")
CODES = [r + s for s in SUITS for r in RANKS] + [f"{n}T" for n in range(1, 22)] + ["EX"]
PETIT, MONDE, EXCUSE = 56, 76, 77
BOUTS = (PETIT, MONDE, EXCUSE)
KINGS = (0, 14, 28, 42)
# Half points: bouts and Kings 9, Queens 7, Knights 5, Jacks 3, the rest 1 (182 = 91 points).
HALF_POINTS = [(9, 7, 5, 3)[c % 14] if c % 14 < 4 else 1 for c in range(56)] + [1] * 21 + [9]
HALF_POINTS[PETIT] = HALF_POINTS[MONDE] = 9
CALLS = {"prise": 1, "garde": 2, "garde sans": 4, "garde contre": 6}
POIGNEES = (("single poignée", 10, 20), ("double poignée", 13, 30), ("triple poignée", 15, 40))
AUCTION, DISCARD, CHELEM, PLAY, SHOW = range(5)


def is_trump(card: int) -> bool:
    return 56 <= card < 77


class Deal:
    def __init__(self, pack: list[int], dealer: int) -> None:
        """Packets of three from the dealer's right, the chien put aside one card at a time."""
        first = (dealer + 1) % 4
        hands = [[], [], [], []]
        chien = []
        i = 0

        def each() -> None:
            nonlocal i
            for k in range(4):
                hands[(first + k) % 4].extend(pack[i:i + 3])
                i += 3

        each()
        for _ in range(4):
            chien.append(pack[i])
            i += 1
            each()
        chien.extend(pack[i:i + 2])
        i += 2
        each()
        self.hands = hands
        self.chien = chien
        self.dealer = dealer
        self.current = first
        self.over = self.annulled = False
        self.phase = AUCTION
        self.spoken = 0
        self.taker = -1
        self.contract = 0
        self.chelem = False
        self.chosen = []                # cards chosen so far for the discard or a poignée
        self.remaining = 0
        self.show_cards = None          # the cards a poignée being shown is made of
        self.shown = [0, 0, 0, 0]       # poignée points per seat
        self.trick = []
        self.trick_seats = []
        self.leader = first
        self.winners = []               # per trick, the seat that won it
        self.last_tricks = [None, None]     # the cards of the last two tricks (for the petit au bout)
        self.half = [0, 0, 0, 0]        # half points won per seat (the Excuse's half point paid)
        self.won_bouts = [0, 0, 0, 0]
        # Petit sec: the Petit as a player's only trump, without the Excuse, annuls the deal.
        for hand in hands:
            if PETIT in hand:
                if sum(1 for c in hand if c >= 56) == 1:
                    self.over = self.annulled = True
                    self.current = None
                break

    # --- decisions -----------------------------------------------------------------
    def legal(self) -> list:
        phase = self.phase
        if phase == PLAY:
            return self.legal_cards() + self.poignees()
        if phase == AUCTION:
            return [name for name, value in CALLS.items() if value > self.contract] + ["pass"]
        if phase == DISCARD:
            hand = [c for c in self.hands[self.taker] if c not in self.chosen]
            allowed = [c for c in hand if c not in KINGS and c not in BOUTS]
            if len(allowed) < self.remaining:
                allowed = hand
            plain = [c for c in allowed if c < 56]
            return plain if len(plain) >= self.remaining else allowed
        if phase == CHELEM:
            return ["announce chelem", "pass"]
        # SHOW: the trumps first, the Excuse (or another card) only to make up the count
        allowed = [c for c in self.show_cards if c not in self.chosen]
        trumps = [c for c in allowed if is_trump(c)]
        return trumps if len(trumps) >= self.remaining else allowed

    def apply(self, action) -> None:
        phase = self.phase
        if phase == PLAY:
            if isinstance(action, str):
                self.start_poignee(action)
            else:
                self.play(action)
        elif phase == AUCTION:
            self.bid(action)
        elif phase == DISCARD:
            self.chosen.append(action)
            self.remaining -= 1
            if not self.remaining:
                hand = self.hands[self.taker]
                for c in self.chosen:
                    hand.remove(c)
                self.chien = self.chosen
                self.chosen = []
                self.phase, self.current = CHELEM, self.taker
        elif phase == CHELEM:
            self.chelem = action == "announce chelem"
            self.start_play()
        else:
            self.chosen.append(action)
            self.remaining -= 1
            if not self.remaining:
                self.shown[self.current] = self.show_points
                self.chosen = []
                self.phase = PLAY

    def bid(self, call: str) -> None:
        if call != "pass":
            self.taker, self.contract = self.current, CALLS[call]
        self.spoken += 1
        self.current = (self.current + 1) % 4
        if self.spoken < 4:
            return
        if self.taker < 0:                      # all passed: the deal is void
            self.over = self.annulled = True
            self.current = None
        elif self.contract <= 2:                # prise, garde: the chien to the taker, who discards six
            self.hands[self.taker].extend(self.chien)
            self.phase, self.current, self.remaining, self.chosen = DISCARD, self.taker, 6, []
        else:
            self.phase, self.current = CHELEM, self.taker

    def start_play(self) -> None:
        self.phase = PLAY
        self.current = self.leader = self.taker if self.chelem else (self.dealer + 1) % 4

    # --- poignées ------------------------------------------------------------------
    def handful(self, seat: int, with_discard: bool) -> list[int]:
        hand = self.hands[seat]
        cards = [c for c in hand if c >= 56]
        if with_discard and seat == self.taker and self.contract <= 2 and sum(1 for k in KINGS if k in hand) == 4:
            cards += [c for c in self.chien if is_trump(c)]
        return cards

    def poignees(self) -> list[str]:
        """Offered before the player's first card, one per player."""
        seat = self.current
        if self.winners or seat in self.trick_seats or self.shown[seat]:
            return []
        n = len(self.handful(seat, False))
        offered = [name for name, need, _ in POIGNEES[:2] if n >= need]
        if len(self.handful(seat, True)) >= 15:
            offered.append("triple poignée")
        return offered

    def start_poignee(self, name: str) -> None:
        for k, (poignee, need, points) in enumerate(POIGNEES):
            if poignee == name:
                self.show_cards = self.handful(self.current, k == 2)
                self.remaining, self.show_points, self.chosen = need, points, []
                self.phase = SHOW

    # --- tricks --------------------------------------------------------------------
    def winning(self) -> int:
        """Index in the trick of the card winning it so far (-1: only the Excuse)."""
        at, best, led = -1, -1, -1
        for i, c in enumerate(self.trick):
            if c == EXCUSE:
                continue
            if c >= 56:
                strength = 100 + c
            elif led < 0 or c // 14 == led:
                led = c // 14 if led < 0 else led
                strength = 13 - c % 14
            else:
                continue
            if strength > best:
                at, best = i, strength
        return at

    def legal_cards(self) -> list[int]:
        hand = self.hands[self.current]
        trick = self.trick
        led = next((c for c in trick if c != EXCUSE), None)
        if led is None:                         # leading, or after a lone Excuse
            return list(hand)
        high = self.trick[self.winning()]
        top = high if high >= 56 else 55        # the trump to beat
        if led >= 56:
            cards = []                          # trumps led: trumps answer below
        else:
            suit = led // 14
            cards = [c for c in hand if c < 56 and c // 14 == suit]
        if not cards:
            trumps = [c for c in hand if 56 <= c < 77]
            cards = [c for c in trumps if c > top] or trumps
            if not cards:
                return list(hand)
        if EXCUSE in hand:                      # the Excuse may always be played
            cards.append(EXCUSE)
        return cards

    def team(self, seat: int) -> int:
        return 0 if seat == self.taker else 1

    def play(self, card: int) -> None:
        seat = self.current
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.trick_seats.append(seat)
        if len(self.trick) < 4:
            self.current = (seat + 1) % 4
            return
        trick, seats = self.trick, self.trick_seats
        last = not self.hands[seat]
        team = self.team
        if (last and trick[0] == EXCUSE and self.winners
                and all(team(w) == team(seats[0]) for w in self.winners)):
            at = 0                               # the Excuse led last by a side that took every trick
        else:
            at = self.winning()
        winner = seats[at]
        for i, c in enumerate(trick):
            owner = winner
            if c == EXCUSE:
                mine = team(seats[i])
                if not last and mine != team(winner):
                    owner = seats[i]             # kept by its side, paid for with half a point
                    self.half[owner] -= 1
                    self.half[winner] += 1
                elif last and i != at and mine == team(winner):
                    owner = next(s for s in range(4) if team(s) != mine)   # lost to the opponents
            self.half[owner] += HALF_POINTS[c]
            if c in BOUTS:
                self.won_bouts[owner] += 1
        self.winners.append(winner)
        self.last_tricks = [self.last_tricks[1], trick]
        self.trick, self.trick_seats = [], []
        if last:
            self.over = True
            self.current = None
        else:
            self.current = self.leader = winner

    # --- settlement ----------------------------------------------------------------
    def score(self) -> tuple:
        """The deal's score per seat."""
        if self.annulled:
            return (0, 0, 0, 0)
        taker, contract = self.taker, self.contract
        kept = self.chien if contract != 6 else []
        bouts = self.won_bouts[taker] + sum(1 for c in kept if c in BOUTS)
        target = (56, 51, 41, 36)[bouts]
        taken = (self.half[taker] + sum(HALF_POINTS[c] for c in kept)) / 2
        made = taken >= target
        teams = {0 if w == taker else 1 for w in self.winners}
        slam = teams.pop() if len(teams) == 1 else -1
        bout_trick = self.last_tricks[0] if slam >= 0 and self.last_tricks[1][0] == EXCUSE else self.last_tricks[1]
        petit = -1
        if PETIT in bout_trick:
            petit = 0 if self.winners[-2 if bout_trick is self.last_tricks[0] else -1] == taker else 1
        gain = (25 + abs(taken - target)) * contract * (1 if made else -1)
        if petit >= 0:
            gain += 10 * contract * (1 if petit == 0 else -1)
        poignees = sum(self.shown)
        gain += poignees if made else -poignees
        if slam == 0:
            gain += 400 if self.chelem else 200
        else:
            gain += (-200 if self.chelem else 0) + (-200 if slam == 1 else 0)
        return tuple(3 * gain if seat == taker else -gain for seat in range(4))


def playouts(deals: int, seed: int, seed_each_deal: bool = False) -> tuple[float, float]:
    """Deals/s and actions/s of uniform random playouts, the score computed after each deal."""
    return measure(Deal, 78, 4, deals, seed, seed_each_deal)


def text(action, deal: Deal) -> str:
    """The action as atout writes it, in the deal's present phase."""
    if isinstance(action, str):
        return action
    if deal.phase == DISCARD:
        return "discard " + CODES[action]
    if deal.phase == SHOW:
        return "show " + CODES[action]
    return "play " + CODES[action]
