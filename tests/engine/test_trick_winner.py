"""TrickRule.winner reads each card's key from tables built once per trump; here it is held
to the rule stated card by card (the highest trump, else the highest card of the suit led;
equal highest cards spoil the trick where 'ties: spoil'), on random tricks of every bundled
game's rankings and trumps. Then, on tiny rule files and stacked deals (on both engines where
they name them): the suit a led trump sets, a tie with the card led spoiling the trick (whose
winner is then none), equal trumps with and without a trump suit, a ranking that changes
only the card points keeping the file's trump order, a trump that is none, and a kept card
staying with its player in a game without card points."""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.tricks import TRUMPS_LED
from helpers import ENGINES, FLAT, FOUR_RANKS_HEAD, SCORE_TRICKS, SPOILING, TRICKS_TO_EACH_SEAT, on, texts, tiny


def stated_winner(rule, trick, trump, trumps):
    """The winner as the rules say it, one card after another."""
    if not rule.by_suit:
        best, at, tied = -1, -1, False
        for i, card in enumerate(trick):
            s = rule.strength[card]
            if s > best:
                best, at, tied = s, i, False
            elif s == best:
                tied = True
        return -1 if tied and rule.spoil_ties else at
    led = rule.led_suit(trick, trump, trumps)
    best, at, tied, best_trump = -1, -1, False, False
    for i, card in enumerate(trick):
        is_trump = trumps >> card & 1
        if not is_trump and (rule.suit_of[card] != led or best_trump):
            continue
        s = rule.trump_strength[card] * 2 + (rule.suit_of[card] == trump) if is_trump else rule.strength[card]
        if is_trump and not best_trump:
            best, at, tied, best_trump = s, i, False, True
        elif s > best:
            best, at, tied = s, i, False
        elif s == best:
            tied = True
    if at < 0:
        return 0
    return -1 if tied and rule.spoil_ties else at


def rankings_and_trumps(game):
    """Every ranking of the game under every trump suit, no trump, and each with the Jacks
    as trump cards too: (rule, trump, trumps)."""
    deck = game.deck
    contexts = [(-1, 0)] + [(t, deck.suit_masks[t]) for t in range(len(deck.suit_masks))]
    for rule in [game.trick_rule] + [rule for rule, _ in game.rankings]:
        for trump, trumps in contexts + [(t, trumps | deck.rank_masks.get("J", 0)) for t, trumps in contexts]:
            yield rule, trump, trumps


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_winner_follows_the_stated_rule(name):
    game = interpreter.load(name)
    rng = random.Random(name)
    decided = 0
    for rule, trump, trumps in rankings_and_trumps(game):
        for _ in range(300):
            trick = rng.sample(range(game.deck.size), rng.randint(1, game.players))
            found = rule.winner(trick, trump, trumps)
            assert found == stated_winner(rule, trick, trump, trumps), (trick, trump)
            decided += found >= 0
    assert decided > 0


def test_trump_cards_without_a_trump_suit_form_a_suit_of_their_own():
    game = interpreter.load("skat")
    rule, deck = game.trick_rule, game.deck
    jacks = deck.rank_masks["J"]
    js, seven_hearts = deck.index["JS"], deck.index["7H"]
    assert rule.led_suit([js], -1, jacks) == TRUMPS_LED
    assert rule.winner([js, seven_hearts], -1, jacks) == 0            # a plain card cannot win a trump lead
    assert rule.winner([seven_hearts, js], -1, jacks) == 1            # a Jack trumps the suit led


def test_a_led_trump_card_sets_the_trump_suit_even_when_it_is_the_first_suit():
    game = interpreter.load("euchre")
    rule, deck = game.trick_rule, game.deck
    spades = deck.suit_codes.index("S")
    assert spades == 0                                   # the mutant-prone case: trump suit 0
    trumps = deck.suit_masks[spades] | 1 << deck.index["JC"]    # spades trump: the left bower is JC
    assert rule.led_suit([deck.index["JC"]], spades, trumps) == spades
    assert rule.led_suit([deck.index["JC"]], -1, trumps) == TRUMPS_LED
    assert rule.led_suit([deck.index["AH"]], spades, trumps) == deck.suit_codes.index("H")


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_the_trick_tables_agree_with_the_stated_rule(name):
    """What the generated engine reads from TrickRule.tables: the cards that would take the
    lead of a trick are those its winning card's row names, and a trick's suit led is its
    first card's (when that card has a suit)."""
    game = interpreter.load(name)
    deck = game.deck
    rng = random.Random(name)
    compared = 0
    for rule, trump, trumps in rankings_and_trumps(game):
        tables = rule.tables(trump, trumps, deck.all)
        for _ in range(60):
            trick = rng.sample(range(deck.size), rng.randint(1, game.players - 1))
            if tables.led[trick[0]] >= 0:
                assert tables.led[trick[0]] == rule.led_suit(trick, trump, trumps)
            at = stated_winner(rule, trick, trump, trumps)
            if at < 0 or rule.led_suit(trick, trump, trumps) < 0:
                continue
            takes = sum(1 << c for c in range(deck.size) if c not in trick
                        and stated_winner(rule, trick + [c], trump, trumps) == len(trick))
            assert tables.beats[trick[at]] & ~sum(1 << c for c in trick) == takes, (trick, trump)
            compared += 1
    assert compared > 100


