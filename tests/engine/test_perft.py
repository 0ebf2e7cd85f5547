"""Perft-style counts: the number of distinct action sequences of a given length from a
stacked deal. They pin down exactly which actions are legal at every step."""
from __future__ import annotations

import interpreter
from helpers import layout_from_tricks


def perft(state, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        total += perft(child, depth - 1)
    return total


def test_aluette_has_no_obligation_so_the_first_trick_is_nine_to_the_fourth():
    game = interpreter.load("aluette")
    state = game.new_deal(seed=1)
    assert perft(state, 1) == 9
    assert perft(state, 4) == 9 ** 4


def test_aluette_after_a_spoiled_trick_the_same_leader_has_eight_cards():
    game = interpreter.load("aluette")
    groups = [["1O", "1C", "1B", "1S"], ["KO", "KC", "KB", "KS"], ["NO", "NC", "NB", "NS"],
              ["JO", "JC", "JB", "JS"], ["8O", "8C", "8B", "8S"], ["7O", "7C", "7B", "7S"],
              ["6O", "6C", "6B", "6S"], ["5O", "5C", "5B", "5S"], ["4O", "4C", "4B", "4S"]]
    state = game.new_deal(layout=layout_from_tricks(game, [dict(enumerate(g)) for g in groups]))
    assert perft(state, 5) == 9 ** 4 * 8


def test_belote_auction_counts():
    game = interpreter.load("belote")
    state = game.new_deal(seed=3, dealer=0)
    # Round one: take or pass for each of four players; 'take' ends the auction.
    assert perft(state, 1) == 2
    # Depth 2: take then the leader's 8 cards, or pass then take/pass.
    assert perft(state, 2) == 8 + 2


def test_sixty_six_first_lead_counts():
    game = interpreter.load("sixty-six")
    layout = {"hands": [["AS", "10S", "KS", "QS", "JH"], ["AH", "10H", "KH", "QH", "JS"]],
              "indicator": ["AD"], "stock": ["10D", "KD", "QD", "JD", "AC", "10C", "KC", "QC", "JC"]}
    state = game.new_deal(layout=layout, dealer=0)
    # Seat 1 leads: five cards, two marriage leads (KH, QH), close; no exchange (the trump
    # Jack JD is in the stock).
    assert sorted(a.text for a in state.legal_actions()) == sorted(
        ["play AH", "play 10H", "play KH", "play QH", "play JS", "play KH marriage", "play QH marriage", "close"])
    # After any of the seven leads seat 0 may answer with any of its five cards (the stock
    # is open); after closing, seat 1 still leads: its seven leads again, and no second close.
    assert perft(state, 2) == 7 * 5 + 7
