"""Who plays next in a trick and what each player may play: play goes round the seat numbers,
the follow clauses in order ('led', 'led and beating', 'any') bind a player once a card is led,
on the first suit as on the others, and ``trick`` holds the cards played so far in the trick
(tiny rule files in tmp_path, stacked deals; each runs on both engines where it names them)."""
from __future__ import annotations

import pytest

import interpreter
from helpers import ENGINES, SCORE_TRICKS, TWO_SUITS_HEAD, on, texts, tiny


# --- the seat to play ----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["aluette", "belote"])
def test_play_goes_to_the_next_seat_number_whatever_the_direction(name):
    game = interpreter.load(name)
    state = game.new_deal(seed=3, dealer=2)
    while len(state.trick) < game.players - 1:
        state.apply(state.legal_actions()[0])
    leader = state.trick_seats[0]
    assert state.trick_seats == [(leader + i) % game.players for i in range(game.players - 1)]


# --- led, led and beating: on the first suit as on the others --------------------------------

FOLLOW = "game: Follow\n" + TWO_SUITS_HEAD + """\
deal: 5 each
play:
  lead: seat(0)
  winner: highest of led suit
  follow:
    - led
    - any
scoring:
  award:
    - rule: led cards
      to: seat(0)
      points: count(hand and led)
"""


LED_DEALS = {"S": [["AS", "AH", "JS", "JH", "10S"], ["KS", "QS", "KH", "QH", "10H"]],
             "H": [["AS", "AH", "JH", "QH", "10H"], ["KS", "QS", "JS", "10S", "KH"]]}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("suit,follow", [("S", ["play KS", "play QS"]), ("H", ["play KH"])])
def test_led_is_the_suit_led_for_the_first_suit_too(tmp_path, engine, suit, follow):
    """Spades is suit 0: following it is an obligation as following hearts (suit 1) is."""
    game = on(tiny(tmp_path, FOLLOW), engine)
    state = game.new_deal(layout={"hands": LED_DEALS[suit]}, dealer=1)
    state.apply("A" + suit)
    assert texts(state) == follow


BEAT = FOLLOW.replace("    - led\n    - any\n", "    - led and beating\n    - led\n    - any\n")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("suit", ["S", "H"])
def test_led_and_beating_leaves_the_higher_cards_of_the_suit_led(tmp_path, engine, suit):
    """Spades is suit 0, hearts suit 1: after the Queen is led, only the King beats it."""
    game = on(tiny(tmp_path, BEAT), engine)
    other = "H" if suit == "S" else "S"
    hands = [[c + suit for c in ("Q", "A")] + [c + other for c in ("A", "10", "J")],
             [c + suit for c in ("K", "J", "10")] + [c + other for c in ("K", "Q")]]
    state = game.new_deal(layout={"hands": hands}, dealer=1)
    state.apply("Q" + suit)
    assert texts(state) == ["play K" + suit]


# --- the 'trick' built-in mid-trick ---------------------------------------------------------

TRICK = """\
game: Trick
players: 3
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen}
order: A > K > Q
deal: 2 each
play:
  lead: seat(0)
  winner: highest of led suit
  follow:
    - led when count(trick and H) > 0
    - any
""" + SCORE_TRICKS
TRICK_HANDS = {"hands": [["AS", "QH"], ["KS", "KH"], ["QS", "AH"]]}


def test_trick_holds_the_cards_played_so_far(tmp_path):
    game = tiny(tmp_path, TRICK, "trick")
    state = game.new_deal(layout=TRICK_HANDS)
    state.apply("AS")                                  # no heart in the trick: any card
    assert texts(state) == ["play KS", "play KH"]
    state.apply("KH")                                  # now a heart is in it: follow spades
    assert texts(state) == ["play QS"]

    state = game.new_deal(layout=TRICK_HANDS)
    state.apply("AS")
    state.apply("KS")                                  # two spades: still no heart
    assert texts(state) == ["play QS", "play AH"]

    state = game.new_deal(layout=TRICK_HANDS)
    state.apply("QH")                                  # the led heart counts too
    assert texts(state) == ["play KH"]


def test_trick_is_empty_between_tricks(tmp_path):
    game = tiny(tmp_path, TRICK, "trick")
    state = game.new_deal(layout=TRICK_HANDS)
    for card in ["QH", "KH", "AH"]:                    # seat 2 wins with AH and leads
        state.apply(card)
    assert state.current_player == 2 and state.trick == []
    state.apply("QS")                                  # the hearts of the last trick are gone
    assert texts(state) == ["play AS"]                 # seat 0 holds only AS now
