"""66 (Schnapsen, 20 cards), clause by clause (../shared/rules/sixty-six.md), on stacked deals."""
from __future__ import annotations

from fractions import Fraction
import random

import pytest

import interpreter
from interpreter.errors import IllegalActionError

GAME = interpreter.load("sixty-six")
CODES = GAME.deck.codes
PILE = {name: i for i, name in enumerate(GAME.pile_names)}
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
ORDER = ["J", "Q", "K", "10", "A"]      # low to high, in every suit


def rank(code: str) -> str:
    return code[:-1]


def suit(code: str) -> str:
    return code[-1]


def follower_wins(lead: str, follow: str, trump: str) -> bool:
    """Two-card trick, read from the rules: a higher card of the suit led, or a trump on a plain lead."""
    if suit(follow) == suit(lead):
        return ORDER.index(rank(follow)) > ORDER.index(rank(lead))
    return suit(follow) == trump


def cards(mask: int) -> set[str]:
    return {CODES[c] for c in range(GAME.deck.size) if (mask >> c) & 1}


def hand(state, seat: int) -> set[str]:
    return cards(state.hands[seat])


def legal_cards(state) -> set[str]:
    return {a.text.split()[1] for a in state.legal_actions() if a.kind == "play"}


def texts(state) -> set[str]:
    return {a.text for a in state.legal_actions()}


def deal(hands: list[list[str]], indicator: str, stock: list[str] | None = None, dealer: int = 0):
    layout = {"hands": hands, "indicator": [indicator], "fill": True}
    if stock is not None:
        layout["stock"] = stock
    return GAME.new_deal(layout=layout, dealer=dealer)


def scripted(tricks: list[tuple[str, str | None]], trump_card: str, dealer: int = 0, close_before: int | None = None,
             hold: dict[str, list[str]] | None = None) -> tuple[dict, list[int]]:
    """The layout under which ``tricks`` (lead, follow) can be played as written.

    The non-dealer leads the first trick; each trick's winner (by the rules, computed here)
    leads the next. Cards a seat plays in tricks 1-5 start in its hand, later ones are drawn
    in order; ``hold`` (by role 'leader'/'other', the first leader and his opponent) adds
    cards held but not played. ``close_before`` is the trick before whose lead the leader
    closes: no draws after that. Returns the layout and the seat that leads each trick.
    """
    trump = suit(trump_card)
    first = (dealer + 1) % 2
    played = [[], []]
    leaders, winners = [], []
    leader = first
    for lead, follow in tricks:
        leaders.append(leader)
        played[leader].append(lead.split()[0])
        if follow is None:
            break
        played[1 - leader].append(follow)
        leader = 1 - leader if follower_wins(lead.split()[0], follow, trump) else leader
        winners.append(leader)
    draws_made = 5 if close_before is None else close_before - 1
    hold = hold or {}
    held = [list(hold.get("leader" if s == first else "other", [])) for s in (0, 1)]
    used = {c for p in played for c in p} | {c for h in held for c in h} | {trump_card}
    filler = [c for c in CODES if c not in used]
    initial, drawn = [], []
    for s in (0, 1):
        mine = [c for c in played[s] if c != trump_card and c not in held[s]]
        room = 5 - len(held[s])
        start = held[s] + mine[:room]
        later = mine[room:]
        while len(start) < 5:
            start.append(filler.pop(0))
        assert len(start) == 5, f"seat {s} starts with {start}"
        initial.append(start)
        drawn.append(later)
    stock = []
    for k in range(min(draws_made, len(winners))):
        w = winners[k]
        for s in (w, 1 - w):
            if k == 4 and s != w:
                continue                      # the loser of the fifth trick takes the indicator
            stock.append(drawn[s].pop(0) if drawn[s] else filler.pop(0))
    assert not drawn[0] and not drawn[1], "more cards played than a seat can hold"
    stock += filler
    assert len(stock) == 9, stock
    return {"hands": initial, "indicator": [trump_card], "stock": stock}, leaders


