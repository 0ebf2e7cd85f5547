"""The compiler's problem_details, section by section: a broken input gives exactly the problem_details
expected, each at its place in the file and marked from the start to the end of the text it is
about, and a broken part (a call's trump or ranking, a pass condition, a deal) is the only
problem: what depends on it is not reported again. Rule files are tiny ones written in
``tmp_path``, or a bundled game with one line changed."""
from __future__ import annotations

import pytest

from helpers import (FLAT, FOLLOW_AND_TRICKS_TAIL, FOLLOW_FROM_SEAT_0, FOUR_RANKS_HEAD, OFFER, TWO_SUITS_HEAD,
                     problem_details, problem_messages, texts, tiny)
import interpreter


# --- how a problem is shown: where the caret goes and how wide it is ---------------------------

POINTS = "game: Points\n" + TWO_SUITS_HEAD + """\
deal: 1 each, rest to unused
""" + FOLLOW_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: a
      to: seat(0)
      points: POINTS
"""


@pytest.mark.parametrize("points,shown", [
    # a word glued to a number: the word alone is quoted and marked
    ("10 _bonus", [("18:18: unexpected '_bonus'; expected one of '*', '/', '+', '-', 'and', 'except', 'if', "
                    "'or', a comparison, the end of the text"),
                   "          points: 10 _bonus",
                   "                     ^^^^^^"]),
    # a binary expression is marked from its left operand's start to its right operand's end
    ("count(hand and S) + (tricks_played = 1)",
     ["18:36: '+' needs numbers, found a condition",
      "          points: count(hand and S) + (tricks_played = 1)",
      "                                       ^^^^^^^^^^^^^^^^^"]),
    ("tricks(seat(0)) and 3", ["18:15: 'and' joins two conditions or two card sets, found a number and a number",
                               "          points: tricks(seat(0)) and 3",
                               "                  ^^^^^^^^^^^^^^^^^^^^^"]),
    # an empty block scalar: the caret on its indicator
    ("|", ["18:15: the text is empty; expected one of '(', '-', 'not', a code or number, a name",
           "          points: |",
           "                  ^"]),
    # a call with too many arguments: marked from its name to its closing parenthesis
    ("count(hand, trumps) + 1", ["18:15: 'count' takes 1 argument(s), found 2",
                                 "          points: count(hand, trumps) + 1",
                                 "                  ^^^^^^^^^^^^^^^^^^^",
                                 "    hint: example: count(hand and trumps) > 0"]),
    # the text ends too soon: one caret just after its end
    ('"1 +"', ["18:19: the text ends after '1 +'; expected one of '(', '-', a code or number, a name",
               '          points: "1 +"',
               "                      ^"]),
    ("'(1 + 2'", ["18:22: the text ends after '(1 + 2'; expected ')'",
                  "          points: '(1 + 2'",
                  "                         ^"]),
    ("1 +", ["18:18: the text ends after '1 +'; expected one of '(', '-', a code or number, a name",
             "          points: 1 +",
             "                     ^"]),
])
def test_a_problem_marks_the_text_it_is_about(tmp_path, points, shown):
    path = tmp_path / "points.yaml"
    path.write_text(POINTS.replace("POINTS", points), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None and len(found) == 1
    assert found[0].format().removeprefix(f"{path}:").splitlines() == shown


def line_of(text: str, fragment: str) -> int:
    """The line (from 1) of a bundled file where a fragment the test changes begins, so that a
    test stays right when the file grows above it."""
    return text[:text.index(fragment)].count("\n") + 1


# --- the cards: an order that leaves out cards, the teams' seats -------------------------------

def test_an_order_leaving_out_cards_is_one_problem(tmp_path):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    text = text.replace(" > 4 > 3B = 3S\n", " > 4\n")
    found = problem_messages(tmp_path, text)
    assert found == ["the order leaves out 2 card(s): 3B 3S"]


@pytest.mark.parametrize("old,new,message", [
    (" > 4 > 3B = 3S\n", " > 4\n", "{line}:8: the order leaves out 2 card(s): 3B 3S"),
    # nine cards left out: the first eight are named, then '…'
    (" > 2B > 2S > 1 > K > N > J > 9B = 9S > 8 > 7 > 6 > 5 > 4 > 3B = 3S\n", " > 2B > 1 > K > N > J > 8 > 7 > 6 > 5\n",
     "{line}:8: the order leaves out 9 card(s): 4O 4C 3B 4B 9B 2S 3S 4S …"),
    (" > 2B > 2S > 1 > K > N > J > 9B = 9S > 8 > 7 > 6 > 5 > 4 > 3B = 3S\n", " > 2B > 1 > K > N > J > 8 > 7 > 6 > 5 > 4\n",
     "{line}:8: the order leaves out 5 card(s): 3B 9B 2S 3S 9S"),
    # a team's seats: the problem of the list item, not of the whole value
    ("  North-South: [0, 2]", "  North-South: [0, 9]", "{line}:20: teams/North-South/1 must be at most 7, found 9"),
    ("  East-West: [1, 3]", "  East-West: 13", "{line}:14: teams/East-West must be a list or text, found the number 13"),
])
def test_aluette_with_one_change_has_exactly_this_problem(tmp_path, old, new, message):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "changed.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None
    assert [p.format().removeprefix(f"{path}:").splitlines()[0] for p in found] == [
        message.format(line=line_of(text, old))]


# --- the deal ----------------------------------------------------------------------------------

def test_a_keyword_run_into_the_first_word_of_a_deal_is_quoted_from_its_start(tmp_path):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    old = "deal: 3 each, 3 each, 3 each, rest to unused"
    assert old in text
    path = tmp_path / "deal.yaml"
    path.write_text(text.replace(old, "deal: 3eachh, 3 each, 3 each, rest to unused"), encoding="utf-8")
    found, _ = interpreter.problems_in(path)
    assert len(found) == 1
    line = found[0].format().removeprefix(f"{path}:").splitlines()[0]
    assert line.startswith(f"{line_of(text, old)}:7: unexpected '3eachh'; expected ")  # the word from its first character,
    assert "^^^^^^" in found[0].format() and "^^^^^^^" not in found[0].format()  # without the comma after it


@pytest.mark.parametrize("deal,where", [
    ("1 x (1 each, 1 x (1 each, 1 x (1 each, 1 x (1 each)))), 5 each, rest to unused", None),
    # a group repeated inside four others is refused (at the innermost group)
    ("1 x (1 each, 1 x (1 each, 1 x (1 each, 1 x (1 each, 1 x (1 each))))), 4 each, rest to unused", "{line}:59"),
])
def test_repeated_groups_nest_four_deep_at_most(tmp_path, deal, where):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    old = "deal: 3 each, 3 each, 3 each, rest to unused"
    assert old in text
    path = tmp_path / "nested.yaml"
    path.write_text(text.replace(old, "deal: " + deal), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    if where is None:
        assert found == [] and [h.bit_count() for h in game.new_deal(seed=1).dealt] == [9] * 4
    else:
        assert game is None and [p.format().removeprefix(f"{path}:").split(": ")[0] for p in found] == [where.format(line=line_of(text, old))]
        assert "repeated groups nest at most four deep; this one is the fifth" in found[0].format()


# --- the auction: a broken part is the only problem ---------------------------------------------


# 2 cards each leave 6 in the pack: the deal after the auction hands them all to 'unused'
BID = "game: Bid\n" + TWO_SUITS_HEAD + """\
deal: 2 each
auction:
  first: seat(0)
  rounds:
    - calls:
        spades: {trump: S}
      ends: at the first call
  then deal: rest to unused
