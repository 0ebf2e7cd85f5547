"""Behaviour issue 16 found unguarded and tests/test_survivors.py does not pin yet: the
greedy player's bids and calls on clear hands, the exact hand value it bids on, its refusal
of a swap that loses strength, Aluette's whole ranking, what ``direction`` changes, and the
hints of schema problems. Each test pins exact decisions or values on stacked deals."""
from __future__ import annotations

import math
from pathlib import Path

from click.testing import CliRunner
import pytest

from cli import main
import interpreter
from interpreter.players.arena import elo_ratings
from interpreter.players.greedy import GreedyPlayer, _average_value, _hand_value, _trump_of
from interpreter.engine.tricks import TRUMPS_LED

BROKEN = Path(__file__).resolve().parent / "broken"


def greedy(state: interpreter.State) -> str:
    """The greedy player's choice, as action text."""
    return GreedyPlayer(0).choose(state).text


def texts(state: interpreter.State) -> list[str]:
    return [a.text for a in state.legal_actions()]


# --- the greedy player: the hand value it bids on -----------------------------------------

BELOTE = interpreter.load("belote")
OTHERS = [["9D", "10D", "JD", "QD", "KD"], ["8C", "9C", "10C", "JC", "QC"]]


def belote_deal(first: list[str], second: list[str], turnup: str = "8H",
                others: list[list[str]] = OTHERS) -> interpreter.State:
    """Seat 1 speaks first (the dealer, seat 0, sits at its left); seat 1 holds ``second``."""
    state = BELOTE.new_deal(layout={"hands": [first, second] + others, "turnup": [turnup], "fill": True})
    assert state.current_player == 1 and texts(state) == ["take", "pass"]
    return state


def mask(codes: list[str]) -> int:
    return sum(1 << BELOTE.deck.index[c] for c in codes)


def test_hand_value_is_card_points_plus_twice_the_trump_strengths():
    clubs = BELOTE.deck.suit_codes.index("C")
    hand = mask(["JC", "9C", "AC", "10C", "KC"])
    # under clubs: points 20 + 14 + 11 + 10 + 4 = 59; trump places J 7, 9 6, A 5, 10 4, K 3:
    # (8 + 7 + 6 + 5 + 4) x 2 = 60
    assert _hand_value(BELOTE, hand, clubs) == 119
    assert _hand_value(BELOTE, hand, 0) == 27           # spades: plain points 2 + 0 + 11 + 10 + 4
    assert _hand_value(BELOTE, hand, -1) == 27          # no trump: the same plain points
    # the whole pack under a trump: 152 card points + (1 + ... + 8) x 2; a hand of 5 gets 5/32 of it
    assert _hand_value(BELOTE, BELOTE.deck.all, clubs) == 152 + 72
    assert _average_value(BELOTE, 5, clubs) == 35


def test_greedy_takes_just_above_the_bidding_threshold_and_passes_just_below():
    # under hearts an average hand of five is worth 224 x 5/32 = 35; greedy takes from 1.3 x that = 45.5
    hearts = BELOTE.deck.suit_codes.index("H")
    below, above = ["JH", "KS", "QS", "JS", "7S"], ["JH", "10S", "7S", "8S", "7D"]
    assert _hand_value(BELOTE, mask(below), hearts) == 36 + 4 + 3 + 2     # the trump Jack: 20 + 8 x 2
    assert _hand_value(BELOTE, mask(above), hearts) == 36 + 10
    weak = ["AD", "8D", "7C", "AC", "KC"]
    assert greedy(belote_deal(weak, below)) == "pass"
    assert greedy(belote_deal(weak, above)) == "take"


ROUND_TWO = [["9D", "10D", "JD", "QD", "KD"], ["7H", "8H", "9H", "10H", "QH"]]


def test_greedy_names_the_suit_its_hand_is_strongest_in():
    state = belote_deal(["7S", "8S", "7D", "8D", "9S"], ["JC", "9C", "AC", "10C", "KC"], "AH", ROUND_TWO)
    for _ in range(4):
        state.apply("pass")
    assert state.current_player == 1
    assert texts(state) == ["name S", "name D", "name C", "pass"]
    calls = [a for a in state.legal_actions() if a.kind == "call"]
    assert [BELOTE.deck.suit_codes[_trump_of(state, a)] for a in calls] == ["S", "D", "C"]
    assert greedy(state) == "name C"                 # the last call offered: not picked by position


