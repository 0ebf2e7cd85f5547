// The card table of 'atout serve': draws the view the server sends over the WebSocket and
// sends back the action texts of 'atout play'. Nothing here knows any game: suits, cards,
// piles, sides and actions all come from the rule file through the server.
"use strict";
const cfg = JSON.parse(document.getElementById("config").textContent);
const app = document.getElementById("app");
const PALETTE = ["#1d4e89", "#a4161a", "#2b6f3a", "#7a4a00", "#5b2a86", "#00606b"];
let ws = null, view = null, timer = null, errorTimer = null;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.startsWith("data-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children.flat()) if (child != null) node.append(child);
  return node;
}

const who = (seat) => seat === null || seat === undefined ? "table" : seat === cfg.seat ? "you" : `seat ${seat}`;

// --- cards ---------------------------------------------------------------------------------
function suitLook(index) {
  const suit = cfg.suits[index];
  if (!suit) return { mark: "", color: "#333", name: "" };
  const red = suit.symbol === "♥" || suit.symbol === "♦";
  return { mark: suit.symbol || suit.code, color: suit.symbol ? (red ? "#c62828" : "#1b1b1b") : PALETTE[index % PALETTE.length],
           name: suit.name, symbol: !!suit.symbol };
}

function card(code, extra = {}) {
  const info = cfg.cards[code] || { name: code, suit: -1, rank: code };
  const look = suitLook(info.suit);
  const rank = info.suit < 0 ? code : info.rank;
  const node = el("div", { class: "card" + (look.symbol ? "" : " plain") + (extra.class ? " " + extra.class : ""),
                           title: `${code}: ${info.name}`, "data-code": code });
  node.style.setProperty("--ink", look.color);
  node.append(el("span", { class: "corner" }, el("b", { text: rank }), el("i", { text: look.mark })),
              el("span", { class: "pip", text: info.suit < 0 ? "★" : look.mark }),
              el("span", { class: "corner flip" }, el("b", { text: rank }), el("i", { text: look.mark })));
  if (!look.symbol) node.append(el("span", { class: "label", text: info.suit < 0 ? info.name : look.name }));
  if (extra.onclick) node.addEventListener("click", extra.onclick);
  return node;
}

const back = () => el("div", { class: "card back" });

// --- the conversation with the server ------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${cfg.table}`);
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => { status("connection lost: reconnecting…"); setTimeout(connect, 1500); };
}

function send(message) {
  clearTimeout(timer);
  document.body.dataset.busy = "1";
  ws.send(JSON.stringify(message));
}

function receive(message) {
  document.body.dataset.busy = "";
  if (message.type === "error") {
    showError(message.message);
    if (message.fatal) ws.onclose = null;
    return;
  }
  view = message;
  render();
  schedule();
}

// AI seats move one at a time, at the pace the server names; a finished trick stays longer.
function schedule() {
  clearTimeout(timer);
  if (view.result || view.to_act === null || view.to_act === cfg.seat) return;
  const trickDone = view.trick.length === 0 && view.last_trick;
  timer = setTimeout(() => send({ type: "advance" }), cfg.pace * 1000 * (trickDone ? 2 : 1));
}

