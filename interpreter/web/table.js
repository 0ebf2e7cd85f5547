// The card table of 'atout serve': draws the view the server sends over the WebSocket and
// sends back the action texts of 'atout play'. Nothing here knows any game: suits, cards,
// piles, sides and actions all come from the rule file through the server.
"use strict";
const app = document.getElementById("app");
const TAP = 44;                     // the smallest tappable part of a card or a button, in CSS px
let ws = null, view = null, timer = null, retries = 0, gone = false;
let errorText = "";                 // the server's last refusal, shown until dismissed or the next action
let autoShow = false;               // a declaration's cards are being chosen for the player, one by one
let chosenNumber = null;            // the number the stepper of numbered calls stands at
// A page without the table's token (another browser than the one that opened the table) only
// watches: it asks for the view now and then, and offers no move.
const watching = !cfg.token;

// --- words in the table's language -----------------------------------------------------------
// Whole templates with named fields, from the server's gettext catalogue (cfg.text: a template's
// translation, or its plural forms); the templates themselves are the English.
const fill = (text, fields) => text.replace(/\{(\w+)\}/g, (m, k) => k in fields ? String(fields[k]) : m);
function T(template, fields = {}) {
  const own = cfg.text && cfg.text[template];
  return fill(typeof own === "string" ? own : template, fields);
}
// A count's template: the language's plural form for n (cfg.plural: the form of each n below 200).
function P(one, many, n, fields = {}) {
  const forms = cfg.text && cfg.text[one];
  const index = cfg.plural ? cfg.plural[n < 200 ? n : 100 + (n % 100)] : n === 1 ? 0 : 1;
  const text = Array.isArray(forms) ? forms[Math.min(index, forms.length - 1)] : index === 0 ? one : many;
  return fill(text, { n, ...fields });
}
// A template whose fields are nodes (cards drawn as text): the pieces in order, for el().
function Tn(template, fields) {
  const own = cfg.text && cfg.text[template];
  return (typeof own === "string" ? own : template).split(/(\{\w+\})/).filter((x) => x)
    .map((x) => { const k = x.slice(1, -1); return x[0] === "{" && k in fields ? fields[k] : x; });
}
const capital = (text) => text ? text[0].toLocaleUpperCase(cfg.lang) + text.slice(1) : text;
const capitalNodes = (pieces) => typeof pieces[0] === "string" ? [capital(pieces[0]), ...pieces.slice(1)] : pieces;

const who = (seat) => seat === null || seat === undefined ? T("the table") : seat === cfg.seat ? T("you") : T("seat {n}", { n: seat });
const Who = (seat) => capital(who(seat));
const isYou = (seat) => seat === cfg.seat;
const cardCount = (n) => P("{n} card", "{n} cards", n);

// --- the conversation with the server ------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${cfg.table}`);
  ws.onopen = () => { retries = 0; };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    if (gone) return;
    retries += 1;
    if (retries > 5) { tableGone(T("The table server does not answer.")); return; }
    const wait = Math.min(8000, 500 * 2 ** retries);
    banner(T("Connection lost: trying again in {s} s, attempt {k} of 5…", { s: Math.round(wait / 1000), k: retries }));
    setTimeout(connect, wait);
  };
}

function tableGone(text) {
  gone = true;
  clearTimeout(timer);
  banner(text ? text + " " : "", T("This table is gone: the server was restarted, or the table was closed."), " ",
         el("a", { href: `/game/${cfg.key}`, text: T("Start a new one") }));
}

function banner(...content) {
  let box = document.getElementById("banner");
  if (!box) { box = el("div", { id: "banner", class: "banner" }); document.body.prepend(box); }
  box.replaceChildren(...content);
}

function send(message) {
  clearTimeout(timer);
  if (message.type === "action" || message.type === "next") hideError();
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  document.body.dataset.busy = "1";
  ws.send(JSON.stringify(message.type === "view" ? message : { ...message, token: cfg.token }));   // a move proves the table is yours
}

function receive(message) {
  document.body.dataset.busy = "";
  const box = document.getElementById("banner");
  if (box && !gone) box.remove();
  if (message.type === "error") {
    if (message.fatal) { tableGone(""); return; }
    autoShow = false;
    showError(message.message);
    if (view) schedule();
    return;
  }
  view = message;
  if (watching) { view.legal = []; view.take_back = null; }
  render();
  if (!autoStep()) schedule();
}

