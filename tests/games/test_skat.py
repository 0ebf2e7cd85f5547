"""Skat (games/skat.yaml, after Pagat and the ISkO), clause by clause, on stacked deals.

Seats run clockwise: with dealer D, forehand is (D + 1) % 3 (he is bid to first and leads the
first trick), middlehand (D + 2) % 3 (he bids first) and rearhand D. Most deals here are dealt
by seat 2, so seat 0 is forehand, seat 1 middlehand and seat 2 rearhand.

The settlement deals are scripted: a deal is written as its ten tricks ("0:JC 1:JH 2:JD", the
seats in the order they play), the hands are the cards each seat plays (for a declarer who
takes up the skat: those, plus the two cards he discards, less the two he picks up), and the
tricks are played as written, each card checked legal by the engine. Every card-point count,
matador count and score below is worked out by hand in the comments (card points: Ace 11,
Ten 10, King 4, Queen 3, Jack 2; 120 in all).
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
import random

import pytest

import interpreter
from interpreter.errors import IllegalActionError
from interpreter.engine.state import AUCTION, DECIDE, PLAY

GAME = interpreter.load("skat")
DEALER = 2
FH, MH, RH = 0, 1, 2                        # with seat 2 dealing
BIDS = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 48, 50, 54, 55, 60, 63, 66, 70, 72, 77, 80,
        81, 84, 88, 90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 154,
        156, 165, 168, 180, 192]
GAMES = ["clubs", "spades", "hearts", "diamonds", "grand", "null"]
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


# --- helpers ---------------------------------------------------------------------------------

def texts(state: interpreter.State) -> list[str]:
    return [a.text for a in state.legal_actions()]


def cards(state: interpreter.State) -> set[str]:
    return {a.text.split(" ", 1)[1] for a in state.legal_actions() if a.kind == "play"}


def hand(state: interpreter.State, seat: int) -> set[str]:
    return set(state.observation(seat)["hand"])


def card_points(codes) -> int:
    return sum(POINTS.get(c[:-1], 0) for c in codes)


def new(hands: list[str], skat: str, dealer: int = DEALER) -> interpreter.State:
    state = GAME.new_deal(layout={"hands": [h.split() for h in hands], "skat": skat.split()}, dealer=dealer)
    assert state.phase == AUCTION
    return state


def win_auction(state: interpreter.State, taker: int, bid: int = 18) -> None:
    """Everyone but ``taker`` passes; ``taker`` bids ``bid`` at his first turn and wins at it."""
    while state.phase == AUCTION:
        state.apply(f"bid {bid}" if state.current_player == taker else "pass")
    assert state.taker == taker and state.contract == bid


def announce(state: interpreter.State, game: str, hand_game: bool = False, discard: str = "") -> None:
    assert state.phase == DECIDE and texts(state) == ["hand", "pick up"]
    state.apply("hand" if hand_game else "pick up")
    for card in discard.split():
        state.apply(f"discard {card}")
    assert texts(state) == GAMES
    state.apply(game)
    assert state.phase == PLAY


def parse_trick(text: str) -> list[tuple[int, str]]:
    return [(int(seat), card) for seat, card in (item.split(":") for item in text.split())]


def scripted(tricks: list[str], skat: str, taker: int | None = None, discard: str = "") -> list[str]:
    """The hands that play ``tricks``; a declarer who discards ``discard`` was dealt those cards
    instead of the skat's (which he picks up)."""
    hands: list[list[str]] = [[], [], []]
    for trick in tricks:
        for seat, card in parse_trick(trick):
            hands[seat].append(card)
    if discard:
        hands[taker] = [c for c in hands[taker] + discard.split() if c not in skat.split()]
    assert all(len(h) == 10 for h in hands)
    return [" ".join(h) for h in hands]


def play_tricks(state: interpreter.State, tricks: list[str]) -> None:
    for trick in tricks:
        for seat, card in parse_trick(trick):
            assert state.current_player == seat, f"{trick}: seat {state.current_player} is to play"
            state.apply("play " + card)


def settle(tricks: list[str], skat: str, game: str, taker: int = FH, bid: int = 18, hand_game: bool = False,
           discard: str = "") -> interpreter.State:
    """Deal the scripted hands, win the auction, announce and play every trick."""
    state = new(scripted(tricks, skat, taker, discard), skat)
    win_auction(state, taker, bid)
    announce(state, game, hand_game, discard)
    play_tricks(state, tricks)
    assert state.is_over
    return state


def scores(result) -> tuple[int, ...]:
    assert all(x.denominator == 1 for x in result.seat_scores)
    return tuple(int(x) for x in result.seat_scores)


# --- the deal ----------------------------------------------------------------------------------

def test_ten_cards_each_and_two_in_the_skat_unseen():
    state = GAME.new_deal(seed=3, dealer=1)
    assert len(GAME.deck.codes) == 32
    for seat in range(3):
        obs = state.observation(seat)
        assert len(obs["hand"]) == 10
        assert obs["pile_sizes"] == {"pack": 0, "skat": 2} and obs["piles"] == {}
    assert state.current_player == 0                    # middlehand ((1 + 2) % 3) bids first


# --- 1. bidding in duels ---------------------------------------------------------------------

