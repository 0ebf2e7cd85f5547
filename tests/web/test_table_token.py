"""A table's token: only the browser that opened a table may act at it. Knowing the table's id
(its address) is not enough: every move on the WebSocket must carry the table's secret token,
which the server gives only to that browser (a cookie of the table's own path, and the table
page's config). A socket without it watches: it may ask for the view, and nothing else."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")

from starlette.testclient import TestClient  # noqa: E402

import interpreter  # noqa: E402
from cli import LEVELS  # noqa: E402
from interpreter.language.translation import translation  # noqa: E402
from interpreter.web.serve import make_app  # noqa: E402

from test_serve import open_table, seated, table_config, token_of  # noqa: E402

GAMES = {path.stem: path for path in interpreter.bundled_games()}
REFUSED = "only the browser that opened this table can play at it"


@pytest.fixture
def app():
    return make_app(GAMES, LEVELS, pace=0)


def snapshot(table) -> tuple:
    """What a move would change: the deal's history, every hand, the deal's number and result."""
    return list(table.state.history), list(table.state.hands), table.deal, table.result, len(table.events)


def test_a_socket_with_the_id_but_not_the_token_cannot_move_and_the_owner_can(app):
    owner = TestClient(app)
    table_id = open_table(owner, "whist", seat=0, seed="4")
    table = app.state.lobby.tables[table_id]
    stranger = TestClient(app)                                   # another browser: no cookie of this table
    assert table_config(stranger.get(f"/table/{table_id}"))["token"] is None
    other_table = open_table(stranger, "whist", seat=0, seed="5")
    wrong = [None, "", "x" * 43, token_of(stranger, other_table), table.token[:-1], table.token + "=", 12345,
             {"token": table.token}, table.token.upper() if table.token.upper() != table.token else None]
    with stranger.websocket_connect(f"/ws/{table_id}") as ws:
        view = ws.receive_json()                                 # watching: the view of the table's seat
        assert view["type"] == "view" and view["table"] == table_id
        before = snapshot(table)
        mover = view["to_act"]
        moves = [{"type": "advance"}, {"type": "next"}, {"type": "take back"}]
        if mover == 0:
            moves.append({"type": "action", "text": view["legal"][0]["text"]})
        for message in moves:
            for token in wrong:
                ws.send_json(message if token is None else message | {"token": token})
                assert ws.receive_json() == {"type": "error", "message": REFUSED}, (message, token)
                assert snapshot(table) == before
        ws.send_json({"type": "view"})
        assert ws.receive_json() == view                         # nothing moved
    with seated(owner, table_id) as ws:                          # the owner's page, with the token
        view = ws.receive_json()
        while view["to_act"] != 0:
            ws.send_json({"type": "advance"})
            view = ws.receive_json()
            assert view["type"] == "view", view
        done = len(table.state.history)
        text = view["legal"][0]["text"]
        ws.send_json({"type": "action", "text": text})
        moved = ws.receive_json()
    assert moved["type"] == "view" and snapshot(table) != before
    assert table.state.history[done] == (0, text)             # the owner's move, as sent


def test_a_stranger_cannot_move_at_any_turn_of_the_person(app):
    """At the person's turn, with the legal card in hand, a move without the token is refused."""
    owner, stranger = TestClient(app), TestClient(app)
    table_id = open_table(owner, "sixty-six", seat=1, seed="2")
    table = app.state.lobby.tables[table_id]
    with seated(owner, table_id) as mine, stranger.websocket_connect(f"/ws/{table_id}") as theirs:
        view = mine.receive_json()
        theirs.receive_json()
        turns = 0
        while view["result"] is None:
            if view["to_act"] == 1:
                before = snapshot(table)
                theirs.send_json({"type": "action", "text": view["legal"][0]["text"]})
                assert theirs.receive_json() == {"type": "error", "message": REFUSED}
                assert snapshot(table) == before
                turns += 1
                mine.send_json({"type": "action", "text": view["legal"][-1]["text"]})
            else:
                mine.send_json({"type": "advance"})
            view = mine.receive_json()
        theirs.send_json({"type": "view"})
        assert theirs.receive_json() == view                     # the watcher sees the same end
    assert turns >= 3


def test_the_token_is_secret_to_its_table_and_the_browser_that_opened_it(app):
    client = TestClient(app)
    response = client.post("/new", data={"game": "belote", "seat": "0", "level": "easy", "lang": "nb"},
                           follow_redirects=False)
    table_id = response.headers["location"].rsplit("/", 1)[1]
    table = app.state.lobby.tables[table_id]
    cookie = next(c for c in response.headers.get_list("set-cookie") if c.startswith("atout_token="))
    assert cookie == f"atout_token={table.token}; HttpOnly; Path=/table/{table_id}; SameSite=strict"
    assert len(table.token) >= 43            # 32 random bytes in base64: 256 bits
    tokens = {app.state.lobby.tables[open_table(client, "belote")].token for _ in range(5)} | {table.token}
    assert len(tokens) == 6
    page = client.get(f"/table/{table_id}")
    assert table_config(page)["token"] == table.token and page.headers["cache-control"] == "no-store"
    assert table.token not in client.get("/").text and table.token not in client.get(f"/game/belote").text
    watcher = TestClient(app)
    seen = watcher.get(f"/table/{table_id}?lang=fi")
    assert table_config(seen)["token"] is None and table_config(seen)["lang"] == "fi"
    assert table.language == "nb"                                # a watcher does not switch the table's language
    with watcher.websocket_connect(f"/ws/{table_id}") as ws:
        ws.receive_json()
        ws.send_json({"type": "advance"})
        assert ws.receive_json()["message"] == translation("nb")(REFUSED) != REFUSED
