"""atout's cache folder, and what its caches share: a stamp of atout's own modules (a new
atout, new caches) and a write in one step.

The folder is ``$ATOUT_CACHE_DIR``, else ``$XDG_CACHE_HOME/atout``, else ``~/.cache/atout``.
A cache is only ever a copy: one that cannot be read is ignored and one that cannot be
written is skipped. It keeps the catalog ``atout list`` prints (authoring.catalog), the rule
language's parser tables (language.syntax), the rule files that passed the schema check
(language.schema_memo) and what ``atout validate`` printed of each file (``recall`` and
``remember``, from cli.py).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any


def cache_dir() -> Path:
    """Where atout keeps its caches (see the module's docstring)."""
    chosen = os.environ.get("ATOUT_CACHE_DIR")
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "atout"


def stamp() -> str:
    """The sizes and modification times of atout's files (its modules, and the grammar and the
    data beside them): a new atout, a new cache."""
    package = Path(__file__).parent
    found = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        for name in sorted(names):
            file = os.path.join(folder, name)
            with contextlib.suppress(OSError):      # a file removed meanwhile
                info = os.stat(file)
                found.append(f"{os.path.relpath(file, package)}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(found).encode()).hexdigest()


def recall(name: str, key: str) -> Any:
    """The value ``remember`` kept under ``key`` in the cache file ``name``, or None."""
    return _entries(cache_dir() / name).get(key)


def remember(name: str, key: str, value: Any, kept: int) -> None:
    """Keep ``value`` (JSON) under ``key`` in the cache file ``name``, with the ``kept`` - 1 others
    last remembered there: a key holds everything its value depends on, so an entry is never
    out of date, only forgotten."""
    path = cache_dir() / name
    entries = _entries(path)
    entries.pop(key, None)
    recent = list(entries.items())[max(0, len(entries) - kept + 1):]
    write_json(path, {"entries": dict(recent + [(key, value)])})


def write_json(path: Path, data: dict) -> None:
    """Replace the cache in one step (a reader sees the old file or the new one, never half)."""
    import tempfile     # only when writing: a command whose caches are current starts without it

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(name, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(name)


def _entries(path: Path) -> dict[str, Any]:
    """The entries of a cache file of ``remember``'s; none when it is missing, unreadable or not one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    entries = data.get("entries") if isinstance(data, dict) else None
    return entries if isinstance(entries, dict) else {}