SOME = ["JC JS AC 10C KC AS 10S AH 10H 7D", "JH QC 9C KS QS 9S KH QH 9H AD",
        "JD 8C 7C 8S 7S 8H 7H 10D KD QD"]
SOME_SKAT = "9D 8D"


def test_middlehand_bids_first_forehand_holds_or_passes():
    state = new(SOME, SOME_SKAT)
    assert state.current_player == MH
    assert texts(state) == [f"bid {n}" for n in BIDS] + ["pass"]      # no 'hold' for the bidder
    state.apply("bid 18")
    assert state.current_player == FH and texts(state) == ["hold", "pass"]
    with pytest.raises(IllegalActionError):
        state.apply("bid 20")                                        # the one bid to may not outbid
    state.apply("hold")
    assert state.current_player == MH
    assert texts(state)[0] == "bid 20" and texts(state)[-1] == "pass" and "hold" not in texts(state)
    state.apply("bid 20")
    assert state.current_player == FH and texts(state) == ["hold", "pass"]


def test_forehand_passes_then_rearhand_bids_to_the_survivor_middlehand():
    state = new(SOME, SOME_SKAT)
    for action in ("bid 18", "hold", "bid 20", "pass"):                # MH, FH, MH, FH
        state.apply(action)
    assert state.current_player == RH
    assert texts(state)[0] == "bid 22"                                 # above the 20 reached
    state.apply("bid 22")
    assert state.current_player == MH and texts(state) == ["hold", "pass"]   # the survivor holds or passes
    state.apply("hold")
    assert state.current_player == RH and texts(state)[0] == "bid 23"
    state.apply("pass")
    assert state.phase == DECIDE
    assert state.taker == MH and state.contract == 22                  # the survivor, at the last value
    assert state.current_player == MH and texts(state) == ["hand", "pick up"]


def test_the_survivor_of_the_first_duel_wins_when_rearhand_passes():
    state = new(SOME, SOME_SKAT)
    for action in ("bid 18", "hold", "bid 20", "hold", "pass"):        # MH gives up: FH survives
        state.apply(action)
    assert state.current_player == RH and texts(state)[0] == "bid 22"
    state.apply("pass")
    assert state.taker == FH and state.contract == 20                  # held at 20


def test_middlehand_passes_at_once_then_rearhand_bids_to_forehand():
    state = new(SOME, SOME_SKAT)
    state.apply("pass")
    assert state.current_player == RH
    assert texts(state) == [f"bid {n}" for n in BIDS] + ["pass"]
    state.apply("bid 18")
    assert state.current_player == FH and texts(state) == ["hold", "pass"]
    state.apply("hold")
    assert state.current_player == RH and texts(state)[0] == "bid 20"
    state.apply("bid 27")
    state.apply("pass")
    assert state.taker == RH and state.contract == 27


@pytest.mark.parametrize("call, contract", [("bid 18", 18), ("bid 23", 23)])
def test_both_pass_forehand_alone_may_bid(call, contract):
    state = new(SOME, SOME_SKAT)
    state.apply("pass")
    state.apply("pass")
    assert state.current_player == FH
    assert texts(state) == [f"bid {n}" for n in BIDS] + ["pass"]       # bids and pass, no hold
    state.apply(call)
    assert state.taker == FH and state.contract == contract
    assert state.current_player == FH and texts(state) == ["hand", "pick up"]


def test_all_three_pass_the_deal_is_annulled():
    state = new(SOME, SOME_SKAT)
    for seat in (MH, RH, FH):
        assert state.current_player == seat
        state.apply("pass")
    assert state.annulled and state.is_over and state.taker is None
    assert state.legal_actions() == []
    result = state.result()
    assert result.facts == {"annulled": True}
    assert result.seat_scores == (0, 0, 0) and result.reasons == ()


def test_bids_must_rise():
    state = new(SOME, SOME_SKAT)
    state.apply("bid 23")
    state.apply("hold")
    assert texts(state)[0] == "bid 24"
    with pytest.raises(IllegalActionError):
        state.apply("bid 23")
    state = new(SOME, SOME_SKAT)
    state.apply("bid 23")
    state.apply("pass")                                                # FH passes: RH bids to MH
    assert state.current_player == RH
    offered = [int(t.split()[1]) for t in texts(state) if t.startswith("bid")]
    assert offered == [n for n in BIDS if n > 23] and min(offered) == 24
    for low in (18, 22, 23):
        with pytest.raises(IllegalActionError):
            state.apply(f"bid {low}")


def test_the_highest_bid_leaves_only_pass_to_the_bidder():
    state = new(SOME, SOME_SKAT)
    state.apply("bid 192")
    state.apply("hold")
    assert state.current_player == MH and texts(state) == ["pass"]
    state.apply("pass")
    assert state.current_player == RH and texts(state) == ["pass"]
    state.apply("pass")
    assert state.taker == FH and state.contract == 192


# --- 2. hand or pick up, the discard, the announcement ------------------------------------------

# Seat 0 is dealt JC JS AC 10C KC 10S AH 7H 9D 8D; the skat is 7S 7D.
PICK_HANDS = ["JC JS AC 10C KC 10S AH 7H 9D 8D", "JH QC 9C AS KS QS KH QH 10H AD",
              "JD 8C 7C 9S 8S 8H 9H 10D KD QD"]
