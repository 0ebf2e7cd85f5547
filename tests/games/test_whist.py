"""Whist (games/whist.yaml: English short Whist in partnerships, after Pagat), clause by clause,
on stacked deals.

Seats run clockwise in the direction of play: seat (dealer + 1) % 4 sits at the dealer's
left and leads first; North-South are seats 0 and 2, East-West seats 1 and 3.

Stacking: the rule file deals 11 rounds of one card, then two cards to each of the three
other players and one to the dealer, then the dealer's 13th card face up to the pile
'turnup'; the dealer's one action, 'turn up', sets trumps and takes the card into his hand.
So a layout gives the dealer 12 cards and lists the pile 'turnup' (``dealt``); the deal
order itself is checked with whole packs (``pack_for``).
"""
from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest

import interpreter
from interpreter.engine.cards import bits
from interpreter.errors import IllegalActionError, LayoutError
from interpreter.simulation.records import replay
from interpreter.simulation.simulate import simulate

GAME = interpreter.load("whist")
CODES = GAME.deck.codes
NS, EW = 0, 1
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
DECK = [r + s for s in "SHDC" for r in RANKS]


# --- stacking deals ---------------------------------------------------------------------------

def pack_for(hands: list[list[str]], dealer: int, turnup: str) -> list[str]:
    """The pack, top card first, that the rule file deals into ``hands`` (13 cards each; the
    dealer's holds ``turnup``, which is dealt last)."""
    assert turnup in hands[dealer] and all(len(h) == 13 for h in hands)
    rest = [[c for c in h if c != turnup] for h in hands]
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    pack = [rest[seat][r] for r in range(11) for seat in order]
    for seat in order:
        pack += rest[seat][11:12] if seat == dealer else rest[seat][11:13]
    return pack + [turnup]


def dealt(hands: list[list[str]], dealer: int, turnup: str) -> interpreter.State:
    """A stacked deal before the turn-up: ``hands`` as they will be after it (13 cards each,
    the dealer's holding ``turnup``)."""
    assert turnup in hands[dealer] and all(len(h) == 13 for h in hands)
    first = [[c for c in h if c != turnup] for h in hands]
    return GAME.new_deal(layout={"hands": first, "turnup": [turnup]}, dealer=dealer)


def ready(hands: list[list[str]], dealer: int, turnup: str) -> interpreter.State:
    """A stacked deal with trumps turned up: the first lead is next."""
    state = dealt(hands, dealer, turnup)
    state.apply("turn up")
    return state


def codes(mask: int) -> set[str]:
    return {CODES[c] for c in bits(mask)}


def legal(state: interpreter.State) -> set[str]:
    return {a.text.removeprefix("play ") for a in state.legal_actions()}


def play_trick(state: interpreter.State, cards: dict[int, str]) -> int:
    """Play one trick, ``cards`` by seat, in turn from the leader; return the trick's winner."""
    leader = state.current_player
    for i in range(4):
        state.apply("play " + cards[(leader + i) % 4])
    return state.winners[-1]


def script(dealer: int, trump: str, plan: str, jacks: dict[int, str]) -> tuple[list[list[str]], str, list[dict[int, str]]]:
    """A deal whose every trick is known in advance: ``plan`` names twelve tricks in which all
    four follow suit, as suit and winning seat ('S0 S0 H3 …'); in the k-th trick of a suit the
    winner plays its Ace, King or Queen and the others low cards. The four Jacks are left for
    the 13th trick: nobody can follow it, so the Jack of trumps wins it. Returns the hands, a
    trump of the dealer's to turn up, and the tricks in order."""
    tricks: list[dict[int, str]] = []
    low = {s: [r + s for r in RANKS[4:]] for s in "SHDC"}
    top = {s: 0 for s in "SHDC"}
    for step in plan.split():
        s, winner = step[0], int(step[1])
        trick = {winner: RANKS[top[s]] + s}
        top[s] += 1
        for seat in range(4):
            if seat != winner:
                trick[seat] = low[s].pop(0)
        tricks.append(trick)
    assert sorted(jacks.values()) == ["JC", "JD", "JH", "JS"] and sorted(jacks) == [0, 1, 2, 3]
    tricks.append(dict(jacks))
    hands = [[t[seat] for t in tricks] for seat in range(4)]
    turnup = next(c for c in reversed(hands[dealer]) if c.endswith(trump))
    return hands, turnup, tricks


