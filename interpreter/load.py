"""Reads a rule file (or any YAML/JSON document) and keeps where every value stands.

ruamel.yaml in round-trip mode keeps line and column of every key and item, so each
later stage can point a person at the exact place of a problem.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from .errors import Problem, RuleFileError
from .nodes import Pos

MAX_FILE_BYTES = 2_000_000


@dataclass
class Source:
    """A parsed document with the text it came from, for positions and quotes."""

    path: str
    text: str
    data: Any
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lines = self.text.splitlines()

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""

    def locate(self, path: tuple, key: bool = False) -> tuple[int, int]:
        """1-based (line, column) of the value (or key) at ``path`` in the document."""
        node, line, column = self.data, 1, 1
        for step in path:
            try:
                if isinstance(node, CommentedMap):
                    row, col = node.lc.key(step) if key and step == path[-1] else node.lc.value(step)
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
            value = self._value(path)
            if isinstance(value, (str, int, float)) and not isinstance(value, bool):
                width = len(str(value))
        return Problem(self.path, line, column, message, self.line_text(line), hint,
                       min(width, max(1, len(self.line_text(line)) - column + 1)))

    def problem_in_text(self, path: tuple, pos: Pos, message: str, hint: str = "") -> Problem:
        """A problem at ``pos`` inside the string value at ``path``, placed in the file."""
        text = self._value(path)
        line, column = self.locate(path)
        if isinstance(text, str):
            line, column = self._inside(line, column, text, pos)
        return Problem(self.path, line, column, message, self.line_text(line), hint, pos.width)

    def _value(self, path: tuple) -> Any:
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
        if "\n" not in text and here not in ("|", ">"):
            quote = 1 if here in ("'", '"') else 0
            start = self.line_text(line)[column - 1 + quote:]
            if start.startswith(text):
                return line, column + quote + offset
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
        line = raw[: err.start].count(b"\n") + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise RuleFileError([Problem(name, line, column, "is not UTF-8 text")]) from None


def parse_yaml(text: str, name: str) -> Source:
    """Parse YAML text in round-trip mode, turning YAML errors into positioned problems."""
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        data = yaml.load(text)
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        lines = text.splitlines()
        message = (err.problem or err.context or "is not valid YAML").strip()
        if "found duplicate key" in message or "duplicate key" in str(err):
            message = "a key appears twice in the same mapping"
        source_line = lines[line - 1] if 0 < line <= len(lines) else ""
        raise RuleFileError([Problem(name, line, column, f"YAML: {message}", source_line)]) from None
    except (YAMLError, RecursionError, ValueError) as err:
        raise RuleFileError([Problem(name, 1, 1, f"YAML: {str(err).splitlines()[0] if str(err) else 'cannot be parsed'}")]) from None
    return Source(name, text, data)


def read_source(path: str | Path) -> Source:
    return parse_yaml(read_text(path), str(path))