PICK_SKAT = "7S 7D"


def test_pick_up_puts_the_skat_in_hand_then_two_discards_one_at_a_time():
    state = new(PICK_HANDS, PICK_SKAT)
    win_auction(state, FH)
    assert texts(state) == ["hand", "pick up"]                         # required: no pass
    with pytest.raises(IllegalActionError):
        state.apply("pass")
    state.apply("pick up")
    assert hand(state, FH) == set(PICK_HANDS[0].split()) | {"7S", "7D"}
    assert state.observation(1)["hand_sizes"] == [12, 10, 10]
    assert state.observation(1)["pile_sizes"]["skat"] == 0
    assert state.current_player == FH
    assert set(texts(state)) == {f"discard {c}" for c in hand(state, FH)} and len(texts(state)) == 12
    state.apply("discard 9D")
    assert set(texts(state)) == {f"discard {c}" for c in hand(state, FH) - {"9D"}}   # one more, not 9D again
    state.apply("discard 8D")
    assert texts(state) == GAMES                                       # then the game, required
    assert hand(state, FH) == set(PICK_HANDS[0].split()) - {"9D", "8D"} | {"7S", "7D"}
    assert state.observation(0)["pile_sizes"]["skat"] == 2
    # the defenders see that two cards went into the skat, not which
    for seat in (MH, RH):
        obs = state.observation(seat)
        assert obs["history"][-2:] == [[FH, "discard"], [FH, "discard"]]
        assert "skat" not in obs["piles"]
        assert not any(isinstance(x, str) and ("9D" in x or "8D" in x) for _, x in obs["history"])
        assert not {"9D", "8D"} & set(obs["hand"])
    assert state.observation(FH)["history"][-2:] == [[FH, "discard 9D"], [FH, "discard 8D"]]
    state.apply("clubs")
    assert state.observation(MH)["trump"] == "C"
    assert state.current_player == FH and state.phase == PLAY         # forehand leads
    assert state.observation(1)["marks"] == {"hand_game": None, "game": 12}


def test_hand_skips_the_discard_and_the_skat_stays_aside():
    state = new(PICK_HANDS, PICK_SKAT)
    win_auction(state, FH)
    state.apply("hand")
    assert texts(state) == GAMES
    assert hand(state, FH) == set(PICK_HANDS[0].split())
    assert state.observation(FH)["pile_sizes"]["skat"] == 2
    state.apply("grand")
    assert state.phase == PLAY and state.observation(FH)["trump"] is None
    assert state.observation(FH)["marks"] == {"hand_game": True, "game": 24}


@pytest.mark.parametrize("game, base", [("clubs", 12), ("spades", 11), ("hearts", 10), ("diamonds", 9),
                                        ("grand", 24), ("null", 23)])
def test_each_game_sets_its_base_value(game, base):
    state = new(PICK_HANDS, PICK_SKAT)
    win_auction(state, FH)
    announce(state, game, discard="9D 8D")
    assert state.observation(0)["marks"]["game"] == base


def test_null_hand_is_worth_35():
    state = new(PICK_HANDS, PICK_SKAT)
    win_auction(state, FH)
    announce(state, "null", hand_game=True)
    assert state.observation(0)["marks"]["game"] == 35


def test_the_declarer_who_is_not_forehand_decides_and_forehand_still_leads():
    state = new(PICK_HANDS, PICK_SKAT)
    win_auction(state, RH)
    assert state.current_player == RH and texts(state) == ["hand", "pick up"]
    state.apply("pick up")
    assert state.current_player == RH and len(texts(state)) == 12
    state.apply("discard 7S")
    state.apply("discard 7D")
    assert state.current_player == RH and texts(state) == GAMES
    state.apply("spades")
    assert state.current_player == FH and set(texts(state)) == {f"play {c}" for c in PICK_HANDS[0].split()}


# --- 3. following and winning ------------------------------------------------------------------

def at_play(hands: list[str], skat: str, game: str) -> interpreter.State:
    """Forehand (seat 0) plays ``game`` from his hand and leads."""
    state = new(hands, skat)
    win_auction(state, FH)
    announce(state, game, hand_game=True)
    assert state.current_player == FH
    return state


def test_suit_game_a_jack_led_calls_for_trumps_and_the_jack_of_clubs_does_not_follow_clubs():
    state = at_play(["JD JC AH 10H KH QH 9H AC 10C KC", "JS 7H 8H AD 10D KD AS 10S QC 9C",
                     "KS QS 9S 8S 7S QD 9D 8D 7D 8C"], "JH 7C", "hearts")
    state.apply("play JD")                                             # a trump lead
    assert cards(state) == {"JS", "7H", "8H"}                         # hearts or a Jack; not the diamonds
    state.apply("play JS")
    assert cards(state) == hand(state, RH) and len(cards(state)) == 10  # no trump: any card, diamonds too
    state.apply("play 7D")
    assert state.tricks == [0, 1, 0] and state.current_player == MH    # the Jack of spades beats the Jack of diamonds
    state.apply("play QC")                                             # clubs led
    assert cards(state) == {"8C"}
    state.apply("play 8C")
    assert cards(state) == {"AC", "10C", "KC"}                        # not the Jack of clubs: it is a trump
    state.apply("play KC")
    assert state.tricks == [1, 1, 0]


