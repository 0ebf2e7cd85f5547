"""``atout serve``: the table server through its HTTP pages and its WebSocket protocol."""
from __future__ import annotations

import html
import json
import random
import re
import socket
from contextlib import contextmanager

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from click.testing import CliRunner  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import interpreter  # noqa: E402
import interpreter.web.lobby  # noqa: E402
from cli import LEVELS, main  # noqa: E402
from interpreter.language.card_names import in_language, names_in   # noqa: E402
from interpreter.language.source import read_source   # noqa: E402
from interpreter.language.translation import translation   # noqa: E402
from interpreter.players.table_view import verdict   # noqa: E402
from interpreter.web.serve import make_app   # noqa: E402

from table_steps import replayed_result   # noqa: E402

GAMES = {path.stem: path for path in interpreter.bundled_games()}


@pytest.fixture
def client():
    return TestClient(make_app(GAMES, LEVELS, pace=0))


def open_table(client, game: str, seat: int = 0, seed: str = "5", variant: str = "") -> str:
    response = client.post("/new", data={"game": game, "variant": variant, "seat": str(seat), "level": "easy",
                                         "seed": seed}, follow_redirects=False)
    assert response.status_code == 303, response.text
    assert response.cookies.get("atout_table") == response.headers["location"].rsplit("/", 1)[1]
    return response.headers["location"].rsplit("/", 1)[1]


def token_of(client, table_id: str) -> str:
    """The table's token, as its page gives it to the browser that opened the table."""
    token = table_config(client.get(f"/table/{table_id}"))["token"]
    assert token, "the page of the browser that opened the table holds no token"
    return token


class Seated:
    """The socket of the browser that opened the table: each message carries the table's token,
    as the page sends it."""

    def __init__(self, ws, token: str):
        self.ws, self.token = ws, token

    def send_json(self, message: dict) -> None:
        self.ws.send_json(message | {"token": self.token})

    def __getattr__(self, name):
        return getattr(self.ws, name)


@contextmanager
def seated(client, table_id: str):
    token = token_of(client, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        yield Seated(ws, token)


def secrets_of(client, table_id: str, seat: int) -> list[str]:
    """The cards of the other seats' hands that the engine does not let ``seat`` know."""
    state = client.app.state.lobby.tables[table_id].state
    known = json.dumps(state.observation(seat))
    hidden = []
    for other in range(state.game.players):
        if other != seat:
            hidden += [c for c in state.observation(other)["hand"] if not re.search(rf"\b{re.escape(c)}\b", known)]
    return hidden


def assert_no_secret(client, table_id: str, seat: int, message: dict) -> None:
    text = json.dumps(message)
    game = client.app.state.lobby.tables[table_id].state.game
    said = {a.text for a in game.actions if a.kind in ("call", "double")}    # Bridge's call 3H reads like a card
    leaked = [c for c in secrets_of(client, table_id, seat)
              if c not in said and re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text)]
    assert not leaked, f"cards of other hands in a message to seat {seat}: {leaked}"


def play_deal(client, table_id: str, seat: int, rng: random.Random, ws=None) -> tuple[dict, list[str]]:
    """Play the table's deal to its end with random legal choices; every message is checked for
    other hands' cards. Returns the last view and the texts sent."""
    sent = []
    with seated(client, table_id) as ws:
        view = ws.receive_json()
        while view["result"] is None:
            assert_no_secret(client, table_id, seat, view)
            if view["to_act"] == seat:
                assert view["legal"], "your turn with no legal action"
                text = rng.choice(view["legal"])["text"]
                sent.append(text)
                ws.send_json({"type": "action", "text": text})
            else:
                assert view["legal"] == []
                ws.send_json({"type": "advance"})
            view = ws.receive_json()
            assert view["type"] == "view", view
        assert_no_secret(client, table_id, seat, view)
    return view, sent


