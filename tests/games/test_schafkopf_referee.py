"""Tests of the independent Schafkopf referee (tests/games/schafkopf_referee.py).

Hand-built deals, each given as its eight tricks (leader, cards in playing order, winner),
check each rule with money worked out by hand in the comments; seeded random deals check
the invariants (120 card points, zero-sum scores, 8 tricks, the rules of following and of
the called Sau, every legal action applies).
"""

import copy
import random

import pytest

from schafkopf_referee import (
    DECK,
    POINTS,
    READINGS,
    Referee,
    laufende,
    settle,
    trick_winner,
    trump_order,
)


# ---------------------------------------------------------------- helpers
def hands_of(tricks):
    """The dealt hands implied by a deal's tricks [(leader, cards, winner), ...]."""
    hands = [[] for _ in range(4)]
    for leader, cards, _ in tricks:
        for i, card in enumerate(cards):
            hands[(leader + i) % 4].append(card)
    return hands


def auction(ref, bids, names):
    """bids: the four step-1 texts from Vorhand on; names: the step-2 texts in order."""
    for text in bids:
        ref.apply(text)
    for text in names:
        ref.apply(text)


def play_tricks(ref, tricks, extra=None):
    """Play the tricks, checking turn order and winners; extra: {(trick, seat): [texts]}
    said by that seat before its card in that trick."""
    extra = extra or {}
    for index, (leader, cards, winner) in enumerate(tricks):
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            assert ref.to_act() == seat, (index, i)
            for text in extra.get((index, seat), ()):
                ref.apply(text)
                assert ref.to_act() == seat
            ref.apply("play " + card)
        trick = ref.tricks[index]
        assert trick.leader == leader and trick.winner == winner, (index, trick)


def play_tricks_from(ref, tricks, start):
    """Play tricks[start:] without checks on the way; then compare every trick's winner."""
    for _, cards, _ in tricks[start:]:
        for card in cards:
            ref.apply("play " + card)
    assert [t.winner for t in ref.tricks] == [w for _, _, w in tricks]


def plays(ref):
    return sorted(a.split()[1] for a in ref.legal() if a.startswith("play "))


def trick_points(trick):
    return sum(POINTS[c] for c in trick[1])


# ---------------------------------------------------------------- card data
def test_deck_points_and_readings():
    assert len(DECK) == len(set(DECK)) == 32
    assert sum(POINTS.values()) == 120
    assert POINTS["AE"] == 11 and POINTS["10G"] == 10 and POINTS["KH"] == 4
    assert POINTS["OS"] == 3 and POINTS["UE"] == 2 and POINTS["9S"] == POINTS["7H"] == 0
    assert READINGS and all(isinstance(r, str) for r in READINGS)


def test_trump_orders():
    obers = ("OE", "OG", "OH", "OS")
    unters = ("UE", "UG", "UH", "US")
    assert trump_order("call E") == obers + unters + ("AH", "10H", "KH", "9H", "8H", "7H")
    assert trump_order("call S") == trump_order("solo H")
    assert trump_order("solo G") == obers + unters + ("AG", "10G", "KG", "9G", "8G", "7G")
    assert trump_order("wenz") == unters


def test_trick_winner_by_game():
    trick = [(0, "KG"), (1, "OG"), (2, "9G"), (3, "OE")]
    assert trick_winner("call E", trick) == 3  # the Ober is a trump
    assert trick_winner("wenz", trick) == 0  # the Ober is a Gras card, below the King
    hearts = [(0, "AE"), (1, "7H"), (2, "10E"), (3, "UE")]
    assert trick_winner("call S", hearts) == 3  # Unter over Herz
    assert trick_winner("solo E", hearts) == 3
    assert trick_winner("solo G", [(0, "AE"), (1, "7H"), (2, "10E"), (3, "9E")]) == 0
    assert trick_winner("call G", [(0, "AE"), (1, "7H"), (2, "10E"), (3, "9E")]) == 1
    assert trick_winner("wenz", [(0, "7S"), (1, "US"), (2, "UH"), (3, "AS")]) == 2
    # a card of another suit never wins
    assert trick_winner("call E", [(0, "9S"), (1, "AE"), (2, "AG"), (3, "7S")]) == 0


