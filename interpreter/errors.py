"""One root error class; each error also subclasses the built-in it refines.

Every problem a person can cause (a rule file, a record, an action typed at the table)
is reported as ``file:line:column: message`` with the offending text quoted, never
as a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file, with where it is and what it says."""

    path: str
    line: int  # 1-based; 0 when the file has no position (e.g. unreadable)
    column: int  # 1-based
    message: str
    source_line: str = ""
    hint: str = ""
    width: int = 1
    warning: bool = False  # a warning does not stop the file from loading

    def format(self) -> str:
        where = f"{self.path}:{self.line}:{self.column}" if self.line else self.path
        head = f"{where}: {'warning: ' if self.warning else ''}{self.message}"
        lines = [head]
        if self.source_line:
            lines.append("    " + self.source_line.rstrip("\n"))
            width = min(self.width, len(self.source_line.rstrip()) - self.column + 1)
            lines.append("    " + " " * (self.column - 1) + "^" * max(1, width))
        if self.hint:
            lines.append(f"    hint: {self.hint}")
        return "\n".join(lines)

    def sort_key(self) -> tuple:
        return (self.path, self.line, self.column, self.message)


class AtoutError(Exception):
    """Root of every error atout raises on purpose."""


class RuleFileError(AtoutError, ValueError):
    """A rule file has one or more problems; ``problems`` lists them all."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=Problem.sort_key)
        super().__init__("\n".join(p.format() for p in self.problems))


class IllegalActionError(AtoutError, ValueError):
    """An action that is not legal here, or text that names no action."""


class RecordError(AtoutError, ValueError):
    """A game record that cannot be read or replayed."""


class UnknownGameError(AtoutError, LookupError):
    """A game name that is neither bundled nor a readable file."""


class UnknownPlayerError(AtoutError, LookupError):
    """A player kind that atout does not have."""


class LayoutError(AtoutError, ValueError):
    """A stacked deal (layout) that does not fit the game's deck and deal."""


class RuleRuntimeError(AtoutError, RuntimeError):
    """A rule failed while a deal was being played (a division by zero, a fault of the
    engine); the message names the game and the deal so the failure can be played again."""

    @classmethod
    def during(cls, where: str, err: Exception) -> RuleRuntimeError:
        """``err`` with ``where`` in front, as one line; a RuleRuntimeError keeps its class."""
        text = str(err).splitlines()[0] if str(err) else ""
        if not isinstance(err, AtoutError):
            text = f"{type(err).__name__}: {text}" if text else type(err).__name__
        return (type(err) if isinstance(err, RuleRuntimeError) else cls)(f"{where}: {text}")


def rule_failure(message: str) -> NoReturn:
    """Raise RuleRuntimeError from inside a compiled rule, where a lambda cannot ``raise``."""
    raise RuleRuntimeError(message)


class MatchLimitError(RuleRuntimeError):
    """A match that would never end: its end rule never holds, or every deal is annulled."""


class MatchError(AtoutError, ValueError):
    """A match used out of order: its result asked before it is over, a deal finished twice."""


class UnreadableFileError(AtoutError, OSError):
    """A path that is not a regular file atout can read (missing, a directory, a device,
    a FIFO, too big); the message says which, in words."""
