"""Behaviour the seed-3 mutation run (issue 16) found unchecked in the front of the engine:
reading YAML (positions inside scalars, limits, messages), the syntax and its nodes, the
schema's missing sections, explain, the formatter, the auction's checks and the starter file.
Each test pins an exact message, position, value or text on an input where the right answer
is clear (tiny rule files in tmp_path, as in test_teeth_engine.py)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from test_teeth_engine import HEAD

import interpreter
from interpreter.errors import RuleFileError
from interpreter.authoring.explain import explain
from interpreter.authoring.fmt import _same_rules, format_text
from interpreter.language.source import MAX_EXPANDED_VALUES, parse_yaml, read_regular
from interpreter.language.nodes import Pos
from interpreter.authoring.starter import starter_text
from interpreter.language.syntax import _parser, parse


def problems(tmp_path: Path, text: str, name: str = "bad") -> list[tuple[int, int, str, str]]:
    """The problems (not warnings) of a rule file: line, column, message and hint."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    found, _ = interpreter.problems_in(path)
    return [(p.line, p.column, p.message, p.hint) for p in found if not p.warning]


def yaml_problem(text: str) -> interpreter.Problem:
    with pytest.raises(RuleFileError) as caught:
        parse_yaml(text, "t.yaml")
    assert len(caught.value.problems) == 1
    return caught.value.problems[0]


TAIL = """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""

# 2 cards each leave 6 in the pack: the deal after the auction hands them all to 'unused'
BID = "game: Bid\n" + HEAD + """\
deal: 2 each
auction:
  first: seat(0)
  rounds:
    - calls:
        spades: {trump: S}
      ends: at the first call
  then deal: rest to unused
