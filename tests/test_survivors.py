"""Behaviour a mutation-testing run found unchecked: each test pins an exact value on a
position where the right answer is unambiguous (tiny rule files in tmp_path, stacked deals)."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import interpreter
from interpreter.errors import LayoutError, MatchLimitError
from interpreter.engine.parts import Standing
from interpreter.players.greedy import GreedyPlayer


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def compile_tiny(tmp_path: Path, name: str, text: str):
    problems, game = interpreter.problems_in(write(tmp_path, name, text))
    assert [p.format() for p in problems if not p.warning] == []
    assert game is not None
    return game


def texts(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


SCORE_TRICKS = """\
scoring:
  award:
    - rule: tricks
      when: "true"
      to: seat(0)
      points: tricks(seat(0))
"""

TWO_SUITS = """\
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack}
"""


# --- 1. ties: spoil under 'highest of led suit', the tied card being the one led ---------

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
    game = compile_tiny(tmp_path, "spoil", SPOIL)
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


# --- 2. max_score() / min_score() --------------------------------------------------------

SCORES = """\
game: Scores
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 2 each
let:
  top: max_score()
  bottom: min_score()
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: up
      when: "true"
      to: seat(0)
      points: max_score() + 1
    - rule: down
      when: "true"
      to: seat(1)
      points: 10 - min_score()
match:
  deals: 3
  dealer: next(dealer)
