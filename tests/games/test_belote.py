"""Belote, clause by clause (/work/shared/rules/belote.md, seed 004), on stacked deals.

Seats run counter-clockwise: seat (dealer + 1) % 4 is at the dealer's right; North-South
are seats 0 and 2, East-West seats 1 and 3. Most deals here are dealt by seat 3, so seat 0
bids first and leads the first trick.
"""
from __future__ import annotations

from fractions import Fraction
import random

import pytest

import interpreter
from interpreter.engine.cards import bits

GAME = interpreter.load("belote")
NS, EW = 0, 1


# --- building stacked deals ------------------------------------------------------------------

def layout_for(final: list[list[str]], dealer: int, taker: int, turnup: str) -> dict:
    """The first-deal layout that gives each seat ``final`` (8 cards) after the second deal.

    The taker's turn-up card is ``turnup``; every hand's first five other cards are dealt
    first, and the pack holds the rest, one packet per seat from the dealer's right."""
    assert turnup in final[taker]
    rest = [[c for c in hand if c != turnup] for hand in final]
    pack: list[str] = []
    for i in range(4):
        pack += rest[(dealer + 1 + i) % 4][5:]
    return {"hands": [h[:5] for h in rest], "turnup": [turnup], "pack": pack}


def bid(state: interpreter.State, taker: int, call: str) -> None:
    """Everyone passes until ``taker`` makes ``call`` (``take`` in round 1, ``name X`` in round 2)."""
    if call != "take":
        for _ in range(4):
            state.apply("pass")
    while state.current_player != taker:
        state.apply("pass")
    state.apply(call)


def hands_of(tricks: list[dict[int, str]]) -> list[list[str]]:
    hands: list[list[str]] = [[] for _ in range(4)]
    for trick in tricks:
        for seat, card in trick.items():
            hands[seat].append(card)
    return hands


def deal(final: list[list[str]], turnup: str, dealer: int = 3, taker: int = 0, call: str = "take") -> interpreter.State:
    """A deal whose hands after the auction are ``final``; the play is about to start."""
    state = GAME.new_deal(layout=layout_for(final, dealer, taker, turnup), dealer=dealer)
    bid(state, taker, call)
    assert [set(codes(h)) for h in state.hands] == [set(h) for h in final]
    return state


def play(state: interpreter.State, tricks: list[dict[int, str]]) -> interpreter.State:
    """Play the tricks: each seat plays its card of the trick when its turn comes."""
    for trick in tricks:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    return state


def full(*hands: str) -> list[list[str]]:
    """Hands given as text; a hand ending in '*' is filled up with the cards the others
    leave, in deck order."""
    given = [h.split() for h in hands]
    used = {c for h in given for c in h if c != "*"}
    rest = [c for c in GAME.deck.codes if c not in used]
    out = []
    for h in given:
        if h[-1:] == ["*"]:
            h = h[:-1]
            h, rest = h + rest[:8 - len(h)], rest[8 - len(h):]
        out.append(h)
    assert sorted(c for h in out for c in h) == sorted(GAME.deck.codes) and all(len(h) == 8 for h in out)
    return out


def codes(mask: int) -> list[str]:
    return [GAME.deck.codes[c] for c in bits(mask)]


def legal_cards(state: interpreter.State) -> set[str]:
    return {a.text.split(" ", 1)[1] for a in state.legal_actions()}


def snapshot(state: interpreter.State) -> tuple:
    return (list(state.hands), list(state.trick), list(state.trick_seats), state.current_player,
            list(state.history), list(state.won), state.trump)


def assert_illegal(state: interpreter.State, action: str) -> None:
    before = snapshot(state)
    with pytest.raises(interpreter.IllegalActionError):
        state.apply(action)
    assert snapshot(state) == before


def team_points(result) -> dict[tuple[str, str], Fraction]:
    return {(r.rule, r.to): r.points for r in result.reasons}


# --- the deck and the deal -------------------------------------------------------------------

