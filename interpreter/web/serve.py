"""``atout serve``: a card table in the browser, for any rule file.

One Starlette app: a page per game (variant, seat, AI level), the table page, the rules page
(``explain`` as HTML) and a WebSocket per table. The server keeps each table's match; the page
sends the same action texts as ``atout play``. Everything a client receives about a deal in
progress is built from ``observation(seat)`` of its own seat, the moves it saw, and public
facts of the rule file: never another hand.

The page sets the pace: it asks the server to ``advance`` one AI move at a time (a readable
pace in a browser, none in tests), so a closed tab pauses its table and a reload resumes it.
"""
from __future__ import annotations

import asyncio
from fractions import Fraction
import html
import json
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..authoring.explain import explain_html
from ..engine.game import Game
from ..engine.parts import Action
from ..errors import AtoutError
from ..language.rule_files import load
from ..players.registry import make_player
from ..players.table_view import describe_action, hand_order, seat_label

WEB = Path(__file__).resolve().parent
SUIT_SYMBOLS = {"spade": "♠", "heart": "♥", "diamond": "♦", "club": "♣"}
PUBLIC_KINDS = ("num", "bool", "seat", "team", "suit")   # facts shown at the end of a deal (no card sets)
MAX_TABLES = 200                                        # the oldest table goes when a new one would pass it