def test_greedy_passes_the_second_round_with_a_weak_hand():
    state = belote_deal(["JC", "9C", "AC", "10C", "KC"], ["7S", "8S", "7D", "8D", "9S"], "AH", ROUND_TWO)
    for _ in range(4):
        state.apply("pass")
    assert state.current_player == 1
    assert greedy(state) == "pass"


# --- the greedy player: a swap is made only when it brings stronger cards ------------------

SIXTY_SIX = (interpreter.GAMES_DIR / "sixty-six.yaml").read_text(encoding="utf-8")
SWAP_HIGH = (SIXTY_SIX.replace("count(hand and trumps and J) > 0", "count(hand and trumps and (A or K)) > 0")
             .replace("swap: {cards: trumps and J, with: indicator}", "swap: {cards: trumps and (A or K), with: indicator}"))


@pytest.mark.parametrize("held, shown, chosen", [
    ("KS", "AS", "exchange"),       # gives the king for the ace: stronger
    ("AS", "KS", "play AS"),        # gives the ace for the king: weaker, so it leads its ace
    ("KS", "JS", "play JH"),        # the king for the jack: weaker; it leads its weakest card
])
def test_greedy_swaps_only_for_a_stronger_card(tmp_path, held, shown, chosen):
    assert SWAP_HIGH != SIXTY_SIX
    path = tmp_path / "swap.yaml"
    path.write_text(SWAP_HIGH, encoding="utf-8")
    game = interpreter.load(path)
    state = game.new_deal(layout={"hands": [["AH", "10H", "KH", "AD", "10D"], [held, "QH", "JH", "KD", "JD"]],
                                  "indicator": [shown], "fill": True})
    assert state.current_player == 1 and "exchange" in texts(state)
    assert greedy(state) == chosen


# --- Aluette's ranking, every step of it -----------------------------------------------------

def test_aluette_ranks_every_card_in_its_order():
    game = interpreter.load("aluette")
    strength = game.trick_rule.strength
    levels: dict[int, list[str]] = {}
    for i, code in enumerate(game.deck.codes):
        levels.setdefault(strength[i], []).append(code)
    assert [" ".join(levels[s]) for s in sorted(levels, reverse=True)] == [
        "3O", "3C", "2O", "2C", "9C", "9O", "2B", "2S", "1O 1C 1B 1S", "KO KC KB KS", "NO NC NB NS",
        "JO JC JB JS", "9B 9S", "8O 8C 8B 8S", "7O 7C 7B 7S", "6O 6C 6B 6S", "5O 5C 5B 5S",
        "4O 4C 4B 4S", "3B 3S"]


# --- direction: it names the way seats run round the table; play always goes seat n, n + 1 ---

DIRECTIONS = {"aluette": "clockwise", "belote": "counterclockwise", "euchre": "clockwise",
              "french-tarot": "counterclockwise", "hearts": "clockwise", "sixty-six": "clockwise",
              "skat": "clockwise", "spades": "clockwise", "whist": "clockwise"}


def test_every_bundled_game_is_listed():
    assert sorted(DIRECTIONS) == sorted(p.stem for p in interpreter.bundled_games())


@pytest.mark.parametrize("name", sorted(DIRECTIONS))
def test_direction_is_read_and_explained(name):
    game = interpreter.load(name)
    assert game.direction == DIRECTIONS[name]
    text = CliRunner().invoke(main, ["explain", name]).output
    assert f"Players: {game.players}, playing {DIRECTIONS[name]}." in text.splitlines()


@pytest.mark.parametrize("name", ["aluette", "belote"])
def test_play_goes_to_the_next_seat_number_whatever_the_direction(name):
    game = interpreter.load(name)
    state = game.new_deal(seed=3, dealer=2)
    while len(state.trick) < game.players - 1:
        state.apply(state.legal_actions()[0])
    leader = state.trick_seats[0]
    assert state.trick_seats == [(leader + i) % game.players for i in range(game.players - 1)]