def test_laufende_counting():
    assert laufende("call E", ["OE", "OG", "OH", "7E"]) == 3
    assert laufende("call E", ["OG", "OH", "OS"]) == 1  # defenders hold only OE
    assert laufende("call E", ["OH", "OS"]) == 2  # 'ohne zwei': the defenders' OE OG
    assert laufende("call E", trump_order("call E")) == 14
    assert laufende("solo G", ["OE", "OG", "OH", "OS", "UE", "UG", "UH", "US", "AG"]) == 9
    assert laufende("wenz", ["UE", "UG", "AE"]) == 2
    assert laufende("wenz", ["UH", "US"]) == 2  # the defenders' UE UG
    assert laufende("wenz", ["UE", "UH"]) == 1


def test_settle_thresholds_and_tariff():
    assert settle("rufspiel", 61, 3, 0)[:2] == (True, 10)
    assert settle("rufspiel", 60, 5, 0)[:2] == (False, 10)  # 60:60 is lost
    assert settle("rufspiel", 90, 7, 0)[:2] == (True, 10)  # 90:30 schneiderfrei
    assert settle("rufspiel", 91, 7, 0)[:2] == (True, 20)
    assert settle("rufspiel", 31, 2, 0)[:2] == (False, 10)
    assert settle("rufspiel", 30, 2, 0)[:2] == (False, 20)
    assert settle("rufspiel", 120, 8, 0)[:2] == (True, 30)
    assert settle("rufspiel", 0, 0, 0)[:2] == (False, 30)
    assert settle("rufspiel", 0, 1, 0)[:2] == (False, 20)  # a pointless trick: not schwarz
    assert settle("rufspiel", 70, 4, 2)[:2] == (True, 10)
    assert settle("rufspiel", 70, 4, 3)[:2] == (True, 40)
    assert settle("solo", 70, 4, 3)[:2] == (True, 80)
    assert settle("solo", 70, 4, 2)[:2] == (True, 50)
    assert settle("wenz", 70, 4, 2)[:2] == (True, 70)
    assert settle("wenz", 70, 4, 1)[:2] == (True, 50)
    assert settle("solo", 70, 4, 3, 1)[:2] == (True, 160)
    assert settle("solo", 70, 4, 3, 2)[:2] == (True, 320)
    won, value, reasons = settle("rufspiel", 20, 1, 4, 1)
    assert (won, value) == (False, 120)  # (10 + 10 + 40) x 2
    assert reasons == [("Rufspiel lost", 10), ("Schneider", 10), ("Laufende x4", 40),
                       ("Kontra", 2), ("value per player", 120)]


# ---------------------------------------------------------------- deal A: Rufspiel won
# Dealer 3, Vorhand 0 plays on the Schellen-Sau; seat 2 holds it. OE OG OH are with the
# declaring side, OS with seat 1: three Laufende.
DEAL_A = [
    (0, ["OE", "9H", "8H", "7H"], 0),   # 3
    (0, ["OG", "10H", "KH", "US"], 0),  # 19
    (0, ["7S", "8S", "AS", "10S"], 2),  # 21, the Sau is searched
    (2, ["10E", "AE", "KE", "7E"], 3),  # 25
    (3, ["10G", "9G", "OS", "7G"], 1),  # 13
    (1, ["9E", "UG", "KG", "AH"], 2),   # 17
    (2, ["AG", "8G", "UH", "UE"], 1),   # 15
    (1, ["8E", "9S", "KS", "OH"], 0),   # 7
]


def deal_a():
    ref = Referee(hands_of(DEAL_A), dealer=3)
    auction(ref, ["play", "pass", "pass", "pass"], ["call S"])
    return ref


