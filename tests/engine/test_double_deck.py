"""A double deck (``cards: copies: 2``): two copies of each card under one code. The rules
treat them as equal, a player is offered one play per code he holds, the first of two equal
cards wins a trick (or both spoil it), and card points and counts see both copies; each on
both engines."""
from __future__ import annotations

import pytest

import interpreter
from helpers import ENGINES, on, problem_messages, texts, tiny
from interpreter.errors import LayoutError

DOUBLE = """\
game: Double
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen}
  copies: 2
order: A > K > Q
points: {A: 11, K: 4}
deal: 6 each
play:
  lead: next(dealer)
  winner: highest of led suit
  TIES
  follow: [led, any]
scoring:
  award:
    - rule: card points
      to: each_seat
      points: points(it)
    - rule: aces won
      to: each_seat
      points: 100 * count(won(it) and A)
"""


def game(tmp_path, ties: str = "") -> interpreter.Game:
    return tiny(tmp_path, DOUBLE.replace("  TIES\n", f"  ties: {ties}\n" if ties else ""))


def test_the_deck_holds_two_copies_of_each_code(tmp_path):
    deck = game(tmp_path).deck
    assert deck.size == 12 and deck.copies == 2
    assert deck.codes[:6] == deck.codes[6:] == ("AS", "KS", "QS", "AH", "KH", "QH")
    assert deck.selection("AS") == (1 << 0) | (1 << 6)
    assert deck.rank_masks["A"].bit_count() == 4


@pytest.mark.parametrize("engine", ENGINES)
def test_a_player_holding_both_copies_is_offered_one_play_of_the_code(engine, tmp_path):
    state = on(game(tmp_path), engine).new_deal(
        layout={"hands": [["AS", "AS", "KS", "QH", "QH", "KH"], ["KS", "QS", "QS", "AH", "AH", "KH"]]})
    assert state.current_player == 1
    assert sorted(texts(state)) == ["play AH", "play KH", "play KS", "play QS"]     # QS once, AH once
    state.apply("play QS")
    assert sorted(texts(state)) == ["play AS", "play KS"]  # follow spades: one 'play AS' for the pair
    state.apply("play AS")
    assert state.hands[0].bit_count() == 5
    assert ((state.hands[0] >> 0) & 1) + ((state.hands[0] >> 6) & 1) == 1    # one copy of AS left


@pytest.mark.parametrize("engine", ENGINES)
def test_of_two_equal_cards_the_first_played_wins_and_both_copies_count(engine, tmp_path):
    state = on(game(tmp_path), engine).new_deal(
        layout={"hands": [["AS", "KS", "QS", "AH", "KH", "QH"], ["AS", "KS", "QS", "AH", "KH", "QH"]]})
    for code in ("AS", "AS"):                               # seat 1 leads the Ace, seat 0 plays the other
        state.apply(f"play {code}")
    assert state.winners == [1]
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
    points = [reason for reason in result.reasons if reason.rule == "card points"]
    assert sum(r.points for r in points) == 2 * 2 * (11 + 4)        # every copy's points, 60 in all
    aces = {r.to: r.points for r in result.reasons if r.rule == "aces won"}
    assert sum(aces.values()) == 400 and aces.get("seat 1", 0) >= 200


@pytest.mark.parametrize("engine", ENGINES)
def test_two_equal_cards_spoil_the_trick_with_ties_spoil(engine, tmp_path):
    state = on(game(tmp_path, "spoil"), engine).new_deal(
        layout={"hands": [["AS", "KS", "QS", "AH", "KH", "QH"], ["AS", "KS", "QS", "AH", "KH", "QH"]]})
    state.apply("play KS")
    state.apply("play KS")
    assert state.winners == [-1] and state.leader == 1


def test_a_layout_may_name_a_code_once_for_each_copy_and_no_more(tmp_path):
    double = game(tmp_path)
    with pytest.raises(LayoutError) as err:
        double.new_deal(layout={"hands": [["AS", "AS", "AS", "QH", "QH", "KH"], ["KS"] * 2 + ["QS"] * 2 + ["AH"] * 2]})
    assert str(err.value) == "hand 0: card AS is dealt twice (the deck has 2 copies)"


