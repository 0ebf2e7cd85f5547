"""What ``atout list`` prints of each game, kept in a small cache so that listing compiles
only the rule files that changed.

An entry is keyed by the rule file's path and the SHA-256 of its bytes, and the whole cache by
a stamp of atout's own modules (their sizes and modification times), so an edit to a rule file
or to atout itself makes the affected lines be worked out again. The cache lives in atout's
cache folder (``interpreter.cache``).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
import textwrap

from ..cache import cache_dir, stamp, write_json
from ..language.rule_files import problems_in

FILE = "catalog.json"


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


def _read(path: Path, expected: str) -> dict:
    """The cached entries, or none when the cache is missing, unreadable or of another atout."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("stamp") != expected or not isinstance(data.get("entries"), dict):
        return {}
    return data["entries"]


