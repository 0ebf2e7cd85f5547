"""Tests of the independent Doppelkopf referee (tests/games/doppelkopf_referee.py).

Hand-built deals check each DDV rule with scores worked out by hand; seeded random deals
check the invariants (240 card points, zero-sum scores, 12 tricks, legal actions).

A deal is written as its twelve tricks, each (leader, "card card card card") in playing
order from the leader; the hands are read off the tricks, and playing the script checks
that every card is legal and that each trick goes to the expected winner.
"""

import copy
import random

import pytest

from doppelkopf_referee import (
    ABSAGEN, CARD_POINTS, DECK, NEEDED, POINTS, READINGS, Order, Referee)


# ---------------------------------------------------------------- helpers
def hands_of(script):
    hands = [[], [], [], []]
    for leader, cards, _ in script:
        for k, card in enumerate(cards.split()):
            hands[(leader + k) % 4].append(card)
    return hands


def deal(script, dealer=3):
    return Referee(hands_of(script), dealer)


def reserve(ref, declarations=None):
    """Reservation round: seats in `declarations` reserve and declare, others healthy."""
    declarations = declarations or {}
    for _ in range(4):
        ref.apply("reservation" if ref.to_act() in declarations else "healthy")
    while ref.phase == "declaration":
        ref.apply(declarations[ref.to_act()])


def play(ref, script, announce=None, upto=None):
    """Play the script; announce maps (trick number from 1, seat) to announcements made
    before that seat's card. Stops before trick `upto` (1-based) if given."""
    announce = announce or {}
    for number, (leader, cards, winner) in enumerate(script, 1):
        if number <= len(ref.tricks):
            continue  # already played
        if upto is not None and number == upto:
            return
        assert ref.to_act() == leader, (number, ref.to_act(), leader)
        for k, card in enumerate(cards.split()):
            seat = (leader + k) % 4
            assert ref.to_act() == seat
            for text in announce.get((number, seat), ()):
                ref.apply(text)
                assert ref.to_act() == seat
            ref.apply("play " + card)
        assert ref.tricks[-1].winner == winner, (number, ref.tricks[-1])
    assert ref.is_over


def run(script, declarations=None, announce=None, dealer=3):
    ref = deal(script, dealer)
    reserve(ref, declarations)
    play(ref, script, announce)
    return ref


def anns(ref):
    return [a for a in ref.legal() if not a.startswith("play ")]


def trick_points(cards):
    return sum(POINTS[c[:-1]] for c in cards.split())


# Deal A, a normal game: Re = seats 0 and 2 (a Queen of clubs each). Re 120 : Kontra 120.
# Seat 0 leads (dealer 3). Seat 1's diamond Ace falls to Re in the last trick (a fox).
DEAL_A = [
    (0, "AC 9C KC 10C", 0),  # 25 Re
    (0, "AS 9S KS 10S", 0),  # 25 Re
    (0, "10H JD QC 9D", 0),  # 15 Re   the Dulle beats the Queen of clubs
    (0, "9C AC 10C KC", 1),  # 25 Kontra
    (1, "9S 10S AS KS", 3),  # 25 Kontra
    (3, "AH 9H KH AH", 3),  # 26 Kontra   first of two Aces wins
    (3, "KH 9H KD QH", 2),  # 11 Re   two void players trump, the higher wins
    (2, "9D JD QC KD", 0),  # 9 Re
    (0, "QS 10H QS QD", 1),  # 19 Kontra
    (1, "QH JH JS 10D", 1),  # 17 Kontra
    (1, "JC JS JH JC", 1),  # 8 Kontra   first of two Jacks of clubs wins
    (1, "AD QD 10D AD", 2),  # 35 Re   fox of seat 1 caught by Re
]
# The same with seat 3's QD and JD exchanged between tricks 8 and 9: Re 121 : Kontra 119.
DEAL_A121 = list(DEAL_A)
DEAL_A121[7] = (2, "9D QD QC KD", 0)  # 10 Re
DEAL_A121[8] = (0, "QS 10H QS JD", 1)  # 18 Kontra


