"""Reads a rule file (or any YAML/JSON document) and keeps where every value stands.

ruamel.yaml in round-trip mode keeps line and column of every key and item, so each
later stage can point a person at the exact place of a problem.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import os
from pathlib import Path
import re
import stat
import sys
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.composer import Composer
from ruamel.yaml.error import MarkedYAMLError, StreamMark, YAMLError
from ruamel.yaml.events import AliasEvent
from ruamel.yaml.reader import ReaderError

from ..errors import Problem, RuleFileError, UnreadableFileError
from .nodes import Pos

MAX_FILE_BYTES = 2_000_000
MAX_EXPANDED_VALUES = 100_000  # values of a document once its aliases are expanded
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
                try:
                    width = len(str(value))
                except ValueError:  # a whole number too long to write in decimal
                    width = 1
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
        if here in ("'", '"'):
            places = self._quoted_places(line, column, here)
            if len(places) == len(text) + 1:
                return places[offset]
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


    def _quoted_places(self, line: int, column: int, quote: str) -> list[tuple[int, int]]:
        """For a quoted scalar opening at ``line``:``column``, the file position (line, column)
        of each character of its value, plus one for the end. A scalar may run over several
        lines: YAML folds each line break into a space (an empty line into a line break) and
        drops the spaces around it; a backslash before a double-quoted line break escapes it."""
        places: list[tuple[int, int]] = []
        row, source, start = line, self.line_text(line).rstrip("\n"), column
        while True:
            columns = _quoted_columns(source[start:], quote)
            closed = start + columns[-1] < len(source)
            body = columns[:-1]
            if not closed:  # the value goes on: trailing spaces belong to the fold
                while body and source[start + body[-1]] in " \t":
                    body.pop()
            escaped_break = not closed and quote == '"' and body and source[start + body[-1]] == "\\" \
                and start + body[-1] == len(source.rstrip(" \t")) - 1
            if escaped_break:
                body.pop()
            places += [(row, start + 1 + c) for c in body]
            if closed:
                return places + [(row, start + 1 + columns[-1])]
            row += 1
            blank = 0
            while row <= len(self.lines) and not self.line_text(row).strip():
                blank += 1
                row += 1
            if row > len(self.lines):
                return places
            source = self.line_text(row).rstrip("\n")
            start = len(source) - len(source.lstrip(" \t"))
            if not escaped_break:  # the fold: one space, or one line break per empty line
                places += [(row, start + 1)] * (blank or 1)


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


def read_regular(path: str | Path, max_bytes: int | None = None, what: str = "the file") -> bytes:
    """The bytes of a regular file, or UnreadableFileError saying why not.

    The kind and size are checked on the open file before reading: reading a device such
    as /dev/zero or a FIFO never ends. O_NONBLOCK keeps opening a FIFO from waiting."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError):
        raise UnreadableFileError("no such file") from None
    except IsADirectoryError:
        raise UnreadableFileError("is a directory, not a file") from None
    except OSError as err:
        raise UnreadableFileError(f"cannot be read: {err.strerror}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise UnreadableFileError("is a directory, not a file" if stat.S_ISDIR(info.st_mode)
                                  else "is not a regular file (a device, a FIFO or a socket)")
    if max_bytes is not None and info.st_size > max_bytes:
        os.close(fd)
        raise UnreadableFileError(f"is {info.st_size:,} bytes; {what} may hold at most {max_bytes:,}")
    with os.fdopen(fd, "rb") as file:
        try:
            raw = file.read() if max_bytes is None else file.read(max_bytes + 1)
        except OSError as err:
            raise UnreadableFileError(f"cannot be read: {err.strerror}") from None
    if max_bytes is not None and len(raw) > max_bytes:  # it grew while being read
        raise UnreadableFileError(f"is more than {max_bytes:,} bytes; {what} may hold at most {max_bytes:,}")
    return raw


