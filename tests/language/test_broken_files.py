"""Broken rule files: every problem reported in one run, placed in the file, never a traceback.

Each case in tests/broken/ is a small variation of games/aluette.yaml (or a file that is
not YAML at all) with a sidecar NAME.expect listing the expected problems, one per line,
as ``line:column: message``, in the order ``problems_in`` returns them.
"""
from __future__ import annotations

import os
from pathlib import Path
import re

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings, strategies as st
import pytest

from cli import main
from helpers import run_atout
import interpreter

BROKEN = Path(__file__).resolve().parents[1] / "broken"
CASES = sorted(p for p in BROKEN.iterdir() if p.suffix != ".expect")
ALUETTE = interpreter.GAMES_DIR / "aluette.yaml"
ALUETTE_TEXT = ALUETTE.read_text(encoding="utf-8")


def reported(path: Path) -> list[str]:
    """The problems of a file as ``line:column: message``, without the path."""
    problems, game = interpreter.problems_in(path)
    assert (game is None) == any(not p.warning for p in problems)
    return [p.format().splitlines()[0].removeprefix(f"{p.path}:") for p in problems]


def assert_positions_in(path: Path) -> None:
    lines = re.split(r"\r\n|\r|\n", path.read_bytes().decode("utf-8", "replace"))  # YAML's line breaks
    for problem in interpreter.problems_in(path)[0]:
        assert 1 <= problem.line <= len(lines), problem.format()
        text = lines[problem.line - 1]
        assert 1 <= problem.column <= len(text) + 1, problem.format()
        assert problem.source_line in ("", text) or not text.isprintable(), problem.format()


def assert_cli_reports(path: Path) -> int:
    """Validate through the CLI: no traceback, and the output is the problems of ``problems_in``
    followed by the verdict; returns the exit status."""
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    problems, _ = interpreter.problems_in(path)
    errors = [p for p in problems if not p.warning]
    shown = "".join(p.format() + "\n" for p in problems)
    if errors:
        assert result.output == shown + f"{len(errors)} problem(s) in 1 file(s)\n"
    else:
        assert result.output == shown + f"{path}: ok" + (f" ({len(problems)} warning(s))" if problems else "") + "\n"
    assert result.exit_code == (1 if errors else 0)
    return result.exit_code


def test_there_are_cases() -> None:
    assert len(CASES) >= 30
    assert all(case.with_suffix(".expect").exists() for case in CASES)


def test_the_base_file_is_valid() -> None:
    assert reported(ALUETTE) == []


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_problems_are_the_expected_ones(case: Path) -> None:
    expected = case.with_suffix(".expect").read_text(encoding="utf-8").splitlines()
    assert expected, "a broken file must have at least one problem"
    assert reported(case) == expected


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_positions_point_into_the_file(case: Path) -> None:
    assert_positions_in(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_validate_exits_1_without_traceback(case: Path) -> None:
    assert assert_cli_reports(case) == 1


# --- random damage to a valid file ---------------------------------------------------

PIECES = list(" :-[]{}#'\"|>&*!%@`,=()\t\n0123456789.xXOeé") + ["\x00", "\x85", "  ", "- ", ": ", "10**30"]


@st.composite
def damaged(draw: st.DrawFn) -> str:
    """games/aluette.yaml with one to three characters or lines deleted, doubled or replaced."""
    text = ALUETTE_TEXT
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["delete", "duplicate", "replace", "delete line", "duplicate line", "replace line"]))
        if how.endswith("line"):
            lines = text.splitlines(keepends=True)
            i = draw(st.integers(0, len(lines) - 1))
            new = {"delete line": [], "duplicate line": [lines[i]] * 2,
                   "replace line": [lines[draw(st.integers(0, len(lines) - 1))]]}[how]
            text = "".join(lines[:i] + new + lines[i + 1:])
        elif text:
            i = draw(st.integers(0, len(text) - 1))
            new = {"delete": "", "duplicate": text[i] * 2, "replace": draw(st.sampled_from(PIECES))}[how]
            text = text[:i] + new + text[i + 1:]
    return text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=damaged())
def test_damaged_files_never_crash(tmp_path: Path, text: str) -> None:
    path = tmp_path / "damaged.yaml"
    path.write_bytes(text.encode("utf-8"))
    problems, game = interpreter.problems_in(path)
    assert (game is None) == any(not p.warning for p in problems)   # a game exactly when nothing is wrong
    assert_positions_in(path)
    assert assert_cli_reports(path) == (1 if game is None else 0)


# --- paths that are not rule files, documents that never end --------------------------

def test_an_alias_bomb_is_refused_at_once() -> None:
    result = run_atout("validate", str(BROKEN / "alias_bomb.yaml"))
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (f"{BROKEN / 'alias_bomb.yaml'}:86:10: too many aliases: the document "
                                             "would hold more than 100,000 values once they are expanded")


def test_devices_fifos_and_folders_are_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "game.yaml"
    os.mkfifo(fifo)
    result = run_atout("validate", "/dev/zero", str(fifo), str(tmp_path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "/dev/zero: is not a regular file (a device, a FIFO or a socket)",
        f"{fifo}: is not a regular file (a device, a FIFO or a socket)",
        f"{tmp_path}: is a directory, not a file",
        "3 problem(s) in 3 file(s)"]
    assert run_atout("simulate", str(fifo)).stderr == (
        f"atout: {fifo}: is not a regular file (a device, a FIFO or a socket)\n")


def test_a_file_too_big_is_not_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * 2_000_001)
    assert reported(big) == [f"{big}: is 2,000,001 bytes; a rule file may hold at most 2,000,000"
                             .removeprefix(f"{big}:")]