def test_suit_game_the_jack_of_clubs_alone_is_no_club():
    state = at_play(["AC AH 10H KH QH 9H 8H 7H AS 10S", "JC AD 10D KD QD 9D KS QS 9S 8S",
                     "10C KC QC 9C 8C 7C JS JH JD 7S"], "8D 7D", "hearts")
    state.apply("play AC")
    assert cards(state) == hand(state, MH) and len(cards(state)) == 10   # void in clubs: any card
    state.apply("play JC")                                              # trumps the Ace of clubs
    assert cards(state) == {"10C", "KC", "QC", "9C", "8C", "7C"}       # clubs, not the Jacks
    state.apply("play 10C")
    assert state.tricks == [0, 1, 0]


RANKING_HANDS = ["7H AC 10C KC QC 9C 8C 7C AS 10S", "JC JH AH KS QS 9S 8S 7S AD 10D",
                 "JS JD 10H KH QH 9H 8H KD QD 9D"]
TRUMP_RANK = ["JC", "JS", "JH", "JD", "AH", "10H"]


@pytest.mark.parametrize("second", ["JC", "JH", "AH"])
@pytest.mark.parametrize("third", ["JS", "JD", "10H"])
def test_suit_game_jacks_clubs_spades_hearts_diamonds_then_the_trump_ace(second, third):
    state = at_play(RANKING_HANDS, "8D 7D", "hearts")
    state.apply("play 7H")
    assert cards(state) == {"JC", "JH", "AH"}
    state.apply("play " + second)
    assert cards(state) == {"JS", "JD", "10H", "KH", "QH", "9H", "8H"}
    state.apply("play " + third)
    winner = MH if TRUMP_RANK.index(second) < TRUMP_RANK.index(third) else RH
    assert state.tricks[winner] == 1 and sum(state.tricks) == 1


def test_grand_only_the_jacks_are_trumps():
    state = at_play(RANKING_HANDS, "8D 7D", "grand")
    state.apply("play 7H")
    assert cards(state) == {"AH"}                                      # hearts; the Jacks are no hearts
    state.apply("play AH")
    assert cards(state) == {"10H", "KH", "QH", "9H", "8H"}
    state.apply("play 10H")
    assert state.tricks == [0, 1, 0]                                   # the Ace of hearts, no trump


def test_grand_a_jack_led_calls_for_jacks_and_any_jack_beats_the_ace():
    state = at_play(["JH AH 10H KH QH 9H 8H 7H AC 10C", "JC KC QC 9C 8C 7C AS 10S KS QS",
                     "JS JD AD 10D KD QD 9D 9S 8S 7S"], "8D 7D", "grand")
    state.apply("play AH")
    assert len(cards(state)) == 10                                     # void in hearts: any card
    state.apply("play 7C")
    assert len(cards(state)) == 10                                     # the Jacks are no hearts: any card
    state.apply("play JD")
    assert state.tricks == [0, 0, 1]                                   # the lowest Jack beats the Ace
    state.apply("play JS")                                             # a Jack led
    assert cards(state) == {"JH"}                                      # follow with a Jack, not hearts
    state.apply("play JH")
    assert cards(state) == {"JC"}                                      # not clubs
    state.apply("play JC")
    assert state.tricks == [0, 1, 1]


def test_null_no_trumps_jacks_in_their_suits_and_the_jack_beats_the_ten():
    state = at_play(["10C 7C 8C 7S 8S 9S 7H 8H 7D 8D", "AC KC QC JC 9C JD AS KS AD KD",
                     "QS JS 10S AH KH JH 10H QH QD 10D"], "9H 9D", "null")
    assert state.observation(0)["trump"] is None
    state.apply("play 10C")
    assert cards(state) == {"AC", "KC", "QC", "JC", "9C"}             # the Jack of clubs is a club
    state.apply("play JC")
    assert len(cards(state)) == 10                                     # no clubs (the Jacks are not trumps)
    state.apply("play 10D")
    assert state.tricks == [0, 1, 0]                                   # A K Q J 10: the Jack beats the Ten
    state.apply("play JD")                                             # a Jack led is a diamond
    assert cards(state) == {"QD"}                                      # not the Jacks of spades or hearts
    state.apply("play QD")
    assert cards(state) == {"7D", "8D"}
    state.apply("play 8D")
    assert state.tricks == [0, 1, 1]                                   # the Queen beats the Jack
    assert not state.is_over


# --- 4. settlement -------------------------------------------------------------------------------

# A clubs game taken up by forehand (seat 0), dealt JC JS AC 10C KC 10S AH 7H 9D 8D, the skat
# 7S 7D: he picks it up and discards 9D 8D (0 points). He holds JC JS, not JH (seat 1): with 2.
CLUBS_DISCARD = "9D 8D"
CLUBS_SKAT = "7S 7D"
CLUBS = [
    "0:JC 1:JH 2:JD",          # 0: 2 + 2 + 2 = 6                 declarer 6
    "0:JS 1:QC 2:8C",          # 0: 2 + 3 = 5                     11
    "0:AC 1:9C 2:7C",          # 0: 11                            22
    "0:AH 1:KH 2:8H",          # 0: 11 + 4 = 15                   37
    "0:10S 1:AS 2:9S",         # 1: 10 + 11 = 21                  defenders 21
    "1:KS 2:8S 0:7S",          # 1: 4                             25
    "1:QS 2:9H 0:10C",         # 0 trumps: 3 + 10 = 13            declarer 50
    "0:7H 1:10H 2:KD",         # 1: 10 + 4 = 14                   defenders 39
    "1:AD 2:QD 0:7D",          # 1: 11 + 3 = 14                   53
    "1:QH 2:10D 0:KC",         # 0 trumps: 3 + 10 + 4 = 17        declarer 67 (skat 0)
]