# --- ties: spoil under 'highest of led suit', the tied card being the one led ----------------


TWO_SUITS = """\
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack}
"""

SPOIL = """\
game: Spoil
players: 2
""" + TWO_SUITS + """\
order: A > K = Q > J
deal: 4 each
play:
  lead: seat(0)
  winner: highest of led suit
  ties: spoil
  follow: [led, any]
""" + SCORE_TRICKS


def test_a_tie_with_the_led_card_spoils_the_trick(tmp_path):
    game = tiny(tmp_path, SPOIL, "spoil")
    code = game.deck.index
    rule = game.trick_rule
    assert rule.by_suit and rule.spoil_ties
    assert rule.winner([code["KS"], code["QS"]], -1, 0) == -1      # K led, Q equal: spoiled
    assert rule.winner([code["QS"], code["KS"]], -1, 0) == -1
    assert rule.winner([code["KS"], code["JS"]], -1, 0) == 0
    assert rule.winner([code["KS"], code["AS"]], -1, 0) == 1

    # In a deal: seat 1 wins the first trick and leads K; seat 0's Q ties it.
    state = game.new_deal(layout={"hands": [["QS", "JS", "AH", "JH"], ["KS", "AS", "QH", "KH"]]})
    state.apply("JS")
    state.apply("AS")
    assert state.winners == [1] and state.current_player == 1
    state.apply("KS")
    state.apply("QS")
    assert state.winners == [1, -1]        # nobody won the second trick
    assert state.tricks == [0, 1]
    assert state.current_player == 1       # the player who led it leads again
    assert state.trick == []


@pytest.mark.parametrize("engine", ENGINES)
def test_the_winner_of_a_spoiled_trick_is_none(tmp_path, engine):
    text = SPOILING.replace("TIES\n", "  ties: spoil\n").replace("scoring:\n  award:\n", """scoring:
  award:
    - rule: first trick spoiled
      when: trick_winner(1) = none and trick_winner(2) = seat(0)
      to: seat(1)
      points: 10
""")
    game = on(tiny(tmp_path, text), engine)
    state = game.new_deal(layout={"hands": [["KS", "JS"], ["QS", "10S"]], "fill": True}, dealer=1)
    state.apply("KS")
    state.apply("QS")                                   # K = Q: the trick is spoiled, seat 0 leads again
    assert state.current_player == 0
    state.apply("JS")
    state.apply("10S")
    assert state.result().seat_scores == (1, 10)


# --- equal trumps: the one of the trump suit beats the others; without a trump suit none does ---

JACKS = """\
game: Jacks
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
trump order: J > A > K > Q > 10
piles:
  unused: {seen by: nobody}
deal: 3 each, rest to unused
play:
  lead: seat(0)
  trump: TRUMP
  trump cards: trumps or J
  winner: highest of led suit
  follow:
    - led and beating
    - led
    - any
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("trump,other", [("S", "H"), ("H", "S")])
def test_the_trump_suits_jack_beats_an_equal_jack_led(tmp_path, engine, trump, other):
    """Every Jack is a trump of the same strength; of equal trumps the trump suit's wins, so
    after the other Jack is led, 'led and beating' leaves only the trump suit's Jack (spades
    is suit 0, hearts suit 1)."""
    game = on(tiny(tmp_path, JACKS.replace("TRUMP", trump)), engine)
    hands = [["J" + other, "10" + other, "K" + other], ["J" + trump, "A" + trump, "Q" + other]]
    state = game.new_deal(layout={"hands": hands, "fill": True}, dealer=1)
    state.apply("J" + other)
    assert texts(state) == ["play J" + trump]
    state.apply("J" + trump)
    assert state.current_player == 1                   # and it took the trick


# Trump cards without a trump suit: the four Jacks, of equal trump strength.
EQUAL_JACKS = """\
game: Equal jacks
players: 2
cards:
  suits: {S: Spades, H: Hearts, D: Diamonds, C: Clubs}
  ranks: {A: Ace, K: King, J: Jack}
