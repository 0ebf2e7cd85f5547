"""Checks a rule document against schema/game.schema.json (JSON Schema 2020-12)."""
from __future__ import annotations

from collections.abc import Set
from datetime import date
from difflib import get_close_matches
from functools import lru_cache
import json
import math
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from ..data import data_dir
from ..errors import Problem
from .source import Source

SCHEMA_DIR = data_dir("schema")


@lru_cache(maxsize=None)
def validator(name: str) -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / name).read_text(encoding="utf-8"))
    return Draft202012Validator(schema)


def check(source: Source, schema: str = "game.schema.json") -> tuple[list[Problem], set[str]]:
    """Every schema problem of the document, and the top-level keys they fall in."""
    if not isinstance(source.data, dict):
        found = "an empty file" if source.data is None else f"{_kind(source.data)}"
        return [Problem(source.path, 1, 1, f"a rule file must be a mapping of sections (game:, players:, …), found {found}",
                        source.line_text(1))], {"*"}
    problems, broken = [], set()
    non_finite = list(_non_finite(source.data, ()))
    for path in non_finite:
        broken.add(str(path[0]))
        value, limit = source.value_at(path), sys.get_int_max_str_digits()
        problems.append(source.problem(path, f"{_where(path)} must be a finite number, found {value}"
                                       if isinstance(value, float) else
                                       f"{_where(path)} is a number of more than {limit:,} digits; a number in a "
                                       f"rule file may have at most {limit:,}"))
    nulls = list(_null_keys(source.data, ()))
    for path in nulls:
        broken.add(str(path[0]) if path[:-1] else "*")
        problems.append(source.problem(path, f"a key in {_where(path[:-1])} is read by YAML as nothing (null)",
                                       "write it in quotes (\"null\") or choose another name", key=True))
    # jsonschema writes the values it reports in decimal, which fails for too long numbers
    data = _without(source.data, (), set(non_finite) | set(nulls)) if non_finite or nulls else source.data
    for error in validator(schema).iter_errors(data):
        for leaf in _leaves(error):
            path = tuple(leaf.absolute_path)
            if path in non_finite:
                continue
            if path:
                broken.add(str(path[0]))
            elif leaf.validator == "required":
                broken.update(k for k in leaf.validator_value if k not in source.data)
            if leaf.validator == "additionalProperties":
                problems.extend(_unknown_keys(source, leaf, path))
            else:
                problems.append(_problem(source, leaf, path))
    unique = {(p.line, p.column, p.message): p for p in problems}
    return list(unique.values()), broken


