"""End to end: a real headless Chromium plays a whole deal of every bundled game on the table
page of ``atout serve``, clicking only the cards (a dummy's too) and buttons offered as legal,
and reads the deal scores the page shows, which must be those of ``result()``."""
from __future__ import annotations

import random
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")

import interpreter  # noqa: E402
from cli import LEVELS  # noqa: E402
from interpreter.web.serve import make_app   # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
if not CHROMIUM.exists() or not Path(DRIVER).exists():
    pytest.skip("needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
                allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException, WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

GAMES = {path.stem: path for path in interpreter.bundled_games()}


@pytest.fixture(scope="module")
def server():
    """The app on a free local port, in this process (so the test can read the engine's results)."""
    app = make_app(GAMES, LEVELS, pace=0)
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


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    except WebDriverException as err:
        pytest.skip(f"headless chromium did not start: {err.msg}")
    yield driver
    driver.quit()


def _phase(driver) -> tuple[str, str]:
    return driver.execute_script("return [document.body.dataset.phase || '', document.body.dataset.busy || '']")


def play_one_deal(driver, base: str, game: str, rng: random.Random) -> str:
    """Open a table at seat 0 and click random legal cards and buttons until the deal is over;
    returns the table's id."""
    driver.get(f"{base}/game/{game}")
    driver.find_element(By.ID, "start").click()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        phase, busy = _phase(driver)
        if phase in ("dealover", "matchover") and not busy:
            return driver.current_url.rsplit("/", 1)[1]
        if phase != "mine" or busy:
            time.sleep(0.01)
            continue
        choices = driver.find_elements(By.CSS_SELECTOR, "#hand .card.legal, .dummy .card.legal, button.action")
        assert choices, "your turn, and nothing to click"
        assert all(c.get_attribute("data-code") or c.get_attribute("data-text") for c in choices)
        try:
            rng.choice(choices).click()
        except StaleElementReferenceException:
            continue
        _wait_reply(driver)
    raise AssertionError(f"{game}: the deal did not end within a minute")


def _wait_reply(driver) -> None:
    for _ in range(500):
        if not _phase(driver)[1]:
            return
        time.sleep(0.005)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_deal_in_the_browser(server, browser, game):
    app, base = server
    table_id = play_one_deal(browser, base, game, random.Random(game))
    assert not browser.find_element(By.ID, "error").is_displayed()
    table = app.state.lobby.tables[table_id]
    result = table.match.results[-1]
    if result.facts.get("annulled"):
        assert "annulled" in browser.find_element(By.CSS_SELECTOR, "#result h2").text
        return
    shown = {cell.get_attribute("data-side"): cell.text
             for cell in browser.find_elements(By.CSS_SELECTOR, "#result td.score")}
    game_rules = table.game
    if game_rules.fixed_teams:
        expected = dict(zip(game_rules.team_names, result.team_scores))
    else:
        expected = {("you" if s == 0 else f"seat {s}"): x for s, x in enumerate(result.seat_scores)}
    assert shown == {name: _fmt(x) for name, x in expected.items()}
    reasons = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#result ul li")]
    assert reasons == [f"{r.rule}: {_fmt(r.points)} to {r.to}" for r in result.reasons]
    standing = {cell.get_attribute("data-standing"): cell.text
                for cell in browser.find_elements(By.CSS_SELECTOR, "td[data-standing]")}
    assert standing == {n: _fmt(x) for n, x in zip(game_rules.side_names, table.match.team_scores)}


def _fmt(x) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3f}".rstrip("0")