"""


def _play_out(state) -> None:
    while not state.is_over:
        state.apply(state.legal_actions()[0])


def test_max_and_min_score_are_0_outside_a_match(tmp_path):
    game = compile_tiny(tmp_path, "scores", SCORES)
    state = game.new_deal(seed=1)
    _play_out(state)
    result = state.result()
    assert result.facts["top"] == 0 and result.facts["bottom"] == 0
    assert result.seat_scores == (1, 10)


def test_max_and_min_score_read_the_match_scores(tmp_path):
    game = compile_tiny(tmp_path, "scores", SCORES)
    match = game.new_match(seed=1)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    # deal 1: scores (0, 0) -> +1, +10 = (1, 10)
    # deal 2: max 10, min 1 -> +11, +9 = (12, 19)
    # deal 3: max 19, min 12 -> +20, -2 = (32, 17)
    assert [(d.facts["top"], d.facts["bottom"]) for d in match.results] == [(0, 0), (10, 1), (19, 12)]
    assert [d.seat_scores for d in match.results] == [(1, 10), (11, 9), (20, -2)]
    assert match.result().team_scores == (32, 17)


# --- 3. the 'trick' built-in mid-trick ---------------------------------------------------

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
    game = compile_tiny(tmp_path, "trick", TRICK)
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
    game = compile_tiny(tmp_path, "trick", TRICK)
    state = game.new_deal(layout=TRICK_HANDS)
    for card in ["QH", "KH", "AH"]:                    # seat 2 wins with AH and leads
        state.apply(card)
    assert state.current_player == 2 and state.trick == []
    state.apply("QS")                                  # the hearts of the last trick are gone
    assert texts(state) == ["play AS"]                 # seat 0 holds only AS now


# --- 4. cards by name, in any case -------------------------------------------------------

ALUETTE_HANDS = [
    ["monsieur", "MADAME", "le borgne", "1o", "4O", "5o", "6O", "7O", "8o"],
    ["la vache", "grand-neuf", "petit-neuf", "1C", "4C", "5C", "6C", "7C", "8C"],
    ["deux de chêne", "DEUX D'ÉCRIT", "1B", "3B", "4B", "5B", "6B", "7B", "8B"],
    ["1S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "JS"],
]


def test_deck_find_takes_codes_and_names_in_any_case():
    deck = interpreter.load("aluette").deck
    assert deck.codes[deck.find("monsieur")] == "3O"
    assert deck.codes[deck.find("Monsieur")] == "3O"
    assert deck.codes[deck.find("3o")] == "3O"
    assert deck.codes[deck.find("3O")] == "3O"
    assert deck.codes[deck.find("  MADAME ")] == "3C"
    assert deck.codes[deck.find("deux d'ÉCRIT")] == "2S"
    assert deck.codes[deck.find("ace of swords")] == "1S"
    assert deck.codes[deck.find("roi of batons")] == "KB"
    assert deck.find("three of coins") is None       # 3O has a name of its own
    assert deck.find("monsieur le") is None
    assert deck.find("") is None


def test_layouts_take_names_in_any_case():
    game = interpreter.load("aluette")
    state = game.new_deal(layout={"hands": ALUETTE_HANDS, "fill": True}, dealer=3)
    assert [game.deck.text(h) for h in state.hands] == [
        "1O 2O 3O 4O 5O 6O 7O 8O 3C",
        "9O 1C 2C 4C 5C 6C 7C 8C 9C",
        "1B 2B 3B 4B 5B 6B 7B 8B 2S",
        "1S 3S 4S 5S 6S 7S 8S 9S JS",
    ]
    assert game.deck.text(sum(1 << c for c in state.piles[1])) == "JO NO KO JC NC KC 9B JB NB KB NS KS"
    with pytest.raises(LayoutError, match=r"^hand 0: unknown card 'monsieur le'$"):
        game.new_deal(layout={"hands": [["monsieur le"] + ALUETTE_HANDS[0][1:]] + ALUETTE_HANDS[1:], "fill": True})
    with pytest.raises(LayoutError, match=r"^hand 1: card 3O is dealt twice$"):
        game.new_deal(layout={"hands": [ALUETTE_HANDS[0], ["3o"] + ALUETTE_HANDS[1][1:]] + ALUETTE_HANDS[2:],
                              "fill": True})


@pytest.mark.parametrize("typed", ["monsieur", "MONSIEUR", "3o", "play 3o", "play monsieur", "  Play   3O "])
def test_typed_actions_take_names_in_any_case(typed):
    game = interpreter.load("aluette")
    state = game.new_deal(layout={"hands": ALUETTE_HANDS, "fill": True}, dealer=3)
    assert state.current_player == 0
    state.apply(typed)
    assert state.history == [(0, game.deck.index["3O"])]
    state.apply("play la vache")
    state.apply("deux de chêne")
    state.apply("PLAY 1s")
    assert [game.deck.codes[c] for _, c in state.history] == ["3O", "2C", "2B", "1S"]
    assert state.winners == [0]


# --- 5. a let holding cards appears in the facts as card codes ---------------------------

FACTS = """\
game: Facts
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 2 each
let:
  last: trick_cards(-1)
  mine: won(seat(0))
  nothing_won: won(seat(1)) and H
  how_many: count(won(seat(0)))
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
""" + SCORE_TRICKS


def test_a_let_of_cards_is_a_fact_of_card_codes(tmp_path):
    game = compile_tiny(tmp_path, "facts", FACTS)
    state = game.new_deal(layout={"hands": [["AH", "AS"], ["KS", "KH"]]})
    for card in ["AH", "KH", "AS", "KS"]:
        state.apply(card)
    facts = state.result().facts
    assert facts["last"] == "AS KS"                   # deck order, not play order
    assert facts["mine"] == "AS KS AH KH"
    assert facts["nothing_won"] == ""
    assert facts["how_many"] == 4


def test_french_tarot_kept_is_a_fact_of_card_codes():
    game = interpreter.load("french-tarot")
    state = game.new_deal(seed=1)
    players = [GreedyPlayer(seat) for seat in range(game.players)]
    while not state.is_over:
        state.apply(players[state.current_player].choose(state))
    facts = state.result().facts
    chien = game.pile_names.index("chien")
    assert state.contract != 6
    assert facts["kept"] == game.deck.text(sum(1 << c for c in state.piles[chien]))
    assert isinstance(facts["kept"], str) and len(facts["kept"].split()) == 6
    assert all(code in game.deck.index for code in facts["kept"].split())


# --- 6. a dealer out of range -------------------------------------------------------------

@pytest.mark.parametrize("dealer", [4, -1, 10])
def test_a_dealer_out_of_range_is_a_layout_error(dealer):
    game = interpreter.load("aluette")
    with pytest.raises(LayoutError) as err:
        game.new_deal(dealer=dealer)
    assert isinstance(err.value, ValueError)
    assert str(err.value) == f"dealer must be a seat from 0 to 3, found {dealer}"


def test_the_last_seat_may_deal():
    game = interpreter.load("aluette")
    assert game.new_deal(seed=1, dealer=3).dealer == 3


# --- 7. a match of annulled deals stops ---------------------------------------------------

VOID = """\
game: Void
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 2 each
annul when: "true"
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: t
      when: "true"
      to: seat(0)
      points: 1
match:
  deals: 2
