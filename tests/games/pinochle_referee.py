"""An independent referee for one deal of four-handed Partnership Auction Pinochle.

Written from the published rules (Pagat's "Partnership Auction Pinochle",
https://www.pagat.com/marriage/pinpart.html, its main version) and the referee brief,
without looking at the interpreter, so that the engine's Pinochle can be compared with
it action by action. See ``READINGS`` for every choice among variants and for what in
the page could not be checked word for word.

Cards: the 48-card double deck, two copies each of A 10 K Q J 9 in spades S, hearts H,
diamonds D, clubs C. Code = rank then suit: ``AS``, ``10H``, ``KD``, ``QS``, ``JD``,
``9C``. The two copies of a card have the same code; a hand is a list that may hold a
code twice. Within a suit the cards rank A (high) 10 K Q J 9.

Seats 0..3 in the direction of play; partners 0-2 (team 0) and 1-3 (team 1). Seat
dealer+1 speaks first; the bid winner leads to the first trick.

Action texts:
  auction      ``bid N`` (N = 250, 260, .. up to MAX_BID, above the standing bid),
               ``pass`` (a player who passed is out of the auction). If all four pass
               the dealer is stuck with the minimum bid (no further action).
  trump        ``trump S`` / ``trump H`` / ``trump D`` / ``trump C`` (bid winner).
  passing      ``pass CODE``: the bidder's partner passes 4 cards to the bidder, one
               action a card; then the bidder passes 4 cards back the same way (he may
               return cards he was just given).
  meld         no action: each player's best meld is counted from his 12 cards.
  play         ``play CODE``.

Legal actions are the distinct texts (two copies of a card give one action), sorted as
strings.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

READINGS = (
    "SOURCE: Pagat's pinpart.html could not be retrieved from the stored web corpus "
    "(about 25 page/code look-ups, none returned it). The readings below are the page's "
    "main version as known to the author, checked where possible against Pagat's own "
    "'Three player Pinochle' page (pin3.html, retrieved), Bicycle/Hoyle 'Partnership "
    "Pinochle' and 'Partnership Auction Pinochle' (retrieved) and Parlett's meld table "
    "(retrieved). Quotations below are from those retrieved pages, not from pinpart.",
    "Counters: A, 10, K = 10 points each, Q J 9 nothing, last trick 10, so 250 in play "
    "(Pagat pin3: 'Counters are valued at 10 points apiece, while losers are worth "
    "nothing ... The last trick is worth an additional 10 points, so the total number of "
    "points available to be won in each hand is 250'). Not the 1-point count, not the "
    "old 11/10/4/3/2.",
    "Auction: seat dealer+1 first, clockwise; bids in multiples of 10, minimum 250, each "
    "higher than the last; a player who passes may not bid again (Hoyle: 'When a player "
    "has passed, he may no longer bid'); it ends when three have passed after a bid. "
    "The page sets no ceiling: the referee offers bids up to MAX_BID=1000 (its own "
    "choice; max_bid= to change).",
    "All four pass: the dealer is stuck with the minimum bid (250) and names trump; no "
    "redeal.",
    "Trump: the bid winner names any suit (no marriage in the suit required).",
    "Passing: after trump is named the bidder's partner passes 4 cards to the bidder, "
    "then the bidder passes 4 back (any 4 of his 16, the received ones included); "
    "modelled as 'pass CODE' one card at a time, partner first. pass_count=0 disables it.",
    "Meld is counted after the passing, from each player's final 12 cards, for all four "
    "players; partners' melds add.",
    "Meld table: run (A-10-K-Q-J of trump) 150, double run 1500; royal marriage (K-Q of "
    "trump) 40; marriage (K-Q of a plain suit) 20; dix (9 of trump) 10 each; aces around "
    "100, double 1000; kings around 80, double 800; queens around 60, double 600; jacks "
    "around 40, double 400; pinochle (QS+JD) 40, double pinochle 300 (Hoyle: 'Double "
    "pinochle 300, All 8 jacks 400, All 8 queens 600, All 8 kings 800, All 8 aces 1,000, "
    "Double flush 1,500'). Two marriages in one suit score 20 each, two dix 10 each "
    "(Parlett: 'Two distinct but identical melds both score'). No round-house bonus (a "
    "marriage in each suit plus kings and queens around already sums to 240).",
    "Same card in two melds: allowed in melds of different classes (class 1 run and "
    "marriages, class 2 arounds, class 3 pinochle; the dix apart), never in two melds of "
    "one class. So the K-Q inside a run is not also a royal marriage (Parlett: 'The "
    "royal marriage contained within a flush does not score separately'); a run plus a "
    "spare K and Q of trump scores 150+40.",
    "Play: the bidder leads to the first trick; the winner of a trick leads to the next. "
    "(Hoyle's Partnership Auction Pinochle differs: 'with the player on the dealer's left "
    "leading first, no matter who made the highest bid', and its lowest bid is 100; "
    "first_lead='eldest' gives that lead.)",
    "Following: follow suit if able; then you must head the trick if you can: when the "
    "best card so far is of the suit led you must beat it, when the trick is already "
    "trumped (plain suit led) any card of the suit led will do. Void in the suit led: "
    "you must trump, overtrumping the best trump so far if you can, otherwise any trump; "
    "with no trump, any card. A card equal to the best so far does not beat it.",
    "Equal cards: of two identical cards the one played first wins (Hoyle: 'If duplicate "
    "cards are played to the same trick, the one played first ranks higher').",
    "Keeping meld: a side's meld counts only if it wins at least one trick, any trick "
    "(Hoyle: 'No meld finally counts unless the side making it wins at least one "
    "trick'). meld_needs='counter' gives the variant needing a counter taken.",
    "Scoring: the bidding side, if its kept meld plus points taken (counters + last "
    "trick) reaches the bid, scores all of it; otherwise it scores minus the bid and "
    "nothing else (Hoyle: 'If it scores less than its bid, the amount of the bid is "
    "deducted from its score'). The other side always scores its kept meld plus points "
    "taken.",
    "No concession: the main version offers no throw-in, so 'concede' is never legal and "
    "every deal is played out.",
)

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "10", "K", "Q", "J", "9")  # high to low
POWER = {"A": 5, "10": 4, "K": 3, "Q": 2, "J": 1, "9": 0}
COUNTER_VALUES = {"A": 10, "10": 10, "K": 10, "Q": 0, "J": 0, "9": 0}
LAST_TRICK = 10

CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
DECK: tuple[str, ...] = tuple(c for c in CARDS for _ in range(2))
SUIT = {c: c[-1] for c in CARDS}
RANK = {c: c[:-1] for c in CARDS}
COUNTERS = {c: COUNTER_VALUES[RANK[c]] for c in CARDS}
TOTAL_IN_PLAY = sum(COUNTERS[c] for c in DECK) + LAST_TRICK  # 250

MIN_BID = 250
BID_STEP = 10
MAX_BID = 1000
PASS_COUNT = 4

MELDS = {
    "run": 150,
    "double run": 1500,
    "royal marriage": 40,
    "marriage": 20,
    "dix": 10,
    "aces around": 100,
    "double aces": 1000,
    "kings around": 80,
    "double kings": 800,
    "queens around": 60,
    "double queens": 600,
    "jacks around": 40,
    "double jacks": 400,
    "pinochle": 40,
    "double pinochle": 300,
}
AROUNDS = (("A", "aces"), ("K", "kings"), ("Q", "queens"), ("J", "jacks"))


def count_meld(cards, trump: str) -> tuple[int, list[tuple[str, int]]]:
    """The best meld in a 12-card hand: (points, [(meld name, value), ...]).

    A card serves once per class: class 1 (run, royal marriage, marriage), class 2
    (arounds), class 3 (pinochle); the dix stands alone.
    """
    if trump not in SUITS:
        raise ValueError(f"bad trump {trump!r}")
    n = Counter(cards)
    melds: list[tuple[str, int]] = []
    # class 1: the run takes one K and one Q of trump per run (a run always beats
    # using that K-Q as a royal marriage: 150 > 40)
    runs = min(n[r + trump] for r in ("A", "10", "K", "Q", "J"))
    if runs == 2:
        melds.append(("double run", MELDS["double run"]))
    elif runs == 1:
        melds.append(("run", MELDS["run"]))
    for suit in SUITS:
        pairs = min(n["K" + suit], n["Q" + suit])
        if suit == trump:
            melds += [("royal marriage", MELDS["royal marriage"])] * (pairs - runs)
        else:
            melds += [("marriage " + suit, MELDS["marriage"])] * pairs
    melds += [("dix", MELDS["dix"])] * n["9" + trump]
    # class 2
    for rank, word in AROUNDS:
        k = min(n[rank + s] for s in SUITS)
        if k == 2:
            melds.append(("double " + word, MELDS["double " + word]))
        elif k == 1:
            melds.append((word + " around", MELDS[word + " around"]))
    # class 3
    k = min(n["QS"], n["JD"])
    if k == 2:
        melds.append(("double pinochle", MELDS["double pinochle"]))
    elif k == 1:
        melds.append(("pinochle", MELDS["pinochle"]))
    return sum(v for _, v in melds), melds


def beats(card: str, best: str, led: str, trump: str) -> bool:
    """Whether card, played after best, takes the lead of the trick from it."""
    if SUIT[card] == SUIT[best]:
        return POWER[RANK[card]] > POWER[RANK[best]]  # an equal card does not
    return SUIT[card] == trump


class Trick(NamedTuple):
    leader: int
    plays: list  # [(seat, card), ...] in playing order
    winner: int


def team(seat: int) -> int:
    return seat % 2


class Referee:
    def __init__(
        self,
        hands: list[list[str]],
        dealer: int,
        *,
        min_bid: int = MIN_BID,
        max_bid: int = MAX_BID,
        bid_step: int = BID_STEP,
        pass_count: int = PASS_COUNT,
        meld_needs: str = "trick",
        first_lead: str = "bidder",
    ) -> None:
        if not isinstance(hands, (list, tuple)) or len(hands) != 4:
            raise ValueError("four hands expected")
        if any(not isinstance(h, (list, tuple)) or len(h) != 12 for h in hands):
            raise ValueError("each hand must hold 12 cards")
        if any(c not in SUIT for h in hands for c in h):
            raise ValueError("unknown card code")
        if Counter(c for h in hands for c in h) != Counter(DECK):
            raise ValueError("the hands must hold the 48 cards, each code twice")
        if not isinstance(dealer, int) or not 0 <= dealer < 4:
            raise ValueError("dealer out of range")
        if meld_needs not in ("trick", "counter"):
            raise ValueError("meld_needs must be 'trick' or 'counter'")
        if first_lead not in ("bidder", "eldest"):
            raise ValueError("first_lead must be 'bidder' or 'eldest'")
        if not 0 <= pass_count <= 12 or min_bid > max_bid or bid_step <= 0:
            raise ValueError("bad options")
        self.min_bid, self.max_bid, self.bid_step = min_bid, max_bid, bid_step
        self.pass_count = pass_count
        self.meld_needs = meld_needs
        self.first_lead = first_lead

        self.initial_hands = [list(h) for h in hands]
        self.hands = [Counter(h) for h in hands]
        self.dealer = dealer
        self.phase = "auction"
        self._actor: int | None = (dealer + 1) % 4
        self.calls: list[tuple[int, str]] = []
        self.out: set[int] = set()
        self.bid: int | None = None
        self.bidder: int | None = None
        self.stuck = False
        self.trump: str | None = None
        self.partner: int | None = None
        self.passed_cards: dict[int, list[str]] = {}
        self._melds: list[tuple[int, list]] | None = None
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[Trick] = []
        self.history: list[tuple[int, str]] = []
        self.reasons: list[tuple[str, int, int]] = []
        self._scores: list[int] | None = None
        self._legal: list[str] | None = None

    # ------------------------------------------------------------------ queries
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def to_act(self) -> int | None:
        return None if self.phase == "over" else self._actor

    def scores(self) -> list[int]:
        """Each team's score for the deal: [seats 0-2, seats 1-3]."""
        if self._scores is None:
            raise RuntimeError("the deal is not over")
        return list(self._scores)

    def meld(self, seat: int) -> tuple[int, list[tuple[str, int]]]:
        """The seat's meld points and the melds counted (after trump and passing)."""
        if self._melds is None:
            raise RuntimeError("melds are counted once trump is named and cards passed")
        points, melds = self._melds[seat]
        return points, list(melds)

    def team_meld(self, t: int) -> int:
        return self.meld(t)[0] + self.meld(t + 2)[0]

    def tricks_won(self, t: int) -> int:
        return sum(1 for tr in self.tricks if team(tr.winner) == t)

    def counter_cards(self, t: int) -> int:
        """Counter points in the team's tricks, without the last trick bonus."""
        return sum(COUNTERS[c] for tr in self.tricks if team(tr.winner) == t for _, c in tr.plays)

    def counters(self, t: int) -> int:
        """Points the team took in play: counters in its tricks plus the last trick 10."""
        bonus = LAST_TRICK if len(self.tricks) == 12 and team(self.tricks[-1].winner) == t else 0
        return self.counter_cards(t) + bonus

    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = sorted(set(self._compute_legal()))
            self._legal_set = frozenset(self._legal)
        return list(self._legal)

    def _compute_legal(self) -> list[str]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "auction":
            low = self.min_bid if self.bid is None else self.bid + self.bid_step
            return ["pass"] + [f"bid {n}" for n in range(low, self.max_bid + 1, self.bid_step)]
        if phase == "trump":
            return ["trump " + s for s in SUITS]
        hand = self.hands[self._actor]
        if phase == "passing":
            return ["pass " + c for c in hand if hand[c]]
        return ["play " + c for c in self._playable(self._actor)]

    def _playable(self, seat: int) -> list[str]:
        hand = [c for c in self.hands[seat] if self.hands[seat][c]]
        if not self.trick:
            return hand
        led = SUIT[self.trick[0][1]]
        best = self._best()
        trump = self.trump
        follow = [c for c in hand if SUIT[c] == led]
        if follow:
            if SUIT[best] != led:  # a plain suit led and already trumped
                return follow
            return [c for c in follow if beats(c, best, led, trump)] or follow
        trumps = [c for c in hand if SUIT[c] == trump]
        if trumps:
            return [c for c in trumps if beats(c, best, led, trump)] or trumps
        return hand

    def _best(self) -> str:
        led = SUIT[self.trick[0][1]]
        best = self.trick[0][1]
        for _, c in self.trick[1:]:
            if beats(c, best, led, self.trump):
                best = c
        return best

    # ------------------------------------------------------------------ actions
    def apply(self, text: str) -> None:
        self.legal()
        if text not in self._legal_set:
            raise ValueError(f"illegal action {text!r} (legal: {self._legal[:12]}...)")
        self._legal = None
        seat = self._actor
        self.history.append((seat, text))
        phase = self.phase
        if phase == "auction":
            self._apply_call(seat, text)
        elif phase == "trump":
            self.trump = text.split()[1]
            if self.pass_count:
                self.phase = "passing"
                self._actor = self.partner
                self.passed_cards = {self.partner: [], self.bidder: []}
            else:
                self._start_play()
        elif phase == "passing":
            card = text.split()[1]
            other = self.bidder if seat == self.partner else self.partner
            self.hands[seat][card] -= 1
            self.hands[other][card] += 1
            self.passed_cards[seat].append(card)
            if len(self.passed_cards[seat]) == self.pass_count:
                if seat == self.partner:
                    self._actor = self.bidder
                else:
                    self._start_play()
        else:
            self._apply_play(seat, text.split()[1])

    def _apply_call(self, seat: int, text: str) -> None:
        self.calls.append((seat, text))
        if text == "pass":
            self.out.add(seat)
        else:
            self.bid = int(text.split()[1])
            self.bidder = seat
        if len(self.out) == 4:  # all pass: the dealer is stuck with the minimum
            self.bidder, self.bid, self.stuck = self.dealer, self.min_bid, True
        elif not (len(self.out) == 3 and self.bidder is not None):
            nxt = (seat + 1) % 4
            while nxt in self.out:
                nxt = (nxt + 1) % 4
            self._actor = nxt
            return
        self.partner = (self.bidder + 2) % 4
        self.phase = "trump"
        self._actor = self.bidder

    def _start_play(self) -> None:
        self._melds = [count_meld(list(self.hands[s].elements()), self.trump) for s in range(4)]
        self.phase = "play"
        self._actor = self.bidder if self.first_lead == "bidder" else (self.dealer + 1) % 4

    def _apply_play(self, seat: int, card: str) -> None:
        self.hands[seat][card] -= 1
        self.trick.append((seat, card))
        if len(self.trick) < 4:
            self._actor = (seat + 1) % 4
            return
        best = self._best()
        winner = next(s for s, c in self.trick if c == best)  # the first copy played
        self.tricks.append(Trick(self.trick[0][0], list(self.trick), winner))
        self.trick = []
        if len(self.tricks) == 12:
            self._settle()
        else:
            self._actor = winner

    # --------------------------------------------------------------- settlement
    def meld_kept(self, t: int) -> bool:
        if self.meld_needs == "counter":
            return self.counter_cards(t) > 0
        return self.tricks_won(t) > 0

    def _settle(self) -> None:
        self.phase = "over"
        self._actor = None
        bidding = team(self.bidder)
        scores = [0, 0]
        last = team(self.tricks[-1].winner)
        for t in (bidding, 1 - bidding):
            meld = self.team_meld(t)
            kept = self.meld_kept(t)
            items = []
            if meld:
                if kept:
                    items.append(("meld", t, meld))
                else:
                    items.append(("meld lost: the side took no trick", t, 0))
            items.append(("counters", t, self.counter_cards(t)))
            if last == t:
                items.append(("last trick", t, LAST_TRICK))
            total = sum(v for _, _, v in items)
            if t == bidding:
                if total >= self.bid:
                    items.append((f"bid {self.bid} made with {total}", t, 0))
                else:
                    items = [(f"bid {self.bid} set: made {total}", t, -self.bid)]
            self.reasons += items
            scores[t] = sum(v for _, _, v in items)
        self._scores = scores
