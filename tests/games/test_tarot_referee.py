"""Tests of the independent French Tarot referee (tests/tarot_referee.py).

Hand-built deals check each rule; seeded random deals check the seed's worked example
and the invariants (zero-sum scores, 91 card points, 18 tricks).
"""

import random
from fractions import Fraction

import pytest

from tarot_referee import (
    DECK,
    EXCUSE,
    LAYOUTS,
    ORDER,
    POINTS,
    RANK,
    SUIT,
    Referee,
    card_points,
    contract_value,
)

HALF = Fraction(1, 2)
PLAIN = [c for c in DECK if SUIT[c] in "SHDC"]


# ---------------------------------------------------------------- helpers
def cards(suit, ranks):
    return [r + suit for r in ranks.split()]


def trumps(*numbers):
    return [f"{n}T" for n in numbers]


def trump_range(low, high):
    return trumps(*range(low, high + 1))


def deal(seats, chien, dealer=0, players=4, **options):
    """seats: {seat: cards}; every seat must be given."""
    return Referee([list(seats[s]) for s in range(players)], list(chien), dealer, players, **options)


def rest(*used, exclude=()):
    """The plain cards not in any of the given lists, in deck order."""
    taken = {c for group in used for c in group} | set(exclude)
    return [c for c in PLAIN if c not in taken]


def plays(ref):
    return {a.split()[1] for a in ref.legal() if a.startswith("play ")}


def run(ref, *actions):
    for action in actions:
        ref.apply(action)


def default_card(options):
    """Keep the Excuse for last; otherwise the lowest rank (ties in deck order)."""
    return min(options, key=lambda c: (c == EXCUSE, RANK[c], ORDER[c]))


def play_out(ref, prefer=None):
    """Play the rest of the deal: each seat plays the first legal card of its preference
    list, else default_card. No poignée unless already started."""
    prefer = prefer or {}
    while not ref.is_over:
        legal = ref.legal()
        shows = [a for a in legal if a.startswith("show ")]
        if shows:
            ref.apply(shows[0])
            continue
        options = [a.split()[1] for a in legal if a.startswith("play ")]
        assert options, legal
        seat = ref.to_act()
        choice = next((c for c in prefer.get(seat, ()) if c in options), None)
        ref.apply("play " + (choice or default_card(options)))


def random_referee(seed, players=4):
    rng = random.Random(seed)
    layout = LAYOUTS[players]
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * layout.hand:(i + 1) * layout.hand] for i in range(players)]
    ref = Referee(hands, deck[players * layout.hand:], rng.randrange(players), players)
    return ref, rng


def random_deal(seed, players=4):
    ref, rng = random_referee(seed, players)
    while not ref.is_over:
        ref.apply(rng.choice(ref.legal()))
    return ref


def no_bonus(ref):
    return not (ref.petit_au_bout or ref.poignees or ref.attack_slam or ref.defence_slam
                or ref.chelem_announced)


# ---------------------------------------------------------------- card data
def test_deck_and_points():
    assert len(DECK) == len(set(DECK)) == 78
    assert sum(POINTS.values()) == 91
    assert POINTS["EX"] == POINTS["1T"] == POINTS["21T"] == POINTS["KH"] == Fraction(9, 2)
    assert POINTS["QS"] == Fraction(7, 2) and POINTS["NS"] == Fraction(5, 2)
    assert POINTS["JS"] == Fraction(3, 2) and POINTS["10S"] == POINTS["20T"] == HALF
    assert RANK["KS"] > RANK["QS"] > RANK["NS"] > RANK["JS"] > RANK["10S"] > RANK["1S"]


# ---------------------------------------------------------------- settlement arithmetic
def test_worked_example_arithmetic():
    # Garde, 2 bouts (target 41), 45 points: (25 + 4) x 2 = 58 per defender.
    assert contract_value(Fraction(45), 2, 2) == 58
    assert contract_value(Fraction(103, 2), 1, 1) == Fraction(51, 2)
    assert contract_value(Fraction(40), 2, 1) == -26
    assert contract_value(Fraction(41), 2, 1) == 25  # reaching the target wins
    assert contract_value(Fraction(81, 2), 2, 1) == Fraction(-51, 2)


