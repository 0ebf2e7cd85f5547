"""The Python a rule file compiles into, as a person reads it (``atout compile GAME --show``).

Every rule string becomes one function of the state ``s``; the listing names where each
comes from in the file. Names starting with ``_`` are the engine's helpers (``_at(row, x)``
reads a seat's entry, ``_of_team`` sums a team's), ``let_NAME(s)`` a ``let`` value; a ``let``
function is inlined where it is called, its argument held in a local such as ``seat_3``.
"""
from __future__ import annotations

from pathlib import Path
import re

from ..engine.generate import engine_source, unwrapped
from ..errors import RuleFileError
from ..language.compile import Compiler
from ..language.schema_memo import check
from ..language.source import read_source
from ..language.variants import apply_variant, variant_names


def generated_listing(path: str | Path, variant: str | None = None) -> str:
    """The generated functions of a rule file (or one of its variants), as Python source."""
    source = read_source(path)
    problems, broken = check(source)
    if variant is not None:
        source = apply_variant(source, variant)
        more, broken = check(source, variant)
        problems += more
    compiler = Compiler(source, broken, variant or "", variant_names(source))
    game = compiler.compile()
    problems += compiler.problems
    if game is None or any(not p.warning for p in problems):
        raise RuleFileError([p for p in problems if not p.warning])
    lines = [f"# {path}{f' (variant {variant})' if variant else ''}: "
             f"{len(compiler.generated)} rule strings, one function each", ""]
    for where, src in compiler.generated:
        name = "_".join(re.sub(r"\W+", "_", str(part)).strip("_") or "x" for part in where)
        lines += [f"# {'/'.join(map(str, where))}", f"def {name}(s):", f"    return {unwrapped(src)}", ""]
    engine, _ = engine_source(game)
    lines += ["", "# The engine's hot paths written for this game (methods of its State): the rule strings",
              "# above inlined, a let value called as let_NAME(s); hand, trick, led_cards, beats are locals.",
              "# The settlement (_award_list) reads each let as a local variable let_NAME, computed once.",
              "# A new deal (start, a classmethod) sets State's fields with this game's sizes written in.", "",
              engine]
    return "\n".join(lines).rstrip() + "\n"