def shown(x) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3f}".rstrip("0")


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_a_whole_deal_of_every_bundled_game_through_the_protocol(client, game_name):
    seat = 1
    table_id = open_table(client, game_name, seat=seat, seed="11")
    view, sent = play_deal(client, table_id, seat, random.Random(game_name))
    result = replayed_result(game_name, seat, "11", sent)
    shown_result = view["result"]
    if result.facts.get("annulled"):
        assert shown_result["annulled"] and shown_result["reasons"] == []
        return
    assert [row["score"] for row in shown_result["seats"]] == [shown(x) for x in result.seat_scores]
    game = interpreter.load(game_name)
    if game.fixed_teams:
        assert [row["score"] for row in shown_result["sides"]] == [shown(x) for x in result.team_scores]
    assert shown_result["reasons"] == [[r.rule, r.to, shown(r.points)] for r in result.reasons]
    start = game.match.start
    sign = -1 if game.match.down else 1
    scores = result.team_scores if game.fixed_teams else result.seat_scores
    assert view["standing"] == [[n, shown(start + sign * x)] for n, x in zip(game.side_names, scores)]


def test_an_illegal_action_is_refused_with_the_engines_message(client):
    table_id = open_table(client, "aluette", seat=0, seed="2")
    state = client.app.state.lobby.tables[table_id].state
    with seated(client, table_id) as ws:
        view = ws.receive_json()
        while view["to_act"] != 0:
            ws.send_json({"type": "action", "text": "1O"})
            error = ws.receive_json()
            assert error == {"type": "error", "message": f"it is seat {view['to_act']}'s turn, not yours"}
            ws.send_json({"type": "advance"})
            view = ws.receive_json()
        foreign = next(c for c in state.game.deck.codes if c not in view["hand"])
        with pytest.raises(interpreter.IllegalActionError) as engine:
            state.clone().apply(foreign)
        ws.send_json({"type": "action", "text": foreign})
        assert ws.receive_json() == {"type": "error", "message": str(engine.value)}
        assert "seat 0 does not hold" in str(engine.value)
        ws.send_json({"type": "action", "text": "nonsense"})
        assert ws.receive_json()["message"] == "'nonsense' names no action or card of Aluette"
        ws.send_json({"type": "next"})
        assert ws.receive_json()["message"] == "the deal is not over yet"
        ws.send_json({"type": "view"})
        assert ws.receive_json() == view          # nothing changed


def test_a_card_chosen_to_pass_is_taken_back_before_the_last_one(client):
    table_id = open_table(client, "hearts", seat=0, seed="3")
    with seated(client, table_id) as ws:
        view = ws.receive_json()
        while view["to_act"] != 0:
            ws.send_json({"type": "advance"})
            view = ws.receive_json()
        assert view["choosing"]["remaining"] == 3 and view["take_back"] is None
        ws.send_json({"type": "take back"})
        assert ws.receive_json() == {"type": "error", "message": "take back: you have no card chosen to take back"}
        first, second = view["legal"][0]["card"], view["legal"][1]["card"]
        for code in (first, second):
            ws.send_json({"type": "action", "text": code})
            view = ws.receive_json()
        assert view["take_back"] == second and first not in view["hand"] and second not in view["hand"]
        ws.send_json({"type": "take back"})
        view = ws.receive_json()
        assert view["choosing"]["remaining"] == 2 and view["take_back"] == first and second in view["hand"]
        assert [m["cards"] for m in view["moments"] if m["kind"] == "give" and m["seat"] == 0] == [[first]]


def test_two_tables_at_once_never_see_each_others_cards(client):
    """Two people at two tables of the same game, moving in turn: each message names only
    its own table and none of the cards the engine hides from its seat."""
    first, second = open_table(client, "belote", 0, "3"), open_table(client, "belote", 2, "4")
    assert first != second
    rng = random.Random(0)
    with seated(client, first) as one, seated(client, second) as two:
        sockets = {first: (one, 0), second: (two, 2)}
        views = {first: one.receive_json(), second: two.receive_json()}
        while any(v["result"] is None for v in views.values()):
            for table_id, (ws, seat) in sockets.items():
                view = views[table_id]
                assert view["table"] == table_id and view["seat"] == seat
                assert_no_secret(client, table_id, seat, view)
                assert view["hand"] == sorted(view["hand"], key=view["hand"].index)  # the seat's own hand
                if view["result"] is not None:
                    continue
                own = client.app.state.lobby.tables[table_id].state.observation(seat)["hand"]
                assert sorted(view["hand"]) == sorted(own)
                if view["to_act"] == seat:
                    ws.send_json({"type": "action", "text": rng.choice(view["legal"])["text"]})
                else:
                    ws.send_json({"type": "advance"})
                views[table_id] = ws.receive_json()
    tables = client.app.state.lobby.tables
    assert tables[first].state is not tables[second].state