# --- schema problems: the hint that goes with each ------------------------------------------

@pytest.mark.parametrize("case, hint", [
    ("suit_code_pattern", "codes start with a capital letter (or a digit, for ranks) followed by letters or digits"),
    ("rank_code_pattern", "codes start with a capital letter (or a digit, for ranks) followed by letters or digits"),
    ("pile_name_pattern", "names are lower-case letters, digits and '_', starting with a letter"),
    ("let_name_pattern", "names are lower-case letters, digits and '_', starting with a letter; a function adds "
                         "its parameter: seat, team or suit, as in total(seat)"),
])
def test_pattern_problems_say_what_a_code_or_name_looks_like(case, hint):
    problems, game = interpreter.problems_in(BROKEN / f"{case}.yaml")
    assert game is None and len(problems) == 1
    lines = problems[0].format().splitlines()
    assert lines[-1] == f"    hint: {hint}"


def test_a_pattern_problem_underlines_the_whole_key():
    problems, _ = interpreter.problems_in(BROKEN / "pile_name_pattern.yaml")
    assert problems[0].format().splitlines()[1:3] == ["      Discards: {seen by: everyone}", "      ^^^^^^^^"]


def test_a_problem_after_escapes_in_a_quoted_string_is_underlined_in_place():
    problems, _ = interpreter.problems_in(BROKEN / "let_quoted_escapes.yaml")
    assert problems[0].format().splitlines()[1:3] == ['        \\u006eone + nobody"', "                    ^^^^^^"]


# --- found by tools/mutate.py (seed 1): the arena's ratings ----------------------------------

def test_elo_ratings_of_two_players_are_their_win_odds():
    # 3 wins to 1, plus one virtual draw: 3.5 to 1.5, so the first is 7/3 times as strong
    ratings = elo_ratings([[0, 3], [1, 0]], [[0, 0], [0, 0]])
    assert ratings[0] == 1000
    assert ratings[1] == pytest.approx(1000 - 400 * math.log10(7 / 3), abs=1e-6)


def test_elo_ratings_ignore_pairs_that_never_met():
    # A-B 2:1 (2.5 to 1.5 with the virtual draw), B-C 3:0 (3.5 to 0.5); A and C never met
    beats = [[0, 2, 0], [1, 0, 3], [0, 0, 0]]
    a, b, c = elo_ratings(beats, [[0] * 3 for _ in range(3)])
    assert a == 1000
    assert a - b == pytest.approx(400 * math.log10(5 / 3), abs=1e-6)
    assert b - c == pytest.approx(400 * math.log10(7), abs=1e-6)


# --- found by tools/mutate.py (seed 1): a trump card of another suit leads --------------------

def test_a_led_trump_card_sets_the_trump_suit_even_when_it_is_the_first_suit():
    game = interpreter.load("euchre")
    rule, deck = game.trick_rule, game.deck
    spades = deck.suit_codes.index("S")
    assert spades == 0                                   # the mutant-prone case: trump suit 0
    trumps = deck.suit_masks[spades] | 1 << deck.index["JC"]    # spades trump: the left bower is JC
    assert rule.led_suit([deck.index["JC"]], spades, trumps) == spades
    assert rule.led_suit([deck.index["JC"]], -1, trumps) == TRUMPS_LED
    assert rule.led_suit([deck.index["AH"]], spades, trumps) == deck.suit_codes.index("H")


def test_a_fact_first_seen_as_none_takes_its_kind_from_its_first_value():
    from interpreter.simulation.stats import Summary
    summary = Summary(["random", "random"], ("seat 0", "seat 1"), ((0,), (1,)))
    summary.add_deal(0, [1, 0], [1, 0], [], {"closer": None}, False)
    summary.add_deal(1, [0, 2], [0, 2], [], {"closer": 3}, False)
    summary.add_deal(0, [1, 1], [1, 1], [], {"closer": 5}, False)
    assert summary.fact_kinds["closer"] == "int"          # whole numbers the file does not declare: counted by value
    facts = summary.to_json_deals()["facts"]
    assert facts["closer"]["kind"] == "int" and sorted(facts["closer"]["values"]) == ["3", "5"]