def test_bonus_arithmetic():
    # petit au bout is multiplied, poignée and chelem are not; poignées go to the winner
    assert contract_value(Fraction(45), 2, 2, petit_au_bout=1) == 58 + 20
    assert contract_value(Fraction(45), 2, 2, petit_au_bout=-1) == 58 - 20
    assert contract_value(Fraction(45), 2, 2, poignees=(20, 30)) == 58 + 50
    assert contract_value(Fraction(30), 2, 2, poignees=(20,)) == -72 - 20
    assert contract_value(Fraction(91), 3, 1, attack_slam=True) == 80 + 200
    assert contract_value(Fraction(91), 3, 1, attack_slam=True, announced=True) == 80 + 400
    assert contract_value(Fraction(80), 3, 1, announced=True) == 69 - 200
    assert contract_value(Fraction(0), 0, 1, defence_slam=True) == -81 - 200
    assert contract_value(Fraction(0), 0, 1, defence_slam=True, announced=True) == -81 - 400


def test_worked_example_full_deal():
    ref = random_deal(9759)
    assert (ref.contract, ref.taker_bouts, ref.taker_points) == ("garde", 2, 45)
    assert no_bonus(ref)
    expected = [Fraction(-58)] * 4
    expected[ref.taker] = Fraction(174)
    assert ref.scores() == expected


def test_prise_one_bout_half_point_full_deal():
    # 3 players (tricks of 3 cards give half points): 51.5 with 1 bout -> 25.5 per defender
    ref = random_deal(8983, players=3)
    assert (ref.contract, ref.taker_bouts, ref.taker_points) == ("prise", 1, Fraction(103, 2))
    assert no_bonus(ref)
    expected = [Fraction(-51, 2)] * 3
    expected[ref.taker] = Fraction(51)
    assert ref.scores() == expected


# ---------------------------------------------------------------- annulment and auction
def petit_sec_seats(with_excuse):
    seat2 = ["1T"] + (["EX"] if with_excuse else [])
    seat2 += PLAIN[: 18 - len(seat2)]
    others = [c for c in DECK if c not in seat2]
    return {2: seat2, 3: others[:18], 0: others[18:36], 1: others[36:54]}, others[54:]


def test_petit_sec_annuls_at_once():
    seats, chien = petit_sec_seats(with_excuse=False)
    ref = deal(seats, chien)
    assert ref.is_over and ref.annulled
    assert ref.legal() == [] and ref.to_act() is None
    assert ref.scores() == [0, 0, 0, 0]
    with pytest.raises(ValueError):
        ref.apply("pass")


def test_petit_with_excuse_is_not_sec():
    seats, chien = petit_sec_seats(with_excuse=True)
    ref = deal(seats, chien)
    assert not ref.is_over and not ref.annulled and ref.to_act() == 1


def test_all_pass_annuls():
    ref = random_referee(1)[0]
    assert not ref.is_over
    first = ref.to_act()
    assert first == (ref.dealer + 1) % 4
    for _ in range(4):
        ref.apply("pass")
    assert ref.is_over and ref.annulled and ref.legal() == [] and ref.to_act() is None
    assert ref.scores() == [0, 0, 0, 0]


# A deal built for the follow rules (dealer 0: seat 1 speaks and leads first).
FOLLOW = {
    1: cards("S", "K Q N J 10 9 8 7 6 5 4 3 2 1") + cards("H", "K Q N J"),
    2: cards("H", "10 9 8 7 6 5 4 3 2 1") + trumps(1, 2, 3, 4, 8, 13, 14, 15),
    3: cards("D", "K Q N J 10 9 8 7 6 5 4 3 2 1") + trumps(5, 6, 11, 12),
    0: cards("C", "K Q N J 10 9 8 7 6 5 4 3 2 1") + trumps(7, 9, 10, 16),
}
FOLLOW_CHIEN = trumps(17, 18, 19, 20, 21) + ["EX"]


def test_auction_order_and_outbidding():
    ref = deal(FOLLOW, FOLLOW_CHIEN)
    assert ref.to_act() == 1
    assert set(ref.legal()) == {"pass", "prise", "garde", "garde sans", "garde contre"}
    with pytest.raises(ValueError):
        ref.apply("play KS")
    ref.apply("garde")
    assert ref.to_act() == 2
    assert set(ref.legal()) == {"pass", "garde sans", "garde contre"}
    with pytest.raises(ValueError):
        ref.apply("prise")
    run(ref, "pass", "garde contre")
    assert ref.to_act() == 0 and ref.legal() == ["pass"]  # everyone speaks once
    ref.apply("pass")
    assert (ref.taker, ref.contract, ref.multiplier) == (3, "garde contre", 6)
    # garde contre: no chien, no discard; straight to the chelem decision
    assert ref.to_act() == 3 and set(ref.legal()) == {"announce chelem", "pass"}
    assert len(ref.hands[3]) == 18


