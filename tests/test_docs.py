"""docs/language.md stays true: its rule files compile, its rule strings parse, its quotes
of the bundled games are exact, and its table of built-ins is complete."""
from __future__ import annotations

from pathlib import Path
import re

import pytest
from ruamel.yaml import YAML

import interpreter
from interpreter.language.expressions import ExpressionCompiler, Scope, _builtins
from interpreter.language.syntax import parse

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "language.md"

# The top-level sections every rule file has (schema/game.schema.json 'required').
REQUIRED = {"game", "players", "cards", "order", "deal", "play", "scoring"}

# Keys whose string value is rule language, by start rule; anything under 'let', 'set' or
# 'facts' and every item of 'follow' are rule language too.
ORDER_KEYS = {"order", "trump order", "sequence order"}
DEAL_KEYS = {"deal", "then deal"}
EXPR_KEYS = {"lead", "trump", "when", "points", "to", "until", "dealer", "first", "for each suit",
             "always", "draw when", "ends when", "cards", "who", "by", "shown", "for each card",
             "leader wins when", "annul when", "then", "trump cards", "sits out", "value", "seat", "played by"}
# Keys whose value is text, a fixed word or a name, not rule language.
PLAIN_KEYS = {"game", "about", "rule", "direction", "winner", "ties", "ends", "if all pass", "seen by",
              "count", "with", "at", "required", "pays", "last trick", "pass", "rising", "of", "start",
              "ranking", "taker", "call", "leads to", "who passes", "action"}
# Sections whose contents are data (codes, names, types, seats) or prose, never rule language.
DATA_KEYS = {"teams", "marks", "piles", "words", "suits", "ranks", "suit ranks", "extra", "names", "trump points",
             "draw", "of a kind", "doubles"}