def test_deck_has_32_cards_ace_to_seven_in_four_suits():
    deck = GAME.deck
    assert deck.size == 32
    assert [m.bit_count() for m in deck.suit_masks] == [8, 8, 8, 8]
    assert sorted(deck.rank_masks) == sorted(["A", "K", "Q", "J", "10", "9", "8", "7"])
    assert deck.names[deck.index["JH"]] == "Jack of Hearts"


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_first_deal_is_packets_of_three_then_two_counterclockwise_then_a_card_turned_up(dealer):
    seed = 100 + dealer
    state = GAME.new_deal(seed=seed, dealer=dealer)
    pack = list(range(32))
    random.Random(seed).shuffle(pack)
    expected = [0] * 4
    at = 0
    for size in (3, 2):
        for i in range(4):
            seat = (dealer + 1 + i) % 4
            for card in pack[at:at + size]:
                expected[seat] |= 1 << card
            at += size
    assert state.hands == expected
    assert at == 20
    assert state.piles[GAME.pile_names.index("turnup")] == [pack[20]]
    assert state.piles[GAME.pile_names.index("pack")] == pack[21:]
    obs = state.observation((dealer + 2) % 4)
    assert obs["piles"]["turnup"] == [GAME.deck.codes[pack[20]]]
    assert "pack" not in obs["piles"]


@pytest.mark.parametrize("dealer,taker,call", [(3, 0, "take"), (3, 2, "take"), (1, 1, "take"),
                                               (0, 3, "name C"), (2, 3, "name S")])
def test_second_deal_turnup_to_taker_then_two_more_to_taker_three_to_others_from_dealers_right(dealer, taker, call):
    hands = [["AS", "KS", "QS", "JS", "10S"], ["9S", "8S", "7S", "AH", "KH"],
             ["QH", "JH", "10H", "9H", "8H"], ["7H", "AD", "KD", "QD", "JD"]]
    turnup = "10D"
    pack = ["9D", "8D", "7D", "AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C"]
    state = GAME.new_deal(layout={"hands": hands, "turnup": [turnup], "pack": pack}, dealer=dealer)
    bid(state, taker, call)
    assert state.taker == taker
    expected = [set(h) for h in hands]
    at = 0
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        n = 2 if seat == taker else 3
        expected[seat] |= set(pack[at:at + n])
        at += n
    expected[taker].add(turnup)
    assert at == 11
    assert [set(codes(h)) for h in state.hands] == expected
    assert [h.bit_count() for h in state.hands] == [8, 8, 8, 8]
    assert state.piles == [[], []]


# --- the auction -----------------------------------------------------------------------------

FIRST5 = [["AS", "KS", "QS", "JS", "10S"], ["9S", "8S", "7S", "AH", "KH"],
          ["QH", "JH", "10H", "9H", "8H"], ["7H", "AD", "KD", "QD", "JD"]]
PACK = ["9D", "8D", "7D", "AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C"]


def auction(dealer: int = 0, turnup: str = "10D") -> interpreter.State:
    pack = [c if c != turnup else "10D" for c in PACK]
    return GAME.new_deal(layout={"hands": FIRST5, "turnup": [turnup], "pack": pack}, dealer=dealer)


def test_round_one_offers_only_take_or_pass_to_each_player_in_turn():
    state = auction(dealer=1)
    for seat in (2, 3, 0, 1):
        assert state.current_player == seat
        assert [a.text for a in state.legal_actions()] == ["take", "pass"]
        assert_illegal(state, "name H")
        assert_illegal(state, "name D")
        assert_illegal(state, "play AS")
        state.apply("pass")
    assert state.round == 1


def test_take_makes_the_turned_up_suit_trump():
    state = auction(dealer=1, turnup="10D")
    state.apply("pass")
    state.apply("take")
    assert state.taker == 3
    assert GAME.deck.suit_codes[state.trump] == "D"
    assert not state.is_over and state.phase == 1