def test_rufspiel_won_with_three_laufende():
    ref = deal_a()
    assert (ref.declarer, ref.partner, ref.game_type, ref.game) == (0, 2, "rufspiel", "call S")
    play_tricks(ref, DEAL_A)
    assert ref.is_over and ref.to_act() is None and ref.legal() == []
    assert [trick_points(t) for t in DEAL_A] == [3, 19, 21, 25, 13, 17, 15, 7]
    assert ref.card_points(0) == 29 and ref.card_points(2) == 38
    assert ref.card_points("declarers") == 67 and ref.card_points("defenders") == 53
    assert ref.runners == 3
    # 10 + 3 x 10 = 40 from each loser to a winner
    assert ref.scores() == [40, -40, 40, -40]
    assert ref.reasons == [("Rufspiel won", 10), ("Laufende x3", 30), ("value per player", 40)]


def test_called_sau_must_be_played_when_searched():
    ref = deal_a()
    play_tricks(ref, DEAL_A[:2])
    ref.apply("play 7S")
    ref.apply("play 8S")
    assert ref.to_act() == 2
    assert ref.legal() == ["play AS"]  # 9S would follow suit, but the Sau is searched


def test_kontra_by_a_defender_and_re_by_the_partner():
    ref = deal_a()
    assert "kontra" not in ref.legal() and "re" not in ref.legal()  # the declarer
    ref.apply("play OE")
    assert "kontra" in ref.legal()  # seat 1, a defender with 8 cards
    ref.apply("play 9H")
    assert "kontra" not in ref.legal()  # seat 2 holds the called Sau
    ref.apply("play 8H")
    assert "kontra" in ref.legal() and "re" not in ref.legal()
    ref.apply("kontra")
    assert ref.to_act() == 3 and ref.kontra == 3 and "kontra" not in ref.legal()
    ref.apply("play 7H")
    # trick 2: the declarer's next card after the kontra: re is offered, he lets it go
    assert "re" in ref.legal()
    ref.apply("play OG")
    assert "kontra" not in ref.legal() and "re" not in ref.legal()  # seat 1 has 7 cards
    ref.apply("play 10H")
    assert "re" in ref.legal()  # the partner, first card since the kontra
    ref.apply("re")
    assert ref.re == 2 and ref.to_act() == 2 and "re" not in ref.legal()
    ref.apply("play KH")
    ref.apply("play US")
    assert not any(a in ("kontra", "re") for a in ref.legal())
    play_tricks_from(ref, DEAL_A, 2)
    # 40 x 2 x 2
    assert ref.scores() == [160, -160, 160, -160]
    assert ref.reasons[-3:] == [("Kontra", 2), ("Re", 2), ("value per player", 160)]


def test_re_chance_lapses_after_the_next_card():
    ref = deal_a()
    play_tricks(ref, DEAL_A[:1], {(0, 1): ["kontra"]})
    assert ref.kontra == 1
    # seats 2 and 3 played after the kontra in trick 1: seat 2 (partner) let re go
    assert "re" in ref.legal()  # the declarer played before the kontra: re offered
    ref.apply("play OG")  # and declined
    ref.apply("play 10H")
    assert "re" not in ref.legal()  # seat 2 already played a card since the kontra
    ref.apply("play KH")
    ref.apply("play US")
    assert "re" not in ref.legal()  # the declarer too
    play_tricks_from(ref, DEAL_A, 2)
    assert ref.scores() == [80, -80, 80, -80]


def test_no_kontra_after_the_first_card():
    ref = deal_a()
    play_tricks(ref, DEAL_A[:1])
    for _ in range(4):
        assert "kontra" not in ref.legal() and "re" not in ref.legal()
        ref.apply(ref.legal()[0])