def test_suit_game_won_with_two_matadors():
    # with 2, game 1: multiplier 3; 12 x 3 = 36; 67 points: won, no schneider (defenders 53)
    state = settle(CLUBS, CLUBS_SKAT, "clubs", discard=CLUBS_DISCARD)
    result = state.result()
    facts = result.facts
    assert facts["declarer_points"] == 67 and result.breakdown["seats"][0]["card_points"] == 67
    assert (facts["base"], facts["matadors"], facts["multiplier"], facts["value"]) == (12, 2, 3, 36)
    assert facts["hand_game"] is None and facts["schneider"] is False and facts["schwarz"] is False
    assert facts["overbid"] is False and facts["settled"] == 36 and facts["made"] is True
    assert state.tricks == [6, 4, 0]
    assert scores(result) == (36, 0, 0)                                # the value to the declarer, 0 to others
    assert [(r.rule, r.to, r.points) for r in result.reasons] == [("game won (its value)", "seat 0", 36)]


def test_sixty_card_points_lose():
    # As above, but seat 2 keeps the QD for the last trick: the defenders take 11 + 10 = 21 in
    # the ninth trick (60 in all) and the declarer 3 + 3 + 4 = 10 in the last: 50 + 10 = 60.
    tricks = CLUBS[:8] + ["1:AD 2:10D 0:7D", "1:QH 2:QD 0:KC"]
    result = settle(tricks, CLUBS_SKAT, "clubs", discard=CLUBS_DISCARD).result()
    assert result.facts["declarer_points"] == 60
    assert result.facts["value"] == 36 and result.facts["made"] is False
    assert scores(result) == (-72, 0, 0)                               # lost: twice the value
    assert [(r.rule, r.points) for r in result.reasons] == [("game lost (twice its value)", -72)]


def test_a_jack_discarded_into_the_skat_counts_as_a_matador():
    # The same deal, but the declarer discards JS and 9D (2 points) and keeps 8D: he plays JC
    # alone, yet JC JS (his twelve cards) are 'with 2'. Multiplier 3, value 36.
    tricks = [
        "0:JC 1:JH 2:JD",      # 0: 6                             declarer 6
        "0:AC 1:QC 2:8C",      # 0: 11 + 3 = 14                   20
        "0:10C 1:9C 2:7C",     # 0: 10                            30
        "0:AH 1:KH 2:8H",      # 0: 15                            45
        "0:10S 1:AS 2:9S",     # 1: 21                            defenders 21
        "1:KS 2:8S 0:7S",      # 1: 4                             25
        "1:QS 2:9H 0:KC",      # 0 trumps: 3 + 4 = 7              declarer 52
        "0:7H 1:10H 2:KD",     # 1: 14                            defenders 39
        "1:AD 2:QD 0:7D",      # 1: 14                            53
        "1:QH 2:10D 0:8D",     # 1: 3 + 10 = 13                   66
    ]
    # declarer 52 + the skat's JS 9D (2) = 54: lost, -2 x 36 = -72 (with 1 it would be -48)
    state = settle(tricks, CLUBS_SKAT, "clubs", discard="JS 9D")
    assert state.observation(0)["pile_sizes"]["skat"] == 2
    result = state.result()
    assert result.facts["declarer_points"] == 54 and result.breakdown["seats"][0]["card_points"] == 52
    assert (result.facts["matadors"], result.facts["multiplier"], result.facts["value"]) == (2, 3, 36)
    assert scores(result) == (-72, 0, 0)


# The same clubs deal with JS and JH exchanged: the declarer holds JC JH, not JS: with 1.
CLUBS_WITH_1 = ["0:JC 1:JS 2:JD", "0:JH 1:QC 2:8C"] + CLUBS[2:]


@pytest.mark.parametrize("bid, overbid, settled, score", [
    (18, False, 24, 24),       # with 1, game 1: 12 x 2 = 24 >= 18: won, 24
    (24, False, 24, 24),
    (27, True, 36, -72),       # 24 < 27: lost at 12 x ceil(27 / 12) = 36, twice: -72
    (30, True, 36, -72),       # 24 < 30: 36, -72
    (36, True, 36, -72),
    (40, True, 48, -96),       # 12 x ceil(40 / 12) = 48, -96
])
def test_an_overbid_game_is_lost_at_the_lowest_multiple_of_its_base_value(bid, overbid, settled, score):
    result = settle(CLUBS_WITH_1, CLUBS_SKAT, "clubs", bid=bid, discard=CLUBS_DISCARD).result()
    facts = result.facts
    assert facts["declarer_points"] == 67                              # 61 or more, all the same
    assert (facts["matadors"], facts["multiplier"], facts["value"]) == (1, 2, 24)
    assert facts["overbid"] is overbid and facts["settled"] == settled and facts["made"] is (not overbid)
    assert scores(result) == (score, 0, 0)


