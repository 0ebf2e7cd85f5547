// The cards of 'atout serve': the page's config (the rule file's suits and cards in the table's
// language, sent by the server), the one helper that builds elements, and how a card, a suit and
// a card in a line of text are drawn. The first of the table page's scripts: table.js (the table)
// and review.js (a deal's review) draw with these. Nothing here knows any game.
"use strict";
const cfg = JSON.parse(document.getElementById("config").textContent);
const PALETTE = ["#1d4e89", "#a4161a", "#2b6f3a", "#7a4a00", "#5b2a86", "#00606b"];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  for (const child of children.flat(Infinity)) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

// --- suits and cards -----------------------------------------------------------------------
// Drawn pips for the suits that have no typed symbol (Spanish and German packs): small inline SVGs.
const PIPS = {
  coins: '<circle cx="12" cy="12" r="9.5" fill="#e9b52c" stroke="#8a6200" stroke-width="1.6"/><circle cx="12" cy="12" r="5" fill="none" stroke="#8a6200" stroke-width="1.4"/><circle cx="12" cy="12" r="1.6" fill="#8a6200"/>',
  cups: '<path d="M5 4h14c0 5-2.5 8.5-7 9-4.5-.5-7-4-7-9z" fill="#c62828" stroke="#7a1010" stroke-width="1.2"/><path d="M11 13h2v5h-2z" fill="#c9a227"/><path d="M7.5 18h9l1 2.5h-11z" fill="#c9a227" stroke="#7a5a00" stroke-width=".8"/>',
  swords: '<path d="M12 2l2 3v11h-4V5z" fill="#9fb4c8" stroke="#2d4a66" stroke-width="1.1"/><path d="M6 16h12v2H6z" fill="#1d4e89"/><path d="M11 18h2v3h-2z" fill="#6b4a1d"/><circle cx="12" cy="22" r="1.3" fill="#1d4e89"/>',
  batons: '<path d="M9 21c-1-6 0-12 3-18 3 1 4 2 3.5 4-1.5 4-2 9-1.5 14z" fill="#6b8e23" stroke="#3b5214" stroke-width="1.2"/><circle cx="12.6" cy="8" r="1.1" fill="#3b5214"/><circle cx="12" cy="13" r="1.1" fill="#3b5214"/>',
  acorns: '<ellipse cx="12" cy="14.5" rx="5.5" ry="7" fill="#b5762a" stroke="#6b4210" stroke-width="1.2"/><path d="M5.5 11c0-4 3-6 6.5-6s6.5 2 6.5 6z" fill="#6b4210"/><path d="M11.3 2h1.4v3.5h-1.4z" fill="#6b4210"/>',
  leaves: '<path d="M12 2c6 5 7 11 0 20C5 13 6 7 12 2z" fill="#2e7d32" stroke="#1b4d1e" stroke-width="1.2"/><path d="M12 5v17" stroke="#1b4d1e" stroke-width="1"/>',
  bells: '<circle cx="12" cy="12" r="8" fill="#e9b52c" stroke="#8a6200" stroke-width="1.4"/><path d="M6 12h12" stroke="#8a6200" stroke-width="1.4"/><circle cx="12" cy="16" r="1.6" fill="#8a6200"/><path d="M10.5 3h3v2h-3z" fill="#8a6200"/>',
};

function suitLook(index) {
  const suit = cfg.suits[index];
  if (!suit) return { mark: "", color: "#333", name: "", symbol: false, pip: null };
  const red = suit.symbol === "♥" || suit.symbol === "♦";
  const color = suit.symbol ? (red ? "#c62828" : "#1b1b1b") : PALETTE[index % PALETTE.length];
  return { mark: suit.symbol || suit.code, color, name: suit.name, symbol: !!suit.symbol, pip: suit.pip };
}

function pip(look, cls = "") {
  if (look.symbol || !look.pip) return el("span", { class: "mark " + cls, text: look.mark });
  const node = el("span", { class: "mark svg " + cls });
  node.innerHTML = `<svg viewBox="0 0 24 24">${PIPS[look.pip]}</svg>`;     // the drawing: constants of this file
  node.firstChild.setAttribute("aria-label", look.name);                      // the name: a rule file's text
  return node;
}

const info = (code) => cfg.cards[code] || { name: code, suit: -1, rank: code, own: true, rank_name: code };

// A card's name in the rule file's own words: its name, or its rank's name and its suit.
function cardName(code) {
  const c = info(code);
  if (c.own) return c.name;
  const look = suitLook(c.suit);
  return `${c.rank_name} ${look.symbol ? look.mark : "· " + look.name}`;
}

function card(code, extra = {}) {
  const c = info(code);
  const look = suitLook(c.suit);
  const rank = c.suit < 0 ? code : c.rank;
  const node = el("div", { class: "card" + (look.symbol ? "" : " plain") + (extra.class ? " " + extra.class : ""),
                           title: cardName(code), "data-code": code });
  node.style.setProperty("--ink", look.color);
  // A suit with neither symbol nor drawn pip (a suit of trumps) shows its rank large instead.
  const middle = c.suit < 0 ? el("span", { class: "pip star", text: "★" })
    : look.symbol || look.pip ? pip(look, "pip") : el("span", { class: "pip big", text: rank });
  node.append(el("span", { class: "corner" }, el("b", { text: rank }), c.suit < 0 ? null : pip(look)), middle);
  if (c.own) node.append(el("span", { class: "label", text: c.name.split(" (")[0] }));
  if (extra.tag) node.append(el("span", { class: "tag", text: extra.tag }));
  if (extra.onclick) node.addEventListener("click", extra.onclick);
  return node;
}

// Cards in one row that overlaps to fit its width; each card keeps its size.
const fan = (cards, attrs = {}) => el("div", { class: "fan", ...attrs }, cards.map((c) => el("span", { class: "fslot" }, c)));

// A card in a line of text: rank and suit mark (a drawn pip where the suit has no symbol).
function cardText(code) {
  const c = info(code);
  if (c.suit < 0) return el("span", { class: "ctext", text: c.name });
  const look = suitLook(c.suit);
  const node = el("span", { class: "ctext", title: cardName(code) }, c.own ? `${c.name} ` : c.rank, look.symbol || look.pip || !c.own ? pip(look) : null);
  node.style.color = look.color;
  return node;
}
const cardsText = (codes) => codes.flatMap((c, i) => i ? [" ", cardText(c)] : [cardText(c)]);

function suitText(code) {
  const index = cfg.suits.findIndex((s) => s.code === code);
  const look = suitLook(index);
  const node = el("b", { class: "suit" }, look.symbol || look.pip ? [pip(look), " "] : null, look.name);
  node.style.color = look.color;
  return node;
}