def test_discard_plain_cards_only_when_enough():
    ref = deal(FOLLOW, FOLLOW_CHIEN)
    run(ref, "prise", "pass", "pass", "pass")
    assert ref.taker == 1 and ref.to_act() == 1 and len(ref.hands[1]) == 24
    expected = set(cards("S", "Q N J 10 9 8 7 6 5 4 3 2 1") + cards("H", "Q N J"))
    assert {a.split()[1] for a in ref.legal()} == expected
    for card in ("KS", "KH", "21T", "EX", "17T"):
        with pytest.raises(ValueError):
            ref.apply("discard " + card)
    run(ref, *("discard " + c for c in ("1S", "2S", "3S", "4S", "6S", "7S")))
    assert ref.discard == ["1S", "2S", "3S", "4S", "6S", "7S"]
    assert len(ref.hands[1]) == 18
    assert set(ref.legal()) == {"announce chelem", "pass"}


def test_follow_trump_overtrump_and_excuse():
    ref = deal(FOLLOW, FOLLOW_CHIEN)
    run(ref, "prise", "pass", "pass", "pass")
    run(ref, *("discard " + c for c in ("1S", "2S", "3S", "4S", "6S", "7S")), "pass")
    assert ref.to_act() == 1 and plays(ref) == ref.hands[1]
    # trick 1: spades led; no spades -> any trump; then overtrump if possible
    ref.apply("play 5S")
    assert plays(ref) == set(trumps(1, 2, 3, 4, 8, 13, 14, 15))
    ref.apply("play 8T")
    assert plays(ref) == set(trumps(11, 12))  # must overtrump 8T
    with pytest.raises(ValueError):
        ref.apply("play 5T")
    with pytest.raises(ValueError):
        ref.apply("play KD")
    ref.apply("play 11T")
    assert plays(ref) == {"16T"}  # overtrump even over a fellow defender
    ref.apply("play 16T")
    assert ref.tricks[-1].winner == 0 and ref.to_act() == 0
    # trick 2: clubs led; the taker trumps (the Excuse always allowed); cannot-overtrump
    ref.apply("play 1C")
    assert plays(ref) == set(trumps(17, 18, 19, 20, 21)) | {"EX"}
    ref.apply("play 17T")
    assert plays(ref) == set(trumps(1, 2, 3, 4, 13, 14, 15))  # none beats 17T: any trump
    ref.apply("play 13T")
    assert plays(ref) == set(trumps(5, 6, 12))
    ref.apply("play 5T")
    assert ref.tricks[-1].winner == 1 and ref.to_act() == 1
    # trick 3: hearts led; seat 2 must follow (no trump, no Excuse); trump over 6T
    ref.apply("play JH")
    assert plays(ref) == set(cards("H", "10 9 8 7 6 5 4 3 2 1"))
    ref.apply("play 10H")
    assert plays(ref) == set(trumps(6, 12))
    ref.apply("play 6T")
    assert plays(ref) == set(trumps(7, 9, 10))
    ref.apply("play 7T")
    assert ref.tricks[-1].winner == 0
    # trick 4: trumps led: overtrump; if not possible any trump; without trumps any card
    ref.apply("play 9T")
    assert plays(ref) == set(trumps(18, 19, 20, 21)) | {"EX"}
    ref.apply("play 18T")
    assert plays(ref) == set(trumps(1, 2, 3, 4, 14, 15))
    ref.apply("play 14T")
    assert plays(ref) == {"12T"}
    ref.apply("play 12T")
    assert ref.tricks[-1].winner == 1
    # trick 5: the Excuse led: any card next, and that card sets the suit
    ref.apply("play EX")
    assert plays(ref) == ref.hands[2]
    ref.apply("play 9H")
    assert plays(ref) == set(cards("D", "K Q N J 10 9 8 7 6 5 4 3 2 1"))  # no hearts, no trumps
    ref.apply("play KD")
    assert plays(ref) == {"10T"}  # hearts were set by 9H: seat 0 must trump
    ref.apply("play 10T")
    trick = ref.tricks[-1]
    assert trick.winner == 0 and not trick.by_excuse  # the Excuse does not win
    # trick 6: clubs led; a player with neither clubs nor trumps plays any card
    ref.apply("play 10C")
    ref.apply("play 19T")
    ref.apply("play 15T")
    ref.apply("play 1D")
    assert ref.tricks[-1].winner == 1
    # trick 7: trumps led to a player without trumps: any card
    ref.apply("play 20T")
    assert plays(ref) == set(trumps(1, 2, 3, 4))
    ref.apply("play 1T")
    assert plays(ref) == ref.hands[3] and plays(ref) == set(cards("D", "Q N J 10 9 8 7 6 5 4 3 2"))
    play_out(ref)
    assert ref.is_over and len(ref.tricks) == 18
    # the taker's Excuse, lost in trick 5, stayed with him; he gave 0.5 for it
    assert "EX" in ref.attack_cards and ref.excuse_adjustment == -HALF
    assert ref.taker_points + ref.defence_points == 91
    assert sum(ref.scores()) == 0