def test_a_reload_resumes_the_game(client):
    table_id = open_table(client, "sixty-six", seat=0, seed="8")
    with seated(client, table_id) as ws:
        view = ws.receive_json()
        for _ in range(6):
            if view["to_act"] == 0:
                ws.send_json({"type": "action", "text": view["legal"][-1]["text"]})
            else:
                ws.send_json({"type": "advance"})
            view = ws.receive_json()
    page = client.get(f"/table/{table_id}")
    assert page.status_code == 200 and f'"table": "{table_id}"' in page.text
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        again = ws.receive_json()
    assert again == view and len(again["events"]) >= 6
    client.cookies.set("atout_table", table_id)
    home = client.get("/")
    assert f"/table/{table_id}" in home.text and "Back to your table" in home.text


def test_every_deal_of_a_match_and_its_end(client):
    """A whole match of Aluette (five deals): 'next' deals on, the standing adds up, the match ends."""
    table_id = open_table(client, "aluette", seat=3, seed="6")
    rng = random.Random(1)
    totals = None
    for deal in range(1, 6):
        view, _ = play_deal(client, table_id, 3, rng)
        assert view["deal"] == deal
        match = client.app.state.lobby.tables[table_id].match
        assert view["standing"] == [[n, shown(x)] for n, x in zip(match.game.side_names, match.team_scores)]
        totals = view["standing"]
        with seated(client, table_id) as ws:
            ws.receive_json()
            ws.send_json({"type": "next"})
            reply = ws.receive_json()
        if deal < 5:
            assert reply["deal"] == deal + 1 and reply["result"] is None and len(reply["hand"]) == match.game.hand_size == 9
        else:
            assert reply == {"type": "error", "message": "the match is over: start a new table"}
    assert view["match_over"]["scores"] == totals
    final = client.app.state.lobby.tables[table_id].match.result()
    assert view["match_over"]["winner"] == (None if final.winner is None else match.game.side_names[final.winner])


def test_pages_games_rules_and_mistakes(client):
    home = client.get("/")
    for name in GAMES:
        assert f"/game/{name}" in home.text
    tarot = client.get("/game/french-tarot")
    assert "data-players='3'" in tarot.text and "data-players='5'" in tarot.text and "hard (ismcts:100ms)" in tarot.text
    rules = client.get("/rules/belote")
    assert rules.status_code == 200 and "<h1>Belote</h1>" in rules.text and "<li>" in rules.text
    assert client.get("/rules/nosuch").status_code == 404


def test_the_rules_page_follows_the_browsers_language_and_offers_a_switch(client):
    english = client.get("/rules/belote")
    assert "<html lang='en'>" in english.text and english.headers["content-language"] == "en"
    assert english.headers["vary"] == "Accept-Language"
    assert "<a href='?lang=da' hreflang='da' lang='da'>Dansk</a>" in english.text
    assert "<a href='?lang=en' hreflang='en' lang='en' aria-current='true'>English</a>" in english.text
    danish = client.get("/rules/belote", headers={"Accept-Language": "da-DK,da;q=0.9,en;q=0.8"})
    assert "<html lang='da'>" in danish.text and danish.headers["content-language"] == "da"
    assert "aria-current='true'>Dansk</a>" in danish.text
    norwegian = client.get("/rules/belote", headers={"Accept-Language": "no"})
    assert norwegian.headers["content-language"] == "nb"
    chosen = client.get("/rules/belote?lang=tr", headers={"Accept-Language": "da"})
    assert chosen.headers["content-language"] == "tr" and "<html lang='tr'>" in chosen.text
    unknown = client.get("/rules/belote?lang=xx", headers={"Accept-Language": "ja, fr;q=0.5"})
    assert unknown.headers["content-language"] == "fr"
    missing = client.get("/table/nosuch")
    assert missing.status_code == 404 and "no such table" in missing.text
    bad = client.post("/new", data={"game": "sixty-six", "seat": "3", "level": "easy"})
    assert bad.status_code == 400 and "Sixty-six has seats 0 to 1" in bad.text
    assert "no AI level &#x27;godlike&#x27;: easy, medium, hard, expert" in client.post("/new", data={"game": "belote", "seat": "0", "level": "godlike"}).text
    assert client.get("/static/table.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/..%2Fserve.py").status_code == 404
    with client.websocket_connect("/ws/nosuch") as ws:
        assert ws.receive_json()["fatal"] is True


