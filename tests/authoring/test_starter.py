"""`atout new` writes a starter that validates, plays and simulates; `atout validate --watch`
checks again on each save and says what changed."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

import interpreter
from cli import main
from interpreter.authoring.fmt import format_text
from interpreter.authoring.starter import schema_reference, starter_text
from interpreter.lsp.watch import watch


def test_new_writes_a_game_that_validates_and_simulates(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "my-game"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("wrote my-game.yaml: try 'atout validate my-game.yaml'")
    text = (tmp_path / "my-game.yaml").read_text(encoding="utf-8")
    assert 'game: "My game"' in text
    assert "# yaml-language-server: $schema=https://atout.example/schema/game.schema.json\n" in text   # the $id
    assert format_text(text) == text  # already in the canonical layout
    problems, game = interpreter.problems_in(tmp_path / "my-game.yaml")
    assert problems == [] and game.players == 4 and game.deck.size == 32
    result = CliRunner().invoke(main, ["validate", "my-game.yaml"])
    assert (result.exit_code, result.output) == (0, "my-game.yaml: ok\n")
    result = CliRunner().invoke(main, ["simulate", "my-game.yaml", "-n", "5", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert '"matches": 5' in result.output or '"count": 5' in result.output


def test_new_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text("game: mine\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["new", str(path)])
    assert (result.exit_code, result.output) == (1, f"atout: {path}: a file is already there; choose another name\n")
    assert path.read_text(encoding="utf-8") == "game: mine\n"
    result = CliRunner().invoke(main, ["new", str(tmp_path / "no" / "such.yaml")])
    assert (result.exit_code, result.output) == (1, f"atout: {tmp_path / 'no'}: no such folder\n")


def test_the_starter_title_keeps_its_accents():
    text = starter_text(Path("belote-à-deux.yaml"), "https://example.org/game.schema.json")
    assert 'game: "Belote à deux"' in text
    assert "\\u00e0" not in text


def test_watch_reports_what_each_save_changed(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    CliRunner().invoke(main, ["new", str(path)])
    good = path.read_text(encoding="utf-8")
    saves = [good.replace("last_side: team(last_trick)", "last_side: team(last_trik)"),
             good.replace("points: 1\n", "points: 5\n")]
    lines: list[str] = []

    def save(_: float) -> None:  # each poll finds the next version of the file on disk
        if saves:
            path.write_text(saves.pop(0), encoding="utf-8")

    watch([path], lines.append, rounds=3, interval=0, sleep=save)
    text = "\n".join(lines)
    first, broken, fixed = text.split(" changed:\n")[0], text.split(" changed:\n")[1], text.split(" changed:\n")[2]
    assert f"{path}: ok\n  North-South: mean deal score" in first and "watching 1 file(s)" in first
    assert "  new:   " in broken and ": unknown name 'last_trik'" in broken and "  1 problem(s)" in broken
    assert "  fixed: " in fixed and ": unknown name 'last_trik'" in fixed
    # the last trick now scores 5: the quick look says how the deal scores moved
    assert "  was: North-South: mean deal score 4.17\n  was: East-West: mean deal score 4.83\n" \
        "  now: North-South: mean deal score 5.69\n  now: East-West: mean deal score 7.31\n  ok" in fixed
    assert "rule 'last trick' scored in 100% of deals" in first
    assert fixed.rstrip().endswith("  ok")


def test_a_starter_file_names_its_schema_by_a_path_that_moves_with_it(tmp_path: Path, monkeypatch) -> None:
    """Never an absolute path, which breaks when the file is moved or shared: beside a folder
    that holds schema/game.schema.json (a checkout's games/), the path from the file's folder;
    anywhere else the schema's published $id."""
    (tmp_path / "schema").mkdir()
    (tmp_path / "schema" / "game.schema.json").write_text("{}", encoding="utf-8")
    (tmp_path / "games" / "mine").mkdir(parents=True)
    assert schema_reference(tmp_path / "games" / "mine" / "x.yaml") == "../../schema/game.schema.json"
    assert schema_reference(tmp_path / "x.yaml") == "schema/game.schema.json"
    monkeypatch.chdir(tmp_path / "games")
    result = CliRunner().invoke(main, ["new", "mine/my-game"])
    assert result.exit_code == 0, result.output
    first = (tmp_path / "games" / "mine" / "my-game.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../schema/game.schema.json"
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    assert schema_reference(elsewhere / "x.yaml") == "https://atout.example/schema/game.schema.json"
