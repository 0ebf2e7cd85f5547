"""A table's record: the deals over at a table, downloaded by the browser that opened it from
``/table/ID/record`` in atout's record format, replay action by action to the very scores the
table showed (``records.replay`` and ``atout replay``); never the deal in progress, and the seed
only once the match is over."""
from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

from click.testing import CliRunner  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import interpreter  # noqa: E402
from cli import LEVELS, main  # noqa: E402
from interpreter.simulation.records import fingerprint, layout_of, replay  # noqa: E402
from interpreter.web.serve import make_app  # noqa: E402

from test_serve import open_table, play_deal, seated  # noqa: E402

GAMES = {path.stem: path for path in interpreter.bundled_games()}


@pytest.fixture
def client():
    return TestClient(make_app(GAMES, LEVELS, pace=0))


def download(client, table_id: str) -> dict:
    response = client.get(f"/table/{table_id}/record")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.headers["content-disposition"].startswith('attachment; filename="')
    assert response.headers["cache-control"] == "no-store"
    return response.json()


def replayed(record: dict, tmp_path, name: str = "table.json") -> tuple[list[dict], dict | None, str]:
    """The record replayed by the library and by ``atout replay`` (which must find no difference)."""
    results, final, differences = replay(record, "table", interpreter.load)
    assert differences == []
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    cli = CliRunner().invoke(main, ["replay", str(path)])
    assert cli.exit_code == 0, cli.output
    return results, final, cli.output


def scores_shown(view: dict) -> list[str]:
    return [row["score"] for row in view["result"]["seats"]]


def as_shown(x) -> str:
    from fractions import Fraction

    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3f}".rstrip("0")


@pytest.mark.parametrize("game_name, seat", [("belote", 1), ("sixty-six", 0), ("hearts", 2), ("french-tarot", 0)])
def test_a_deal_played_at_the_table_replays_to_the_scores_it_showed(client, tmp_path, game_name, seat):
    table_id = open_table(client, game_name, seat=seat, seed="9")
    view, sent = play_deal(client, table_id, seat, random.Random(game_name))
    record = download(client, table_id)
    table = client.app.state.lobby.tables[table_id]
    assert record["game"] == game_name and record["rules"] == fingerprint(GAMES[game_name], None)
    assert record["players"] == ["person" if s == seat else LEVELS["easy"] for s in range(table.game.players)]
    assert len(record["deals"]) == 1
    assert [a["action"] for a in record["deals"][0]["actions"] if a["seat"] == seat] == sent
    results, final, output = replayed(record, tmp_path)
    if table.match.is_over:                       # a match of one deal (Belote as written): the whole of it
        assert "partial" not in record and record["seed"] == "9" and final == record["result"]
    else:                                         # the match goes on: its seed, which deals the rest, stays back
        assert record["partial"] is True and record["seed"] is None
        assert final is None and "1 deal(s) replayed; partial record: the match is not over" in output
    assert [as_shown(x) for x in results[0]["seats"]] == scores_shown(view)
    assert results[0] == table.match.results[0].to_json()


def test_a_whole_match_replays_with_its_seed_and_its_winner(client, tmp_path):
    table_id = open_table(client, "aluette", seat=3, seed="6")
    rng = random.Random(1)
    shown = []
    for deal in range(5):
        view, _ = play_deal(client, table_id, 3, rng)
        shown.append(scores_shown(view))
        if view["match_over"] is None:
            with seated(client, table_id) as ws:
                ws.receive_json()
                ws.send_json({"type": "next"})
                assert ws.receive_json()["deal"] == deal + 2
    assert view["match_over"] is not None
    record = download(client, table_id)
    assert "partial" not in record and record["seed"] == "6" and len(record["deals"]) == 5
    results, final, output = replayed(record, tmp_path)
    assert [[as_shown(x) for x in r["seats"]] for r in results] == shown
    assert final == record["result"] and [as_shown(x) for x in final["teams"]] == [x for _, x in view["match_over"]["scores"]]
    assert "5 deal(s) replayed; " in output and f"winner: {final['winner'] or 'draw'}" in output


def test_the_record_never_holds_the_deal_in_progress(client, tmp_path):
    table_id = open_table(client, "hearts", seat=0, seed="3")
    assert client.get(f"/table/{table_id}/record").status_code == 409         # no deal is over yet
    view, _ = play_deal(client, table_id, 0, random.Random(2))
    with seated(client, table_id) as ws:
        ws.receive_json()
        ws.send_json({"type": "next"})
        second = ws.receive_json()
        assert second["deal"] == 2 and second["result"] is None
        ws.send_json({"type": "advance"})
        ws.receive_json()
    record = download(client, table_id)
    table = client.app.state.lobby.tables[table_id]
    now = layout_of(table.dealt[1])
    assert [d["layout"] for d in record["deals"]] == [layout_of(table.dealt[0])] != [now]
    assert not any(json.dumps(hand) in json.dumps(record) for hand in now["hands"])
    assert record["partial"] is True and record["seed"] is None
    results, _, _ = replayed(record, tmp_path)
    assert [as_shown(x) for x in results[0]["seats"]] == scores_shown(view)


def test_a_card_taken_back_is_not_in_the_record(client, tmp_path):
    table_id = open_table(client, "hearts", seat=0, seed="3")
    with seated(client, table_id) as ws:
        view = ws.receive_json()
        while view["to_act"] != 0:
            ws.send_json({"type": "advance"})
            view = ws.receive_json()
        first, second = view["legal"][0]["text"], view["legal"][1]["text"]
        for text in (first, second):
            ws.send_json({"type": "action", "text": text})
            ws.receive_json()
        ws.send_json({"type": "take back"})
        ws.receive_json()
    view, sent = play_deal(client, table_id, 0, random.Random(4))
    record = download(client, table_id)
    mine = [a["action"] for a in record["deals"][0]["actions"] if a["seat"] == 0]
    assert mine == [first] + sent and second not in mine[:3]
    results, _, _ = replayed(record, tmp_path)
    assert [as_shown(x) for x in results[0]["seats"]] == scores_shown(view)


def test_only_the_browser_that_opened_the_table_downloads_its_record(client):
    table_id = open_table(client, "sixty-six", seat=0, seed="2")
    play_deal(client, table_id, 0, random.Random(0))
    assert client.get(f"/table/{table_id}/record").status_code == 200
    stranger = TestClient(client.app)
    refused = stranger.get(f"/table/{table_id}/record")
    assert refused.status_code == 403 and "only the browser that opened this table" in refused.text
    assert '"layout"' not in refused.text
    stranger.cookies.set("atout_token", "guess", path=f"/table/{table_id}")
    assert stranger.get(f"/table/{table_id}/record").status_code == 403
    assert stranger.get("/table/nosuch/record").status_code == 404
