"""Records: simulate → replay gives the same results; bad records are named precisely."""
from __future__ import annotations

import hashlib
import io
import json
import os

import pytest

from helpers import run_atout

import interpreter
from interpreter.errors import RecordError
from interpreter.simulation.records import read_record, replay
from interpreter.simulation.simulate import simulate


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


@pytest.mark.parametrize("name,variant", [(p.stem, None) for p in interpreter.bundled_games()]
                         + [("belote", "match"), ("french-tarot", "three"), ("french-tarot", "five")])
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


# --- records that are not what they seem (issue 8) --------------------------------------

PARTIAL = 'a record must hold a whole match unless it says "partial": true'


def test_a_5000_digit_number_is_one_line(tmp_path):
    line = '{"format": 1, "game": "aluette", "seed": ' + "7" * 5000 + ', "deals": []}'
    path = tmp_path / "big.jsonl"
    path.write_text("\n" + line + "\n")
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert str(err.value) == f"{path}:2:42: a number of 5,000 digits; a record's numbers may have at most 4,300"
    path = tmp_path / "big.json"
    path.write_text("\n" + line.replace(", ", ",\n "))
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert str(err.value) == f"{path}:4:10: a number of 5,000 digits; a record's numbers may have at most 4,300"


def test_json_nested_100000_deep_is_one_line(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    for name, where in (("deep.jsonl", "deep.jsonl:1"), ("deep.json", "deep.json")):
        path = tmp_path / name
        path.write_text(deep + "\n")
        with pytest.raises(RecordError) as err:
            read_record(path)
        assert str(err.value) == f"{tmp_path / where}: nested too deeply to be a record"


def test_a_record_must_be_complete_unless_partial():
    record = _records(1)[0]
    empty = dict(record, deals=[])
    with pytest.raises(RecordError) as err:
        replay(empty, "r", interpreter.load)
    assert str(err.value) == f"r: holds no deal; {PARTIAL}"
    unstated = json.loads(json.dumps(record))
    for deal in unstated["deals"][2:]:
        del deal["result"]
    with pytest.raises(RecordError) as err:
        replay(unstated, "r", interpreter.load)
    assert str(err.value) == f"r:deal 3: states no result; {PARTIAL}"
    no_match_result = {k: v for k, v in record.items() if k != "result"}
    with pytest.raises(RecordError) as err:
        replay(no_match_result, "r", interpreter.load)
    assert str(err.value) == f"r: states no match result; {PARTIAL}"
    cut = dict(record, deals=record["deals"][:3])
    with pytest.raises(RecordError) as err:
        replay(cut, "r", interpreter.load)
    assert str(err.value) == f"r: the match is not over after 3 deal(s); {PARTIAL}"


def test_a_partial_record_replays_what_it_states():
    record = _records(1)[0]
    deals = json.loads(json.dumps(record["deals"][:3]))
    del deals[1]["result"]
    del deals[2]["actions"][5:]
    partial = {k: v for k, v in record.items() if k != "result"} | {"deals": deals, "partial": True}
    results, final, differences = replay(partial, "r", interpreter.load)
    assert (len(results), final, differences) == (2, None, [])
    assert results == [d["result"] for d in record["deals"][:2]]


def test_every_stated_field_of_a_result_is_compared():
    record = _records(1)[0]
    record["deals"][0]["result"]["reasons"] = []
    record["deals"][1]["result"]["facts"]["winner"] = 9
    replayed = json.loads(json.dumps(_records(1)[0]))
    _, _, differences = replay(record, "r", interpreter.load)
    reasons, facts = replayed["deals"][0]["result"]["reasons"], replayed["deals"][1]["result"]["facts"]
    assert differences == [f"deal 1: the record says reasons [], replay gives reasons {json.dumps(reasons)}",
                           f"deal 2: the record says facts {json.dumps(dict(facts, winner=9))}, "
                           f"replay gives facts {json.dumps(facts)}"]


def test_a_record_holds_a_fingerprint_of_its_rules(tmp_path):
    game = tmp_path / "g.yaml"
    game.write_text(interpreter.GAMES_DIR.joinpath("aluette.yaml").read_text())
    out = io.StringIO()
    simulate(interpreter.load(game), 1, 9, ["random"] * 4, record=out, game_ref="g.yaml")
    record = json.loads(out.getvalue())
    assert record["rules"] == hashlib.sha256(game.read_bytes() + b"\0").hexdigest()
    assert replay(record, "r", interpreter.load, tmp_path)[2] == []
    game.write_text(game.read_text().replace("points: 2", "points: 3"))
    with pytest.raises(RecordError) as err:
        replay(record, "r", interpreter.load, tmp_path)
    assert str(err.value) == ("r: game 'g.yaml': the rule file is not the one the record was played by "
                              "(its fingerprint differs from the record's 'rules')")


def test_a_record_never_quotes_the_file_it_names(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("password: hunter2\n")
    record = dict(_records(1)[0], game=str(secret))
    count = len(interpreter.problems_in(secret)[0])
    with pytest.raises(RecordError) as err:
        replay(record, "r", interpreter.load)
    assert str(err.value) == (f"r: game '{secret}': not a valid rule file ({count} problem(s); "
                              "'atout validate' lists them)")


def test_a_record_naming_a_device_is_refused_before_reading(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(dict(_records(1)[0], game="/dev/zero")))
    result = run_atout("replay", str(path))
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (f"atout: {path}: game '/dev/zero': is not a regular file "
                                              "(a device, a FIFO or a socket)")
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    result = run_atout("replay", str(fifo))
    assert (result.returncode, result.stderr) == (1, f"atout: {fifo}: is not a regular file "
                                                     "(a device, a FIFO or a socket)\n")


def test_a_records_game_path_is_taken_from_the_records_folder(tmp_path):
    folder = tmp_path / "runs"
    folder.mkdir()
    (tmp_path / "g.yaml").write_text(interpreter.GAMES_DIR.joinpath("aluette.yaml").read_text())
    result = run_atout("simulate", "g.yaml", "-n", "1", "--record", "runs/r.jsonl", cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert json.loads((folder / "r.jsonl").read_text())["game"] == "../g.yaml"
    result = run_atout("replay", "r.jsonl", cwd=str(folder))
    assert (result.returncode, result.stderr) == (0, "")
    result = run_atout("simulate", str(interpreter.GAMES_DIR / "aluette.yaml"), "-n", "1", "--record", "b.jsonl",
                       cwd=str(tmp_path))
    assert json.loads((tmp_path / "b.jsonl").read_text())["game"] == "aluette"
