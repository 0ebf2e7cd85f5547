"""Tests of the independent Partnership Auction Pinochle referee (pinochle_referee.py).

Hand-built deals check each rule with scores worked out by hand; seeded random deals
check the invariants (250 points in play, 12 tricks of 4, every legal action applies,
the legal set is never empty before the end, scores follow the reasons).
"""

import copy
import random
from collections import Counter

import pytest

from pinochle_referee import (
    CARDS,
    COUNTERS,
    DECK,
    MELDS,
    MIN_BID,
    RANKS,
    SUITS,
    TOTAL_IN_PLAY,
    Referee,
    count_meld,
)


# ---------------------------------------------------------------- helpers
def suit(s):
    """All 12 cards of a suit (each code twice)."""
    return [r + s for r in RANKS for _ in (0, 1)]


def c(text):
    return text.split()


def run(ref, *actions):
    for action in actions:
        ref.apply(action)


def start(hands, dealer, calls, trump, given, returned=None):
    """Auction, trump, then the partner passes `given` and the bidder passes
    `returned` (by default the same cards back, leaving the hands as dealt)."""
    ref = Referee([list(h) for h in hands], dealer)
    run(ref, *calls)
    ref.apply("trump " + trump)
    for card in given:
        ref.apply("pass " + card)
    for card in returned if returned is not None else given:
        ref.apply("pass " + card)
    assert ref.phase == "play" and ref.to_act() == ref.bidder
    return ref


def plays(ref):
    return {a.split()[1] for a in ref.legal()}


def play_out(ref, prefer=None, keep=None):
    """Play to the end: each seat plays the first card of its preference list that is
    legal, else the first legal card (sorted) other than its kept card, else any."""
    prefer = prefer or {}
    keep = keep or {}
    while not ref.is_over:
        seat = ref.to_act()
        options = sorted(plays(ref))
        choice = next((x for x in prefer.get(seat, ()) if x in options), None)
        if choice is None:
            choice = next((x for x in options if x != keep.get(seat)), options[0])
        ref.apply("play " + choice)


def meld_names(cards, trump):
    return sorted(name for name, _ in count_meld(cards, trump)[1])


# ---------------------------------------------------------------- constants
def test_deck_and_counters():
    assert len(DECK) == 48 and len(CARDS) == 24
    assert Counter(DECK) == {card: 2 for card in CARDS}
    assert {"AS", "10H", "QS", "JD", "9C"} <= set(CARDS)
    assert sum(COUNTERS[x] for x in DECK) == 240 and TOTAL_IN_PLAY == 250
    assert [COUNTERS[r + "H"] for r in RANKS] == [10, 10, 10, 0, 0, 0]
    assert MIN_BID == 250


def test_input_validation():
    hands = [suit("S"), suit("H"), suit("D"), suit("C")]
    Referee(hands, 0)
    with pytest.raises(ValueError):
        Referee(hands[:3], 0)
    with pytest.raises(ValueError):
        Referee([suit("S"), suit("H"), suit("D"), suit("C")[:11] + ["AS"]], 0)
    with pytest.raises(ValueError):
        Referee([suit("S"), suit("H"), suit("D"), suit("C")[:11] + ["XC"]], 0)
    with pytest.raises(ValueError):
        Referee([suit("S"), suit("H"), suit("D"), suit("C")[:11]], 0)
    with pytest.raises(ValueError):
        Referee(hands, 4)


# ---------------------------------------------------------------- meld counter
FILL = c("9S 9C 9D 10S 10C 10D 10H")  # no meld with hearts trump (no 9H)


def test_run_and_double_run():
    assert count_meld(c("AH 10H KH QH JH") + FILL, "H") == (150, [("run", 150)])
    assert count_meld(c("AH AH 10H 10H KH KH QH QH JH JH 9S 9C"), "H") == (
        1500,
        [("double run", 1500)],
    )
    # a run in a plain suit is nothing but its marriage
    assert count_meld(c("AS 10S KS QS JS") + c("9C 9D 10C 10D 10H JC JH"), "H") == (
        20,
        [("marriage S", 20)],
    )


