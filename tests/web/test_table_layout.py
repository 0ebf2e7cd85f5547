"""The table page in a real headless Chromium, at a phone's width (390×844) and a laptop's
(1280×800): for every bundled game a deal is played to its end, and at each of the person's
turns the layout must hold (no overlap between the seats, the trick, the piles, the hand and
the panel; nothing wider than the screen; every card and button at least 44 px, and every
card of a hand showing a 44 × 44 px part of itself to tap). The moments of a deal are checked
where they happen: the leader and the winning card of a trick, a refusal's reason, the chien
laid face up and the discard, a one-click poignée, 66's marriage and drawn card, Belote's
belote, the stepper of Skat's bids, Aluette's drawn pips and named cards, the table gone.

Set ATOUT_TABLE_SHOTS to a folder to keep a screenshot of every game at both sizes."""
from __future__ import annotations

import asyncio
import os
import random
import re
import time

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")
pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install selenium)")

from selenium.webdriver.common.by import By  # noqa: E402

from cli import LEVELS  # noqa: E402
from interpreter.engine.cards import bits  # noqa: E402
from interpreter.engine.phases import Taken  # noqa: E402
from interpreter.engine.state import AUCTION  # noqa: E402
from interpreter.errors import AtoutError  # noqa: E402
from interpreter.web.serve import Lobby  # noqa: E402
from table_steps import GAMES, click_choice, open_table, phase, wait_reply, wait_turn  # noqa: E402

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
SEED = "7"
SHOTS = os.environ.get("ATOUT_TABLE_SHOTS")
TAP = 44

# Every problem of the layout as one line each: an empty list when it holds.
LAYOUT = r"""
const TAP = 44, problems = [];
const vw = window.innerWidth, vh = window.innerHeight, doc = document.documentElement;
if (doc.scrollWidth > vw) problems.push(`the page is ${doc.scrollWidth} px wide in a ${vw} px screen`);
const rect = (e) => e.getBoundingClientRect();
const shown = (e) => { const r = rect(e), s = getComputedStyle(e); return r.width > 0 && r.height > 0 && s.visibility !== "hidden"; };
const named = [];
for (const e of document.querySelectorAll(".seat")) named.push([`seat box ${e.dataset.seat}`, e]);
for (const e of document.querySelectorAll(".shown")) named.push([`cards shown by ${e.dataset.shown}`, e]);
for (const e of document.querySelectorAll(".bubble")) named.push([`bubble of ${e.dataset.bubble}`, e]);
for (const id of ["trick", "piles", "hand", "panel", "actions"]) { const e = document.getElementById(id); if (e) named.push([id, e]); }
const boxes = named.filter(([, e]) => shown(e));
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const [a, x] = boxes[i], [b, y] = boxes[j];
  if (x.contains(y) || y.contains(x)) continue;
  const p = rect(x), q = rect(y);
  const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
  if (w > 1 && h > 1) problems.push(`${a} and ${b} overlap by ${Math.round(w)}×${Math.round(h)} px`);
}
for (const e of document.querySelectorAll(".card")) {
  if (!shown(e)) continue;
  const r = rect(e);
  if (r.width < TAP - 0.5 || r.height < TAP - 0.5) problems.push(`card ${e.dataset.code || "back"} is ${r.width}×${r.height} px`);
}
for (const e of document.querySelectorAll("button, .button, input, select, header a")) {
  if (!shown(e)) continue;
  const r = rect(e);
  if (r.width < TAP - 0.5 || r.height < TAP - 0.5) problems.push(`control '${e.textContent || e.type}' is ${Math.round(r.width)}×${Math.round(r.height)} px`);
}
// A card of a hand (yours, or a dummy you play) shows its top left TAP × TAP px: no later card covers it.
for (const row of document.querySelectorAll("#hand, .dummy")) {
  const cards = [...row.querySelectorAll(":scope > .card")];
  cards.forEach((c, i) => {
    const r = rect(c);
    for (const later of cards.slice(i + 1)) {
      const q = rect(later);
      if (q.left < r.left + TAP - 0.5 && q.right > r.left + 0.5 && q.top < r.top + TAP - 0.5 && q.bottom > r.top + 0.5) {
        problems.push(`card ${c.dataset.code} of ${row.id || "the dummy"} shows less than ${TAP}×${TAP} px (covered by ${later.dataset.code})`);
        break;
      }
    }
  });
}
const result = document.getElementById("result");
if (result) {
  const r = rect(result);
  if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) problems.push(`the end of the deal does not fit the screen: ${JSON.stringify(r)}`);
}
for (const e of document.querySelectorAll(".seat .meta")) if (!/^(no|\d+) cards? · (no|\d+) tricks?( · .*)?$/.test(e.textContent)) problems.push(`seat line '${e.textContent}'`);
if (/\(s\)/.test(document.body.innerText)) problems.push("a '(s)' plural on the page");
return problems;
"""