# ---------------------------------------------------------------- slams and the Excuse
# Seat 1 holds every trump from 6T up, the Petit and the Excuse; seats 2, 3, 0 share
# 2T-5T; the chien is six low spades.
SLAM_CHIEN = cards("S", "1 2 3 4 5 6")
_SLAM_PLAIN = rest(SLAM_CHIEN)
SLAM = {
    1: trump_range(6, 21) + ["1T", "EX"],
    2: trumps(2, 3) + _SLAM_PLAIN[:16],
    3: trumps(4) + _SLAM_PLAIN[16:33],
    0: trumps(5) + _SLAM_PLAIN[33:],
}
TOP_DOWN = [f"{n}T" for n in range(21, 5, -1)]


def slam_taker(announce, poignee=None):
    ref = deal(SLAM, SLAM_CHIEN)
    run(ref, "prise", "pass", "pass", "pass")
    assert {a.split()[1] for a in ref.legal()} == set(SLAM_CHIEN)
    run(ref, *("discard " + c for c in SLAM_CHIEN))
    ref.apply("announce chelem" if announce else "pass")
    assert ref.to_act() == 1
    assert {"single poignée", "double poignée", "triple poignée"} <= set(ref.legal())
    if poignee:
        ref.apply(poignee)
    return ref


def test_announced_slam_with_excuse_led_last_and_petit_au_bout_penultimate():
    ref = slam_taker(announce=True)
    play_out(ref, {1: TOP_DOWN + ["1T", "EX"]})
    assert all(t.winner == 1 for t in ref.tricks)
    last = ref.tricks[-1]
    assert last.plays[0] == (1, "EX") and last.by_excuse
    assert any(c == "1T" for _, c in ref.tricks[-2].plays)
    assert ref.petit_au_bout == 1 and ref.attack_slam
    assert (ref.taker_points, ref.taker_bouts) == (91, 3)
    value = (25 + 91 - 36) + 10 + 400
    assert ref.scores() == [-value, 3 * value, -value, -value]


def test_unannounced_slam_and_triple_poignee():
    ref = slam_taker(announce=False, poignee="triple poignée")
    play_out(ref, {1: TOP_DOWN + ["1T", "EX"]})
    assert ref.poignees[1][0] == 2 and len(ref.poignees[1][1]) == 15
    value = 80 + 10 + 200 + 40
    assert ref.scores() == [-value, 3 * value, -value, -value]


def test_announced_slam_failed_excuse_compensation_petit_au_bout_last():
    ref = slam_taker(announce=True)
    play_out(ref, {1: TOP_DOWN + ["EX", "1T"]})
    lost = ref.tricks[16]
    assert lost.plays[0] == (1, "EX") and lost.winner != 1
    assert ref.tricks[-1].winner == 1 and ("1T" in {c for _, c in ref.tricks[-1].plays})
    assert ref.petit_au_bout == 1 and not ref.attack_slam and not ref.defence_slam
    # the Excuse stays with the taker, who gives the defenders 0.5
    assert "EX" in ref.attack_cards and ref.excuse_adjustment == -HALF
    lost_points = card_points(c for _, c in lost.plays if c != "EX")
    assert ref.taker_points == 91 - lost_points - HALF
    assert ref.taker_bouts == 3
    value = (25 + ref.taker_points - 36) + 10 - 200
    assert value == contract_value(ref.taker_points, 3, 1, petit_au_bout=1, announced=True)
    assert ref.scores() == [-value, 3 * value, -value, -value]