def test_the_observation_vector_has_a_slot_for_each_copy(tmp_path):
    pytest.importorskip("numpy")
    from interpreter.envs.encoding import Encoder
    double = game(tmp_path)
    state = double.new_deal(layout={"hands": [["AS", "AS", "KS", "QH", "QH", "KH"],
                                              ["KS", "QS", "QS", "AH", "AH", "KH"]]})
    encoder = Encoder(double)
    hand = encoder.slices["hand"]
    vector = encoder.encode(state, 0)[hand.start:hand.start + hand.length]
    held = [b for b in range(12) if state.hands[0] >> b & 1]
    assert [i for i, x in enumerate(vector) if x] == held and len(held) == 6     # AS and QH twice each


def test_more_than_four_copies_are_refused(tmp_path):
    messages = problem_messages(tmp_path, DOUBLE.replace("copies: 2", "copies: 5").replace("  TIES\n", ""))
    assert len(messages) == 1 and "5" in messages[0] and "4" in messages[0]


CHOICES = """\
game: Double-deck choices
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
  copies: 2
order: A > K
deal: 4 each
marks:
  named: cards
transfers:
  give: {who: each, count: 2, to: next(me)}
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
  actions:
    name: {at: start of play, by: next(dealer), for each card: A, required: true,
           when: count(hand and card) > 0, set: {named: card}}
scoring:
  award:
    - rule: copies of the card named held by the first player
      to: seat(0)
      points: count(dealt(seat(0)) and named)
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_cards_given_and_cards_named_are_offered_once_a_code(tmp_path, engine):
    game = on(tiny(tmp_path, CHOICES), engine)
    state = game.new_deal(layout={"hands": [["AS", "AS", "KH", "KH"], ["KS", "KS", "AH", "AH"]]}, dealer=1)
    assert texts(state) == ["give AS", "give KH"]
    state.apply("give AS")
    assert sorted(texts(state)) == ["give AS", "give KH"]   # the second copy may follow the first
    state.apply("give AS")
    state.apply("give AH")
    state.apply("give KS")
    codes = game.deck.codes
    assert sorted(codes[c] for c in range(len(codes)) if state.hands[0] >> c & 1) == ["AH", "KH", "KH", "KS"]
    assert texts(state) == ["name AH"]                  # one action per code; 'card' is both copies
    state.apply("name AH")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().seat_scores[0] == 1           # one of the two AH copies went to seat 0


MELDED = """\
game: Double-deck melds
players: 2
cards:
  suits: {S: Spades, H: Hearts, D: Diamonds, C: Clubs}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack}
  copies: 2
order: A > K > Q > J
deal: 16 each
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
  melds:
    at: first turn
    sequence order: A > K > Q > J
    combinations:
      run: {sequence: 3, points: 15}
      aces around: {of a kind: A, points: 100}
      marriage: {cards: K or Q, points: 20}
scoring:
  award:
    - rule: melds
      to: each_seat
      points: melds(it)
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_meld_held_twice_counts_twice(tmp_path, engine):
    game = on(tiny(tmp_path, MELDED), engine)
    first = ["AS", "KS", "QS", "AS", "KS", "QS", "AH", "AD", "AC", "KD", "QD", "KD", "QD", "JH", "JH", "JC"]
    rest = sorted(game.deck.codes)
    for code in first:
        rest.remove(code)
    state = game.new_deal(layout={"hands": [first, rest]}, dealer=1)
    found = sorted(game.melds.label(m, game.deck.suit_codes, game.deck.rank_of)
                   for m in game.melds.find(state.hands[0]))
    # A K Q of spades twice, of diamonds once (one AD for two KD QD); every ace once; K Q twice
    # in spades and in diamonds. A card serves in melds of different kinds, as in one deck.
    assert found == ["aces around A", "marriage D", "marriage D", "marriage S", "marriage S", "run D", "run S",
                     "run S"]
    state.apply("announce")
    assert state.melds[0] == 3 * 15 + 100 + 4 * 20


@pytest.mark.parametrize("engine", ENGINES)
def test_a_card_named_in_the_order_ranks_both_its_copies(tmp_path, engine):
    text = DOUBLE.replace("order: A > K > Q", "order: QS > A > K > Q").replace("  TIES\n", "")
    game = on(tiny(tmp_path, text), engine)
    first, second = game.deck.copies_of(game.deck.index["QS"])
    assert game.trick_rule.strength[first] == game.trick_rule.strength[second] > game.trick_rule.strength[
        game.deck.index["AS"]]
    state = game.new_deal(layout={"hands": [["QS", "KS", "KH", "AH", "QH", "KS"], ["QS", "AS", "AS", "KH", "QH", "AH"]]},
                          dealer=1)
    state.apply("play QS")
    state.apply("play QS")
    assert state.winners[-1] == 0                          # the first of the two wins