def test_run_does_not_also_count_its_royal_marriage():
    # one extra King is no second royal marriage; an extra King and Queen are
    assert count_meld(c("AH 10H KH QH JH KH") + FILL[:6], "H")[0] == 150
    assert count_meld(c("AH 10H KH QH JH KH QH") + FILL[:5], "H") == (
        190,
        [("run", 150), ("royal marriage", 40)],
    )


def test_marriages_and_dix():
    assert count_meld(c("KH QH") + FILL + c("JC JS AC"), "H")[0] == 40
    assert count_meld(c("KH QH KH QH") + FILL + c("JC"), "H")[0] == 80
    assert count_meld(c("KS QS") + FILL[:5] + c("AC JC JH AD 10H"), "H") == (
        20,
        [("marriage S", 20)],
    )
    assert count_meld(c("KC QC KC QC 9S 9D 10S 10D 10H JH JS AD"), "H")[0] == 40
    assert count_meld(c("9H") + FILL + c("JC JS AC JH"), "H") == (10, [("dix", 10)])
    assert count_meld(c("9H 9H") + FILL + c("JC JS AC"), "H")[0] == 20


@pytest.mark.parametrize(
    "rank,single,double",
    [("A", "aces around", "double aces"), ("K", "kings around", "double kings"),
     ("Q", "queens around", "double queens"), ("J", "jacks around", "double jacks")],
)
def test_arounds_and_doubles(rank, single, double):
    four = [rank + s for s in SUITS]
    filler = c("9S 9C 9D 10S 10C 10D 10H 10S")
    assert count_meld(four + filler, "H") == (MELDS[single], [(single, MELDS[single])])
    assert count_meld(four + four + c("9S 9C 9D 10S"), "H") == (
        MELDS[double],
        [(double, MELDS[double])],
    )


def test_around_values():
    assert [MELDS[k] for k in ("aces around", "kings around", "queens around", "jacks around")] == [
        100, 80, 60, 40,
    ]
    assert [MELDS[k] for k in ("double aces", "double kings", "double queens", "double jacks")] == [
        1000, 800, 600, 400,
    ]


def test_pinochle_and_double_pinochle():
    assert count_meld(c("QS JD") + FILL + c("AC KC AD"), "H") == (40, [("pinochle", 40)])
    assert count_meld(c("QS JD QS JD") + FILL[:6] + c("AC KC"), "H") == (
        300,
        [("double pinochle", 300)],
    )


def test_same_card_in_melds_of_different_classes():
    # QS: marriage of spades, pinochle, queens around
    hand = c("KS QS JD QH QD QC 9S 9C 10S 10C JC 10D")
    assert count_meld(hand, "H") == (
        120,
        [("marriage S", 20), ("queens around", 60), ("pinochle", 40)],
    )
    # the run's King and Queen also serve in kings/queens around
    hand = c("AH 10H KH QH JH KS KD KC QS QD QC 9C")
    assert count_meld(hand, "H")[0] == 150 + 80 + 60 + 3 * 20
    # a marriage in each suit with trump hearts: 240 from its parts
    hand = c("KS KH KD KC QS QH QD QC 10S 10H 10D 10C")
    assert count_meld(hand, "H") == (
        240,
        [("marriage S", 20), ("royal marriage", 40), ("marriage D", 20),
         ("marriage C", 20), ("kings around", 80), ("queens around", 60)],
    )


def test_run_class_is_best_by_brute_force():
    rng = random.Random(5)
    for _ in range(2000):
        hand = rng.sample(list(DECK), 12)
        trump = rng.choice(SUITS)
        n = Counter(hand)
        runs_possible = min(n[r + trump] for r in ("A", "10", "K", "Q", "J"))
        best = max(
            {0: 0, 1: 150, 2: 1500}[r] + 40 * min(n["K" + trump] - r, n["Q" + trump] - r)
            for r in range(runs_possible + 1)
        )
        class1 = sum(v for name, v in count_meld(hand, trump)[1]
                     if name in ("run", "double run", "royal marriage"))
        assert class1 == best