def test_round_two_after_four_passes_offers_the_three_other_suits_or_pass():
    state = auction(dealer=2, turnup="10D")
    for _ in range(4):
        state.apply("pass")
    for seat in (3, 0, 1):
        assert state.current_player == seat
        assert [a.text for a in state.legal_actions()] == ["name S", "name H", "name C", "pass"]
        assert_illegal(state, "name D")
        assert_illegal(state, "take")
        state.apply("pass")
    state.apply("name C")
    assert state.taker == 2
    assert GAME.deck.suit_codes[state.trump] == "C"
    assert "10D" in codes(state.hands[2])


def test_round_two_excludes_the_turned_up_suit_whatever_it_is():
    state = auction(dealer=0, turnup="7C")
    for _ in range(4):
        state.apply("pass")
    assert [a.text for a in state.legal_actions()] == ["name S", "name H", "name D", "pass"]


def test_two_rounds_of_passes_annul_the_deal_with_no_score():
    state = auction(dealer=0)
    for _ in range(8):
        assert not state.is_over
        state.apply("pass")
    assert state.is_over
    result = state.result()
    assert result.facts["annulled"] is True
    assert result.team_scores == (0, 0)
    assert result.reasons == ()
    assert state.taker is None
    with pytest.raises(interpreter.IllegalActionError):
        state.apply("pass")


def test_match_redeals_with_the_next_dealer_after_an_annulled_deal():
    match = GAME.new_match(seed=9, dealer=2)
    first = match.next_deal()
    assert first.dealer == 2
    for _ in range(8):
        first.apply("pass")
    assert match.finish_deal(first).facts["annulled"] is True
    assert not match.is_over and match.deals_played == 0
    second = match.next_deal()
    assert second.dealer == 3
    assert second.current_player == 0
    assert second.hands != first.hands
    second.apply("take")
    rng = random.Random(1)
    while not second.is_over:
        second.apply(rng.choice(second.legal_actions()))
    match.finish_deal(second)
    assert match.is_over and match.deals_played == 1
    assert sum(match.result().team_scores) >= 162


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_player_at_the_dealers_right_bids_first_in_both_rounds_and_leads_first(dealer):
    right = (dealer + 1) % 4
    state = auction(dealer=dealer)
    assert state.current_player == right
    for _ in range(4):
        state.apply("pass")
    assert state.current_player == right
    # Someone else (the dealer, who speaks last) names trump: the dealer's right still leads.
    for _ in range(3):
        state.apply("pass")
    assert state.current_player == dealer
    state.apply("name S")
    assert state.taker == dealer
    assert state.current_player == right and state.leader == right


# --- ranking and points ----------------------------------------------------------------------

TRUMP_ORDER = ["J", "9", "A", "10", "K", "Q", "8", "7"]
PLAIN_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7"]
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


@pytest.mark.parametrize("trump", ["S", "H", "D", "C"])
def test_trump_order_and_plain_order(trump):
    suits = ["S", "H", "D", "C"]
    t = suits.index(trump)
    plain = suits[(t + 1) % 4]
    winner = lambda trick, t: GAME.trick_rule.winner(trick, t, GAME.deck.suit_masks[t])  # noqa: E731
    idx = GAME.deck.index
    for order, suit in ((TRUMP_ORDER, trump), (PLAIN_ORDER, plain)):
        for i, high in enumerate(order):
            for low in order[i + 1:]:
                a, b = idx[high + suit], idx[low + suit]
                assert winner([a, b], t) == 0 and winner([b, a], t) == 1, (high, low, suit)
    # Any trump beats any plain card; an off-suit plain card never wins.
    assert winner([idx["A" + plain], idx["7" + trump]], t) == 1
    other = suits[(t + 2) % 4]
    assert winner([idx["7" + plain], idx["A" + other]], t) == 0


@pytest.mark.parametrize("trump", ["S", "H", "D", "C"])
def test_card_points_by_trump(trump):
    t = ["S", "H", "D", "C"].index(trump)
    table = GAME.points_by_trump[t + 1]
    for card, code in enumerate(GAME.deck.codes):
        rank, suit = code[:-1], code[-1]
        expected = TRUMP_POINTS[rank] if suit == trump else PLAIN_POINTS[rank]
        assert table[card] == expected, code
    assert sum(table) == 152


RANK_DEAL = full("10S JS AS KS QS AH AD AC", "9S KH KD KC QH QD QC JD", "7S *", "8S *")


