"""Behaviour a 300 + 60 mutation run (seed 2, issue 16) found unchecked around the engine: the
simulation summary's figures and text, the table view of a face-down card, the problem format.
Each test pins exact values on inputs where the right answer is computed by hand."""
from __future__ import annotations

from pathlib import Path

import pytest

import interpreter
from interpreter.players.arena import arena
from interpreter.authoring.fmt import respace
from interpreter.simulation.stats import Comparison, Summary, histogram
from interpreter.simulation.summary_text import summary_lines
from interpreter.players.table_view import describe_action

# --- the summary of a run ----------------------------------------------------------------------

def three_seats() -> Summary:
    """101 deals (side X's deal score 0, 2, …, 200; Y's 0) and three matches: X wins, Y wins, a draw."""
    s = Summary(players=["p", "q", "r"], side_names=("X", "Y"), side_seats=((0, 2), (1,)),
                fact_kinds={"suit": "suit"})
    for i in range(101):
        s.add_deal(i % 3, [i, 0, i], [2 * i, 0], ["r1"], {"suit": "H" if i % 4 else "S"}, False)
    s.add_match([10, 5], [10, 5, 10], 0)
    s.add_match([1, 5], [1, 5, 1], 1)
    s.add_match([5, 5], [5, 5, 5], None)
    return s


def test_summary_counts_each_seat_wins_with_its_side_and_none_for_a_draw():
    s = three_seats()
    assert s.side_wins == [1, 1] and s.draws == 1
    assert s.seat_wins == [1, 1, 1]
    assert [seat["wins"] for seat in s.to_json()["seats"]] == [1, 1, 1]
    s.add_match([7, 5], [7, 5, 7], 0)
    assert s.seat_wins == [2, 1, 2]


def test_summary_text_gives_each_sides_wins_and_mean_match_score():
    lines = summary_lines(three_seats(), "T", "1", "matches")
    assert lines[0] == "T: 3 matches (101 deals, 0 actions), seed 1"
    rows = [line.split() for line in lines if line.startswith(("X ", "Y ", "draws "))][:3]
    # X's match scores 10, 1, 5: mean 16/3; Y's 5, 5, 5
    assert rows[0][:2] == ["X", "0,"] and rows[0][3:8] == ["1", "33.3%", "6.1–79.2%", "5.333", "5.1"]
    assert rows[1][:7] == ["Y", "1", "1", "33.3%", "6.1–79.2%", "5", "0"]
    assert rows[2] == ["draws", "1", "33.3%"]


def test_summary_counts_the_values_of_a_fact():
    s = three_seats()
    assert dict(s.facts["suit"]) == {"H": 75, "S": 26}
    lines = summary_lines(s, "T", "1", "matches")
    assert "suit  H 74.3%, S 25.7%" in lines


def test_summary_text_quantiles_are_order_statistics():
    """Of 101 deal scores 0, 2, …, 200 the 5 % quantile is the ceil(5.05) = 6th smallest: 10."""
    lines = summary_lines(three_seats(), "T", "1", "matches")
    at = lines.index("deal scores by side (mean ± 95%; quantiles 5% 25% 50% 75% 95%):")
    assert lines[at + 1].split() == ["X", "100", "±", "11.4", "10", "50", "100", "150", "190"]
    assert lines[at + 2].split() == ["Y", "0", "±", "0", "0", "0", "0", "0", "0"]


# --- the table view: what another player sees of a card given ----------------------------------

