"""``atout new``: a commented starter rule file, a small trick-taking game that validates,
plays and simulates as it stands, for a person to change into their own game."""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..data import data_dir
from ..errors import AtoutError
from .fmt import write_atomically

TEMPLATE = "new-game.yaml"   # in the templates folder atout ships (data.py); @TITLE@, @FILE@, @SCHEMA@ filled in


class StarterError(AtoutError, FileExistsError):
    """A starter file that would overwrite a file already there."""


def starter_path(name: str) -> Path:
    """NAME becomes NAME.yaml; a name that already ends in .yaml or .yml is a path."""
    return Path(name) if name.endswith((".yaml", ".yml")) else Path(f"{name}.yaml")


def starter_text(path: Path, schema: str) -> str:
    """The starter file for ``path``: its title is the file's stem in words."""
    title = path.stem.replace("-", " ").replace("_", " ").strip().capitalize() or "My game"
    text = (data_dir("templates") / TEMPLATE).read_text(encoding="utf-8")
    return text.replace("@TITLE@", json.dumps(title, ensure_ascii=False)).replace("@FILE@", path.name) \
        .replace("@SCHEMA@", schema)


def schema_reference(path: Path) -> str:
    """What the starter file at ``path`` names as its schema, for editors: the path from its
    folder to ``schema/game.schema.json`` in that folder or one above it (a checkout's
    ``games/`` reads ``../schema/game.schema.json``), else the schema's published ``$id``. Never
    an absolute path: the file keeps working when it is moved or shared."""
    folder = path.resolve().parent
    for place in (folder, *folder.parents):
        candidate = place / "schema" / "game.schema.json"
        if candidate.is_file():
            return Path(os.path.relpath(candidate, folder)).as_posix()
    return json.loads((data_dir("schema") / "game.schema.json").read_text(encoding="utf-8"))["$id"]


def write_starter(name: str) -> Path:
    """Write the starter file; refuse to overwrite a file that exists."""
    path = starter_path(name)
    if not path.parent.is_dir():
        raise StarterError(f"{path.parent}: no such folder")
    try:
        path.touch(mode=0o644, exist_ok=False)  # claims the name: another writer cannot take it meanwhile
    except FileExistsError:
        raise StarterError(f"{path}: a file is already there; choose another name") from None
    write_atomically(path, starter_text(path, schema_reference(path)))
    return path