""" + FOLLOW_AND_TRICKS_TAIL

NO_DEAL_AFTER = "  then deal: rest to unused\n"


def test_the_auction_file_used_below_is_valid(tmp_path):
    assert problem_details(tmp_path, BID) == []


def test_a_call_whose_trump_is_broken_is_the_only_problem(tmp_path):
    text = BID.replace("spades: {trump: S}", "spades: {trump: zzz, then deal: rest to unused}") \
        .replace(NO_DEAL_AFTER, "")
    assert [p[:3] for p in problem_details(tmp_path, text)] == [(14, 25, "unknown name 'zzz'")]


def test_a_call_naming_an_unknown_ranking_is_the_only_problem(tmp_path):
    """The call (the only one, with its own deal) is dropped: no deal after the auction is asked for."""
    text = BID.replace("spades: {trump: S}", "spades: {trump: S, ranking: nope, then deal: rest to unused}") \
        .replace(NO_DEAL_AFTER, "")
    assert problem_details(tmp_path, text) == [(14, 37, "'ranking' names 'nope', which 'rankings' does not define",
                                         "rankings: none")]


def test_a_broken_pass_condition_is_the_only_problem(tmp_path):
    text = BID.replace("      ends: at", "      pass: zzz\n      ends: at").replace(NO_DEAL_AFTER, "")
    assert [p[:3] for p in problem_details(tmp_path, text)] == [(15, 13, "unknown name 'zzz'")]


def test_a_round_in_duels_without_rising_calls_is_the_only_problem(tmp_path):
    text = BID.replace("spades: {trump: S}", "spades: {trump: S, value: 1}") \
        .replace("ends: at the first call", "ends: in duels\n      rising: false").replace(NO_DEAL_AFTER, "")
    assert problem_details(tmp_path, text) == [
        (16, 15, "a round 'in duels' needs rising calls: each call must beat the value held", "remove 'rising: false'")]


@pytest.mark.parametrize("to,found", [
    (1000, []),
    (1001, [(14, 32, "'from' 0 to 'to' 1001 is not a range of at most 1000 numbers, lowest first", "")])])
def test_a_range_of_numbers_to_call_is_limited(tmp_path, to, found):
    text = BID.replace("spades: {trump: S}", f"bid: {{for each number: {{from: 0, to: {to}}}}}")
    assert problem_details(tmp_path, text) == found


def test_a_range_of_one_number_is_one_call(tmp_path):
    """'from' equal to 'to' is a range, lowest first: the call is made at that one number."""
    text = BID.replace("spades: {trump: S}", "bid: {for each number: {from: 3, to: 3}}")
    assert problem_details(tmp_path, text) == []
    assert texts(tiny(tmp_path, text).new_deal(seed=1)) == ["bid 3", "pass"]


@pytest.mark.parametrize("name,message", [
    ("{suit}", "the call's name holds '{suit}', but the call has no 'for each suit' to fill it"),
    ("bid {x}", "the call's name holds '{x}', which names nothing: a name may hold '{number}' and '{suit}'")])
def test_a_hole_in_a_calls_name_is_marked_at_the_name(tmp_path, name, message):
    """The problem is the name (the key, column 9), not the call's settings after it."""
    text = BID.replace("spades: {trump: S}", f'"{name}": {{for each number: [1, 2]}}')
    assert problem_details(tmp_path, text) == [(14, 9, message, "")]