def table_config(response) -> dict:
    found = re.search(r"<script id='config' type='application/json'>(.*?)</script>", response.text, re.S)
    return json.loads(found.group(1).replace("<\\/", "</"))


def test_the_table_follows_the_browsers_language_and_keeps_the_one_switched_to(client):
    danish = {"Accept-Language": "da-DK,da;q=0.9,en;q=0.5"}
    response = client.post("/new", data={"game": "belote", "seat": "0", "level": "easy", "seed": "4"},
                           headers=danish, follow_redirects=False)
    table_id = response.headers["location"].rsplit("/", 1)[1]
    page = client.get(f"/table/{table_id}", headers=danish)
    config = table_config(page)
    da = translation("da")
    assert "<html lang='da'>" in page.text and page.headers["content-language"] == "da"
    assert config["lang"] == "da" and ["nb", "Norsk bokmål"] in [list(x) for x in config["languages"]]
    assert config["text"]["{who} wins the trick."] == da("{who} wins the trick.") != "{who} wins the trick."
    assert config["text"]["{n} trick"] == da.forms("{n} trick", "{n} tricks") and len(config["plural"]) == 200
    doc = read_source(GAMES["belote"]).data
    assert [s["name"] for s in config["suits"]] == list(names_in(doc["cards"]["suits"], "da").values())
    assert config["cards"]["KH"]["rank_name"] == names_in(doc["cards"]["ranks"], "da")["K"] != "King"
    assert config["side_labels"][0]["label"] == da("{team}, yours", team="North-South")
    switched = table_config(client.get(f"/table/{table_id}?lang=fi", headers=danish))
    assert switched["lang"] == "fi"
    assert table_config(client.get(f"/table/{table_id}", headers=danish))["lang"] == "fi"     # the table keeps it
    assert table_config(client.get(f"/table/{table_id}?lang=xx"))["lang"] == "fi"
    english = table_config(client.get(f"/table/{open_table(client, 'belote')}"))
    assert english["lang"] == "en" and english["text"] == {} and english["cards"]["KH"]["rank_name"] == "King"


def test_the_game_and_home_pages_follow_the_browsers_language(client):
    german = client.get("/game/belote", headers={"Accept-Language": "de"})
    de = translation("de")
    assert "<html lang='de'>" in german.text and german.headers["vary"] == "Accept-Language"
    assert f">{de('Your seat')} <select" in german.text and "<input type='hidden' name='lang' value='de'>" in german.text
    assert f"<option value='1'>{de('seat {n}', n=1)}" in german.text
    home = client.get("/?lang=tr")
    about = in_language(read_source(GAMES["belote"]).data["about"], "tr")
    assert "<html lang='tr'>" in home.text and html.escape(about) in home.text


def test_a_table_refuses_and_judges_in_its_own_language(client):
    response = client.post("/new", data={"game": "aluette", "seat": "0", "level": "easy", "seed": "2", "lang": "nb"},
                           follow_redirects=False)
    table_id = response.headers["location"].rsplit("/", 1)[1]
    nb = translation("nb")
    with seated(client, table_id) as ws:
        view = ws.receive_json()
        while view["to_act"] != 0:
            ws.send_json({"type": "action", "text": "1O"})
            assert ws.receive_json()["message"] == nb("it is {who}'s turn, not yours", who=nb("seat {n}", n=view["to_act"]))
            ws.send_json({"type": "advance"})
            view = ws.receive_json()
    view, _ = play_deal(client, table_id, 0, random.Random(3))
    table = client.app.state.lobby.tables[table_id]
    parts = table.result.breakdown
    won = next((t for t in parts["teams"] if t["team"] == parts.get("won by")), None)
    expected = verdict(won["seats"] if won else (), won and won["team"], 0, "deal", nb)
    assert view["result"]["verdict"] == expected != verdict(won["seats"] if won else (), won and won["team"], 0, "deal")