// AI seats move one at a time, at the pace the server names; a finished trick stays longer.
function schedule() {
  clearTimeout(timer);
  if (watching) { if (!view.match_over) timer = setTimeout(() => send({ type: "view" }), 2000); return; }
  if (view.result || view.to_act === null || view.to_act === cfg.seat) return;
  const trickDone = view.trick.length === 0 && view.last_trick;
  timer = setTimeout(() => send({ type: "advance" }), cfg.pace * 1000 * (trickDone ? 2 : 1));
}

// A declaration chosen in one click: its cards go one by one, the first the engine allows in
// the hand's order each time.
function autoStep() {
  const v = view;
  if (!autoShow || v.to_act !== cfg.seat || !v.choosing || v.choosing.kind !== "reveal") { autoShow = false; return false; }
  const legal = v.legal.filter((a) => a.kind === "reveal");
  const order = (a) => v.hand.indexOf(a.card);
  legal.sort((x, y) => order(x) - order(y));
  if (!legal.length) { autoShow = false; return false; }
  send({ type: "action", text: legal[0].text });
  return true;
}

function showError(text) {
  errorText = text;
  const box = document.getElementById("error");
  if (!box) return;
  box.querySelector(".message").textContent = text;
  box.hidden = false;
}
function hideError() {
  errorText = "";
  const box = document.getElementById("error");
  if (box) box.hidden = true;
}

// --- where the seats sit -------------------------------------------------------------------
// Your seat is at the bottom; the next seat in the order of play at your left (at your right
// when play goes counter-clockwise), the last at the other side, the rest across the table.
function places() {
  const n = cfg.players, out = {};
  const others = [];
  for (let k = 1; k < n; k++) others.push((cfg.seat + k) % n);
  if (cfg.direction === "counterclockwise") others.reverse();
  if (n === 2) out[others[0]] = "top";
  else {
    out[others[0]] = "left";
    out[others[others.length - 1]] = "right";
    others.slice(1, -1).forEach((s) => { out[s] = "top"; });
  }
  out[cfg.seat] = "bottom";
  return out;
}

// --- drawing the table ---------------------------------------------------------------------
function render() {
  const v = view;
  document.body.dataset.phase = v.match_over ? "matchover" : v.result ? "dealover" : v.to_act === cfg.seat ? "mine" : "waiting";
  const you = cfg.teams ? T("you, seat {n}, {team}", { n: cfg.seat, team: cfg.teams[cfg.seat] }) : T("you, seat {n}", { n: cfg.seat });
  const header = el("header", {},
    el("h1", { text: cfg.game + (cfg.variant ? ` · ${cfg.variant}` : "") }),
    el("span", { class: "who", text: `${capital(you)} · ${T("AI {level}", { level: cfg.level })} · ${T("deal {n}", { n: v.deal })}` }),
    el("nav", {}, el("a", { href: `/rules/${cfg.key}?lang=${cfg.lang}`, target: "_blank", text: T("Rules") }), " · ",
       el("a", { href: `/game/${cfg.key}`, text: T("New game") }), " · ", languages()));
  const error = el("div", { id: "error", class: "error", hidden: !errorText, role: "alert" },
    el("span", { class: "message", text: errorText }),
    el("button", { class: "close", text: "×", title: T("dismiss"), "aria-label": T("dismiss"), onclick: hideError }));
  const play = el("section", { class: "play", id: "play" }, actions(), error, hand());
  app.replaceChildren(header, el("div", { class: "main" }, felt(), play, sidebar()));
  for (const box of document.querySelectorAll(".hand, .wrap")) fitCards(box);
  if (v.result) app.append(overlay());
}

// The language switch: the same table in another language (the server keeps the choice).
function languages() {
  const pick = el("select", { id: "language", "aria-label": T("Language"),
                              onchange: (e) => { location.search = `?lang=${e.target.value}`; } },
    cfg.languages.map(([code, name]) => el("option", { value: code, lang: code, text: name, selected: code === cfg.lang })));
  return pick;
}

function felt() {
  const at = places();
  const cells = { top: [], left: [], right: [], bottom: [] };
  for (let s = 0; s < cfg.players; s++) cells[at[s]].push(seatCell(s, at[s]));
  const dummy = view.dummy !== null && view.dummy_hand && view.dummy !== cfg.seat;
  return el("section", { class: `felt players-${cfg.players}`, id: "felt" },
    el("div", { class: "area top" }, cells.top),
    dummy ? el("div", { class: "area dummy-row" }, el("small", { text: capital(T("the hand of {who}, face up: the dummy", { who: who(view.dummy) })) }),
                 dummyHand(view.dummy)) : null,
    el("div", { class: "area left" }, cells.left),
    centre(at),
    el("div", { class: "area right" }, cells.right),
    el("div", { class: "area bottom" }, cells.bottom));
}

