"""What ``atout list`` prints of each game, kept in a small cache so that listing compiles
only the rule files that changed.

An entry is keyed by the rule file's path and the SHA-256 of its bytes, and the whole cache by
a stamp of atout's own modules (their sizes and modification times), so an edit to a rule file
or to atout itself makes the affected lines be worked out again. The cache lives in
``$ATOUT_CACHE_DIR``, else ``$XDG_CACHE_HOME/atout``, else ``~/.cache/atout``. It is only
ever a copy: a cache that cannot be read is ignored and one that cannot be written is skipped.
The folder, the stamp and the one-step write serve atout's other caches too (schema_memo,
the rule language's parser tables in syntax).
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path
import tempfile
import textwrap

FILE = "catalog.json"


def cache_dir() -> Path:
    """Where atout keeps its caches (see the module's docstring)."""
    chosen = os.environ.get("ATOUT_CACHE_DIR")
    if chosen:
        return Path(chosen)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "atout"


def lines(paths: list[Path]) -> list[str]:
    """The text ``atout list`` prints for each rule file, from the cache where it is current."""
    now = stamp()
    cached = _read(cache_dir() / FILE, now)
    out, fresh = [], {}
    for path in paths:
        key = str(path.resolve())
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        entry = cached.get(key)
        text = entry["text"] if isinstance(entry, dict) and entry.get("sha256") == digest else describe(path)
        fresh[key] = {"sha256": digest, "text": text}
        out.append(text)
    if fresh != {k: cached.get(k) for k in fresh}:
        write_json(cache_dir() / FILE, {"stamp": now, "entries": {**cached, **fresh}})
    return out


def describe(path: Path) -> str:
    """A game's line (title, players, teams, cards, match length, variants) and its wrapped
    summary; or why it does not validate."""
    from . import problems_in

    problems, game = problems_in(path)
    if game is None:
        return f"{path.stem:<12} (does not validate: {len(problems)} problem(s))"
    teams = "teams formed by each deal" if not game.fixed_teams else \
        f"{len(game.teams)} teams" if len(game.teams) < game.players else "each for himself"
    deals = game.match.deals
    length = ("one deal a match" if deals == 1 else f"{deals} deals a match") if deals else "a match of several deals"
    variants = f"; variants: {', '.join(game.variants)}" if game.variants else ""
    text = f"{path.stem:<12} {game.title}: {game.players} players, {teams}, {game.deck.size} cards, {length}{variants}"
    if game.about:
        text += "\n" + textwrap.fill(game.about, width=100, initial_indent=" " * 13, subsequent_indent=" " * 13)
    return text


def stamp() -> str:
    """The sizes and modification times of atout's modules: a new atout, a new cache."""
    package = Path(__file__).parent
    found = []
    for module in sorted(package.rglob("*.py")):
        info = module.stat()
        found.append(f"{module.relative_to(package)}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(found).encode()).hexdigest()


def _read(path: Path, expected: str) -> dict:
    """The cached entries, or none when the cache is missing, unreadable or of another atout."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("stamp") != expected or not isinstance(data.get("entries"), dict):
        return {}
    return data["entries"]


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