function showError(text) {
  const box = document.getElementById("error");
  if (!box) return;
  box.textContent = text;
  box.hidden = false;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

function status(text) { const s = document.getElementById("status"); if (s) s.textContent = text; }

// --- drawing the table ---------------------------------------------------------------------
function seatAngle(seat) {
  const k = (seat - cfg.seat + cfg.players) % cfg.players;
  const step = 360 / cfg.players * (cfg.direction === "counterclockwise" ? -1 : 1);
  return (90 + k * step) * Math.PI / 180;
}

function place(node, seat, reach) {
  const a = seatAngle(seat);
  node.style.left = `${50 + Math.cos(a) * reach}%`;
  node.style.top = `${50 + Math.sin(a) * reach}%`;
  return node;
}

function render() {
  const v = view;
  document.body.dataset.phase = v.match_over ? "matchover" : v.result ? "dealover" : v.to_act === cfg.seat ? "mine" : "waiting";
  const team = cfg.teams ? ` (${cfg.teams[cfg.seat]})` : "";
  const header = el("header", {},
    el("h1", { text: cfg.game + (cfg.variant ? ` · ${cfg.variant}` : "") }),
    el("span", { text: `You are seat ${cfg.seat}${team} · AI ${cfg.level} · deal ${v.deal}` }),
    el("nav", {}, el("a", { href: `/rules/${cfg.key}`, target: "_blank", text: "Rules" }), " · ",
       el("a", { href: `/game/${cfg.key}`, text: "New game" })));
  const felt = el("section", { class: "felt", id: "felt" });
  for (let s = 0; s < cfg.players; s++) if (s !== cfg.seat) felt.append(seatBox(s, 40));
  felt.append(place(seatBox(cfg.seat, 40), cfg.seat, 40));
  felt.append(...centre());
  for (const [s, code] of v.trick) felt.append(place(el("div", { class: "played" }, card(code), el("small", { text: who(s) })), s, 17));
  if (!v.trick.length && v.last_trick) {
    for (const [s, code] of v.last_trick.cards)
      felt.append(place(el("div", { class: "played last" }, card(code), el("small", { text: who(s) })), s, 17));
  }
  const error = el("div", { id: "error", class: "error", hidden: true });
  app.replaceChildren(header, el("div", { class: "main" }, felt, sidebar()), actions(), hand(), error);
  if (v.result) app.append(overlay());
}

function seatBox(s, reach) {
  const v = view;
  const lastCall = [...v.calls].reverse().find(([seat]) => seat === s);
  const badges = [];
  if (v.dealer === s) badges.push(el("span", { class: "badge", text: "dealer" }));
  if (v.taker === s) badges.push(el("span", { class: "badge taker", text: v.call ? `taker: ${v.call}` : "taker" }));
  const box = el("div", { class: "seat" + (v.playing === s ? " acting" : "") + (s === cfg.seat ? " me" : ""), "data-seat": s },
    el("strong", { text: who(s) + (cfg.teams ? ` · ${cfg.teams[s]}` : "") }),
    el("div", { class: "meta", text: `${v.hand_sizes[s]} card(s) · ${v.tricks[s]} trick(s)` + (v.melds[s] !== "0" ? ` · melds ${v.melds[s]}` : "") }),
    badges.length ? el("div", {}, badges) : null,
    lastCall && !v.trick.length ? el("div", { class: "bubble", text: lastCall[1] }) : null,
    v.shown[s].length ? el("div", { class: "mini" }, v.shown[s].map((c) => card(c))) : null);
  if (v.dummy === s && v.dummy_hand && s !== cfg.seat) box.append(dummyHand(s));
  else if (s !== cfg.seat) box.append(el("div", { class: "backs" }, Array.from({ length: Math.min(v.hand_sizes[s], 12) }, back)));
  return place(box, s, reach);
}

// The dummy's hand lies face up; when you play it, its legal cards are clicks.
function dummyHand(s) {
  const v = view;
  const byCard = cardActions();
  const mine = v.to_act === cfg.seat && v.playing === s && !v.result;
  return el("div", { class: "mini dummy", "data-dummy": s }, v.dummy_hand.map((code) => {
    const list = byCard[code] || [];
    if (mine && list.length === 1) return card(code, { class: "legal", onclick: () => send({ type: "action", text: list[0].text }) });
    return card(code, { class: mine ? "dimmed" : "" });
  }));
}

function centre() {
  const v = view;
  const piles = [];
  for (const [name, cards] of Object.entries(v.piles)) if (cards.length)
    piles.push(el("div", { class: "pile", "data-pile": name }, el("small", { text: name }), el("div", { class: "row" }, cards.map((c) => card(c)))));
  for (const [name, size] of Object.entries(v.pile_sizes)) if (size && !(name in v.piles))
    piles.push(el("div", { class: "pile", "data-pile": name }, el("small", { text: `${name}: ${size}` }), el("div", { class: "row" }, back())));
  const note = !v.trick.length && v.last_trick
    ? (v.last_trick.winner === null ? "last trick: spoiled" : `last trick: ${who(v.last_trick.winner)}`) : "";
  const box = el("div", { class: "centre piles" }, piles);
  const a = pileAngle();
  box.style.left = `${50 + Math.cos(a) * 30}%`;
  box.style.top = `${50 + Math.sin(a) * 30}%`;
  return [box, el("div", { class: "centre note", text: note })];
}

// The piles go in the widest gap between the seats, the one nearest the upper right.
function pileAngle() {
  const seats = Array.from({ length: cfg.players }, (_, s) => ((seatAngle(s) * 180 / Math.PI) % 360 + 360) % 360).sort((x, y) => x - y);
  let best = 0, bestScore = Infinity;
  seats.forEach((angle, i) => {
    const next = i + 1 < seats.length ? seats[i + 1] : seats[0] + 360;
    const middle = (angle + next) / 2 % 360;
    const off = Math.min(Math.abs(middle - 290), 360 - Math.abs(middle - 290));
    const score = off - (next - angle);
    if (score < bestScore) { best = middle; bestScore = score; }
  });
  return best * Math.PI / 180;
}

function sidebar() {
  const v = view;
  const facts = [];
  if (v.trump) {
    const index = cfg.suits.findIndex((s) => s.code === v.trump);
    const look = suitLook(index);
    facts.push(el("li", {}, "trump: ", el("b", { class: "suit", text: `${look.symbol ? look.mark + " " : ""}${look.name}` })));
    facts[0].querySelector("b").style.color = look.color;
  }
  if (v.taker !== null) facts.push(el("li", { text: `taker: ${who(v.taker)}${v.call ? ` (${v.call})` : ""}` }));
  for (const [name, value] of v.marks) facts.push(el("li", { text: `${name}: ${value}` }));
  const standing = el("table", { class: "standing" }, v.standing.map(([name, score]) =>
    el("tr", {}, el("td", { text: name }), el("td", { class: "num", "data-standing": name, text: score }))));
  return el("aside", {},
    el("h2", { text: cfg.down ? "Match (counting down)" : "Match" }), standing,
    facts.length ? el("ul", { class: "facts" }, facts) : null,
    v.calls.length ? el("h2", { text: "Calls and announcements" }) : null,
    v.calls.length ? el("ol", { class: "log" }, v.calls.slice(-12).map(([s, t]) => el("li", { text: `${who(s)}: ${t}` }))) : null,
    el("h2", { text: "Play" }), el("ol", { class: "log", id: "events" }, v.events.map((t) => el("li", { text: t }))));
}

// Legal actions on a card of the hand are clicks on that card; every other one is a button.
function cardActions() {
  const byCard = {};
  for (const a of view.legal) if (a.card && ["play", "give", "reveal"].includes(a.kind)) (byCard[a.card] ||= []).push(a);
  return byCard;
}

function actions() {
  const v = view;
  const byCard = cardActions();
  const onCards = new Set(Object.values(byCard).filter((list) => list.length === 1).map((list) => list[0].text));
  const buttons = v.legal.filter((a) => !onCards.has(a.text)).map((a) =>
    el("button", { class: "action", "data-text": a.text, text: a.text, onclick: () => send({ type: "action", text: a.text }) }));
  let prompt;
  if (v.result) prompt = "The deal is over.";
  else if (v.to_act === cfg.seat) {
    const more = v.to_choose ? ` (${v.to_choose} more card(s) to choose)` : "";
    const from = v.playing !== cfg.seat ? ` from ${who(v.playing)}'s hand (the dummy)` : "";
    prompt = onCards.size ? `Your turn: click a card${from}${buttons.length ? " or an action" : ""}${more}.` : `Your turn${more}.`;
  } else prompt = `${who(v.to_act)} to play…`;
  return el("section", { class: "actions" }, el("span", { id: "status", text: prompt }), buttons);
}

function hand() {
  const v = view;
  const byCard = cardActions();
  const mine = v.to_act === cfg.seat && !v.result;
  const dim = mine && Object.keys(byCard).length > 0;     // an auction's calls leave the hand as it is
  return el("section", { class: "hand" + (v.hand.length > 12 ? " many" : ""), id: "hand" }, v.hand.map((code) => {
    const list = byCard[code] || [];
    if (mine && list.length === 1) return card(code, { class: "legal", onclick: () => send({ type: "action", text: list[0].text }) });
    return card(code, { class: dim ? "dimmed" : "" });
  }));
}

function overlay() {
  const v = view, r = v.result;
  const box = el("div", { class: "result", id: "result" });
  if (r.annulled) box.append(el("h2", { text: `Deal ${v.deal} annulled: the next dealer deals again` }));
  else {
    box.append(el("h2", { text: `Deal ${v.deal}: how it was decided` }));
    if (r.facts.length) box.append(el("p", { class: "facts", text: r.facts.map(([k, x]) => `${k}: ${x}`).join(" · ") }));
    const rows = r.sides.length ? r.sides : r.seats;
    const head = el("tr", {}, ["", "tricks", "card points", "melds", "awards", "deal score"].map((t) => el("th", { text: t })));
    box.append(el("table", { class: "breakdown" }, head, rows.map((row) => el("tr", {},
      el("th", { text: row.name }), el("td", { class: "num", text: row.tricks }), el("td", { class: "num", text: row.card_points }),
      el("td", { class: "num", text: row.melds }),
      el("td", { text: row.awards.map(([rule, p]) => `${rule} ${p}`).join("; ") || "—" }),
      el("td", { class: "num score", "data-side": row.name, text: row.score })))));
    box.append(el("h3", { text: "Scoring rules that fired" }),
      r.reasons.length ? el("ul", {}, r.reasons.map(([rule, to, p]) => el("li", { text: `${rule}: ${p} to ${to}` })))
                       : el("p", { text: "nobody scores" }));
  }
  box.append(el("p", { class: "standing-line", text: (r.down ? "Match (points come off): " : "Match: ") +
    v.standing.map(([n, x]) => `${n} ${x}`).join(", ") }));
  if (v.match_over) {
    box.append(el("h2", { id: "winner", text: v.match_over.winner === null ? "The match is a draw"
      : `${v.match_over.winner} ${v.match_over.winner.startsWith("seat ") ? "wins" : "win"} the match` }),
      el("a", { class: "button", href: `/game/${cfg.key}`, text: "New game" }));
  } else box.append(el("button", { id: "next", text: "Next deal", onclick: () => send({ type: "next" }) }));
  return el("div", { class: "overlay" }, box);
}

connect();
