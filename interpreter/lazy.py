"""Names a package exports but imports only when first asked for: the public API names the
engine, the players and the records, and a command that needs none of them (``atout list``
from its catalog) should not pay for importing them."""
from __future__ import annotations

import importlib
import sys
from typing import Any, Callable


def exports(package: str, table: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports each name of ``table`` (name →
    module, relative to the package) the first time it is asked for, and keeps it."""
    def __getattr__(name: str) -> Any:
        if name not in table:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(table[name], package), name)
        setattr(sys.modules[package], name, value)
        return value
    return __getattr__
