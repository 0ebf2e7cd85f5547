"""atout: plays card games described as data.

The pipeline, one module each: loading (YAML with positions) → schema_check → syntax
(the rule language) → compile (tables and functions) → game/state → players →
simulate → records; the ``atout`` command is cli.py.

The stages that read rule files (ruamel.yaml, jsonschema, lark) are imported when a rule
file is first read, and the engine (Game, State, Match) when first named, so a command that
needs neither (``atout list`` from its catalog) starts fast.
"""
from __future__ import annotations

from dataclasses import replace
import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from .data import data_dir
from .errors import (AtoutError, IllegalActionError, Problem, RecordError, RuleFileError,
                     UnknownGameError)
if TYPE_CHECKING:
    from .game import Action, Game
    from .loading import Source
    from .match import Match
    from .state import Result, State

_LATER = {"Action": ".game", "Game": ".game", "Match": ".match", "Result": ".state", "State": ".state"}

GAMES_DIR = data_dir("games")

__all__ = ["load", "bundled_games", "problems_in", "Game", "State", "Action", "Match", "Result",
           "AtoutError", "RuleFileError", "IllegalActionError", "RecordError", "UnknownGameError", "Problem"]


def __getattr__(name: str):
    """Game, State, Match, Action and Result, imported when first asked for."""
    if name not in _LATER:
        raise AttributeError(f"module 'interpreter' has no attribute '{name}'")
    value = getattr(importlib.import_module(_LATER[name], __name__), name)
    globals()[name] = value
    return value


def bundled_games() -> list[Path]:
    return sorted(GAMES_DIR.glob("*.yaml"))


def resolve(name_or_path: str | Path, folder: str | Path | None = None) -> Path:
    """A bundled game's name (a file stem in games/) or a path to a rule file; a relative
    path is taken from ``folder`` when given (a record names its game from its own folder)."""
    text = str(name_or_path)
    if "\0" in text:
        raise UnknownGameError(f"no game {text!r}: a name or path holds no NUL character")
    bundled = GAMES_DIR / f"{text}.yaml"
    if "/" not in text and not text.endswith((".yaml", ".yml")) and bundled.exists():
        return bundled
    path = Path(folder, text) if folder is not None else Path(text)
    if path.exists():
        return path
    names = ", ".join(p.stem for p in bundled_games())
    raise UnknownGameError(f"no game '{text}': not a bundled game ({names}) and no such file")


def problems_in(path: str | Path, variant: str | None = None) -> tuple[list[Problem], Game | None]:
    """Every problem of a rule file (empty when it is sound), and the game if it compiled.

    Without ``variant`` the base file and every variant it defines are checked; the
    game returned is the base game (or the named variant)."""
    from .loading import read_source

    try:
        source = read_source(path)
    except RuleFileError as err:
        return err.problems, None
    return problems_in_source(source, variant)


def problems_in_source(source: Source, variant: str | None = None) -> tuple[list[Problem], Game | None]:
    """``problems_in`` for a document already parsed (an editor's buffer, a file being formatted)."""
    from .compile import Compiler
    from .schema_memo import check
    from .variants import apply_variant, variant_names

    problems, broken = check(source)
    if "*" in broken:
        return sorted(problems, key=Problem.sort_key), None
    names = variant_names(source) if "variants" not in broken else ()
    chosen = None
    for name in ([None] + list(names)) if variant is None else [variant]:
        merged = source if name is None else apply_variant(source, name)
        if name is not None:
            extra, broken = check(merged, name)
            problems += extra
        compiler = Compiler(merged, broken, name or "", names)
        game = compiler.compile()
        if name is None or variant is not None:
            problems += compiler.problems
        else:  # a variant's own problems say which variant; those of the base file are listed once
            seen = {(p.line, p.column) for p in problems}
            problems += [replace(p, message=f"{p.message} (in variant '{name}')") for p in compiler.problems
                         if (p.line, p.column) not in seen]
        if name == variant:
            chosen = game
    unique = {(p.line, p.column, p.message): p for p in problems}
    problems = sorted(unique.values(), key=Problem.sort_key)
    return problems, (chosen if not any(not p.warning for p in problems) else None)


_cache: dict[tuple[str, float, str], Game] = {}


def load(name_or_path: str | Path, variant: str | None = None) -> Game:
    """Load and compile a game once; raise RuleFileError listing every problem."""
    path = resolve(name_or_path)
    key = (str(path.resolve()), path.stat().st_mtime, variant or "")
    if key not in _cache:
        problems, game = problems_in(path, variant)
        if game is None:
            raise RuleFileError([p for p in problems if not p.warning])
        _cache[key] = game
    return _cache[key]