def play_script(tricks, trump_card, dealer=0, close_before=None, hold=None, state=None):
    """Play ``tricks`` on their stacked deal until they run out or the deal ends; returns the state."""
    layout, leaders = scripted(tricks, trump_card, dealer, close_before, hold)
    if state is None:
        state = GAME.new_deal(layout=layout, dealer=dealer)
    for n, ((lead, follow), leader) in enumerate(zip(tricks, leaders), 1):
        if state.is_over:
            break
        assert state.current_player == leader, f"trick {n}: seat {leader} should lead"
        if close_before == n:
            state.apply("close")
        state.apply("play " + lead)
        if follow is not None and not state.is_over:
            state.apply("play " + follow)
    return state


def points_of(state, seat: int) -> int:
    return sum(POINTS[rank(c)] for c in cards(state.won[seat]))


# --- the deck and the deal ---------------------------------------------------------------

def test_twenty_cards_a_10_k_q_j_worth_11_10_4_3_2_and_120_in_all():
    assert GAME.deck.size == 20
    assert sorted(CODES) == sorted(r + s for r in POINTS for s in "SHDC")
    assert {CODES[c]: int(GAME.points[c]) for c in range(20)} == {c: POINTS[rank(c)] for c in CODES}
    assert sum(GAME.points) == 120


@pytest.mark.parametrize("high,low,trump", [("AH", "10H", "S"), ("10H", "KH", "S"), ("KH", "QH", "S"),
                                            ("QH", "JH", "S"), ("AS", "10S", "S"), ("JS", "AH", "S")])
def test_ranking_a_10_k_q_j_and_trumps_win(high, low, trump):
    t = GAME.deck.suit_codes.index(trump)
    for trick, winner in (([high, low], 0), ([low, high], 1)):
        assert GAME.trick_rule.winner([GAME.deck.index[c] for c in trick], t, GAME.deck.suit_masks[t]) == winner


def test_a_card_off_the_suit_led_and_not_trump_loses():
    t = GAME.deck.suit_codes.index("S")
    assert GAME.trick_rule.winner([GAME.deck.index["JH"], GAME.deck.index["AD"]], t, GAME.deck.suit_masks[t]) == 0


@pytest.mark.parametrize("seed,dealer", [(3, 0), (4, 1), (12345, 0)])
def test_deal_three_each_indicator_two_each_rest_is_the_stock(seed, dealer):
    state = GAME.new_deal(seed=seed, dealer=dealer)
    pack = list(range(20))
    random.Random(seed).shuffle(pack)
    first, second = (dealer + 1) % 2, dealer
    expected = [0, 0]
    for seat, packet in ((first, pack[0:3]), (second, pack[3:6]), (first, pack[7:9]), (second, pack[9:11])):
        for c in packet:
            expected[seat] |= 1 << c
    assert state.hands == expected
    assert state.piles[PILE["indicator"]] == [pack[6]]
    assert state.piles[PILE["stock"]] == pack[11:]           # top first
    assert state.trump == GAME.deck.suit_of[pack[6]]


def test_stock_is_nine_face_down_over_the_visible_indicator():
    state = GAME.new_deal(seed=8)
    seen = state.observation(0)
    assert seen["pile_sizes"] == {"pack": 0, "indicator": 1, "stock": 9}
    assert seen["piles"]["indicator"] == [CODES[state.piles[PILE["indicator"]][0]]]
    assert "stock" not in seen["piles"]
    assert seen["trump"] == suit(seen["piles"]["indicator"][0])


def test_the_non_dealer_leads():
    for dealer in (0, 1):
        assert GAME.new_deal(seed=9, dealer=dealer).current_player == 1 - dealer


# --- play while the stock is open --------------------------------------------------------

def test_open_stock_no_obligation_every_card_in_hand_is_legal():
    # Trump spades; seat 0 holds a higher and a lower diamond and two trumps.
    state = deal([["AD", "JD", "KS", "JS", "QH"], ["KD", "AC", "10C", "KC", "QC"]], "QS")
    state.apply("play KD")
    assert legal_cards(state) == {"AD", "JD", "KS", "JS", "QH"}
    state.apply("play QH")                    # a discard loses the trick
    assert state.winners == [1]