# Forehand (seat 0) holds JC JS AC 10C KC AS 10S AH 10H 7D; the skat is 9D 8D (0 points).
STRONG = [
    "0:JC 1:JH 2:JD",          # 0: 6                             declarer 6
    "0:JS 1:QC 2:8C",          # 0: 5                             11
    "0:AC 1:9C 2:7C",          # 0: 11                            22
    "0:AS 1:KS 2:8S",          # 0: 15                            37
    "0:10S 1:QS 2:7S",         # 0: 13                            50
    "0:AH 1:KH 2:8H",          # 0: 15                            65
    "0:10H 1:QH 2:7H",         # 0: 13                            78
    "0:7D 1:AD 2:QD",          # 1: 11 + 3 = 14                   defenders 14
    "1:9S 2:10D 0:10C",        # 0 trumps: 10 + 10 = 20           declarer 98
    "0:KC 1:9H 2:KD",          # 0: 4 + 4 = 8                     106 (skat 0)
]


@pytest.mark.parametrize("hand_game, multiplier, score", [
    (True, 5, 60),             # with 2, game, hand, schneider: 12 x 5 = 60
    (False, 4, 48),            # taken up (and 9D 8D put back): 12 x 4 = 48
])
def test_schneider_when_the_declarer_takes_90_and_hand_adds_one(hand_game, multiplier, score):
    state = settle(STRONG, "9D 8D", "clubs", hand_game=hand_game, discard="" if hand_game else "9D 8D")
    facts = state.result().facts
    assert facts["declarer_points"] == 106 and state.tricks == [9, 1, 0]
    assert facts["schneider"] is True and facts["schwarz"] is False
    assert facts["hand_game"] is (True if hand_game else None)
    assert (facts["matadors"], facts["multiplier"], facts["value"]) == (2, multiplier, score)
    assert scores(state.result()) == (score, 0, 0)


def test_schwarz_when_the_declarer_takes_every_trick():
    # Seat 0 has AD for 7D, seat 1 7D for AD, so he takes the eighth trick too and leads on:
    tricks = STRONG[:7] + [
        "0:AD 1:7D 2:QD",      # 0: 11 + 3 = 14                   92
        "0:10C 1:9S 2:10D",    # 0: 10 + 10 = 20                  112
        "0:KC 1:9H 2:KD",      # 0: 8                             120
    ]
    state = settle(tricks, "9D 8D", "clubs", hand_game=True)
    facts = state.result().facts
    # with 2, game, hand, schneider, schwarz: multiplier 6, 12 x 6 = 72
    assert facts["declarer_points"] == 120 and state.tricks == [10, 0, 0]
    assert facts["schneider"] is True and facts["schwarz"] is True
    assert (facts["multiplier"], facts["value"]) == (6, 72)
    assert scores(state.result()) == (72, 0, 0)


def test_a_jack_in_the_skat_of_a_hand_game_counts():
    # STRONG with JH in the skat and 8D with seat 1: JC JS + JH (skat) = with 3.
    tricks = [
        "0:JC 1:QC 2:JD",      # 0: 2 + 3 + 2 = 7                 declarer 7
        "0:JS 1:9C 2:8C",      # 0: 2                             9
        "0:AC 1:8D 2:7C",      # 0: 11 (seat 1 has no trump left)  20
    ] + STRONG[3:]             # 15 + 13 + 15 + 13 = 56: 76; seat 1 14; 20 + 8: 104
    state = settle(tricks, "9D JH", "clubs", hand_game=True)
    facts = state.result().facts
    # 104 + JH (2) = 106: schneider; with 3, game, hand, schneider: 6, 12 x 6 = 72
    assert facts["declarer_points"] == 106
    assert (facts["matadors"], facts["multiplier"], facts["value"]) == (3, 6, 72)
    assert scores(state.result()) == (72, 0, 0)


def test_the_declarer_schneidered_loses_with_the_schneider_multiplier():
    # STRONG played with seat 1 (middlehand) declaring clubs from the hand: he holds JH, not JC
    # JS: without 2. He takes one trick, 14 points (skat 0): schneidered, lost.
    state = settle(STRONG, "9D 8D", "clubs", taker=MH, hand_game=True)
    facts = state.result().facts
    # without 2, game, hand, schneider: 5; 12 x 5 = 60; lost: -120
    assert facts["declarer_points"] == 14 and state.tricks[MH] == 1
    assert facts["schneider"] is True and facts["schwarz"] is False
    assert (facts["matadors"], facts["multiplier"], facts["value"]) == (2, 5, 60)
    assert scores(state.result()) == (0, -120, 0)


