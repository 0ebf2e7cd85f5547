"""Variants: named changes a rule file carries, merged over the base file before compiling."""
from __future__ import annotations

import copy

from ruamel.yaml.comments import CommentedMap

from ..errors import UnknownGameError
from .source import Source


def variant_names(source: Source) -> tuple[str, ...]:
    variants = source.data.get("variants") if isinstance(source.data, dict) else None
    return tuple(str(k) for k in variants) if isinstance(variants, dict) else ()


def apply_variant(source: Source, name: str) -> Source:
    """The document with variant ``name``'s changes merged in, keeping every value's position."""
    names = variant_names(source)
    if name not in names:
        known = ", ".join(names) or "none"
        raise UnknownGameError(f"{source.path}: no variant '{name}' (variants: {known})")
    data = copy.deepcopy(source.data)
    changes = source.data["variants"][name].get("changes", {})
    _merge(data, changes)
    return Source(source.path, source.text, data)


def _merge(base: CommentedMap, changes) -> None:
    """Mappings merge key by key; other values replace; null removes a key."""
    for key, value in changes.items():
        if value is None:
            base.pop(key, None)
            continue
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            _merge(base[key], value)
            continue
        base[key] = copy.deepcopy(value)
        position = getattr(changes, "lc", None)
        if position is not None and key in position.data and hasattr(base, "lc"):
            base.lc.data[key] = position.data[key]
