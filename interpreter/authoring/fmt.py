"""``atout fmt``: one layout for rule files, without changing what they mean.

The formatter edits the text, never re-dumps the YAML, so every comment, quote style and
key order stays as written. It normalises:

- line breaks to ``\\n``, and exactly one line break at the end of the file;
- trailing spaces and tabs, except inside block scalars (``|``, ``>``) where they are text;
- runs of blank lines to a single one, and no blank line at the start or end of the file
  (blank lines inside a multi-line string are text and stay);
- spacing inside one-line rule-language strings: one space around operators and between
  words, none inside parentheses or before a comma, ``f(x)`` for a call, ``-x`` for a
  negation, ``1/4`` for a fraction of two numbers; a comment after such a string keeps its column where it can.

Each step is checked before it is kept: the text must parse to the same YAML data, and
every rewritten rule string to the same syntax tree; a step that fails the check is
dropped, so formatting never changes what a file means (tests compare compiled games).
"""
from __future__ import annotations

from dataclasses import dataclass
import difflib
import os
from pathlib import Path
import re
import stat
import tempfile
from typing import Any, Callable

from lark.exceptions import LarkError
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import ScalarEvent

from ..errors import AtoutError, RuleFileError
from ..language.rule_strings import rule_strings
from ..language.source import _quoted_columns, lines_of, parse_yaml, read_text
from ..language.syntax import _parser

_TOKEN = re.compile(r">=|<=|!=|[=<>+\-*/%(),]|[A-Za-z0-9_][A-Za-z0-9_.]*|\s+")
_OPERATORS = {"=", "<", ">", ">=", "<=", "!=", "+", "-", "*", "/", "%", "(", ","}
_PREFIX_WORDS = {"and", "or", "not", "if", "else", "when", "except"}   # a '-' after them is a negation
_KEYWORDS = _PREFIX_WORDS | {"each", "but", "to", "rest", "show", "x"}


class FormatError(AtoutError, ValueError):
    """A file that cannot be formatted (it does not parse as YAML, or cannot be read)."""


@dataclass(frozen=True)
class Outcome:
    """A file's text before and after formatting."""

    path: str
    before: str
    after: str
    stamp: tuple[int, ...] = ()          # the file as read: device, inode, size, time of change

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def diff(self) -> str:
        return "".join(difflib.unified_diff(self.before.splitlines(keepends=True), self.after.splitlines(keepends=True),
                                            f"a/{self.path}", f"b/{self.path}"))


def respace(text: str) -> str | None:
    """The canonical spacing of one line of the rule language, or None if it holds
    characters the language does not have (then it is left alone)."""
    if "\n" in text or "\r" in text:
        return None
    tokens: list[str] = []
    at = 0
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None:
            return None
        if not match.group().isspace():
            tokens.append(match.group())
        at = match.end()
    out: list[str] = []
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else None
        if before is None:
            gap = ""
        elif token in (")", ",") or before == "(" or _negation(tokens, i - 1) or _fraction(tokens, i):
            gap = ""
        elif token == "(":
            gap = "" if re.fullmatch(r"[a-z_][a-z0-9_]*", before) and before not in _KEYWORDS else " "
        else:
            gap = " "
        out.append(gap + token)
    return "".join(out)


def _fraction(tokens: list[str], i: int) -> bool:
    """Whether tokens ``i - 1`` and ``i`` belong to a fraction of two numbers, written tight: 1/4."""
    slash = i if tokens[i] == "/" else i - 1
    return 0 < slash < len(tokens) - 1 and tokens[slash] == "/" \
        and tokens[slash - 1][0].isdigit() and tokens[slash + 1][0].isdigit()


def _negation(tokens: list[str], i: int) -> bool:
    """Whether the '-' at ``i`` negates what follows (rather than subtracts)."""
    if tokens[i] != "-":
        return False
    return i == 0 or tokens[i - 1] in _OPERATORS or tokens[i - 1] in _PREFIX_WORDS


def _same_tree(old: str, new: str, start: str) -> bool:
    try:
        return _parser().parse(old, start=start) == _parser().parse(new, start=start)
    except LarkError:
        return False