# Grand from the hand by forehand (seat 0), who holds JD but not JC JS JH: without 3. The skat
# 7H AD (11 points) counts for him.
GRAND = [
    "0:AC 1:QC 2:8C",          # 0: 11 + 3 = 14                   declarer 14
    "0:10C 1:9C 2:7C",         # 0: 10                            24
    "0:AS 1:QS 2:8S",          # 0: 11 + 3 = 14                   38
    "0:10S 1:9S 2:KS",         # 0: 10 + 4 = 14                   52
    "0:KC 1:JC 2:9H",          # 1 trumps: 4 + 2 = 6              defenders 6
    "1:JS 2:JH 0:JD",          # 1: 6 (Jacks must follow a Jack)  12
    "1:KH 2:10H 0:AH",         # 0: 4 + 10 + 11 = 25              declarer 77
    "0:8H 1:QH 2:QD",          # 1: 3 + 3 = 6                     defenders 18
    "1:10D 2:9D 0:7D",         # 1: 10                            28
    "1:KD 2:8D 0:7S",          # 1: 4                             32
]
GRAND_SKAT = "7H AD"


def test_grand_hand_without_three():
    state = settle(GRAND, GRAND_SKAT, "grand", hand_game=True)
    result = state.result()
    facts = result.facts
    # 77 + 11 (skat) = 88: won, no schneider; without 3, game, hand: 5; 24 x 5 = 120
    assert facts["declarer_points"] == 88 and result.breakdown["seats"][0]["card_points"] == 77
    assert (facts["base"], facts["matadors"], facts["multiplier"], facts["value"]) == (24, 3, 5, 120)
    assert facts["schneider"] is False and facts["made"] is True
    assert scores(result) == (120, 0, 0)


def test_grand_lost_schwarz():
    # The same play with rearhand (seat 2) declaring Grand from the hand: he holds JH, not JC
    # JS: without 2. He takes no trick: 0 + the skat's 11 = 11: schneider and schwarz.
    state = settle(GRAND, GRAND_SKAT, "grand", taker=RH, hand_game=True)
    facts = state.result().facts
    # without 2, game, hand, schneider, schwarz: 6; 24 x 6 = 144; lost: -288
    assert facts["declarer_points"] == 11 and state.tricks[RH] == 0
    assert facts["schneider"] is True and facts["schwarz"] is True
    assert (facts["matadors"], facts["multiplier"], facts["value"]) == (2, 6, 144)
    assert scores(state.result()) == (0, 0, -288)


def test_schneider_at_exactly_90():
    # GRAND with seat 2's JH and the skat's 7H exchanged: the skat JH AD is worth 13 and seat 2,
    # holding no Jack, throws 7H on the Jacks: "1:JS 2:7H 0:JD" gives seat 1 only 4.
    tricks = GRAND[:5] + ["1:JS 2:7H 0:JD"] + GRAND[6:]
    state = settle(tricks, "JH AD", "grand", hand_game=True)
    facts = state.result().facts
    # declarer 77 + 13 = 90, defenders 6 + 4 + 6 + 10 + 4 = 30: schneider. He holds JD and
    # (in the skat) JH, not JC JS: without 2; game, hand, schneider: 5; 24 x 5 = 120
    assert facts["declarer_points"] == 90 and state.result().breakdown["seats"][1]["card_points"] == 30
    assert facts["schneider"] is True and facts["schwarz"] is False
    assert (facts["matadors"], facts["multiplier"], facts["value"]) == (2, 5, 120)
    assert scores(state.result()) == (120, 0, 0)


def test_schneidered_at_exactly_30():
    # Diamonds from the hand by forehand (seat 0), skat 8D 9C (0 points).
    tricks = [
        "0:QH 1:AH 2:7H",      # 1
        "1:9D 2:QD 0:JD",      # 0: 3 + 2 = 5                     declarer 5
        "0:7C 1:7S 2:8C",      # 2
        "2:JC 0:QC 1:JH",      # 2
        "2:KC 0:AC 1:10H",     # 0: 4 + 11 + 10 = 25              declarer 30
        "0:8S 1:KS 2:QS",      # 1
        "1:JS 2:10D 0:8H",     # 1
        "1:AS 2:10S 0:9S",     # 1
        "1:AD 2:KD 0:9H",      # 1
        "1:KH 2:7D 0:10C",     # 2
    ]
    state = settle(tricks, "8D 9C", "diamonds", hand_game=True)
    facts = state.result().facts
    # 30: lost and schneidered. He holds JD, not JC JS JH: without 3; game, hand, schneider: 6;
    # 9 x 6 = 54; lost: -108
    assert facts["declarer_points"] == 30 and state.tricks[FH] == 2
    assert facts["schneider"] is True and facts["schwarz"] is False and facts["made"] is False
    assert (facts["matadors"], facts["multiplier"], facts["value"]) == (3, 6, 54)
    assert scores(state.result()) == (-108, 0, 0)


# Null: forehand (seat 0) holds the low cards and loses every trick.
NULL = [
    "0:7C 1:AC 2:JC", "1:KC 2:10C 0:8C", "1:QC 2:QH 0:9C", "1:AS 2:JS 0:7S", "1:KS 2:10S 0:8S",
    "1:QS 2:JH 0:9S", "1:AH 2:10H 0:7H", "1:KH 2:QD 0:8H", "1:AD 2:JD 0:7D", "1:KD 2:10D 0:8D",
]