# ---------------------------------------------------------------- auction and passing
def test_auction_order_raises_and_passed_players_are_out():
    ref = Referee([suit("S"), suit("H"), suit("D"), suit("C")], 1)
    assert ref.to_act() == 2 and ref.phase == "auction"
    legal = ref.legal()
    assert "pass" in legal and "bid 250" in legal and "bid 240" not in legal
    assert "bid 255" not in legal and legal == sorted(legal)
    run(ref, "bid 250", "pass")  # seat 2 bids, seat 3 passes
    assert ref.to_act() == 0 and "bid 250" not in ref.legal() and "bid 260" in ref.legal()
    with pytest.raises(ValueError):
        ref.apply("bid 250")
    run(ref, "bid 300", "pass", "bid 310")  # 0 bids 300, 1 passes, 2 bids 310
    assert ref.to_act() == 0  # seat 3 passed and is skipped
    ref.apply("pass")
    assert ref.phase == "trump" and ref.bidder == 2 and ref.bid == 310 and ref.to_act() == 2
    assert ref.legal() == ["trump C", "trump D", "trump H", "trump S"]


def test_all_pass_dealer_is_stuck_with_the_minimum():
    ref = Referee([suit("S"), suit("H"), suit("D"), suit("C")], 0)
    run(ref, "pass", "pass", "pass")
    assert ref.to_act() == 0 and ref.phase == "auction"
    ref.apply("pass")
    assert ref.stuck and ref.bidder == 0 and ref.bid == 250 and ref.phase == "trump"
    run(ref, "trump S", *["pass " + x for x in c("AD AD 10D 10D AD AD 10D 10D")])
    play_out(ref)
    # the dealer's side takes every trick (12 trumps): 1520 + 40 meld + 250 in play
    assert ref.scores() == [1810, 0]


def test_passing_partner_first_then_bidder_and_meld_after_passing():
    s0 = c("AS 10S KS QS AH AH 10H 10H KH KH QH QH")
    s2 = c("JS JS 9S 9S AD AD 10D 10D KD KD QD QD")
    s1 = c("AS 10S KS QS JH JH 9H 9H JD JD 9D 9D")
    s3 = suit("C")
    ref = Referee([s0, s1, s2, s3], 3)
    run(ref, "bid 250", "pass", "pass", "pass", "trump S")
    assert ref.phase == "passing" and ref.to_act() == 2
    assert ref.legal() == ["pass " + x for x in sorted(set(s2))]
    with pytest.raises(RuntimeError):
        ref.meld(0)
    run(ref, "pass JS", "pass 9S", "pass 9S", "pass AD")
    assert ref.to_act() == 0 and sum(ref.hands[0].values()) == 16
    assert sum(ref.hands[2].values()) == 8
    assert "pass JS" in ref.legal()  # the bidder may return a card just received
    run(ref, "pass AH", "pass AH", "pass KH", "pass AD")
    assert ref.phase == "play" and ref.to_act() == 0
    assert ref.passed_cards == {2: c("JS 9S 9S AD"), 0: c("AH AH KH AD")}
    # bidder: run 150 + royal marriage? no (one K, one Q of trump) + 2 dix + marriage H
    assert ref.meld(0) == (150 + 20 + 20, [("run", 150), ("marriage H", 20), ("dix", 10), ("dix", 10)])
    # partner: JS AD 10D 10D KD KD QD QD AH AH KH: two diamond marriages, no QH
    assert ref.meld(2) == (40, [("marriage D", 20), ("marriage D", 20)])
    assert sorted(Counter(ref.hands[0]).elements()) == sorted(
        c("AS 10S KS QS JS 9S 9S 10H 10H KH QH QH"))


