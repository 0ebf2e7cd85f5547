// The review of a deal over at the table: the deal played again card by card with every hand
// open, and at each decision of the play the legal cards coloured by their double-dummy value
// (green: a best card; red: what the card costs its side). The server sends the positions at
// once (/table/ID/review) and the values when worked out; this page asks again until they come.
// Its sentences are table.js's REVIEW_SAYS; its cards are drawn by cards.js.
"use strict";
let review = null;                  // { deal, data, at, timer } while the review is open

function openReview(deal) {
  closeReview();
  review = { deal, data: null, at: 0, timer: null };
  const screen = el("div", { class: "review-screen", id: "review-screen", role: "dialog", "aria-modal": "true",
                             "aria-label": REVIEW_SAYS.title(deal) });
  document.body.append(screen);
  document.body.dataset.review = "open";
  screen.append(el("p", { class: "review-note", text: REVIEW_SAYS.queued() }));
  fetchReview();
}

function closeReview() {
  if (!review) return;
  clearTimeout(review.timer);
  review = null;
  const screen = document.getElementById("review-screen");
  if (screen) screen.remove();
  document.body.dataset.review = "";
  const again = document.getElementById("review");
  if (again) again.focus();
}

async function fetchReview() {
  const asked = review;
  let data = null;
  try {
    const response = await fetch(`/table/${cfg.table}/review?deal=${asked.deal}`, { credentials: "same-origin", cache: "no-store" });
    if (response.ok) data = await response.json();
  } catch (err) { data = null; }
  if (review !== asked) return;                 // closed (or another opened) meanwhile
  if (!data) {
    document.getElementById("review-screen").replaceChildren(el("div", { class: "review" },
      el("p", { class: "error", text: REVIEW_SAYS.unloaded() }), backButton()));
    return;
  }
  const first = !review.data;
  review.data = data;
  drawReview();
  if (first) document.getElementById("review-next").focus();     // the keys step at once
  if (["queued", "working"].includes(data.analysis.state)) review.timer = setTimeout(fetchReview, 1000);
}

const backButton = () => el("button", { class: "review-back", id: "review-close", text: REVIEW_SAYS.back(), onclick: closeReview });

function goTo(at) {
  if (!review || !review.data) return;
  review.at = Math.max(0, Math.min(review.data.steps.length, at));
  drawReview();
}

document.addEventListener("keydown", (event) => {
  if (!review || !review.data || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === "Escape") { closeReview(); event.preventDefault(); return; }
  if (event.target && event.target.id === "review-slider") return;      // the slider steps by itself
  const moves = { ArrowLeft: review.at - 1, ArrowRight: review.at + 1, Home: 0, End: review.data.steps.length };
  if (event.key in moves) { goTo(moves[event.key]); event.preventDefault(); }
});

// The values of the decision at a step: null where it is not valued (before the play, one choice).
const decision = (i) => review.data.analysis.decisions ? review.data.analysis.decisions[i] : null;
const minus = (cost) => `−${cost}`;

function drawReview() {
  const d = review.data, n = d.steps.length, at = review.at;
  const step = at < n ? d.steps[at] : null;
  const position = step || d.end;
  const screen = document.getElementById("review-screen");
  const focused = document.activeElement && document.activeElement.id;
  const slider = el("input", { type: "range", id: "review-slider", class: "slider", min: 0, max: n, step: 1, value: at,
                               "aria-label": REVIEW_SAYS.step(at, n), oninput: (e) => goTo(+e.target.value) });
  const controls = el("div", { class: "review-controls" },
    el("button", { id: "review-prev", text: "‹", "aria-label": REVIEW_SAYS.previous(), title: REVIEW_SAYS.previous(),
                   disabled: at === 0, onclick: () => goTo(review.at - 1) }),
    slider,
    el("button", { id: "review-next", text: "›", "aria-label": REVIEW_SAYS.next(), title: REVIEW_SAYS.next(),
                   disabled: at === n, onclick: () => goTo(review.at + 1) }),
    el("span", { id: "review-step", class: "review-step", text: REVIEW_SAYS.step(at, n) }));
  const head = el("header", { class: "review-head" }, el("h2", { text: REVIEW_SAYS.title(d.deal) }), backButton());
  const box = el("div", { class: "review", "data-at": at }, head,
    el("div", { class: "review-main" }, controls, el("p", { class: "review-now", id: "review-now" }, nowLine(step, at)),
       board(position, step, at)),
    reviewSide(at));
  screen.replaceChildren(box);
  const again = focused && document.getElementById(focused);
  if (again) again.focus();
}

