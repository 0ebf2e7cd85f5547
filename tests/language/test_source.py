"""Reading a rule file's YAML with positions: where a problem inside a scalar lands in the file
(quoted strings folded over lines, escapes, plain scalars continued on the next line), the
limits on what is read (the file's size, the values aliases expand to, a number's digits) and
the messages YAML's own errors are given."""
from __future__ import annotations

from pathlib import Path

import pytest

import interpreter
from interpreter.errors import RuleFileError
from interpreter.language.nodes import Pos
from interpreter.language.source import MAX_EXPANDED_VALUES, parse_yaml, read_regular
from helpers import FACTS

BROKEN = Path(__file__).resolve().parents[1] / "broken"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def yaml_problem(text: str) -> interpreter.Problem:
    with pytest.raises(RuleFileError) as caught:
        parse_yaml(text, "t.yaml")
    assert len(caught.value.problems) == 1
    return caught.value.problems[0]


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


# --- positions inside a multi-line double-quoted string with escapes ---------------------


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


def test_a_problem_after_escapes_in_a_quoted_string_is_underlined_in_place():
    problems, _ = interpreter.problems_in(BROKEN / "let_quoted_escapes.yaml")
    assert problems[0].format().splitlines()[1:3] == ['        \\u006eone + nobody"', "                    ^^^^^^"]


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
