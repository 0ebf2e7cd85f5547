"""Rule files that passed the schema check, remembered so that loading one again skips it.

The check itself is quick; importing jsonschema for it takes about 110 ms of every start-up
(`atout play`, `simulate`, `serve`). A document that passed is remembered by the SHA-256 of
its text, the variant merged into it, the schema file and atout's own modules
(cache.stamp): any change to one of them checks it again. Only clean results are kept, the
most recent few hundred, in the cache directory (cache.cache_dir); a cache that cannot be
read or written changes nothing but the time taken.
"""
from __future__ import annotations

from functools import lru_cache
import hashlib
import json

from ..cache import cache_dir, stamp, write_json
from ..data import data_dir
from ..errors import Problem
from .source import Source

FILE = "schema-passed.json"
KEPT = 400


def check(source: Source, variant: str = "", schema: str = "game.schema.json") -> tuple[list[Problem], set[str]]:
    """schema_check.check, skipped for a document remembered as clean."""
    key = _key(source.text, variant, schema)
    passed = _passed()
    if key in passed:
        return [], set()
    from .schema_check import check as checked

    problems, broken = checked(source, schema)
    if not problems and not broken:
        write_json(cache_dir() / FILE, {"passed": [p for p in passed if p != key][-(KEPT - 1):] + [key]})
    return problems, broken


def _key(text: str, variant: str, schema: str) -> str:
    digest = _prefix(schema).copy()
    for part in (variant, text):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()


@lru_cache(maxsize=None)
def _prefix(schema: str):
    """The digest of atout's modules and the schema, worked out once a process."""
    digest = hashlib.sha256(stamp().encode())
    digest.update((data_dir("schema") / schema).read_bytes())
    return digest


def _passed() -> list[str]:
    try:
        data = json.loads((cache_dir() / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    found = data.get("passed") if isinstance(data, dict) else None
    return [key for key in found if isinstance(key, str)] if isinstance(found, list) else []
