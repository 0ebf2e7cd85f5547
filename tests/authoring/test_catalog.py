"""`atout list` reads each game's line from a cache keyed by the rule file's hash: it compiles
only what changed, and a cache it cannot read or write changes nothing it prints."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

import interpreter
from interpreter.authoring import catalog


@pytest.fixture
def described(monkeypatch, tmp_path):
    """The rule files described (compiled) while the test runs, with a cache of its own."""
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    seen = []
    original = catalog.describe

    def counting(path):
        seen.append(path.stem)
        return original(path)

    monkeypatch.setattr(catalog, "describe", counting)
    return seen


def test_a_second_listing_compiles_nothing_and_prints_the_same(described):
    games = interpreter.bundled_games()
    first = catalog.lines(games)
    assert described == [p.stem for p in games]
    assert catalog.lines(games) == first
    assert len(described) == len(games)
    belote = first[[p.stem for p in games].index("belote")]
    assert belote.startswith("belote       Belote: 4 players, 2 teams, 32 cards, one deal a match")


def test_an_edited_rule_file_is_described_again(described, tmp_path):
    path = tmp_path / "mine.yaml"
    shutil.copy(interpreter.resolve("aluette"), path)
    before = catalog.lines([path])
    path.write_text(path.read_text().replace("game: Aluette", "game: Aluette of mine", 1))
    after = catalog.lines([path])
    assert described == ["mine", "mine"]
    assert "Aluette: 4 players" in before[0] and "Aluette of mine: 4 players" in after[0]
    assert catalog.lines([path]) == after and len(described) == 2


def test_a_file_that_does_not_validate_says_so(described, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("game: X\nplayers: 4\n")
    assert catalog.lines([path])[0].startswith("broken       (does not validate: ")


def test_a_damaged_cache_is_ignored_and_written_anew(described, tmp_path):
    games = interpreter.bundled_games()[:2]
    expected = catalog.lines(games)
    cache = tmp_path / "cache" / catalog.FILE
    cache.write_text('{"stamp": "x", "entries": [')
    assert catalog.lines(games) == expected
    assert len(described) == 4
    assert set(json.loads(cache.read_text())["entries"]) == {str(p.resolve()) for p in games}


def test_a_cache_that_cannot_be_written_changes_nothing(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(blocker / "atout"))
    games = interpreter.bundled_games()[:1]
    assert catalog.lines(games) == catalog.lines(games)
    assert blocker.read_text() == "not a folder"


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("ATOUT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert catalog.cache_dir() == tmp_path / "atout"


def test_the_command_starts_without_the_rule_file_readers():
    """ruamel.yaml, jsonschema and lark are imported when a rule file is first read, the engine
    when first named."""
    code = ("import sys, cli, interpreter; print(sorted(m for m in ('lark', 'jsonschema', 'ruamel.yaml', "
            "'interpreter.engine.state', 'interpreter.players.registry') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


def test_a_simulation_of_a_rule_file_checked_before_needs_no_schema_validator(tmp_path):
    """Records are written without jsonschema (it validates records only when they are read),
    and a rule file the schema memo knows is clean is loaded without it: a simulation, its
    records included, starts without importing jsonschema."""
    env = {**os.environ, "ATOUT_CACHE_DIR": str(tmp_path)}
    code = ("import sys, io, interpreter; from interpreter.simulation.simulate import simulate; "
            "simulate(interpreter.load('sixty-six'), 2, 1, ['random', 'random'], record=io.StringIO()); "
            "print('jsonschema' in sys.modules)")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert (first.stdout.strip(), again.stdout.strip()) == ("True", "False")


def test_the_engine_is_there_when_named():
    assert interpreter.State.__name__ == "State" and interpreter.Game.__name__ == "Game"
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        interpreter.Nothing


def test_the_rule_language_parser_is_kept_in_the_cache_and_rebuilt_when_unreadable(monkeypatch, tmp_path):
    """The parser's tables are written to the cache directory once and read back after; a
    file that is not lark's (damaged, or from another grammar) is rebuilt over, and a cache
    directory that cannot be made leaves the parser built in memory."""
    from interpreter.language import syntax

    build = syntax._parser.__wrapped__
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    text = "3 if tricks(seat(0)) > 2 else total(next(dealer))"
    first = build()
    kept = tmp_path / "cache" / "grammar.lark.tables"
    written = kept.read_bytes()
    assert len(written) > 1000
    assert build().parse(text, start="expr") == first.parse(text, start="expr")
    kept.write_bytes(b"not a parser")
    assert build().parse(text, start="expr") == first.parse(text, start="expr")
    rewritten = kept.read_bytes()                        # rebuilt and written again, for the same grammar
    assert rewritten.split(b"\n")[0] == written.split(b"\n")[0] and len(rewritten) > 1000
    (tmp_path / "blocked").write_text("a file where the directory would be")
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "blocked" / "cache"))
    assert syntax._cache_file() is False
    assert build().parse(text, start="expr") == first.parse(text, start="expr")


def test_a_rule_file_that_passed_the_schema_check_is_not_checked_again_until_it_changes(monkeypatch, tmp_path):
    from interpreter.language import schema_check

    each = 1 + len(interpreter.load("belote").variants)      # the file and each variant merged into it
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path / "cache"))
    checked = []
    original = schema_check.check

    def counting(source, schema="game.schema.json"):
        checked.append(source.path)
        return original(source, schema)

    monkeypatch.setattr(schema_check, "check", counting)
    path = tmp_path / "belote.yaml"
    path.write_text(interpreter.resolve("belote").read_text())
    assert interpreter.problems_in(path)[0] == [] and checked.count(str(path)) == each
    assert interpreter.problems_in(path)[0] == [] and checked.count(str(path)) == each      # remembered
    path.write_text(path.read_text() + "\n# an edit\n")
    assert interpreter.problems_in(path)[0] == [] and checked.count(str(path)) == 2 * each
    broken = tmp_path / "broken.yaml"
    broken.write_text(path.read_text().replace("players: 4", "players: four"))
    first = interpreter.problems_in(broken)[0]
    assert first and interpreter.problems_in(broken)[0] == first       # a problem is found every time
    assert checked.count(str(broken)) == 2 * each
    (tmp_path / "cache" / "schema-passed.json").write_text("{not json")
    assert interpreter.problems_in(path)[0] == [] and checked.count(str(path)) == 3 * each
    assert interpreter.problems_in(path)[0] == [] and checked.count(str(path)) == 3 * each
