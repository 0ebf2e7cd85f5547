"""The small steps of playing at the table page of ``atout serve`` in a browser."""
from __future__ import annotations

import shutil
import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

import interpreter
from cli import LEVELS
from interpreter.players.registry import make_player

GAMES = {path.stem: path for path in interpreter.bundled_games()}
CHROMIUM = Path("/usr/bin/chromium")
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def phase(driver) -> tuple[str, str]:
    """The page's phase (mine, waiting, dealover, matchover) and whether it awaits the server."""
    now, busy = driver.execute_script("return [document.body.dataset.phase || '', document.body.dataset.busy || '']")
    return now, busy


_WAIT = """const done = arguments[arguments.length - 1], want = arguments[0], start = performance.now();
(function poll() {
  const now = document.body.dataset.phase || "", busy = document.body.dataset.busy || "";
  if (!busy && want.includes(now)) return done(now);
  if (performance.now() - start > 20000) return done("timeout");
  setTimeout(poll, 2);
})();"""

CHOICES = "#hand .card.legal, .dummy .card.legal, button.action"


def wait_turn(driver) -> str:
    """Wait, in the page, until it is your turn or the deal is over; returns the phase."""
    driver.set_script_timeout(30)
    now = driver.execute_async_script(_WAIT, ["mine", "dealover", "matchover"])
    assert now != "timeout", "the table neither asked you to play nor ended the deal"
    return now


def wait_reply(driver) -> None:
    """Wait, in the page, for the server's answer to what it sent."""
    driver.set_script_timeout(30)
    driver.execute_async_script(_WAIT, ["mine", "waiting", "dealover", "matchover", ""])


def click_choice(driver, pick: float) -> list[str]:
    """Click one of the cards and buttons the page offers as legal (the one at ``pick``, from 0
    to 1, of the list); returns what each of them sends (a card's code, a button's text)."""
    return driver.execute_script(
        f"const all = [...document.querySelectorAll('{CHOICES}')];"
        "if (all.length) all[Math.min(all.length - 1, Math.floor(arguments[0] * all.length))].click();"
        "return all.map((e) => e.dataset.code || e.dataset.text || '');", pick)


def open_table(driver, base: str, game: str, seed: str | None = None, seat: int = 0) -> str:
    """Start a table from the game's page (at ``seat``, with a fixed deal when ``seed`` is given);
    returns its id."""
    from selenium.webdriver.common.by import By

    driver.get(f"{base}/game/{game}")
    extra = f"<input type=hidden name=seed value='{seed}'>" if seed else ""
    driver.execute_script("const f = document.querySelector('form.choose'); f.insertAdjacentHTML('beforeend', arguments[0]);"
                          "f.querySelector('#seat').value = arguments[1];", extra, str(seat))
    driver.find_element(By.ID, "start").click()
    deadline = time.monotonic() + 10
    while "/table/" not in driver.current_url or not phase(driver)[0]:
        assert time.monotonic() < deadline, "the table page did not load"
        time.sleep(0.01)
    return driver.current_url.rsplit("/", 1)[1]


def fmt(x) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3f}".rstrip("0")


@contextmanager
def running(app):
    """``app`` served on a free local port in a thread of this process: (app, its base address)."""
    uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    runner = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=runner.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not runner.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert runner.started, "the server did not start"
    yield app, f"http://127.0.0.1:{port}"
    runner.should_exit = True
    thread.join(5)


def replayed_result(game_name: str, seat: int, seed: str, texts: list[str]):
    """The first deal of the same match played again off the server: the same seeded AI
    players and the person's moves, in order."""
    game = interpreter.load(game_name)
    others = {s: make_player(LEVELS["easy"], f"{seed}:{s}") for s in range(game.players) if s != seat}
    state = game.new_match(seed=seed).next_deal()
    moves = iter(texts)
    while not state.is_over:
        mover = state.current_player
        state.apply(next(moves) if mover == seat else others[mover].choose(state))
    assert next(moves, None) is None
    return state.result()