def defence_slam(announce, poignee=None):
    ref = deal(SLAM, SLAM_CHIEN)
    run(ref, "pass", "prise", "pass", "pass")
    assert ref.taker == 2
    while ref.legal()[0].startswith("discard"):
        ref.apply(ref.legal()[0])
    ref.apply("announce chelem" if announce else "pass")
    assert ref.to_act() == (2 if announce else 1)
    if poignee:
        if announce:
            play_out_until(ref, 1)
        ref.apply(poignee)
    play_out(ref, {1: TOP_DOWN + ["1T", "EX"]})
    assert not any(ref.attack(t.winner) for t in ref.tricks) and ref.defence_slam
    assert ref.tricks[-1].by_excuse and ref.petit_au_bout == -1
    assert ref.taker_points == card_points(ref.discard) and ref.taker_bouts == 0
    return ref


def play_out_until(ref, seat):
    while ref.to_act() != seat:
        options = [a.split()[1] for a in ref.legal() if a.startswith("play ")]
        ref.apply("play " + default_card(options))


def test_defenders_slam_unannounced():
    ref = defence_slam(announce=False)
    value = -(25 + 56 - ref.taker_points) - 10 - 200
    assert ref.scores() == [-value, -value, 3 * value, -value]


def test_defenders_slam_after_announced_chelem_and_defender_poignee():
    ref = defence_slam(announce=True, poignee="triple poignée")
    value = -(25 + 56 - ref.taker_points) - 10 - 200 - 200 - 40
    assert ref.scores() == [-value, -value, 3 * value, -value]


# Seat 1 (taker, garde sans) holds 21T-5T and 1C; seat 2 holds KC (his only club), 1T and
# 2T; seat 3 holds the Excuse, 3T and 4T; seat 0 no trump.
EXLAST_CHIEN = cards("D", "1 2 3 4 5 6")
_EXLAST_PLAIN = rest(EXLAST_CHIEN, exclude=("1C", "KC"))
_EXLAST_NO_CLUBS = [c for c in _EXLAST_PLAIN if SUIT[c] != "C"]
EXLAST = {
    1: trump_range(5, 21) + ["1C"],
    2: ["KC", "1T", "2T"] + _EXLAST_NO_CLUBS[:15],
    3: ["EX", "3T", "4T"] + _EXLAST_NO_CLUBS[15:30],
}
EXLAST[0] = [c for c in _EXLAST_PLAIN if c not in EXLAST[2] + EXLAST[3]]
DOWN_TO_5 = [f"{n}T" for n in range(21, 4, -1)]


def excuse_last(**options):
    ref = deal(EXLAST, EXLAST_CHIEN, **options)
    run(ref, "garde sans", "pass", "pass", "pass", "pass")
    play_out(ref, {1: DOWN_TO_5})
    last = ref.tricks[-1]
    assert [c for _, c in last.plays][:3] == ["1C", "KC", "EX"] and last.winner == 2
    assert all(t.winner == 1 for t in ref.tricks[:-1])
    assert not ref.attack_slam and not ref.defence_slam and ref.petit_au_bout == 0
    return ref, last


def test_excuse_in_last_trick_goes_to_the_opposing_team():
    # seat 3's Excuse, played to the last trick that his partner seat 2 wins, goes to the
    # taker (the seed: in the last trick the Excuse goes to the opposing team)
    ref, last = excuse_last()
    assert "EX" in ref.attack_cards and ref.excuse_adjustment == 0
    others = card_points(c for _, c in last.plays if c != "EX")
    assert ref.taker_points == 91 - others and ref.taker_bouts == 3
    value = 4 * (25 + ref.taker_points - 36)
    assert ref.scores() == [-value, 3 * value, -value, -value]


def test_excuse_in_last_trick_winner_option():
    ref, last = excuse_last(excuse_last_trick="winner")
    assert "EX" in ref.defence_cards
    assert ref.taker_points == 91 - card_points(c for _, c in last.plays)
    assert ref.taker_bouts == 2


