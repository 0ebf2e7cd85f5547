"""A rule file's texts are data, never markup: a title, a team's name and a suit's name written
to break out of HTML text, of an attribute and of the table's JSON block are shown as text in
every page, no page has an inline script, and the Content-Security-Policy forbids one."""
from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from starlette.testclient import TestClient  # noqa: E402

from cli import LEVELS  # noqa: E402
from interpreter.web.serve import make_app  # noqa: E402
from table_steps import GAMES, running, wait_turn  # noqa: E402

TITLE = "<!--<script>window.pwned=1</script>"
TEAM = "<script>window.pwned=2</script>"
SUIT = "\"><img src=x onerror=window.pwned=3>"
INLINE = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type='application/json')[^>]*>")


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    text = GAMES["whist"].read_text(encoding="utf-8")
    for old, new in (("game: Whist", f"game: '{TITLE}'"), ("  North-South: [0, 2] ", f"  '{TEAM}': [0, 2] "),
                     ("suits: {S: Spades,", "suits: {S: '" + SUIT.replace("'", "''") + "',")):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path_factory.mktemp("hostile") / "hostile.yaml"
    path.write_text(text, encoding="utf-8")
    return make_app({"hostile": path}, LEVELS, pace=0)


def test_every_page_shows_the_names_as_text_and_runs_no_inline_script(hostile):
    client = TestClient(hostile)
    response = client.post("/new", data={"game": "hostile", "seat": "0", "level": "easy", "seed": "1"},
                           follow_redirects=False)
    table = response.headers["location"]
    pages = {url: client.get(url) for url in ("/", "/game/hostile", "/rules/hostile", table, "/table/nosuch")}
    for url, page in pages.items():
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp, url
        assert page.headers["x-content-type-options"] == "nosniff"
        assert INLINE.search(page.text) is None, url
        for hostile_text in (TITLE, TEAM, SUIT):
            assert hostile_text not in page.text, (url, hostile_text)
    assert "&lt;script&gt;window.pwned=2&lt;/script&gt;" in pages["/game/hostile"].text      # the seat's team
    body = pages[table].text
    found = re.search(r"<script id='config' type='application/json'>(.*?)</script>", body, re.S)
    config = json.loads(found.group(1))
    assert config["game"] == TITLE and TEAM in config["teams"] and config["suits"][0]["name"] == SUIT
    assert body.count("</script>") == 4     # the JSON block, cards.js, table.js and review.js: nothing ended early


def test_the_table_draws_and_runs_none_of_them(hostile, browser):
    with running(hostile) as (_, base):
        browser.get(f"{base}/game/hostile")
        browser.find_element("id", "start").click()
        wait_turn(browser)
        state = browser.execute_script(
            "return {pwned: window.pwned === undefined ? null : window.pwned, cards: document.querySelectorAll('#hand .card').length,"
            " images: document.querySelectorAll('img').length, title: document.querySelector('header h1').textContent}")
    assert state["cards"] >= 12                          # the table drew the hand
    assert {k: state[k] for k in ("pwned", "images", "title")} == {"pwned": None, "images": 0, "title": TITLE}