def test_winner_draws_first_then_the_loser_and_the_winner_leads():
    stock = ["AH", "10H", "KH", "QH", "JH", "AC", "10C", "KC", "QC"]
    state = deal([["AD", "JD", "KS", "JS", "10S"], ["KD", "10D", "QD", "JC", "AS"]], "QS", stock)
    state.apply("play KD")
    state.apply("play AD")                    # seat 0 wins
    assert hand(state, 0) == {"JD", "KS", "JS", "10S", "AH"}
    assert hand(state, 1) == {"10D", "QD", "JC", "AS", "10H"}
    assert state.current_player == 0
    assert state.piles[PILE["stock"]] == [GAME.deck.index[c] for c in stock[2:]]


def test_the_loser_of_the_fifth_trick_takes_the_indicator():
    state = play_script(LAST_TRICK_SCRIPT[:5], "JC")
    # Seat 1 won tricks 1-2, seat 0 tricks 3-5: seat 0 drew the last stock card, seat 1 the indicator.
    assert state.winners == [1, 1, 0, 0, 0]
    assert state.piles[PILE["stock"]] == [] and state.piles[PILE["indicator"]] == []
    assert "JC" in hand(state, 1)
    assert [h.bit_count() for h in state.hands] == [5, 5]


# --- the strict rules --------------------------------------------------------------------

def exhausted_position():
    """Five open tricks all won by seat 1 (the leader); then seat 1 holds JS 10H AD AC KC and
    seat 0 QS (the indicator, drawn last) AS AH JH JD. Trump spades."""
    stock = ["JS", "AS", "10H", "AH", "AD", "JH", "AC", "JD", "KC"]
    state = deal([["JC", "KS", "QH", "QD", "QC"], ["10S", "KH", "10D", "KD", "10C"]], "QS", stock)
    for lead, follow in (("10S", "KS"), ("KH", "QH"), ("10D", "QD"), ("KD", "QC"), ("10C", "JC")):
        state.apply("play " + lead)
        if lead == "10S":
            assert legal_cards(state) == {"JC", "KS", "QH", "QD", "QC"}   # open: no obligation
        state.apply("play " + follow)
    assert state.winners == [1] * 5
    return state


def test_after_the_stock_is_exhausted_the_leader_holds_the_drawn_cards():
    state = exhausted_position()
    assert hand(state, 1) == {"JS", "10H", "AD", "AC", "KC"}
    assert hand(state, 0) == {"QS", "AS", "AH", "JH", "JD"}


@pytest.mark.parametrize("lead,expected", [
    ("10H", {"AH"}),          # follow suit and beat the led card (JH would not)
    ("AD", {"JD"}),           # cannot beat: a lower card of the suit, not a trump
    ("AC", {"QS", "AS"}),     # no club: trump
    ("KC", {"QS", "AS"}),
    ("JS", {"QS", "AS"}),     # trump led: beat it
])
def test_stock_exhausted_strict_rules(lead, expected):
    state = exhausted_position()
    state.apply("play " + lead)
    assert legal_cards(state) == expected
    for card in hand(state, 0) - expected:
        with pytest.raises(IllegalActionError):
            state.clone().apply("play " + card)


@pytest.mark.parametrize("other,lead,expected", [
    (["AH", "JH", "QS", "JS", "KD"], "10H", {"AH"}),          # beat in suit
    (["AH", "JH", "QS", "JS", "KD"], "AS", {"QS", "JS"}),     # lower cards of the suit
    (["AH", "JH", "QS", "JS", "KD"], "AC", {"KD"}),           # trump (diamonds)
    (["AH", "JH", "QS", "JS", "KD"], "AD", {"KD"}),           # trump led, cannot beat: lower trump
    (["AD", "JD", "QS", "JS", "KS"], "10D", {"AD"}),          # trump led: beat it
    (["AH", "JH", "QS", "JS", "KS"], "AC", {"AH", "JH", "QS", "JS", "KS"}),  # no club, no trump: any
])
def test_closed_stock_strict_rules(other, lead, expected):
    rest = [c for c in CODES if c not in other and c != "QD"]
    leader = [lead] + [c for c in rest if c != lead][:4]
    state = deal([other, leader], "QD")
    state.apply("close")
    state.apply("play " + lead)
    assert legal_cards(state) == expected


# --- exchanging the trump Jack -----------------------------------------------------------

