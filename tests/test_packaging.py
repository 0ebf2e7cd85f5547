"""A plain (non-editable) install ships the bundled games, the schemas and the grammar
inside the package; a checkout or editable install reads its own top-level folders."""
from __future__ import annotations

from pathlib import Path
import subprocess
import sys
import zipfile

import interpreter
from interpreter.data import data_dir

ROOT = Path(__file__).resolve().parent.parent


def test_a_checkout_reads_its_own_folders() -> None:
    assert data_dir("games") == interpreter.GAMES_DIR == ROOT / "games"
    assert data_dir("schema") == ROOT / "schema"


def test_the_wheel_holds_the_games_the_schemas_and_the_grammar(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--quiet", "-w", str(tmp_path)],
                   check=True, capture_output=True, timeout=300)
    [wheel] = tmp_path.glob("atout-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = ({f"interpreter/games/{p.name}" for p in (ROOT / "games").glob("*.yaml")}
                | {f"interpreter/schema/{p.name}" for p in (ROOT / "schema").glob("*.json")}
                | {"interpreter/language/grammar.lark", "cli.py"}
                | {f"interpreter/locale/{p.relative_to(ROOT / 'interpreter' / 'locale')}"
                   for p in (ROOT / "interpreter" / "locale").glob("*/LC_MESSAGES/atout.mo")})
    assert expected <= names, sorted(expected - names)
