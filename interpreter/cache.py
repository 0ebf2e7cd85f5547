"""atout's cache folder, and what its caches share: a stamp of atout's own modules (a new
atout, new caches) and a write in one step.

The folder is ``$ATOUT_CACHE_DIR``, else ``$XDG_CACHE_HOME/atout``, else ``~/.cache/atout``.
A cache is only ever a copy: one that cannot be read is ignored and one that cannot be
written is skipped. It keeps the catalog ``atout list`` prints (authoring.catalog), the rule
language's parser tables (language.syntax) and the rule files that passed the schema check
(language.schema_memo).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
import tempfile


def cache_dir() -> Path:
    """Where atout keeps its caches (see the module's docstring)."""
    chosen = os.environ.get("ATOUT_CACHE_DIR")
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "atout"


def stamp() -> str:
    """The sizes and modification times of atout's modules: a new atout, a new cache."""
    package = Path(__file__).parent
    found = []
    for module in sorted(package.rglob("*.py")):
        info = module.stat()
        found.append(f"{module.relative_to(package)}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(found).encode()).hexdigest()


def write_json(path: Path, data: dict) -> None:
    """Replace the cache in one step (a reader sees the old file or the new one, never half)."""
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
