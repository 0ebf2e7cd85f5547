"""Where a rule file's rule-language strings are: every string the schema describes as rule
language, with its path in the document and the grammar's start rule it is parsed from
(the formatter respaces them, the language server analyses them)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
import json
import re
from typing import TYPE_CHECKING, Any

from ..data import data_dir

if TYPE_CHECKING:
    from ruamel.yaml.comments import CommentedMap

ORDER_KEYS = ("order", "trump order", "sequence order")
DEAL_KEYS = ("deal", "then deal")
CLAUSE_KEYS = ("follow", "may lead")


@dataclass(frozen=True)
class RuleString:
    """A string of the document written in the rule language."""

    path: tuple
    start: str          # the grammar's start rule: order, deal, clause or expr
    text: str


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads((data_dir("schema") / "game.schema.json").read_text(encoding="utf-8"))


def rule_strings(data: CommentedMap) -> list[RuleString]:
    """The rule-language strings of a document, found where the schema says 'Rule language'
    (variants' changes are read with the schema of the sections they replace)."""
    found: list[RuleString] = []
    _walk(data, schema(), (), False, found)
    for name, variant in items_of(data.get("variants")):
        changes = variant.get("changes") if isinstance(variant, dict) else None
        if isinstance(changes, dict):
            _walk(changes, schema(), ("variants", name, "changes"), False, found)
    return found


def _is_rule(node: dict) -> bool:
    words = node.get("description", "")
    return words.startswith("Rule language") or "rule-language" in words


def _start(path: tuple) -> str:
    keys = [k for k in path if isinstance(k, str)]
    last = keys[-1] if keys else ""
    if last in ORDER_KEYS:
        return "order"
    if last in DEAL_KEYS or (last == "deal" and "actions" in keys):
        return "deal"
    if last in CLAUSE_KEYS:
        return "clause"
    return "expr"


def _walk(data: Any, node: dict, path: tuple, rule: bool, found: list[RuleString]) -> None:
    rule = rule or _is_rule(node)
    if isinstance(data, str):
        if rule or any(_is_rule(choice) for choice in node.get("oneOf", []) + node.get("anyOf", [])):
            found.append(RuleString(path, _start(path), data))
        return
    if isinstance(data, list):
        items = node.get("items", {}) if isinstance(node.get("items"), dict) else {}
        for i, item in enumerate(data):
            _walk(item, items, path + (i,), rule, found)
        return
    if isinstance(data, dict):
        for key, value in data.items():
            _walk(value, sub_schema(node, str(key)), path + (key,), rule, found)


def sub_schema(node: dict, key: str) -> dict:
    """The schema of the value under ``key`` of an object described by ``node``."""
    for choice in [node] + node.get("oneOf", []) + node.get("anyOf", []):
        if key in choice.get("properties", {}):
            return choice["properties"][key]
        for pattern, sub in choice.get("patternProperties", {}).items():
            if re.search(pattern, key):
                return sub
        if isinstance(choice.get("additionalProperties"), dict):
            return _merged(choice["additionalProperties"])
    return {}


def _merged(node: dict) -> dict:
    """A schema node with one object choice of its oneOf folded in, so keys can be looked up."""
    for choice in node.get("oneOf", []):
        if choice.get("type") == "object":
            merged = dict(choice)
            merged["description"] = node.get("description", choice.get("description", ""))
            return merged
    return node


def items_of(value: Any) -> list[tuple[str, Any]]:
    return [(str(k), v) for k, v in value.items()] if isinstance(value, dict) else []