// An action as people read it: a card played as the card, a card named in another action (a card
// passed, 66's marriage) drawn in its words, any other action by its label.
function actionText(a) {
  const words = a.text.split(" "), at = a.card ? words.indexOf(a.card) : -1;
  if (at < 0) return [a.label || a.text];
  return [a.kind === "play" ? [] : words.slice(0, at).map((w) => w + " "), cardText(a.card), words.slice(at + 1).map((w) => " " + w)];
}

// What happens at this step: who plays what, and what it is worth against the best.
function nowLine(step, at) {
  if (!step) return [REVIEW_SAYS.over()];
  const c = decision(at);
  const line = [Who(step.seat), ": ", actionText(step), " — "];
  if (step.trick === null) line.push(REVIEW_SAYS.before());
  else if (!c) line.push(step.legal.length > 1 ? progressText() : REVIEW_SAYS.only());
  else if (!c.exact) line.push(REVIEW_SAYS.inexact());
  else if (c.cost === "0") line.push(el("b", { class: "good", text: REVIEW_SAYS.aBest() }));
  else line.push(el("b", { class: "bad", text: REVIEW_SAYS.costs(c.cost) }));
  return line;
}

function progressText() {
  const a = review.data.analysis;
  if (a.state === "failed") return REVIEW_SAYS.failed(a.message);
  return a.state === "working" ? REVIEW_SAYS.working(a.done, a.total) : REVIEW_SAYS.queued();
}

// Every hand open around the trick, the seat to act marked; at a valued decision its legal cards
// are green (best) or red with their cost, the card played raised.
function board(position, step, at) {
  const where = places();
  const cells = { top: [], left: [], right: [], bottom: [] };
  for (let s = 0; s < cfg.players; s++) cells[where[s]].push(reviewSeat(s, position, step, at));
  return el("section", { class: `board players-${cfg.players}`, id: "review-board" },
    el("div", { class: "area top" }, cells.top), el("div", { class: "area left" }, cells.left),
    reviewCentre(position, where), el("div", { class: "area right" }, cells.right),
    el("div", { class: "area bottom" }, cells.bottom));
}

function reviewSeat(s, position, step, at) {
  const acting = step && step.seat === s;
  const c = acting ? decision(at) : null;
  const values = c ? c.values : {};
  const byCard = {};
  if (acting) for (const a of step.legal) if (a.card) (byCard[a.card] ||= []).push(a);
  const cards = position.hands[s].map((code) => {
    const options = byCard[code] || [];
    const played = acting && step.card === code;
    const attrs = { "data-code": code };
    let cls = acting && step.legal.length && !options.length ? "dimmed" : "";
    let badge = null;
    if (options.length && c && !c.exact) badge = el("span", { class: "cost", title: REVIEW_SAYS.inexact(), text: "≈" });
    else if (options.length && c) {
      const worth = options.map((a) => values[a.text]).filter((x) => x);
      const cost = worth.map((x) => x.cost).sort((x, y) => +x - +y)[0];    // the best of the card's actions
      attrs["data-cost"] = cost;
      if (cost === "0") { cls += " rbest"; badge = el("span", { class: "cost good", text: REVIEW_SAYS.best() }); }
      else { cls += " rcost"; badge = el("span", { class: "cost bad", title: REVIEW_SAYS.costs(cost), text: minus(cost) }); }
    }
    if (played) { cls += " rplayed"; attrs["data-played"] = "1"; }
    // the card played is tagged so; a card passed or discarded by its action's name in the rule file
    const tag = played ? (step.kind === "play" ? REVIEW_SAYS.played() : step.text.split(" ")[0]) : null;
    const node = card(code, { class: `mini ${cls}`, tag });
    for (const [k, x] of Object.entries(attrs)) node.setAttribute(k, x);
    if (badge) node.append(badge);
    return node;
  });
  // Actions on no card, or several on one card (66's marriage): each with its worth.
  const chips = acting ? step.legal.filter((a) => !a.card || (byCard[a.card] || []).length > 1).map((a) => {
    const x = values[a.text];
    const chosen = a.text === step.text;
    const judged = x && c.exact;
    return el("span", { class: "chip" + (judged ? (x.cost === "0" ? " good" : " bad") : "") + (chosen ? " chosen" : ""), "data-text": a.text },
      actionText(a), judged ? ` ${x.cost === "0" ? REVIEW_SAYS.best() : minus(x.cost)}` : x ? " ≈" : "");
  }) : [];
  const meta = [REVIEW_SAYS.tricks(position.tricks[s])];
  if (s === review.data.dealer) meta.push(REVIEW_SAYS.dealer());
  return el("div", { class: "rseat" + (acting ? " acting" : ""), "data-seat": s },
    el("div", { class: "rname" }, el("strong", { text: capital(who(s)) }), ` · ${meta.join(" · ")}`),
    el("div", { class: "rhand", "data-seat": s }, cards),
    chips.length ? el("div", { class: "chips" }, chips) : null);
}