def read_text(path: str | Path) -> str:
    """Read a file as UTF-8 text, or raise a RuleFileError saying why it cannot be."""
    name = str(path)
    try:
        raw = read_regular(path, MAX_FILE_BYTES, "a rule file")
    except UnreadableFileError as err:
        raise RuleFileError([Problem(name, 0, 0, str(err))]) from None
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


class _AliasProblem(Exception):
    def __init__(self, message: str, mark: StreamMark):
        super().__init__(message)
        self.mark = mark


class _CountingComposer(Composer):
    """Counts the values a document holds once its aliases are expanded and stops past
    MAX_EXPANDED_VALUES: nine aliases of nine aliases of ... ("billion laughs") parse in a
    moment but are endless for every later stage that walks the data."""

    def compose_document(self) -> Any:
        self._expanded, self._sizes, self._open = 0, {}, set()
        return super().compose_document()

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.parser.peek_event()
        if isinstance(event, AliasEvent):
            if event.anchor in self._open:
                raise _AliasProblem(f"the alias '*{event.anchor}' stands inside the value it names", event.start_mark)
            node = super().compose_node(parent, index)
            self._expanded += self._size(node)
        else:
            self._expanded += 1
            self._open.add(event.anchor)
            node = super().compose_node(parent, index)
            self._open.discard(event.anchor)
        if self._expanded > MAX_EXPANDED_VALUES:
            raise _AliasProblem(f"too many aliases: the document would hold more than {MAX_EXPANDED_VALUES:,} "
                                "values once they are expanded", event.start_mark)
        return node

    def _size(self, node: Any) -> int:
        """How many values ``node`` stands for, its aliases expanded (memoised: shared)."""
        if id(node) not in self._sizes:
            items = node.value if isinstance(node.value, list) else []
            self._sizes[id(node)] = 1 + sum(self._size(part) for item in items
                                            for part in (item if isinstance(item, tuple) else (item,)))
        return self._sizes[id(node)]


def parse_yaml(text: str, name: str) -> Source:
    """Parse YAML text in round-trip mode, turning YAML errors into positioned problems."""
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    yaml.Composer = _CountingComposer
    lines = lines_of(text)

    def fail(line: int, column: int, message: str, hint: str = "", quote: bool = True) -> RuleFileError:
        source_line = lines[line - 1] if quote and 0 < line <= len(lines) else ""
        source_line = "".join(c if c.isprintable() or c == "\t" else "\ufffd" for c in source_line)
        return RuleFileError([Problem(name, line, column, message, source_line, hint)])

    try:
        data = yaml.load(text)
    except _AliasProblem as err:
        raise fail(err.mark.line + 1, err.mark.column + 1, str(err)) from None
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message, hint = _explain_yaml(err, lines)
        raise fail(line, column, f"YAML: {message}", hint) from None
    except ReaderError as err:
        before = lines_of(text[:err.position])
        line, column = len(before), len(before[-1]) + 1
        message = f"YAML: the control character U+{err.character:04X} is not allowed in a rule file"
        raise fail(line, column, message) from None
    except RecursionError:
        raise fail(1, 1, "YAML: the document is nested too deeply", quote=False) from None
    except (YAMLError, ValueError, TypeError) as err:
        digits = _too_many_digits(text)
        if digits is not None:
            line, column, count = digits
            raise fail(line, column, f"a number of {count:,} digits; a number in a rule file may have at most "
                                     f"{sys.get_int_max_str_digits():,}", quote=False) from None
        message = str(err).splitlines()[0] if str(err) else "cannot be parsed"
        raise fail(1, 1, f"YAML: {message}", quote=False) from None
    return Source(name, text, data)


def _too_many_digits(text: str) -> tuple[int, int, int] | None:
    """Line, column and length of the first run of digits longer than Python converts to a
    number (sys.get_int_max_str_digits()), or None."""
    limit = sys.get_int_max_str_digits()
    if not limit:
        return None
    found = re.search(r"[0-9]{%d,}" % (limit + 1), text)
    if found is None:
        return None
    before = lines_of(text[:found.start()])
    return len(before), len(before[-1]) + 1, len(found.group())


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
