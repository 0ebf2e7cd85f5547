"""Mutation fuzzing: damaged rule files go through validate and, when they still compile, a
short simulation; damaged records go through replay. Bad input may be refused, but only with
an atout error (one line for a person): never a Python traceback, never a hang.

Each bundled game gets 320 mutants (set ``ATOUT_FUZZ_MUTANTS``, e.g. to 5000, for a deeper run)
and each recorded playthrough 100; the mutations are seeded, so a failure names a mutant that
can be made again. The rule-file mutants are most of the suite's time (each is
parsed, validated and, when it compiles, played), hence the default.
"""
from __future__ import annotations

import copy
import json
import os
from pathlib import Path
import random
import re

import pytest

import interpreter
from interpreter.errors import AtoutError
from interpreter.language.translation import LANGUAGES
from interpreter.simulation.records import read_record, replay
from interpreter.simulation.simulate import simulate

GAMES = interpreter.bundled_games()
PLAYTHROUGHS = sorted((Path(__file__).resolve().parents[1] / "playthroughs").glob("*.json"))
RULE_MUTANTS = int(os.environ.get("ATOUT_FUZZ_MUTANTS", "320"))
RECORD_MUTANTS = 100


TRANSLATED = re.compile(rf"^(\s*)(?:{'|'.join(code for code in LANGUAGES if code != 'en')}):(\s|$)")
"""A name or a text of the rule file in a language other than English (``da: Konge``)."""


def rule_lines(lines: list[str]) -> list[int]:
    """The lines of the rules themselves: all but the translations of names and texts (a
    language's entry and the lines its folded text continues on), which the schema reads as
    plain text. Mutants aimed there would spend the fuzz's time on prose."""
    out, inside = [], None
    for i, line in enumerate(lines):
        indent = len(line) - len(line.lstrip())
        if inside is not None and (indent > inside or not line.strip()):
            continue
        inside = None
        found = TRANSLATED.match(line)
        if found:
            inside = len(found.group(1))
            continue
        out.append(i)
    return out


def mutate_text(text: str, rng: random.Random) -> str:
    """One to three small edits of the kinds a person makes: a line lost or repeated, a word
    swapped for another word of the file, a number changed, a character dropped or doubled.
    Nine edits in ten fall on the rules, one in ten on any line (a translation too)."""
    lines = text.splitlines(keepends=True)
    words = "".join(lines[i] for i in rule_lines(lines)).split()
    for _ in range(rng.randint(1, 3)):
        rules = rule_lines(lines)
        i = rng.choice(rules) if rules and rng.random() < 0.9 else rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0 and len(lines) > 1:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2 and lines[i].split():
            old = rng.choice(lines[i].split())
            lines[i] = lines[i].replace(old, rng.choice(words), 1)
        elif kind == 3:
            digits = [k for k, ch in enumerate(lines[i]) if ch.isdigit()]
            if digits:
                k = rng.choice(digits)
                lines[i] = lines[i][:k] + rng.choice(["0", "9", "13", "-1", "0.5", "99999"]) + lines[i][k + 1:]
        elif lines[i].strip():
            k = rng.randrange(len(lines[i].rstrip("\n")) or 1)
            lines[i] = lines[i][:k] + (lines[i][k] * 2 if kind == 4 else "") + lines[i][k + 1:]
    return "".join(lines)


CHUNKS = 4  # each game's mutants in four tests, so that parallel workers share them evenly


@pytest.mark.parametrize("path,chunk", [(p, c) for p in GAMES for c in range(CHUNKS)],
                         ids=lambda x: x.stem if isinstance(x, Path) else str(x))
def test_mutated_rule_files_validate_and_play_without_tracebacks(path, chunk, tmp_path):
    rng = random.Random(f"fuzz-{path.stem}-{chunk}")
    text = path.read_text(encoding="utf-8")
    mutant_path = tmp_path / path.name
    compiled = 0
    size = RULE_MUTANTS // CHUNKS
    for n in range(chunk * size, (chunk + 1) * size):
        mutant = mutate_text(text, rng)
        mutant_path.write_text(mutant, encoding="utf-8")
        try:
            problems, game = interpreter.problems_in(mutant_path)
            for problem in problems:
                assert problem.format().splitlines()[0], problem
            if game is None:
                continue
            compiled += 1
            simulate(game, 1, n, ["greedy"] + ["random"] * (game.players - 1), single_deals=True)
        except AtoutError:
            continue
        except Exception as err:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{path.stem} mutant {n} raised {type(err).__name__}: {err}\n--- mutant ---\n{mutant}")
    assert 0 < compiled < size  # mutants both compile and fail to: the fuzz reaches the engine


def mutate_record(record: dict, rng: random.Random) -> dict:
    """A record with one field changed, removed, truncated or retyped."""
    record = copy.deepcopy(record)
    nodes = []

    def walk(node, parent, key):
        nodes.append((parent, key, node))
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, node, k)
        elif isinstance(node, list):
            for k, v in enumerate(node):
                walk(v, node, k)

    walk(record, None, None)
    parent, key, node = rng.choice(nodes[1:])
    kind = rng.randrange(5)
    if kind == 0:
        del parent[key]
    elif kind == 1 and isinstance(node, str):
        parent[key] = rng.choice(["play 3O", "pass", "", "take", "play XX", node[::-1], "discard EX"])
    elif kind == 2 and isinstance(node, list) and node:
        del node[rng.randrange(len(node)):]
    elif kind == 3:
        parent[key] = rng.choice([None, -1, 7, 10 ** 6, "x", [], {}, True])
    elif isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + rng.choice([-1, 1])
    else:
        parent[key] = json.loads(json.dumps(node))
    return record


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_mutated_records_replay_without_tracebacks(path, tmp_path):
    rng = random.Random(f"fuzz-record-{path.stem}")
    original = json.loads(path.read_text(encoding="utf-8"))
    mutant_path = tmp_path / path.name
    refused = 0
    for n in range(RECORD_MUTANTS):
        mutant = mutate_record(original, rng)
        mutant_path.write_text(json.dumps(mutant), encoding="utf-8")
        try:
            for where, record in read_record(mutant_path):
                replay(record, where, interpreter.load, path.parent)
        except AtoutError:
            refused += 1
        except Exception as err:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{path.stem} record mutant {n} raised {type(err).__name__}: {err}\n"
                        f"--- mutant ---\n{json.dumps(mutant)[:2000]}")
    assert refused > 0
