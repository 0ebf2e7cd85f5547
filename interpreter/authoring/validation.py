"""What ``atout validate`` prints of a rule file, remembered so that a file validated before
costs no reader, compiler or engine: the lines and the count of errors of each file, kept in
the cache folder (``interpreter.cache.recall``) by the file's path and bytes, atout's own files,
the schema and the Python running them. This module imports nothing heavy until a file must be
checked afresh."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
import stat
import sys
import time

from ..cache import recall, remember, stamp
from ..data import data_dir

VALIDATED = "validated.json"
"""The cache of what ``validate`` printed of each file (interpreter.cache.recall): on a file
validated before, the command imports none of the rule files' readers, compiler or engine."""
VALIDATED_KEPT = 300
VALIDATED_MAX_BYTES = 2_000_000
"""A larger file is not remembered (the reader refuses it anyway, quickly)."""


def validation_context() -> bytes:
    """What every file's validation depends on besides the file: atout's own files, the
    schema and the Python running them."""
    schema = (data_dir("schema") / "game.schema.json").read_bytes()
    return b"\0".join([stamp().encode(), hashlib.sha256(schema).hexdigest().encode(), sys.version.encode()])


def validation(path: Path, context: bytes) -> tuple[list[str], int]:
    """The lines ``validate`` prints of one file and its count of errors, remembered by the file's
    path and bytes and the ``context``. A file that changes while it is checked is not remembered."""
    key = _validation_key(path, context)
    if key is not None:
        known = recall(VALIDATED, key)
        if (isinstance(known, dict) and isinstance(known.get("lines"), list)
                and all(isinstance(line, str) for line in known["lines"]) and type(known.get("errors")) is int):
            return known["lines"], known["errors"]
    lines, errors, complete = validate_file(path)
    if key is not None and complete and _validation_key(path, context) == key:
        remember(VALIDATED, key, {"lines": lines, "errors": errors}, VALIDATED_KEPT)
    return lines, errors


def _validation_key(path: Path, context: bytes) -> str | None:
    """The key of a regular file's validation; None for anything else (a folder, a FIFO, a
    device: opened without waiting and never read) or a file that cannot be read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > VALIDATED_MAX_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(VALIDATED_MAX_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) > VALIDATED_MAX_BYTES:
        return None
    return hashlib.sha256(b"\0".join([context, os.fsencode(path), data])).hexdigest()


def validate_file(path: Path) -> tuple[list[str], int, bool]:
    """Check one file: its problems, then a few random deals and a match of each variant (a file
    that validates must play). The lines to print, the count of errors, and whether every play
    check ran to its end (one cut short by its time limit is not remembered)."""
    from dataclasses import replace

    from ..language.rule_files import load, problems_in
    from .playcheck import SECONDS, play_problems

    complete = True
    problems, game = problems_in(path)
    if game is not None:
        for variant in (None, *game.variants):
            played = game if variant is None else load(path, variant)
            start = time.monotonic()
            found = play_problems(str(path), played)
            complete = complete and time.monotonic() - start < SECONDS
            problems += [replace(p, message=f"{p.message} (in variant '{variant}')") if variant else p for p in found]
    lines = [problem.format() for problem in problems]
    errors = sum(not p.warning for p in problems)
    if not errors:
        lines.append(f"{path}: ok" + (f" ({len(problems)} warning(s))" if problems else ""))
    return lines, errors, complete