"""


def test_a_match_stops_after_1000_annulled_deals(tmp_path):
    path = write(tmp_path, "void", VOID)
    problems, game = interpreter.problems_in(path)
    assert [(p.line, p.column, p.message, p.warning) for p in problems] == [
        (8, 13, "'annul when' is always true: every deal would be annulled", True)]
    match = game.new_match(seed=1)
    with pytest.raises(MatchLimitError) as err:
        match.legal_actions()                      # deals until a deal is not annulled
    assert str(err.value) == ("1,000 deals annulled in a row (annul when); "
                              "at most 1,000 redeals in a row are allowed")
    assert len(match.results) == 1000
    assert match.deals_played == 0
    assert all(r.facts.get("annulled") for r in match.results)


# --- 8. positions inside a multi-line double-quoted string with escapes ---------------------

def _one_problem(tmp_path: Path, value_lines: str):
    text = FACTS.replace("let:\n", "let:\n" + value_lines)
    problems, game = interpreter.problems_in(write(tmp_path, "quoted", text))
    assert game is None
    return problems[0]


@pytest.mark.parametrize("lines, line, column", [
    # line 9 opens the string; the unknown name is on line 10
    ('  x: "1 + \\u0032 +\n    nope"\n', 10, 5),
    ('  x: "1 + \\u0032 +\n    \\x31 + nope"\n', 10, 12),        # \x31 is 4 characters in the file
    ('  x: "count(hand) +\\\n    \\t2 + nope"\n', 10, 11),       # an escaped line break, then \t
    ('  x: "1 +\n\n    \\u0031 + nope"\n', 11, 14),             # an empty line is a line break
    ('  x: "1 + \\u0032 + 3 +\n    2 + nope + nope"\n', 10, 9),  # the escaped 2 is not the 2 on line 10
    # one line: the escape is mapped character by character
    ('  x: "1 + \\" + nope"\n', 9, 11),                        # \" is a quote in the value
    ('  x: "1 + \\x6eope + nope"\n', 9, 11),                   # \x6e is an 'n'
    pytest.param('  x: "1 + \\"\n    + nope"\n', 9, 11, id="escaped-quote-then-line-break"),
    pytest.param('  x: "1 + \\x6eope +\n    nope"\n', 9, 11, id="escaped-name-then-line-break"),
])
def test_positions_in_a_double_quoted_string(tmp_path, lines, line, column):
    problem = _one_problem(tmp_path, lines)
    assert (problem.line, problem.column) == (line, column), problem.format()


# --- 10. the greedy player ------------------------------------------------------------------

def greedy(state) -> str:
    return GreedyPlayer(0).choose(state).text


def test_greedy_takes_in_belote_with_a_strong_hand_and_passes_with_a_weak_one():
    game = interpreter.load("belote")
    strong = ["JH", "9H", "AH", "10H", "9S"]
    weak = ["7S", "8S", "7D", "8D", "7C"]
    others = [["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]]
    state = game.new_deal(layout={"hands": [weak, strong] + others, "turnup": ["8H"], "fill": True})
    assert state.current_player == 1 and texts(state) == ["take", "pass"]
    assert greedy(state) == "take"
    state = game.new_deal(layout={"hands": [strong, weak] + others, "turnup": ["8H"], "fill": True})
    assert state.current_player == 1
    assert greedy(state) == "pass"


def test_greedy_in_belote_leads_the_trump_jack_and_wins_cheaply():
    game = interpreter.load("belote")
    state = game.new_deal(layout={"hands": [["7S", "8S", "7D", "8D", "7C"], ["JH", "AH", "10H", "KH", "9S"],
                                            ["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]],
                                  "turnup": ["8H"], "fill": True})
    state.apply("take")
    assert game.deck.text(state.hands[1]) == "AS KS 9S AH KH JH 10H 8H"
    assert game.deck.text(state.hands[3]) == "QH 9H 7H QC JC 10C 9C 8C"
    assert state.current_player == 1
    assert greedy(state) == "play JH"                # 9H is unseen: only the trump Jack is sure to win
    state.apply("9S")
    assert texts(state) == ["play QS", "play JS", "play 10S"]
    assert greedy(state) == "play JS"                # the cheapest spade above 9S
    state.apply("JS")
    assert texts(state) == ["play QH", "play 9H", "play 7H"]
    assert greedy(state) == "play 7H"                # must trump: the cheapest trump


# Aluette, dealer 3: seat 0 leads; seats 0 and 2 are partners.
def aluette(hands):
    return interpreter.load("aluette").new_deal(layout={"hands": hands, "fill": True}, dealer=3)


def test_greedy_leads_a_card_nobody_can_beat():
    state = aluette([["3O", "3C", "1O", "4O", "5O", "6O", "7O", "8O", "JO"],
                     ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
                     ["1B", "4B", "5B", "6B", "7B", "8B", "JB", "NB", "KB"],
                     ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]])
    assert greedy(state) == "play 3O"                # Monsieur: the highest card
    for card in ["3O", "4C", "4B", "4S"]:
        state.apply(card)
    assert state.current_player == 0
    assert greedy(state) == "play 3C"                # Madame, now that Monsieur is out


def test_greedy_leads_its_weakest_card_without_a_sure_winner():
    state = aluette([["2O", "1O", "4O", "5O", "6O", "7O", "8O", "JO", "NO"],
                     ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
                     ["1B", "4B", "5B", "6B", "7B", "8B", "JB", "NB", "KB"],
                     ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]])
    assert greedy(state) == "play 4O"                # 3O and 3C are unseen: le borgne can be beaten


FOLLOW = [["9S", "1O", "4O", "5O", "6O", "7O", "8O", "JO", "NO"],
          ["9B", "JB", "KB", "3C", "8B", "4B", "5B", "6B", "7B"],
          ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
          ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]]


def test_greedy_wins_as_cheaply_as_it_can():
    state = aluette(FOLLOW)
    state.apply("9S")
    # 9B only ties 9S (a spoiled trick); JB is the cheapest card that wins
    assert greedy(state) == "play JB"


PARTNER = [["3O", "1O", "4O", "5O", "6O", "7O", "8O", "JO", "NO"],
           ["1C", "4C", "5C", "6C", "7C", "8C", "JC", "NC", "KC"],
           ["3C", "2O", "1B", "KB", "4B", "5B", "6B", "7B", "8B"],
           ["1S", "4S", "5S", "6S", "7S", "8S", "JS", "NS", "KS"]]


def test_greedy_lets_a_winning_partner_keep_the_trick():
    state = aluette(PARTNER)
    state.apply("3O")
    state.apply("4C")
    assert state.current_player == 2
    assert greedy(state) == "play 4B"                # partner wins: its weakest card


def test_greedy_beats_an_opponent_who_is_winning():
    state = aluette(PARTNER)
    state.apply("4O")
    state.apply("5C")                                # the opponent is winning
    assert greedy(state) == "play 6B"                # 5B would tie (spoil); 6B wins cheapest


def hearts_deal(hands):
    game = interpreter.load("hearts")
    standing = Standing(4, (Fraction(0),) * 4, game.counter_starts)    # the fourth deal: no passing
    state = game.new_deal(layout={"hands": [h.split() for h in hands]}, standing=standing)
    assert state.current_player == 0 and texts(state) == ["play 2C"]
    return state


def test_greedy_ducks_under_the_winning_card_in_hearts():
    state = hearts_deal(["2C 5C 6C 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S",
                         "9C 2D 9D 10D JD QD KD AD 6S 7S 8S 9S 10S",
                         "3C QS AH AS KS JS KH QH JH 10H 9H 8H 7H",
                         "4C 7C 8C AC 10C JC QC KC 6H 5H 4H 3H 2H"])
    for card in ["2C", "9C", "3C"]:
        state.apply(card)
    assert greedy(state) == "play 8C"                # the highest club under 9C


def test_greedy_sheds_the_queen_of_spades_when_void():
    state = hearts_deal(["2C 5C 6C 3D 4D 5D 6D 7D 8D 2S 3S 4S 5S",
                         "AC 2D 9D 10D JD QD KD AD 6S 7S 8S 9S 10S",
                         "3C QS AH AS KS JS KH QH JH 10H 9H 8H 7H",
                         "4C 7C 8C 9C 10C JC QC KC 6H 5H 4H 3H 2H"])
    for card in ["2C", "AC", "3C", "4C"]:
        state.apply(card)
    assert state.current_player == 1
    state.apply("2D")
    assert state.current_player == 2                 # no diamond: any card
    assert greedy(state) == "play QS"                # 13 points beat AH's 1 and AS's strength


def test_greedy_exchanges_the_trump_jack_in_sixty_six():
    game = interpreter.load("sixty-six")
    state = game.new_deal(layout={"hands": [["AH", "10H", "KH", "AD", "10D"], ["JS", "QH", "JH", "KD", "JD"]],
                                  "indicator": ["AS"], "fill": True})
    assert state.current_player == 1
    assert "exchange" in texts(state)
    assert greedy(state) == "exchange"
    state.apply("exchange")
    assert [game.deck.codes[c] for c in state.piles[game.pile_names.index("indicator")]] == ["JS"]
    assert state.hands[1] >> game.deck.index["AS"] & 1