def fmt(x: Any) -> str:
    """An exact number for people: whole numbers plain, others as short decimals."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3f}".rstrip("0")


def suit_symbol(name: str) -> str | None:
    """The usual symbol of the four French suits, known by their English names; None for others."""
    return SUIT_SYMBOLS.get(name.strip().casefold().removesuffix("s"))


class Table:
    """One person's seat at one match; AI players hold the other seats."""

    def __init__(self, table_id: str, game: Game, key: str, seat: int, level: str, spec: str, seed: str):
        self.id, self.game, self.key, self.seat, self.level, self.seed = table_id, game, key, seat, level, seed
        self.others = {s: make_player(spec, f"{seed}:{s}") for s in range(game.players) if s != seat}
        self.match = game.new_match(seed=seed)
        self.lock = asyncio.Lock()
        self.state = self.match.next_deal()
        self.deal = 1
        self.result = None
        self.events: list[str] = []
        self.last_trick: dict | None = None
        self._settle_if_over()

    # --- moves ------------------------------------------------------------------------------

    def act(self, text: str) -> None:
        """The person's move, by its text; raises AtoutError (the engine's message) if illegal."""
        if self.result is not None:
            raise AtoutError("the deal is over: ask for the next deal")
        if self.state.current_player != self.seat:
            raise AtoutError(f"it is {seat_label(self.state.current_player, self.seat)}'s turn, not yours")
        action = self.state.resolve(text)
        self.state.clone().apply(action)      # the engine's own message if it is illegal
        self._apply(self.seat, action)

    async def advance(self) -> bool:
        """One move by the AI player whose turn it is; False when it is nobody's (yours, or the deal is over)."""
        mover = None if self.result is not None else self.state.current_player
        if mover is None or mover == self.seat:
            return False
        action = await asyncio.to_thread(self.others[mover].choose, self.state)
        self._apply(mover, action)
        return True

    def next_deal(self) -> None:
        if self.result is None:
            raise AtoutError("the deal is not over yet")
        if self.match.is_over:
            raise AtoutError("the match is over: start a new table")
        self.state = self.match.next_deal()
        self.deal = len(self.match.results) + 1
        self.result, self.events, self.last_trick = None, [], None
        self._settle_if_over()

    def _apply(self, mover: int, action: Action) -> None:
        state = self.state
        before = state.observation(self.seat)
        self.events.append(describe_action(state, mover, self.seat, action))
        state.apply(action)
        after = state.observation(self.seat)
        if len(after["trick_winners"]) > len(before["trick_winners"]):
            winner = after["trick_winners"][-1]
            self.last_trick = {"cards": before["trick"] + [[mover, self.game.deck.codes[action.card]]],
                               "winner": winner}
            self.events.append("the trick is spoiled: nobody wins it" if winner is None else
                               f"{seat_label(winner, self.seat)} win{'' if winner == self.seat else 's'} the trick")
        self._settle_if_over()

    def _settle_if_over(self) -> None:
        if self.state.is_over and self.result is None:
            self.result = self.match.finish_deal(self.state)

    # --- what the person sees ---------------------------------------------------------------

    def view(self) -> dict:
        """The table as this seat may see it (JSON-ready)."""
        game, seat, state = self.game, self.seat, self.state
        obs = state.observation(seat)
        codes = game.deck.codes
        hand = [codes[c] for c in hand_order(state, seat)]
        legal = []
        if obs["decides"] == seat:
            legal = [{"text": a.text, "kind": a.kind, "card": codes[a.card] if a.card >= 0 else None}
                     for a in state.legal_actions()]
        # Calls and announcements: the entries of no card played (a call may read like a card: 3H)
        calls = [[s, x] for (s, x), (_, entry) in zip(obs["history"], state.history)
                 if isinstance(entry, str) or (not isinstance(entry, int) and x not in codes)]
        dummy = obs["dummy_hand"]
        if dummy is not None:
            dummy = [codes[c] for c in hand_order(state, obs["dummy"])]
        view = {
            "type": "view", "table": self.id, "seat": seat, "deal": self.deal, "dealer": obs["dealer"],
            "to_act": obs["decides"], "playing": obs["to_act"], "dummy": obs["dummy"], "dummy_hand": dummy,
            "hand": hand, "legal": legal, "hand_sizes": obs["hand_sizes"],
            "trick": obs["trick"], "leader": obs["leader"], "last_trick": self.last_trick, "tricks": obs["tricks"],
            "piles": obs["piles"], "pile_sizes": obs["pile_sizes"], "trump": obs["trump"], "taker": obs["taker"],
            "call": obs["call"], "marks": self._marks(obs["marks"]), "melds": [fmt(m) for m in obs["melds"]],
            "shown": obs["shown"], "to_choose": obs["to_choose"], "calls": calls, "events": self.events[-14:],
            "standing": [[name, fmt(x)] for name, x in zip(game.side_names, self.match.team_scores)],
            "result": None if self.result is None else self._result_view(),
            "match_over": self._match_over(),
        }
        return view

    def _marks(self, marks: dict) -> list[list[str]]:
        """The rule file's marks as words (a seat, a team, a suit's name, cards, yes/no)."""
        game, out = self.game, []
        for (name, value), kind in zip(marks.items(), game.mark_types):
            if value is None:
                continue
            out.append([name.replace("_", " "), self._word(kind, value)])
        return out

    def _word(self, kind: str, value: Any) -> str:
        deck = self.game.deck
        if kind == "seat":
            return seat_label(value, self.seat)
        if kind == "team":
            return self.game.team_names[value] if isinstance(value, int) else str(value)
        if kind == "suit":
            return deck.suit_names[value] if isinstance(value, int) else str(value)
        if kind == "set":
            return deck.text(value) if isinstance(value, int) else str(value)
        if kind == "bool":
            return "yes" if value else "no"
        return fmt(value) if isinstance(value, (int, Fraction)) else str(value)

    def _result_view(self) -> dict:
        """How the deal was decided: every award with its points, each side's tricks and points."""
        result, game = self.result, self.game
        if result.facts.get("annulled"):
            return {"annulled": True, "reasons": [], "sides": [], "seats": [], "facts": [], "down": game.match.down}
        parts = result.breakdown
        kinds = dict(zip(game.mark_names, game.mark_types)) | {name: kind for name, kind, _ in game.lets}
        facts = [[name.replace("_", " "), self._fact(kinds[name], value)]
                 for name, value in result.facts.items() if kinds.get(name) in PUBLIC_KINDS and value is not None]

        def row(entry: dict, label: str) -> dict:
            return {"name": label, "tricks": entry["tricks"], "card_points": fmt(entry["card_points"]),
                    "melds": fmt(entry["melds"] + entry["shown"]),
                    "awards": [[rule, fmt(points)] for rule, points in entry["awards"].items()],
                    "score": fmt(entry["score"])}

        teams = [row(t, t["team"]) for t in parts["teams"]] if game.fixed_teams else []
        seats = [row(s, seat_label(s["seat"], self.seat)) for s in parts["seats"]]
        return {"annulled": False, "down": game.match.down,
                "reasons": [[r.rule, r.to, fmt(r.points)] for r in result.reasons],
                "sides": teams, "seats": seats, "facts": facts,
                "contract": parts.get("call"), "taker": parts.get("taker")}

    def _fact(self, kind: str, value: Any) -> str:
        """A fact of Result.facts: teams by name and suits by code already."""
        if kind == "suit":
            deck = self.game.deck
            return deck.suit_names[deck.suit_codes.index(value)] if value in deck.suit_codes else str(value)
        return str(value) if kind == "team" else self._word(kind, value)

    def _match_over(self) -> dict | None:
        if not self.match.is_over:
            return None
        final = self.match.result()
        names = self.game.side_names
        return {"winner": None if final.winner is None else names[final.winner],
                "scores": [[n, fmt(x)] for n, x in zip(names, final.team_scores)]}


