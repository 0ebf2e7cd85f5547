"""A deal's review in a real headless Chromium: a deal of 66 is played on the table page, the
Review button opens the deal again with every hand open, and the review is clicked (and keyed)
through to its end. At each decision of the play the legal cards show what the analysis says:
green and 'best' for a best card, red and its cost for another, the cost being the analysis'
own difference of values; the step counter moves with each step. The layout holds at a phone's
width and a laptop's (ATOUT_TABLE_SHOTS keeps a screenshot of each)."""
from __future__ import annotations

import os
import random
import time
from fractions import Fraction

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from interpreter.engine.cards import bits  # noqa: E402
from interpreter.simulation.analysis import analyze_deal  # noqa: E402
from interpreter.web.review import REVIEW_NODES  # noqa: E402
from interpreter.web.table import fmt  # noqa: E402
from table_steps import click_choice, open_table, wait_reply, wait_turn  # noqa: E402

SHOTS = os.environ.get("ATOUT_TABLE_SHOTS")
SIZES = {"phone": (390, 844), "laptop": (1280, 900)}

# What the review shows now: the step counter, the seat to act, and every card of every hand
# with its marks (data-cost, the badge's text, best or costly, played).
SEEN = """return {
  step: document.getElementById("review-step").textContent, at: +document.querySelector(".review").dataset.at,
  acting: [...document.querySelectorAll(".rseat.acting")].map((e) => +e.dataset.seat),
  hands: Object.fromEntries([...document.querySelectorAll(".rhand")].map((h) => [h.dataset.seat,
    [...h.querySelectorAll(".card")].map((c) => ({ code: c.dataset.code, cost: c.dataset.cost || null,
      badge: c.querySelector(".cost") ? c.querySelector(".cost").textContent : null,
      best: c.classList.contains("rbest"), costly: c.classList.contains("rcost"), played: !!c.dataset.played,
      shown: c.getBoundingClientRect().width > 0 }))])),
};"""

LAYOUT = """const problems = [], vw = window.innerWidth, screen = document.getElementById("review-screen");
if (screen.scrollWidth > screen.clientWidth + 1) problems.push(`the review is ${screen.scrollWidth} px wide in ${screen.clientWidth}`);
if (document.documentElement.scrollWidth > vw) problems.push("the page is wider than the screen");
for (const id of ["review-prev", "review-next", "review-slider", "review-close"]) {
  const r = document.getElementById(id).getBoundingClientRect();
  if (r.width < 43.5 || r.height < 43.5) problems.push(`${id} is ${r.width}×${r.height} px`);
}
const boxes = [...document.querySelectorAll(".rseat, #review-trick")].map((e) => [e.dataset.seat || "trick", e.getBoundingClientRect()]);
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const [a, p] = boxes[i], [b, q] = boxes[j];
  const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
  if (w > 1 && h > 1) problems.push(`${a} and ${b} overlap`);
}
for (const c of document.querySelectorAll(".rhand .card")) {
  const r = c.getBoundingClientRect();
  if (r.left < -1 || r.right > vw + 1) problems.push(`card ${c.dataset.code} is off the screen`);
}
return problems;"""


def play_to_the_end(driver, base: str, seed: str) -> str:
    table_id = open_table(driver, base, "sixty-six", seed=seed)
    rng = random.Random(1)
    while wait_turn(driver) == "mine":
        click_choice(driver, rng.random())
        wait_reply(driver)
    return table_id


def wait_for_values(driver, wait: float = 180) -> None:
    deadline = time.monotonic() + wait
    while not driver.execute_script("return !!document.getElementById('review-costs')"):
        assert time.monotonic() < deadline, "the review's values never came"
        time.sleep(0.1)