// The moments of the trick in progress (or, before the first trick, since the auction): what
// each seat called, announced or showed, as a short bubble by the seat. Words said with the
// card that ended a trick stay until the next trick's first card.
function bubbles(s) {
  const v = view;
  const now = v.moments.filter((m) => m.seat === s && (v.auction ? m.auction : !m.auction && (m.trick === v.tricks_done
    || m.kind === "say" && m.trick === v.tricks_done - 1 && v.trick.length === 0)));
  const out = [];
  for (const m of now) {
    if (m.kind === "say") out.push(`“${m.word}”`);
    else if (m.kind === "call" || m.kind === "act") out.push(m.label || m.text);
    else if (m.kind === "declare") out.push(T("{name}: {points} in {suit}", m));
    else if (m.kind === "meld") out.push(`${m.names.join(", ")}: ${m.points}`);
  }
  if (v.auction) return out.slice(-1);
  return out.slice(-2);
}

// The winning call as it was said at the table (its suit as a symbol or a name).
function callLabel(text) {
  const said = [...view.moments].reverse().find((m) => (m.kind === "call" || m.kind === "act") && m.text === text);
  return said && said.label ? said.label : text;
}

// After an auction where every seat's last call names a number (each seat's bid), those calls
// stay by the seats all deal long.
function contracts() {
  const last = {};
  if (view.auction) return last;
  for (const m of view.moments) if (m.kind === "call" && m.seat !== null) last[m.seat] = m;
  const calls = Object.values(last);
  if (calls.length < cfg.players || calls.some((m) => m.number === null || m.number === undefined)) return {};
  return Object.fromEntries(calls.map((m) => [m.seat, m.label]));
}

function seatCell(s, where) {
  const v = view;
  const badges = [];
  if (v.dealer === s) badges.push(el("span", { class: "badge", text: T("dealer") }));
  if (v.taker === s) badges.push(el("span", { class: "badge taker", text: v.call ? `${T("taker")} · ${callLabel(v.call)}` : T("taker") }));
  const called = contracts()[s];
  if (called) badges.push(el("span", { class: "badge called", "data-called": s, text: called }));
  const leading = !v.result && !v.auction && v.leader === s && (v.trick.length > 0 || v.to_act !== null && v.hand_sizes.some((n) => n > 0));
  if (leading) badges.push(el("span", { class: "badge lead", "data-lead": s, text: v.trick.length ? T("led") : T("to lead") }));
  const name = who(s) + (cfg.teams ? ` · ${cfg.teams[s]}` : "");
  const c = v.choosing;
  const held = v.hand_sizes[s] - (c && c.kind === "give" && c.seat === s ? c.count - c.remaining : 0);
  const meta = [cardCount(held), P("{n} trick", "{n} tricks", v.tricks[s])];
  if (v.melds[s] !== "0") meta.push(T("melds {points}", { points: v.melds[s] }));
  const box = el("div", { class: "seat" + (v.playing === s && !v.result ? " acting" : "") + (s === cfg.seat ? " me" : ""), "data-seat": s },
    el("strong", { text: name }), el("div", { class: "meta" }, meta.flatMap((t, i) => i ? [" · ", el("span", { text: t })] : [el("span", { text: t })])),
    badges.length ? el("div", { class: "badges" }, badges) : null,
    s !== cfg.seat && !(v.dummy === s && v.dummy_hand) ? backs(v.hand_sizes[s]) : null);
  const said = bubbles(s).map((t) => el("div", { class: "bubble", "data-bubble": s, text: t }));
  const cell = el("div", { class: "cell " + where, "data-cell": s }, box, said);
  const shown = shownCards(s);
  if (shown) cell.append(shown);
  return cell;
}

function backs(n) {
  if (!n) return null;
  return el("div", { class: "backs", title: cardCount(n) }, Array.from({ length: Math.min(n, 8) }, () => el("i")));
}

// Cards a seat showed (a declaration) and those it is showing now: one overlapping row.
function shownCards(s) {
  const v = view;
  let codes = v.shown[s].slice();
  const c = v.choosing;
  if (c && c.kind === "reveal" && c.seat === s) codes = codes.concat(c.cards.filter((x) => !codes.includes(x)));
  if (!codes.length) return null;
  return el("div", { class: "shown", "data-shown": s },
    el("small", { text: c && c.kind === "reveal" && c.seat === s ? T("{name}: {k} of {n}", { name: c.name, k: c.cards.length, n: c.count }) : T("shown") }),
    fan(codes.map((code) => card(code, { class: "mini" }))));
}

