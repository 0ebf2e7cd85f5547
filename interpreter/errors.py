"""One root error class; each error also subclasses the built-in it refines.

Every problem a person can cause (a rule file, a record, an action typed at the table)
is reported as ``file:line:column: message`` with the offending text quoted, never
as a traceback.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn


QUOTED = 120
"""The most characters of a line a problem quotes: a window around the column, marked with
'…' where the line goes on, so that a very long line is never printed whole for each problem."""


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
            row = self.source_line.rstrip("\n")
            width = max(1, min(self.width, len(row.rstrip()) - self.column + 1))
            start = 0 if len(row) <= QUOTED else max(0, min(self.column - 1 - QUOTED // 3, len(row) - QUOTED))
            shown = row[start:start + QUOTED]
            before, after = ("…" if start else ""), ("…" if start + QUOTED < len(row) else "")
            lines.append("    " + before + shown + after)
            lines.append("    " + " " * (len(before) + self.column - 1 - start) + "^" * min(width, QUOTED))
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
    """An action that is not legal here, or text that names no action. ``refusal`` says which
    rule refused a legal-looking action (engine.refusals.Refusal), where one did."""

    refusal = None

    @classmethod
    def refused(cls, refusal) -> IllegalActionError:
        err = cls(str(refusal))
        err.refusal = refusal
        return err


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
    engine); the message names the game and the deal so the failure can be played again.
    ``where``, when the engine knows it, is the place in the rule file (a path of keys) of
    the rule the failure comes from."""

    where: tuple | None = None

    @classmethod
    def at(cls, where: tuple | None, message: str) -> RuleRuntimeError:
        error = cls(message)
        error.where = where
        return error

    @classmethod
    def during(cls, where: str, err: Exception) -> RuleRuntimeError:
        """``err`` with ``where`` in front, as one line; a RuleRuntimeError keeps its class."""
        text = str(err).splitlines()[0] if str(err) else ""
        if not isinstance(err, AtoutError):
            text = f"{type(err).__name__}: {text}" if text else type(err).__name__
        error = (type(err) if isinstance(err, RuleRuntimeError) else cls)(f"{where}: {text}")
        error.where = getattr(err, "where", None)
        return error


RULE_FILE = "<rule file>"
"""The file name of the code a rule string compiles into; the compiler adds the rule's place in
the file (``<rule file>:play/follow/0``), so that a failure while a deal is played can be traced
back to the rule (``rule_at``)."""
GENERATED = ": generated engine>"
"""The end of the file name of a game's generated engine code, which has its rules written in."""
RULE_ERRORS = (TypeError, AttributeError, ValueError, KeyError, IndexError, ZeroDivisionError, OverflowError)
"""What a rule's own computation may raise: a value that is none where a number is needed (a
mark not set yet), a number too large."""


def rule_at(err: BaseException) -> tuple | None:
    """The place in the rule file (a path of keys) of the rule ``err`` comes from: the one the
    engine named, else the innermost rule string running when it was raised; None when no
    compiled rule was running (or the game's generated code had it written in)."""
    if getattr(err, "where", None) is not None:
        return err.where
    found = None
    trace = err.__traceback__
    while trace is not None:
        name = trace.tb_frame.f_code.co_filename
        if name.startswith(RULE_FILE + ":"):
            found = name[len(RULE_FILE) + 1:]
        trace = trace.tb_next
    if found is None:
        return None
    return tuple(int(key) if key.isascii() and key.isdigit() else key.replace("%2F", "/") for key in found.split("/"))


def _in_rule(err: BaseException) -> bool:
    """Whether ``err`` was raised by a rule's own computation: a frame of rule code (a rule
    string, or a generated engine that has them written in) runs, and the innermost frame is
    rule code or one of the built-ins it calls, not the engine's own modules."""
    frames = []
    trace = err.__traceback__
    while trace is not None:
        frames.append(trace.tb_frame.f_code.co_filename)
        trace = trace.tb_next
    rule = [name.startswith(RULE_FILE) or name.endswith(GENERATED) for name in frames]
    builtin = frames[-1].replace("\\", "/").endswith("interpreter/language/expressions.py") if frames else False
    return any(rule) and (rule[-1] or builtin)


def reraise_rule_error(err: BaseException) -> NoReturn:
    """Raise ``err``, a Python error of a rule's own computation, as the rule-file error it is
    (RuleRuntimeError, at the rule where it is known); any other error as it is."""
    if not isinstance(err, RULE_ERRORS) or not _in_rule(err):
        raise err
    text = str(err).splitlines()[0] if str(err) else ""
    if isinstance(err, TypeError) and "NoneType" in text:
        text = ("a value is none where a number, a seat or a set of cards is needed (a mark not set yet, "
                "no taker, a card nobody holds)")
    else:
        text = f"{type(err).__name__}: {text}"
    raise RuleRuntimeError.at(rule_at(err), f"a rule cannot be computed: {text}") from err


def rule_failure(message: str) -> NoReturn:
    """Raise RuleRuntimeError from inside a compiled rule, where a lambda cannot ``raise``."""
    raise RuleRuntimeError(message)


class MatchLimitError(RuleRuntimeError):
    """A match that would never end: its end rule never holds, or every deal is annulled."""


class DealLimitError(RuleRuntimeError):
    """A deal that would never end: an action its rule file lets be taken again and again."""


class MatchError(AtoutError, ValueError):
    """A match used out of order: its result asked before it is over, a deal finished twice."""


class UnreadableFileError(AtoutError, OSError):
    """A path that is not a regular file atout can read (missing, a directory, a device,
    a FIFO, too big); the message says which, in words."""