def play_script(state: interpreter.State, tricks: list[dict[int, str]]) -> list[int]:
    return [play_trick(state, trick) for trick in tricks]


# --- the deal and the trump -----------------------------------------------------------------

def test_the_pack_is_dealt_one_at_a_time_from_the_dealers_left_and_his_last_card_turned_up():
    # The pack in deck order (AS KS … 2S AH … 2C), dealt by seat 3.
    state = GAME.new_deal(layout={"pack": DECK}, dealer=3)
    hands = [codes(h) for h in state.hands]
    # Eleven rounds of one card from seat 0, then two each to seats 0, 1, 2 and one to the dealer.
    assert hands[0] == {DECK[i] for i in list(range(0, 44, 4)) + [44, 45]}
    assert hands[1] == {DECK[i] for i in list(range(1, 44, 4)) + [46, 47]}
    assert hands[2] == {DECK[i] for i in list(range(2, 44, 4)) + [48, 49]}
    assert hands[3] == {DECK[i] for i in list(range(3, 44, 4)) + [50]}
    assert hands[0] == {"AS", "10S", "6S", "2S", "JH", "7H", "3H", "QD", "8D", "4D", "KC", "9C", "8C"}
    assert hands[3] == {"JS", "7S", "3S", "QH", "8H", "4H", "KD", "9D", "5D", "AC", "10C", "3C"}
    # The 52nd card, the dealer's 13th, lies face up: everyone sees it.
    assert [CODES[c] for c in state.piles[GAME.pile_names.index("turnup")]] == ["2C"]
    for seat in range(4):
        assert state.observation(seat)["piles"] == {"turnup": ["2C"]}
    assert state.observation(0)["trump"] is None
    # The dealer turns it up: his only action, no pass.
    assert state.current_player == 3
    assert [a.text for a in state.legal_actions()] == ["turn up"]
    with pytest.raises(IllegalActionError):
        state.apply("pass")
    state.apply("turn up")
    # Clubs are trumps; the card is the dealer's 13th; the pile is empty.
    assert GAME.deck.suit_codes[state.trump] == "C"
    assert state.observation(1)["trump"] == "C"
    assert codes(state.hands[3]) == hands[3] | {"2C"}
    assert [h.bit_count() for h in state.hands] == [13, 13, 13, 13]
    assert state.piles[GAME.pile_names.index("turnup")] == []
    assert state.observation(2)["piles"] == {"turnup": []}
    assert codes(state.dealt[3]) == hands[3] | {"2C"}


@pytest.mark.parametrize("dealer", range(4))
def test_a_stacked_deal_gives_the_intended_hands_and_the_turnup_sets_trumps(dealer):
    hands, turnup, _ = script(dealer, "D", "S0 S1 S2 H3 H0 H1 D2 D3 D0 C1 C2 C3", {0: "JS", 1: "JH", 2: "JD", 3: "JC"})
    state = dealt(hands, dealer, turnup)
    assert [h.bit_count() for h in state.hands] == [12 if s == dealer else 13 for s in range(4)]
    assert state.current_player == dealer
    state.apply("turn up")
    assert [codes(h) for h in state.hands] == [set(h) for h in hands]
    assert GAME.deck.suit_codes[state.trump] == "D" == turnup[-1]
    assert state.current_player == (dealer + 1) % 4


def test_in_random_deals_the_turnup_sets_trumps_and_joins_the_dealers_hand():
    for seed in range(40):
        dealer = seed % 4
        state = GAME.new_deal(seed=seed, dealer=dealer)
        (card,) = state.piles[GAME.pile_names.index("turnup")]

        before = [h.bit_count() for h in state.hands]
        assert before == [12 if s == dealer else 13 for s in range(4)]
        state.apply("turn up")
        assert state.observation((dealer + 1) % 4)["history"] == [[dealer, "turn up"], [None, f"turnup: {CODES[card]}"],
                                                                  [None, f"turnup to seat {dealer}: {CODES[card]}"]]
        assert state.trump == GAME.deck.suit_of[card]
        assert (state.hands[dealer] >> card) & 1
        assert sum(h.bit_count() for h in state.hands) == 52


