"""A file that validates plays: rule files made at random from the schema's sections and the
language's constructs (rule_file_generator.py) go through validation, and each one that
validates plays random deals on the game's generated engine and on the generic reference
engine in lockstep (the same legal actions at every step, the same result), then a match.
Bad play may stop a deal, but only with an atout error that names the rule: never another
exception, never a hang (every deal meets the per-deal action limit).

The default run makes 300 files (``ATOUT_FUZZ_RULE_FILES``, e.g. 20000, for a long run, split
over ``CHUNKS`` tests so that parallel workers share them). Every file that once failed is kept
under tests/rule_files/found/ and checked on every run.
"""
from __future__ import annotations

import os
from pathlib import Path
import random

import pytest

import interpreter
from interpreter.errors import AtoutError
from interpreter.players.registry import make_player
from rule_file_generator import rule_file

FILES = int(os.environ.get("ATOUT_FUZZ_RULE_FILES", "300"))
CHUNKS = 4
DEALS = 4                     # random deals of each file that validates, on both engines
MATCH_DEALS = 12              # the deals of a match played at most (a match may run to its limit otherwise)
FOUND = sorted((Path(__file__).resolve().parents[1] / "rule_files" / "found").glob("*.yaml"))


def _outcome(step):
    """What a step gives, or the atout error it raises (class and message); any other exception
    is a failure of atout and propagates."""
    try:
        return ("ok", step())
    except AtoutError as err:
        return ("error", type(err).__name__, str(err))


def _lockstep(game: interpreter.Game, seed: str, dealer: int) -> str:
    """One random deal on both engines, side by side; how it ended."""
    rng = random.Random(seed)
    states = [_outcome(lambda g=g: g.new_deal(seed=seed, dealer=dealer)) for g in (game, game.reference())]
    assert states[0][0] == states[1][0], f"{seed}: the engines deal differently: {states}"
    if states[0][0] != "ok":
        assert states[0][1:] == states[1][1:], f"{seed}: the engines fail to deal differently: {states}"
        return "error"
    a, b = states[0][1], states[1][1]
    for _ in range(20_000):
        if a.is_over or b.is_over:
            break
        legal = [_outcome(lambda s=s: [x.text for x in s.legal_actions()]) for s in (a, b)]
        assert legal[0] == legal[1], f"{seed}: the engines disagree on the legal actions: {legal}"
        if legal[0][0] != "ok":
            return "error"
        choice = rng.choice(legal[0][1])
        applied = [_outcome(lambda s=s: s.apply(choice)) for s in (a, b)]
        assert [x[0] for x in applied] == [applied[0][0]] * 2, f"{seed}: '{choice}' applies differently: {applied}"
        if applied[0][0] != "ok":
            assert applied[0][1:] == applied[1][1:], f"{seed}: '{choice}' fails differently: {applied}"
            return "error"
    assert a.is_over and b.is_over, f"{seed}: the deal did not end on both engines"
    results = [_outcome(lambda s=s: (s.result().seat_scores, [str(r) for r in s.result().reasons]))
               for s in (a, b)]
    assert results[0] == results[1], f"{seed}: the engines score differently: {results}"
    return results[0][0]


def _match(game: interpreter.Game, seed: str) -> None:
    match = game.new_match(seed=seed)
    players = [make_player("random", f"{seed}:{seat}") for seat in range(game.players)]
    try:
        while not match.is_over and match.deals_played < MATCH_DEALS:
            match.apply(players[match.current_player].choose(match.state))
        if match.is_over:
            match.result()
    except AtoutError:
        pass


def check(path: Path) -> str:
    """Validate the file (never an exception), and play it when it validates."""
    problems, game = interpreter.problems_in(path)
    if game is None:
        assert any(not p.warning for p in problems)
        return "refused"
    for deal in range(DEALS):
        _lockstep(game, f"{path.stem}:{deal}", deal % game.players)
    _match(game, path.stem)
    return "played"


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generated_rule_files_validate_or_play_without_a_python_error(tmp_path, chunk):
    seen = {"played": 0, "refused": 0}
    for seed in range(chunk, FILES, CHUNKS):
        path = tmp_path / f"generated-{seed}.yaml"
        path.write_text(rule_file(seed), encoding="utf-8")
        try:
            seen[check(path)] += 1
        except Exception as err:
            raise AssertionError(f"rule_file({seed}) (keep it under tests/rule_files/found/): "
                                 f"{type(err).__name__}: {err}") from err
    if FILES >= 4 * CHUNKS:
        assert seen["played"] > seen["refused"], seen       # the generator makes games, not noise


@pytest.mark.parametrize("path", FOUND, ids=lambda p: p.stem)
def test_every_rule_file_the_generator_once_broke_atout_with(path):
    check(path)


def test_the_generator_is_repeatable_and_varied():
    assert rule_file(7) == rule_file(7)
    texts = {rule_file(seed) for seed in range(40)}
    assert len(texts) == 40
    for construct in ("auction:", "transfers:", "actions:", "show:", "melds:", "counters:", "variants:", "teams:",
                      "extra:", "draw:", "match:"):
        assert sum(construct in text for text in texts) >= 1, construct