# ---------------------------------------------------------------- deal B: Rufspiel lost
# Dealer 3; seat 1 plays on the Eichel-Sau, seat 2 holds it with four more Eichel.
# The defenders 0 and 3 hold OE OG OH OS UE UG: six Laufende (against the declarers).
DEAL_B = [
    (0, ["OE", "9H", "7H", "KH"], 0),   # 7
    (0, ["AG", "7G", "9G", "10S"], 0),  # 21
    (0, ["10G", "8G", "8H", "UG"], 3),  # 12
    (3, ["AS", "KG", "7S", "9E"], 3),   # 15; seat 2 may not throw the Sau
    (3, ["KS", "AH", "8S", "8E"], 0),   # 15
    (0, ["UE", "US", "KE", "OS"], 3),   # 11
    (3, ["9S", "10H", "UH", "10E"], 1),  # 22
    (1, ["7E", "AE", "OH", "OG"], 0),   # 17; the caller searches his own Sau at last
]


def deal_b():
    ref = Referee(hands_of(DEAL_B), dealer=3)
    auction(ref, ["pass", "play", "pass", "pass"], ["call E"])
    return ref


def test_rufspiel_lost_schneider_with_kontra_and_re():
    ref = deal_b()
    assert (ref.declarer, ref.partner) == (1, 2)
    assert ref.to_act() == 0 and "kontra" in ref.legal()
    play_tricks(ref, DEAL_B, {(0, 0): ["kontra"], (0, 1): ["re"]})
    assert [trick_points(t) for t in DEAL_B] == [7, 21, 12, 15, 15, 11, 22, 17]
    assert ref.card_points("declarers") == 22 and ref.card_points("defenders") == 98
    assert ref.runners == 6
    # (10 + Schneider 10 + 6 Laufende 60) x 2 x 2 = 320
    assert ref.scores() == [320, -320, -320, 320]
    assert ref.reasons == [("Rufspiel lost", 10), ("Schneider", 10), ("Laufende x6", 60),
                           ("Kontra", 2), ("Re", 2), ("value per player", 320)]


def test_called_sau_may_not_be_thrown():
    ref = deal_b()
    play_tricks(ref, DEAL_B[:3])
    ref.apply("play AS")
    ref.apply("play KG")
    ref.apply("play 7S")
    assert ref.to_act() == 2
    assert plays(ref) == ["10E", "8E", "9E", "KE"]  # void in Schellen, but not the Sau
    ref.apply("play 9E")
    play_tricks_from(ref, DEAL_B[:6], 4)
    # trick 7: the trump-less partner holds AE 10E, Schellen is led
    ref.apply("play 9S")
    ref.apply("play 10H")
    ref.apply("play UH")
    assert ref.legal() == ["play 10E"]


def test_kontra_not_for_the_declaring_side():
    ref = deal_b()
    ref.apply("play OE")  # seat 0 lets the kontra go
    assert ref.to_act() == 1 and "kontra" not in ref.legal() and "re" not in ref.legal()
    ref.apply("play 9H")
    assert "kontra" not in ref.legal()  # seat 2, the partner
    ref.apply("play 7H")
    assert "kontra" in ref.legal()  # seat 3


# ---------------------------------------------------------------- deal C: Gras-Solo schwarz
DEAL_C = [
    (0, ["OE", "UH", "8G", "8H"], 0),
    (0, ["OG", "US", "7G", "7H"], 0),
    (0, ["OH", "KG", "AH", "AS"], 0),  # Herz is no trump in a Gras-Solo
    (0, ["OS", "9G", "10H", "10S"], 0),
    (0, ["UE", "AE", "KH", "KS"], 0),
    (0, ["UG", "10E", "9H", "9S"], 0),
    (0, ["AG", "KE", "8E", "8S"], 0),
    (0, ["10G", "9E", "7E", "7S"], 0),
]


def test_farbsolo_won_schwarz():
    ref = Referee(hands_of(DEAL_C), dealer=3)
    auction(ref, ["play", "pass", "pass", "pass"], ["solo G"])
    assert (ref.declarer, ref.partner, ref.game_type) == (0, None, "solo")
    play_tricks(ref, DEAL_C[:2])
    ref.apply("play OH")
    ref.apply("play KG")
    assert plays(ref) == ["10H", "7E", "8E", "9H", "AH", "KH"]  # no trump left: any card
    ref.apply("play AH")
    ref.apply("play AS")
    play_tricks_from(ref, DEAL_C, 3)
    # OE OG OH OS UE UG with the soloist, UH (the 7th trump) with seat 1: six Laufende
    assert ref.card_points(0) == 120 and ref.runners == 6
    # 50 + 10 + 10 + 6 x 10 = 130 from each of the three
    assert ref.scores() == [390, -130, -130, -130]
    assert ref.reasons == [("Farbsolo won", 50), ("Schneider", 10), ("Schwarz", 10),
                           ("Laufende x6", 60), ("value per player", 130)]