def test_a_whole_pack_and_a_layout_of_hands_give_the_same_deal():
    hands, turnup, _ = script(1, "C", "S0 S1 S2 H3 H0 H1 D2 D3 D0 C1 C2 C3", {0: "JS", 1: "JH", 2: "JD", 3: "JC"})
    by_pack = GAME.new_deal(layout={"pack": pack_for(hands, 1, turnup)}, dealer=1)
    by_hands = dealt(hands, 1, turnup)
    assert by_pack.hands == by_hands.hands and by_pack.piles == by_hands.piles
    # Left out, the turn-up pile must be asked for: with "fill" it gets the one card left over.
    short = [[c for c in h if c != turnup] for h in hands]
    with pytest.raises(LayoutError):
        GAME.new_deal(layout={"hands": short}, dealer=1)
    filled = GAME.new_deal(layout={"hands": short, "fill": True}, dealer=1)
    assert filled.piles == by_hands.piles
    filled.apply("turn up")
    assert GAME.deck.suit_codes[filled.trump] == "C" and codes(filled.hands[1]) == set(hands[1])


# --- the play ---------------------------------------------------------------------------------

# Hearts are trumps (dealer 3 turns up 2H). Voids: seat 0 in diamonds, seat 1 in spades and
# clubs, seat 2 in diamonds, seat 3 in spades.
FOLLOW = [
    ["AS", "KS", "QS", "JS", "10S", "AH", "KH", "QH", "AC", "KC", "QC", "JC", "10C"],
    ["JH", "10H", "9H", "7H", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D"],
    ["9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "8H", "6H", "9C", "8C", "7C"],
    ["5H", "4H", "3H", "2H", "5D", "4D", "3D", "2D", "6C", "5C", "4C", "3C", "2C"],
]


@pytest.mark.parametrize("dealer", range(4))
def test_the_player_at_the_dealers_left_leads_any_card(dealer):
    hands = [FOLLOW[(s - dealer + 3) % 4] for s in range(4)]     # the same table turned round
    state = ready(hands, dealer, "2H")
    leader = (dealer + 1) % 4
    assert state.current_player == leader and state.leader == leader
    assert legal(state) == set(hands[leader])
    assert GAME.deck.suit_codes[state.trump] == "H"


def test_followers_must_follow_suit_and_a_void_player_may_play_any_card():
    state = ready(FOLLOW, 3, "2H")
    state.apply("play AC")
    assert legal(state) == set(FOLLOW[1])                                  # no club: any card, trumps too
    state.apply("play 6D")                                                 # a discard
    assert legal(state) == {"9C", "8C", "7C"}                              # clubs, and only clubs
    with pytest.raises(IllegalActionError):
        state.apply("play 8H")
    with pytest.raises(IllegalActionError):
        state.apply("play 2S")
    state.apply("play 7C")
    assert legal(state) == {"6C", "5C", "4C", "3C", "2C"}
    state.apply("play 2C")
    assert state.winners == [0] and state.tricks == [1, 0, 0, 0]          # the highest club wins
    assert state.current_player == 0                                       # and its player leads next
    assert legal(state) == set(FOLLOW[0]) - {"AC"}


def test_trumps_beat_the_suit_led_and_the_highest_trump_wins():
    state = ready(FOLLOW, 3, "2H")
    assert play_trick(state, {0: "AC", 1: "6D", 2: "7C", 3: "2C"}) == 0   # a discard never wins
    # Spades led: seat 1 (void) trumps with 7H, seat 3 (void) may play a lower trump: 7H wins.
    state.apply("play 10S")
    state.apply("play 7H")
    assert legal(state) == {"9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"}
    state.apply("play 2S")
    assert legal(state) == set(FOLLOW[3]) - {"2C"}                         # no obligation to overtrump
    state.apply("play 2H")
    assert state.winners[-1] == 1 and state.current_player == 1
    # Diamonds led: seat 2 (void) trumps, seat 3 follows, seat 0 (void) overtrumps: QH wins.
    state.apply("play AD")
    state.apply("play 6H")
    assert legal(state) == {"5D", "4D", "3D", "2D"}
    state.apply("play 2D")
    state.apply("play QH")
    assert state.winners[-1] == 0
    # The lowest trump left beats the King led.
    assert play_trick(state, {0: "KS", 1: "8D", 2: "3S", 3: "3H"}) == 3
    # Trumps led: everyone holding one must follow with a trump; the highest wins.
    state.apply("play 5H")
    assert legal(state) == {"AH", "KH"}
    state.apply("play KH")
    assert legal(state) == {"JH", "10H", "9H"}
    state.apply("play 10H")
    assert legal(state) == {"8H"}
    state.apply("play 8H")
    assert state.winners == [0, 1, 0, 3, 0]
    assert state.tricks == [3, 1, 0, 1]
    assert state.current_player == 0


# --- scoring ----------------------------------------------------------------------------------

def score(state) -> tuple[list[Fraction], list[tuple[str, str, Fraction]]]:
    result = state.result()
    return list(result.team_scores), [(r.rule, r.to, r.points) for r in result.reasons]


def test_tricks_over_six_and_three_honours():
    # North-South take nine tricks (three by cards) and hold A K Q of hearts; East-West the Jack.
    hands, turnup, tricks = script(3, "H", "S0 S0 S0 D0 D0 D0 C1 C1 C1 H2 H2 H2", {2: "JS", 3: "JD", 0: "JC", 1: "JH"})
    state = ready(hands, 3, turnup)
    assert play_script(state, tricks) == [0] * 6 + [1] * 3 + [2] * 3 + [1]
    assert state.is_over and state.tricks == [6, 4, 3, 0]
    assert score(state) == ([5, 0], [("tricks over six", "North-South", 3), ("honours", "North-South", 2)])
    assert list(state.result().seat_scores) == [5, 0, 5, 0]


@pytest.mark.parametrize("plan, jacks, expected", [
    # Seven tricks to six: one point, honours divided (A K of spades East-West, Q J North-South).
    ("S1 S3 S0 H1 H1 H1 D1 D3 D0 C0 C2 C2", {0: "JS", 1: "JH", 2: "JD", 3: "JC"}, [0, 1]),
    # Six tricks to seven the other way, North-South holding all four honours: 0 + 4 to 1 + 0.
    ("S0 S2 S0 H1 H1 H3 D1 D3 D1 C0 C2 C3", {0: "JD", 1: "JH", 2: "JS", 3: "JC"}, [4, 1]),
    # Thirteen tricks: seven by cards, and all four honours with the game already won on tricks.
    ("S1 S3 S1 H3 H3 H1 D1 D3 D1 C1 C3 C1", {0: "JD", 1: "JH", 2: "JC", 3: "JS"}, [0, 7]),
])
def test_points_for_tricks_and_honours(plan, jacks, expected):
    dealer = 2                                                             # seat 3 leads
    hands, turnup, tricks = script(dealer, "S", plan, jacks)
    state = ready(hands, dealer, turnup)
    winners = play_script(state, tricks)
    assert winners[:12] == [int(step[1]) for step in plan.split()]
    assert winners[12] == next(s for s, j in jacks.items() if j == "JS")  # the Jack of trumps takes the last trick
    assert score(state)[0] == expected


def test_the_turned_up_card_counts_among_the_dealers_honours():
    # Dealer 1 turns up the Queen of clubs; with his partner's A K of clubs East-West hold three honours.
    hands, _, tricks = script(1, "C", "C3 C3 C1 S2 S0 S0 H2 H0 H2 D0 D3 D0", {0: "JS", 1: "JH", 2: "JC", 3: "JD"})
    assert "QC" in hands[1]
    state = ready(hands, 1, "QC")
    assert GAME.deck.suit_codes[state.trump] == "C"
    play_script(state, tricks)
    assert state.tricks == [5, 1, 4, 3]                                    # 9 tricks to 4: three by cards
    assert score(state) == ([3, 2], [("tricks over six", "North-South", 3), ("honours", "East-West", 2)])


# --- the match to five -------------------------------------------------------------------------

def stacked_deal(match, trump: str, plan: str, jacks: dict[int, str]) -> interpreter.State:
    dealer = match.dealer if not match.results else (match.dealer + 1) % 4
    hands, turnup, tricks = script(dealer, trump, plan, jacks)
    state = match.next_deal(layout={"pack": pack_for(hands, dealer, turnup)})
    assert state.dealer == dealer
    state.apply("turn up")
    play_script(state, tricks)
    return state


def test_a_match_to_five_points():
    match = GAME.new_match(seed=1, dealer=0)
    deals = [
        # dealer 0: East-West seven tricks (one point); honours divided (A K of spades to seat 1).
        ("S", "S1 S1 S0 H3 H3 H3 D1 D1 D0 C0 C2 C2", {0: "JD", 1: "JH", 2: "JS", 3: "JC"}, [0, 1]),
        # dealer 1: North-South eight tricks (two) and three honours (two).
        ("H", "H2 H0 H3 S2 S2 S1 D0 D0 D3 C2 C1 C3", {0: "JH", 1: "JD", 2: "JS", 3: "JC"}, [4, 0]),
        # dealer 2: North-South stand at four: their four honours do not count; East-West seven tricks.
        ("D", "S3 S3 S1 D0 D2 D0 H1 H0 H3 C2 C3 C1", {0: "JS", 1: "JH", 2: "JD", 3: "JC"}, [0, 1]),
        # dealer 3: North-South seven tricks reach five: game, before East-West's four honours count.
        ("C", "S0 S2 S0 H2 H1 H0 D3 D0 D2 C1 C3 C1", {0: "JS", 1: "JH", 2: "JD", 3: "JC"}, [1, 0]),
    ]
    totals = []
    for number, (trump, plan, jacks, points) in enumerate(deals):
        assert not match.is_over
        state = stacked_deal(match, trump, plan, jacks)
        assert state.dealer == number
        result = match.finish_deal(state)
        assert list(result.team_scores) == points
        totals.append(list(match.team_scores))
    assert totals == [[0, 1], [4, 1], [4, 2], [5, 2]]
    assert match.is_over
    final = match.result()
    assert final.team_scores == (5, 2) and final.winner == NS
    assert [r.facts["game_by_tricks"] for r in final.deals] == [False, False, False, True]


def test_the_side_at_four_scores_no_honours_but_its_opponents_may():
    match = GAME.new_match(seed=2, dealer=3)
    # dealer 3: North-South eight tricks (two) and three honours (two): four.
    state = stacked_deal(match, "H", "S0 S0 S0 D0 D0 D1 C1 C1 C1 H2 H2 H3", {2: "JS", 3: "JD", 0: "JH", 1: "JC"})
    assert list(match.finish_deal(state).team_scores) == [4, 0]
    # dealer 0: East-West seven tricks (one) and three honours (two): they are not at four.
    state = stacked_deal(match, "S", "S1 S3 S0 H1 H1 H0 D1 D3 D0 C0 C2 C2", {0: "JD", 1: "JS", 2: "JH", 3: "JC"})
    assert list(match.finish_deal(state).team_scores) == [0, 3]
    assert list(match.team_scores) == [4, 3] and not match.is_over
    # dealer 1: North-South at four hold all four honours and take six tricks: nothing for them.
    state = stacked_deal(match, "D", "D2 D0 D2 S2 S1 S3 H1 H3 H3 C0 C1 C3", {0: "JD", 1: "JH", 2: "JS", 3: "JC"})
    assert state.tricks[0] + state.tricks[2] == 6
    assert list(match.finish_deal(state).team_scores) == [0, 1]
    assert list(match.team_scores) == [4, 4] and not match.is_over


def test_recorded_matches_replay_to_the_same_results():
    out = io.StringIO()
    simulate(GAME, 20, 3, ["random"] * 4, record=out, game_ref="whist")
    for line in out.getvalue().splitlines():
        _, _, differences = replay(json.loads(line), "r", interpreter.load)
        assert differences == []
