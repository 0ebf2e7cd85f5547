"""Reads a rule file (or any YAML/JSON document) and keeps where every value stands.

ruamel.yaml in round-trip mode keeps line and column of every key and item, so each
later stage can point a person at the exact place of a problem.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError

from .errors import Problem, RuleFileError
from .nodes import Pos

MAX_FILE_BYTES = 2_000_000
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` as YAML counts them (str.splitlines also breaks at \\x85 and others)."""
    return _LINE_BREAK.split(text)


@dataclass
class Source:
    """A parsed document with the text it came from, for positions and quotes."""

    path: str
    text: str
    data: Any
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lines = lines_of(self.text)

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def locate(self, path: tuple, key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of the value (or key) at ``path`` in the document."""
        node, line, column = self.data, 1, 1
        for step in path:
            try:
                if isinstance(node, CommentedMap):
                    row, col = node.lc.key(step) if key and step == path[-1] else node.lc.value(step)
                    if not key and node[step] is None:  # an empty value: just after 'key:'
                        row, col = node.lc.key(step)
                        col = self.line_text(row + 1).find(":", col) + 1 or col
                elif isinstance(node, CommentedSeq):
                    row, col = node.lc.item(step)
                else:
                    break
                line, column = row + 1, col + 1
                node = node[step]
            except (KeyError, IndexError, TypeError, AttributeError):
                break
        return line, column

    def problem(self, path: tuple, message: str, hint: str = "", key: bool = False) -> Problem:
        line, column = self.locate(path, key=key)
        width = 1
        if key and path:
            width = len(str(path[-1]))
        else:
            value = self.value_at(path)
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                width = len(str(value))
        return Problem(self.path, line, column, message, self.line_text(line), hint,
                       min(width, max(1, len(self.line_text(line)) - column + 1)))

    def problem_in_text(self, path: tuple, pos: Pos, message: str, hint: str = "") -> Problem:
        """A problem at ``pos`` inside the string value at ``path``, placed in the file."""
        text = self.value_at(path)
        line, column = self.locate(path)
        if isinstance(text, str):
            line, column = self._inside(line, column, text, pos)
        return Problem(self.path, line, column, message, self.line_text(line), hint, pos.width)

    def value_at(self, path: tuple) -> Any:
        node = self.data
        for step in path:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return None
        return node

    def _inside(self, line: int, column: int, text: str, pos: Pos) -> tuple[int, int]:
        """Map a position inside a scalar's text to the file, whatever the scalar's style."""
        rows = text.split("\n")
        offset = sum(len(r) + 1 for r in rows[: pos.line - 1]) + pos.column - 1
        offset = min(offset, len(text))
        here = self.line_text(line)[column - 1:column]
        if "\n" not in text and here in ("'", '"'):
            columns = _quoted_columns(self.line_text(line)[column:], here)
            if len(columns) > len(text):
                return line, column + 1 + columns[offset]
        elif "\n" not in text and here not in ("|", ">") and self.line_text(line)[column - 1:].startswith(text):
            return line, column + offset
        # Folded, block or escaped scalars: find the same word in the file, counting
        # how many times it occurs in the text before this offset.
        word = text[offset:offset + max(1, pos.width)] or text[-1:]
        seen = text.count(word, 0, offset) if word else 0
        for row in range(line, len(self.lines) + 1):
            source = self.line_text(row)
            start_col = column - 1 if row == line else 0
            index = source.find(word, start_col)
            while index >= 0:
                if seen == 0:
                    return row, index + 1
                seen -= 1
                index = source.find(word, index + 1)
        return line, column


def _quoted_columns(source: str, quote: str) -> list[int]:
    """For a quoted scalar's source (after the opening quote), the source offset of each
    character of its value, plus one for the end; stops at the closing quote."""
    columns, i = [], 0
    escapes = {"x": 4, "u": 6, "U": 10}
    while i < len(source) and not (source[i] == quote and source[i:i + 2] != "''"):
        columns.append(i)
        if quote == "'" and source[i:i + 2] == "''":
            i += 2
        elif quote == '"' and source[i] == "\\":
            i += escapes.get(source[i + 1:i + 2], 2)
        else:
            i += 1
    return columns + [i]


def read_text(path: str | Path) -> str:
    """Read a file as UTF-8 text, or raise a RuleFileError saying why it cannot be."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise RuleFileError([Problem(name, 0, 0, "no such file")]) from None
    except IsADirectoryError:
        raise RuleFileError([Problem(name, 0, 0, "is a directory, not a file")]) from None
    except OSError as err:
        raise RuleFileError([Problem(name, 0, 0, f"cannot be read: {err.strerror}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RuleFileError([Problem(name, 1, 1, f"is {len(raw):,} bytes; a rule file may hold at most {MAX_FILE_BYTES:,}")])
    if b"\x00" in raw:
        raise RuleFileError([Problem(name, 1, 1, "is a binary file, not a YAML rule file")])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        before = lines_of(raw[:err.start].decode("utf-8", "replace"))
        line, column = len(before), len(before[-1]) + 1
        source_line = lines_of(raw.decode("utf-8", "replace"))[line - 1]
        raise RuleFileError([Problem(name, line, column, f"is not UTF-8 text: found the byte 0x{raw[err.start]:02x}",
                                     source_line, "save the file as UTF-8")]) from None


def parse_yaml(text: str, name: str) -> Source:
    """Parse YAML text in round-trip mode, turning YAML errors into positioned problems."""
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    lines = lines_of(text)

    def fail(line: int, column: int, message: str, hint: str = "", quote: bool = True) -> RuleFileError:
        source_line = lines[line - 1] if quote and 0 < line <= len(lines) else ""
        source_line = "".join(c if c.isprintable() or c == "\t" else "\ufffd" for c in source_line)
        return RuleFileError([Problem(name, line, column, f"YAML: {message}", source_line, hint)])

    try:
        data = yaml.load(text)
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message, hint = _explain_yaml(err, lines)
        raise fail(line, column, message, hint) from None
    except ReaderError as err:
        before = lines_of(text[:err.position])
        line, column = len(before), len(before[-1]) + 1
        raise fail(line, column, f"the control character U+{err.character:04X} is not allowed in a rule file") from None
    except RecursionError:
        raise fail(1, 1, "the document is nested too deeply", quote=False) from None
    except (YAMLError, ValueError, TypeError) as err:
        raise fail(1, 1, str(err).splitlines()[0] if str(err) else "cannot be parsed", quote=False) from None
    return Source(name, text, data)


_YAML_TOKENS = {"'<block mapping start>'": "a key indented deeper", "'<block sequence start>'": "a list indented deeper",
                "'<scalar>'": "a value", "'?'": "a key", "'-'": "a list item '-'"}


def _explain_yaml(err: MarkedYAMLError, lines: list[str]) -> tuple[str, str]:
    """A YAML error in words, and a hint pointing at the construct it happened in."""
    message = (err.problem or err.context or "is not valid YAML").strip()
    hint = ""
    if err.context and err.context_mark and err.problem_mark and err.context_mark.line != err.problem_mark.line:
        mark = err.context_mark
        hint = f"{err.context}, which starts at line {mark.line + 1}, column {mark.column + 1}"
    duplicate = re.match(r'found duplicate key "(.*)" with value', message)
    if duplicate and err.problem_mark:
        key, mark = duplicate.group(1), err.problem_mark
        key_text = lines[mark.line][mark.column:].split(":")[0] + ":"
        start = err.context_mark.line if err.context_mark else 0
        earlier = [row for row in range(start, mark.line)
                   if lines[row][mark.column:].startswith(key_text) and not lines[row][:mark.column].strip()]
        first = f"first at line {earlier[-1] + 1}; " if earlier else ""
        return f"the key '{key}' appears twice in the same mapping", f"{first}a key may appear only once"
    if message.startswith("expected <block end>"):
        found = message.split("but found ")[-1]
        return (f"bad indentation: expected the end of an indented block, found {_YAML_TOKENS.get(found, found)}",
                hint or "keys of one mapping must start in the same column")
    if "'\\t'" in message:
        return "found a tab; YAML indents with spaces only", ""
    if message == "mapping values are not allowed here":
        return "found ': ' inside a value", "put the value in quotes if it must contain ': '"
    return message, hint


def read_source(path: str | Path) -> Source:
    return parse_yaml(read_text(path), str(path))
