"""A deal's review at the table (``/table/ID/review``): the deal played again action by action with
every hand open, and each decision of the play valued double dummy by
``simulation.analysis.analyze_deal``, worked out off the event loop within the table's budget,
once per deal, for the browser that opened the table only. The page is tested in
test_table_review_browser.py."""
from __future__ import annotations

import random
import re
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

from starlette.testclient import TestClient  # noqa: E402

import interpreter  # noqa: E402
import interpreter.web.lobby  # noqa: E402
import interpreter.web.review  # noqa: E402
from cli import LEVELS  # noqa: E402
from interpreter.engine.cards import bits  # noqa: E402
from interpreter.simulation.analysis import analyze_deal  # noqa: E402
from interpreter.web.serve import make_app  # noqa: E402
from interpreter.web.table import fmt  # noqa: E402

from test_serve import open_table, play_deal  # noqa: E402

GAMES = {path.stem: path for path in interpreter.bundled_games()}
NODES = 2_000
WEB = Path(interpreter.web.review.__file__).parent


def finished(client, game: str, seat: int = 0, seed: str = "7") -> str:
    table_id = open_table(client, game, seat=seat, seed=seed)
    play_deal(client, table_id, seat, random.Random(seed))
    return table_id


def reviewed(client, table_id: str, deal: int | None = None, wait: float = 120) -> dict:
    """The review, asked again until its values are there (as the page does)."""
    deadline = time.monotonic() + wait
    while True:
        response = client.get(f"/table/{table_id}/review" + (f"?deal={deal}" if deal else ""))
        assert response.status_code == 200, response.text
        assert response.headers["cache-control"] == "no-store"
        data = response.json()
        if data["analysis"]["state"] in ("done", "failed"):
            return data
        assert time.monotonic() < deadline, "the values never came"
        time.sleep(0.05)


def actions_of(table, deal: int = 1) -> list[tuple[int, str]]:
    return [(a["seat"], a["action"]) for a in table.recorder.record["deals"][deal - 1]["actions"]]


@pytest.mark.parametrize("game", ["sixty-six", "belote", "hearts"])
def test_the_review_shows_every_position_and_the_values_of_the_analysis(game):
    client = TestClient(make_app(GAMES, LEVELS, pace=0, review_nodes=NODES))
    table_id = finished(client, game)
    table = client.app.state.lobby.tables[table_id]
    data = reviewed(client, table_id)
    actions = actions_of(table)
    assert data["analysis"]["state"] == "done" and data["analysis"]["total"] == len(actions)
    assert [(s["seat"], s["text"]) for s in data["steps"]] == actions
    codes = table.game.deck.codes
    state = table.dealt[0].clone()
    for step, (seat, text) in zip(data["steps"], actions):           # every hand, open, at every step
        aside = state.pending[3] if state.pending is not None and state.pending[0] == "give" else 0
        assert [sorted(h) for h in step["hands"]] == [sorted(codes[c] for c in bits(h & ~(aside if s == state.current else 0)))
                                                      for s, h in enumerate(state.hands)]
        assert step["table"] == [[s, codes[c]] for s, c in zip(state.trick_seats, state.trick)]
        state.apply(text)
    assert [sorted(h) for h in data["end"]["hands"]] == [sorted(codes[c] for c in bits(h)) for h in state.hands]
    analysis = analyze_deal(table.dealt[0], actions, nodes=NODES, number=1)
    shown = data["analysis"]["decisions"]
    assert len(shown) == len(analysis.decisions)
    for step, decision, mine in zip(data["steps"], analysis.decisions, shown):
        if not decision.values:                                      # the auction, a forced card: not valued
            assert mine is None
            continue
        best = max(decision.values.values())
        assert mine["exact"] == decision.exact
        assert mine["cost"] == (None if decision.cost is None else fmt(decision.cost))     # a decision not exact: not judged
        assert mine["values"] == {a: {"value": fmt(v), "cost": fmt(Fraction(best) - Fraction(v))}
                                  for a, v in decision.values.items()}
        assert {a["text"] for a in step["legal"]} == set(decision.values)
    assert data["analysis"]["costs"] == [fmt(c) for c in analysis.costs()]
    if game == "hearts":                                             # the cards passed leave the hand one by one
        passed = [s for s in data["steps"] if s["kind"] == "give"]
        assert passed and all(s["card"] in s["hands"][s["seat"]] for s in passed)
        assert passed[1]["seat"] != passed[0]["seat"] or passed[0]["card"] not in passed[1]["hands"][passed[1]["seat"]]
    if game == "belote":                                             # its auction: listed as played, not valued
        calls = [i for i, s in enumerate(data["steps"]) if s["trick"] is None]
        assert calls and all(shown[i] is None for i in calls)