# ---------------------------------------------------------------- following
def test_head_the_trick_trump_and_overtrump():
    s0 = c("AH AH 10H 10H KH KH QH QH AS AS 10S 10S")
    s1 = c("JS 9S AD AD 10D 10D KD KD QD QD JD JD")
    s2 = c("QS 9S 9D 9D AC JC 10C 10C KC KC QC QC")
    s3 = c("JH JH 9H 9H KS KS QS JS AC JC 9C 9C")
    ref = start([s0, s1, s2, s3], 3, ["bid 250", "pass", "pass", "pass"], "S",
                c("9D 9D QC QC"))
    ref.apply("play AH")
    assert plays(ref) == {"JS", "9S"}  # void in hearts: must trump
    ref.apply("play JS")
    assert plays(ref) == {"QS"}  # must overtrump: not the 9S
    ref.apply("play QS")
    assert plays(ref) == {"JH", "9H"}  # trick trumped: any heart, no need to trump
    ref.apply("play 9H")
    assert ref.tricks[0].winner == 2 and ref.to_act() == 2
    ref.apply("play 10C")
    assert plays(ref) == {"AC"}  # must head the trick in the suit led
    ref.apply("play AC")
    assert plays(ref) == {"AS", "10S"}  # void in clubs: any trump
    ref.apply("play 10S")
    assert plays(ref) == {"9S"}  # cannot overtrump: must still trump, not a diamond
    ref.apply("play 9S")
    assert ref.tricks[1].winner == 0
    ref.apply("play KH")
    assert plays(ref) == {"AD", "10D", "KD", "QD", "JD"}  # no heart, no trump: any
    ref.apply("play JD")
    assert plays(ref) == {"9S"}
    ref.apply("play 9S")
    assert plays(ref) == {"JH", "9H"}
    ref.apply("play JH")
    assert ref.tricks[2].winner == 2
    with pytest.raises(ValueError):
        ref.apply("play AH")  # not seat 2's card
    play_out(ref)
    assert ref.counters(0) + ref.counters(1) == 250 and len(ref.tricks) == 12


def test_trump_lead_must_be_beaten_and_first_of_two_equal_cards_wins():
    s0 = c("JS AH AD AD 10D 10D KD KD QD QD JD JD")
    s1 = c("QS 9S AH AC AC 10C 10C KC KC QC QC JC")
    s2 = c("KS JS 10H 9D 9D JC 9C 9C KH KH QH QH")
    s3 = c("AS AS 10S 10S KS QS 9S 9H 9H 10H JH JH")
    ref = start([s0, s1, s2, s3], 3, ["bid 250", "pass", "pass", "pass"], "S",
                c("9C 9C 9D 9D"))
    ref.apply("play JS")
    assert plays(ref) == {"QS"}  # trump led: must beat it (9S does not)
    ref.apply("play QS")
    assert plays(ref) == {"KS"}  # an equal JS does not beat; KS does
    ref.apply("play KS")
    assert plays(ref) == {"AS", "10S"}  # the other KS is equal, not higher
    ref.apply("play 10S")
    assert ref.tricks[0].winner == 3
    ref.apply("play 9H")
    assert plays(ref) == {"AH"}
    ref.apply("play AH")
    assert plays(ref) == {"AH"}  # the second copy: any heart, it cannot beat
    ref.apply("play AH")
    assert plays(ref) == {"10H", "KH", "QH"}
    ref.apply("play KH")
    assert ref.tricks[1].winner == 0  # the first AH played wins
    assert ref.tricks[1].plays == [(3, "9H"), (0, "AH"), (1, "AH"), (2, "KH")]
    play_out(ref)
    assert ref.counters(0) + ref.counters(1) == 250