@pytest.mark.parametrize("call,trump,winner,points", [("take", "S", 1, 24), ("name H", "H", 0, 10)])
def test_rank_and_points_follow_the_trump_chosen_at_run_time(call, trump, winner, points):
    # Same cards; 10S and 9S meet in the first trick. As trumps 9S (14) beats 10S (10);
    # as a plain suit 10S wins and 9S is worth nothing.
    state = deal(RANK_DEAL, turnup="AS", call=call)
    assert GAME.deck.suit_codes[state.trump] == trump
    if trump == "S":
        assert legal_cards(state) == set(RANK_DEAL[0])
        state.apply("play 10S")
        assert legal_cards(state) == {"9S"}          # trump led: overtrump
    else:
        state.apply("play 10S")
        assert legal_cards(state) == {"9S"}          # follow suit
    for card in ("9S", "7S", "8S"):
        state.apply("play " + card)
    assert state.winners == [winner]
    assert state.current_player == winner           # the winner leads next
    won = state.won[winner]
    assert sum(GAME.points_by_trump[state.trump + 1][c] for c in bits(won)) == points


# --- following -------------------------------------------------------------------------------
# Trump is hearts (seat 0 takes the turned-up AH); seat 0 leads; seat 2 is seat 0's partner.

def test_must_follow_suit_when_able_and_need_not_go_over():
    hands = full("AS AH KC QC JC 10C 9C 8C", "KS 7S JH 9H AD KD QD JD", "*", "*")
    state = deal(hands, turnup="AH")
    state.apply("play AS")
    assert legal_cards(state) == {"KS", "7S"}
    assert_illegal(state, "play JH")       # no trumping while holding the suit led
    assert_illegal(state, "play AD")
    state.apply("play 7S")                 # a lower card of the suit is fine
    assert state.trick == [GAME.deck.index["AS"], GAME.deck.index["7S"]]


def test_trump_led_must_overtrump_if_able():
    hands = full("9H AH KC QC JC 10C 9C 8C", "JH 8H 7H AS KS QS JS 10S", "*", "*")
    state = deal(hands, turnup="AH")
    state.apply("play 9H")
    assert legal_cards(state) == {"JH"}
    assert_illegal(state, "play 8H")
    assert_illegal(state, "play AS")
    state.apply("play JH")


def test_trump_led_may_play_a_lower_trump_only_when_unable_to_overtrump():
    hands = full("JH AH KC QC JC 10C 9C 8C", "9H 7H AS KS QS JS 10S 9S", "*", "*")
    state = deal(hands, turnup="AH")
    state.apply("play JH")
    assert legal_cards(state) == {"9H", "7H"}
    assert_illegal(state, "play AS")       # must still follow with a trump


def test_trump_led_must_overtrump_even_when_the_partner_is_winning():
    hands = full("9H AH AS AD AC KC QC JC", "7H KS QS JS 10S 9S 8S 7S", "JH 8H KD QD JD 10D 9D 8D", "*")
    state = deal(hands, turnup="AH")
    state.apply("play 9H")
    state.apply("play 7H")
    assert state.current_player == 2       # partner seat 0 is winning with 9H
    assert legal_cards(state) == {"JH"}
    assert_illegal(state, "play 8H")


def test_void_in_plain_suit_with_opponent_winning_must_trump():
    hands = full("AS AH KC QC JC 10C 9C 8C", "9H 7H AD KD QD JD 10D 9D", "*", "*")
    state = deal(hands, turnup="AH")
    state.apply("play AS")
    assert legal_cards(state) == {"9H", "7H"}   # no trump in the trick yet: any trump beats
    assert_illegal(state, "play AD")


def test_void_with_opponent_winning_by_a_trump_must_overtrump_if_able():
    hands = full("AS AH KD QD JD 10D 9D 8D", "10H AC KC QC JC 10C 9C 8C", "JH 8H KH QH 7H AD 7D 7C", "*")
    state = deal(hands, turnup="AH")
    state.apply("play AS")
    state.apply("play 10H")                # opponent seat 1 trumps
    assert state.current_player == 2
    assert legal_cards(state) == {"JH"}    # KH, QH, 8H, 7H are below 10H
    assert_illegal(state, "play 8H")
    assert_illegal(state, "play AD")