def test_leader_exchanges_the_trump_jack_for_the_indicator_before_leading():
    state = deal([["AH", "JH", "QS", "KS", "KD"], ["JD", "AC", "10C", "KC", "QC"]], "10D")
    assert "exchange" in texts(state)
    state.apply("exchange")
    assert hand(state, 1) == {"10D", "AC", "10C", "KC", "QC"}
    assert [CODES[c] for c in state.piles[PILE["indicator"]]] == ["JD"]
    assert GAME.deck.suit_codes[state.trump] == "D"            # trump does not change
    assert "exchange" not in texts(state)
    assert "close" in texts(state)
    state.apply("play 10D")


def test_no_exchange_without_the_trump_jack_nor_by_the_follower():
    state = deal([["JD", "JH", "QS", "KS", "KD"], ["AH", "AC", "10C", "KC", "QC"]], "10D")
    assert "exchange" not in texts(state)                  # the leader lacks JD
    with pytest.raises(IllegalActionError):
        state.clone().apply("exchange")
    state.apply("play AH")
    assert "exchange" not in texts(state)                  # seat 0 holds JD but is not on lead
    with pytest.raises(IllegalActionError):
        state.apply("exchange")


def test_no_exchange_after_closing():
    state = deal([["AH", "JH", "QS", "KS", "KD"], ["JD", "AC", "10C", "KC", "QC"]], "10D")
    state.apply("close")
    assert "exchange" not in texts(state)
    with pytest.raises(IllegalActionError):
        state.apply("exchange")


def test_exchange_while_open_but_not_once_the_stock_is_exhausted():
    stock = ["JS", "AS", "10H", "AH", "AD", "JH", "AC", "JD", "KC"]
    state = deal([["KS", "JC", "QH", "QD", "QC"], ["10S", "KH", "10D", "KD", "10C"]], "QS", stock)
    state.apply("play 10S")
    state.apply("play KS")
    assert hand(state, 1) >= {"JS"} and "exchange" in texts(state)   # open: allowed
    for lead, follow in (("KH", "QH"), ("10D", "QD"), ("KD", "QC")):
        state.apply("play " + lead)
        state.apply("play " + follow)
    assert len(state.piles[PILE["stock"]]) == 1 and "exchange" in texts(state)
    state.apply("play 10C")
    state.apply("play JC")
    assert state.piles[PILE["stock"]] == [] and "JS" in hand(state, 1)
    assert "exchange" not in texts(state)
    with pytest.raises(IllegalActionError):
        state.apply("exchange")


# --- marriages ---------------------------------------------------------------------------

def test_marriage_offered_only_to_the_leader_holding_both_cards():
    state = deal([["KD", "QD", "AS", "JS", "10S"], ["KH", "QH", "KC", "AC", "10C"]], "QS")
    found = {t for t in texts(state) if t.endswith("marriage")}
    assert found == {"play KH marriage", "play QH marriage"}    # KC without QC: none
    state.apply("play AC")
    assert not any(t.endswith("marriage") for t in texts(state))  # seat 0 follows: no marriage
    with pytest.raises(IllegalActionError):
        state.apply("play KD marriage")


def test_marriage_scores_20_and_40_in_trumps_once_the_declarer_has_a_trick():
    # Seat 1 wins trick 1 (21), declares hearts (20) then spades, trumps (40): 81 > 66.
    tricks = [("AD", "10D"), ("KH marriage", "JH"), ("QS marriage", None)]
    state = play_script(tricks, "JS", hold={"leader": ["QH", "KS"]})
    assert state.melds == [0, 60]
    assert state.is_over and state.trick == []
    assert "QS" in hand(state, 1)                # the deal ended before the card was played


def test_marriage_held_back_until_the_declarer_wins_a_trick():
    # Seat 1 declares 40 and loses trick 1; after trick 2 he has 61, after trick 3 he has 74.
    tricks = [("KS marriage", "AS"), ("10H", "AH"), ("AC", "JC"), ("AD", "JD")]
    state = play_script(tricks[:1], "JS", hold={"leader": ["QS"]})
    assert state.melds == [0, 40] and state.tricks == [1, 0]
    state.apply("close")                          # seat 0 closes: seat 1's marriage does not count yet
    assert state.observation(0)["marks"] == {"closer": 0, "closed_points": 0, "closed_tricks": 0}

    state = play_script(tricks[:2], "JS", hold={"leader": ["QS"]})
    assert not state.is_over and points_of(state, 1) == 21          # 61 with the marriage
    state = play_script(tricks, "JS", hold={"leader": ["QS"]})
    assert state.is_over and len(state.winners) == 3 and points_of(state, 1) == 34
    result = state.result()
    assert result.facts["reached"] == 1 and result.facts["winner"] == 1
    assert result.seat_scores == (0, 2)           # seat 0 has a trick and 15 points