def test_a_broken_deal_of_a_call_is_its_only_problem(tmp_path):
    text = FLAT.replace("flat: {trump: H, ranking: flat}", "flat: {trump: H, ranking: flat, then deal: 3 eachh}")
    assert problem_messages(tmp_path, text) == ["unexpected 'eachh'; expected one of 'each', 'to', 'x'"]


# --- the deal after the auction: the rest of the pack, to the hands or to a pile ---------------

REST_AFTER_THE_AUCTION = """\
game: Rest after the auction
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
piles:
  unused: {seen by: nobody}
deal: 2 each
auction:
  first: next(dealer)
  rounds:
    - calls:
        plain: {trump: H}
      ends: at the first call
  then deal: THEN
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: p
      to: each_seat
      points: points(it)
"""


@pytest.mark.parametrize("then,hands,problem", [
    ("rest to unused", [2, 2], None),                     # the 6 cards left go to the pile
    ("1 each, rest to unused", [3, 3], None),             # 2 dealt, the 4 left to the pile
    ("3 each", [5, 5], None),                             # exactly the 6 left
    ("2 each", None, "after the first deal 6 card(s) stay in the pack, but the deal after the auction hands out 4"),
    ("4 each, rest to unused", None,
     "after the first deal 6 card(s) stay in the pack, but the deal after the auction hands out 8 before 'rest to'"),
    ("rest to unused, 1 each", None, "'rest to' must come once, as the last step of the deal"),
])
def test_a_deal_after_the_auction_may_end_with_rest_to_a_pile(tmp_path, then, hands, problem):
    path = tmp_path / "rest.yaml"
    path.write_text(REST_AFTER_THE_AUCTION.replace("THEN", then), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    if problem is None:
        assert found == []
        state = game.new_deal(seed=3)
        state.apply("plain")
        assert [h.bit_count() for h in state.hands] == hands
        assert sum(len(p) for p in state.piles) == 10 - sum(hands)
    else:
        assert game is None and len(found) == 1 and problem in found[0].format()


def test_the_deal_after_the_auction_must_hand_out_the_rest_of_the_pack(tmp_path):
    text = (interpreter.GAMES_DIR / "belote.yaml").read_text(encoding="utf-8")
    old = "then deal: turnup to taker, 3 each but taker 2"
    assert old in text
    assert problem_messages(tmp_path, text.replace(old, "then deal: turnup to taker, 3 each but taker 1")) == [
        "after the first deal 11 card(s) stay in the pack, but the deal after the auction hands out 10"]


def test_a_deal_after_the_auction_short_of_cards_is_the_only_problem(tmp_path):
    text = BID.replace("rest to unused\n", "1 each\n").replace("lead: seat(0)", "lead: taker")
    assert problem_details(tmp_path, text) == [
        (16, 14, "after the first deal 6 card(s) stay in the pack, but the deal after the auction hands out 2",
         "the two deals together must hand out the whole deck")]


def test_an_unknown_pile_of_the_deal_lists_the_piles(tmp_path):
    assert problem_details(tmp_path, BID.replace("rest to unused\n", "rest to nowhere\n")) == [
        (16, 22, "the deal names pile 'nowhere', which 'piles' does not define", "piles: unused")]


def test_an_unknown_pile_of_a_file_without_piles_asks_to_declare_it(tmp_path):
    text = "game: No piles\n" + FOUR_RANKS_HEAD + "deal: 4 each but dealer 0, 4 to dealer\n" + FOLLOW_AND_TRICKS_TAIL
    assert problem_details(tmp_path, text) == [
        (7, 33, "the deal names pile 'dealer', which 'piles' does not define", "declare it under 'piles'")]


# --- play: a mark an action sets must be declared ------------------------------------------------


def test_an_action_setting_an_undeclared_mark_is_a_problem_at_the_mark(tmp_path):
    text = OFFER.replace("BY", "      by: seat(1)\n").replace('set: {doubled: "true"}', 'set: {redoubled: "true"}')
    path = tmp_path / "offer.yaml"
    path.write_text(text, encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None
    assert [p.format().removeprefix(f"{path}:").splitlines()[0] for p in found] == \
        ["20:13: 'redoubled' is not declared under 'marks'"]
    assert found[0].hint == "marks: doubled"


# --- scoring: a counter's name -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["dealer", "winner"])
def test_a_counter_may_not_take_a_built_in_or_let_name(tmp_path, name):
    """The problem is marked at the counter's name, on the line after 'counters:'."""
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    text += f"\ncounters:\n  {name}:\n    of: team\n    start: 0\n    then: 1\n"
    assert problem_details(tmp_path, text) == [
        (line_of(text, "counters:") + 1, 3, f"'{name}' is already a built-in or let name", "")]


# --- words: each of the page's own words stands for a rule of the file ---------------------------

WORDS_HINT = ("a key is a let's or a mark's name (or 'not NAME'), 'award RULE', 'follow N' or 'may lead N'; "
              "lets and marks: ")


@pytest.mark.parametrize("key,found", [
    ("ahead", []),
    ("not ahead", []),
    ("gone", [(29, 3, "'words' has 'gone', which stands for no rule of the file", WORDS_HINT + "ahead")]),
    ("not gone", [(29, 3, "'words' has 'not gone', which stands for no rule of the file", WORDS_HINT + "ahead")]),
])
def test_words_for_a_let_that_is_not_there_are_a_problem_at_the_key(tmp_path, key, found):
    """Words left behind when a let is renamed are reported where they are, not ignored."""
    text = BID + "let:\n  ahead: tricks(seat(0)) > tricks(seat(1))\nwords:\n  " + key + ": seat 0 is ahead\n"
    assert problem_details(tmp_path, text) == found


def test_a_card_ranked_again_and_again_is_one_problem_quoting_a_window_of_the_line(tmp_path):
    """40,000 repeats once gave 40,000 problems, each quoting the whole line: a 47 KB file
    printed 600 MB."""
    text = (interpreter.GAMES_DIR / "whist.yaml").read_text(encoding="utf-8")
    order = "order: A > K > Q > J > 10 > 9 > 8 > 7 > 6 > 5 > 4 > 3 > 2"
    assert order in text
    path = tmp_path / "repeats.yaml"
    path.write_text(text.replace(order, order + " > 2S" * 5000 + " > K" * 5000), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None
    shown = [p.format().removeprefix(f"{path}:") for p in found]
    assert [s.splitlines()[0] for s in shown] == [
        f"{line_of(text, order)}:61: card 2S is ranked 5001 times (first as part of '2')",
        f"{line_of(text, order)}:{61 + 5 * 5000}: 'K' names no card that is not ranked already (5000 times)"]
    for problem in shown:
        quoted, caret = problem.splitlines()[1:3]
        assert len(quoted) < 130 and quoted.strip().startswith("…") and quoted.endswith("…")
        assert quoted[caret.index("^"):].startswith(("2S", "K"))           # the caret under the card