def test_void_with_opponent_winning_by_a_trump_plays_a_lower_trump_if_unable_to_overtrump():
    hands = full("AS AH KD QD JD 10D 9D KS", "10H AC KC QC JC 10C 9C 8C", "KH QH 8H 7H AD 8D 7D 7C", "*")
    state = deal(hands, turnup="AH")
    state.apply("play AS")
    state.apply("play 10H")
    assert legal_cards(state) == {"KH", "QH", "8H", "7H"}
    assert_illegal(state, "play AD")
    assert_illegal(state, "play 7C")


PARTNER_TRUMPS = full("7S AH AS KS QS JS 10S 9S", "10H AD KD QD JD 10D 9D 8D",
                      "8S KH QH 9H 8H 7D AC KC", "JH 7H QC JC 10C 9C 8C 7C")


def test_void_with_partner_winning_by_a_trump_may_discard_but_a_trump_must_overtrump():
    state = deal(PARTNER_TRUMPS, turnup="AH")
    state.apply("play 7S")
    state.apply("play 10H")                # seat 1 trumps
    assert legal_cards(state) == {"8S"}    # seat 2 holds a spade: follows, no obligation to trump
    state.apply("play 8S")
    assert state.current_player == 3       # partner seat 1 is winning with 10H
    assert legal_cards(state) == {"JH", "QC", "JC", "10C", "9C", "8C", "7C"}
    assert_illegal(state, "play 7H")       # a trump that does not overtrump
    state.apply("play QC")
    assert state.winners == [1]


def test_void_with_partner_winning_and_no_higher_trump_may_play_any_card():
    hands = [h[:] for h in PARTNER_TRUMPS]
    hands[2][hands[2].index("8H")] = "JH"
    hands[3][hands[3].index("JH")] = "8H"
    state = deal(hands, turnup="AH")
    for card in ("7S", "10H", "8S"):
        state.apply("play " + card)
    assert legal_cards(state) == set(hands[3])
    state.apply("play 7H")
    assert state.winners == [1]


def test_void_with_partner_winning_by_a_plain_card_may_play_any_card():
    hands = full("AS AH KD QD JD 10D 9D 8D", "7S AC KC QC 10C 9C 8C 9H", "JH 8H 7H AD 7D 7C JC KH", "*")
    state = deal(hands, turnup="AH")
    state.apply("play AS")
    assert legal_cards(state) == {"7S"}
    state.apply("play 7S")
    assert legal_cards(state) == set(hands[2])


def test_with_no_trump_at_all_any_card_may_be_played():
    hands = full("AS AH 9H KS QS JS 10S 9S", "AD KD QD JD AC KC QC JC", "*", "*")
    state = deal(hands, turnup="AH")
    state.apply("play AS")                 # a plain lead: void in spades and in trumps
    assert legal_cards(state) == set(hands[1])
    state.apply("play AD")
    # ...and when trump is led
    state = deal(hands, turnup="AH")
    state.apply("play 9H")
    assert legal_cards(state) == set(hands[1])


def test_the_leader_may_lead_any_card():
    hands = full("AS AH 9H KS QS JS 10S 9S", "*", "*", "*")
    state = deal(hands, turnup="AH")
    assert legal_cards(state) == set(hands[0])
    assert_illegal(state, "play AD")       # not in the leader's hand


# --- scoring ---------------------------------------------------------------------------------
# Stacked deals played in full; trump hearts, dealt by seat 3, seat 0 leads.

