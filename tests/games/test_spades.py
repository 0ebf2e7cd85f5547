"""Spades (games/spades.yaml, after Pagat), clause by clause, on stacked deals.

Seats run clockwise: seat (dealer + 1) % 4 is at the dealer's left, bids first and leads the
first trick. North-South are seats 0 and 2, East-West seats 1 and 3. Most deals here are
dealt by seat 3, so North (seat 0) bids first and leads.

The scoring deals are scripted (``scripted``): 13 tricks in which every seat follows suit,
three of each suit from the Aces down (hearts, then diamonds, clubs, spades), the four
Twos last. The seat named as a trick's winner gets its highest card; the winner of the
ninth trick also gets the 2 of spades, which lets him lead the first spade trick (he holds
nothing else by then) and wins him the last trick. So any split of the tricks can be
stacked, and the test states it.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import interpreter

GAME = interpreter.load("spades")
NS, EW = 0, 1
N, E, S, W = 0, 1, 2, 3
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


# --- stacking deals --------------------------------------------------------------------------

def scripted(winners: list[int]) -> tuple[list[list[str]], list[dict[int, str]]]:
    """Hands and tricks for the winners of tricks 1 to 12 (the 13th goes to winners[8])."""
    assert len(winners) == 12
    tricks: list[dict[int, str]] = []
    for j, suit in enumerate("HDCS"):
        for q in range(3):
            cards = [r + suit for r in RANKS[4 * q:4 * q + 4]]
            winner = winners[3 * j + q]
            others = [s for s in range(4) if s != winner]
            tricks.append({winner: cards[0], **dict(zip(others, cards[1:]))})
    last = winners[8]
    others = [s for s in range(4) if s != last]
    tricks.append({last: "2S", **dict(zip(others, ["2H", "2D", "2C"]))})
    hands = [[t[s] for t in tricks] for s in range(4)]
    return hands, tricks


def bid_all(state: interpreter.State, bids: dict[int, int]) -> None:
    for _ in range(4):
        state.apply(f"bid {bids[state.current_player]}")


def play(state: interpreter.State, tricks: list[dict[int, str]]) -> interpreter.State:
    """Each seat plays its card of the trick when its turn comes."""
    for trick in tricks:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    return state


def deal(winners: list[int], bids: dict[int, int], dealer: int = 3) -> interpreter.State:
    """A scripted deal, bid and played out."""
    hands, tricks = scripted(winners)
    state = GAME.new_deal(layout={"hands": hands}, dealer=dealer)
    bid_all(state, bids)
    return play(state, tricks)


def split(**counts: int) -> list[int]:
    """Winners of tricks 1-12 giving each seat (N, E, S, W) its count of the 13 tricks; the
    first seat named with two or more wins the 9th trick, and so the 13th too."""
    seats = {"N": N, "E": E, "S": S, "W": W}
    assert sum(counts.values()) == 13
    two = next(seats[k] for k, v in counts.items() if v >= 2)
    pool = [seats[k] for k, v in counts.items() for _ in range(v)]
    pool.remove(two)                # the 13th trick
    pool.remove(two)                # the 9th, placed below
    return pool[:8] + [two] + pool[8:]


def awards(result) -> dict[tuple[str, str], Fraction]:
    return {(r.rule, r.to): r.points for r in result.reasons}


def legal(state: interpreter.State) -> set[str]:
    return {a.text for a in state.legal_actions()}


def test_the_scripted_deals_give_the_split_they_say():
    state = deal(split(N=4, E=3, S=2, W=4), {N: 1, E: 1, S: 1, W: 1})
    assert state.result().facts["tricks"] == [4, 3, 2, 4]
    state = deal(split(S=13), {N: 1, E: 1, S: 1, W: 1})
    assert state.result().facts["tricks"] == [0, 0, 13, 0]


# --- deck, deal, teams -----------------------------------------------------------------------

def test_52_cards_13_each_partners_opposite():
    assert len(GAME.deck.codes) == 52 and GAME.players == 4
    state = GAME.new_deal(seed=5, dealer=0)
    assert [h.bit_count() for h in state.hands] == [13] * 4
    assert GAME.team_names == ("North-South", "East-West")
    assert GAME.teams == ((0, 2), (1, 3))


# --- the bidding -----------------------------------------------------------------------------

@pytest.mark.parametrize("dealer", range(4))
def test_every_seat_bids_0_to_13_in_turn_from_the_dealers_left_without_passing(dealer):
    state = GAME.new_deal(seed=dealer, dealer=dealer)
    order = []
    for k, wanted in enumerate((13, 0, 7, 13)):   # not rising: any bid after any other
        seat = state.current_player
        order.append(seat)
        assert legal(state) == {f"bid {n}" for n in range(14)}
        with pytest.raises(interpreter.IllegalActionError):
            state.apply("pass")
        with pytest.raises(interpreter.IllegalActionError):
            state.apply("bid 14")
        state.apply(f"bid {wanted}")
    assert order == [(dealer + 1 + k) % 4 for k in range(4)]
    # bidding over: the dealer's left leads the first trick
    assert state.current_player == (dealer + 1) % 4
    assert all(a.kind == "play" for a in state.legal_actions())


def test_contracts_are_the_partners_bids_added():
    state = deal(split(N=4, E=3, S=2, W=4), {N: 4, E: 0, S: 3, W: 5})
    facts = state.result().facts
    assert facts["north_south_contract"] == 7 and facts["east_west_contract"] == 5


# --- leading: spades not before they are broken ------------------------------------------------

def hands_by_suit() -> list[list[str]]:
    """North: four spades and nine hearts; East: diamonds; South: clubs; West: the rest."""
    north = [r + "S" for r in RANKS[:4]] + [r + "H" for r in RANKS[:9]]
    east = [r + "D" for r in RANKS]
    south = [r + "C" for r in RANKS]
    west = [r + "S" for r in RANKS[4:]] + [r + "H" for r in RANKS[9:]]
    return [north, east, south, west]


def test_a_leader_may_not_lead_spades_before_they_are_broken():
    state = GAME.new_deal(layout={"hands": hands_by_suit()}, dealer=3)
    bid_all(state, {N: 5, E: 1, S: 1, W: 5})
    assert legal(state) == {f"play {r}H" for r in RANKS[:9]}
    with pytest.raises(interpreter.IllegalActionError):
        state.apply("play AS")


def test_a_leader_holding_only_spades_may_lead_one():
    hands = hands_by_suit()
    hands[N], hands[W] = [r + "S" for r in RANKS], [r + "H" for r in RANKS]
    state = GAME.new_deal(layout={"hands": hands}, dealer=3)
    bid_all(state, {N: 13, E: 0, S: 0, W: 0})
    assert legal(state) == {f"play {r}S" for r in RANKS}
    state.apply("play 2S")


def test_spades_may_be_led_once_a_spade_was_played():
    state = GAME.new_deal(layout={"hands": hands_by_suit()}, dealer=3)
    bid_all(state, {N: 5, E: 1, S: 1, W: 5})
    # North leads his top hearts; East and South, void, discard; West follows with his four
    for k, west in enumerate(("2H", "3H", "4H", "5H")):
        for card in (RANKS[k] + "H", RANKS[12 - k] + "D", RANKS[12 - k] + "C", west):
            state.apply("play " + card)
        assert state.current_player == N
        assert not any(t.endswith("S") for t in legal(state))      # no spade played yet
    # North leads 10H: West, void in hearts now, trumps with 10S: spades are broken
    for card in ("10H", "6D", "6C", "10S"):
        state.apply("play " + card)
    assert state.current_player == W
    assert legal(state) == {f"play {r}S" for r in RANKS[5:]}
    for card in ("9S", "AS", "7D", "7C"):                          # North wins with the Ace
        state.apply("play " + card)
    assert state.current_player == N
    assert legal(state) == {f"play {r}S" for r in RANKS[1:4]} | {f"play {r}H" for r in RANKS[5:9]}


# --- following and trumping --------------------------------------------------------------------

def test_follow_suit_if_you_can_else_any_card():
    state = GAME.new_deal(layout={"hands": hands_by_suit()}, dealer=3)
    bid_all(state, {N: 5, E: 1, S: 1, W: 5})
    state.apply("play 6H")
    # East holds no heart: any card
    assert legal(state) == {f"play {r}D" for r in RANKS}
    state.apply("play AD")
    state.apply("play AC")
    # West holds hearts: he must follow, not trump
    assert legal(state) == {"play 5H", "play 4H", "play 3H", "play 2H"}
    with pytest.raises(interpreter.IllegalActionError):
        state.apply("play 2S")


def test_a_spade_beats_the_suit_led_and_a_higher_spade_beats_it():
    hands = [["AH", "KH"] + [r + "D" for r in RANKS[:11]],         # North
             ["2S", "3S"] + [r + "C" for r in RANKS[:11]],         # East
             [r + "H" for r in RANKS[2:]] + ["2C", "3C"],          # South
             [r + "S" for r in RANKS[:11]] + ["2D", "3D"]]         # West
    state = GAME.new_deal(layout={"hands": hands}, dealer=3)
    bid_all(state, {N: 1, E: 1, S: 1, W: 1})
    for card in ("AH", "2S", "QH", "2D"):     # East trumps the Ace low; West discards
        state.apply("play " + card)
    assert state.current_player == E          # East's 2S took the trick
    state.apply("play AC")
    assert legal(state) == {"play 2C", "play 3C"}
    state.apply("play 2C")
    state.apply("play 4S")                    # West, void in clubs, trumps the Ace
    assert len(legal(state)) == 12            # North, void in clubs: any card
    state.apply("play KH")
    assert state.current_player == W
    assert state.tricks == [0, 1, 0, 1]


# --- scoring one deal --------------------------------------------------------------------------

def test_contract_made_exactly_scores_10_a_trick_bid():
    # NS bid 4 + 3 = 7 and take 4 + 3; EW bid 2 + 4 = 6 and take 3 + 3
    result = deal(split(N=4, E=3, S=3, W=3), {N: 4, E: 2, S: 3, W: 4}).result()
    assert result.facts["tricks"] == [4, 3, 3, 3]
    assert result.team_scores == (70, 60)
    assert result.seat_scores == (70, 60, 70, 60)
    assert awards(result) == {("contract made (10 a trick bid)", "North-South"): 70,
                              ("contract made (10 a trick bid)", "East-West"): 60}


def test_overtricks_score_one_each_as_bags():
    # NS bid 5 and take 8: 50 + 3 bags; EW bid 4 and take 5: 40 + 1 bag
    result = deal(split(N=6, E=3, S=2, W=2), {N: 3, E: 2, S: 2, W: 2}).result()
    assert result.team_scores == (53, 41)
    assert awards(result)[("bags (1 an overtrick)", "North-South")] == 3
    assert awards(result)[("bags (1 an overtrick)", "East-West")] == 1
    assert result.breakdown["teams"][NS]["awards"] == {"contract made (10 a trick bid)": 50,
                                                       "bags (1 an overtrick)": 3}


def test_a_failed_contract_loses_10_a_trick_bid_and_takes_no_bags():
    # NS bid 6 + 4 = 10 and take 9: -100; EW bid 1 + 1 and take 4: 20 + 2
    result = deal(split(N=5, E=2, S=4, W=2), {N: 6, E: 1, S: 4, W: 1}).result()
    assert result.team_scores == (-100, 22)
    assert awards(result) == {("contract failed (10 a trick bid lost)", "North-South"): -100,
                              ("contract made (10 a trick bid)", "East-West"): 20,
                              ("bags (1 an overtrick)", "East-West"): 2}


def test_a_nil_made_scores_100_besides_the_partners_contract():
    # North nil takes nothing: +100; South bid 5 and takes 6: 50 + 1
    result = deal(split(S=6, E=4, W=3), {N: 0, E: 3, S: 5, W: 3}).result()
    assert result.facts["tricks"] == [0, 4, 6, 3]
    assert result.team_scores == (151, 61)
    assert awards(result)[("nil made", "North-South")] == 100


def test_a_nil_failed_loses_100_and_its_tricks_count_for_the_partner():
    # North bid nil and takes 2: -100; South bid 5 and takes 3: the side has 5, contract made
    # (reading: the nil bidder's tricks count toward the side's contract)
    result = deal(split(N=2, S=3, E=4, W=4), {N: 0, E: 4, S: 5, W: 4}).result()
    assert result.facts["tricks"] == [2, 4, 3, 4]
    assert result.team_scores == (50 - 100, 80)
    assert awards(result) == {("contract made (10 a trick bid)", "North-South"): 50,
                              ("nil failed", "North-South"): -100,
                              ("contract made (10 a trick bid)", "East-West"): 80}
    # and as bags: South bids 2, North (nil) takes 2, South 3 -> 5 tricks for 2, three bags
    result = deal(split(N=2, S=3, E=4, W=4), {N: 0, E: 4, S: 2, W: 4}).result()
    assert result.team_scores == (20 + 3 - 100, 80)


def test_a_nil_failed_while_the_partners_contract_fails():
    # North nil takes 1: -100; South bid 6 and takes 3: the side has 4 of 6: -60
    # EW bid 4 + 3 = 7 and take 5 + 4: 70 + 2
    result = deal(split(N=1, S=3, E=5, W=4), {N: 0, E: 4, S: 6, W: 3}).result()
    assert result.team_scores == (-160, 72)


def test_double_nil():
    # both North and South bid nil and take nothing: 200; EW bid 13 and take 13: 130
    result = deal(split(E=7, W=6), {N: 0, E: 7, S: 0, W: 6}).result()
    assert result.team_scores == (200, 130)
    assert awards(result)[("nil made", "North-South")] == 200


def test_ten_bags_in_one_deal_cost_100():
    # NS bid 1 + 1 and take 13: 20 + 11 bags - 100; 1 bag is carried
    state = deal(split(N=7, S=6), {N: 1, E: 1, S: 1, W: 1})
    result = state.result()
    assert result.team_scores == (20 + 11 - 100, -20)
    assert awards(result)[("ten bags (100 off)", "North-South")] == -100
    assert state.next_counters() == ((1, 0),)


# --- a match ------------------------------------------------------------------------------------

def match_deal(m: interpreter.Match, winners: list[int], bids: dict[int, int]):
    hands, tricks = scripted(winners)
    m.next_deal(layout={"hands": hands})
    for _ in range(4):
        assert m.apply(f"bid {bids[m.current_player]}") is None
    result = None
    for trick in tricks:
        for _ in range(4):
            result = m.apply("play " + trick[m.current_player])
    return result


def test_bags_carry_across_deals_and_every_tenth_costs_100():
    m = GAME.new_match(seed=1)
    # each deal: NS bid 5 + 5 and take 13 (3 bags); EW bid 7 + 6 and take nothing
    seq = split(N=6, S=7)
    bids = {N: 5, E: 7, S: 5, W: 6}
    expected = [((103, -130), (3, 0)), ((206, -260), (6, 0)), ((309, -390), (9, 0)),
                # the fourth deal brings 12 bags: 100 off, 2 carried
                ((312, -520), (2, 0))]
    for scores, bags in expected:
        result = match_deal(m, seq, bids)
        assert tuple(m.team_scores) == scores
        assert m.counters == (bags,)
    assert result.breakdown["teams"][NS]["awards"]["ten bags (100 off)"] == -100
    # reading: a side at -500 or below loses; NS, higher, win below 500
    assert m.is_over and m.result().winner == NS and m.result().team_scores == (312, -520)


def test_game_to_500_a_tie_plays_on():
    m = GAME.new_match(seed=2)
    ns_all = split(S=13)                              # South takes every trick
    ew_all = split(E=13)                              # East takes every trick
    ns_sweep = {N: 0, S: 13, E: 0, W: 0}              # NS: nil and 13 (230); EW: double nil (200)
    ew_sweep = {N: 0, S: 0, E: 13, W: 0}              # EW: 13 and nil (230); NS: double nil (200)
    # NS: North nil, South 3, South takes all: 30 + 10 bags + 100 - 100 = 40
    # EW: East nil, West 6, no trick: 100 - 60 = 40
    even = {N: 0, S: 3, E: 0, W: 6}
    ns_south = split(S=13)
    steps = [(ns_all, ns_sweep, (230, 200)), (ew_all, ew_sweep, (430, 430)),
             (ns_south, even, (470, 470)),
             (ns_south, even, (510, 510)),             # both past 500, equal: play on
             (ns_all, ns_sweep, (740, 710))]
    for winners, bids, scores in steps:
        assert not m.is_over
        match_deal(m, winners, bids)
        assert tuple(m.team_scores) == scores
    assert m.is_over and m.deals_played == 5
    assert m.result().winner == NS
    with pytest.raises(interpreter.AtoutError):
        m.apply("bid 1")


def test_the_dealer_moves_to_the_left():
    m = GAME.new_match(seed=3)
    seen = []
    while m.deals_played < 3:
        state = m.state
        seen.append((state.dealer, state.current_player))
        while m.state is state:
            m.apply(m.legal_actions()[0])
    assert seen == [(0, 1), (1, 2), (2, 3)]


def test_a_random_match_ends():
    import random
    rng = random.Random(4)
    m = GAME.new_match(seed=4)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    scores = m.result().team_scores
    assert max(scores) != min(scores)
    assert max(scores) >= 500 or min(scores) <= -500


# --- the OpenSpiel variant -------------------------------------------------------------------

def test_openspiel_variant_is_one_deal_north_first_spades_never_broken():
    game = interpreter.load("spades", variant="openspiel")
    for dealer in range(4):
        state = game.new_deal(layout={"hands": hands_by_suit()}, dealer=dealer)
        assert state.current_player == N
        bid_all(state, {N: 5, E: 1, S: 1, W: 5})
        assert state.current_player == N
    m = game.new_match(seed=1)
    while not m.is_over:
        m.apply(m.legal_actions()[0])
    assert m.deals_played == 1