// The dummy's hand lies face up; when you play it, its legal cards are clicks.
function dummyHand(s) {
  const v = view;
  const byCard = cardActions();
  const mine = v.to_act === cfg.seat && v.playing === s && !v.result;
  return el("div", { class: "wrap dummy", "data-dummy": s }, v.dummy_hand.map((code) => {
    const list = byCard[code] || [];
    if (mine && list.length === 1) return card(code, { class: "legal", onclick: () => send({ type: "action", text: list[0].text }) });
    return card(code, { class: mine ? "dimmed" : "", onclick: mine ? () => refused(code) : null });
  }));
}

function centre(at) {
  const v = view;
  const playing = v.tricks_done > 0 || v.trick.length > 0 || (!v.auction && !v.choosing && v.legal.every((a) => a.kind !== "give"));
  const trickBox = el("div", { class: "trick" + (playing ? " on" : ""), id: "trick" });
  let note = "";
  const cards = v.trick.length ? v.trick : (v.last_trick && !v.result ? v.last_trick.cards : v.result && v.last_trick ? v.last_trick.cards : []);
  const done = !v.trick.length && v.last_trick;
  const groups = {};
  cards.forEach(([s, code], i) => {
    const won = done && v.last_trick.winner === s;
    const tags = [];
    if (i === 0) tags.push(T("led"));
    if (won) tags.push(T("wins"));
    (groups[at[s]] ||= []).push(el("div", { class: "slot" + (done ? " done" : ""), "data-seat": s },
      card(code, { class: (won ? "won" : "") + (i === 0 ? " led" : ""), tag: tags.join(" · ") || null }),
      el("small", { text: who(s) })));
  });
  for (const [where, slots] of Object.entries(groups)) trickBox.append(el("div", { class: `slots ${where}` }, slots));
  if (done) note = v.last_trick.winner === null ? T("The trick is spoiled: nobody wins it.")
    : isYou(v.last_trick.winner) ? T("You win the trick.") : capital(T("{who} wins the trick.", { who: who(v.last_trick.winner) }));
  else if (!v.trick.length && !v.auction && !v.result && v.leader !== null && v.choosing === null && v.hand_sizes.some((n) => n))
    note = isYou(v.leader) ? T("You lead.") : capital(T("{who} leads.", { who: who(v.leader) }));
  return el("div", { class: "area centre" }, trickBox, piles(), el("div", { class: "note", id: "note", text: note }));
}

// The name a pile goes by now: the last transfer that put cards into it (a pile set aside that
// became the discard), else its own.
function pileLabel(name) {
  let label = name;
  for (const m of view.moments) if (m.kind === "give" && m.pile === name) label = m.name;
  return label;
}

function piles() {
  const v = view;
  const boxes = [];
  const c = v.choosing;
  const seenPiles = new Set();
  // Cards being given: they left the hand and lie where they go, face up for their giver.
  if (c && c.kind === "give") {
    const target = c.pile !== null ? pileLabel(c.pile) === c.pile ? c.name : pileLabel(c.pile) : `${c.name} → ${who(c.to)}`;
    const slots = c.cards.map((code) => card(code, { class: "mini" }));
    for (let i = 0; i < c.hidden; i++) slots.push(el("div", { class: "card back mini" }));
    for (let i = 0; i < c.remaining; i++) slots.push(el("div", { class: "card empty mini" }));
    boxes.push(el("div", { class: "pile choosing", "data-pile": c.pile || "", "data-transfer": c.name },
      el("small", { text: T("{name}: {k} of {n}", { name: target, k: c.count - c.remaining, n: c.count }) + (c.seat === cfg.seat ? "" : ` · ${who(c.seat)}`) }),
      fan(slots)));
    if (c.pile) seenPiles.add(c.pile);
  }
  // A pile laid face up before play (shown, then taken by a seat): its cards, until the first card is played.
  if (!v.tricks_done && !v.trick.length && !v.result) {
    for (const m of v.moments) {
      if (m.kind !== "taken" && m.kind !== "exposed") continue;
      if (m.kind === "exposed" && v.moments.some((t) => t.kind === "taken" && t.pile === m.pile)) continue;
      boxes.push(el("div", { class: "pile exposed", "data-pile": m.pile, "data-exposed": m.pile },
        el("small", { text: m.kind === "taken" ? `${m.pile} → ${who(m.seat)}` : m.pile }),
        fan(m.cards.map((code) => card(code, { class: "mini" })))));
    }
  }
  for (const [name, cards] of Object.entries(v.piles)) if (cards.length && !seenPiles.has(name))
    boxes.push(el("div", { class: "pile", "data-pile": name }, el("small", { text: pileLabel(name) }),
      fan(cards.map((code) => card(code, { class: "mini" })))));
  for (const [name, size] of Object.entries(v.pile_sizes)) if (size && !(name in v.piles) && !seenPiles.has(name))
    boxes.push(el("div", { class: "pile", "data-pile": name }, el("small", { text: `${pileLabel(name)}: ${cardCount(size)}` }),
      el("div", { class: "stack" }, el("div", { class: "card back mini" }))));
  return el("div", { class: "piles", id: "piles" }, boxes);
}