def tricks_E1(**changes) -> list[dict[int, str]]:
    """81 to 81: North-South take 55 + 16 card points and the last trick; East-West 81."""
    tricks = [{0: "7D", 1: "JD", 2: "8D", 3: "9D"},
              {1: "AD", 2: "KD", 3: "QD", 0: "10D"},
              {1: "JC", 2: "7C", 3: "8C", 0: "9C"},
              {1: "AC", 2: "10C", 3: "KC", 0: "QC"},
              {1: "10S", 2: "9S", 3: "8S", 0: "KS"},
              {1: "10H", 2: "JH", 3: "9H", 0: "AH"},
              {2: "7H", 3: "KH", 0: "QH", 1: "8H"},
              {3: "7S", 0: "AS", 1: "QS", 2: "JS"}]
    for i, trick in changes.items():
        tricks[int(i[1:])] = trick
    return tricks


# E2: seat 0 holds trump K and Q (Belote): 71 + 20 to 91.
E2 = tricks_E1(t5={1: "10H", 2: "JH", 3: "AH", 0: "KH"}, t6={2: "7H", 3: "9H", 0: "QH", 1: "8H"})
# QS and 8S change hands: North-South fall to 78 against 84.
D1 = tricks_E1(t4={1: "10S", 2: "9S", 3: "QS", 0: "KS"}, t7={3: "7S", 0: "AS", 1: "8S", 2: "JS"})
D2 = tricks_E1(t4=D1[4], t7=D1[7], t5=E2[5], t6=E2[6])
# Seat 3 (East-West) holds trump K and Q; North-South take 88 against 74 + 20.
D3 = tricks_E1(t5={1: "10H", 2: "JH", 3: "QH", 0: "AH"}, t6={2: "7H", 3: "KH", 0: "9H", 1: "8H"},
               t7={0: "AS", 1: "QS", 2: "JS", 3: "7S"})


def settle(tricks, turnup: str, taker: int = 0, call: str = "take"):
    state = play(deal(hands_of(tricks), turnup=turnup, taker=taker, call=call), tricks)
    assert state.is_over
    return state, state.result()


def test_last_trick_scores_ten_and_the_deal_holds_162():
    state, result = settle(tricks_E1(), turnup="QH")
    assert state.winners == [1, 1, 1, 1, 1, 2, 3, 0]
    assert team_points(result) == {("card points", "North-South"): 71, ("card points", "East-West"): 81,
                                   ("last trick (dix de der)", "North-South"): 10}
    assert sum(result.team_scores) == 162


def test_contract_is_made_at_equality():
    _, result = settle(tricks_E1(), turnup="QH")
    assert result.facts["takers"] == "North-South" and result.facts["made"] is True
    assert result.team_scores == (81, 81)


def test_contract_is_made_at_equality_counting_the_defenders_belote():
    # The same play with East-West (seat 1) taking: 91 each, North-South's 20 included.
    _, result = settle(E2, turnup="8H", taker=1)
    assert result.facts["takers"] == "East-West" and result.facts["belote"] == "North-South"
    assert result.facts["made"] is True
    assert result.team_scores == (91, 91)
    assert team_points(result)[("belote", "North-South")] == 20


def test_belote_twenty_to_the_team_that_held_trump_king_and_queen():
    _, result = settle(E2, turnup="QH")
    assert result.facts["belote"] == "North-South"
    assert team_points(result) == {("card points", "North-South"): 61, ("card points", "East-West"): 91,
                                   ("last trick (dix de der)", "North-South"): 10, ("belote", "North-South"): 20}
    assert result.team_scores == (91, 91)


def test_no_belote_when_trump_king_and_queen_were_split():
    _, result = settle(tricks_E1(), turnup="QH")     # KH with seat 3, QH with seat 0
    assert result.facts["belote"] is None
    assert not any(r.rule.startswith("belote") for r in result.reasons)


def test_dedans_takers_score_nothing_and_defenders_take_162():
    _, result = settle(D1, turnup="QH")
    assert result.facts["made"] is False
    assert result.team_scores == (0, 162)
    assert [(r.rule, r.to, r.points) for r in result.reasons] == \
        [("dedans (the defenders take every point)", "East-West", 162)]


def test_dedans_defenders_also_take_the_takers_belote():
    _, result = settle(D2, turnup="QH")                # North-South: 58 + 10 + 20 = 88 < 94
    assert result.facts["made"] is False and result.facts["belote"] == "North-South"
    assert result.team_scores == (0, 182)
    assert team_points(result) == {("dedans (the defenders take every point)", "East-West"): 162,
                                   ("belote (dedans)", "East-West"): 20}


