"""The JSON Schemas give editors completion and hover help: every property is documented."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

import interpreter

SCHEMAS = sorted((Path(__file__).resolve().parents[2] / "schema").glob("*.schema.json"))


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
