"""Records: simulate → replay gives the same results; bad records are named precisely."""
from __future__ import annotations

import io
import json

import pytest

import interpreter
from interpreter.errors import RecordError
from interpreter.records import read_record, replay
from interpreter.simulate import simulate


def _records(n=5, players=("random", "greedy", "random", "greedy")):
    out = io.StringIO()
    simulate(interpreter.load("aluette"), n, 9, list(players), record=out, game_ref="aluette")
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_simulate_then_replay_gives_the_same_results():
    for record in _records():
        results, final, differences = replay(record, "r", interpreter.load)
        assert differences == []
        assert [d["result"] for d in record["deals"]] == results
        assert final == record["result"]
        assert len(record["deals"]) == 5


def test_a_record_is_valid_against_its_schema(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(_records(1)[0]))
    [(where, record)] = read_record(path)
    assert where == str(path) and record["game"] == "aluette"


def test_an_illegal_action_names_deal_and_action():
    record = _records(1)[0]
    action = record["deals"][1]["actions"][3]
    action["action"] = "play " + record["deals"][1]["layout"]["unused"][0]
    with pytest.raises(RecordError, match=r"^r:deal 2:action 4: play \w+: seat \d does not hold"):
        replay(record, "r", interpreter.load)


def test_a_wrong_seat_is_reported():
    record = _records(1)[0]
    record["deals"][0]["actions"][0]["seat"] = (record["deals"][0]["actions"][0]["seat"] + 1) % 4
    with pytest.raises(RecordError, match=r"^r:deal 1:action 1: seat \d acts, but it is seat \d's turn"):
        replay(record, "r", interpreter.load)


def test_a_changed_result_is_a_difference():
    record = _records(1)[0]
    record["result"]["teams"] = [99, 0]
    _, _, differences = replay(record, "r", interpreter.load)
    assert differences and differences[0].startswith("match: the record says")


def test_a_truncated_deal_is_reported():
    record = _records(1)[0]
    del record["deals"][2]["actions"][-1]
    with pytest.raises(RecordError, match=r"^r:deal 3: the record stops before the deal is over"):
        replay(record, "r", interpreter.load)


def test_not_json_gives_line_and_column(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1,\n  "game": }')
    with pytest.raises(RecordError, match=r"bad.json:2:11: not valid JSON"):
        read_record(path)


def test_schema_violation_is_named(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"format": 1, "game": "aluette", "deals": [{"dealer": "x", "layout": {"hands": []},
                                                                          "actions": []}]}) + "\n")
    with pytest.raises(RecordError, match=r"bad.jsonl:1: deals/0/dealer"):
        read_record(path)


@pytest.mark.parametrize("name,variant", [(p.stem, None) for p in interpreter.bundled_games()] + [("belote", "match")])
def test_every_game_round_trips_through_records(name, variant):
    game = interpreter.load(name, variant)
    out = io.StringIO()
    simulate(game, 4, 3, ["greedy"] + ["random"] * (game.players - 1), record=out, game_ref=name, variant=variant)
    for line in out.getvalue().splitlines():
        record = json.loads(line)
        assert record["options"] == ({"variant": variant} if variant else {})
        results, final, differences = replay(record, "r", interpreter.load)
        assert differences == [] and final == record["result"]
        assert results == [d["result"] for d in record["deals"]]
