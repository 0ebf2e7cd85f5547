"""The table page in another language, in a real headless Chromium: the language chosen on the
game's page (as the browser's Accept-Language or the switch chooses it) is the table's; no
fixed English text of the page is left; the switch changes it for good; the deal's verdict is
written in it. The server side of the same is in test_serve.py."""
from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from interpreter.language.translation import translation  # noqa: E402
from interpreter.players.table_view import verdict  # noqa: E402
from interpreter.web.table_text import table_templates  # noqa: E402
from table_steps import click_choice, phase, wait_turn  # noqa: E402

# Every element whose whole text is one text node: the page's fixed words show up here alone.
TEXTS = """return [...document.querySelectorAll('body *')]
  .filter((e) => e.childNodes.length === 1 && e.firstChild.nodeType === 3).map((e) => e.textContent.trim());"""


def english_left(driver, language: str) -> list[str]:
    """The page's fixed English texts (templates without fields) shown where a translation exists."""
    t = translation(language)
    fixed = {x for x in table_templates()[0] if "{" not in x and t(x) != x}
    return sorted(set(driver.execute_script(TEXTS)) & fixed)


def open_in(driver, base: str, game: str, language: str, seed: str) -> str:
    driver.get(f"{base}/game/{game}?lang={language}")
    driver.execute_script("document.querySelector('form.choose').insertAdjacentHTML('beforeend', arguments[0]);",
                          f"<input type=hidden name=seed value='{seed}'>")
    driver.find_element(By.ID, "start").click()
    wait_turn(driver)
    return driver.current_url.rsplit("/", 1)[1]


def test_a_deal_at_a_table_in_finnish_then_turkish(server, browser):
    app, base = server
    table_id = open_in(browser, base, "belote", "fi", seed="8")
    fi = translation("fi")
    assert browser.execute_script("return document.documentElement.lang") == "fi"
    headings = [e.get_attribute("textContent") for e in browser.find_elements(By.CSS_SELECTOR, "#panel h2")]
    assert headings == [fi("Match"), fi("This deal")]
    assert browser.find_element(By.ID, "status").text in {fi("Your call."), fi("Your turn: click a card or an action.")}
    assert english_left(browser, "fi") == []

    Select(browser.find_element(By.ID, "language")).select_by_value("tr")
    wait_turn(browser)
    tr = translation("tr")
    assert browser.execute_script("return document.documentElement.lang") == "tr"
    assert browser.find_element(By.CSS_SELECTOR, "header .who").text.startswith(tr.capital(tr("you, seat {n}", n=0)))
    assert app.state.lobby.tables[table_id].language == "tr"
    rng = random.Random(5)
    while wait_turn(browser) == "mine":
        assert english_left(browser, "tr") == []
        click_choice(browser, rng.random())
    table = app.state.lobby.tables[table_id]
    parts = table.result.breakdown
    won = next((t for t in parts["teams"] if t["team"] == parts.get("won by")), None)
    said = verdict(won["seats"] if won else (), won and won["team"], 0, "deal", tr)
    assert browser.find_element(By.ID, "verdict").text == tr.capital(said) + "."
    onward = browser.find_element(By.CSS_SELECTOR, "#next, .result a.button").text
    assert onward == (tr("New game") if table.match.is_over else tr("Next deal"))
    assert english_left(browser, "tr") == [] and phase(browser)[0] in ("dealover", "matchover")