# Deal B, a normal game that Re (seats 0, 2) takes black: all 240.
DEAL_B = [
    (0, "AC 9C KC 10C", 0),
    (0, "AS 9S KS 10S", 0),
    (0, "9C 10C AC KC", 2),
    (2, "AS 10S 9S KS", 2),
    (2, "AH KH AH 9H", 2),  # first Ace of hearts wins
    (2, "KH 9H JS 9D", 0),  # seat 0 trumps, seat 1 underruffs
    (0, "10H JS 10H 9D", 0),  # 22   the first Dulle beats the second
    (0, "QC JH QC JH", 0),  # 10
    (0, "QS JD QS JD", 0),  # 10
    (0, "QH AD QH KD", 0),  # 21   fox
    (0, "QD 10D QD AD", 0),  # 27   fox
    (0, "JC KD JC 10D", 0),  # 18   Karlchen (the first Jack of clubs)
]


def deal_b_under(level):
    """Deal B with Kontra taking the last trick (18), also trick 11 (27), also trick 10
    (21): Kontra 18 / 45 / 66 card points."""
    script = list(DEAL_B)
    if level >= 1:  # seat 1 gets a Jack of clubs for seat 0's King of diamonds
        script[11] = (0, "KD JC JC 10D", 1)
    if level >= 2:  # and seat 1 a Queen of diamonds for seat 0's Ten of diamonds
        script[10] = (0, "10D QD QD AD", 1)
        script[11] = (1, "JC JC 10D KD", 1)
    if level >= 3:  # and seat 1 a Queen of hearts for seat 0's diamond Ace
        script[9] = (0, "AD QH QH KD", 1)
        script[10] = (1, "QD QD AD 10D", 1)
    return script


# Deal W: deal A with both Queens of clubs moved to seat 1 (exchanging equal-valued
# cards, so every trick keeps its winner and its points).
DEAL_W = list(DEAL_A)
DEAL_W[2] = (0, "10H QC JD 9D", 0)
DEAL_W[7] = (2, "9D JD QH KD", 0)
DEAL_W[9] = (1, "QC JH JS 10D", 1)

# Deal M: deal A with seat 2's Queen of clubs exchanged for seat 0's Queen of spades.
DEAL_M = list(DEAL_A)
DEAL_M[2] = (0, "10H JD QS 9D", 0)
DEAL_M[8] = (0, "QC 10H QS QD", 1)


# Deal J: seat 0 holds the eight Jacks; seat 1 the hearts but the Jacks; seat 2 the
# clubs and red Aces and Tens; seat 3 the spades and red Kings and Queens.
DEAL_J = [
    (0, "JC 9D 10D QD", 0),  # 15
    (0, "JC 9D 10D QD", 0),  # 15
    (0, "JS QH AD KD", 0),  # 20
    (0, "JS QH AD KD", 0),  # 20
    (0, "JH KH AC 9S", 0),  # 17
    (0, "JH KH QC QS", 0),  # 12
    (0, "JD 10H 9C QS", 0),  # 15
    (0, "JD 10H KC KS", 0),  # 20
    (0, "AC 9C QC KS", 0),  # 18   the Queen of clubs is a plain club here
    (0, "AS 9S KC AS", 0),  # 26   first Ace of spades wins
    (0, "9H AH 10C 10S", 1),  # 31
    (1, "AH 10C 10S 9H", 1),  # 31
]
# The same with Queens and Jacks exchanged everywhere: seat 0 holds the eight Queens.
SWAP_QJ = str.maketrans({"Q": "J", "J": "Q"})
DEAL_Q = [(l, cards.translate(SWAP_QJ), w) for l, cards, w in DEAL_J]