order: A > K > J
trump order: J > A > K
deal: 6 each
play:
  lead: seat(0)
  trump cards: J
  winner: highest of led suit
  follow: [led and beating, led, any]
""" + TRICKS_TO_EACH_SEAT


@pytest.mark.parametrize("engine", ENGINES)
def test_with_no_trump_suit_an_equal_trump_does_not_beat_the_one_led(tmp_path, engine):
    """The Jack of spades led; the Jacks of diamonds and clubs are equal to it, neither beats it,
    so both (the trumps held) may follow."""
    game = tiny(tmp_path, EQUAL_JACKS)
    state = on(game, engine).new_deal(layout={"hands": [["JS", "AS", "KS", "JH", "AH", "KH"],
                                                        ["JD", "JC", "AD", "KD", "AC", "KC"]]})
    state.apply("play JS")
    assert [a.text for a in state.legal_actions()] == ["play JD", "play JC"]


# --- a ranking that changes only the card points keeps the file's orders ----------------------


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("call,scores", [("plain", (0, 13)), ("flat", (0, 0))])
def test_a_ranking_without_orders_keeps_the_trump_order(tmp_path, engine, call, scores):
    """The Jack of trumps beats the Ace under either call (the file's trump order); only
    the points differ: 'flat' puts a ranking with no card points in force."""
    game = on(tiny(tmp_path, FLAT), engine)
    state = game.new_deal(layout={"hands": [["AH", "10S"], ["JH", "KS"]], "fill": True}, dealer=1)
    assert texts(state) == ["plain", "flat", "pass"]
    state.apply(call)
    state.apply("AH")
    state.apply("JH")
    assert state.current_player == 1                  # JH took the trick: seat 1 leads
    state.apply("KS")
    state.apply("10S")
    assert state.result().seat_scores == scores


# --- a trump that is none: a deal without trumps ------------------------------------------------

TRUMP = "game: Trump none\n" + FOUR_RANKS_HEAD + """\
deal: 2 each, rest to stock
piles:
  stock: {seen by: nobody}
  empty: {seen by: everyone}
play:
  lead: seat(0)
  trump: TRUMP
  winner: highest of led suit
  follow: [led, any]
""" + TRICKS_TO_EACH_SEAT


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("trump", ["none", "S if dealer = seat(1) else none", "suit_of(empty)"])
def test_a_trump_that_is_none_makes_a_deal_without_trumps(tmp_path, engine, trump):
    """'none' fits wherever a suit is expected: as the trump of play it means no trump, and a
    heart does not beat the spade led."""
    game = on(tiny(tmp_path, TRUMP.replace("TRUMP", f'"{trump}"')), engine)
    state = game.new_deal(layout={"hands": [["AS", "KS"], ["AH", "QS"]], "fill": True}, dealer=0)
    assert state.trump == -1 and state.trumps == 0
    state.apply("play KS")
    assert texts(state) == ["play QS"]
    state.apply("play QS")
    assert state.winners == [0]


# --- a kept card: the trick's winner takes the others, its player keeps it -------------------------

KEEP = "game: Keep\n" + FOUR_RANKS_HEAD + """\
deal: 2 each, rest to stock
piles:
  stock: {seen by: nobody}
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  keep: {cards: JS}
scoring:
  award:
    - rule: cards won
      to: each_seat
      points: count(won(it))
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_kept_card_stays_with_its_player_in_a_game_without_card_points(tmp_path, engine):
    """Seat 1, void in hearts, throws the kept JS on KH: seat 0 wins the trick, seat 1 keeps JS.
    In the last trick the kept card goes with the trick like any other."""
    game = on(tiny(tmp_path, KEEP), engine)
    state = game.new_deal(layout={"hands": [["KH", "QH"], ["JS", "QS"]], "fill": True}, dealer=1)
    state.apply("play KH")
    state.apply("play JS")
    assert state.winners == [0] and texts(state) == ["play QH"]
    state.apply("play QH")
    state.apply("play QS")
    assert state.winners == [0, 0]
    assert state.result().seat_scores == (3, 1)           # KH QH QS to seat 0; JS kept by seat 1
