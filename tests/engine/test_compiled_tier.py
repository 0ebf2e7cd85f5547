"""The compiled tier (interpreter/engine/compiled.py): a game's generated engine built with
Cython plays exactly as the pure one, is built once and then read from the cache, and when it
cannot be built the pure engine runs after one line saying why. The lockstep suite (generated
engine against the generic one) and the conformance suites (independent referees) run again
here with every game on the compiled tier. Needs the ``fast`` extra (Cython) and a C compiler."""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path
import random
import subprocess
import sys

import pytest

import interpreter
from interpreter.engine import compiled

pytest.importorskip("Cython", reason="the compiled tier needs the 'fast' extra (pip install 'atout[fast]')")

ROOT = Path(__file__).resolve().parents[2]
SEED_GAMES = ["aluette", "belote", "sixty-six", "french-tarot"]


@pytest.fixture
def engines(tmp_path, monkeypatch):
    """A cache folder of the test's own, the compiled tier asked for, and nothing remembered."""
    monkeypatch.setenv("ATOUT_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ATOUT_ENGINE", "compiled")
    monkeypatch.setattr(compiled, "_modules", {})
    monkeypatch.setattr(compiled, "_warned", set())
    return tmp_path / "engines"


def _fresh(name: str):
    """A Game of its own (a Game makes its state class once, on first use)."""
    return dataclasses.replace(interpreter.load(name))


def _playout(game, seed: int, deals: int = 30) -> list:
    rng = random.Random(seed)
    seen = []
    for i in range(deals):
        state = game.new_deal(seed=rng.getrandbits(64), dealer=i % game.players)
        while not state.is_over:
            legal = state.legal_actions()
            seen.append(tuple(a.text for a in legal))
            state.apply_unchecked(rng.choice(legal))
        result = state.result()
        seen.append((result.seat_scores, result.team_scores, result.reasons))
    return seen


@pytest.mark.parametrize("name", SEED_GAMES)
def test_a_compiled_engine_plays_the_deals_the_pure_one_plays(name, engines, monkeypatch, capsys):
    game = _fresh(name)
    assert type(game.state_class.apply_unchecked).__name__ == "cython_function_or_method"
    assert f"compiling the engine of {game.title}" in capsys.readouterr().err
    monkeypatch.setenv("ATOUT_ENGINE", "pure")
    pure = _fresh(name)
    assert type(pure.state_class.apply_unchecked).__name__ == "function"
    assert _playout(game, 7) == _playout(pure, 7)


def _load_in_a_process(cache: Path, name: str) -> subprocess.CompletedProcess:
    """``name`` loaded and one deal played to its end in a new process on the compiled tier."""
    script = (f"import interpreter; g = interpreter.load({name!r}); s = g.new_deal(seed=1)\n"
              "while not s.is_over: s.apply_unchecked(s.legal_actions()[0])\n"
              "print(type(g.state_class.apply_unchecked).__name__, s.result().seat_scores)")
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "ATOUT_CACHE_DIR": str(cache), "ATOUT_ENGINE": "compiled"})


def test_an_engine_is_built_once_then_read_from_the_cache_and_a_damaged_one_is_built_again(tmp_path):
    first = _load_in_a_process(tmp_path, "sixty-six")
    assert first.returncode == 0 and "compiling the engine of Sixty-six" in first.stderr
    assert first.stdout.startswith("cython_function_or_method")
    built = list((tmp_path / "engines").iterdir())
    assert len(built) == 1
    again = _load_in_a_process(tmp_path, "sixty-six")
    assert (again.returncode, again.stderr, again.stdout) == (0, "", first.stdout)
    built[0].write_bytes(b"not an extension module")
    mended = _load_in_a_process(tmp_path, "sixty-six")
    assert mended.returncode == 0 and "compiling" in mended.stderr and mended.stdout == first.stdout
    assert list((tmp_path / "engines").iterdir()) == built


def test_without_a_c_compiler_the_pure_engine_runs_after_one_line_saying_so(engines, monkeypatch, capsys):
    real = compiled.sysconfig.get_config_var
    monkeypatch.setattr(compiled.sysconfig, "get_config_var", lambda name: "no-such-cc" if name == "CC" else real(name))
    games = [_fresh("whist"), _fresh("hearts")]
    assert all(type(g.state_class.apply_unchecked).__name__ == "function" for g in games)
    err = capsys.readouterr().err
    assert err.count("atout: the compiled tier is off (no C compiler found): the pure-Python engine runs") == 1
    assert not engines.exists()
    assert _playout(games[0], 3, deals=5) == _playout(_fresh("whist"), 3, deals=5)


def test_an_unknown_tier_is_said_once_and_read_as_auto(monkeypatch, capsys):
    monkeypatch.setattr(compiled, "_warned", set())
    monkeypatch.setenv("ATOUT_ENGINE", "turbo")
    assert compiled.tier() == compiled.tier() == "auto"
    assert capsys.readouterr().err.count("ATOUT_ENGINE='turbo' is not one of auto, pure, compiled") == 1
    monkeypatch.setenv("ATOUT_ENGINE", "Pure ")
    assert compiled.tier() == "pure"


def test_the_lockstep_and_conformance_suites_pass_on_the_compiled_tier(tmp_path):
    """Every bundled game's engine compiled, then the suites that hold the generated engine to
    the generic one and to independent referees, run in a process of their own on that tier;
    with them 30 rule files made at random from the schema (``ATOUT_FUZZ_RULE_FILES`` for
    more), each compiled and played beside the generic engine."""
    suites = ["tests/engine/test_generated_engine.py", *sorted(str(p.relative_to(ROOT)) for p in
              (ROOT / "tests" / "games").glob("test_*_conformance.py")), "tests/benchmarks/test_handwritten_peers.py",
              "tests/language/test_generated_rule_files.py"]
    env = {**os.environ, "ATOUT_ENGINE": "compiled", "ATOUT_CACHE_DIR": str(tmp_path),
           "ATOUT_FUZZ_RULE_FILES": os.environ.get("ATOUT_FUZZ_RULE_FILES", "30")}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider", *suites],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "compiled tier is off" not in done.stderr
    assert len(list((tmp_path / "engines").iterdir())) >= len(interpreter.bundled_games())