# ---------------------------------------------------------------- card data
def test_deck_points_and_readings():
    assert len(DECK) == 48 and all(DECK.count(c) == 2 for c in DECK)
    assert POINTS == {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    assert sum(CARD_POINTS[c] for c in DECK) == 240
    assert len(READINGS) >= 10


def test_script_hands_are_the_deck():
    for script in (DEAL_A, DEAL_A121, DEAL_B, deal_b_under(3), DEAL_W, DEAL_M, DEAL_J, DEAL_Q):
        assert sorted(c for h in hands_of(script) for c in h) == sorted(DECK)
    assert sum(trick_points(c) for l, c, w in DEAL_A if w in (0, 2)) == 120
    assert sum(trick_points(c) for l, c, w in DEAL_A121 if w in (0, 2)) == 121


def test_trump_order_normal_game():
    order = Order("normal")
    trumps = sorted((c for c in order.cls if order.is_trump(c)), key=order.strength.get,
                    reverse=True)
    assert trumps == ["10H", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD",
                      "AD", "10D", "KD", "9D"]
    assert not order.is_trump("AH") and not order.is_trump("AC")
    hearts = sorted((c for c in order.cls if order.cls[c] == "H"), key=order.strength.get,
                    reverse=True)
    assert hearts == ["AH", "KH", "9H"]
    # a plain trick: the highest of the led suit; a trump beats it; void discard loses
    assert order.winner([(0, "KC"), (1, "AC"), (2, "AS"), (3, "9C")]) == 1
    assert order.winner([(0, "AC"), (1, "9D"), (2, "AS"), (3, "10C")]) == 1
    assert order.winner([(0, "10H"), (1, "10H"), (2, "QC"), (3, "QC")]) == 0  # first Dulle


def test_trump_order_in_solos():
    jacks = Order("solo jacks")
    assert [c for c in jacks.cls if jacks.is_trump(c)] == ["JC", "JS", "JH", "JD"]
    assert jacks.cls["QC"] == "C" and jacks.cls["10H"] == "H" and jacks.cls["AD"] == "D"
    assert jacks.winner([(0, "QC"), (1, "KC"), (2, "JD"), (3, "AC")]) == 2
    assert jacks.winner([(0, "10H"), (1, "QH"), (2, "AH"), (3, "JD")]) == 3
    assert jacks.winner([(0, "KH"), (1, "10H"), (2, "QH"), (3, "9H")]) == 1
    queens = Order("solo queens")
    assert queens.winner([(0, "JC"), (1, "AC"), (2, "QD"), (3, "10H")]) == 2
    fleshless = Order("solo fleshless")
    assert not any(fleshless.is_trump(c) for c in fleshless.cls)
    assert fleshless.winner([(0, "QC"), (1, "JC"), (2, "AD"), (3, "KC")]) == 3
    hearts = Order("solo hearts")
    assert sum(2 for c in hearts.cls if hearts.is_trump(c)) == 24
    assert hearts.winner([(0, "AH"), (1, "JD"), (2, "KH"), (3, "AD")]) == 1
    assert hearts.cls["AD"] == "D"
    spades = Order("solo spades")
    assert spades.winner([(0, "AS"), (1, "10S"), (2, "AD"), (3, "KS")]) == 0
    assert spades.cls["AD"] == "D" and spades.is_trump("9S") and spades.is_trump("10H")


# ---------------------------------------------------------------- validation
def test_input_validation_and_illegal_actions():
    hands = hands_of(DEAL_A)
    with pytest.raises(ValueError):
        Referee(hands[:3], 0)
    with pytest.raises(ValueError):
        Referee([hands[0][:11], hands[1], hands[2], hands[3] + [hands[0][11]]], 0)
    bad = [list(h) for h in hands]
    bad[0][0] = "AS"  # three Aces of spades
    with pytest.raises(ValueError):
        Referee(bad, 0)
    with pytest.raises(ValueError):
        Referee(hands, 4)
    ref = Referee(hands, 3)
    assert ref.to_act() == 0 and ref.legal() == ["healthy", "reservation"]
    with pytest.raises(ValueError):
        ref.apply("play AC")
    with pytest.raises(RuntimeError):
        ref.scores()


def test_follow_suit_and_duplicate_cards_give_one_action():
    ref = deal(DEAL_A)
    reserve(ref)
    assert ref.game_type == "normal" and ref.re_party == {0, 2}
    assert ref.legal().count("play 9H") == 1  # seat 0 holds two Nines of hearts
    ref.apply("play AC")
    assert [a for a in ref.legal() if a.startswith("play")] == ["play 9C", "play AC"]  # clubs
    ref.apply("play 9C")
    ref.apply("play KC")
    ref.apply("play 10C")
    ref.apply("play AS")
    ref.apply("play 9S")
    ref.apply("play KS")
    ref.apply("play 10S")
    ref.apply("play 10H")  # trump led: seat 1 must trump
    plays = {a[5:] for a in ref.legal() if a.startswith("play")}
    assert plays == {"JD", "KD", "10H", "QH", "JC", "AD"}


# ---------------------------------------------------------------- winning, 121 / 120
def test_re_wins_with_121():
    ref = run(DEAL_A121)
    assert ref.card_points("re") == 121 and ref.card_points("kontra") == 119
    assert ref.winner == "re"
    assert ref.reasons == [("won", 1), ("fox caught", 1)]
    assert ref.scores() == [2, -2, 2, -2]


def test_kontra_wins_with_120_against_the_queens_of_clubs():
    ref = run(DEAL_A)
    assert ref.card_points("re") == 120 and ref.winner == "kontra"
    assert ref.reasons == [("won", -1), ("against the queens of clubs", -1), ("fox caught", 1)]
    assert ref.scores() == [-1, 1, -1, 1]
    assert [t.winner for t in ref.tricks] == [w for _, _, w in DEAL_A]
    assert ref.tricks[5].plays == [(3, "AH"), (0, "9H"), (1, "KH"), (2, "AH")]


def test_re_announced_needs_121():
    ref = run(DEAL_A121, announce={(1, 0): ["re"]})
    assert ref.winner == "re" and ref.scores() == [4, -4, 4, -4]  # 1 + re 2 + fox 1
    ref = run(DEAL_A, announce={(1, 0): ["re"]})
    assert ref.winner == "kontra"  # 1 + re 2 + against 1, less Re's fox
    assert ref.scores() == [-3, 3, -3, 3]


def test_kontra_announced_alone_needs_121_so_re_wins_with_120():
    ref = run(DEAL_A, announce={(1, 1): ["kontra"]})
    assert ref.winner == "re"
    assert ref.reasons == [("won", 1), ("kontra announced", 2), ("fox caught", 1)]
    assert ref.scores() == [4, -4, 4, -4]


def test_both_announced_kontra_wins_with_120():
    ref = run(DEAL_A, announce={(1, 0): ["re"], (1, 1): ["kontra"]})
    assert ref.winner == "kontra"  # 1 + re 2 + kontra 2 + against 1 - fox 1
    assert ref.scores() == [-5, 5, -5, 5]


def test_no_90_lost_and_120_against_no_90():
    ref = run(DEAL_A121, announce={(1, 0): ["re", "no 90"]})
    assert ref.winner == "kontra"  # Kontra 119 >= 90: 1 + re 2 + no 90 1 + against 1 - fox
    assert ref.scores() == [-4, 4, -4, 4]
    ref = run(DEAL_A, announce={(1, 0): ["re", "no 90"]})
    assert ("120 against no 90 (kontra)", -1) in ref.reasons
    assert ref.scores() == [-5, 5, -5, 5]


# ---------------------------------------------------------------- under 90/60/30, black
def test_black_with_fox_fox_karlchen_and_first_dulle():
    ref = run(DEAL_B)
    assert ref.card_points("re") == 240 and ref.tricks_won("kontra") == 0
    assert ref.tricks[6].winner == 0  # seat 0's Dulle first, seat 2's second
    assert ref.reasons == [("won", 1), ("under 90", 1), ("under 60", 1), ("under 30", 1),
                           ("black", 1), ("fox caught", 1), ("fox caught", 1), ("karlchen", 1)]
    assert ref.scores() == [8, -8, 8, -8]


def test_karlchen_only_when_the_jack_of_clubs_wins_the_last_trick():
    script = list(DEAL_B)
    script[10] = (0, "QD 10D JC AD", 0)
    script[11] = (0, "JC KD QD 10D", 2)  # seat 2's Queen beats seat 0's Jack of clubs
    ref = run(script)
    assert "karlchen" not in [r for r, _ in ref.reasons]
    assert ref.scores() == [7, -7, 7, -7]


def test_black_announced():
    ref = run(DEAL_B, announce={(1, 0): ["re", "no 90", "no 60", "no 30", "black"]})
    # 1 + 4 levels + re 2 + 4 Absagen + 2 foxes + Karlchen
    assert ref.winner == "re" and ref.scores() == [14, -14, 14, -14]


def test_black_announced_lost_to_one_trick():
    ref = run(deal_b_under(1), announce={(1, 0): ["re", "no 90", "no 60", "no 30", "black"]})
    # Kontra 18 card points in one trick wins against black: 1 + re 2 + 4 Absagen + against
    # 1, less 2 foxes, plus Kontra's Karlchen; no "30 against black" with 18
    assert ref.card_points("kontra") == 18 and ref.winner == "kontra"
    assert ref.scores() == [-7, 7, -7, 7]


def test_under_30_60_90():
    ref = run(deal_b_under(1))
    assert ref.card_points("kontra") == 18
    assert ref.reasons == [("won", 1), ("under 90", 1), ("under 60", 1), ("under 30", 1),
                           ("fox caught", 1), ("fox caught", 1), ("karlchen", -1)]
    assert ref.scores() == [5, -5, 5, -5]
    ref = run(deal_b_under(2))
    assert ref.card_points("kontra") == 45  # seat 3's own fox stays with Kontra
    assert ref.reasons == [("won", 1), ("under 90", 1), ("under 60", 1),
                           ("fox caught", 1), ("karlchen", -1)]
    assert ref.scores() == [3, -3, 3, -3]
    ref = run(deal_b_under(3))
    assert ref.card_points("kontra") == 66  # Kontra catches seat 0's fox
    assert ref.reasons == [("won", 1), ("under 90", 1), ("fox caught", -1), ("karlchen", -1)]
    assert ref.scores() == [0, 0, 0, 0]


def test_exactly_30_and_60_are_not_under():
    script = deal_b_under(1)
    script[5] = (2, "KH 9H 10D 9D", 0)
    script[9] = (0, "QH AD QH AD", 0)  # two foxes
    script[10] = (0, "JS QD QD KD", 1)  # 12
    script[11] = (1, "JC JC 10D KD", 1)  # 18
    ref = run(script)
    assert ref.card_points("kontra") == 30
    assert ref.reasons == [("won", 1), ("under 90", 1), ("under 60", 1), ("fox caught", 1),
                           ("fox caught", 1), ("karlchen", -1)]
    assert ref.scores() == [4, -4, 4, -4]
    script = deal_b_under(3)
    script[5] = (2, "KH 9H KD 9D", 0)
    script[6] = (0, "10H JS 10H KD", 0)
    script[9] = (0, "AD QH QH 9D", 1)  # 17, seat 0's fox caught
    script[11] = (1, "JC JC 10D JS", 1)  # 16
    ref = run(script)
    assert ref.card_points("kontra") == 60
    assert ref.reasons == [("won", 1), ("under 90", 1), ("fox caught", -1), ("karlchen", -1)]
    assert ref.scores() == [0, 0, 0, 0]


def test_no_60_announced_and_made():
    ref = run(deal_b_under(2), announce={(1, 0): ["re", "no 90", "no 60"]})
    # 1 + under 90 + under 60 + re 2 + 2 Absagen + fox - Karlchen
    assert ref.scores() == [7, -7, 7, -7]


def test_nobody_wins_when_both_miss_their_absagen():
    # Re: re, no 90 (needs Kontra < 90); Kontra: kontra, no 90 (needs Re < 90).
    # Re 120 : Kontra 120: nobody wins; only Re's fox counts.
    ref = run(DEAL_A, announce={(1, 0): ["re"], (1, 1): ["kontra"],
                                (3, 0): ["no 90"], (3, 1): ["no 90"]})
    assert ref.winner is None
    assert ref.reasons == [("120 against no 90 (re)", 1), ("120 against no 90 (kontra)", -1),
                           ("fox caught", 1)]
    assert ref.scores() == [1, -1, 1, -1]


# ---------------------------------------------------------------- special points
def test_doppelkopf():
    script = list(DEAL_B)
    script[6] = (0, "10H AD 10H AD", 0)  # 42 card points, two foxes
    script[9] = (0, "QH JS QH KD", 0)
    script[10] = (0, "QD 10D QD 9D", 0)
    ref = run(script)
    assert ("doppelkopf", 1) in ref.reasons
    assert ref.scores() == [9, -9, 9, -9]  # 5 + doppelkopf + 2 foxes + Karlchen
    script = list(DEAL_B)
    script[6] = (0, "10H 10D 10H 10D", 0)  # four Tens: exactly 40
    script[10] = (0, "QD JS QD AD", 0)
    script[11] = (0, "JC KD JC 9D", 0)
    ref = run(script)
    assert ref.reasons.count(("doppelkopf", 1)) == 1
    assert ref.scores() == [9, -9, 9, -9]
    ref = run(DEAL_B)
    assert ("doppelkopf", 1) not in ref.reasons  # 27 at most


# ---------------------------------------------------------------- announcement timing
def test_announcement_card_counts():
    ref = deal(DEAL_A)
    reserve(ref)
    assert anns(ref) == ["re"]  # seat 0, 12 cards
    ref.apply("re")
    assert anns(ref) == ["no 90"]
    ref.apply("no 90")
    ref.apply("no 60")
    ref.apply("no 30")
    ref.apply("black")
    assert anns(ref) == []
    ref.apply("play AC")
    assert anns(ref) == ["kontra"]  # seat 1
    ref = deal(DEAL_A)
    reserve(ref)
    play(ref, DEAL_A, upto=2)
    assert anns(ref) == ["re"]  # seat 0 still holds 11 cards
    play_trick = lambda: [ref.apply("play " + c) for c in DEAL_A[len(ref.tricks)][1].split()]
    play_trick()
    assert anns(ref) == []  # 10 cards: too late for re
    ref = deal(DEAL_A)
    reserve(ref)
    play(ref, DEAL_A, upto=2)
    ref.apply("re")
    assert anns(ref) == ["no 90"]  # 11 cards: no 90 allowed
    play_trick()
    assert anns(ref) == ["no 90"]  # 10 cards: still
    play_trick()
    assert anns(ref) == []  # 9 cards: too late for no 90


def play_one(ref):
    leader, cards, _ = DEAL_A[len(ref.tricks)]
    for card in cards.split():
        ref.apply("play " + card)


def test_absage_deadlines_and_no_skipping():
    # seat 0 leads tricks 1-4 of deal A, holding 12, 11, 10, 9 cards
    ref = deal(DEAL_A)
    reserve(ref)
    play_one(ref)
    play_one(ref)  # trick 3, seat 0 holds 10 cards: re is gone, no absage possible
    assert len(ref.hands[0]) == 10 and anns(ref) == []
    ref = deal(DEAL_A)
    reserve(ref)
    ref.apply("re")
    play_one(ref)
    play_one(ref)
    play_one(ref)  # trick 4, 9 cards: no 90 missed, so no 60 cannot be made either
    assert len(ref.hands[0]) == 9 and anns(ref) == []
    ref = deal(DEAL_A)
    reserve(ref)
    ref.apply("re")
    ref.apply("no 90")
    play_one(ref)
    play_one(ref)
    play_one(ref)  # 9 cards: no 60 still allowed, no 30 not yet offered
    assert anns(ref) == ["no 60"]
    ref.apply("no 60")
    assert anns(ref) == ["no 30"]  # needs 8: also allowed with 9
    ref.apply("no 30")
    assert anns(ref) == ["black"]
    ref.apply("black")
    assert anns(ref) == []


def test_reply_with_one_card_fewer():
    # Re announced with 12 cards (needs 11): Kontra may reply with 10 cards, not 9.
    ref = deal(DEAL_A)
    reserve(ref)
    ref.apply("re")
    play_one(ref)
    play_one(ref)
    play_one(ref)  # trick 4: seat 0 leads with 9 cards, seat 1 plays with 9
    ref.apply("play 9C")
    assert ref.to_act() == 1 and len(ref.hands[1]) == 9 and anns(ref) == []
    ref = deal(DEAL_A)
    reserve(ref)
    ref.apply("re")
    play_one(ref)
    play_one(ref)  # trick 3: seat 1 holds 10 cards
    ref.apply("play 10H")
    assert anns(ref) == ["kontra"]
    ref.apply("kontra")
    assert anns(ref) == []  # a late reply allows no Absage
    # after Re's no 60 (needs 9) Kontra may still reply with 8 cards
    ref = deal(DEAL_A)
    reserve(ref)
    ref.apply("re")
    ref.apply("no 90")
    ref.apply("no 60")
    for _ in range(4):
        play_one(ref)  # trick 5 is led by seat 1 holding 8 cards
    assert ref.to_act() == 1 and len(ref.hands[1]) == 8 and anns(ref) == ["kontra"]
    ref.apply("kontra")
    ref.apply("play 9S")
    ref.apply("play 10S")  # seat 3, Kontra, 8 cards: the party has announced
    assert anns(ref) == []


# ---------------------------------------------------------------- reservations, solos
def test_silent_solo():
    ref = run(DEAL_M)  # seat 0 holds both Queens of clubs and says healthy
    assert ref.game_type == "silent solo" and ref.re_party == {0} and ref.soloist == 0
    # seat 0 takes tricks 1, 2, 3, 8: 25 + 25 + 15 + 9 = 74; no fox (solo)
    assert ref.card_points("re") == 74
    assert ref.reasons == [("won", -1), ("under 90", -1)]
    assert ref.scores() == [-6, 2, 2, 2]


def test_jacks_solo_trumps_and_scores():
    ref = deal(DEAL_J)
    reserve(ref, {0: "solo jacks"})
    assert ref.game_type == "solo jacks" and ref.re_party == {0} and ref.to_act() == 0
    ref.apply("play JC")
    # seat 1 holds no Jack: any card, although its Queens, Ten of hearts and Nine of
    # diamonds would be trumps in a normal game
    assert {a[5:] for a in ref.legal() if a.startswith("play")} == {
        "9D", "QH", "KH", "10H", "9C", "9S", "AH"}
    ref = run(DEAL_J, {0: "solo jacks"})
    assert ref.card_points("re") == 178
    assert ref.reasons == [("won", 1), ("under 90", 1)]
    assert ref.scores() == [6, -2, -2, -2]
    ref = run(DEAL_J, {0: "solo jacks"}, announce={(1, 0): ["re"]})
    assert ref.scores() == [12, -4, -4, -4]


def test_queens_solo_with_kontra():
    ref = run(DEAL_Q, {0: "solo queens"}, announce={(1, 1): ["kontra"]})
    assert ref.card_points("re") == 178 and ref.winner == "re"
    assert ref.scores() == [12, -4, -4, -4]  # (1 + under 90 + kontra 2) x 3


def test_jacks_hand_in_a_normal_game_is_different():
    ref = deal(DEAL_J)
    reserve(ref)  # all healthy: seat 2 holds both Queens of clubs, a silent solo
    assert ref.game_type == "silent solo" and ref.soloist == 2
    ref.apply("play JC")  # a trump now: seat 1 must trump
    assert {a[5:] for a in ref.legal() if a.startswith("play")} == {"9D", "QH", "10H"}


def test_first_solo_declared_wins_and_solo_beats_marriage():
    ref = deal(DEAL_W)  # seat 1 holds both Queens of clubs
    reserve(ref, {1: "marriage", 3: "solo hearts"})
    assert ref.declarations == [(1, "marriage"), (3, "solo hearts")]
    assert ref.game_type == "solo hearts" and ref.soloist == 3 and ref.to_act() == 0
    ref = deal(DEAL_W)
    for text in ("reservation", "healthy", "reservation", "reservation"):
        ref.apply(text)
    assert ref.to_act() == 0 and "marriage" not in ref.legal()
    ref.apply("solo clubs")
    assert ref.game_type == "solo clubs" and ref.soloist == 0 and ref.phase == "play"
    ref = deal(DEAL_W)
    for text in ("healthy", "reservation", "healthy", "healthy"):
        ref.apply(text)
    assert ref.legal() == ["marriage"] + sorted(
        ["solo clubs", "solo diamonds", "solo fleshless", "solo hearts", "solo jacks",
         "solo queens", "solo spades"])


# ---------------------------------------------------------------- marriage
def test_marriage_partner_found_in_trick_one():
    ref = deal(DEAL_W)
    reserve(ref, {1: "marriage"})
    assert ref.game_type == "marriage" and ref.re_party == {1}
    assert anns(ref) == []  # no announcement before the clarification trick
    play(ref, DEAL_W, upto=2)
    assert ref.partner == 0 and ref.re_party == {0, 1} and ref.clarification_trick == 0
    assert anns(ref) == ["re"]  # seat 0, 11 cards: normal timing
    ref = run(DEAL_W, {1: "marriage"})
    # Re (0, 1) 143 : Kontra 97; both Re foxes fall to seat 2 in the last trick
    assert ref.card_points("re") == 143 and ref.winner == "re"
    assert ref.reasons == [("won", 1), ("fox caught", -1), ("fox caught", -1)]
    assert ref.scores() == [-1, -1, 1, 1]


def test_marriage_without_clarification_is_a_solo():
    ref = deal(DEAL_M)
    reserve(ref, {0: "marriage"})
    play(ref, DEAL_M, upto=4)  # seat 0 took tricks 1-3
    assert ref.game_type == "marriage solo" and ref.soloist == 0 and ref.partner is None
    assert ref.clarification_trick == 2
    assert anns(ref) == ["re"]  # 9 cards suffice (11 less 2)
    ref.apply("play 9C")
    assert anns(ref) == ["kontra"]
    ref = run(DEAL_M, {0: "marriage"})
    assert ref.reasons == [("won", -1), ("under 90", -1)]  # no fox in a solo
    assert ref.scores() == [-6, 2, 2, 2]
    ref = run(DEAL_M, {0: "marriage"}, announce={(4, 0): ["re"], (4, 1): ["kontra"]})
    assert ref.scores() == [-18, 6, 6, 6]  # (1 + under 90 + re 2 + kontra 2) x 3
    ref = deal(DEAL_M)
    reserve(ref, {0: "marriage"})
    play(ref, DEAL_M, upto=5)
    assert anns(ref) == []  # trick 5, seat 1 holds 8 cards: too late


def test_marriage_clarified_in_trick_two_shifts_by_one():
    # Deal W with trick 1 won by seat 1 (the marriage player) and trick 2 by seat 0.
    script = list(DEAL_W)
    script[0] = (0, "9C AC KC 10C", 1)
    script[1] = (1, "9S KS 10S AS", 0)
    script[3] = (0, "AC 9C 10C KC", 0)
    script[4] = (0, "KS 9S 10S AS", 3)
    ref = deal(script)
    reserve(ref, {1: "marriage"})
    play(ref, script, upto=2)
    assert ref.re_party == {1} and anns(ref) == []
    play(ref, script, upto=3)
    assert ref.clarification_trick == 1 and ref.re_party == {0, 1}
    assert len(ref.hands[0]) == 10 and anns(ref) == ["re"]  # 10 cards suffice


# ---------------------------------------------------------------- random deals
def random_choice(ref, rng):
    legal = ref.legal()
    if legal == ["healthy", "reservation"]:
        return "reservation" if rng.random() < 0.15 else "healthy"
    if "marriage" in legal and rng.random() < 0.7:
        return "marriage"
    extra = [a for a in legal if not a.startswith("play ")]
    plays = [a for a in legal if a.startswith("play ")]
    if extra and (not plays or rng.random() < 0.25):
        return rng.choice(extra)
    return rng.choice(plays)


def test_random_deals():
    kinds = set()
    for seed in range(3000):
        rng = random.Random(seed)
        cards = list(DECK)
        rng.shuffle(cards)
        ref = Referee([cards[i * 12:(i + 1) * 12] for i in range(4)], rng.randrange(4))
        assert ref.to_act() == (ref.dealer + 1) % 4
        steps = 0
        while not ref.is_over:
            legal = ref.legal()
            assert legal and legal == sorted(set(legal))
            if seed % 100 == 0 and steps % 9 == 0:
                for action in legal:
                    copy.deepcopy(ref).apply(action)
                with pytest.raises(ValueError):
                    copy.deepcopy(ref).apply("play XX")
            ref.apply(random_choice(ref, rng))
            steps += 1
        kinds.add(ref.game_type)
        assert ref.legal() == [] and ref.to_act() is None
        assert len(ref.tricks) == 12 and all(len(t.plays) == 4 for t in ref.tricks)
        assert ref.card_points("re") + ref.card_points("kontra") == 240
        scores = ref.scores()
        assert sum(scores) == 0
        assert scores == [0, 0, 0, 0] or any(s > 0 for s in scores)
        assert ref.value == sum(v for _, v in ref.reasons)
        if ref.is_solo:
            assert len(ref.re_party) == 1
            assert scores[ref.soloist] == 3 * ref.value
            assert not any(r in ("fox caught", "doppelkopf", "karlchen",
                                 "against the queens of clubs") for r, _ in ref.reasons)
        else:
            assert len(ref.re_party) == 2
            assert all(scores[s] == ref.value for s in ref.re_party)
        # announcements within the card counts (a reply may come one card later still)
        for seat, text, held in ref.announcements:
            level = 0 if text in ("re", "kontra") else ABSAGEN.index(text) + 1
            assert held >= NEEDED[level] - ref.shift - (6 if level == 0 else 0)
            assert text == ("re" if seat in ref.re_party else "kontra") or level > 0
    assert {"normal", "silent solo", "marriage", "solo jacks", "solo fleshless"} <= kinds