def _non_finite(node, path: tuple):
    """Paths of the values YAML reads as .nan or .inf, which no rule can use, and of whole
    numbers (written in hex, octal or binary) too long for Python to write in decimal."""
    if isinstance(node, float) and not math.isfinite(node):
        yield path
    elif isinstance(node, int) and sys.get_int_max_str_digits() and abs(node) >= _too_long():
        yield path
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _non_finite(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _non_finite(value, path + (i,))


def _null_keys(node, path: tuple):
    """Paths of the mapping keys YAML reads as null ('null', '~'), which name nothing."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key is None:
                yield path + (key,)
            else:
                yield from _null_keys(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _null_keys(value, path + (i,))


def _without(node, path: tuple, paths: set[tuple]):
    """A plain copy of ``node`` with the values at ``paths`` replaced by None (keys: left out)."""
    if path in paths:
        return None
    if isinstance(node, dict):
        return {key: _without(value, path + (key,), paths) for key, value in node.items()
                if path + (key,) not in paths or key is not None}
    if isinstance(node, list):
        return [_without(value, path + (i,), paths) for i, value in enumerate(node)]
    return node


@lru_cache(maxsize=1)
def _too_long() -> int:
    """The smallest whole number whose decimal form Python refuses to write."""
    return 10 ** sys.get_int_max_str_digits()


def _leaves(error: ValidationError):
    """For oneOf/anyOf failures, the most relevant sub-errors instead of a summary:
    the deepest ones, or else those of the alternative whose type matched."""
    if error.context and error.validator in ("oneOf", "anyOf") and not _alternative_keys(error.schema):
        deepest = max(len(e.absolute_path) for e in error.context)
        if deepest > len(error.absolute_path):
            yield from (e for e in error.context if len(e.absolute_path) == deepest)
            return
        matched = [e for e in error.context if e.validator != "type"]
        if matched:
            yield from matched
            return
    yield error


def _alternative_keys(schema) -> list[str]:
    """The keys of a oneOf whose every alternative only requires one key ('this or that')."""
    options = schema.get("oneOf", []) if isinstance(schema, dict) else []
    if options and all(set(o) == {"required"} and len(o["required"]) == 1 for o in options):
        return [o["required"][0] for o in options]
    return []


def _where(path: tuple) -> str:
    return "/".join(str(p) for p in path) or "the file"


_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text", "object": "a mapping",
               "array": "a list", "boolean": "true or false"}


def _kind(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value[:40]}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, date):
        return f"the date {value}"
    if isinstance(value, bytes):
        return "binary data"
    if isinstance(value, Set):
        return "a set"
    tag = getattr(getattr(value, "tag", None), "value", None)
    if tag:
        return f"a value tagged {tag.replace('tag:yaml.org,2002:', '!!')}"
    return "nothing" if value is None else type(value).__name__


def _unknown_keys(source: Source, error: ValidationError, path: tuple) -> list[Problem]:
    """One problem per key that the schema does not know, with the keys it does know."""
    known = list(error.schema.get("properties", {}))
    where = _where(path)
    problems = []
    for key in error.instance:
        if key not in known:
            close = get_close_matches(str(key), known, n=1)
            hint = (f"did you mean '{close[0]}'? " if close else "") + f"known keys: {', '.join(known)}"
            problems.append(source.problem(path + (key,), f"unknown key '{key}' in {where}", hint, key=True))
    return problems


def _problem(source: Source, error: ValidationError, path: tuple) -> Problem:
    v, schema = error.validator, error.schema
    where = _where(path)
    if v == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        desc = schema.get("properties", {}).get(missing, {}).get("description", "")
        return source.problem(path, f"missing required key '{missing}' in {where}", desc, key=bool(path))
    keys = _alternative_keys(schema) if v == "oneOf" else []
    if keys:
        given = [k for k in keys if isinstance(error.instance, dict) and k in error.instance]
        listed = ", ".join(f"'{k}'" for k in keys)
        if len(given) > 1:
            return source.problem(path + (given[1],), f"{where} gives {' and '.join(repr(k) for k in given)}: "
                                  f"it takes exactly one of {listed}", key=True)
        return source.problem(path, f"{where} needs one of {listed}", schema.get("description", ""), key=bool(path))
    if v in ("type", "oneOf", "anyOf"):
        types = [schema["type"]] if v == "type" else [s.get("type") for s in schema[v]]
        want = [t for ts in types for t in ([ts] if isinstance(ts, str) else ts or [])]
        want_words = " or ".join(_TYPE_WORDS.get(w, w) for w in want)
        hint = schema.get("description", "")
        if isinstance(error.instance, bool) and "string" in want:
            hint = ("YAML reads true and false as yes/no values, not as rule language: "
                    "write \"true\" or \"false\" in quotes")
        return source.problem(path, f"{where} must be {want_words}, found {_kind(error.instance)}", hint)
    if v == "enum":
        options = ", ".join(f"'{o}'" for o in schema["enum"])
        return source.problem(path, f"{where} must be one of {options}, found {_kind(error.instance)}")
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return source.problem(path, f"{where} must be {'at least' if 'min' in v.lower() else 'at most'} "
                                    f"{error.validator_value}, found {error.instance}")
    if v == "pattern":
        bad = error.instance
        is_key = "propertyNames" in error.schema_path
        return source.problem(path + ((bad,) if is_key else ()), f"'{bad}' is not a valid {'key' if is_key else 'value'} here",
                              _pattern_hint(error), key=is_key)
    if v in ("minProperties", "minItems", "minLength"):
        return source.problem(path, f"{where} must not be empty")
    if v == "uniqueItems":
        return source.problem(path, f"{where} lists the same value twice")
    return source.problem(path, f"{where}: {error.message}")


def _pattern_hint(error: ValidationError) -> str:
    pattern = error.schema.get("pattern") if isinstance(error.schema, dict) else None
    if pattern and pattern.startswith("^[a-z_][a-z0-9_]*"):
        hint = "names are lower-case letters, digits and '_', starting with a letter"
        return hint + ("; a function adds its parameters, each ending in its type (seat, team, suit or number), "
                       "as in total(seat) or gap(seat, other_seat)" if "(" in pattern else "")
    if pattern and pattern.startswith("^[a-z]{2,3}"):
        return "a name in several languages is keyed by language codes (en, fr, de, da, …), as in {en: <name>, fr: <nom>}"
    if pattern:
        return "codes start with a capital letter (or a digit, for ranks) followed by letters or digits"
    return ""