# ---------------------------------------------------------------- deal D: Schellen-Solo
# Seat 1 plays a Schellen-Solo; the defenders take only the first trick (22): Schneider.
DEAL_D = [
    (0, ["AE", "AH", "7G", "7H"], 0),   # 22: Herz is a side suit, the Eichel-Sau wins
    (0, ["7E", "UE", "8G", "8H"], 1),   # 2
    (1, ["OE", "8S", "7S", "9S"], 1),   # 3
    (1, ["OG", "UH", "US", "UG"], 1),   # 9
    (1, ["OH", "10G", "KS", "10E"], 1),  # 27
    (1, ["OS", "KG", "10H", "KE"], 1),  # 21
    (1, ["AS", "AG", "KH", "9E"], 1),   # 26
    (1, ["10S", "9G", "9H", "8E"], 1),  # 10
]


def deal_d():
    ref = Referee(hands_of(DEAL_D), dealer=3)
    auction(ref, ["pass", "play", "pass", "pass"], ["solo S"])
    return ref


def test_farbsolo_won_schneider_not_schwarz():
    ref = deal_d()
    assert ref.trump_suit == "S"
    ref.apply("play AE")
    assert "play AH" in ref.legal() and "play UE" in ref.legal()  # void: no duty to trump
    ref.apply("play AH")
    ref.apply("play 7G")
    ref.apply("play 7H")
    play_tricks_from(ref, DEAL_D[:4], 1)
    ref.apply("play OH")
    ref.apply("play 10G")
    assert ref.legal() == ["play KS"]  # trump on trump: KS is a trump in a Schellen-Solo
    ref.apply("play KS")
    ref.apply("play 10E")
    play_tricks_from(ref, DEAL_D, 5)
    assert [trick_points(t) for t in DEAL_D] == [22, 2, 3, 9, 27, 21, 26, 10]
    assert ref.card_points(1) == 98 and ref.card_points("defenders") == 22
    assert ref.runners == 5
    # 50 + 10 + 5 x 10 = 110
    assert ref.scores() == [-110, 330, -110, -110]


def test_farbsolo_with_kontra_and_re():
    ref = deal_d()
    play_tricks(ref, DEAL_D, {(0, 0): ["kontra"], (0, 1): ["re"]})
    assert ref.scores() == [-440, 1320, -440, -440]


# ---------------------------------------------------------------- deal E: Wenz lost schwarz
# Seat 0 plays a Wenz and takes no trick; seat 1 holds UE UG: two Laufende (the Wenz pays
# them from 2). Obers are plain suit cards.
DEAL_E = [
    (0, ["7E", "AE", "9E", "7H"], 1),
    (1, ["UE", "KE", "KS", "UH"], 1),
    (1, ["UG", "OE", "OS", "US"], 1),
    (1, ["AG", "KG", "9S", "7G"], 1),
    (1, ["AS", "AH", "KH", "7S"], 1),
    (1, ["10E", "10H", "OH", "8E"], 1),
    (1, ["10G", "OG", "9H", "8G"], 1),
    (1, ["10S", "9G", "8H", "8S"], 1),
]


