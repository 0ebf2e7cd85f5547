"""What happens between the deal and the first card played: the cards each player gives
(transfers), with the cards that must be given first and the message an illegal choice gets,
a card typed alone naming the give of that card, and the actions offered at the start of play
to their seat or, without a taker, to nobody (tiny rule files in tmp_path, stacked deals; each
runs on the generated and the reference engine)."""
from __future__ import annotations

import pytest

import interpreter
from interpreter.engine.phases import DECIDE, PLAY
from helpers import ENGINES, OFFER, TWO_SUITS_HEAD, on, texts, tiny


# --- the choice of cards to give: the hint of an illegal choice ------------------------------

PASSING = "game: Passing\n" + TWO_SUITS_HEAD + """\
deal: 5 each
transfers:
  give:
    who: each
    count: 2
FIRST    to: next(me)
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: more tricks
      to: each_seat
      points: 1 if tricks(it) >= 3 else 0
"""
PASS_HANDS = {"hands": [["AH", "KH", "QH", "AS", "KS"], ["JH", "10H", "QS", "JS", "10S"]]}


@pytest.mark.parametrize("engine", ENGINES)
def test_an_illegal_give_quotes_the_transfers_first(tmp_path, engine):
    game = on(tiny(tmp_path, PASSING.replace("FIRST", "    first: H\n")), engine)
    state = game.new_deal(layout=PASS_HANDS, dealer=0)
    assert state.current_player == 1 and texts(state) == ["give JH", "give 10H"]
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply("give JS")
    assert str(err.value) == ("give JS: 'give' takes cards from Hearts before any other while there are enough "
                              "(2 more cards to choose for 'give'); legal: give JH, give 10H")
    assert err.value.refusal.rule == ("transfers", "give", "first")


@pytest.mark.parametrize("engine", ENGINES)
def test_an_illegal_give_outside_its_cards_quotes_the_transfers_cards(tmp_path, engine):
    game = on(tiny(tmp_path, PASSING.replace("FIRST", "    cards: hand except S\n")), engine)
    state = game.new_deal(layout=PASS_HANDS, dealer=0)
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply("give JS")
    assert str(err.value) == ("give JS: 'give' takes cards only from the cards in your hand other than Spades (2 more cards to choose for "
                              "'give'); legal: give JH, give 10H")
    assert err.value.refusal.rule == ("transfers", "give", "cards")


# --- taking back a card chosen, before the last one -------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_a_card_chosen_can_be_taken_back_until_the_last_one_goes(tmp_path, engine):
    game = on(tiny(tmp_path, PASSING.replace("FIRST", "    first: H\n")), engine)
    state = game.new_deal(layout=PASS_HANDS, dealer=0)
    assert not state.can_take_back()                              # nothing chosen yet
    with pytest.raises(interpreter.IllegalActionError, match="take back: no card is being chosen now"):
        state.take_back()
    history = list(state.history)
    state.apply("give JH")
    assert texts(state) == ["give 10H"] and state.can_take_back()
    assert state.take_back().text == "give JH"
    assert texts(state) == ["give JH", "give 10H"] and state.history == history and state.pending[2] == 2
    state.apply("give 10H")
    state.apply("give JH")                                        # the last card: the pair leaves the hand
    assert state.current_player == 0 and not state.can_take_back()
    assert game.deck.text(state.incoming[0][1]) == "JH 10H"


# --- a card typed alone names the legal action on it -------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_a_card_typed_alone_names_the_give_of_that_card(tmp_path, engine):
    game = on(tiny(tmp_path, PASSING.replace("FIRST", "")), engine)
    state = game.new_deal(layout=PASS_HANDS, dealer=0)
    assert state.resolve("JH").text == "give JH" and state.resolve(" give   jh ").text == "give JH"
    assert state.resolve("AH").text == "play AH"          # not in seat 1's hand: the card's own action
    state.apply(state.resolve("10s"))
    assert state.current_player == 1 and "give 10S" not in texts(state)


# --- a stage's side actions go to a seat, or to nobody ---------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_a_start_of_play_action_without_a_taker_is_offered_to_nobody(tmp_path, engine):
    """No auction, so no taker: the action (offered to the taker by default) is skipped."""
    game = on(tiny(tmp_path, OFFER.replace("BY", "")), engine)
    state = game.new_deal(layout={"hands": [["AS", "AH"], ["KS", "KH"]], "fill": True}, dealer=1)
    assert state.current_player == 0 and texts(state) == ["play AS", "play AH"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_start_of_play_action_goes_to_its_seat(tmp_path, engine):
    game = on(tiny(tmp_path, OFFER.replace("BY", "      by: seat(1)\n")), engine)
    state = game.new_deal(layout={"hands": [["AS", "AH"], ["KS", "KH"]], "fill": True}, dealer=1)
    assert state.current_player == 1 and texts(state) == ["double", "pass"]
    state.apply("double")
    for card in ("AS", "KS", "AH", "KH"):
        state.apply(card)
    assert state.result().seat_scores == (4, 0)


# --- actions of one stage by different seats: each seat decides its own, in turn ----------------

BY_SEATS = """\
game: By seats
players: 3
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack}
order: A > K > Q > J
deal: 2 each, rest to unused
piles:
  unused: {seen by: nobody}
marks:
  first: condition
  second: condition
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  actions:
    announce:
      at: start of play
      by: seat(2)
      when: "true"
      set: {second: "true"}
    boast:
      at: start of play
      by: seat(1)
      when: "true"
      set: {first: "true"}
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


def _decide_all(state, choose):
    asked = []
    while state.phase == DECIDE:
        legal = [a.text for a in state.legal_actions()]
        asked.append((state.current, legal))
        state.apply(choose(legal))
    return asked


@pytest.mark.parametrize("engine", ENGINES)
def test_each_start_of_play_action_is_offered_to_its_own_seat_in_turn(tmp_path, engine):
    """Two actions with different 'by' seats: each seat is asked its own, in seat order from
    the player after the dealer (seat 1, then seat 2), and each one's marks are set."""
    game = on(tiny(tmp_path, BY_SEATS), engine)
    state = game.new_deal(seed=1, dealer=0)
    assert _decide_all(state, lambda legal: legal[0]) == [(1, ["boast", "pass"]), (2, ["announce", "pass"])]
    assert state.marks == [True, True] and state.phase == PLAY and state.current == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_a_seat_that_passes_leaves_the_next_seat_its_decision(tmp_path, engine):
    game = on(tiny(tmp_path, BY_SEATS), engine)
    state = game.new_deal(seed=1, dealer=1)         # the player after the dealer is seat 2
    assert _decide_all(state, lambda legal: legal[-1]) == [(2, ["announce", "pass"]), (1, ["boast", "pass"])]
    assert state.marks == [None, None]
    assert [entry for entry in state.history if entry[1] == "pass"] == [(2, "pass"), (1, "pass")]