def _plain(value: Any) -> Any:
    """The YAML data without ruamel's comment and position bookkeeping, for comparison."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _protected_lines(text: str) -> tuple[set[int], set[int]]:
    """0-based lines inside block scalars (trailing spaces are text there) and lines inside
    any multi-line scalar (blank lines are text there)."""
    block, multi = set(), set()
    rows = lines_of(text)
    for event in YAML(typ="rt").parse(text):
        start, end = event.start_mark, event.end_mark
        if not isinstance(event, ScalarEvent) or start.line == end.line:
            continue
        last = end.line - (end.column == 0)  # a block scalar ends at the start of the next line
        if event.style in ("|", ">") and "+" not in rows[start.line][start.column:].split("#")[0]:
            while last > start.line and not rows[last].strip():
                last -= 1  # without '+' its trailing blank lines are not text
        lines = range(start.line + 1, last + 1)
        multi.update(lines)
        if event.style in ("|", ">"):
            block.update(lines)
    return block, multi


def _whitespace(text: str) -> str:
    """Line breaks, trailing spaces and blank lines (outside the scalars where they are text)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    block, multi = _protected_lines(text)
    out: list[str] = []
    for number, line in enumerate(lines_of(text)):
        if number not in block:
            line = line.rstrip(" \t")
        if not line and number not in multi and (not out or not out[-1]):
            continue
        out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def _expressions(text: str, name: str) -> str:
    """Canonical spacing in every one-line rule string written plain or quoted without escapes."""
    source = parse_yaml(text, name)
    if not isinstance(source.data, dict):
        return text
    lines = list(source.lines)
    # from the end of the file back, so that an edit never moves a string still to be edited
    placed = sorted(((source.locate(s.path), s) for s in rule_strings(source.data)), key=lambda x: x[0], reverse=True)
    for (line, column), string in placed:
        new = respace(string.text)
        if new is None or new == string.text or not _same_tree(string.text, new, string.start):
            continue
        row = lines[line - 1]
        start, end = _scalar_span(row, column - 1, string.text)
        if start < 0:
            continue
        rest = row[end:]
        comment = re.match(r"(\s+)#", rest)
        if comment:  # keep a trailing comment's column if the value still leaves room
            gap = max(len(comment.group(1)) + (end - start) - len(new), 1 if len(comment.group(1)) == 1 else 2)
            rest = " " * gap + rest[comment.end(1):]
        lines[line - 1] = row[:start] + new + rest
    return "\n".join(lines)


def _scalar_span(row: str, column: int, value: str) -> tuple[int, int]:
    """Start and end (in ``row``) of the characters of a one-line scalar's value, or (-1, -1)."""
    quote = row[column:column + 1]
    if quote in ("'", '"'):
        body = row[column + 1:]
        columns = _quoted_columns(body, quote)
        if body[:columns[-1]] != value or columns[-1] >= len(body):  # escapes, or not closed here
            return -1, -1
        return column + 1, column + 1 + len(value)
    if row[column:].startswith(value):
        return column, column + len(value)
    return -1, -1


def _checked(step: Callable[[str, str], str], text: str, name: str, data: Any) -> str:
    """``step`` applied to ``text``, kept only if the result still parses and, outside the
    rule strings it may respace, holds the same data."""
    try:
        new = step(text, name)
        if new == text:
            return text
        after = parse_yaml(new, name).data
    except (RuleFileError, YAMLError, ValueError):
        return text
    if _plain(after) == data or _same_rules(data, _plain(after), after):
        return new
    return text


def _same_rules(data: Any, after: Any, raw_after: Any) -> bool:
    """The data is the same once rule strings are read as the language reads them."""
    starts = {tuple(k if isinstance(k, int) else str(k) for k in s.path): s.start
              for s in rule_strings(raw_after)} if isinstance(raw_after, dict) else {}

    def same(a: Any, b: Any, path: tuple) -> bool:
        if isinstance(a, dict) and isinstance(b, dict):
            return list(a) == list(b) and all(same(a[k], b[k], path + (k,)) for k in a)
        if isinstance(a, list) and isinstance(b, list):
            return len(a) == len(b) and all(same(x, y, path + (i,)) for i, (x, y) in enumerate(zip(a, b)))
        if isinstance(a, str) and isinstance(b, str) and a != b:
            return path in starts and _same_tree(a, b, starts[path])
        return type(a) is type(b) and a == b
    return same(data, after, ())


def format_text(text: str, name: str = "<text>") -> str:
    """The formatted text of a rule file; FormatError if it does not parse as YAML."""
    try:
        data = _plain(parse_yaml(text, name).data)
    except RuleFileError as err:
        first = err.problems[0]
        raise FormatError(f"{name}:{first.line}:{first.column}: not formatted: {first.message}") from None
    for step in (lambda t, _: _whitespace(t), _expressions):
        text = _checked(step, text, name, data)
    return text


def format_file(path: str | Path) -> Outcome:
    """Read and format one file (nothing is written)."""
    try:
        stamp = _stamp(os.stat(path))
        text = read_text(path)
    except RuleFileError as err:
        raise FormatError(f"{path}: not formatted: {err.problems[0].message}") from None
    except OSError as err:
        raise FormatError(f"{path}: not formatted: {os.strerror(err.errno) if err.errno else err}") from None
    return Outcome(str(path), text, format_text(text, str(path)), stamp)


def _stamp(info: os.stat_result) -> tuple[int, ...]:
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def write_formatted(outcome: Outcome) -> None:
    """Put a formatted text in place of the file it was read from, unless that would lose or
    alter something: the file changed since it was read (an editor saved it), it is read-only,
    or it has other hard links (a new file would split them). A symbolic link is followed:
    its target is formatted and the link stays."""
    name = outcome.path
    target = Path(os.path.realpath(name))
    info = os.stat(target)
    if _stamp(info) != outcome.stamp:
        raise FormatError(f"{name}: changed since atout fmt read it: left as it is (run atout fmt again)")
    if not info.st_mode & stat.S_IWUSR:
        raise FormatError(f"{name}: read-only: left as it is")
    if info.st_nlink > 1:
        raise FormatError(f"{name}: has {info.st_nlink} hard links, which a new file would split: left as it is")
    write_atomically(target, outcome.after)


def write_atomically(path: str | Path, text: str) -> None:
    """Replace a file's text all at once: a crash leaves the old file or the new, never half."""
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        os.chmod(temp, target.stat().st_mode & 0o7777)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