# ---------------------------------------------------------------- scoring
def test_bid_made_other_side_takes_no_trick_and_loses_its_meld():
    hands = [suit("S"), suit("H"), suit("D"), suit("C")]
    ref = start(hands, 3, ["bid 250", "pass", "pass", "pass"], "S", c("AD AD 10D 10D"))
    assert ref.meld(0) == (1520, [("double run", 1500), ("dix", 10), ("dix", 10)])
    assert ref.meld(1) == (40, [("marriage H", 20), ("marriage H", 20)])
    assert ref.meld(2)[0] == 40 and ref.meld(3)[0] == 40
    play_out(ref)
    assert all(t.winner == 0 for t in ref.tricks)
    assert ref.counters(0) == 250 and ref.counters(1) == 0
    assert ref.scores() == [1520 + 40 + 240 + 10, 0]
    assert ("meld lost: the side took no trick", 1, 0) in ref.reasons
    assert ("last trick", 0, 10) in ref.reasons


def test_bid_set_when_the_side_takes_nothing():
    hands = [suit("H"), suit("S"), suit("D"), suit("C")]
    ref = start(hands, 3, ["bid 250", "pass", "pass", "pass"], "S", c("AD AD 10D 10D"))
    play_out(ref)
    assert ref.tricks[0].winner == 1 and all(t.winner == 1 for t in ref.tricks)
    # bidding side: meld 40 + 40 lost (no trick), 0 in play: set by 250
    assert ref.scores() == [-250, 1520 + 40 + 250]
    assert ref.reasons[0] == ("bid 250 set: made 0", 0, -250)


HANDS_C = [
    c("AS AS 10S 10S KS KS QS QS JS JS 9S 9H"),
    c("9S AH KH QH AD AC 10D 10C JD JC 9D 9C"),
    c("10H 10H AH JH KD KD QD QD AC KC QC 9C"),
    c("KH QH JH 9H AD 10D JD 9D 10C KC QC JC"),
]


def test_melds_of_the_mixed_deal():
    assert [count_meld(h, "S")[0] for h in HANDS_C] == [1510, 30, 60, 40]


def test_bid_made_both_sides_keep_meld_last_trick_to_the_other_side():
    ref = start(HANDS_C, 3, ["bid 250", "pass", "pass", "pass"], "S", c("KD KD QD QD"))
    play_out(ref, keep={0: "9H", 1: "AH", 2: "10H", 3: "KH"})
    assert [t.winner for t in ref.tricks] == [0] * 11 + [1]
    assert ref.tricks[-1].plays == [(0, "9H"), (1, "AH"), (2, "10H"), (3, "KH")]
    assert ref.counters(0) == 210 and ref.counters(1) == 40
    # team 0: meld 1510 + 60, 210 in play; team 1: meld 30 + 40 kept, 30 + last 10
    assert ref.scores() == [1780, 110]
    assert ("bid 250 made with 1780", 0, 0) in ref.reasons


def test_bid_set_though_the_side_took_a_trick():
    ref = start(HANDS_C, 0, ["bid 300", "pass", "pass", "pass"], "S", c("AD 10D JD 9D"))
    assert ref.bidder == 1 and ref.to_act() == 1  # the bid winner leads
    play_out(ref, prefer={1: ["AH"], 2: ["AH"], 3: ["KH"]})
    assert ref.tricks[0].plays == [(1, "AH"), (2, "AH"), (3, "KH"), (0, "9H")]
    assert ref.tricks[0].winner == 1  # the first of the two AH
    assert all(t.winner == 0 for t in ref.tricks[1:])
    # team 1: meld 70 + 30 in play = 100 < 300: set; team 0: 1570 + 210 + 10
    assert ref.scores() == [1790, -300]
    assert ref.reasons[0] == ("bid 300 set: made 100", 1, -300)


def test_a_trick_without_counters_keeps_the_meld():
    # team 1 takes only the last trick, with no counter in it: 9H QH JH 9H
    for needs, expected in (("trick", [1810, 70 + 10]), ("counter", [1810, 10])):
        ref = Referee([list(h) for h in HANDS_C], 3, meld_needs=needs)
        run(ref, "bid 250", "pass", "pass", "pass", "trump S")
        run(ref, *["pass " + x for x in c("KD KD QD QD KD KD QD QD")])
        play_out(ref, keep={0: "9H", 1: "QH", 2: "JH", 3: "9H"})
        assert ref.tricks[-1].plays == [(0, "9H"), (1, "QH"), (2, "JH"), (3, "9H")]
        assert [t.winner for t in ref.tricks] == [0] * 11 + [1]
        assert ref.counter_cards(1) == 0 and ref.counters(1) == 10
        assert ref.scores() == expected
    with pytest.raises(ValueError):
        Referee([list(h) for h in HANDS_C], 3, meld_needs="nothing")


