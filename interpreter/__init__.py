"""atout: plays card games described as data.

The pipeline, one module each: load (YAML with positions) → schema_check → syntax
(the rule language) → compile (tables and functions) → game/state → players →
simulate → records; the ``atout`` command is cli.py.
"""
from __future__ import annotations

from pathlib import Path

from .compile import Compiler
from .errors import (AtoutError, IllegalActionError, Problem, RecordError, RuleFileError,
                     UnknownGameError)
from .game import Action, Game
from .load import read_source
from .match import Match
from .schema_check import check
from .state import Result, State

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"

__all__ = ["load", "bundled_games", "problems_in", "Game", "State", "Action", "Match", "Result",
           "AtoutError", "RuleFileError", "IllegalActionError", "RecordError", "UnknownGameError", "Problem"]


def bundled_games() -> list[Path]:
    return sorted(GAMES_DIR.glob("*.yaml"))


def resolve(name_or_path: str | Path) -> Path:
    """A bundled game's name (``aluette``) or a path to a rule file."""
    text = str(name_or_path)
    bundled = GAMES_DIR / f"{text}.yaml"
    if "/" not in text and not text.endswith((".yaml", ".yml")) and bundled.exists():
        return bundled
    path = Path(text)
    if path.exists():
        return path
    names = ", ".join(p.stem for p in bundled_games())
    raise UnknownGameError(f"no game '{text}': not a bundled game ({names}) and no such file")


def problems_in(path: str | Path) -> tuple[list[Problem], Game | None]:
    """Every problem of a rule file (empty when it is sound), and the game if it compiled."""
    try:
        source = read_source(path)
    except RuleFileError as err:
        return err.problems, None
    problems, broken = check(source)
    if "*" in broken:
        return sorted(problems, key=Problem.sort_key), None
    compiler = Compiler(source, broken)
    game = compiler.compile()
    problems = sorted(problems + compiler.problems, key=Problem.sort_key)
    return problems, (game if not problems else None)


_cache: dict[tuple[str, float], Game] = {}


def load(name_or_path: str | Path) -> Game:
    """Load and compile a game once; raise RuleFileError listing every problem."""
    path = resolve(name_or_path)
    key = (str(path.resolve()), path.stat().st_mtime)
    if key not in _cache:
        problems, game = problems_in(path)
        if problems or game is None:
            raise RuleFileError(problems)
        _cache[key] = game
    return _cache[key]