function sidebar() {
  const v = view;
  const facts = [];
  if (v.trump) {
    const suit = cfg.suits.find((s) => s.code === v.trump);
    facts.push(el("li", { "data-fact": "trump" }, suit && suit.trumps ? "" : T("trump: "), suitText(v.trump)));
  }
  if (v.taker !== null) facts.push(el("li", { text: v.call ? T("taker: {who}, {call}", { who: who(v.taker), call: callLabel(v.call) })
                                                          : T("taker: {who}", { who: who(v.taker) }) }));
  for (const [name, value] of v.marks) facts.push(el("li", { text: `${name}: ${value}` }));
  const standing = el("table", { class: "standing" }, v.standing.map(([name, score], i) =>
    el("tr", { class: cfg.side_labels[i].mine ? "mine" : "" }, el("td", { text: cfg.side_labels[i].label }),
       el("td", { class: "num", "data-standing": name, text: score }))));
  return el("aside", { id: "panel" },
    el("h2", { text: cfg.down ? T("Match, counting down") : T("Match") }), standing,
    facts.length ? el("ul", { class: "facts" }, facts) : null,
    el("h2", { text: T("This deal") }), el("ol", { class: "log", id: "log" }, logLines().slice(-40)));
}

// The deal so far in short lines: calls, announcements, cards given and shown, piles, each trick.
function logLines() {
  const lines = [];
  let trick = [], gives = null;
  const flush = () => { if (gives) lines.push(el("li", {}, gives.text, gives.cards.length ? [" ", cardsText(gives.cards)] : null)); gives = null; };
  for (const m of view.moments) {
    if (m.kind !== "give" && m.kind !== "reveal") flush();
    if (m.kind === "play") { trick.push(el("span", { class: "played-by" }, Tn("{who} {card}", { who: who(m.seat), card: cardText(m.cards[0]) }))); continue; }
    if (m.kind === "say" && trick.length) { trick[trick.length - 1].append(` “${m.word}”`); continue; }
    if (m.kind === "won") {
      lines.push(el("li", { class: "trick-line" }, T("trick {n}: ", { n: m.trick + 1 }), trick.flatMap((x, i) => i ? [", ", x] : [x]),
        m.seat === null ? ` — ${T("spoiled")}` : ` → ${who(m.seat)}`));
      trick = [];
      continue;
    }
    if (m.kind === "give" || m.kind === "reveal") {
      const key = `${m.kind}:${m.seat}:${m.name || ""}`;
      if (!gives || gives.key !== key) { flush(); gives = { key, n: 0, cards: [], text: "" }; }
      gives.n += 1;
      gives.cards.push(...m.cards);
      const hidden = gives.n - gives.cards.length;
      const fields = { who: Who(m.seat), word: m.word, cards: cardCount(gives.n), pile: m.pile, to: who(m.to) };
      const given = m.pile ? T("{who}: {word} {cards} into the {pile}", fields)
        : m.to !== null && m.to !== undefined ? T("{who}: {word} {cards} to {to}", fields) : T("{who}: {word} {cards}", fields);
      gives.text = m.kind === "reveal" ? (isYou(m.seat) ? T("You show:") : capital(T("{who} shows:", fields)))
        : given + (hidden ? ` ${T("face down")}` : "") + (gives.cards.length ? ":" : "");
      continue;
    }
    if (m.kind === "taken") lines.push(el("li", {}, `${m.pile} → ${who(m.seat)}: `, cardsText(m.cards)));
    else if (m.kind === "exposed") lines.push(el("li", {}, Tn("{pile} shown: {cards}", { pile: m.pile, cards: cardsText(m.cards) })));
    else if (m.kind === "declare") lines.push(el("li", { text: `${Who(m.seat)}: ${T("{name}, {points} in {suit}", m)}` }));
    else if (m.kind === "meld") lines.push(el("li", {}, `${Who(m.seat)}: ${m.names.join(", ")} (${m.points}) `, cardsText(m.cards)));
    else if (m.kind === "say") lines.push(el("li", { text: `${Who(m.seat)}: “${m.word}”` }));
    else if (m.kind === "draw") {
      const drawn = m.cards.length ? cardsText(m.cards) : [cardCount(m.count)];
      const from = [...new Set(m.piles)].join(T(" and the "));
      const fields = { who: who(m.seat), cards: drawn, piles: from };
      lines.push(el("li", {}, m.piles.length ? (isYou(m.seat) ? Tn("You draw {cards} from the {piles}", fields) : capitalNodes(Tn("{who} draws {cards} from the {piles}", fields)))
                                             : (isYou(m.seat) ? Tn("You draw {cards}", fields) : capitalNodes(Tn("{who} draws {cards}", fields)))));
    }
    else if (m.kind === "call" || m.kind === "act") lines.push(el("li", { text: `${Who(m.seat)}: ${m.label || m.text}` }));
    else lines.push(el("li", { text: m.text }));
  }
  flush();
  if (trick.length) lines.push(el("li", { class: "trick-line" }, T("trick {n}: ", { n: view.tricks_done + 1 }), trick.flatMap((x, i) => i ? [", ", x] : [x])));
  return lines;
}