def test_wenz_lost_schwarz_with_two_laufende():
    ref = Referee(hands_of(DEAL_E), dealer=3)
    auction(ref, ["play", "pass", "pass", "pass"], ["wenz"])
    assert (ref.declarer, ref.game_type, ref.trump_suit) == (0, "wenz", None)
    play_tricks(ref, DEAL_E[:1])
    ref.apply("play UE")
    # seat 2 has no Unter: every card may go, the Eichel-Ober included
    assert plays(ref) == ["10H", "9G", "AH", "KE", "KG", "OE", "OG"]
    ref.apply("play KE")
    ref.apply("play KS")
    assert ref.legal() == ["play UH", "play US"]
    ref.apply("play UH")
    play_tricks_from(ref, DEAL_E[:6], 2)
    ref.apply("play 10G")
    assert plays(ref) == ["9G", "OG"]  # the Gras-Ober follows Gras in a Wenz
    ref.apply("play OG")
    ref.apply("play 9H")
    ref.apply("play 8G")
    play_tricks_from(ref, DEAL_E, 7)
    assert ref.card_points("declarers") == 0 and ref.runners == 2
    # 50 + 10 + 10 + 2 x 10 = 90 to each of the three
    assert ref.scores() == [-270, 90, 90, 90]
    assert ref.reasons == [("Wenz lost", 50), ("Schneider", 10), ("Schwarz", 10),
                           ("Laufende x2", 20), ("value per player", 90)]


# ---------------------------------------------------------------- the called Sau
PARTNER_FOUR = [
    ["AG", "10G", "9G", "8G", "OE", "OG", "OH", "OS"],
    ["KG", "7G", "UE", "UG", "UH", "US", "AH", "10H"],
    ["AE", "10E", "KE", "9E", "8E", "7E", "KH", "9H"],
    ["AS", "10S", "KS", "9S", "8S", "7S", "8H", "7H"],
]
PARTNER_THREE = [
    ["AG", "10G", "9G", "OE", "OG", "OH", "OS", "8H"],
    ["KG", "7G", "UE", "UG", "UH", "US", "AH", "10H"],
    ["AE", "10E", "KE", "9E", "8E", "7E", "KH", "9H"],
    ["AS", "10S", "KS", "9S", "8S", "7S", "8G", "7H"],
]


def seat1_calls_gras(hands):
    ref = Referee([list(h) for h in hands], dealer=3)
    auction(ref, ["pass", "play", "pass", "pass"], ["call G"])
    assert (ref.declarer, ref.partner) == (1, 0)
    return ref


def test_called_suit_led_only_with_the_sau_below_four_cards():
    ref = seat1_calls_gras(PARTNER_THREE)
    assert plays(ref) == ["8H", "AG", "OE", "OG", "OH", "OS"]
    with pytest.raises(ValueError):
        ref.apply("play 9G")


def test_davonlaufen_with_four_cards_then_the_sau_is_free():
    ref = seat1_calls_gras(PARTNER_FOUR)
    assert plays(ref) == sorted(PARTNER_FOUR[0])
    ref.apply("play 8G")  # runs away
    ref.apply("play KG")
    ref.apply("play KH")
    ref.apply("play 7S")
    assert ref.tricks[0].winner == 2
    ref.apply("play AE")
    ref.apply("play 8H")
    assert ref.to_act() == 0
    assert "play AG" in ref.legal()  # after running away he may throw the Sau
    assert len(plays(ref)) == 7


def test_the_sau_must_be_played_when_searched_even_with_four():
    hands = [PARTNER_FOUR[1], PARTNER_FOUR[0], PARTNER_FOUR[2], PARTNER_FOUR[3]]
    ref = Referee([list(h) for h in hands], dealer=3)
    auction(ref, ["play", "pass", "pass", "pass"], ["call G"])
    assert ref.partner == 1
    ref.apply("play 7G")
    assert ref.legal() == ["play AG"]