def size(driver, name: str) -> None:
    width, height = SIZES[name]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def layout_problems(driver) -> list[str]:
    return driver.execute_script(LAYOUT)


def shot(driver, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


def table_of(app, table_id: str):
    return app.state.lobby.tables[table_id]


# What the checks of each turn read, in one call: the hand, the bubbles, the trick's marks.
SEEN = """const codes = (q) => [...document.querySelectorAll(q)].map((e) => e.dataset.code);
return {hand: codes("#hand .card"), led: codes("#trick .card.led"), won: codes("#trick .card.won"),
        leads: [...document.querySelectorAll(".badge.lead")].map((e) => e.dataset.lead),
        bubbles: [...document.querySelectorAll(".bubble")].map((e) => e.textContent)};"""


def check_trick_marks(seen: dict, table) -> None:
    """The leader of the trick in progress is marked (seat and card), and a trick just won shows
    its winning card highlighted."""
    state = table.state
    if state.trick:
        assert seen["led"] == [table.game.deck.codes[state.trick[0]]]
        assert seen["leads"] == [str(state.trick_seats[0])]
    elif table.last_trick and table.last_trick["winner"] is not None:
        winner = table.last_trick["winner"]
        assert seen["won"] == [next(code for seat, code in table.last_trick["cards"] if seat == winner)]


def check_refusal(driver, table) -> bool:
    """Click a dimmed card of your hand: the page shows the server's refusal, word for word,
    until you dismiss it. False when no card is dimmed now."""
    legal = table.state.legal_actions()
    if not legal or legal[0].kind != "play" or table.state.current != 0:
        return False
    dimmed = driver.find_elements(By.CSS_SELECTOR, "#hand .card.dimmed")
    if not dimmed:
        return False
    code = dimmed[0].get_attribute("data-code")
    with pytest.raises(AtoutError) as refusal:
        table.act(f"play {code}")
    message = str(refusal.value)
    dimmed[0].click()
    wait_reply(driver)
    box = driver.find_element(By.ID, "error")
    assert box.is_displayed() and box.find_element(By.CLASS_NAME, "message").text == message
    assert message.strip() and message.strip().casefold() != "not allowed" and code in message
    driver.execute_script("send({type: 'view'})")         # the page drawn again: the refusal stays
    wait_reply(driver)
    assert driver.find_element(By.ID, "error").is_displayed(), "the refusal went away by itself"
    driver.find_element(By.CSS_SELECTOR, "#error .close").click()
    assert not driver.find_element(By.ID, "error").is_displayed()
    return True


@pytest.mark.parametrize("screen", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_layout_holds_through_a_deal(server, browser, game, screen):
    app, base = server
    size(browser, screen)
    table_id = open_table(browser, base, game, seed=SEED)
    table = table_of(app, table_id)
    rng = random.Random(game)
    turns, refused, shots = 0, False, False
    seen_order: list[str] = []
    deadline = time.monotonic() + 60
    while wait_turn(browser) == "mine":
        assert time.monotonic() < deadline, f"{game}: the deal did not end within a minute"
        turns += 1
        problems = layout_problems(browser)
        if problems:
            shot(browser, f"{game}-{screen}-problem")
        assert problems == [], f"{game} at {screen}, turn {turns}"
        seen = browser.execute_script(SEEN)
        check_trick_marks(seen, table)
        hand = list(dict.fromkeys(seen["hand"]))
        kept = [c for c in seen_order if c in hand]
        assert [c for c in hand if c in kept] == kept, f"{game}: the hand changed its order"
        seen_order = hand + [c for c in seen_order if c not in hand]
        if table.state.phase != AUCTION:
            assert "pass" not in seen["bubbles"], "an auction's pass came back"
        if not shots and (len(table.state.trick) >= 2 or table.state.pending is not None):
            shot(browser, f"{game}-{screen}")
            shots = True
        if not refused:
            refused = check_refusal(browser, table)
        assert click_choice(browser, rng.random()), "your turn, and nothing to click"
        wait_reply(browser)
    if not shots:
        shot(browser, f"{game}-{screen}")
    assert layout_problems(browser) == [], f"{game} at {screen}, the end of the deal"
    shot(browser, f"{game}-{screen}-end")


# --- the moments of a deal, on deals found with the engine ---------------------------------

def first_in_hand(view: dict, kinds: tuple[str, ...]) -> str | None:
    """The legal action of those kinds on the card that comes first in the hand."""
    found = [a for a in view["legal"] if a["kind"] in kinds and a["card"] in view["hand"]]
    return min(found, key=lambda a: view["hand"].index(a["card"]))["text"] if found else None


def simple_policy(prefer: tuple[str, ...]):
    """Take the first of ``prefer`` that is legal, then a declaration, else the first card of
    the hand that may be played or given, else pass."""
    def choose(view: dict) -> str:
        texts = [a["text"] for a in view["legal"]]
        for text in prefer:
            if text in texts:
                return text
        for a in view["legal"]:
            if a["kind"] == "declare":
                return a["text"]
        return first_in_hand(view, ("play", "give", "reveal")) or ("pass" if "pass" in texts else texts[0])
    return choose


def offline(game: str, seed: str, policy, until=None):
    """The table of ``seed`` played off the browser by the server's own code (same AI players);
    stops when ``until(table)`` holds, returns the table."""
    table = Lobby(GAMES, LEVELS, 0).open_table(game, None, 0, "easy", seed)

    async def play():
        while table.result is None and not (until and until(table)):
            if table.state.current_player == 0:
                table.act(policy(table.view()))
            else:
                await table.advance()
    asyncio.run(play())
    return table


def find_seed(game: str, policy, wanted, until=None, dealt=None, tries: int = 400) -> str:
    """The first seed whose deal, played by ``policy`` (up to ``until``), has the moment
    ``wanted``; ``dealt`` first looks at your dealt cards alone, to skip the deals without it."""
    rules = Lobby(GAMES, LEVELS, 0).game(game)
    for n in range(tries):
        if dealt is not None and not dealt(rules, rules.new_match(seed=str(n)).next_deal()):
            continue
        table = offline(game, str(n), policy, until)
        if wanted(table):
            return str(n)
    raise AssertionError(f"no deal of {game} in {tries} seeds has the moment wanted")


def click(driver, view: dict, text: str) -> None:
    """Click the element of the page that sends ``text``: a button, or a card of the hand."""
    action = next(a for a in view["legal"] if a["text"] == text)
    clicked = driver.execute_script(
        "const e = [...document.querySelectorAll('button.action')].find((b) => b.dataset.text === arguments[0])"
        " || [...document.querySelectorAll('#hand .card.legal')].find((c) => c.dataset.code === arguments[1]);"
        "if (e) e.click(); return !!e;", text, action["card"])
    assert clicked, f"nothing on the page sends {text!r}"
    wait_reply(driver)


def drive(driver, table, policy, at_turn=None, stop=None, deadline: float = 60) -> dict | None:
    """Play your seat by ``policy`` until the deal is over, calling ``at_turn(view)`` at each of
    your turns; or until ``stop(view)`` holds at one of them (returns that view)."""
    end = time.monotonic() + deadline
    while wait_turn(driver) == "mine":
        assert time.monotonic() < end, "the deal did not end within a minute"
        view = table.view()
        if stop is not None and stop(view):
            return view
        if at_turn is not None:
            at_turn(view)
        click(driver, view, policy(view))
    assert stop is None, "the deal ended before the moment wanted"
    return None


BUBBLES = """window.seenBubbles = new Set();
new MutationObserver(() => { for (const b of document.querySelectorAll('.bubble')) window.seenBubbles.add(`${b.dataset.bubble}: ${b.textContent}`); })
  .observe(document.body, {childList: true, subtree: true});"""


def _tarot_taker(server, browser, width: str):
    """A French Tarot table where you bid garde and take: the table and the policy that bids so."""
    app, base = server
    size(browser, width)
    policy = simple_policy(("garde",))
    seed = find_seed("french-tarot", policy, lambda t: t.state.taker == 0 and t.state.call.text == "garde",
                     until=lambda t: t.state.taker is not None)
    return table_of(app, open_table(browser, base, "french-tarot", seed=seed)), policy


def test_the_chien_shown_as_cards_and_the_discard_leaving_the_hand(server, browser):
    table, policy = _tarot_taker(server, browser, "phone")
    game = table.game
    steps = []

    def at_turn(view: dict) -> None:
        choosing = view["choosing"]
        if not choosing or choosing["kind"] != "give":
            return
        taken = [x for _, x in table.state.history if isinstance(x, Taken)]
        chien = browser.find_elements(By.CSS_SELECTOR, '.pile[data-exposed="chien"] .card')
        assert [c.get_attribute("data-code") for c in chien] == list(taken[0].codes)
        hand = list(dict.fromkeys(c.get_attribute("data-code") for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")))
        chosen = [c.get_attribute("data-code") for c in
                  browser.find_elements(By.CSS_SELECTOR, '.pile.choosing[data-transfer="discard"] .card[data-code]')]
        assert len(hand) == game.hand_size + 6 - len(chosen) and not set(chosen) & set(hand)
        status = browser.find_element(By.ID, "status").text
        assert status.startswith(f"Your turn: discard {choosing['remaining']} more card"), status
        steps.append(chosen)
        assert layout_problems(browser) == []
        if len(chosen) == 3 and not taken_back:             # the third card chosen goes back to the hand
            undo = browser.find_element(By.ID, "take-back")
            last = undo.get_attribute("data-card")
            assert undo.text.startswith("take back") and last in chosen
            undo.click()
            wait_reply(browser)
            hand = [c.get_attribute("data-code") for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card")]
            left = [c.get_attribute("data-code") for c in
                    browser.find_elements(By.CSS_SELECTOR, '.pile.choosing[data-transfer="discard"] .card[data-code]')]
            assert last in hand and sorted(left) == sorted(c for c in chosen if c != last)
            assert table.view()["choosing"]["remaining"] == 4
            taken_back.append(last)

    taken_back: list[str] = []
    drive(browser, table, policy, at_turn)
    assert taken_back and [len(s) for s in steps] == [0, 1, 2, 3, 3, 4, 5]
    assert all(set(before) - set(taken_back) <= set(after) for before, after in zip(steps, steps[1:]))   # chosen stay chosen
    log = browser.find_element(By.ID, "log").text
    assert "chien → you:" in log and "You: discard 6 cards into the chien" in log


def test_the_discard_is_labelled_by_its_transfer_once_made(server, browser):
    table, policy = _tarot_taker(server, browser, "laptop")
    labels = []

    def at_turn(view: dict) -> None:
        if view["tricks_done"] == 0 and not view["choosing"] and view["legal"][0]["kind"] == "play":
            labels.append(browser.find_element(By.CSS_SELECTOR, '.pile[data-pile="chien"] small').text)

    drive(browser, table, policy, at_turn)
    assert labels and labels[0] == "discard: 6 cards"
    final = table.match.result()                      # one deal: the side that won it wins together
    verdict = browser.find_element(By.ID, "winner").text
    assert final.winners and "draw" not in verdict
    assert verdict.startswith("You win the match") if 0 in final.winners else verdict == "The defence wins the match"
    facts = browser.find_element(By.CSS_SELECTOR, "#result .shown-facts").text
    assert "contract gain" not in facts and "bout trick" not in facts and "card points needed" in facts


def test_a_poignee_is_shown_in_one_click(server, browser):
    app, base = server
    size(browser, "phone")
    prefer = ("single poignée", "prise")

    def policy(view: dict) -> str:
        texts = [a["text"] for a in view["legal"]]
        if view["choosing"] and view["choosing"]["kind"] == "reveal":
            return first_in_hand(view, ("reveal",))
        return next((t for t in prefer if t in texts), None) or simple_policy(())(view)
    offered = lambda view: "single poignée" in [a["text"] for a in view["legal"]]   # noqa: E731
    seed = find_seed("french-tarot", policy, lambda t: any(t.state.shown_cards), until=lambda t: bool(t.state.winners),
                     tries=1000, dealt=lambda rules, deal: sum(rules.deck.codes[c][-1] in "TX" for c in bits(deal.hands[0])) >= 10)
    table = table_of(app, open_table(browser, base, "french-tarot", seed=seed))
    browser.execute_script(BUBBLES)
    drive(browser, table, policy, stop=offered)
    button = browser.find_element(By.CSS_SELECTOR, 'button.action[data-text="single poignée"]')
    assert button.text == "single poignée: show 10 cards"
    button.click()
    end = time.monotonic() + 10
    while table.state.pending is not None or phase(browser)[1]:
        assert time.monotonic() < end, "the poignée was not shown in one click"
        time.sleep(0.01)
    time.sleep(0.1)
    shown = [c.get_attribute("data-code") for c in browser.find_elements(By.CSS_SELECTOR, '.shown[data-shown="0"] .card')]
    assert len(shown) == 10 and set(shown) == set(table.view()["shown"][0])
    assert layout_problems(browser) == []
    shot(browser, "french-tarot-poignee-phone")
    assert "0: single poignée" in browser.execute_script("return [...window.seenBubbles]")


def test_sixty_six_shows_the_marriage_and_the_card_drawn(server, browser):
    app, base = server
    size(browser, "phone")
    policy = simple_policy(())
    seed = find_seed("sixty-six", policy, lambda t: any(m["kind"] == "declare" and m["seat"] == 0 for m in t.moments))
    table = table_of(app, open_table(browser, base, "sixty-six", seed=seed))
    browser.execute_script(BUBBLES)
    fresh = []

    def at_turn(view: dict) -> None:
        if view["fresh"] and not fresh:
            shown = [c.get_attribute("data-code") for c in browser.find_elements(By.CSS_SELECTOR, "#hand .card.fresh")]
            fresh.append(shown)
            assert shown == view["fresh"] and browser.find_element(By.CSS_SELECTOR, "#hand .card.fresh .tag").text == "new"

    drive(browser, table, policy, at_turn)
    declared = next(m for m in table.moments if m["kind"] == "declare" and m["seat"] == 0)
    trump = table.game.deck.suit_names[table.state.trump]
    symbol = {"Spades": "♠", "Hearts": "♥", "Diamonds": "♦", "Clubs": "♣"}
    assert declared["suit"] in symbol.values()
    assert declared["points"] == ("40" if declared["suit"] == symbol[trump] else "20")
    bubble = f"0: marriage: {declared['points']} in {declared['suit']}"
    assert bubble in browser.execute_script("return [...window.seenBubbles]")
    assert f"You: marriage, {declared['points']} in {declared['suit']}" in browser.find_element(By.ID, "log").text
    assert fresh, "no card drawn was shown"


def test_belote_and_rebelote_are_said_as_you_play_the_pair_and_scored_at_the_end(server, browser):
    """Belote's rule file says "Belote" and "Rebelote" aloud as the trump King and Queen are
    played (its 'say'): a bubble by your seat and a word after the card in the deal's log; the
    20 points come at the end, where its scoring gives them. The 'take' call names the
    turned-up card's suit."""
    app, base = server
    size(browser, "laptop")
    policy = simple_policy(("take",))

    def pair(table) -> bool:
        """You took, and played the trump King and Queen."""
        if table.result is None or table.result.facts.get("annulled") or table.state.taker != 0:
            return False
        trump = table.game.deck.suit_codes[table.state.trump]
        mine = {m["cards"][0] for m in table.moments if m["kind"] == "play" and m["seat"] == 0}
        return {"K" + trump, "Q" + trump} <= mine
    seed = find_seed("belote", policy, pair)
    table = table_of(app, open_table(browser, base, "belote", seed=seed))
    browser.execute_script(BUBBLES)
    labels = []

    def at_turn(view: dict) -> None:
        if "take" in [a["text"] for a in view["legal"]]:
            labels.append(browser.find_element(By.CSS_SELECTOR, 'button.action[data-text="take"]').text)

    drive(browser, table, policy, at_turn)
    deck = table.game.deck
    turned = deck.suit_of[deck.index[next(m["cards"][0] for m in table.moments if m["kind"] == "taken")]]
    symbol = {"Spades": "♠", "Hearts": "♥", "Diamonds": "♦", "Clubs": "♣"}[deck.suit_names[turned]]
    assert labels and all(label == f"take {symbol}" for label in labels)
    said = [m["word"] for m in table.moments if m["kind"] == "say" and m["seat"] == 0]
    assert said == ["Belote", "Rebelote"]
    seen = browser.execute_script("return [...window.seenBubbles]")
    assert "0: “Belote”" in seen and "0: “Rebelote”" in seen, seen
    log = browser.find_element(By.ID, "log").text
    assert re.search(rf"you [KQ]{re.escape(symbol)} “Belote”", log) and re.search(rf"you [KQ]{re.escape(symbol)} “Rebelote”", log), log
    reasons = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#reasons li")]
    assert any(re.match(r"belote( \(dedans\))?: 20 to North-South$", r) for r in reasons), reasons


def test_skats_bids_are_one_stepper(server, browser):
    app, base = server
    size(browser, "phone")
    table = table_of(app, open_table(browser, base, "skat", seed=SEED))
    end = time.monotonic() + 20
    while True:
        assert wait_turn(browser) == "mine" and time.monotonic() < end, "no bid offered to you"
        view = table.view()
        if any(a["number"] is not None for a in view["legal"]):
            break
        click(browser, view, "pass" if "pass" in [a["text"] for a in view["legal"]] else view["legal"][0]["text"])
    numbers = sorted(a["number"] for a in table.view()["legal"] if a["number"] is not None)
    picker = browser.find_element(By.CSS_SELECTOR, ".picker")
    assert picker.get_attribute("data-numbers") == " ".join(map(str, numbers))
    bids = browser.find_elements(By.CSS_SELECTOR, "button.action.numbered")
    assert [b.get_attribute("data-text") for b in bids] == [f"bid {numbers[0]}"]
    browser.find_element(By.CSS_SELECTOR, '.picker button[aria-label="higher"]').click()
    assert [b.get_attribute("data-text") for b in browser.find_elements(By.CSS_SELECTOR, "button.action.numbered")] == \
        [f"bid {numbers[1]}"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "button.action")) <= 4
    assert layout_problems(browser) == []


def test_aluettes_cards_have_drawn_pips_and_their_names(server, browser):
    app, base = server
    size(browser, "phone")
    table = table_of(app, open_table(browser, base, "aluette", seed=SEED))
    assert wait_turn(browser) == "mine"              # the page stands still: your cards are drawn
    deck = table.game.deck
    cards = browser.find_elements(By.CSS_SELECTOR, "#hand .card")
    assert cards and all(c.find_elements(By.CSS_SELECTOR, ".pip svg") for c in cards)
    named = {code: deck.names[deck.index[code]] for code in table.view()["hand"]
             if not deck.names[deck.index[code]].endswith(" of " + deck.suit_names[deck.suit_of[deck.index[code]]])}
    for c in cards:
        code = c.get_attribute("data-code")
        labels = c.find_elements(By.CLASS_NAME, "label")
        assert [x.get_attribute("textContent") for x in labels] == ([named[code]] if code in named else [])


def test_a_table_gone_after_a_restart_says_so(server, browser):
    app, base = server
    size(browser, "laptop")
    table_id = open_table(browser, base, "sixty-six", seed=SEED)
    app.state.lobby.tables.pop(table_id)
    browser.execute_script("ws.close()")
    end = time.monotonic() + 10
    while not browser.find_elements(By.CSS_SELECTOR, "#banner a"):
        assert time.monotonic() < end, "the page did not say the table is gone"
        time.sleep(0.05)
    banner = browser.find_element(By.ID, "banner")
    assert "This table is gone" in banner.text and "reconnecting" not in banner.text
    assert banner.find_element(By.TAG_NAME, "a").get_attribute("href").endswith("/game/sixty-six")
