"""``atout serve``: a card table in the browser, for any rule file.

One Starlette app: a page per game (variant, seat, AI level), the table page, the rules page
(``explain`` as HTML) and a WebSocket per table. The server keeps each table's match; the page
sends the same action texts as ``atout play``. Everything a client receives about a deal in
progress is built from ``observation(seat)`` of its own seat, the moves it saw, and public
facts of the rule file: never another hand.

Only the browser that opened a table acts at it: the table's token reaches that browser alone
(a cookie of the table's path; the table page hands it to its script), and every move on the
socket carries it. A socket without it watches: it may ask for the view, nothing else.

The page sets the pace: it asks the server to ``advance`` one AI move at a time (a readable
pace in a browser, none in tests), so a closed tab pauses its table and a reload resumes it.
"""
from __future__ import annotations

import html
import ipaddress
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..authoring.explain import explain_html
from ..digits import whole_number
from ..engine.game import Game
from ..errors import AtoutError
from ..language.card_names import in_language, names_in
from ..language.source import read_source
from ..language.translation import LANGUAGES, Translation, best_language, language_name, translation
from ..language.variants import apply_variant
from ..language.wording import wording_for
from ..players.table_view import seat_label
from .lobby import PER_CLIENT, Lobby, ServerFull, TooManyTables
from .review import REVIEW_NODES, Analyst, Review
from .table import Table, suit_pip, suit_symbol
from .table_text import plural_table, table_text

WEB = Path(__file__).resolve().parent


# --- pages ---------------------------------------------------------------------------------

def _language(request: Request, fallback: str | None = None, asked: str | None = None) -> str:
    """The page's language: the switch's ``?lang=`` (or the form's ``asked``), else ``fallback``
    (a table's own), else the browser's ``Accept-Language``."""
    asked = request.query_params.get("lang") if asked is None else asked
    if asked in LANGUAGES:
        return asked
    return fallback or best_language(request.headers.get("accept-language"))


def _page(title: str, body: str, head: str = "", language: str = "en") -> HTMLResponse:
    response = HTMLResponse(f"<!doctype html><html lang='{language}'><head><meta charset='utf-8'>"
                            f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
                            f"<title>{html.escape(title)}</title><link rel='stylesheet' href='/static/table.css'>"
                            f"{head}</head><body>{body}</body></html>")
    response.headers["Vary"] = "Accept-Language"
    response.headers["Content-Language"] = language
    response.headers.update(SECURITY_HEADERS)
    return response


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Every page: scripts only from the server's own files (no inline script, so a rule file's
text can never run as one), no framing, no sniffing a text as another type."""


def script_data(value: Any) -> str:
    """JSON to embed in ``<script type='application/json'>``: every ``<``, ``>`` and ``&`` is
    escaped, so that no text of a rule file (``</script>``, ``<!--``) can end or hide the block."""
    text = json.dumps(value, ensure_ascii=False)
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def _switch(language: str) -> str:
    """Links to this page in every language, the current one marked."""
    t = translation(language)
    links = " · ".join(f"<a href='?lang={code}' hreflang='{code}' lang='{code}'"
                       + (" aria-current='true'" if code == language else "") + f">{language_name(code)}</a>"
                       for code in LANGUAGES)
    label = t("Language")
    return f"<nav class='languages' aria-label='{html.escape(label)}'>{links}</nav>"


def _error(message: str, status: int = 400, language: str = "en") -> HTMLResponse:
    t = translation(language)
    heading, back = t("Not possible"), t("All games")
    response = _page("atout", f"<main class='page'><h1>{html.escape(heading)}</h1>"
                              f"<p class='error'>{html.escape(message)}</p>"
                              f"<p><a href='/'>{html.escape(back)}</a></p></main>", language=language)
    response.status_code = status
    return response


def _home(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    language = _language(request)
    t = translation(language)
    items = []
    for key in lobby.games:
        try:
            game = lobby.game(key)
            about = _about(lobby, key, language) or game.about
        except AtoutError as err:         # a served file saved broken (a half-typed edit): the others still play
            problem = str(err).splitlines()[0]
            items.append(f"<li class='broken'>{html.escape(key)} "
                         f"<span class='error'>{html.escape(problem)}</span></li>")
            continue
        items.append(f"<li><a href='/game/{html.escape(key)}'>{html.escape(game.title)}</a> "
                     f"<span class='about'>{html.escape(about)}</span></li>")
    resume = request.cookies.get("atout_table")
    resume = resume if resume and lobby.table(resume) is not None else None
    back_label = t("Back to your table")
    back = f"<p><a href='/table/{html.escape(resume)}'>{html.escape(back_label)}</a></p>" \
        if resume else ""
    return _page(t("atout: card games"), f"<main class='page'>{_switch(language)}<h1>atout</h1>{back}"
                                         f"<ul class='games'>{''.join(items)}</ul></main>", language=language)


def _about(lobby: Lobby, key: str, language: str) -> str:
    """A game's ``about`` in ``language``, from its rule file (the game knows only its English)."""
    about = read_source(lobby.games[key]).data.get("about")
    return in_language(about, language) if about else ""