def test_a_marriage_without_a_trick_never_counts():
    # Seat 1 declares 40, loses every trick; seat 0 wins with seat 1 on no trick: 3.
    tricks = [("KS marriage", "AS"), ("10S", "QS"), ("AH", "JH"), ("AD", "KH"), ("AC", "JD")]
    state = play_script(tricks, "JS", hold={"leader": ["QS"]})
    assert state.is_over and state.tricks == [5, 0] and points_of(state, 0) == 69
    assert state.melds == [0, 40]
    result = state.result()
    assert result.facts["reached"] == 0 and result.seat_scores == (3, 0)


def test_each_suit_once_per_player():
    state = deal([["KD", "QD", "AS", "JS", "10S"], ["KH", "QH", "AH", "AC", "10C"]], "QS",
                 ["JH", "10H", "KS", "KC", "QC", "JC", "AD", "10D", "JD"])
    state.apply("play KH marriage")
    state.apply("play QD")                        # seat 1 wins with KH: 20 counts
    assert state.melds == [0, 20] and state.current_player == 1
    found = {t for t in texts(state) if t.endswith("marriage")}
    assert found == set()                         # QH left: hearts cannot be declared again
    state.apply("play QH")
    assert state.melds == [0, 20]


def test_marriage_after_closing():
    tricks = [("AD", "10D"), ("KH marriage", "JH"), ("QH", "AH")]
    layout, _ = scripted(tricks, "JS", close_before=2)
    state = GAME.new_deal(layout=layout, dealer=0)
    state.apply("play AD")
    state.apply("play 10D")
    state.apply("close")
    assert "play KH marriage" in texts(state)
    state.apply("play KH marriage")
    assert state.melds == [0, 20]


# --- closing -----------------------------------------------------------------------------

def test_close_only_by_the_leader_before_leading_also_before_the_first_trick():
    state = deal([["AH", "JH", "QS", "KS", "KD"], ["JD", "AC", "10C", "KC", "QC"]], "10D")
    assert "close" in texts(state)
    state.apply("play AC")
    assert "close" not in texts(state)
    with pytest.raises(IllegalActionError):
        state.apply("close")


def test_close_needs_a_face_down_card_besides_the_indicator():
    stock = ["JS", "AS", "10H", "AH", "AD", "JH", "AC", "JD", "KC"]
    state = deal([["KS", "JC", "QH", "QD", "QC"], ["10S", "KH", "10D", "KD", "10C"]], "QS", stock)
    for lead, follow in (("10S", "KS"), ("KH", "QH"), ("10D", "QD"), ("KD", "QC")):
        state.apply("play " + lead)
        state.apply("play " + follow)
    assert len(state.piles[PILE["stock"]]) == 1 and "close" in texts(state)
    state.apply("play 10C")
    state.apply("play JC")
    assert "close" not in texts(state)            # exhausted
    with pytest.raises(IllegalActionError):
        state.apply("close")


def test_after_closing_no_more_draws_and_no_second_close():
    state = deal([["AH", "JH", "QS", "KS", "KD"], ["JD", "AC", "10C", "KC", "QC"]], "10D")
    stock = list(state.piles[PILE["stock"]])
    state.apply("close")
    state.apply("play AC")
    state.apply("play KD")                        # no club: trump
    assert state.piles[PILE["stock"]] == stock and len(state.piles[PILE["indicator"]]) == 1
    assert [h.bit_count() for h in state.hands] == [4, 4]
    assert "close" not in texts(state)


