"""Finding, checking and compiling rule files: a bundled game's name or a path in,
every problem or a ``Game`` out.

The stages that read rule files (ruamel.yaml, jsonschema, lark) are imported when a rule
file is first read, so a command that reads none (``atout list`` from its catalog) starts fast.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..data import data_dir
from ..errors import Problem, RuleFileError, UnknownGameError

if TYPE_CHECKING:
    from ..engine.game import Game
    from .source import Source

GAMES_DIR = data_dir("games")


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
    from .source import read_source

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