def _game_page(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    key = request.path_params["key"]
    language = _language(request)
    t = translation(language)
    try:
        game = lobby.game(key)
    except AtoutError as err:
        return _error(str(err), 404, language)
    variants = [("", t("as written"), game.players)] + [(v, v, lobby.game(key, v).players) for v in game.variants]
    most = max(p for _, _, p in variants)
    options = "".join(f"<option value='{html.escape(v)}' data-players='{p}'>{html.escape(label)}</option>"
                      for v, label, p in variants)
    seats = "".join(f"<option value='{s}'>{html.escape(seat_label(s, None, t))}{_team_label(game, s)}</option>"
                    for s in range(most))
    levels = "".join(f"<option value='{html.escape(lv)}'>{html.escape(lv)} ({html.escape(spec)})</option>"
                     for lv, spec in lobby.levels.items())
    key_html = html.escape(key)
    say = {name: html.escape(text) for name, text in [
        ("rules", t("Rules")), ("games", t("All games")), ("variant", t("Variant")), ("seat", t("Your seat")),
        ("level", t("AI level")), ("play", t("Play"))]}
    body = (f"<main class='page'>{_switch(language)}<h1>{html.escape(game.title)}</h1>"
            f"<p class='about'>{html.escape(_about(lobby, key, language) or game.about)}</p>"
            f"<p><a href='/rules/{key_html}?lang={language}' target='_blank'>{say['rules']}</a> · "
            f"<a href='/?lang={language}'>{say['games']}</a></p>"
            f"<form method='post' action='/new' class='choose'><input type='hidden' name='game' value='{key_html}'>"
            f"<input type='hidden' name='lang' value='{language}'>"
            f"<label>{say['variant']} <select name='variant' id='variant'>{options}</select></label>"
            f"<label>{say['seat']} <select name='seat' id='seat'>{seats}</select></label>"
            f"<label>{say['level']} <select name='level'>{levels}</select></label>"
            f"<button type='submit' id='start'>{say['play']}</button></form></main>"
            "<script src='/static/game.js'></script>")
    return _page(game.title, body, language=language)


def _team_label(game: Game, seat: int) -> str:
    if not game.fixed_teams or len(game.teams) >= game.players:
        return ""
    return f" ({html.escape(game.team_names[game.team_of[seat]])})"


MAX_FORM = 4096
"""The longest form a game's page sends (game, variant, seat, level, language, seed)."""

FIELD_LIMITS = {"game": 100, "variant": 100, "seat": 4, "level": 40, "lang": 12, "seed": 100}


async def _new_table(request: Request) -> Response:
    """A new table from the game's page: a form of this site, small and of known fields."""
    lobby: Lobby = request.app.state.lobby
    language = _language(request)
    if not _same_origin(request):
        return _error("a table is opened from this site's own pages only", 403, language)
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        return _error("a new table is asked for with a form (application/x-www-form-urlencoded)", 415, language)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM:
            return _error(f"the form is longer than {MAX_FORM} bytes", 413, language)
    form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
    long = [name for name, most in FIELD_LIMITS.items() if len(form.get(name, "")) > most]
    unknown = sorted(set(form) - set(FIELD_LIMITS))
    if long or unknown:
        what = f"'{long[0]}' is longer than {FIELD_LIMITS[long[0]]} characters" if long else f"no field '{unknown[0]}'"
        return _error(f"the form is not one of this site's: {what}", 400, language)
    language = _language(request, asked=form.get("lang", ""))
    try:
        seat = whole_number(form.get("seat", "0"))
        if seat is None:
            raise ValueError
        table = lobby.open_table(form.get("game", ""), form.get("variant", "") or None, seat,
                                 form.get("level", "easy"), form.get("seed", "") or None, language,
                                 client=request.client.host if request.client else "")
    except ValueError:
        return _error(translation(language)("the seat is a number"), language=language)
    except ServerFull as err:
        return _error(str(err), 503, language)
    except TooManyTables as err:
        return _error(str(err), 429, language)
    except AtoutError as err:
        return _error(str(err), language=language)
    response = RedirectResponse(f"/table/{table.id}", status_code=303)
    response.set_cookie("atout_table", table.id, httponly=True, samesite="strict")
    # The table's secret goes to this browser only, for this table's pages only: its page hands
    # it to the script, which sends it with every move (see _answer).
    response.set_cookie(TOKEN_COOKIE, table.token, path=f"/table/{table.id}", httponly=True, samesite="strict")
    return response


TOKEN_COOKIE = "atout_token"
"""The cookie that makes a browser a table's owner: the table's token, sent only to the
table's own addresses (``/table/ID``, its record and its review)."""


def _owns(request: Request, table: Table) -> bool:
    """Whether the request comes from the browser that opened the table (it holds its token)."""
    return table.holds_token(request.cookies.get(TOKEN_COOKIE))


def _same_origin(connection: Request | WebSocket) -> bool:
    """A request a page of this site sent: no Origin (not a browser's cross-site request), or
    an Origin naming the host the request was sent to."""
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    return origin.split("://", 1)[-1].rstrip("/") == connection.headers.get("host", "")


def _table_page(request: Request) -> HTMLResponse:
    """The table; ``?lang=`` switches its language for good (the table keeps it)."""
    lobby: Lobby = request.app.state.lobby
    table = lobby.table(request.path_params["table_id"])
    if table is None:
        language = _language(request)
        return _error(translation(language)(
            "no such table (the server was restarted, or the table was closed): start a new one"), 404, language)
    owner = _owns(request, table)
    language = _language(request, table.language)
    if owner:
        table.language = language          # a watcher's switch is its page's only
    game, t = table.game, translation(language)
    config = {"table": table.id, "token": table.token if owner else None,
              "game": game.title, "key": table.key, "variant": game.variant, "seat": table.seat,
              "players": game.players, "direction": game.direction, "level": table.level, "pace": lobby.pace,
              "sides": list(game.side_names), "side_labels": _side_labels(game, table.seat, t), "down": game.match.down,
              "teams": [game.team_names[game.team_of[s]] for s in range(game.players)]
              if game.fixed_teams and len(game.teams) < game.players else None,
              **_deck_words(lobby, table, language),
              "public_piles": [n for n, p in zip(game.pile_names, game.pile_public) if p],
              "lang": language, "languages": [[code, language_name(code)] for code in LANGUAGES],
              "text": table_text(language) if language != "en" else {}, "plural": plural_table(language)}
    data = script_data(config)
    body = (f"<div id='app'></div><script id='config' type='application/json'>{data}</script>"
            "<script src='/static/cards.js'></script><script src='/static/table.js'></script>"
            "<script src='/static/review.js'></script>")
    response = _page(t("{game}: atout", game=game.title), body, language=language)
    response.headers["Cache-Control"] = "no-store"        # the owner's page holds the table's token
    return response


def _owned_table(request: Request) -> Table | Response:
    """The table of the address, when the request comes from the browser that opened it; else
    the page that says why not."""
    table = request.app.state.lobby.table(request.path_params["table_id"])
    language = _language(request, table.language if table is not None else None)
    t = translation(language)
    if table is None:
        return _error(t("no such table (the server was restarted, or the table was closed): start a new one"),
                      404, language)
    if not _owns(request, table):
        return _error(t("only the browser that opened this table may see its record and its review"), 403, language)
    return table


def _record(request: Request) -> Response:
    """The record of the deals over at the table, as a file to keep (``atout replay`` plays it)."""
    table = _owned_table(request)
    if isinstance(table, Response):
        return table
    record = table.record()
    if not record["deals"]:
        return _error(table.t("no deal is over yet at this table"), 409, table.language)
    name = re.sub(r"[^A-Za-z0-9._-]", "_", table.key)[:60]
    headers = {**SECURITY_HEADERS, "Cache-Control": "no-store",
               "Content-Disposition": f'attachment; filename="{name}-record.json"'}
    return Response(json.dumps(record, ensure_ascii=False, indent=1) + "\n", media_type="application/json",
                    headers=headers)


def _review(request: Request) -> Response:
    """A deal over at the table (``?deal=N``, the last one by default) played again with every hand
    open, and its decisions' values once worked out: the page asks again until they are there."""
    table = _owned_table(request)
    if isinstance(table, Response):
        return table
    over = len(table.match.results)
    asked = request.query_params.get("deal")
    deal = whole_number(asked[:6]) if asked else over
    if not over or deal is None or not 1 <= deal <= over:
        return _error(table.t("no deal is over yet at this table") if not over else f"no deal {asked[:6]} is over",
                      409 if not over else 404, table.language)
    review = table.reviews.get(deal)
    if review is None:
        review = table.reviews[deal] = Review(table, deal)
        request.app.state.analyst.submit(review)
    return JSONResponse(review.to_json(table.seat), headers={**SECURITY_HEADERS, "Cache-Control": "no-store"})


def _deck_words(lobby: Lobby, table: Table, language: str) -> dict:
    """The suits and cards as ``language`` names them, from the rule file: a card with a
    name of its own keeps it (``own``), the others read as rank and suit."""
    game, deck = table.game, table.game.deck
    source = read_source(lobby.games[table.key])
    doc = (apply_variant(source, game.variant) if game.variant else source).data
    words = wording_for(doc, deck, language)
    named = names_in((doc.get("cards") or {}).get("names"), "en")
    suits = [{"code": c, "name": words.suits.get(c, n), "symbol": suit_symbol(n), "pip": suit_pip(n),
              "trumps": "trump" in n.casefold()} for c, n in zip(deck.suit_codes, deck.suit_names)]
    cards = {c: {"name": words.cards.get(c, n), "suit": s, "rank": r, "own": s < 0 or c in named,
                 "rank_name": words.ranks.get(r, r) if s >= 0 else words.cards.get(c, n)}
             for c, n, s, r in zip(deck.codes, deck.names, deck.suit_of, deck.rank_of)}
    return {"suits": suits, "cards": cards}


def _side_labels(game: Game, seat: int, t: Translation) -> list[dict]:
    """Who the match scores, as this seat reads them: 'you', or your team marked as yours."""
    labels = []
    for index, (name, members) in enumerate(zip(game.side_names, game.side_seats)):
        mine = seat in members
        alone = members[0] if len(members) == 1 else None if game.fixed_teams else index
        label = seat_label(alone, seat, t) if alone is not None else t("{team}, yours", team=name) if mine else name
        labels.append({"name": name, "label": label, "mine": mine, "seat": alone})
    return labels


def _rules_page(request: Request) -> HTMLResponse:
    lobby: Lobby = request.app.state.lobby
    key = request.path_params["key"]
    language = _language(request)
    t = translation(language)
    if key not in lobby.games:
        return _error(t("no game '{key}' on this table server", key=key), 404, language)
    page, play = explain_html(lobby.games[key], language=language), t("Play it")
    return _page(t("{game}: rules", game=lobby.game(key).title),
                 f"<main class='page rules'>{_switch(language)}{page}"
                 f"<p><a href='/game/{html.escape(key)}?lang={language}'>{html.escape(play)}</a></p></main>",
                 language=language)


def _static(request: Request) -> Response:
    name = request.path_params["name"]
    types = {"js": "text/javascript", "css": "text/css"}
    path = WEB / name
    if "/" in name or name.rsplit(".", 1)[-1] not in types or not path.is_file():
        return Response("not found", status_code=404)
    return Response(path.read_text(encoding="utf-8"), media_type=types[name.rsplit(".", 1)[-1]],
                    headers={"X-Content-Type-Options": "nosniff"})


async def _socket(websocket: WebSocket) -> None:
    """Each message from the page gets exactly one answer: the new view, or an error."""
    lobby: Lobby = websocket.app.state.lobby
    if not _same_origin(websocket):
        await websocket.close(code=1008)            # policy violation: a page of another site
        return
    table = lobby.table(websocket.path_params["table_id"])
    await websocket.accept()
    if table is None:
        await websocket.send_json({"type": "error", "message": "no such table: start a new one", "fatal": True})
        await websocket.close()
        return
    await websocket.send_json(table.view())
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            lobby.seen(table.id)            # an active table never idles out
            try:
                answer = await _answer(table, _read_frame(frame))
            except FrameError as err:
                answer = {"type": "error", "message": str(err)}
            await websocket.send_json(answer)
    except WebSocketDisconnect:
        return


MAX_FRAME = 16_384
"""The longest message a page sends is an action's text in a few words of JSON: far below this."""


class FrameError(ValueError):
    """A frame the table cannot read; it is answered with an error and the socket stays open."""


def _read_frame(frame: dict) -> dict:
    """A page's message: a JSON object in a text frame of at most MAX_FRAME characters."""
    text = frame.get("text")
    if text is None:
        raise FrameError("the table reads text frames of JSON, not binary ones")
    if len(text) > MAX_FRAME:
        raise FrameError(f"a message of {len(text)} characters: the table reads at most {MAX_FRAME}")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise FrameError("the message is not JSON") from None
    if not isinstance(message, dict):
        raise FrameError("the message is not a JSON object")
    return message


ACTING = ("action", "advance", "take back", "next")
"""The messages that change the table: each must carry the table's token. A socket without it
may only ask for the ``view`` (watch the table as its seat sees it)."""


async def _answer(table: Table, message: Any) -> dict:
    kind = message.get("type") if isinstance(message, dict) else None
    if kind in ACTING and not table.holds_token(message.get("token")):
        return {"type": "error", "message": table.t("only the browser that opened this table can play at it")}
    async with table.lock:
        try:
            if kind == "action":
                table.act(str(message.get("text", "")))
            elif kind == "advance":
                await table.advance()
            elif kind == "take back":
                table.take_back()
            elif kind == "next":
                table.next_deal()
            elif kind != "view":
                return {"type": "error",
                        "message": f"unknown message type {kind!r}: action, take back, advance, next or view"}
        except AtoutError as err:
            return {"type": "error", "message": str(err)}
        except Exception as err:  # noqa: BLE001 - a rule that fails while the deal is played, as one line
            return {"type": "error", "message": f"the rules failed at this table: {type(err).__name__}: {err}"}
        return table.view()


def make_app(games: dict[str, Path], levels: dict[str, str], pace: float = 0.7,
             hosts: list[str] | None = None, per_client: int = PER_CLIENT,
             review_nodes: int = REVIEW_NODES) -> Starlette:
    """The ASGI app: ``games`` maps a short name to its rule file, ``levels`` an AI level to a
    player spec, ``pace`` is the pause in seconds the page leaves between AI moves. With
    ``hosts``, a request naming any other host (a DNS-rebinding page's) is refused.
    ``per_client`` is the number of tables one address keeps in play; ``review_nodes`` the search
    a review gives each legal action."""
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else []
    app = Starlette(middleware=middleware, routes=[
        Route("/", _home), Route("/game/{key}", _game_page), Route("/new", _new_table, methods=["POST"]),
        Route("/table/{table_id}", _table_page), Route("/table/{table_id}/record", _record),
        Route("/table/{table_id}/review", _review),
        Route("/rules/{key}", _rules_page),
        Route("/static/{name}", _static), WebSocketRoute("/ws/{table_id}", _socket)])
    app.state.lobby = Lobby(games, levels, pace, per_client=per_client)
    app.state.analyst = Analyst(review_nodes)
    return app


def serve(games: dict[str, Path], levels: dict[str, str], host: str, port: int, pace: float,
          per_client: int = PER_CLIENT) -> None:
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
    uvicorn.run(make_app(games, levels, pace, local_names(host) if is_loopback(host) else None, per_client),
                host=host, port=port, log_level="warning")


def is_loopback(host: str) -> bool:
    """An address only this machine reaches."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def local_names(host: str) -> list[str]:
    """The names a browser on this machine may give a loopback server in its Host header."""
    own = f"[{host.strip('[]')}]" if ":" in host else host
    return sorted({"127.0.0.1", "localhost", "[::1]", own})