def test_the_values_are_worked_out_once_off_the_event_loop_with_the_tables_budget(monkeypatch):
    """While the values are worked out the server answers as usual; asking again does not work
    them out again; the budget is the one the server was given."""
    calls, release = [], threading.Event()

    def slow(state, actions, nodes, number, progress):
        calls.append(nodes)
        progress(1, len(actions))
        assert release.wait(30)
        return analyze_deal(state, actions, nodes=nodes, number=number)

    monkeypatch.setattr(interpreter.web.review, "analyze_deal", slow)
    client = TestClient(make_app(GAMES, LEVELS, pace=0, review_nodes=1234))
    table_id = finished(client, "sixty-six")
    first = client.get(f"/table/{table_id}/review").json()
    assert first["analysis"]["decisions"] is None and first["steps"]
    deadline = time.monotonic() + 10
    while client.get(f"/table/{table_id}/review").json()["analysis"]["state"] != "working":
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert client.get(f"/table/{table_id}/review").json()["analysis"]["done"] == 1
    started = time.monotonic()
    with client.websocket_connect(f"/ws/{table_id}") as ws:          # the server is not held up meanwhile
        assert ws.receive_json()["type"] == "view"
    assert client.get("/").status_code == 200 and time.monotonic() - started < 5
    release.set()
    data = reviewed(client, table_id)
    for _ in range(3):
        assert reviewed(client, table_id) == data
    assert calls == [1234]                                           # once, with the server's budget


def test_a_review_is_the_openers_only_and_of_a_deal_over():
    client = TestClient(make_app(GAMES, LEVELS, pace=0, review_nodes=NODES))
    table_id = open_table(client, "sixty-six", seat=0, seed="3")
    assert client.get(f"/table/{table_id}/review").status_code == 409          # the deal is not over
    play_deal(client, table_id, 0, random.Random(3))
    stranger = TestClient(client.app)
    refused = stranger.get(f"/table/{table_id}/review")
    assert refused.status_code == 403 and '"hands"' not in refused.text
    assert client.get(f"/table/{table_id}/review?deal=2").status_code == 404
    assert client.get(f"/table/{table_id}/review?deal=x").status_code == 404
    assert reviewed(client, table_id, deal=1)["deal"] == 1
    assert client.app.state.lobby.tables[table_id].reviews.keys() == {1}


def test_closing_the_table_stops_its_review(monkeypatch):
    started, stopped = threading.Event(), []

    def endless(state, actions, nodes, number, progress):
        started.set()
        try:
            while True:
                progress(0, len(actions))
                time.sleep(0.01)
        except interpreter.web.review.Stopped:
            stopped.append(True)
            raise

    monkeypatch.setattr(interpreter.web.review, "analyze_deal", endless)
    client = TestClient(make_app(GAMES, LEVELS, pace=0))
    table_id = finished(client, "sixty-six")
    client.get(f"/table/{table_id}/review")
    assert started.wait(10)
    lobby = client.app.state.lobby
    later = time.monotonic() + interpreter.web.lobby.IDLE_SECONDS + 1
    lobby.clock = lambda: later                                       # two idle hours on: the table closes
    assert lobby.table(table_id) is None
    deadline = time.monotonic() + 5
    while not stopped:
        assert time.monotonic() < deadline, "the review went on after its table closed"
        time.sleep(0.01)


def test_the_pages_other_scripts_take_their_sentences_from_table_js():
    """The server and Babel read the table page's templates from table.js alone (see
    docs/translating.md): cards.js writes no sentence, and review.js says only what table.js's
    REVIEW_SAYS gives it, each of its words defined there."""
    for name in ("cards.js", "review.js"):
        assert re.search(r"\b(T|Tn|P)\(", (WEB / name).read_text(encoding="utf-8")) is None, name
    table = (WEB / "table.js").read_text(encoding="utf-8")
    said = table[table.index("const REVIEW_SAYS = {"):]
    said = set(re.findall(r"^  (\w+): ", said[:said.index("\n};")], re.M))
    used = set(re.findall(r"REVIEW_SAYS\.(\w+)\(", (WEB / "review.js").read_text(encoding="utf-8")))
    assert used and used <= said, used - said