""" + TAIL

NO_DEAL_AFTER = "  then deal: rest to unused\n"


def test_the_auction_file_used_below_is_valid(tmp_path):
    assert problems(tmp_path, BID) == []


# --- positions inside a multi-line scalar --------------------------------------------------------

def test_the_space_a_quoted_line_break_folds_into_is_placed_at_the_next_lines_text():
    source = parse_yaml('k: "ab\n  cd"\n', "t.yaml")
    assert source.data["k"] == "ab cd"
    found = source.problem_in_text(("k",), Pos(1, 3, 1), "m")     # the space between ab and cd
    assert (found.line, found.column) == (2, 3)


def test_an_escaped_line_break_is_no_character_of_the_value():
    source = parse_yaml('k: "ab x\\\n  yz"\n', "t.yaml")
    assert source.data["k"] == "ab xyz"
    found = source.problem_in_text(("k",), Pos(1, 4, 3), "m")     # 'xyz', over the escaped break
    assert (found.line, found.column) == (1, 8)


def test_a_word_at_the_start_of_a_continued_line_is_found_there():
    source = parse_yaml("zz b\nyy c\n", "t.yaml")                  # a plain scalar over two lines
    assert source.data == "zz b yy c"
    found = source.problem_in_text((), Pos(1, 6, 2), "m")          # 'yy'
    assert (found.line, found.column, found.source_line) == (2, 1, "yy c")


# --- YAML limits and messages ---------------------------------------------------------------------

def test_a_document_of_exactly_the_most_values_allowed_is_read():
    def document(extra: int) -> str:
        # the mapping (1), a: and its list of 99 (101), b: and its list of 998 aliases of that
        # list of 100 values (2 + 99,800), c: and its list (2 + 94): 100,000 values in all
        return ("a: &x [" + ",".join(["1"] * 99) + "]\nb: [" + ", ".join(["*x"] * 998) + "]\nc: ["
                + ",".join(["1"] * (94 + extra)) + "]\n")
    assert MAX_EXPANDED_VALUES == 100_000
    source = parse_yaml(document(0), "t.yaml")
    assert (len(source.data["b"]), len(source.data["c"])) == (998, 94)
    found = yaml_problem(document(1))
    assert (found.line, found.column) == (3, 193)
    assert found.message == ("too many aliases: the document would hold more than 100,000 values once "
                             "they are expanded")


def test_bad_indentation_names_the_mapping_it_happened_in():
    found = yaml_problem("a:\n  - 1\n b: 2\n")
    assert (found.line, found.column) == (3, 2)
    assert found.message == "YAML: bad indentation: expected the end of an indented block, found a key indented deeper"
    assert found.hint == "while parsing a block mapping, which starts at line 1, column 1"


def test_a_number_with_too_many_digits_quotes_no_line():
    found = yaml_problem("a: " + "1" * 5000 + "\n")
    assert (found.line, found.column) == (1, 4)
    assert found.message == "a number of 5,000 digits; a number in a rule file may have at most 4,300"
    assert found.source_line == ""
    assert found.format() == ("t.yaml:1:4: a number of 5,000 digits; a number in a rule file may have "
                              "at most 4,300")


def test_a_file_of_exactly_the_size_allowed_is_read(tmp_path):
    path = tmp_path / "ten.txt"
    path.write_bytes(b"0123456789")
    assert read_regular(path, 10) == b"0123456789"
    with pytest.raises(interpreter.errors.UnreadableFileError) as caught:
        read_regular(path, 9)
    assert str(caught.value) == "is 10 bytes; the file may hold at most 9"


# --- the syntax ---------------------------------------------------------------------------------

def test_the_grammar_is_built_once():
    assert _parser() is _parser()


def test_a_long_list_of_expected_words_is_cut_after_eight(tmp_path):
    text = "game: X\n" + HEAD + "deal: 5 each\n" + TAIL.replace("tricks(it)", "tricks(it ]")
    assert problems(tmp_path, text) == [
        (18, 25, ("unexpected character ']'; expected one of '(', ')', '*', '/', '+', '-', ',', 'and', 'except', "
                 "'if', 'or', …"), "")]


def test_order_refs_and_codes_are_frozen_values():
    """parse() is cached: the nodes it returns are shared, so none may change."""
    order = parse("A > K = Q", "order")
    ref = order.tiers[1][0]
    code = parse("hand and AS", "expr").right
    assert (type(ref).__name__, ref.code, type(code).__name__, code.text) == ("Ref", "K", "Code", "AS")
    for node in (ref, code):
        assert hash(node) == hash(dataclasses.replace(node))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(node, dataclasses.fields(node)[0].name, "X")


@pytest.mark.parametrize("text,english", [("not led", "not led"),
                                          ("not (led and trumps)", "not (led and trumps)"),
                                          ("not count(hand) > 1", "not (the number of cards in hand is more than 1)")])
def test_not_in_english(text, english):
    assert parse(text, "expr").english() == english


# --- the schema: a missing section leaves the others checked ----------------------------------

def test_a_missing_section_leaves_the_present_ones_checked(tmp_path):
    assert problems(tmp_path, "game: X\n" + HEAD + "deal: 5 eachh\n") == [
        (1, 1, "missing required key 'play' in the file", "Who leads, what may be played, and who wins a trick."),
        (1, 1, "missing required key 'scoring' in the file",
         "Named values computed once the deal is over, then the awards they lead to."),
        (9, 9, "unexpected 'eachh'; expected one of 'each', 'to', 'x'", "")]


# --- explain ------------------------------------------------------------------------------------

def test_explain_says_when_the_players_draw():
    lines = [line for line in explain("games/sixty-six.yaml").splitlines() if "draws" in line]
    assert lines == [("After each trick every player draws from stock then indicator, the winner first, "
                     "while closer is none.")]


def test_explain_says_the_players_draw_after_every_trick_without_draw_when(tmp_path):
    text = (interpreter.GAMES_DIR / "sixty-six.yaml").read_text(encoding="utf-8")
    old = "  draw when: closer = none\n"
    assert old in text
    path = tmp_path / "draw.yaml"
    path.write_text(text.replace(old, ""), encoding="utf-8")
    lines = [line for line in explain(path).splitlines() if "draws" in line]
    assert lines == ["After each trick every player draws from stock then indicator, the winner first."]


# --- the formatter --------------------------------------------------------------------------------

def test_the_blank_lines_after_a_clipped_block_scalar_are_not_its_text():
    text = "game: X\nabout: |\n  text\n\n\n\nplayers: 2\n"
    assert format_text(text) == "game: X\nabout: |\n  text\n\nplayers: 2\n"


def test_the_blank_lines_after_a_kept_block_scalar_are_its_text():
    text = "game: X\nabout: |+\n  text\n\n\n\nplayers: 2\n"
    assert format_text(text) == text


def test_a_list_and_a_text_of_the_same_letters_are_not_the_same_rules():
    assert _same_rules(["a", "b"], "ab", None) is False
    assert _same_rules("ab", ["a", "b"], None) is False
    assert _same_rules(["a", "b"], ["a", "b"], None) is True


# --- the auction: a broken part is the only problem ---------------------------------------------

def test_a_call_whose_trump_is_broken_is_the_only_problem(tmp_path):
    text = BID.replace("spades: {trump: S}", "spades: {trump: zzz, then deal: rest to unused}") \
        .replace(NO_DEAL_AFTER, "")
    assert [p[:3] for p in problems(tmp_path, text)] == [(14, 25, "unknown name 'zzz'")]


def test_a_call_naming_an_unknown_ranking_is_the_only_problem(tmp_path):
    """The call (the only one, with its own deal) is dropped: no deal after the auction is asked for."""
    text = BID.replace("spades: {trump: S}", "spades: {trump: S, ranking: nope, then deal: rest to unused}") \
        .replace(NO_DEAL_AFTER, "")
    assert problems(tmp_path, text) == [(14, 37, "'ranking' names 'nope', which 'rankings' does not define",
                                         "rankings: none")]


def test_a_broken_pass_condition_is_the_only_problem(tmp_path):
    text = BID.replace("      ends: at", "      pass: zzz\n      ends: at").replace(NO_DEAL_AFTER, "")
    assert [p[:3] for p in problems(tmp_path, text)] == [(15, 13, "unknown name 'zzz'")]


def test_a_round_in_duels_without_rising_calls_is_the_only_problem(tmp_path):
    text = BID.replace("spades: {trump: S}", "spades: {trump: S, value: 1}") \
        .replace("ends: at the first call", "ends: in duels\n      rising: false").replace(NO_DEAL_AFTER, "")
    assert problems(tmp_path, text) == [
        (16, 15, "a round 'in duels' needs rising calls: each call must beat the value held", "remove 'rising: false'")]


def test_a_deal_after_the_auction_short_of_cards_is_the_only_problem(tmp_path):
    text = BID.replace("rest to unused\n", "1 each\n").replace("lead: seat(0)", "lead: taker")
    assert problems(tmp_path, text) == [
        (16, 14, "after the first deal 6 card(s) stay in the pack, but the deal after the auction hands out 2",
         "the two deals together must hand out the whole deck")]


def test_an_unknown_pile_of_the_deal_lists_the_piles(tmp_path):
    assert problems(tmp_path, BID.replace("rest to unused\n", "rest to nowhere\n")) == [
        (16, 22, "the deal names pile 'nowhere', which 'piles' does not define", "piles: unused")]


@pytest.mark.parametrize("to,found", [
    (1000, []),
    (1001, [(14, 32, "'from' 0 to 'to' 1001 is not a range of at most 1000 numbers, lowest first", "")])])
def test_a_range_of_numbers_to_call_is_limited(tmp_path, to, found):
    text = BID.replace("spades: {trump: S}", f"bid: {{for each number: {{from: 0, to: {to}}}}}")
    assert problems(tmp_path, text) == found


# --- the starter file ---------------------------------------------------------------------------

def test_the_starter_title_keeps_its_accents():
    text = starter_text(Path("belote-à-deux.yaml"), "https://example.org/game.schema.json")
    assert 'game: "Belote à deux"' in text
    assert "\\u00e0" not in text