def test_first_lead_option():
    ref = Referee([suit("S"), suit("H"), suit("D"), suit("C")], 1, first_lead="eldest")
    run(ref, "pass", "bid 250", "pass", "pass", "trump D", "pass AH", "pass AH", "pass 9H",
        "pass 9H", "pass AH", "pass AH", "pass 9H", "pass 9H")
    assert ref.bidder == 3 and ref.to_act() == 2
    with pytest.raises(ValueError):
        Referee([suit("S"), suit("H"), suit("D"), suit("C")], 1, first_lead="dealer")


# ---------------------------------------------------------------- random deals
def random_referee(seed):
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    return Referee([deck[i * 12:(i + 1) * 12] for i in range(4)], seed % 4), rng


def choose(ref, rng):
    legal = ref.legal()
    if ref.phase == "auction":
        if rng.random() < 0.55:
            return "pass"
        bids = sorted((a for a in legal if a != "pass"), key=lambda a: int(a.split()[1]))
        return rng.choice(bids[:5]) if bids else "pass"
    return rng.choice(legal)


def check_deal(ref):
    assert ref.is_over and ref.legal() == [] and ref.to_act() is None
    assert len(ref.tricks) == 12 and all(len(t.plays) == 4 for t in ref.tricks)
    assert ref.tricks[0].leader == (ref.bidder if ref.first_lead == "bidder" else (ref.dealer + 1) % 4)
    for i, t in enumerate(ref.tricks):
        seats = [s for s, _ in t.plays]
        assert seats == [(t.leader + k) % 4 for k in range(4)]
        if i:
            assert t.leader == ref.tricks[i - 1].winner
    played = Counter(x for t in ref.tricks for _, x in t.plays)
    assert played == Counter(DECK)
    assert ref.counters(0) + ref.counters(1) == 250
    for seat in range(4):  # the meld is the one of the 12 cards the seat then played
        cards = [x for t in ref.tricks for s, x in t.plays if s == seat]
        assert ref.meld(seat) == count_meld(cards, ref.trump)
    scores = ref.scores()
    for team in (0, 1):
        assert sum(v for _, t, v in ref.reasons if t == team) == scores[team]
    bidding = ref.bidder % 2
    assert scores[bidding] >= ref.bid or scores[bidding] == -ref.bid
    assert scores[1 - bidding] >= 0
    if scores[bidding] >= ref.bid:
        kept = ref.team_meld(bidding) if ref.tricks_won(bidding) else 0
        assert scores[bidding] == kept + ref.counters(bidding)
    other = 1 - bidding
    kept = ref.team_meld(other) if ref.tricks_won(other) else 0
    assert scores[other] == kept + ref.counters(other)


def test_random_deals():
    stuck = sets = made = 0
    bad = ["play XS", "bid 0", "pass QQ", "trump X", "concede"]
    for seed in range(3000):
        ref, rng = random_referee(seed)
        deep = seed % 300 == 0
        while not ref.is_over:
            legal = ref.legal()
            assert legal and ref.to_act() is not None and legal == sorted(set(legal))
            if deep:  # every legal action applies
                for action in legal:
                    copy.deepcopy(ref).apply(action)
            if seed % 50 == 0:
                with pytest.raises(ValueError):
                    ref.apply(rng.choice(bad))
            ref.apply(choose(ref, rng))
        check_deal(ref)
        stuck += ref.stuck
        if ref.scores()[ref.bidder % 2] < 0:
            sets += 1
        else:
            made += 1
    assert stuck and sets and made