def test_excuse_in_last_trick_lost_goes_to_trick_winner():
    # the taker leads the Excuse to the last trick after losing one trick: no slam
    # exception, the defenders win the trick and take the Excuse
    ref = slam_taker(announce=False)
    play_out(ref, {1: ["1T"] + TOP_DOWN + ["EX"], 2: ["2T", "3T"]})
    assert ref.tricks[0].winner != 1  # the Petit led first loses to 2T
    last = ref.tricks[-1]
    assert last.plays[0] == (1, "EX") and not last.by_excuse and last.winner != 1
    assert "EX" in ref.defence_cards and ref.taker_bouts == 1
    assert ref.petit_au_bout == 0


def test_defender_excuse_in_taker_trick_stays_with_defence():
    ref = deal(EXLAST, EXLAST_CHIEN)
    run(ref, "garde sans", "pass", "pass", "pass", "pass")
    ref.apply("play 21T")
    ref.apply("play 2T")
    assert "play EX" in ref.legal() and "play 3T" in ref.legal()  # Excuse playable anytime
    ref.apply("play EX")
    play_out(ref, {1: DOWN_TO_5})
    assert ref.tricks[0].winner == 1
    assert "EX" in ref.defence_cards and ref.excuse_adjustment == HALF
    assert ref.taker_points + ref.defence_points == 91
    assert ref.taker_bouts == 2


# ---------------------------------------------------------------- poignées
def poignee_deal(seat1_trumps, seat1_excuse, seat2_trumps):
    """Seat 3 takes a garde sans; seat 1 leads and seat 2 plays second."""
    seat1 = trumps(*seat1_trumps) + (["EX"] if seat1_excuse else [])
    seat2 = trumps(*seat2_trumps)
    left = [c for c in DECK if c not in seat1 + seat2]
    seat1 += [c for c in left if c in PLAIN][: 18 - len(seat1)]
    seat2 += [c for c in left if c in PLAIN and c not in seat1][: 18 - len(seat2)]
    left = [c for c in left if c not in seat1 + seat2]
    ref = deal({1: seat1, 2: seat2, 3: left[:18], 0: left[18:36]}, left[36:])
    run(ref, "pass", "pass", "garde sans", "pass", "pass")
    assert ref.to_act() == 1
    return ref


def poignee_options(ref):
    return {a for a in ref.legal() if a.endswith("poignée")}


def shown_options(ref):
    return {a.split()[1] for a in ref.legal()}


def test_poignee_excuse_stands_in_only_when_all_trumps_are_shown():
    ref = poignee_deal(range(1, 10), True, range(10, 20))  # 9 trumps + Excuse; 10 trumps
    assert poignee_options(ref) == {"single poignée"}
    ref.apply("single poignée")
    assert all(a.startswith("show ") for a in ref.legal())
    assert shown_options(ref) == set(trump_range(1, 9)) | {"EX"}  # all 9 trumps + Excuse
    for card in ["EX"] + trump_range(1, 9):
        ref.apply("show " + card)
    assert ref.poignees[1] == (0, ["EX"] + trump_range(1, 9))
    assert ref.to_act() == 1 and not poignee_options(ref)
    assert all(a.startswith("play ") for a in ref.legal())
    ref.apply("play 9T")
    # seat 2 with exactly 10 trumps: the single, shown with trumps only
    assert poignee_options(ref) == {"single poignée"}
    ref.apply("single poignée")
    for _ in range(10):
        assert "EX" not in shown_options(ref)
        ref.apply(ref.legal()[0])
    assert ref.legal()[0].startswith("play ")


def test_poignee_with_more_trumps_than_needed_never_shows_the_excuse():
    ref = poignee_deal(range(1, 11), True, range(11, 22))  # 10 trumps + EX; 11 trumps
    assert poignee_options(ref) == {"single poignée"}
    ref.apply("single poignée")
    seen = set()
    for _ in range(10):
        options = shown_options(ref)
        assert "EX" not in options and not options & seen
        card = sorted(options, key=ORDER.__getitem__)[-1]
        seen.add(card)
        ref.apply("show " + card)
    assert set(ref.poignees[1][1]) == set(trump_range(1, 10))
    ref.apply("play 1T")
    assert poignee_options(ref) == {"single poignée"}  # 11 < 13: no double


