"""Euchre (games/euchre.yaml, after Pagat), clause by clause, on stacked deals.

Seats run clockwise: seat (dealer + 1) % 4 is at the dealer's left, speaks first and leads
the first trick. North-South are seats 0 and 2, East-West seats 1 and 3. Most deals here are
dealt by seat 3 (West), so North (seat 0) speaks first and leads.

The scoring deals are scripted (``scripted``): hearts are named trump in the second round
(the turn-up, the 9 of spades, is turned down); the first four tricks are one suit each
(clubs, spades, diamonds, hearts), every seat following with one card, the named winner of
each holding its top card; in the fifth the winner trumps with the 10 of hearts while the
others hold a card of three other suits. So any split of the tricks can be stacked.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import interpreter

GAME = interpreter.load("euchre")
NS, EW = 0, 1
N, E, S, W = 0, 1, 2, 3

TRICK_SUITS = [["AC", "KC", "QC", "JC"], ["AS", "KS", "QS", "JS"], ["AD", "KD", "QD", "10D"],
               ["JH", "AH", "KH", "QH"]]
LAST_OTHERS = ["10C", "9D", "10S"]


# --- stacking deals --------------------------------------------------------------------------

def scripted(winners: list[int], out: int | None = None) -> tuple[list[list[str]], list[dict[int, str]]]:
    """Hands and tricks (seat -> card) for the winners of the five tricks; ``out`` sits out
    (it still holds five cards, never played)."""
    seats = [s for s in range(4) if s != out]
    tricks: list[dict[int, str]] = []
    for cards, winner in zip(TRICK_SUITS, winners):
        others = [s for s in range(4) if s != winner]
        tricks.append({winner: cards[0], **dict(zip(others, cards[1:]))})
    last = winners[4]
    tricks.append({last: "10H", **dict(zip([s for s in range(4) if s != last], LAST_OTHERS))})
    hands = [[t[s] for t in tricks] for s in range(4)]
    return hands, [{s: c for s, c in t.items() if s in seats} for t in tricks]


def layout(hands, turnup="9S", kitty=("9C", "JD", "9H")) -> dict:
    return {"hands": hands, "turnup": [turnup], "kitty": list(kitty)}


def name_hearts(state: interpreter.State, maker: int, alone: bool = False) -> None:
    """Everyone passes in round 1 and until ``maker`` names hearts in round 2."""
    while not (state.round == 1 and state.current_player == maker):
        state.apply("pass")
    state.apply("name H")
    state.apply("go alone" if alone else "pass")


def play(state: interpreter.State, tricks: list[dict[int, str]]) -> interpreter.State:
    for trick in tricks:
        for _ in range(len(trick)):
            state.apply("play " + trick[state.current_player])
    return state


def deal(winners: list[int], maker: int = N, alone: bool = False) -> interpreter.State:
    out = (maker + 2) % 4 if alone else None
    hands, tricks = scripted(winners, out)
    state = GAME.new_deal(layout=layout(hands), dealer=W)
    name_hearts(state, maker, alone)
    return play(state, tricks)


def texts(state: interpreter.State) -> list[str]:
    return [a.text for a in state.legal_actions()]


def awards(result) -> list[tuple[str, str, Fraction]]:
    return [(r.rule, r.to, r.points) for r in result.reasons]


# --- the deal --------------------------------------------------------------------------------

def test_five_cards_each_a_turnup_and_a_kitty_of_three():
    state = GAME.new_deal(seed=7, dealer=2)
    seen = state.observation(0)
    assert [len(state.observation(s)["hand"]) for s in range(4)] == [5, 5, 5, 5]
    assert seen["pile_sizes"] == {"pack": 0, "turnup": 1, "kitty": 3, "discard": 0}
    assert len(seen["piles"]["turnup"]) == 1 and "kitty" not in seen["piles"]   # turn-up public, kitty not
    assert len(GAME.deck.codes) == 24
    assert state.current_player == 3                                              # the dealer's left speaks first


# --- round 1: ordering up ---------------------------------------------------------------------

HANDS = [["JD", "AH", "KS", "9C", "10C"], ["JH", "9D", "AS", "QS", "KC"], ["QH", "10H", "JS", "9S", "AC"],
         ["KH", "AD", "KD", "QD", "10D"]]
KITTY = ["JC", "QC", "10S"]


def ordered(turnup="9H", by=N, alone=False) -> interpreter.State:
    state = GAME.new_deal(layout={"hands": [h[:] for h in HANDS], "turnup": [turnup], "kitty": KITTY}, dealer=W)
    while state.current_player != by:
        assert texts(state) == ["order up", "pass"]
        state.apply("pass")
    state.apply("order up")
    assert state.current_player == by and texts(state) == ["go alone", "pass"]     # the maker may go alone
    state.apply("go alone" if alone else "pass")
    return state


def test_ordering_up_makes_the_turnups_suit_trump_and_the_dealer_takes_it_and_discards_one():
    state = ordered()
    assert state.taker == N and state.contract == 1
    assert state.current_player == W                                     # the dealer discards
    assert texts(state) == ["discard KH", "discard 9H", "discard AD", "discard KD", "discard QD", "discard 10D"]
    state.apply("discard QD")
    assert sorted(state.observation(W)["hand"]) == sorted(["KH", "9H", "AD", "KD", "10D"])
    assert state.observation(N)["pile_sizes"]["discard"] == 1
    assert state.observation(N)["history"][-1] == [W, "discard"]          # face down: others do not see it
    assert state.observation(N)["trump"] == "H"
    assert state.current_player == N and texts(state)[0].startswith("play")  # the dealer's left leads


def test_the_dealer_may_discard_the_turnup_itself():
    state = ordered()
    state.apply("discard 9H")
    assert "9H" not in state.observation(W)["hand"] and len(state.observation(W)["hand"]) == 5


def test_the_dealer_may_order_himself_up_and_may_pass_in_round_one():
    state = GAME.new_deal(layout={"hands": [h[:] for h in HANDS], "turnup": ["9H"], "kitty": KITTY}, dealer=W)
    for _ in range(3):
        state.apply("pass")
    assert state.current_player == W and texts(state) == ["order up", "pass"]
    state.apply("order up")
    state.apply("pass")
    assert state.taker == W and state.current_player == W and len(texts(state)) == 6


# --- round 2: naming a suit, stick the dealer -------------------------------------------------

def test_round_two_names_any_suit_but_the_turnups_and_no_discard():
    state = GAME.new_deal(layout={"hands": [h[:] for h in HANDS], "turnup": ["9H"], "kitty": KITTY}, dealer=W)
    for _ in range(4):
        state.apply("pass")
    assert state.current_player == N
    assert texts(state) == ["name S", "name D", "name C", "pass"]          # not hearts, turned down
    state.apply("pass")
    state.apply("name C")
    assert state.taker == E and state.contract == 2
    state.apply("pass")                                                     # not alone
    assert state.observation(N)["trump"] == "C"
    assert state.current_player == N and state.phase == interpreter.engine.state.PLAY
    assert [len(state.observation(s)["hand"]) for s in range(4)] == [5, 5, 5, 5]    # the dealer took nothing
    assert state.observation(N)["piles"]["turnup"] == ["9H"]


def test_stick_the_dealer_he_may_not_pass_in_round_two():
    state = GAME.new_deal(layout={"hands": [h[:] for h in HANDS], "turnup": ["9H"], "kitty": KITTY}, dealer=W)
    for _ in range(7):
        assert "pass" in texts(state)
        state.apply("pass")
    assert state.current_player == W
    assert texts(state) == ["name S", "name D", "name C"]
    with pytest.raises(interpreter.IllegalActionError):
        state.apply("pass")


# --- the bowers --------------------------------------------------------------------------------

def bowers(hands, turnup="9H") -> interpreter.State:
    """Hearts ordered up by North (dealer West discards the 9 of hearts); North to lead."""
    state = GAME.new_deal(layout={"hands": hands, "turnup": [turnup], "fill": True}, dealer=W)
    state.apply("order up")
    state.apply("pass")
    state.apply("discard 9H")
    return state


def test_the_left_bower_led_is_a_trump_and_calls_for_trumps():
    state = bowers([["JD", "AC", "KC", "QC", "JC"], ["AD", "10H", "9D", "KS", "QS"],
                    ["KD", "QD", "10D", "AS", "JS"], ["AH", "10C", "9C", "10S", "9S"]])
    state.apply("play JD")                                                  # the left bower led
    assert texts(state) == ["play 10H"]                                     # follow trumps, not diamonds
    state.apply("play 10H")
    assert set(texts(state)) == {"play KD", "play QD", "play 10D", "play AS", "play JS"}   # no trump: any card
    state.apply("play KD")
    state.apply("play AH")                                                  # the Ace of trumps is lower
    assert state.tricks == [1, 0, 0, 0]


def test_the_left_bower_does_not_follow_its_printed_suit():
    # Hearts trump, diamonds led: East's Jack of diamonds is a trump, so he is void in diamonds.
    state = bowers([["AD", "AC", "KC", "QC", "JC"], ["JD", "10C", "9C", "KS", "QS"],
                    ["KD", "9D", "10D", "AS", "JS"], ["AH", "10H", "QD", "10S", "9S"]])
    state.apply("play AD")
    assert set(texts(state)) == {"play JD", "play 10C", "play 9C", "play KS", "play QS"}   # any card
    state.apply("play JD")                                                  # trumps the Ace of diamonds
    assert texts(state) == ["play KD", "play 10D", "play 9D"]
    state.apply("play 9D")
    assert texts(state) == ["play QD"]                                      # West follows diamonds
    state.apply("play QD")
    assert state.tricks == [0, 1, 0, 0]


def test_a_player_with_the_left_bower_and_a_plain_card_of_its_suit_must_play_the_plain_card():
    state = bowers([["AD", "AC", "KC", "QC", "JC"], ["JD", "9D", "9C", "KS", "QS"],
                    ["KD", "10C", "10D", "AS", "JS"], ["AH", "10H", "QD", "10S", "9S"]])
    state.apply("play AD")
    assert texts(state) == ["play 9D"]                                      # not the Jack: it is a trump


def test_right_bower_beats_left_bower_beats_ace_of_trumps():
    state = bowers([["AH", "AC", "KC", "QC", "JC"], ["JD", "9D", "9C", "KS", "QS"],
                    ["JH", "10C", "10D", "AS", "JS"], ["KH", "10H", "QD", "10S", "9S"]])
    state.apply("play AH")
    assert texts(state) == ["play JD"]                                      # the left bower follows trumps
    state.apply("play JD")
    state.apply("play JH")
    state.apply("play KH")
    assert state.tricks == [0, 0, 1, 0]
    assert state.current_player == S                                        # the winner leads


def test_euchre_queen_of_trumps_beats_the_ten():
    """trump order J > A > K > Q > 10 > 9: the 10 of trumps led, the Queen takes it."""
    hands = [["10H", "AC", "KC", "QC", "JC"], ["QH", "AS", "KS", "QS", "JS"],
             ["AD", "KD", "QD", "10D", "9D"], ["10C", "10S", "9C", "JD", "9H"]]
    state = GAME.new_deal(layout=layout(hands, kitty=("JH", "AH", "KH")), dealer=W)
    name_hearts(state, N)
    for card in ("10H", "QH", "AD", "9H"):
        state.apply(card)
    assert state.current_player == E and state.winners == [E]


# --- going alone ------------------------------------------------------------------------------

def test_going_alone_the_partner_never_plays_and_tricks_have_three_cards():
    state = deal([N, N, N, N, N], maker=N, alone=True)
    assert state.is_over
    acted = {seat for seat, x in state.history[5:]}                         # after the auction
    assert S not in acted
    assert state.tricks == [5, 0, 0, 0]
    assert [len(state.observation(s)["hand"]) for s in range(4)] == [0, 0, 5, 0]
    assert all(len(t) == 3 for t in state.past)


def test_a_lone_maker_whose_partner_is_the_dealers_left_the_dealers_partner_leads():
    hands, tricks = scripted([E, E, E, E, E], out=N)
    state = GAME.new_deal(layout=layout(hands), dealer=W)
    name_hearts(state, S, alone=True)                                       # South alone: North sits out
    assert state.current_player == E                                       # not North, the dealer's left
    play(state, tricks)
    assert state.tricks == [0, 5, 0, 0]
    result = state.result()
    assert result.team_scores == (0, 2)                                     # euchred
    assert result.facts["alone"] is True


def test_the_dealers_partner_may_go_alone_and_the_dealer_still_discards():
    state = ordered(by=E, alone=True)                                       # East alone: West, the dealer, sits out
    assert state.current_player == W and len(texts(state)) == 6
    state.apply("discard KH")
    assert state.current_player == N                                       # then North leads; West never plays


# --- scoring -----------------------------------------------------------------------------------

@pytest.mark.parametrize("winners, alone, scores, rule", [
    ([N, S, N, E, W], False, (1, 0), "point (makers take 3 or 4 tricks)"),
    ([N, S, N, S, W], False, (1, 0), "point (makers take 3 or 4 tricks)"),
    ([N, S, N, S, N], False, (2, 0), "march (makers take all 5)"),
    ([N, E, N, W, N], True, (1, 0), "point (makers take 3 or 4 tricks)"),
    ([N, N, N, W, N], True, (1, 0), "point (makers take 3 or 4 tricks)"),
    ([N, N, N, N, N], True, (4, 0), "lone march (a lone maker takes all 5)"),
    ([N, E, S, W, E], False, (0, 2), "euchre (makers take fewer than 3)"),
    ([E, E, W, W, E], False, (0, 2), "euchre (makers take fewer than 3)"),
    ([E, N, W, W, E], True, (0, 2), "euchre (makers take fewer than 3)"),
])
def test_scoring(winners, alone, scores, rule):
    result = deal(winners, maker=N, alone=alone).result()
    assert result.team_scores == tuple(Fraction(x) for x in scores)
    to = "North-South" if scores[0] else "East-West"
    assert awards(result) == [(rule, to, Fraction(max(scores)))]
    assert result.facts["makers"] == "North-South" and result.facts["alone"] is (True if alone else None)


def test_east_west_makers():
    result = deal([E, W, E, N, S], maker=E).result()
    assert result.team_scores == (0, 1)
    result = deal([E, W, N, N, S], maker=E).result()
    assert result.team_scores == (2, 0)


# --- the match --------------------------------------------------------------------------------

def test_game_to_ten_the_deal_passing_left():
    for seed in range(5):
        match = GAME.new_match(seed=seed)
        totals = [Fraction(0), Fraction(0)]
        dealers = []
        while not match.is_over:
            assert max(totals) < 10                                        # not over before 10
            state = match.next_deal()
            dealers.append(state.dealer)
            while not state.is_over:
                state.apply(state.legal_actions()[0])
            result = state.result()
            totals = [t + s for t, s in zip(totals, result.team_scores)]
            match.finish_deal(state)
        assert max(totals) >= 10
        assert list(match.result().team_scores) == totals
        assert dealers == [(dealers[0] + k) % 4 for k in range(len(dealers))]


def test_openspiel_variant_is_one_zero_sum_deal():
    variant = interpreter.load("euchre", "openspiel")
    hands, tricks = scripted([N, S, N, E, W])
    state = variant.new_deal(layout=layout(hands), dealer=W)
    while not (state.round == 1 and state.current_player == N):
        state.apply("pass")
    state.apply("name H")
    assert texts(state) == ["go alone", "with partner"]                    # no pass: OpenSpiel's two actions
    state.apply("with partner")
    play(state, tricks)
    assert state.result().team_scores == (1, -1)
    state = variant.new_deal(layout={"hands": [h[:] for h in HANDS], "turnup": ["9H"], "kitty": KITTY}, dealer=W)
    state.apply("order up")
    state.apply("go alone")
    assert texts(state) == ["discard KH", "discard AD", "discard KD", "discard QD", "discard 10D"]   # not the 9H
    match = variant.new_match(seed=1)
    state = match.next_deal()
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    match.finish_deal(state)
    assert match.is_over


def test_euchre_openspiel_makers_euchred_lose_two_and_the_defenders_win_two():
    variant = interpreter.load("euchre", "openspiel")
    hands, tricks = scripted([E, W, E, N, E])               # North names hearts and takes one trick
    state = variant.new_deal(layout=layout(hands), dealer=W)
    while not (state.round == 1 and state.current_player == N):
        state.apply("pass")
    state.apply("name H")
    state.apply("with partner")
    play(state, tricks)
    result = state.result()
    assert result.team_scores == (-2, 2)
    assert [(r.rule, r.points) for r in result.reasons][-2:] == [("euchre (makers take fewer than 3)", -2),
                                                                  ("euchre (makers take fewer than 3)", 2)]