def test_the_review_replays_the_deal_with_every_hand_open_and_each_card_valued(server, browser):
    app, base = server
    browser.set_window_size(*SIZES["laptop"])
    table_id = play_to_the_end(browser, base, seed="7")
    table = app.state.lobby.tables[table_id]
    actions = [(a["seat"], a["action"]) for a in table.recorder.record["deals"][0]["actions"]]
    browser.find_element(By.ID, "review").click()
    analysis = analyze_deal(table.dealt[0], actions, nodes=REVIEW_NODES)   # the same search, worked out here
    wait_for_values(browser)
    n = len(actions)
    codes = table.game.deck.codes
    seen = browser.execute_script(SEEN)
    assert seen["step"] == f"step 0 of {n}" and seen["at"] == 0
    dealt = {str(s): sorted(codes[c] for c in bits(h)) for s, h in enumerate(table.dealt[0].hands)}
    assert {s: sorted(c["code"] for c in cards) for s, cards in seen["hands"].items()} == dealt    # every hand open
    assert all(c["shown"] for cards in seen["hands"].values() for c in cards)

    state, best_seen, costs_seen = table.dealt[0].clone(), 0, []
    for at, (seat, text) in enumerate(actions):
        seen = browser.execute_script(SEEN)
        assert seen["step"] == f"step {at} of {n}" and seen["acting"] == [seat]
        decision = analysis.decisions[at]
        cards = seen["hands"][str(seat)]
        assert [c["code"] for c in cards if c["played"]] == ([codes[state.resolve(text).card]]
                                                             if state.resolve(text).card >= 0 else [])
        if decision.values and not decision.exact:           # not judged: a neutral ≈ on each legal card
            assert all(c["cost"] is None and not c["best"] and not c["costly"] for c in cards)
        elif decision.values:
            best = max(decision.values.values())
            mark = ""
            for c in cards:
                worth = [v for a, v in decision.values.items() if state.resolve(a).card >= 0
                         and codes[state.resolve(a).card] == c["code"]]
                if not worth:
                    assert c["cost"] is None and not c["best"] and not c["costly"]
                    continue
                cost = fmt(Fraction(best) - Fraction(max(worth)))        # the analysis' difference of values
                assert c["cost"] == cost
                if cost == "0":
                    assert c["best"] and c["badge"] == "best" + mark
                    best_seen += 1
                else:
                    assert c["costly"] and c["badge"] == f"−{cost}" + mark
                    costs_seen.append(cost)
        else:
            assert all(c["cost"] is None for c in cards)
        state.apply(text)
        if at % 2:
            browser.find_element(By.ID, "review-next").click()
        else:
            ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    seen = browser.execute_script(SEEN)
    assert seen["step"] == f"step {n} of {n}" and seen["acting"] == []
    assert best_seen > 0 and costs_seen, "no best card, or no costly card, in the whole deal"
    assert not browser.find_element(By.ID, "review-next").is_enabled()
    assert browser.find_element(By.ID, "review-costs").text.splitlines() == \
        [f"{'You' if s == 0 else f'Seat {s}'}: {fmt(c)}" for s, c in enumerate(analysis.costs())]

    ActionChains(browser).send_keys(Keys.ARROW_LEFT).perform()
    assert browser.find_element(By.ID, "review-step").text == f"step {n - 1} of {n}"
    costly = next(i for i, d in enumerate(analysis.decisions) if d.judged and d.cost > 0)
    browser.find_element(By.CSS_SELECTOR, f".rstep[data-step='{costly}']").click()   # the list goes to a step
    assert browser.find_element(By.ID, "review-step").text == f"step {costly} of {n}"
    assert browser.find_element(By.ID, "review-now").text.endswith(
        f"costs {fmt(analysis.decisions[costly].cost)}" + ("" if analysis.decisions[costly].exact else " ≈"))

    for name, size in SIZES.items():
        browser.set_window_size(*size)
        time.sleep(0.1)
        assert browser.execute_script(LAYOUT) == [], name
        if SHOTS:
            browser.save_screenshot(os.path.join(SHOTS, f"review-{name}.png"))
    ActionChains(browser).send_keys(Keys.ESCAPE).perform()
    assert not browser.find_elements(By.ID, "review-screen")
    assert browser.find_element(By.ID, "review").is_displayed()         # back at the deal's end