def test_double_poignee_with_excuse_and_one_per_player():
    ref = poignee_deal(range(1, 13), True, range(13, 22))  # 12 trumps + EX; 9 trumps
    assert poignee_options(ref) == {"single poignée", "double poignée"}
    ref.apply("double poignée")
    assert shown_options(ref) == set(trump_range(1, 12)) | {"EX"}
    ref.apply("show EX")
    assert shown_options(ref) == set(trump_range(1, 12))
    for card in trump_range(1, 12):
        ref.apply("show " + card)
    assert len(ref.poignees[1][1]) == 13 and not poignee_options(ref)
    ref.apply("play 1T")
    assert not poignee_options(ref)  # seat 2: 9 trumps
    play_out(ref)
    assert 1 in ref.poignees and len(ref.poignees) == 1
    sign = 1 if ref.made else -1
    assert ref.value == contract_value(
        ref.taker_points, ref.taker_bouts, 4, petit_au_bout=ref.petit_au_bout,
        poignees=(30,), attack_slam=ref.attack_slam, defence_slam=ref.defence_slam)
    assert sign * 30 == ref.value - contract_value(
        ref.taker_points, ref.taker_bouts, 4, petit_au_bout=ref.petit_au_bout,
        attack_slam=ref.attack_slam, defence_slam=ref.defence_slam)


def test_poignee_only_before_first_card():
    ref = poignee_deal(range(1, 11), False, range(11, 22))
    assert poignee_options(ref) == {"single poignée"}
    ref.apply("play 1T")  # declining: the chance is gone
    ref.apply(sorted(a for a in ref.legal() if a.startswith("play "))[0])
    ref.apply(ref.legal()[0])
    ref.apply(ref.legal()[0])
    while ref.to_act() != 1:
        ref.apply([a for a in ref.legal() if a.startswith("play ")][0])
    assert not poignee_options(ref)


FOUR_KINGS_CHIEN = ["16T", "17T"] + cards("S", "1 2 3 4")


def four_kings():
    seat1 = ["KS", "KH", "KD", "KC"] + trump_range(2, 15)
    plain = rest(seat1, FOUR_KINGS_CHIEN)
    seat2 = ["1T", "18T"] + plain[:16]
    seat3 = ["19T", "20T", "21T", "EX"] + plain[16:30]
    seat0 = plain[30:]
    assert len(seat0) == 18
    ref = deal({1: seat1, 2: seat2, 3: seat3, 0: seat0}, FOUR_KINGS_CHIEN)
    run(ref, "prise", "pass", "pass", "pass")
    return ref


def test_discard_may_include_trumps_when_short_of_plain_cards():
    ref = four_kings()
    # only four plain cards: trumps (not bouts, never Kings) may fill the shortfall
    assert {a.split()[1] for a in ref.legal()} == set(trump_range(2, 17) + cards("S", "1 2 3 4"))
    ref.apply("discard 16T")  # a trump may go early while plain cards remain
    run(ref, "discard 1S", "discard 2S", "discard 3S", "discard 4S")
    assert {a.split()[1] for a in ref.legal()} == set(trump_range(2, 15) + ["17T"])
    ref.apply("discard 17T")
    assert ref.phase == "chelem"


def test_four_kings_exception_counts_discarded_trumps_for_triple():
    ref = four_kings()
    run(ref, *("discard " + c for c in ("1S", "2S", "3S", "4S", "16T", "17T")), "pass")
    # 14 trumps in hand: single and double; the triple only through the discarded trumps
    assert poignee_options(ref) == {"single poignée", "double poignée", "triple poignée"}
    ref.apply("double poignée")
    assert shown_options(ref) == set(trump_range(2, 15))  # discarded trumps not for a double
    ref = four_kings()
    run(ref, *("discard " + c for c in ("1S", "2S", "3S", "4S", "16T", "17T")), "pass")
    ref.apply("triple poignée")
    assert shown_options(ref) == set(trump_range(2, 17))
    for card in ["16T", "17T"] + trump_range(2, 14):
        ref.apply("show " + card)
    assert len(ref.poignees[1][1]) == 15 and ref.legal()[0].startswith("play ")