def test_dedans_defenders_keep_their_own_belote():
    _, result = settle(D3, turnup="AH")                # North-South 88 < East-West 74 + 20
    assert result.facts["made"] is False and result.facts["belote"] == "East-West"
    assert result.team_scores == (0, 182)


def capot_tricks(h0a: str, h0b: str, h1: str, h2: str) -> list[dict[int, str]]:
    """Seat 0 takes all eight tricks with six trumps and two aces."""
    return [{0: "JH", 1: h1, 2: h2, 3: "8D"},
            {0: "9H", 1: "AD", 2: "JD", 3: "7D"},
            {0: "AH", 1: "KD", 2: "10D", 3: "9S"},
            {0: "10H", 1: "QD", 2: "9D", 3: "9C"},
            {0: h0a, 1: "7S", 2: "8S", 3: "JS"},
            {0: h0b, 1: "7C", 2: "8C", 3: "JC"},
            {0: "AS", 1: "10S", 2: "KS", 3: "QS"},
            {0: "AC", 1: "10C", 2: "KC", 3: "QC"}]


@pytest.mark.parametrize("h0a,h0b,h1,h2", [("8H", "7H", "KH", "QH"),     # K and Q with opponents
                                           ("8H", "KH", "7H", "QH")])    # K and Q with partners
def test_capot_scores_100_instead_of_the_last_trick_252_in_all(h0a, h0b, h1, h2):
    state, result = settle(capot_tricks(h0a, h0b, h1, h2), turnup="AH")
    assert state.tricks == [8, 0, 0, 0]
    assert result.facts["capot"] == "North-South" and result.facts["belote"] is None
    assert team_points(result) == {("card points", "North-South"): 152, ("capot", "North-South"): 100}
    assert result.team_scores == (252, 0)


def test_capot_with_belote():
    _, result = settle(capot_tricks("KH", "QH", "8H", "7H"), turnup="AH")
    assert result.team_scores == (272, 0)
    assert team_points(result)[("belote", "North-South")] == 20


def test_dedans_with_capot_gives_the_defenders_252():
    # East-West (seat 1) take hearts with the turned-up KH; North-South win every trick.
    _, result = settle(capot_tricks("8H", "7H", "KH", "QH"), turnup="KH", taker=1)
    assert result.facts["takers"] == "East-West" and result.facts["made"] is False
    assert result.team_scores == (252, 0)
    assert [(r.rule, r.to, r.points) for r in result.reasons] == \
        [("dedans (the defenders take every point)", "North-South", 252)]


def test_takers_capot_against_a_named_trump():
    # Round 2: seat 0 names hearts over a turned-up AS; seat 0 receives the AS.
    tricks = capot_tricks("8H", "7H", "KH", "QH")
    state, result = settle(tricks, turnup="AS", call="name H")
    assert result.facts["trump"] == "H" and result.team_scores == (252, 0)


# --- the match variant -----------------------------------------------------------------------

def test_match_variant_plays_to_1000_with_the_deal_passing_to_the_right():
    game = interpreter.load("belote", variant="match")
    rng = random.Random(2024)
    match = game.new_match(seed=77, dealer=1)
    dealers, totals = [], [Fraction(0), Fraction(0)]
    while not match.is_over:
        assert max(match.team_scores) < 1000
        state = match.next_deal()
        dealers.append(state.dealer)
        assert state.current_player == (state.dealer + 1) % 4
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        result = match.finish_deal(state)
        totals = [a + b for a, b in zip(totals, result.team_scores)]
        assert len(dealers) < 200
    assert max(match.team_scores) >= 1000
    assert list(match.team_scores) == totals
    assert dealers[0] == 1
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:]))
    assert len(dealers) >= 4


def test_base_game_settles_a_single_deal():
    match = GAME.new_match(seed=5)
    state = match.next_deal()
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    match.finish_deal(state)
    assert match.is_over == (not state.result().facts.get("annulled", False))
