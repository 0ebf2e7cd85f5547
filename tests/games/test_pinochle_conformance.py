"""Partnership Auction Pinochle (games/pinochle.yaml) in lockstep with the independent referee.

tests/games/pinochle_referee.py was written from the published rules (Pagat's Partnership
Auction Pinochle, as its READINGS say) by someone who had not read the interpreter. Each
deal gives both the same twelve cards a seat (atout as a stacked layout) and the same
dealer; at every decision both name the same seat and the same legal action texts (the
two copies of a card are one action), the action drawn is applied to both,
and at the end every seat's score is its side's score in ``Referee.scores()`` and each
side's meld fact is the referee's meld for it.

Deals and policies: most deals are shuffled at random; some stack one seat with a big meld
(double run, eight of a rank, double pinochle, run and royal marriage, two arounds) so that
every line of the meld table counts, and a few split the suits between the sides (one side
holds two suits, the other two) so that a side takes no trick and its meld is lost. The
bidding mixes silent tables (all pass: the dealer is stuck at 250), seats bidding up to their
meld plus a guess at their counters, jumps, and wild bidders, so that bids are made and set,
at 250 and far above; trump is the bidder's best suit or a random one; cards passed and
played are drawn at random from the legal set.

For its seed the test plays 3,000 deals in about 20 s: 467 all passed (the dealer stuck:
214 made, 253 set), 2,533 won by a bid (made 1,102 with the stuck ones, set 1,431), 103 bids of
600 or more, 174 sides lost their meld for want of a trick, and every line of the meld table
counted (the double melds 9 to 55 times). All agree: the seat to act, every legal set, every
score and each side's meld.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
import random
import time

import pytest

import interpreter
from helpers import texts

from pinochle_referee import DECK, RANKS, SUITS, Referee, count_meld

DEALS = 3000
GAME = interpreter.load("pinochle")


def _lockstep_step(ours, ref: Referee) -> None:
    """Both name the same seat to act and the same legal actions, each once."""
    assert ours.current_player == ref.to_act(), (ours.history, ref.history)
    assert sorted(a.text for a in ours.legal_actions()) == ref.legal(), (ours.history, ref.history)


def _step(ours, ref: Referee, text: str) -> None:
    ref.apply(text)
    ours.apply(text)


def _check_end(ours, ref: Referee) -> None:
    assert ours.is_over, ours.history
    result = ours.result()
    scores = ref.scores()
    assert list(result.seat_scores) == [scores[s % 2] for s in range(4)], (ours.history, result.reasons,
                                                                          ref.reasons)
    assert list(result.team_scores) == scores
    facts = result.facts
    assert [facts["meld_north_south"], facts["meld_east_west"]] == [ref.team_meld(0), ref.team_meld(1)]


# --- deals ----------------------------------------------------------------------------------------

def _cards(text: str) -> list[str]:
    return text.split()


def _melds() -> list[list[str]]:
    """Big melds a seat may be stacked with (each code as often as the hand should hold it)."""
    found = []
    for s in SUITS:
        found.append([r + s for r in ("A", "10", "K", "Q", "J") for _ in (0, 1)])       # double run
        found.append([r + s for r in ("A", "10", "K", "Q", "J", "K", "Q", "9")])         # run, royal marriage, dix
    for r in ("A", "K", "Q", "J"):
        found.append([r + s for s in SUITS for _ in (0, 1)])                             # eight of a rank
    found.append(_cards("QS QS JD JD KS KS KH QH"))                                       # double pinochle, marriages
    found.append([r + s for r in ("A", "K") for s in SUITS])                              # aces and kings around
    found.append([r + s for r in ("K", "Q") for s in SUITS] + _cards("JD"))              # round house
    return found


MELDS = _melds()


def _deal(rng: random.Random, stats: Counter) -> list[list[str]]:
    roll = rng.random()
    if roll < 0.04:                            # the suits split between the sides
        stats["split suits"] += 1
        suits = list(SUITS)
        rng.shuffle(suits)
        hands: list[list[str]] = [[] for _ in range(4)]
        for side, pair in ((0, suits[:2]), (1, suits[2:])):
            cards = [c for c in DECK if c[-1] in pair]
            rng.shuffle(cards)
            hands[side], hands[side + 2] = cards[:12], cards[12:]
        return hands
    cards = list(DECK)
    rng.shuffle(cards)
    if roll < 0.25:                            # one seat holds a big meld
        stats["stacked meld"] += 1
        meld = rng.choice(MELDS)
        rest = list(DECK)
        for c in meld:
            rest.remove(c)
        rng.shuffle(rest)
        seat = rng.randrange(4)
        hand = meld + rest[:12 - len(meld)]
        others = rest[12 - len(meld):]
        hands = [others[12 * k:12 * k + 12] for k in range(3)]
        hands.insert(seat, hand)
        return hands
    return [cards[12 * p:12 * p + 12] for p in range(4)]


# --- policies -----------------------------------------------------------------------------------

KEEP = {r + s for r in ("A", "K", "Q", "J") for s in SUITS}    # cards a bidder keeps for his meld


class Table:
    """How the four seats bid, name trump and pass cards in one deal."""

    def __init__(self, rng: random.Random, hands: list[list[str]]):
        self.rng = rng
        roll = rng.random()
        self.style = "silent" if roll < 0.08 else "wild" if roll < 0.2 else "counted"
        # each seat's meld in each trump (the hands do not change before trump is named)
        melds = [{t: count_meld(hand, t)[0] for t in SUITS} for hand in hands]
        self.trumps = [max(SUITS, key=lambda t: (m[t] + 15 * sum(c[-1] == t for c in hand), t))
                       for m, hand in zip(melds, hands)]
        self.limits = [10 * round((max(m.values()) + rng.gauss(180, 50)) / 10) for m in melds]
        self.random_trump = rng.random() < 0.25
        self.careful = rng.random() < 0.7         # pass the partner good cards, keep one's meld

    def call(self, legal: list[str], seat: int) -> str:
        bids = sorted(int(t.split()[1]) for t in legal if t != "pass")     # the legal set is sorted as text
        rng = self.rng
        if self.style == "silent" or not bids:
            return "pass"
        if self.style == "wild":
            if rng.random() < 0.5:
                return "pass"
            if rng.random() < 0.2:
                return f"bid {rng.choice(bids)}"
            return f"bid {bids[min(len(bids) - 1, int(rng.expovariate(0.3)))]}"
        if bids[0] > self.limits[seat]:
            return "pass"
        if rng.random() < 0.15:                 # a jump
            return f"bid {min(self.limits[seat], bids[0] + 10 * rng.randint(1, 6), bids[-1])}"
        return f"bid {bids[0]}"

    def give(self, ref: Referee, legal: list[str]) -> str:
        if not self.careful:
            return self.rng.choice(legal)
        trump = ref.trump
        if ref.to_act() == ref.partner:         # trumps and aces to the bidder, but not his arounds
            hand = ref.hands[ref.partner]
            arounds = {r for r in ("A", "K", "Q", "J") if all(hand[r + s] for s in SUITS)}
            good = [t for t in legal if (t[-1] == trump or t.startswith("pass A")) and t[5:-1] not in arounds]
        else:                                   # the bidder gives away what makes no meld
            good = [t for t in legal if t[-1] != trump and t[5:] not in KEEP]
        return self.rng.choice(good or legal)

    def choose(self, ref: Referee, legal: list[str]) -> str:
        if ref.phase == "auction":
            return self.call(legal, ref.to_act())
        if ref.phase == "trump":
            return self.rng.choice(legal) if self.random_trump else "trump " + self.trumps[ref.bidder]
        if ref.phase == "passing":
            return self.give(ref, legal)
        return self.rng.choice(legal)


# --- the lockstep -------------------------------------------------------------------------------

def play_one(rng: random.Random, stats: Counter) -> None:
    hands = _deal(rng, stats)
    dealer = rng.randrange(4)
    ref = Referee(hands, dealer)
    ours = GAME.new_deal(layout={"hands": hands}, dealer=dealer)
    table = Table(rng, hands)
    while not ref.is_over:
        _lockstep_step(ours, ref)
        _step(ours, ref, table.choose(ref, ref.legal()))
    _check_end(ours, ref)
    bidding = ref.bidder % 2
    scores = ref.scores()
    made = scores[bidding] >= 0
    stats["stuck" if ref.stuck else "bid won"] += 1
    stats[("stuck " if ref.stuck else "") + ("made" if made else "set")] += 1
    stats["bid 400 or more"] += ref.bid >= 400
    stats["bid 600 or more"] += ref.bid >= 600
    for t in (0, 1):
        stats["meld lost"] += ref.team_meld(t) > 0 and ref.tricks_won(t) == 0
    names = {name.split()[0] if name.startswith("marriage") else name
             for s in range(4) for name, _ in ref.meld(s)[1]}
    for name in names:
        stats[f"meld: {name}"] += 1


@pytest.fixture(scope="module")
def lockstep() -> Counter:
    rng = random.Random(20261205)
    stats: Counter = Counter()
    start = time.perf_counter()
    for _ in range(DEALS):
        play_one(rng, stats)
    stats["seconds"] = round(time.perf_counter() - start)
    return stats


def test_lockstep_with_the_referee(lockstep):
    stats = lockstep
    assert stats["stuck"] + stats["bid won"] == DEALS
    assert DEALS // 30 < stats["stuck"] < DEALS // 5, stats
    assert stats["stuck made"] > 10 and stats["stuck set"] > 10, stats
    assert stats["made"] > DEALS // 10 and stats["set"] > DEALS // 10, stats
    assert stats["bid 600 or more"] > DEALS // 100, stats
    assert stats["meld lost"] > 10, stats
    # every line of the meld table counts in some deal
    for name in ("run", "double run", "royal marriage", "marriage", "dix", "aces around", "double aces",
                 "kings around", "double kings", "queens around", "double queens", "jacks around",
                 "double jacks", "pinochle", "double pinochle"):
        assert stats[f"meld: {name}"] > 5, (name, stats)


# --- the file, and two decisive rules ---------------------------------------------------------------

def test_the_rule_file_validates():
    problems, game = interpreter.problems_in(Path(__file__).resolve().parents[2] / "games" / "pinochle.yaml")
    assert [p.format() for p in problems] == []
    assert game is not None and game.deck.copies == 2 and len(game.deck.codes) == 48


# Each side holds two suits: North-South (0, 2) spades and hearts, East-West (1, 3) diamonds and clubs.
SPLIT = [[r + "S" for r in RANKS for _ in (0, 1)], [r + "D" for r in RANKS for _ in (0, 1)],
         [r + "H" for r in RANKS for _ in (0, 1)], [r + "C" for r in RANKS for _ in (0, 1)]]
HEARTS_GIVEN = _cards("9H JH 9H JH")          # seat 2 passes these to seat 0, who passes them back


def _run_both(dealer: int, calls: list[str], trump: str) -> tuple:
    """The split deal in both: the calls, the trump, the passing (the same four cards back), then
    each seat plays its first legal card."""
    ref = Referee([list(h) for h in SPLIT], dealer)
    ours = GAME.new_deal(layout={"hands": SPLIT}, dealer=dealer)
    for text in calls + [trump] + ["pass " + c for c in HEARTS_GIVEN * 2]:
        _lockstep_step(ours, ref)
        _step(ours, ref, text)
    while not ref.is_over:
        _lockstep_step(ours, ref)
        _step(ours, ref, ref.legal()[0])
    _check_end(ours, ref)
    return ours, ref


def test_meld_counts_only_for_a_side_that_takes_a_trick():
    # Seat 0 bids 250 and names spades: his side wins every trick (East-West hold no spade or
    # heart). North-South: seat 0's double run 1500 and two dix 20, seat 2's two heart marriages
    # 40, every counter 240 and the last trick 10: 1810. East-West melded two marriages each (80)
    # but took no trick: nothing.
    ours, ref = _run_both(3, ["bid 250", "pass", "pass", "pass"], "trump S")
    assert ours.taker == 0 and ours.contract == 250
    assert ours.result().facts["meld_east_west"] == 80 == ref.team_meld(1)
    assert list(ours.result().seat_scores) == [1810, 0, 1810, 0] == [ref.scores()[s % 2] for s in range(4)]


def test_all_pass_sticks_the_dealer_at_250_and_a_set_loses_it():
    # All four pass: the dealer (seat 0) takes the contract at 250 and names trump; he names
    # diamonds, which his side lacks, and East-West take every trick: North-South's meld (80)
    # is not enough, and is lost with the tricks: they score minus the bid. East-West: seat 1's
    # double run in diamonds and two dix 1520, seat 3's marriages 40, counters 240, last trick 10.
    ref = Referee([list(h) for h in SPLIT], 0)
    ours = GAME.new_deal(layout={"hands": SPLIT}, dealer=0)
    for _ in range(4):
        ref.apply("pass")
        ours.apply("pass")
    assert ours.current_player == 0 == ref.to_act() and ours.taker == 0 and ours.contract == 250
    assert texts(ours) == ["trump S", "trump H", "trump D", "trump C"] and sorted(texts(ours)) == ref.legal()
    ours, ref = _run_both(0, ["pass"] * 4, "trump D")
    assert ours.result().facts["meld_north_south"] == 80
    assert list(ours.result().seat_scores) == [-250, 1810, -250, 1810] == [ref.scores()[s % 2] for s in range(4)]
