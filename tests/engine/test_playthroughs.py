"""Recorded playthroughs of every bundled game, replayed action by action.

A change that alters how a recorded match plays out (legality, trick winners, scores)
fails here. When a rule file changes on purpose, record them again:
    atout simulate GAME -n 1 --seed 7 --players greedy,random,... --record FILE.jsonl
"""
from __future__ import annotations

from pathlib import Path

import pytest

import interpreter
from interpreter.simulation.records import read_record, replay

PLAYTHROUGHS = sorted((Path(__file__).resolve().parents[1] / "playthroughs").glob("*.json"))


def test_every_bundled_game_has_a_playthrough():
    assert {p.stem for p in PLAYTHROUGHS} == {p.stem for p in interpreter.bundled_games()}


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_playthrough_replays_to_its_recorded_result(path):
    [(where, record)] = read_record(path)
    results, final, differences = replay(record, where, interpreter.load)
    assert differences == []
    assert results == [deal["result"] for deal in record["deals"]]
    assert final == record["result"]