def test_closing_records_the_opponents_points_and_tricks():
    # Seat 0 wins trick 1 (13), seat 1 trick 2 (14); seat 1 closes.
    tricks = [("JH", "AH"), ("QC", "AC"), ("AS", "JS")]
    state = play_script(tricks, "10D", close_before=3)
    assert state.observation(1)["marks"] == {"closer": 1, "closed_points": 13, "closed_tricks": 1}


# --- ending the deal and game points -----------------------------------------------------

# Trump clubs. Seat 1 wins tricks 1-2 (26), seat 0 tricks 3-5 (48); strict play then gives
# seat 1 32 more (58, with the last trick) and seat 0 14 more (62).
LAST_TRICK_SCRIPT = [("AS", "JS"), ("10D", "QD"), ("JD", "AD"), ("AH", "10H"), ("KD", "10S"),
                     ("JH", "KH"), ("QS", "KS"), ("QH", "JC"), ("QC", "KC"), ("10C", "AC")]


def test_stock_played_out_nobody_at_66_last_trick_scores_one_no_ten_point_bonus():
    state = play_script(LAST_TRICK_SCRIPT, "JC")
    assert state.is_over and len(state.winners) == 10
    assert (points_of(state, 0), points_of(state, 1)) == (62, 58)    # 68 with a ten-point bonus
    result = state.result()
    assert result.seat_scores == (0, 1)
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("last trick with the stock played out", "seat 1", 1)]
    assert result.facts["reached"] is None and result.facts["winner"] == 1 and result.facts["closer"] is None


def test_reached_66_loser_with_33_or_more_scores_one():
    # As above but seat 1 takes the ten of spades in trick 1: 66 exactly on the last trick.
    script = [("AS", "10S")] + LAST_TRICK_SCRIPT[1:4] + [("KD", "JS")] + LAST_TRICK_SCRIPT[5:]
    state = play_script(script, "JC")
    assert (points_of(state, 0), points_of(state, 1)) == (54, 66)
    result = state.result()
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("reached 66", "seat 1", 1)]


def test_reached_66_loser_with_a_trick_under_33_scores_two():
    # Seat 0 wins trick 1 (13); seat 1 wins 14, declares 40 in trumps, wins 6 and 21: 81.
    tricks = [("JH", "AH"), ("QD", "AD"), ("KS marriage", "JS"), ("AC", "10C")]
    state = play_script(tricks, "10S", hold={"leader": ["QS"]})
    assert state.is_over and len(state.winners) == 4
    assert [h.bit_count() for h in state.hands] == [4, 4]    # the deal ends with cards in hand
    result = state.result()
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("reached 66", "seat 1", 2)]


def test_66_after_a_scoring_marriage_ends_the_deal_at_once_loser_without_trick_scores_three():
    tricks = [("AH", "10H"), ("AC", "JC"), ("KS marriage", None)]
    state = play_script(tricks, "JS", hold={"leader": ["QS"]})
    assert state.is_over and state.trick == [] and state.tricks == [0, 2]
    assert [h.bit_count() for h in state.hands] == [5, 5] and {"KS", "QS"} <= hand(state, 1)
    result = state.result()
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("reached 66", "seat 1", 3)]
    assert result.facts["winner"] == 1 and result.facts["loser"] == 0


def test_closing_success_scored_by_the_state_at_closing_no_trick_three():
    # Seat 1 closes at once; seat 0 later takes a trick (15 points) but had none at closing.
    tricks = [("AS", "KS"), ("KH marriage", "AH"), ("KD", "AD")]
    state = play_script(tricks, "JH", close_before=1, hold={"leader": ["QH"]})
    assert state.is_over and state.tricks == [1, 2]
    result = state.result()
    assert result.facts["closer"] == 1 and result.facts["closed_tricks"] == 0
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("closed and reached 66", "seat 1", 3)]


def test_closing_success_scored_by_the_state_at_closing_two_although_now_33():
    # Seat 0 has 21 points and a trick at closing; he ends with 36, but the closer scores 2.
    tricks = [("10C", "AC"), ("QD", "AD"), ("KH marriage", "AH"), ("10S", "AS")]
    state = play_script(tricks, "JH", close_before=3, hold={"leader": ["QH"]})
    assert state.is_over
    assert points_of(state, 0) == 36
    result = state.result()
    assert (result.facts["closed_points"], result.facts["closed_tricks"]) == (21, 1)
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("closed and reached 66", "seat 1", 2)]