def test_a_variant_and_a_rule_file_given_by_path(tmp_path):
    app = make_app({"whist": GAMES["whist"], "tarot": GAMES["french-tarot"]}, LEVELS, pace=0)
    client = TestClient(app)
    table_id = open_table(client, "tarot", seat=2, variant="three")
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        view = ws.receive_json()
    assert len(view["hand_sizes"]) == 3 and len(view["hand"]) == 24
    assert "/game/belote" not in client.get("/").text


def test_serve_reports_a_port_in_use_in_one_line():
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "belote", "--port", str(port)])
    assert result.exit_code == 1
    assert result.output == f"atout: cannot listen on 127.0.0.1:{port}: Address already in use (choose another with --port)\n"


def test_serve_checks_its_games_first(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: X\nplayers: 4\n")
    result = CliRunner().invoke(main, ["serve", str(broken)])
    assert result.exit_code == 1 and result.output.startswith("atout: ") and "Traceback" not in result.output


def test_a_frame_the_table_cannot_read_is_answered_and_the_socket_stays(client):
    table_id = open_table(client, "belote")
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        first = ws.receive_json()
        for frame, answer in (("not json", "the message is not JSON"), ("[" * 100_000, "a message of 100000 characters"),
                              ("[" * 5000 + "]" * 5000, "the message is not JSON"), ("[1, 2]", "not a JSON object"),
                              (b"\x00\x01", "not binary ones")):
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            reply = ws.receive_json()
            assert reply["type"] == "error" and answer in reply["message"], (frame[:20], reply)
        ws.send_json({"type": "view"})
        assert ws.receive_json() == first                 # the same socket, the same table


def test_two_rule_files_of_one_name_are_refused(tmp_path, monkeypatch):
    monkeypatch.setattr("interpreter.web.serve.serve", lambda *args: pytest.fail("served"))
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "whist.yaml").write_text(GAMES["whist"].read_text(encoding="utf-8"), encoding="utf-8")
    result = CliRunner().invoke(main, ["serve", str(tmp_path / "a" / "whist.yaml"), str(tmp_path / "b" / "whist.yaml")])
    assert result.exit_code == 2 and "two rule files are named whist.yaml" in result.output


def test_serving_beyond_this_machine_says_what_is_exposed(monkeypatch):
    served = []
    monkeypatch.setattr("interpreter.web.serve.serve", lambda games, levels, host, port, pace, per_client: served.append(host))
    wide = CliRunner().invoke(main, ["serve", "whist", "--host", "0.0.0.0", "--port", "8123"])
    assert wide.exit_code == 0 and served == ["0.0.0.0"]
    assert ("atout: warning: serving on 0.0.0.0: anyone who can reach this machine on port 8123 can open tables of "
            "whist and play them") in wide.output
    for host in ("127.0.0.1", "::1", "localhost"):
        assert "warning" not in CliRunner().invoke(main, ["serve", "whist", "--host", host]).output


def test_a_tables_seed_cannot_be_searched_for(client):
    seeds = {client.app.state.lobby.tables[open_table(client, "belote", seed="")].seed for _ in range(3)}
    assert len(seeds) == 3 and all(len(seed) == 32 and int(seed, 16) >= 0 for seed in seeds)    # 128 bits each


def test_a_new_table_comes_only_from_a_small_form_of_this_site(client):
    form = {"game": "belote", "seat": "0", "level": "easy"}
    other_site = client.post("/new", data=form, headers={"Origin": "http://evil.example"}, follow_redirects=False)
    assert other_site.status_code == 403
    same_site = client.post("/new", data=form, headers={"Origin": "http://testserver"}, follow_redirects=False)
    assert same_site.status_code == 303
    as_json = client.post("/new", json=form, follow_redirects=False)
    assert as_json.status_code == 415
    huge = client.post("/new", data=form | {"seed": "7" * 2_000_000}, follow_redirects=False)
    assert huge.status_code == 413 and "longer than 4096 bytes" in huge.text
    long_seed = client.post("/new", data=form | {"seed": "7" * 101}, follow_redirects=False)
    assert long_seed.status_code == 400 and "&#x27;seed&#x27; is longer than 100 characters" in long_seed.text
    assert client.post("/new", data=form | {"x": "1"}, follow_redirects=False).status_code == 400
    with pytest.raises(Exception):
        with client.websocket_connect(f"/ws/{same_site.headers['location'].rsplit('/', 1)[1]}",
                                      headers={"Origin": "http://evil.example"}) as ws:
            ws.receive_json()