class Lobby:
    """The games on offer and the tables in play."""

    def __init__(self, games: dict[str, Path], levels: dict[str, str], pace: float):
        self.games, self.levels, self.pace = games, levels, pace
        self.tables: dict[str, Table] = {}

    def game(self, key: str, variant: str | None = None) -> Game:
        if key not in self.games:
            raise AtoutError(f"no game '{key}' on this table server")
        if variant and variant not in load(self.games[key]).variants:
            raise AtoutError(f"{key} has no variant '{variant}'")
        return load(self.games[key], variant or None)

    def open_table(self, key: str, variant: str | None, seat: int, level: str, seed: str | None = None) -> Table:
        game = self.game(key, variant)
        if not 0 <= seat < game.players:
            raise AtoutError(f"{game.title} has seats 0 to {game.players - 1}")
        if level not in self.levels:
            raise AtoutError(f"no AI level '{level}': {', '.join(self.levels)}")
        while len(self.tables) >= MAX_TABLES:
            self.tables.pop(next(iter(self.tables)))
        table_id = secrets.token_urlsafe(9)
        table = Table(table_id, game, key, seat, level, self.levels[level], seed or secrets.token_hex(4))
        self.tables[table_id] = table
        return table


# --- pages ---------------------------------------------------------------------------------

def _page(title: str, body: str, head: str = "") -> HTMLResponse:
    return HTMLResponse(f"<!doctype html><html lang='en'><head><meta charset='utf-8'>"
                        f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
                        f"<title>{html.escape(title)}</title><link rel='stylesheet' href='/static/table.css'>{head}"
                        f"</head><body>{body}</body></html>")


def _error(message: str, status: int = 400) -> HTMLResponse:
    response = _page("atout", f"<main class='page'><h1>Not possible</h1><p class='error'>{html.escape(message)}</p>"
                              f"<p><a href='/'>All games</a></p></main>")
    response.status_code = status
    return response