// Legal actions on a card of the hand are clicks on that card; every other one is a button.
function cardActions() {
  const byCard = {};
  for (const a of view.legal) if (a.card && ["play", "give", "reveal"].includes(a.kind)) (byCard[a.card] ||= []).push(a);
  return byCard;
}

function button(a, extra = {}) {
  return el("button", { class: "action" + (extra.class ? " " + extra.class : ""), "data-text": a.text, text: extra.text || a.label || a.text,
                        title: a.text, onclick: extra.onclick || (() => send({ type: "action", text: a.text })) });
}

// Calls that name a number (bids): one stepper over the numbers on offer, and the calls of the number chosen.
function numberPicker(calls) {
  const numbers = [...new Set(calls.map((a) => a.number))].sort((x, y) => x - y);
  if (chosenNumber === null || !numbers.includes(chosenNumber)) chosenNumber = numbers[0];
  const index = numbers.indexOf(chosenNumber);
  const go = (i) => { chosenNumber = numbers[Math.max(0, Math.min(numbers.length - 1, i))]; render(); };
  const slider = el("input", { type: "range", min: 0, max: numbers.length - 1, step: 1, value: index, class: "slider",
                               "aria-label": T("number"), oninput: (e) => go(+e.target.value) });
  return el("div", { class: "picker", "data-numbers": numbers.join(" ") },
    el("button", { class: "step", text: "−", "aria-label": T("lower"), disabled: index === 0, onclick: () => go(index - 1) }),
    slider,
    el("button", { class: "step", text: "+", "aria-label": T("higher"), disabled: index === numbers.length - 1, onclick: () => go(index + 1) }),
    el("span", { class: "range", text: `${numbers[0]}–${numbers[numbers.length - 1]}` }),
    calls.filter((a) => a.number === chosenNumber).map((a) => button(a, { class: "numbered" })));
}