# ---------------------------------------------------------------- three and five players
def test_five_players_called_king_partner_and_scores():
    partners = alone = 0
    for seed in range(300):
        ref, rng = random_referee(seed, players=5)
        while not ref.is_over and ref.phase != "call":
            ref.apply(rng.choice(ref.legal()))
        if ref.is_over:
            continue
        hand = ref.hands[ref.taker]
        kings = {"KS", "KH", "KD", "KC"}
        called = {a.split()[1] for a in ref.legal()}
        assert called == ({"QS", "QH", "QD", "QC"} if kings <= hand else kings)
        card = rng.choice(sorted(called))
        ref.apply("call " + card)
        holder = next((s for s in range(5) if card in ref.initial_hands[s]), None)
        if holder in (None, ref.taker):
            assert ref.partner is None
        else:
            assert ref.partner == holder
        while not ref.is_over:
            ref.apply(rng.choice(ref.legal()))
        scores, value = ref.scores(), ref.value
        assert sum(scores) == 0 and len(ref.tricks) == 15
        if ref.partner is None:
            alone += 1
            assert scores[ref.taker] == 4 * value
        else:
            partners += 1
            assert scores[ref.taker] == 2 * value and scores[ref.partner] == value
        assert all(scores[s] == -value for s in range(5) if not ref.attack(s))
    assert partners and alone


def test_five_players_four_kings_call_a_queen():
    seat1 = ["KS", "KH", "KD", "KC"] + trump_range(2, 12)
    seat2 = ["1T", "13T"] + rest(seat1)[:13]
    left = [c for c in DECK if c not in seat1 + seat2]
    seats = {1: seat1, 2: seat2, 3: left[:15], 4: left[15:30], 0: left[30:45]}
    ref = deal(seats, left[45:], players=5)
    run(ref, "garde", "pass", "pass", "pass", "pass")
    assert ref.to_act() == 1 and set(ref.legal()) == {"call QS", "call QH", "call QD", "call QC"}
    holder = next(s for s in range(5) if "QD" in seats[s])
    ref.apply("call QD")
    assert ref.partner == holder != 1
    assert len(ref.hands[1]) == 18 and ref.legal()[0].startswith("discard ")
    for _ in range(3):
        ref.apply(ref.legal()[0])
    assert len(ref.discard) == 3 and set(ref.legal()) == {"announce chelem", "pass"}


def test_three_players_layout():
    ref = random_deal(8983, players=3)
    assert len(ref.tricks) == 24 and all(len(t.plays) == 3 for t in ref.tricks)
    assert len(ref.discard) == 6 or ref.contract in ("garde sans", "garde contre")


# ---------------------------------------------------------------- random deals
def check_deal(ref, players):
    layout = LAYOUTS[players]
    scores = ref.scores()
    assert len(scores) == players and sum(scores) == 0
    assert all(isinstance(s, Fraction) for s in scores)
    if ref.annulled:
        assert scores == [0] * players
        return
    assert len(ref.tricks) == layout.tricks
    played = [c for t in ref.tricks for _, c in t.plays]
    assert all(len(t.plays) == players for t in ref.tricks)
    assert len(played) == len(set(played)) == players * layout.hand
    assert ref.taker_points + ref.defence_points == 91
    assert sorted(ref.attack_cards + ref.defence_cards) == sorted(DECK)
    assert ref.taker_points == card_points(ref.attack_cards) + ref.excuse_adjustment
    for seat, (level, shown) in ref.poignees.items():
        assert len(shown) == layout.poignee[level] == len(set(shown))
    for index, trick in enumerate(ref.tricks):
        if index:
            assert trick.leader == ref.tricks[index - 1].winner


@pytest.mark.parametrize("players,count", [(4, 2000), (3, 200), (5, 200)])
def test_random_deals(players, count):
    rng_bad = random.Random(players)
    for seed in range(count):
        ref, rng = random_referee(seed, players)
        while not ref.is_over:
            legal = ref.legal()
            assert legal and ref.to_act() is not None
            if seed % 50 == 0:  # now and then, an illegal action is refused
                bad = rng_bad.choice(["play 22T", "discard EX", "show KS", "call EX"])
                with pytest.raises(ValueError):
                    ref.apply(bad)
            ref.apply(rng.choice(legal))
        assert ref.legal() == [] and ref.to_act() is None
        check_deal(ref, players)