@pytest.mark.parametrize("hand_game, bid, value", [(False, 18, 23), (False, 23, 23), (True, 35, 35)])
def test_null_won(hand_game, bid, value):
    state = settle(NULL, "9H 9D", "null", bid=bid, hand_game=hand_game, discard="" if hand_game else "9H 9D")
    result = state.result()
    assert state.tricks == [0, 10, 0]
    assert result.facts["null_game"] is True and result.facts["value"] == value
    assert result.facts["made"] is True
    assert scores(result) == (value, 0, 0)                             # Null 23, Null hand 35


def test_null_lost_ends_at_the_declarers_first_trick():
    # Seat 0 holds AD for 8D, seat 1 8D for AD: the declarer wins the second trick.
    tricks = ["0:7C 1:AC 2:JC", "1:KD 2:10D 0:AD"]
    hands = ["7C 8C 9C 7S 8S 9S 7H 8H 7D AD", "AC KC QC AS KS QS AH KH 8D KD",
             "JC 10C JS 10S QH JH 10H QD JD 10D"]
    state = new(hands, "9H 9D")
    win_auction(state, FH)
    announce(state, "null", discard="9H 9D")
    play_tricks(state, tricks[:1])
    assert not state.is_over
    play_tricks(state, tricks[1:])
    assert state.is_over and state.tricks == [1, 1, 0] and len(state.observation(0)["trick_winners"]) == 2
    assert all(len(h) == 8 for h in (state.observation(s)["hand"] for s in range(3)))
    result = state.result()
    assert result.facts["made"] is False
    assert scores(result) == (-46, 0, 0)                               # twice 23


def filled(declarer: str, skat: str) -> list[str]:
    """Seat 0 holds ``declarer``; seats 1 and 2 the cards left over, in deck order."""
    rest = [c for c in GAME.deck.codes if c not in (declarer + " " + skat).split()]
    return [declarer, " ".join(rest[:10]), " ".join(rest[10:])]


@pytest.mark.parametrize("game, declarer, skat, matadors", [
    ("clubs", "JC JS JH JD AC 10C KC 7S 7H 7D", "QC 8D", 8),       # with 8: the skat's QC, not 9C
    ("clubs", "JC JS JH JD AC 10C KC QC 9C 8C", "7C 7D", 11),      # with 11: every trump
    ("grand", "AC 10C KC AS 10S AH 10H AD 10D KD", "7C 7D", 4),   # without 4: only Jacks are trumps
    ("spades", "JS AS 10S KS QS 9S AH 10H AD 10D", "7C 7D", 1),   # without 1: JC missing, JS held
    ("hearts", "JH AH 10H KH QH 9H AC 10C AD 10D", "JC 7D", 1),   # with 1: JC in the skat, JS missing
    ("diamonds", "AD 10D KD AC 10C KC AS 10S AH 10H", "7C 7S", 4),  # without 4: the Jacks, then AD held
])
def test_matadors_run_from_the_jack_of_clubs_over_the_twelve_cards(game, declarer, skat, matadors):
    state = new(filled(declarer, skat), skat)
    win_auction(state, FH)
    announce(state, game, hand_game=True)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    facts = state.result().facts
    assert facts["matadors"] == matadors
    extra = (1 if facts["schneider"] else 0) + (1 if facts["schwarz"] else 0)
    assert facts["multiplier"] == matadors + 2 + extra               # game and hand
    assert facts["value"] == facts["base"] * facts["multiplier"]


def test_card_points_are_120():
    assert card_points(GAME.deck.codes) == 120
    assert sum(GAME.points) == 120


# --- the rule file ----------------------------------------------------------------------------

def test_an_auction_call_naming_an_unknown_ranking_is_a_reported_problem(tmp_path):
    text = Path(GAME.path).read_text(encoding="utf-8")
    call = '"null": {value: 23, trump: none, ranking: "null"'         # the openspiel variant's Null call
    assert text.count(call) == 1
    path = tmp_path / "skat.yaml"
    path.write_text(text.replace(call, call.replace('ranking: "null"', 'ranking: "nil"')), encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert game is None
    assert any("'ranking' names 'nil'" in p.format() for p in problems)


# --- 5. the match ----------------------------------------------------------------------------

def test_a_match_is_36_deals_the_deal_passing_left_and_passed_out_deals_do_not_count():
    rng = random.Random(11)
    match = GAME.new_match(seed=11)
    dealers, annulled, totals = [], 0, [Fraction(0)] * 3
    while not match.is_over:
        state = match.next_deal()
        dealers.append(state.dealer)
        while not state.is_over:
            actions = state.legal_actions()
            texts_ = [a.text for a in actions]
            if state.phase == AUCTION and "pass" in texts_ and rng.random() < 0.6:
                state.apply("pass")                                    # pass often: some deals are passed out
            else:
                state.apply(rng.choice(actions))
        result = match.finish_deal(state)
        if state.annulled:
            annulled += 1
            assert result.seat_scores == (0, 0, 0)
        else:
            assert sum(1 for x in result.seat_scores if x != 0) == 1  # only the declarer scores
            assert result.seat_scores[state.taker] != 0
        totals = [t + x for t, x in zip(totals, result.seat_scores)]
    assert annulled > 0
    assert match.deals_played == 36 and len(match.results) == 36 + annulled
    assert dealers == [k % 3 for k in range(len(dealers))]              # each deal, passed out or not
    assert list(match.result().seat_scores) == totals
    assert list(match.result().team_scores) == totals                   # counted by seat