function actions() {
  const v = view;
  const byCard = cardActions();
  const onCards = new Set(Object.values(byCard).filter((list) => list.length === 1).map((list) => list[0].text));
  const rest = v.legal.filter((a) => !onCards.has(a.text));
  const numbered = rest.filter((a) => a.number !== null && a.kind === "call");
  const many = numbered.length > 5;
  const controls = [];
  if (many) controls.push(numberPicker(numbered));
  for (const a of rest) {
    if (many && numbered.includes(a)) continue;
    if (a.kind === "show")
      controls.push(button(a, { text: P("{name}: show {n} card", "{name}: show {n} cards", a.count, { name: a.label }), onclick: () => { autoShow = true; send({ type: "action", text: a.text }); } }));
    else controls.push(button(a));
  }
  const c = v.choosing;
  if (c && c.kind === "reveal" && c.seat === cfg.seat && v.to_act === cfg.seat)
    controls.push(el("button", { class: "action fill", text: T("show the rest: {n}", { n: c.remaining }), onclick: () => { autoShow = true; autoStep(); } }));
  if (v.take_back && !autoShow)
    controls.push(el("button", { class: "undo", id: "take-back", "data-card": v.take_back,
      onclick: () => send({ type: "take back" }) },
      Tn("take back {card}", { card: cardText(v.take_back) })));
  let prompt;
  if (watching) prompt = T("You are watching: only the browser that opened this table can play at it.");
  else if (v.result) prompt = T("The deal is over.");
  else if (v.to_act === cfg.seat) {
    const dummy = v.playing !== cfg.seat, fields = { dummy: who(v.playing) };
    if (c && c.seat === v.playing) {
      fields.word = c.word;
      fields.to = who(c.to);
      const to = c.kind !== "reveal" && !c.pile;
      prompt = dummy ? P("Your turn: {word} {n} more card, from the hand of {dummy}, the dummy.", "Your turn: {word} {n} more cards, from the hand of {dummy}, the dummy.", c.remaining, fields)
        : to ? P("Your turn: {word} {n} more card to {to}: click it in your hand.", "Your turn: {word} {n} more cards to {to}: click them in your hand.", c.remaining, fields)
        : P("Your turn: {word} {n} more card: click it in your hand.", "Your turn: {word} {n} more cards: click them in your hand.", c.remaining, fields);
      if (c.count > c.remaining) prompt += " " + T("{k} of {n} chosen.", { k: c.count - c.remaining, n: c.count })
        + (v.take_back ? " " + T("You may take back the last card until the choice is complete.") : "");
    } else if (onCards.size) prompt = dummy ? (rest.length ? T("Your turn: click a card of {dummy}, the dummy, or an action.", fields) : T("Your turn: click a card of {dummy}, the dummy.", fields))
      : rest.length ? T("Your turn: click a card or an action.") : T("Your turn: click a card.");
    else prompt = v.auction ? T("Your call.") : T("Your turn.");
  } else prompt = capital(v.auction ? T("{who} to call…", { who: who(v.to_act) }) : T("{who} to play…", { who: who(v.to_act) }));
  return el("section", { class: "actions", id: "actions" }, el("span", { id: "status", text: prompt }), controls);
}

// A dimmed card is sent all the same: the server says why it may not be played.
function refused(code) {
  const model = view.legal.find((a) => a.card && a.text.split(" ").includes(a.card));
  const text = model ? model.text.split(" ").map((w) => w === model.card ? code : w).join(" ") : `play ${code}`;  // an action text, never translated
  send({ type: "action", text });
}

function hand() {
  const v = view;
  const byCard = cardActions();
  const mine = v.to_act === cfg.seat && !v.result && v.playing === cfg.seat;
  const dim = mine && Object.keys(byCard).length > 0;     // an auction's calls leave the hand as it is
  const fresh = v.fresh.slice();
  return el("section", { class: "hand", id: "hand", "data-count": v.hand.length }, v.hand.map((code) => {
    const list = byCard[code] || [];
    const at = fresh.indexOf(code);
    const isFresh = at >= 0 && !v.result;
    if (isFresh) fresh.splice(at, 1);
    const tag = isFresh ? T("new") : null;
    if (mine && list.length === 1)
      return card(code, { class: "legal" + (isFresh ? " fresh" : ""), tag, onclick: () => send({ type: "action", text: list[0].text }) });
    return card(code, { class: (dim ? "dimmed" : "") + (isFresh ? " fresh" : ""), tag, onclick: v.result || watching ? null : () => refused(code) });
  }));
}

// A hand in as few rows as fit: its cards overlap, each showing at least TAP px of itself.
function fitCards(box) {
  if (!box.children.length) return;
  const width = box.children[0].getBoundingClientRect().width;
  const room = box.clientWidth - 2 * parseFloat(getComputedStyle(box).paddingRight) - 1;
  const n = box.children.length;
  const step = n > 1 ? Math.floor((room - width) / (n - 1)) : width;
  box.style.setProperty("--step", `${Math.max(TAP, Math.min(width + 6, step))}px`);
}

// A side as the server names it (a team, or a seat when teams change from deal to deal), in your terms.
function sideLabel(name) {
  const side = cfg.side_labels.find((s) => s.name === name);
  return side && side.seat !== null ? side.label : name;
}