PASSING = """\
game: Passing
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
deal: 5 each
transfers:
  give:
    who: each
    count: 1
SHOWN    to: next(me)
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
HANDS = {"hands": [["AH", "KH", "QH", "AS", "KS"], ["JH", "10H", "QS", "JS", "10S"]]}


def passing(tmp_path: Path, shown: str) -> interpreter.Game:
    path = tmp_path / "passing.yaml"
    path.write_text(PASSING.replace("SHOWN", shown), encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert problems == [] and game is not None
    return game


def action(state: interpreter.State, text: str):
    return next(a for a in state.legal_actions() if a.text == text)


def test_a_given_card_is_face_down_to_others_unless_shown(tmp_path):
    game = passing(tmp_path, "    shown: H\n")
    state = game.new_deal(layout=HANDS, dealer=0)
    assert state.current_player == 1
    assert describe_action(state, 1, 0, action(state, "give JH")) == "seat 1: give JH"
    assert describe_action(state, 1, 0, action(state, "give JS")) == "seat 1: give (a card face down)"
    assert describe_action(state, 1, 1, action(state, "give JS")) == "you: give JS"
    plain = passing(tmp_path, "").new_deal(layout=HANDS, dealer=0)
    assert describe_action(plain, 1, 0, action(plain, "give JH")) == "seat 1: give (a card face down)"
    assert describe_action(plain, 1, 1, action(plain, "give JH")) == "you: give JH"


# --- the arena's pairs -------------------------------------------------------------------------

def test_arena_pairs_count_every_game_both_played():
    result = arena(interpreter.load("sixty-six"), ["random", "random"], 6, 1)
    (pair,) = result.pairs
    assert pair.b_better > 0 and pair.a_better > 0          # both won some: a sum, not a difference
    assert pair.games == pair.a_better + pair.equal + pair.b_better == 12      # 6 matches, both seatings


# --- respace: one line only ----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["count(hand)>0\nand x", "a=b\r", "a=b\r\nc"])
def test_respace_leaves_text_of_several_lines_alone(text):
    assert respace(text) is None
    assert respace(text.replace("\r", "").replace("\n", " ")) is not None


# --- the formatter respaces quoted rule strings too ------------------------------------------------

def test_format_respaces_a_quoted_rule_string():
    from interpreter.authoring.fmt import format_text
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    assert "      when: winner != none and not mordienne\n" in text
    careless = text.replace("      when: winner != none and not mordienne\n",
                            "      when: \"winner!=none and not mordienne\"\n")
    careless = careless.replace("      when: mordienne\n", "      when: 'mordienne'\n")
    formatted = format_text(careless)
    assert "      when: \"winner != none and not mordienne\"\n" in formatted
    assert "      when: 'mordienne'\n" in formatted                  # canonical already: left as it is
    assert formatted.replace('"winner != none and not mordienne"', "winner != none and not mordienne") \
        .replace("'mordienne'", "mordienne") == text


# --- a rate's interval is shown with the decimals its width needs -------------------------------

def test_a_very_narrow_rate_interval_is_shown_with_three_decimals():
    s = Summary(players=["p", "q"], side_names=("X", "Y"), side_seats=((0,), (1,)))
    for _ in range(40000):
        s.add_deal(0, [1, 0], [1, 0], ["r1"], {}, False)
    s.add_match([1, 0], [1, 0], 0)
    lines = summary_lines(s, "T", "1", "matches")
    at = lines.index("share of deals where each rule scored:")
    assert lines[at + 1].split() == ["r1", "100.0%", "99.990–100.000%"]


def test_format_leaves_a_plain_rule_string_over_two_lines_alone():
    from interpreter.authoring.fmt import format_text
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    careless = text.replace("      when: winner != none and not mordienne\n",
                            "      when: winner!=none and\n        not mordienne\n")
    assert careless != text
    assert format_text(careless) == careless


# --- the rules as a web page ---------------------------------------------------------------------

def test_explain_html_lists_items_in_one_list():
    from interpreter.authoring.explain import explain_html
    page = explain_html(interpreter.GAMES_DIR / "belote.yaml")
    assert page.count("<ul>") == page.count("</ul>") >= 1
    assert "<ul><li>" in page and "</li></ul>" in page


# --- the arena's time per decision ----------------------------------------------------------------

def test_arena_times_a_decision_in_milliseconds():
    result = arena(interpreter.load("sixty-six"), ["random", "random"], 2, 1)
    for player in result.players:
        assert player.decisions > 20
        assert 0 < player.ms_per_decision < 50            # a random choice takes microseconds


def test_arena_counts_a_game_of_equal_scores_as_equal(tmp_path):
    """A game where every seat scores 1 each deal: every game between the two ends equal."""
    text = PASSING.replace("SHOWN", "").replace("points: 1 if tricks(it) >= 3 else 0", "points: 1")
    path = tmp_path / "equal.yaml"
    path.write_text(text, encoding="utf-8")
    result = arena(interpreter.load(str(path)), ["random", "greedy"], 3, 1)
    (pair,) = result.pairs
    assert (pair.games, pair.a_better, pair.equal, pair.b_better) == (6, 0, 6, 0)
    assert pair.mean_difference == 0


def test_a_histogram_has_twenty_bins_when_the_values_are_many():
    from collections import Counter
    many = histogram(Counter({v: 1 for v in range(100)}))
    assert len(many["edges"]) == 21 and many["counts"] == [5] * 20
    assert many["edges"][0] == 0 and many["edges"][1] == pytest.approx(4.95) and many["edges"][-1] == 99
    few = histogram(Counter({v: 2 for v in range(20)}))
    assert few == {"values": [float(v) for v in range(20)], "counts": [2] * 20}


# --- comparing variants match by match -----------------------------------------------------------

def test_comparison_of_variants_counts_win_differences_per_side():
    c = Comparison(variants=["a", "b"], side_names=("X", "Y"))
    c.add_match([([10, 5], 0, 3), ([4, 8], 1, 4)])       # X won under a, Y under b
    c.add_match([([7, 5], 0, 3), ([9, 8], 0, 6)])        # X won under both
    assert (c.wins[1][0].mean(), c.wins[1][1].mean()) == (-0.5, 0.5)
    assert (c.score[1][0].mean(), c.score[1][1].mean(), c.deals[1].mean()) == (-2.0, 3.0, 2.0)
    (row,) = c.to_json()
    assert [side["win_rate_difference"] for side in row["sides"]] == [-0.5, 0.5]


def test_summary_text_gives_each_seats_advantage_with_its_half_width():
    lines = summary_lines(three_seats(), "T", "1", "matches")
    rows = {line.split()[0]: line.split() for line in lines if line[:2] in ("0 ", "1 ", "2 ")}
    assert rows["0"][-6:] == ["+16.67", "±", "1.9", "above", "0:", "better"]
    assert rows["1"][-6:] == ["-33.33", "±", "3.81", "below", "0:", "worse"]


def test_summary_text_aligns_rule_names_to_the_left():
    s = Summary(players=["p", "q"], side_names=("X", "Y"), side_seats=((0,), (1,)))
    s.add_deal(0, [1, 0], [1, 0], ["a", "longer"], {}, False)
    s.add_deal(1, [0, 1], [0, 1], ["a"], {}, False)
    s.add_match([1, 1], [1, 1], None)
    lines = summary_lines(s, "T", "1", "matches")
    at = lines.index("share of deals where each rule scored:")
    assert lines[at + 1].startswith("a       100.0%") and lines[at + 2].startswith("longer   50.0%")


def test_trick_summary_and_hand_line(tmp_path):
    from interpreter.players.table_view import hand_line, trick_summary
    game = passing(tmp_path, "")
    state = game.new_deal(layout=HANDS, dealer=0)
    for card in ("JH", "AS"):                       # seat 1 gives JH, seat 0 gives AS
        state.apply(state.resolve(card))
    assert state.current_player == 1
    assert hand_line(state, 1) == "*AS  *QS  *JS  *10S  *10H"
    state.apply("10H")
    state.apply("AH")
    assert trick_summary(state, 0) == "  → you win the trick"
    assert trick_summary(state, 1) == "  → seat 0 wins the trick"


def test_a_data_file_cell_writes_a_list_with_dashes_for_nothing():
    from interpreter.simulation.datafile import _value
    assert _value([1, None, 3], "list") == "1 - 3" and _value((None,), "list") == "-"