def test_closing_success_opponent_33_at_closing_one():
    tricks = [("10C", "AC"), ("10D", "KD"), ("QS", "AS"), ("KH marriage", "JH"), ("AD", "JD")]
    state = play_script(tricks, "10H", close_before=4, hold={"leader": ["QH"]})
    assert state.is_over
    result = state.result()
    assert (result.facts["closer"], result.facts["closed_points"], result.facts["closed_tricks"]) == (1, 35, 2)
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("closed and reached 66", "seat 1", 1)]


def test_closing_failed_closer_under_66_opponent_scores_two():
    tricks = [("JC", "QC"), ("JD", "KD"), ("AH", "10H"), ("AC", "KC"), ("QH", "KH"), ("AD", "10D"),
              ("QD", "JH")]
    state = play_script(tricks, "JS", close_before=3)
    assert state.is_over and len(state.winners) == 7
    assert (points_of(state, 0), points_of(state, 1)) == (38, 42)
    result = state.result()
    assert result.facts["closer"] == 1 and result.facts["winner"] == 0
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("closing failed", "seat 0", 2)]


def test_closing_failed_opponent_reaches_66_first_without_a_trick_at_closing_three():
    tricks = [("10S", "AS"), ("KH marriage", "JH")]
    state = play_script(tricks, "10H", close_before=1, hold={"other": ["QH"], "leader": ["QC", "JC", "JD"]})
    assert state.is_over and state.tricks == [2, 0]
    result = state.result()
    assert result.facts["reached"] == 0 and result.facts["closer"] == 1
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("closing failed", "seat 0", 3)]


# --- the match ---------------------------------------------------------------------------

def test_match_starts_at_seven_and_the_deal_winner_subtracts_his_game_points():
    # The non-dealer wins 3 each deal; the dealer alternates, so the seats take turns.
    tricks = [("AH", "10H"), ("AC", "JC"), ("KS marriage", None)]
    match = GAME.new_match(seed=1, dealer=0)
    assert match.seat_scores == [7, 7]
    seen = []
    for n in range(5):
        layout, _ = scripted(tricks, "JS", dealer=n % 2, hold={"leader": ["QS"]})
        state = match.next_deal(layout=layout)
        assert state.dealer == n % 2
        play_script(tricks, "JS", dealer=n % 2, hold={"leader": ["QS"]}, state=state)
        match.finish_deal(state)
        seen.append(list(match.seat_scores))
        assert {type(x) for x in match.seat_scores + match.team_scores} == {int}    # whole scores stay ints
        assert match.is_over == (n == 4)
    assert seen == [[7, 4], [4, 4], [4, 1], [1, 1], [1, -2]]
    assert match.result().winner == 1


def test_random_match_first_to_zero_wins_with_the_lowest_score():
    rng = random.Random(66)
    for m in range(20):
        match = GAME.new_match(seed=m, dealer=m % 2)
        scores = [Fraction(7), Fraction(7)]
        dealers = []
        while not match.is_over:
            assert min(scores) > 0
            state = match.next_deal()
            dealers.append(state.dealer)
            while not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
            result = match.finish_deal(state)
            winner = result.facts["winner"]
            gained = result.seat_scores[winner]
            assert gained in (1, 2, 3) and result.seat_scores[1 - winner] == 0
            scores[winner] -= gained
            assert match.seat_scores == scores
        assert min(scores) <= 0
        assert match.result().winner == scores.index(min(scores))
        assert dealers == [(m + i) % 2 for i in range(len(dealers))]


# --- explaining the result ---------------------------------------------------------------

def test_result_to_json_names_the_rule_the_winner_and_the_closer():
    tricks = [("10S", "AS"), ("KH marriage", "JH")]
    result = play_script(tricks, "10H", close_before=1,
                         hold={"other": ["QH"], "leader": ["QC", "JC", "JD"]}).result().to_json()
    assert result["reasons"] == [{"rule": "closing failed", "to": "seat 0", "points": 3}]
    assert result["facts"]["winner"] == 0 and result["facts"]["closer"] == 1
    assert result["facts"]["trump"] == "H" and result["seats"] == [3, 0]