def test_which_sau_can_be_called():
    ref = Referee([list(h) for h in PARTNER_FOUR], dealer=3)
    auction(ref, ["play", "play", "pass", "pass"], [])
    # seat 0 holds the Gras-Sau, no plain Eichel or Schellen (the Eichel-Ober is a trump)
    assert ref.legal() == ["solo E", "solo G", "solo H", "solo S", "wenz"]
    ref.apply("wenz")
    # a later seat cannot take a Rufspiel at all
    assert ref.legal() == ["pass", "solo E", "solo G", "solo H", "solo S"]
    ref2 = Referee([list(h) for h in PARTNER_FOUR], dealer=0)  # seat 1 speaks first
    auction(ref2, ["play", "pass", "pass", "pass"], [])
    assert ref2.to_act() == 1
    assert ref2.legal() == ["call G", "solo E", "solo G", "solo H", "solo S", "wenz"]
    with pytest.raises(ValueError):
        ref2.apply("call H")  # Herz is trump: never called
    with pytest.raises(ValueError):
        ref2.apply("call E")  # no Eichel in hand
    # all three Sauen in one hand ('gesperrt'): no Rufspiel
    hands = [
        ["AE", "AG", "AS", "7E", "7G", "7S", "OE", "UE"],
        ["10E", "KE", "9E", "8E", "10G", "KG", "9G", "8G"],
        ["10S", "KS", "9S", "8S", "OG", "OH", "OS", "UG"],
        ["UH", "US", "AH", "10H", "KH", "9H", "8H", "7H"],
    ]
    ref3 = Referee(hands, dealer=3)
    auction(ref3, ["play", "pass", "pass", "pass"], [])
    assert not any(a.startswith("call") for a in ref3.legal())


# ---------------------------------------------------------------- auction
def test_precedence_solo_over_wenz_over_rufspiel():
    ref = Referee([list(h) for h in PARTNER_THREE], dealer=0)  # seat 1 is Vorhand
    auction(ref, ["play", "play", "pass", "play"], [])  # seats 1, 2, 0 want to play
    assert ref.to_act() == 1 and "pass" not in ref.legal()
    ref.apply("call G")
    assert ref.to_act() == 2
    assert ref.legal() == ["pass", "solo E", "solo G", "solo H", "solo S", "wenz"]
    ref.apply("wenz")
    assert ref.to_act() == 0
    assert ref.legal() == ["pass", "solo E", "solo G", "solo H", "solo S"]
    ref.apply("solo H")
    assert (ref.declarer, ref.game, ref.partner, ref.trump_suit) == (0, "solo H", None, "H")
    assert ref.to_act() == 1  # Vorhand leads


def test_equal_games_go_to_the_earlier_seat():
    ref = Referee([list(h) for h in PARTNER_THREE], dealer=3)
    auction(ref, ["play", "play", "pass", "play"], ["solo E"])
    assert ref.to_act() == 1 and ref.legal() == ["pass"]
    ref.apply("pass")
    assert ref.to_act() == 3 and ref.legal() == ["pass"]
    ref.apply("pass")
    assert (ref.declarer, ref.game) == (0, "solo E")
    ref2 = Referee([list(h) for h in PARTNER_THREE], dealer=3)
    auction(ref2, ["play", "play", "pass", "play"], ["wenz", "pass", "solo S"])
    assert (ref2.declarer, ref2.game) == (3, "solo S")


def test_all_pass_throws_the_deal_in():
    ref = Referee([list(h) for h in PARTNER_THREE], dealer=2)
    for seat in (3, 0, 1, 2):
        assert ref.to_act() == seat and ref.legal() == ["pass", "play"]
        ref.apply("pass")
    assert ref.is_over and ref.annulled and ref.to_act() is None and ref.legal() == []
    assert ref.scores() == [0, 0, 0, 0] and ref.declarer is None and ref.tricks == []


def test_input_validation_and_illegal_actions():
    good = [list(h) for h in PARTNER_THREE]
    with pytest.raises(ValueError):
        Referee(good[:3], 0)
    with pytest.raises(ValueError):
        Referee([good[0][:7], good[1], good[2], good[3] + [good[0][7]]], 0)
    dup = [list(h) for h in good]
    dup[0][0] = dup[1][0]
    with pytest.raises(ValueError):
        Referee(dup, 0)
    bad = [list(h) for h in good]
    bad[0][0] = "XX"
    with pytest.raises(ValueError):
        Referee(bad, 0)
    with pytest.raises(ValueError):
        Referee(good, 4)
    ref = Referee(good, 3)
    with pytest.raises(RuntimeError):
        ref.scores()
    for text in ("call E", "play AG", "kontra", ""):
        with pytest.raises(ValueError):
            ref.apply(text)
    assert ref.history == []