def _blocks() -> list[tuple[int, str, str | None]]:
    """Every ```yaml block: (line number, text, the game file it says it quotes)."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    blocks, i = [], 0
    while i < len(lines):
        if lines[i].strip() == "```yaml":
            start, body = i + 1, []
            i += 1
            while lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            marker = re.match(r"<!-- quoted from (\S+) -->", lines[start - 2]) if start >= 2 else None
            blocks.append((start + 1, "\n".join(body) + "\n", marker.group(1) if marker else None))
        i += 1
    return blocks


BLOCKS = _blocks()


def _load(text: str):
    try:
        return YAML(typ="rt").load(text)
    except Exception:  # noqa: BLE001 - reported by test_every_block_is_yaml
        return None


@pytest.mark.parametrize("line,text", [(line, text) for line, text, _ in BLOCKS])
def test_every_block_is_yaml(line, text):
    data = YAML(typ="rt").load(text)
    assert isinstance(data, (dict, list)) and len(data) > 0, f"docs/language.md block at line {line} holds no YAML data"


def _is_rule_file(data) -> bool:
    return isinstance(data, dict) and REQUIRED <= set(map(str, data))


def _rule_strings(node, path: tuple = ()):
    """(path, text, start rule) of every rule-language string in a fragment."""
    if isinstance(node, list):
        for i, item in enumerate(node):
            yield from _rule_strings(item, path + (i,))
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        key = str(key)
        here = path + (key,)
        if key in DATA_KEYS or (key == "cards" and not path) or (key == "points" and isinstance(value, dict)):
            continue
        if path and path[-1] in ("let", "set", "facts"):
            if isinstance(value, str):
                yield here, value, "expr"
            continue
        if key == "follow":
            items = [value] if isinstance(value, str) else value
            for i, item in enumerate(items):
                yield here + (i,), item, "clause"
            continue
        if isinstance(value, (dict, list)):
            yield from _rule_strings(value, here)
            continue
        if not isinstance(value, str):
            continue
        if key in ORDER_KEYS:
            yield here, value, "order"
        elif key in DEAL_KEYS:
            yield here, value, "deal"
        elif key in EXPR_KEYS:
            yield here, value, "expr"
        else:
            # a key this test does not know: classify it above rather than skip it unread
            assert key in PLAIN_KEYS, f"key '{key}' at {here}: is it rule language? add it to the test"


def test_the_doc_has_blocks():
    assert len(BLOCKS) >= 20
    assert sum(len(list(_rule_strings(_load(text)))) for _, text, _ in BLOCKS) >= 100
    assert sum(_is_rule_file(_load(text)) for _, text, _ in BLOCKS) >= 2


@pytest.mark.parametrize("line,text", [(line, text) for line, text, _ in BLOCKS if _is_rule_file(_load(text))])
def test_complete_rule_files_compile(line, text, tmp_path):
    path = tmp_path / f"doc-line-{line}.yaml"
    path.write_text(text, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert problems == [], f"docs/language.md block at line {line}: " + "; ".join(map(str, problems))
    assert game is not None
    state = game.new_deal(seed=1)        # not the line: a block moved by an edit above it deals the same
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
    rules = {award["rule"] for award in _load(text)["scoring"]["award"]}
    assert {reason.rule for reason in result.reasons} <= rules
    assert len(result.seat_scores) == game.players and len(result.team_scores) == len(game.teams)
    by_seat = [0] * game.players
    for reason in result.reasons:
        by_seat[int(reason.to.removeprefix("seat "))] += reason.points
    assert list(result.seat_scores) == by_seat
    assert result.facts["tricks"] == state.tricks and sum(state.tricks) == len(state.winners)
    # the first legal card each time: seat 0 leads and wins every trick, so 'more tricks' goes to it
    assert result.reasons and result.reasons[0].to == "seat 0"


@pytest.mark.parametrize("line,text", [(line, text) for line, text, _ in BLOCKS if not _is_rule_file(_load(text))])
def test_fragment_rule_strings_parse(line, text):
    data = _load(text)
    assert data is not None
    for path, value, start in _rule_strings(data):
        try:
            parse(str(value), start)
        except Exception as err:  # noqa: BLE001 - report which string of which block
            pytest.fail(f"docs/language.md block at line {line}, {'/'.join(map(str, path))}: "
                        f"'{value}' does not parse as {start}: {err}")


def _code_and_comment(line: str) -> tuple[str, str]:
    code, _, comment = line.strip().partition(" #")
    return code.rstrip(), comment.strip()


@pytest.mark.parametrize("line,text,source", [b for b in BLOCKS if b[2]])
def test_quotes_of_bundled_games_are_exact(line, text, source):
    """Each line of a quote is a line of the game file (a trailing comment may be left out)."""
    real = [_code_and_comment(x) for x in (ROOT / source).read_text(encoding="utf-8").splitlines()]
    for offset, quoted in enumerate(text.splitlines()):
        if not quoted.strip():
            continue
        code, comment = _code_and_comment(quoted)
        assert any(code == c and (not comment or comment == m) for c, m in real), \
            f"docs/language.md line {line + offset}: not in {source}: {quoted.strip()}"


def _builtin_table() -> dict[str, str]:
    """Name -> row of the doc's table of built-in names and functions."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Built-in names and functions", 1)[1].split("\n\n", 2)[1]  # the first table
    rows = {}
    for row in section.splitlines():
        match = re.match(r"\| `([a-z_]+)[(`]", row)
        if match:
            assert match.group(1) not in rows, f"{match.group(1)} is listed twice"
            rows[match.group(1)] = row
    return rows


def test_builtin_table_is_complete():
    game = interpreter.load("belote")
    scope = Scope(game.deck, game.trick_rule, game.teams, game.team_of, game.points_table, game.players)
    builtins = ExpressionCompiler(scope).builtins
    assert set(builtins) == set(_builtins(scope))
    rows = _builtin_table()
    assert sorted(rows) == sorted(builtins), "the doc's table and the built-ins differ"
    for name, builtin in builtins.items():
        row = rows[name]
        assert f"`{builtin.example}`" in row, f"{name}: the doc's example differs from '{builtin.example}'"
        assert builtin.english in row, f"{name}: the doc's meaning differs from '{builtin.english}'"
        shown = re.match(r"\| `([^`]*)`", row).group(1)
        if builtin.params is None:
            assert shown == name, f"{name} is a name, not a function"
        else:
            assert shown.startswith(f"{name}(") and shown.count(",") == max(len(builtin.params) - 1, 0), \
                f"{name} takes {len(builtin.params)} argument(s)"
        parse(builtin.example, "clause" if " when " in builtin.example else "expr")