function overlay() {
  const v = view, r = v.result;
  const box = el("div", { class: "result", id: "result" });
  if (r.annulled) box.append(el("h2", { text: T("Deal {n} annulled: the next dealer deals again", { n: v.deal }) }));
  else {
    box.append(el("h2", { text: T("Deal {n}: how it was decided", { n: v.deal }) }));
    if (r.verdict) box.append(el("p", { class: "verdict", id: "verdict", text: `${capital(r.verdict)}.` }));
    if (r.facts.length) box.append(el("ul", { class: "facts shown-facts" }, r.facts.map(([k, x]) => el("li", {}, `${k}: `, el("b", { text: x })))));
    const rows = r.sides.length ? r.sides : r.seats;
    // the columns this game fills: tricks always; card points, melds and cards shown where any side has some
    const cols = [[T("tricks"), "tricks"], [T("card points"), "card_points"], [T("melds"), "melds"], [T("cards shown"), "shown"]]
      .filter(([, key], i) => i === 0 || rows.some((row) => row[key] !== "0"));
    const head = el("tr", {}, ["", ...cols.map(([t]) => t), T("awards"), T("deal score")].map((t) => el("th", { text: t })));
    box.append(el("div", { class: "scroll-x" }, el("table", { class: "breakdown" }, head, rows.map((row) => el("tr", {},
      el("th", { text: row.name }), ...cols.map(([, key]) => el("td", { class: "num", text: row[key] })),
      el("td", { text: row.awards.map(([rule, p]) => `${rule} ${p}`).join("; ") || "—" }),
      el("td", { class: "num score", "data-side": row.name, text: row.score }))))));
    box.append(el("h3", { text: T("Scoring rules that fired") }),
      r.reasons.length ? el("ul", { id: "reasons" }, r.reasons.map(([rule, to, p]) => el("li", { text: T("{rule}: {points} to {side}", { rule, points: p, side: sideLabel(to) }) })))
                       : el("p", { text: T("nobody scores") }));
  }
  box.append(el("p", { class: "standing-line", text: (r.down ? T("Match, points come off: ") : T("Match: ")) +
    v.standing.map(([, x], i) => `${cfg.side_labels[i].label} ${x}`).join(", ") }));
  const onward = [];
  if (v.match_over) {
    box.append(el("h2", { id: "winner", text: capital(v.match_over.verdict) }));
    onward.push(el("a", { class: "button", href: `/game/${cfg.key}`, text: T("New game") }));
  } else if (!watching) onward.push(el("button", { id: "next", text: T("Next deal"), onclick: () => send({ type: "next" }) }));
  // The deal played again with every hand open and each card valued (review.js), and the deals
  // over so far as a record to keep ('atout replay' plays it again): the opener's only.
  if (!watching) onward.push(el("button", { id: "review", text: T("Review"), onclick: () => openReview(v.deal) }),
    el("a", { class: "button", id: "record", href: `/table/${cfg.table}/record`, download: "", text: T("Download the record") }));
  box.append(el("div", { class: "onward" }, onward));
  return el("div", { class: "overlay" }, box);
}

// The review's sentences: review.js draws a deal's review with these (the page's templates are
// read from this file alone, by the server and by Babel).
const REVIEW_SAYS = {
  title: (n) => T("Deal {n}: review", { n }),
  back: () => T("Back to the table"),
  previous: () => T("previous step"),
  next: () => T("next step"),
  step: (k, n) => T("step {k} of {n}", { k, n }),
  best: () => T("best"),
  aBest: () => T("a best card"),
  costs: (n) => T("costs {n}", { n }),
  played: () => T("played"),
  only: () => T("the only choice"),
  before: () => T("before the play: not valued"),
  beforeHeading: () => T("Before the play"),
  over: () => T("The deal is over."),
  legend: () => T("Every hand is open. At each card to play: green, a best card; red, what a card costs its side against best play by every seat from there on, in points of the deal."),
  inexact: () => T("≈: not exact, the search stopped at its limit."),
  working: (k, n) => T("Working out the values with every hand open: {k} of {n} actions…", { k, n }),
  queued: () => T("Waiting for another review to be worked out…"),
  failed: (message) => T("The values could not be worked out: {message}", { message }),
  unloaded: () => T("The review could not be loaded."),
  costHeading: () => T("Cost against best play"),
  trick: (n) => T("trick {n}: ", { n }),
  tricks: (n) => P("{n} trick", "{n} tricks", n),
  dealer: () => T("dealer"),
  trump: () => T("trump: "),
  wins: () => T("wins"),
  played_by: (who, card) => Tn("{who} {card}", { who, card }),
};

window.addEventListener("resize", () => { for (const box of document.querySelectorAll(".hand, .wrap")) fitCards(box); });
connect();
