"""What keeps the quick commands quick: ``import interpreter`` and ``import cli`` load none of
the rule files' readers, ``atout list`` reads its catalog, and ``atout validate`` of a file it
validated before prints what it printed then, from the cache, without reading the file with
ruamel.yaml, jsonschema or lark. The cache only ever repeats a validation of the same bytes by
the same atout: an edit, a cache it cannot read and a check cut short all validate afresh.
(The times themselves are benchmarks/run.py's start-up section.)"""
from __future__ import annotations

import json
import os
from pathlib import Path
import subprocess
import sys

from click.testing import CliRunner
import pytest

from cli import main
from interpreter.authoring import validation
from interpreter.authoring.validation import VALIDATED

ROOT = Path(__file__).resolve().parent.parent
ALUETTE = ROOT / "games" / "aluette.yaml"
READERS = ("ruamel", "jsonschema", "lark", "interpreter.engine", "interpreter.language.source")
WARNED = ("      when: mordienne\n", "      when: 1 > 2\n")        # a condition always false: a warning
BROKEN = ("      points: 1\n", "      points: lots\n")                # not a number: an error


@pytest.fixture
def cache(monkeypatch, tmp_path: Path) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(folder))
    return folder


def edited(path: Path, *changes: tuple[str, str]) -> Path:
    """Aluette with each change made, written to ``path``."""
    text = ALUETTE.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, f"{old!r} is not once in aluette.yaml: update this test"
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return path


def validate(*paths: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["validate", *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def not_validated_again(monkeypatch) -> None:
    monkeypatch.setattr(validation, "validate_file", lambda path: pytest.fail(f"{path} validated again"))


@pytest.mark.parametrize("changes, code, last", [
    ((), 0, ": ok"), ((WARNED,), 0, ": ok (1 warning(s))"), ((WARNED, BROKEN), 1, "1 problem(s) in 1 file(s)")])
def test_a_file_validated_again_prints_the_same_from_the_cache(cache, tmp_path, monkeypatch, changes, code, last):
    path = edited(tmp_path / "game.yaml", *changes)
    cold = validate(path)
    assert cold[0] == code and cold[1].splitlines()[-1].endswith(last)
    if changes:
        assert f"{path}:" in cold[1] and ": warning: " in cold[1]
    not_validated_again(monkeypatch)
    assert validate(path) == cold


def test_an_edited_file_is_validated_afresh(cache, tmp_path):
    path = edited(tmp_path / "game.yaml")
    assert validate(path) == (0, f"{path}: ok\n")
    edited(path, BROKEN)
    code, output = validate(path)
    assert code == 1 and output.splitlines()[0].startswith(f"{path}:") and "lots" in output
    edited(path)
    assert validate(path) == (0, f"{path}: ok\n")


def test_each_path_is_remembered_as_it_is_written(cache, tmp_path, monkeypatch):
    """A problem names the file as the command was given it: another spelling, another entry."""
    monkeypatch.chdir(tmp_path)
    edited(tmp_path / "game.yaml", BROKEN)
    assert validate(Path("game.yaml"))[1].startswith("game.yaml:")
    assert validate(tmp_path / "game.yaml")[1].startswith(f"{tmp_path / 'game.yaml'}:")


@pytest.mark.parametrize("text", ["", "{", "[]", '{"entries": []}', '{"entries": {"k": 1}}', "\0\xff" * 9,
                                  "[" * 100_000])
def test_a_cache_it_cannot_read_is_ignored_and_replaced(cache, tmp_path, text):
    path = edited(tmp_path / "game.yaml", WARNED)
    cold = validate(path)
    entries = json.loads((cache / VALIDATED).read_text())["entries"]
    (cache / VALIDATED).write_text(text, encoding="utf-8", errors="surrogateescape")
    assert validate(path) == cold
    assert json.loads((cache / VALIDATED).read_text())["entries"].items() >= entries.items()


def test_an_entry_of_the_wrong_shape_is_ignored(cache, tmp_path):
    path = edited(tmp_path / "game.yaml", BROKEN)
    cold = validate(path)
    data = json.loads((cache / VALIDATED).read_text())
    for wrong in ({"lines": "ok", "errors": 0}, {"lines": [1], "errors": 0}, {"lines": [], "errors": True}, []):
        (cache / VALIDATED).write_text(json.dumps({"entries": dict.fromkeys(data["entries"], wrong)}))
        assert validate(path) == cold


def test_a_cache_folder_it_cannot_write_changes_nothing(monkeypatch, tmp_path):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "file" / "cache"))
    path = edited(tmp_path / "game.yaml", WARNED)
    assert validate(path) == validate(path) and validate(path)[0] == 0


def test_a_file_changed_while_it_is_checked_is_not_remembered(cache, tmp_path, monkeypatch):
    path = edited(tmp_path / "game.yaml")
    check = validation.validate_file

    def saved_meanwhile(checked: Path):
        found = check(checked)
        edited(path, BROKEN)
        return found

    monkeypatch.setattr(validation, "validate_file", saved_meanwhile)
    assert validate(path) == (0, f"{path}: ok\n")
    monkeypatch.setattr(validation, "validate_file", check)
    assert validate(path)[0] == 1
    edited(path)
    assert validate(path) == (0, f"{path}: ok\n")     # the ok of the first check was not kept for these bytes


def test_a_play_check_cut_short_by_its_time_limit_is_not_remembered(cache, tmp_path, monkeypatch):
    from interpreter.authoring import playcheck

    monkeypatch.setattr(playcheck, "SECONDS", 0)       # every check counts as having taken its whole time
    path = edited(tmp_path / "game.yaml")
    assert validate(path) == (0, f"{path}: ok\n")
    assert not (cache / VALIDATED).exists()


def test_files_that_are_no_regular_files_are_validated_as_before(cache, tmp_path):
    code, output = validate(tmp_path, tmp_path / "missing.yaml")
    assert code == 1 and f"{tmp_path}: is a directory, not a file" in output
    assert f"{tmp_path / 'missing.yaml'}: no such file" in output


def loaded(code: str, *args: str, cache_dir: Path) -> list[str]:
    """The modules of atout and of the rule files' readers loaded by ``code`` in a new process."""
    shown = ("import atexit, json, sys; atexit.register(lambda: print(json.dumps(sorted(m for m in sys.modules "
             f"if m.startswith({READERS + ('interpreter',)!r}))), file=sys.stderr))\n")
    done = subprocess.run([sys.executable, "-c", shown + code, *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "ATOUT_CACHE_DIR": str(cache_dir)}, timeout=120)
    return json.loads(done.stderr.splitlines()[-1])


def test_importing_the_package_loads_nothing_else(tmp_path):
    assert loaded("import interpreter", cache_dir=tmp_path) == ["interpreter", "interpreter.lazy"]


@pytest.mark.parametrize("args", [(), ("list",), ("validate", "games/aluette.yaml")])
def test_the_quick_commands_load_none_of_the_readers_once_the_cache_is_warm(tmp_path, args):
    command = "from cli import main; main()" if args else "import cli"
    if args:
        loaded(command, *args, cache_dir=tmp_path)            # warms the cache
    modules = loaded(command, *args, cache_dir=tmp_path)
    assert [m for m in modules if m.startswith(READERS)] == []
