"""The JSON Schemas give editors completion and hover help: every property is documented. A
rule file's schema problem_details say what a code or name looks like, underline the key they are
about, and leave the rest of the file checked (a missing or null key does not stop the other
sections' problem_details from being reported)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from helpers import TWO_SUITS_HEAD, problem_details
import interpreter

SCHEMAS = sorted((Path(__file__).resolve().parents[2] / "schema").glob("*.schema.json"))
BROKEN = Path(__file__).resolve().parents[1] / "broken"


def _properties(node, path="#"):
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield f"{path}/properties/{name}", sub
        for key, sub in node.items():
            yield from _properties(sub, f"{path}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _properties(sub, f"{path}/{i}")


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_2020_12(path):
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["required"] and set(schema["required"]) <= set(schema["properties"])
    missing = [e.message for e in Draft202012Validator(schema).iter_errors({})]
    assert missing == [f"'{key}' is a required property" for key in schema["required"]]


@pytest.mark.parametrize("game", sorted(interpreter.bundled_games()), ids=lambda p: p.stem)
def test_the_game_schema_accepts_every_bundled_game_and_refuses_damage(game):
    validator = Draft202012Validator(json.loads((SCHEMAS[0].parent / "game.schema.json").read_text()))
    data = YAML(typ="safe").load(game.read_text(encoding="utf-8"))
    assert list(validator.iter_errors(data)) == []
    assert [e.validator for e in validator.iter_errors({**data, "players": "four"})] == ["type"]
    assert [e.validator for e in validator.iter_errors({**data, "direction": "left"})] == ["enum"]


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_property_has_a_title_and_a_description(path):
    schema = json.loads(path.read_text())
    missing = [where for where, sub in _properties(schema)
               if not (isinstance(sub, dict) and sub.get("title") and sub.get("description"))]
    assert missing == []


def test_every_bundled_game_points_editors_at_the_schema():
    for game in (Path(__file__).resolve().parents[2] / "games").glob("*.yaml"):
        assert game.read_text().startswith("# yaml-language-server: $schema=../schema/game.schema.json\n"), game


# --- a schema problem leaves the rest of the file checked ----------------------------------------


def test_a_missing_section_leaves_the_present_ones_checked(tmp_path):
    assert problem_details(tmp_path, "game: X\n" + TWO_SUITS_HEAD + "deal: 5 eachh\n") == [
        (1, 1, "missing required key 'play' in the file", "Who leads, what may be played, and who wins a trick."),
        (1, 1, "missing required key 'scoring' in the file",
         "Named values computed once the deal is over, then the awards they lead to."),
        (9, 9, "unexpected 'eachh'; expected one of 'each', 'to', 'x'", "")]


def test_a_null_key_in_one_section_leaves_the_others_checked(tmp_path):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    old = "  winner: highest card        # suits play no role: the order alone decides\n"
    assert old in text and "      points: 2\n" in text
    text = text.replace(old, "  winner: highest card\n  null: 1\n").replace("      points: 2\n", "      points: 2 +\n")
    path = tmp_path / "null.yaml"
    path.write_text(text, encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None
    assert [p.format().removeprefix(f"{path}:").splitlines()[0] for p in found] == [
        f"{text.splitlines().index('  null: 1') + 1}:3: a key in play is read by YAML as nothing (null)",
        f"{text.splitlines().index('      points: 2 +') + 1}:18: the text ends after '2 +'; expected one of '(', "
        "'-', a code or number, a name"]


# --- schema problem_details: the hint that goes with each ------------------------------------------

@pytest.mark.parametrize("case, hint", [
    ("suit_code_pattern", "codes start with a capital letter (or a digit, for ranks) followed by letters or digits"),
    ("rank_code_pattern", "codes start with a capital letter (or a digit, for ranks) followed by letters or digits"),
    ("pile_name_pattern", "names are lower-case letters, digits and '_', starting with a letter"),
    ("let_name_pattern", "names are lower-case letters, digits and '_', starting with a letter; a function adds "
                         "its parameters, each ending in its type (seat, team, suit or number), as in total(seat) "
                         "or gap(seat, other_seat)"),
])
def test_pattern_problems_say_what_a_code_or_name_looks_like(case, hint):
    problem_details, game = interpreter.problems_in(BROKEN / f"{case}.yaml")
    assert game is None and len(problem_details) == 1
    lines = problem_details[0].format().splitlines()
    assert lines[-1] == f"    hint: {hint}"


def test_a_pattern_problem_underlines_the_whole_key():
    problem_details, _ = interpreter.problems_in(BROKEN / "pile_name_pattern.yaml")
    assert problem_details[0].format().splitlines()[1:3] == ["      Discards: {seen by: everyone}", "      ^^^^^^^^"]


@pytest.mark.parametrize("number", ["²", "٣", "0", "7", "1" * 30])
def test_a_sentence_for_a_follow_clause_names_one_that_exists(tmp_path, number):
    """The clause's number is ASCII digits within the clauses there are; ``²`` once ended in
    a traceback and ``٣`` was read as 3."""
    text = (interpreter.GAMES_DIR / "belote.yaml").read_text(encoding="utf-8")
    path = tmp_path / "words.yaml"
    path.write_text(text.replace("words:                      # how the rules page reads these lets\n",
                                 f"words:\n  'follow {number}': the sentence of a clause\n", 1), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None and len(found) == 1
    assert "'follow' has 6 clause(s), numbered from 1" in found[0].format()