function reviewCentre(position, where) {
  const shown = position.table.length ? position.table : position.last ? position.last.cards : [];
  const done = !position.table.length && position.last;
  const groups = {};
  shown.forEach(([s, code], i) => {
    const won = done && position.last.winner === s;
    (groups[where[s]] ||= []).push(el("div", { class: "slot" + (done ? " done" : ""), "data-seat": s },
      card(code, { class: "mini" + (won ? " won" : ""), tag: won ? REVIEW_SAYS.wins() : null }), el("small", { text: who(s) })));
  });
  const trick = el("div", { class: "trick", id: "review-trick" },
    Object.entries(groups).map(([place, slots]) => el("div", { class: `slots ${place}` }, slots)));
  const piles = Object.entries(position.piles).map(([name, codes]) => el("div", { class: "pile", "data-pile": name },
    el("small", { text: name }), fan(codes.map((code) => card(code, { class: "mini" })))));
  const trump = position.trump ? el("div", { class: "rtrump" }, REVIEW_SAYS.trump(), suitText(position.trump)) : null;
  return el("div", { class: "area centre" }, trick, trump, piles.length ? el("div", { class: "piles" }, piles) : null);
}

// The deal in lines (the actions before the play, then trick by trick, each card with its cost),
// each a step to go to; each seat's cost against best play; what the colours say.
function reviewSide(at) {
  const d = review.data, a = d.analysis;
  const jump = (i, ...content) => el("button", { class: "rstep" + (i === at ? " here" : ""), "data-step": i, onclick: () => {
    goTo(i);
    const screen = document.getElementById("review-screen");
    if (screen.scrollTop > 0 && window.innerWidth <= 900) screen.scrollTop = 0;      // the board is above the list
  } }, content);
  const before = [], tricks = [];
  d.steps.forEach((step, i) => {
    if (step.trick === null) { before.push(jump(i, `${Who(step.seat)}: `, actionText(step))); return; }
    const c = decision(i);
    const line = tricks[step.trick - 1] ||= [];
    line.push(jump(i, REVIEW_SAYS.played_by(who(step.seat), el("span", {}, actionText(step))),
      c && c.exact && c.cost !== "0" ? el("span", { class: "cost bad", text: minus(c.cost) }) : null));
  });
  const parts = [];
  if (before.length) parts.push(el("h3", { text: REVIEW_SAYS.beforeHeading() }), el("div", { class: "rline" }, before));
  tricks.forEach((line, k) => { if (line) parts.push(el("div", { class: "rline" }, el("span", { text: REVIEW_SAYS.trick(k + 1) }), line)); });
  if (a.costs) parts.push(el("h3", { text: REVIEW_SAYS.costHeading() }),
    el("ul", { class: "rcosts", id: "review-costs" }, a.costs.map((cost, s) => el("li", { "data-seat": s, text: `${capital(who(s))}: ${cost}` }))));
  else parts.push(el("p", { class: "review-note", text: progressText() }));
  parts.push(el("p", { class: "legend", text: REVIEW_SAYS.legend() }));
  if (a.decisions && a.decisions.some((c) => c && !c.exact)) parts.push(el("p", { class: "legend", text: REVIEW_SAYS.inexact() }));
  return el("aside", { class: "review-side" }, parts);
}