def test_nobody_can_evict_a_game_in_progress():
    now = [0.0]
    app = make_app(GAMES, LEVELS, pace=0)
    lobby = app.state.lobby
    lobby.clock = lambda: now[0]
    mine = lobby.open_table("belote", None, 0, "easy", client="10.0.0.1")
    flood = [lobby.open_table("belote", None, 0, "easy", client="10.0.0.2")
             for k in range(interpreter.web.lobby.PER_CLIENT)]
    with pytest.raises(interpreter.web.lobby.TooManyTables, match="12 tables in play"):
        lobby.open_table("belote", None, 0, "easy", client="10.0.0.2")    # all in use this minute: none is closed
    assert all(lobby.table(t.id) is t for t in flood)
    for k in range(5):                                             # a minute unused, the client's own oldest goes
        now[0] += interpreter.web.lobby.IN_USE_SECONDS
        lobby.table(mine.id)                                       # the person's table stays in play
        lobby.open_table("belote", None, 0, "easy", client="10.0.0.2")
    assert lobby.table(mine.id) is mine
    assert [t for t in flood if t.id in lobby.tables] == flood[5:]
    assert sum(1 for t in lobby.tables.values() if t is not mine) == interpreter.web.lobby.PER_CLIENT
    for k in range(interpreter.web.lobby.MAX_TABLES):               # many clients fill the server: refused, not evicted
        try:
            lobby.open_table("belote", None, 0, "easy", client=f"10.1.{k // 250}.{k % 250}")
        except interpreter.web.lobby.ServerFull as err:
            assert "the table server is full" in str(err)
            break
    else:
        pytest.fail("the server never said it was full")
    assert lobby.table(mine.id) is mine
    now[0] += interpreter.web.lobby.IDLE_SECONDS + 1                  # two idle hours later every table is closed
    assert lobby.table(mine.id) is None and lobby.tables == {}


def test_a_loopback_server_answers_only_to_its_own_names():
    """A DNS-rebinding page reaches 127.0.0.1 under its own name: its Host header gives it away."""
    from interpreter.web.serve import is_loopback, local_names

    app = make_app(GAMES, LEVELS, pace=0, hosts=local_names("127.0.0.1"))
    assert TestClient(app, base_url="http://127.0.0.1:8000").get("/").status_code == 200
    assert TestClient(app, base_url="http://localhost:8000").get("/game/belote").status_code == 200
    rebound = TestClient(app, base_url="http://evil.example:8000")
    assert rebound.get("/").status_code == 400 and rebound.post("/new", data={"game": "belote"}).status_code == 400
    with pytest.raises(Exception):
        with rebound.websocket_connect("/ws/anything") as ws:
            ws.receive_json()
    assert [is_loopback(h) for h in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "192.168.1.2", "example.org")] == \
        [True, True, True, False, False, False]
    assert local_names("::1") == ["127.0.0.1", "[::1]", "localhost"]


def test_a_served_file_saved_broken_is_shown_with_its_problem_and_the_others_still_play(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(GAMES["whist"].read_text(encoding="utf-8"), encoding="utf-8")
    client = TestClient(make_app({"mine": mine, "belote": GAMES["belote"]}, LEVELS, pace=0))
    assert client.get("/").status_code == 200
    mine.write_text("game: Mine\nplayers: [\n", encoding="utf-8")             # saved half-typed
    home = client.get("/")
    assert home.status_code == 200 and "/game/belote" in home.text
    assert re.search(r"<li class='broken'>mine <span class='error'>[^<]*mine\.yaml:\d+:\d+: [^<]+</span></li>", home.text)
    assert client.get("/game/mine").status_code == 404 and client.get("/game/belote").status_code == 200
