"""End to end: a real headless Chromium plays a whole deal of every bundled game on the table
page of ``atout serve``, clicking only the cards (a dummy's too) and buttons offered as legal,
and reads the deal scores the page shows, which must be those of ``result()``."""
from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")

from selenium.webdriver.common.by import By  # noqa: E402

from table_steps import GAMES, click_choice, fmt as _fmt, open_table, wait_reply, wait_turn  # noqa: E402


def play_one_deal(driver, base: str, game: str, rng: random.Random) -> str:
    """Open a table at seat 0 and click random legal cards and buttons until the deal is over;
    returns the table's id."""
    open_table(driver, base, game)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if wait_turn(driver) != "mine":
            return driver.current_url.rsplit("/", 1)[1]
        choices = click_choice(driver, rng.random())
        assert choices, "your turn, and nothing to click"
        assert all(choices), "a card or button that says nothing"
        wait_reply(driver)
    raise AssertionError(f"{game}: the deal did not end within a minute")


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
    you = {f"seat {s}": "you" if s == 0 else f"seat {s}" for s in range(game_rules.players)}     # the person is 'you'
    if game_rules.fixed_teams:
        expected = {you.get(name, name): x for name, x in zip(game_rules.team_names, result.team_scores)}
    else:
        expected = {you[f"seat {s}"]: x for s, x in enumerate(result.seat_scores)}
    assert shown == {name: _fmt(x) for name, x in expected.items()}
    reasons = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#reasons li")]
    assert reasons == [f"{r.rule}: {_fmt(r.points)} to {you.get(r.to, r.to)}" for r in result.reasons]
    standing = {cell.get_attribute("data-standing"): cell.text
                for cell in browser.find_elements(By.CSS_SELECTOR, "td[data-standing]")}
    assert standing == {n: _fmt(x) for n, x in zip(game_rules.side_names, table.match.team_scores)}