def _home(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    items = []
    for key in lobby.games:
        game = lobby.game(key)
        items.append(f"<li><a href='/game/{html.escape(key)}'>{html.escape(game.title)}</a> "
                     f"<span class='about'>{html.escape(game.about)}</span></li>")
    resume = request.cookies.get("atout_table")
    back = f"<p><a href='/table/{html.escape(resume)}'>Back to your table</a></p>" \
        if resume in lobby.tables else ""
    return _page("atout: card games", f"<main class='page'><h1>atout</h1>{back}<ul class='games'>{''.join(items)}</ul></main>")


def _game_page(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    key = request.path_params["key"]
    try:
        game = lobby.game(key)
    except AtoutError as err:
        return _error(str(err), 404)
    variants = [("", "as written", game.players)] + [(v, v, lobby.game(key, v).players) for v in game.variants]
    most = max(p for _, _, p in variants)
    options = "".join(f"<option value='{html.escape(v)}' data-players='{p}'>{html.escape(label)}</option>"
                      for v, label, p in variants)
    seats = "".join(f"<option value='{s}'>seat {s}{_team_label(game, s)}</option>" for s in range(most))
    levels = "".join(f"<option value='{lv}'>{lv} ({html.escape(spec)})</option>" for lv, spec in lobby.levels.items())
    key_html = html.escape(key)
    body = (f"<main class='page'><h1>{html.escape(game.title)}</h1><p class='about'>{html.escape(game.about)}</p>"
            f"<p><a href='/rules/{key_html}' target='_blank'>Rules</a> · <a href='/'>All games</a></p>"
            f"<form method='post' action='/new' class='choose'><input type='hidden' name='game' value='{key_html}'>"
            f"<label>Variant <select name='variant' id='variant'>{options}</select></label>"
            f"<label>Your seat <select name='seat' id='seat'>{seats}</select></label>"
            f"<label>AI level <select name='level'>{levels}</select></label>"
            f"<button type='submit' id='start'>Play</button></form></main>"
            "<script>const v=document.getElementById('variant'),s=document.getElementById('seat');"
            "function fit(){const n=+v.selectedOptions[0].dataset.players;for(const o of s.options)"
            "{o.hidden=+o.value>=n;}if(+s.value>=n)s.value='0';}v.onchange=fit;fit();</script>")
    return _page(game.title, body)


def _team_label(game: Game, seat: int) -> str:
    return f" ({game.team_names[game.team_of[seat]]})" if game.fixed_teams and len(game.teams) < game.players else ""


async def _new_table(request: Request) -> Response:
    lobby: Lobby = request.app.state.lobby
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items()}
    try:
        seat = int(str(form.get("seat", "0")))
        table = lobby.open_table(str(form.get("game", "")), str(form.get("variant", "")) or None, seat,
                                 str(form.get("level", "easy")), str(form.get("seed", "")) or None)
    except ValueError:
        return _error("the seat is a number")
    except AtoutError as err:
        return _error(str(err))
    response = RedirectResponse(f"/table/{table.id}", status_code=303)
    response.set_cookie("atout_table", table.id, httponly=True, samesite="strict")
    return response


def _table_page(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    table = lobby.tables.get(request.path_params["table_id"])
    if table is None:
        return _error("no such table (the server was restarted, or the table was closed): start a new one", 404)
    game = table.game
    deck = game.deck
    suits = [{"code": c, "name": n, "symbol": suit_symbol(n)} for c, n in zip(deck.suit_codes, deck.suit_names)]
    config = {"table": table.id, "game": game.title, "key": table.key, "variant": game.variant, "seat": table.seat,
              "players": game.players, "direction": game.direction, "level": table.level, "pace": lobby.pace,
              "sides": list(game.side_names), "down": game.match.down,
              "teams": [game.team_names[game.team_of[s]] for s in range(game.players)]
              if game.fixed_teams and len(game.teams) < game.players else None,
              "suits": suits, "cards": {c: {"name": n, "suit": s, "rank": r}
                                        for c, n, s, r in zip(deck.codes, deck.names, deck.suit_of, deck.rank_of)},
              "public_piles": [n for n, p in zip(game.pile_names, game.pile_public) if p]}
    data = json.dumps(config).replace("</", "<\\/")
    body = (f"<div id='app'></div><script id='config' type='application/json'>{data}</script>"
            f"<script src='/static/table.js'></script>")
    return _page(f"{game.title}: atout", body)


def _rules_page(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    key = request.path_params["key"]
    if key not in lobby.games:
        return _error(f"no game '{key}' on this table server", 404)
    return _page(f"{lobby.game(key).title}: rules", f"<main class='page rules'>{explain_html(lobby.games[key])}"
                                                     f"<p><a href='/game/{html.escape(key)}'>Play it</a></p></main>")


def _static(request: Request) -> Response:
    name = request.path_params["name"]
    types = {"js": "text/javascript", "css": "text/css"}
    path = WEB / name
    if "/" in name or name.rsplit(".", 1)[-1] not in types or not path.is_file():
        return Response("not found", status_code=404)
    return Response(path.read_text(encoding="utf-8"), media_type=types[name.rsplit(".", 1)[-1]])


async def _socket(websocket: WebSocket) -> None:
    """Each message from the page gets exactly one answer: the new view, or an error."""
    lobby: Lobby = websocket.app.state.lobby
    table = lobby.tables.get(websocket.path_params["table_id"])
    await websocket.accept()
    if table is None:
        await websocket.send_json({"type": "error", "message": "no such table: start a new one", "fatal": True})
        await websocket.close()
        return
    await websocket.send_json(table.view())
    try:
        while True:
            message = await websocket.receive_json()
            await websocket.send_json(await _answer(table, message))
    except WebSocketDisconnect:
        return


async def _answer(table: Table, message: Any) -> dict:
    kind = message.get("type") if isinstance(message, dict) else None
    async with table.lock:
        try:
            if kind == "action":
                table.act(str(message.get("text", "")))
            elif kind == "advance":
                await table.advance()
            elif kind == "next":
                table.next_deal()
            elif kind != "view":
                return {"type": "error", "message": f"unknown message type {kind!r}: action, advance, next or view"}
        except AtoutError as err:
            return {"type": "error", "message": str(err)}
        except Exception as err:  # noqa: BLE001 - a rule that fails while the deal is played, as one line
            return {"type": "error", "message": f"the rules failed at this table: {type(err).__name__}: {err}"}
        return table.view()


def make_app(games: dict[str, Path], levels: dict[str, str], pace: float = 0.7) -> Starlette:
    """The ASGI app: ``games`` maps a short name to its rule file, ``levels`` an AI level to a
    player spec, ``pace`` is the pause in seconds the page leaves between AI moves."""
    app = Starlette(routes=[
        Route("/", _home), Route("/game/{key}", _game_page), Route("/new", _new_table, methods=["POST"]),
        Route("/table/{table_id}", _table_page), Route("/rules/{key}", _rules_page),
        Route("/static/{name}", _static), WebSocketRoute("/ws/{table_id}", _socket)])
    app.state.lobby = Lobby(games, levels, pace)
    return app


def serve(games: dict[str, Path], levels: dict[str, str], host: str, port: int, pace: float) -> None:
    """Run the app until interrupted; a port already in use is one clear error."""
    import errno
    import os
    import socket

    import uvicorn

    try:
        with socket.create_server((host, port)):
            pass
    except OSError as err:
        raise AtoutError(f"cannot listen on {host}:{port}: {os.strerror(err.errno) if err.errno else err}"
                         + (" (choose another with --port)" if err.errno == errno.EADDRINUSE else "")) from None
    print(f"atout: tables at http://{host}:{port}/ (Ctrl-C stops)", flush=True)
    uvicorn.run(make_app(games, levels, pace), host=host, port=port, log_level="warning")