# ---------------------------------------------------------------- random deals
def random_deal(rng):
    deck = list(DECK)
    rng.shuffle(deck)
    return Referee([deck[i * 8:(i + 1) * 8] for i in range(4)], rng.randrange(4))


def check_play_rules(ref):
    """Independent checks of following suit and of the called Sau over the finished deal."""
    kind = ref.cards.kind
    hands = [set(h) for h in ref.initial_hands]
    ace = ref.called_ace
    led_before = False
    for number, trick in enumerate(ref.tricks):
        led = kind(trick.plays[0][1])
        for position, (seat, card) in enumerate(trick.plays):
            hand = hands[seat]
            assert card in hand
            if position and any(kind(c) == led for c in hand):
                assert kind(card) == led
            if ace is not None and ace in hand and not led_before:
                if position == 0 and kind(card) == ref.called_suit and card != ace:
                    assert sum(kind(c) == ref.called_suit for c in hand) >= 4
                if position and led == ref.called_suit:
                    assert card == ace
                if card == ace and led != ref.called_suit:
                    assert number == 7
            hand.remove(card)
        led_before = led_before or led == ref.called_suit
        assert trick.winner == trick_winner(ref.game, trick.plays)


def test_random_deals():
    rng = random.Random(20240611)
    counts = {"annulled": 0, "rufspiel": 0, "wenz": 0, "solo": 0, "kontra": 0}
    for number in range(3000):
        ref = random_deal(rng)
        steps = 0
        while not ref.is_over:
            legal = ref.legal()
            assert legal and legal == sorted(set(legal)) and ref.to_act() in range(4)
            if number % 100 == 0:  # now and then every legal action applies on a copy
                for text in legal:
                    copy.deepcopy(ref).apply(text)
                with pytest.raises(ValueError):
                    ref.apply("play XX")
            ref.apply(rng.choice(legal))
            steps += 1
            assert steps < 60
        assert ref.legal() == [] and ref.to_act() is None
        scores = ref.scores()
        assert sum(scores) == 0
        if ref.annulled:
            counts["annulled"] += 1
            assert scores == [0, 0, 0, 0] and all(b == "pass" for _, b in ref.bids)
            continue
        counts[ref.game_type] += 1
        counts["kontra"] += ref.kontra is not None
        assert len(ref.tricks) == 8 and all(len(t.plays) == 4 for t in ref.tricks)
        assert ref.card_points("declarers") + ref.card_points("defenders") == 120
        assert sum(ref.card_points(s) for s in range(4)) == 120
        assert sorted(c for t in ref.tricks for _, c in t.plays) == sorted(DECK)
        check_play_rules(ref)
        side = ref.declaring_side
        sign = 1 if ref.card_points("declarers") >= 61 else -1
        doublings = (ref.kontra is not None) + (ref.re is not None)
        assert ref.value > 0 and ref.value % (10 * 2 ** doublings) == 0
        if ref.game_type == "rufspiel":
            assert ref.partner is not None and ref.partner != ref.declarer
            assert ref.called_ace in ref.initial_hands[ref.partner]
            assert all(scores[s] == sign * ref.value for s in side)
        else:
            assert ref.partner is None
            assert scores[ref.declarer] == 3 * sign * ref.value
        assert all(scores[s] == -sign * ref.value for s in range(4) if s not in side)
        assert ref.reasons[-1] == ("value per player", ref.value)
        if ref.kontra is not None:
            assert ref.kontra not in side
        if ref.re is not None:
            assert ref.kontra is not None and ref.re in side
    assert counts["annulled"] > 50 and counts["kontra"] > 100
    assert min(counts["rufspiel"], counts["wenz"], counts["solo"]) > 200
