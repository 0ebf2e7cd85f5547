"""A game's rules page, written from its rule file: sections in the order a player needs them
(the players and sides, the cards, the deal, the auction, play, declarations, scoring, the
match), each a list of sentences in plain words (``language/wording.py``). No ``let`` is
named: a let reads as what it stands for, or as the rule file's own words for it (``words:``),
which may also replace the generated sentence of an award or a follow clause.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re
from typing import Any

from ..engine.melds import TIES
from ..language.card_names import names_in
from ..language.nodes import Choose
from ..language.syntax import SyntaxProblem, parse
from ..language.wording import Wording, rank_codes, wording_for


@dataclass
class Section:
    """A heading, its sentences, and a numbered list (the follow clauses, the auction's rounds)
    after the sentence it belongs to: ``lists[i]`` follows ``sentences[i]``."""

    title: str
    sentences: list[str] = field(default_factory=list)
    lists: dict[int, list[str]] = field(default_factory=dict)

    def add(self, sentence: str, items: list[str] | None = None) -> None:
        self.sentences.append(sentence)
        if items:
            self.lists[len(self.sentences) - 1] = items


@dataclass
class Page:
    title: str
    about: str
    sections: list[Section]


def rules_page(doc: dict, game: Any, variant: str | None = None) -> Page:
    """The page of a rule file's document (with its variant applied) and its compiled game."""
    words = wording_for(doc, game.deck)
    words.brief_repeats = True
    writer = _Writer(doc, game, words)
    sections = [writer.players(), writer.cards(), writer.deal(), writer.auction(), writer.play(),
                writer.declarations(), writer.scoring(), writer.match()]
    sections += [writer.terms(), writer.variants()]
    title = f"{doc['game']}" + (f" (variant '{variant}')" if variant else "")
    return Page(title, str(doc.get("about") or "").strip(), [s for s in sections if s.sentences])


class _Writer:
    def __init__(self, doc: dict, game: Any, words: Wording):
        self.doc, self.game, self.w = doc, game, words
        self.own = words.own

    def inner(self, value: Any) -> str:
        """A value said on its own after a word like 'worth': no parentheses around it."""
        try:
            return self.w.value(parse(str(value), "expr"), True)
        except SyntaxProblem:
            return str(value)

    def text(self, value: Any, start: str = "expr") -> str:
        try:
            return self.w.say(parse(str(value), start))
        except SyntaxProblem:
            return str(value)

    # --- players and sides ---------------------------------------------------------------------

    def players(self) -> Section:
        doc = self.doc
        out = Section("Players")
        turn = "the turn passes to the left" if doc.get("direction", "clockwise") == "clockwise" else \
            "the turn passes to the right"
        out.add(f"{doc['players']} players; play goes {doc.get('direction', 'clockwise')} ({turn}).")
        teams = doc.get("teams") or {}
        fixed = {name: seats for name, seats in teams.items() if not isinstance(seats, str)}
        if fixed:
            out.add(" against ".join(f"{name} (seats {_listed([str(s) for s in seats])})" for name, seats in fixed.items())
                    + ": partners play together and score together.")
        for name, rule in teams.items():
            if isinstance(rule, str):
                out.add(f"In each deal, as play begins, a player belongs to the {name} when {self.text(rule)}.")
        return out

    # --- the cards -----------------------------------------------------------------------------

    def cards(self) -> Section:
        doc, deck = self.doc, self.game.deck
        cards = doc["cards"]
        out = Section("The cards")
        suits, ranks = names_in(cards["suits"]), names_in(cards["ranks"])
        own_ranks = {str(s): names_in(r) for s, r in (cards.get("suit ranks") or {}).items()}
        extra = names_in(cards.get("extra"))
        copies = int(cards.get("copies", 1))
        plain = [name for code, name in suits.items() if code not in own_ranks]
        text = f"{deck.size} cards: " + (f"the suits {_listed(plain)}, each with {_listed(list(ranks.values()))}"
                                         if plain else "")
        for code, own in own_ranks.items():
            text += f"; {suits[code]}, numbered {_listed(list(own.values()))}" if plain else \
                f"{suits[code]}, numbered {_listed(list(own.values()))}"
        text += "".join(f"; and the {name}, of no suit" for name in extra.values())
        out.add(text + (f"; every card {copies} times, the copies equal in every way." if copies > 1 else "."))
        named = {code: name for code, name in names_in(cards.get("names")).items()
                 if code not in deck.index or deck.suit_of[deck.index[code]] < 0
                 or not name.startswith(self._rank_name(code))}
        if named:
            out.add("Cards with names of their own: " + "; ".join(
                f"{name}, the {self._plain_name(code)}" for code, name in named.items()) + ".")
        out.add(*self.ranking(doc.get("order"), doc.get("trump order")))
        if doc.get("trump order"):
            out.add("In the trump suit the cards rank, highest first: "
                    f"{self._suit_order(parse(str(doc['trump order']), 'order'), None)}.")
        for name, spec in (doc.get("rankings") or {}).items():
            order = f"cards rank {self._flat_order(spec['order'])}" if "order" in spec else ""
            out.add(f"When the call or action '{name}' chooses it, another ranking is in force: {order}.".replace(": .", "."))
        points = doc.get("points")
        if points:
            every_suit = all(code in points for code in deck.suit_codes)
            out.add(f"Card points: {self._points(points)}" + ("." if every_suit else "; other cards count nothing."))
        if doc.get("trump points"):
            out.add(f"In the trump suit, in place of these: {self._points(doc['trump points'])}.")
        return out

    def _plain_name(self, code: str) -> str:
        """A card by rank and suit ('Three of Stars'), whatever its own name."""
        deck = self.game.deck
        i = deck.index.get(code)
        if i is None or deck.suit_of[i] < 0:
            return code
        return f"{self._rank_name(code)} of {deck.suit_names[deck.suit_of[i]]}"

    def _rank_name(self, code: str) -> str:
        """A suit card's rank by the names of its own suit (a suit may number its ranks its own way)."""
        deck = self.game.deck
        i = deck.index[code]
        rank, suit = deck.rank_of[i], deck.suit_codes[deck.suit_of[i]]
        own = names_in(((self.doc["cards"].get("suit ranks") or {}).get(suit)), self.w.language)
        return own.get(rank) or names_in(self.doc["cards"]["ranks"], self.w.language).get(rank, rank)

    def ranking(self, order: Any, trump_order: Any) -> tuple[str]:
        """The ranking: one sequence per group of suits that rank alike, or one for all cards
        when codes of cards (not ranks) stand in it, as when suits play no role."""
        tree = parse(str(order), "order")
        deck = self.game.deck
        if any(ref.code in deck.index and deck.suit_of[deck.index[ref.code]] >= 0 for tier in tree.tiers for ref in tier):
            return (f"The cards rank, highest first, whatever their suit: {self._flat_order(order)}.",)
        groups: dict[str, list[str]] = {}
        for suit, name in zip(deck.suit_codes, deck.suit_names):
            groups.setdefault(self._suit_order(tree, suit), []).append(name)
        text = f"In each suit the cards rank, highest first: {next(iter(groups))}." if len(groups) == 1 else \
            " ".join(f"In {_listed(names)} the cards rank, highest first: {seq}." for seq, names in groups.items())
        extra = [self.w.card_word(ref.code) for tier in tree.tiers for ref in tier
                 if ref.code in deck.index and deck.suit_of[deck.index[ref.code]] < 0]
        if extra:
            text += f" {_capital(_listed(extra))} ranks below every card of a suit."
        return (text,)

    def _suit_order(self, tree: Any, suit: str | None) -> str:
        """The ranks of one suit (None: the trump suit, any) in the order's sequence."""
        deck = self.game.deck
        names = []
        for tier in tree.tiers:
            held = [ref.code for ref in tier if (suit is None and ref.code not in deck.index)
                    or f"{ref.code}{suit}" in deck.index]
            if held:
                names.append(" and ".join(self._rank_in(code, suit) for code in held))
        return ", ".join(names)

    def _rank_in(self, code: str, suit: str | None) -> str:
        deck = self.game.deck
        card = f"{code}{suit}" if suit else None
        if card in deck.index:
            rank = self.w.ranks.get(code, code)
            own = self.game.deck.names[deck.index[card]]
            return own if not own.startswith(rank) else rank
        return self.w.ranks.get(code, code)

    def _flat_order(self, order: Any) -> str:
        tree = parse(str(order), "order")
        parts = []
        for tier in tree.tiers:
            words = [self._order_word(ref.code) for ref in tier]
            parts.append(" and ".join(words) + (" (equal)" if len(words) > 1 else ""))
        return ", ".join(parts)

    def _order_word(self, code: str) -> str:
        deck = self.game.deck
        if code in deck.index:
            name = deck.names[deck.index[code]]
            plain = self._plain_name(code)
            return name if name == plain else f"{name} ({plain})"
        return self.w.card_word(code)

    def _points(self, table: dict) -> str:
        """Card points by card, by rank, then by suit: one suit's other cards, or every other card
        when each suit gives its other cards the same."""
        suits = {str(code): value for code, value in table.items() if str(code) in self.w.suits}
        parts = [f"{self._points_word(str(code))} {value}" for code, value in table.items() if str(code) not in suits]
        if len(suits) == len(self.w.suits) and len(set(map(str, suits.values()))) == 1:
            parts.append(f"every other card {next(iter(suits.values()))}")
        else:
            parts += [f"{self._points_word(code)} {value}" for code, value in suits.items()]
        return ", ".join(parts)

    def _points_word(self, code: str) -> str:
        deck = self.game.deck
        if code in deck.index:
            return deck.names[deck.index[code]]
        if code in self.w.suits:
            return f"other cards of {self.w.suits[code]}"
        return self.w.card_word(code)

    # --- the deal ------------------------------------------------------------------------------

    def deal(self) -> Section:
        doc = self.doc
        out = Section("The deal")
        out.add(f"The dealer deals, starting with the player after him: {self.text(doc['deal'], 'deal')}.")
        piles = [f"the {name.replace('_', ' ')} ({_seen(spec)})" for name, spec in (doc.get("piles") or {}).items()
                 if name not in self.w.hidden and isinstance(spec, dict)]
        if piles:
            out.add(f"Cards on the table: {_listed(piles)}.")
        starts = [_start(name.replace('_', ' '), spec, self)
                  for name, spec in (doc.get("marks") or {}).items() if isinstance(spec, dict) and "start" in spec]
        if starts:
            out.add(f"As each deal begins, {_listed(starts)}.")
        if "annul when" in doc:
            out.add(f"The deal is void, and dealt again by the next dealer, when {self.text(doc['annul when'])}.")
        return out

    # --- the auction ---------------------------------------------------------------------------

    def auction(self) -> Section:
        from .rules_page_auction import auction_sentences, transfer_sentences

        out = Section("The auction")
        if self.doc.get("auction"):
            for sentence, items in auction_sentences(self, self.doc["auction"]):
                out.add(sentence, items)
        for sentence in transfer_sentences(self, self.doc.get("transfers") or {}):
            out.add(sentence)
        if not self.doc.get("auction") and out.sentences:
            out.title = "Before play"
        return out

    # --- play ----------------------------------------------------------------------------------

    def play(self) -> Section:
        play = self.doc["play"]
        out = Section("Play")
        out.add(f"{_capital(self.w.value(parse(str(play['lead']), 'expr'), True))} leads the first trick; the winner of each trick leads the next.")
        if "trump" in play:
            out.add(f"The trump suit is {self.text(play['trump'])}.")
        if "trump cards" in play:
            out.add(f"The trumps are {self.inner(play['trump cards'])}, all counted as the trump suit.")
        if "sits out" in play:
            out.add(f"{_capital(self.text(play['sits out']))} sits out the deal.")
        if "dummy" in play:
            dummy = play["dummy"]
            out.add(f"Once the first card is led, the hand of {self.text(dummy['seat'])} (the dummy) lies face up for "
                    f"everyone, and {self.text(dummy['played by'])} plays its cards.")
        leads = _listed_clauses(play.get("may lead"))
        if leads:
            out.add("The leader may lead any card, with these limits, tried in order:", self.clauses("may lead", leads))
        follow = _listed_clauses(play.get("follow"))
        if follow and not (len(follow) == 1 and str(follow[0]).strip() == "any"):
            out.add("Each following player must play as the first of these rules that he can keep asks:",
                    self.clauses("follow", follow))
        elif follow:
            out.add("Each following player may play any card.")
        if "always" in play:
            out.add(f"Whatever these rules say, {self.text(play['always'])} may always be played.")
        out.add(self.winner(play))
        if self.doc["cards"].get("extra") and follow:
            out.add("When a card of no suit is led, the next card played sets the suit to follow.")
        if "leader wins when" in play:
            out.add(f"The leader wins the trick, whatever the cards, when {self.text(play['leader wins when'])}.")
        if "keep" in play:
            keep = play["keep"]
            last = "; in the last trick it goes to the other side" if keep.get("last trick") == "opponents" else \
                "; in the last trick it goes with the trick"
            out.add(f"Played before the last trick, {self.text(keep['cards'])} stays with its player's side when another "
                    f"side wins the trick, which gets {keep.get('pays', 0)} card points in exchange{last}.")
        if "draw" in play:
            when = f", while {self.text(play['draw when'])}" if "draw when" in play else ""
            out.add(f"After each trick every player draws a card from {' then from '.join(self.w.pile(p) for p in play['draw'])}, "
                    f"the trick's winner first{when}.")
        for name, spec in (play.get("actions") or {}).items():
            out.add(self.action(str(name), spec))
        for spec in play.get("say") or []:
            said = [f"“{word}” as he plays the {_ordinal(k)}" for k, word in enumerate(spec["words"], 1) if word is not None]
            out.add(f"A player dealt {self.w.cards_of(parse(str(spec['cards']), 'expr'))} says {' and '.join(said)} "
                    "of them aloud; everyone then knows he holds the rest.")
        if "ends when" in play:
            out.add(f"The deal ends at once when {self.text(play['ends when'])}.")
        return out

    def clauses(self, key: str, clauses: list) -> list[str]:
        items = []
        for k, clause in enumerate(clauses, 1):
            own = self.own.get(f"{key} {k}")
            if own is not None:
                items.append(own)
                continue
            tree = parse(str(clause), "clause")
            if getattr(tree.select, "name", None) == "any":
                what = "play any card"
            else:
                what = f"play {self.w.one(tree.select)}, if you can"
            items.append((f"when {self.w.value(tree.when)}: " if tree.when is not None else "") + what
                         + ("" if k == len(clauses) else "; otherwise"))
        return items

    def winner(self, play: dict) -> str:
        rule, spoil = str(play["winner"]), play.get("ties") == "spoil"
        trumps = "trump" in play or "trump cards" in play or self.doc.get("auction") is not None
        if rule == "highest of led suit":
            text = "The highest trump wins the trick; if no trump is played, the highest card of the suit led." \
                if trumps else "The highest card of the suit led wins the trick."
        elif rule == "highest card":
            text = "The highest card wins the trick, whatever its suit."
        else:
            text = f"The {rule} wins the trick."
        if spoil:
            text += " If two cards tie for the win, nobody wins the trick and its leader leads again."
        return text

    def action(self, name: str, spec: dict) -> str:
        at = spec.get("at", "lead")
        who = "A player about to lead" if at == "lead" else \
            "At his turn, before his card, each player (once a deal)" if at == "turn" else \
            f"At the {at}, {self.text(spec.get('by', 'taker'))} (once)"
        cards = f" naming one of {self.text(spec['for each card'])}" if "for each card" in spec else ""
        when = f" when {self.text(spec['when'])}" if "when" in spec else ""
        must = "must" if spec.get("required") else "may"
        parts = []
        if "swap" in spec:
            parts.append(f"he swaps {self.w.cards_of(parse(str(spec['swap']['cards']), 'expr'))} from his hand "
                         f"with {self.w.pile(str(spec['swap']['with']))}")
        for mark, value in (spec.get("set") or {}).items():
            parts.append(f"the {str(mark).replace('_', ' ')} becomes {self.text(value)}")
        if "trump" in spec:
            parts.append(f"trumps become {self.text(spec['trump'])}")
        if "deal" in spec:
            parts.append(f"then {self.text(spec['deal'], 'deal')}")
        if "ranking" in spec:
            parts.append(f"the ranking '{spec['ranking']}' is in force")
        return f"{who} {must} say '{name}'{cards}{when}" + (f": {'; '.join(parts)}" if parts else "") + "."

    # --- declarations --------------------------------------------------------------------------

    def declarations(self) -> Section:
        play = self.doc["play"]
        out = Section("Declarations")
        for name, spec in (play.get("declare") or {}).items():
            ranks = self.w.at(("play", "declare", name, "cards"), parse(str(spec["cards"]), "expr"))
            out.add(f"A player about to lead who holds {ranks} of one suit may declare "
                    f"{name} as he leads one of them: it is worth {self.text(spec['points'])}. Each pair is declared "
                    "once, since a card led is gone.")
        if "melds" in play:
            for sentence in _melds(self, play["melds"]):
                out.add(sentence)
        for name, spec in (play.get("show") or {}).items():
            first = f", {self.text(spec['first'])} first" if "first" in spec else ""
            out.add(f"Before your first card you may declare {name} when {self.text(spec['when'])}: you show "
                    f"{spec['count']} of {self.text(spec['cards'])}{first}; it is worth "
                    f"{self.text(spec['points'])}.")
        return out

    # --- scoring and the match -------------------------------------------------------------------

    def scoring(self) -> Section:
        out = Section("Scoring")
        out.add("At the end of the deal these scores are given, each when its condition holds:",
                [self.award(award) for award in self.doc["scoring"]["award"]])
        for name, spec in (self.doc.get("counters") or {}).items():
            out.add(f"A count of {name.replace('_', ' ')} is kept for each {'player' if spec.get('of') == 'seat' else 'side'}, "
                    f"from {spec.get('start', 0)}: after each deal it becomes {self.text(spec['then'])}.")
        return out

    def award(self, award: dict) -> str:
        own = self.own.get(f"award {award['rule']}")
        if own is not None:
            return own
        to = str(award["to"]).strip()
        whom = "each side" if to == "each_team" else "each player" if to == "each_seat" else self.text(to)
        when = f", when {self.text(award['when'])}" if "when" in award else ""
        rule = _capital(str(award["rule"]))
        if to in ("each_team", "each_seat"):
            return f"{rule}: {whom} scores {self.text(award['points'])}{when}."
        if _is_choice(award["points"]):
            return f"{rule}{when}: {self.inner(award['points'])}, to {whom}."
        return f"{rule}: {self.text(award['points'])} to {whom}{when}."

    def match(self) -> Section:
        match = self.doc.get("match") or {}
        out = Section("The match")
        if match.get("start") is not None:
            out.add(f"Each side starts the match with {match['start']} points"
                    + ("; a deal's points come off its winner's score." if match.get("count") == "down" else "."))
        elif match.get("count") == "down":
            out.add("A deal's points come off its winner's score.")
        if match.get("schedule"):
            runs = [f"{item['from']} to {item['to']}" if isinstance(item, dict) else str(item) for item in match["schedule"]]
            length = f"one deal for each number of cards of the schedule: {', then '.join(runs)}"
        elif match.get("deals"):
            length = "one deal" if match["deals"] == 1 else f"{match['deals']} deals"
        else:
            length = "played deal after deal"
        until = f" until {self.text(match['until'])}" if match.get("until") else ""
        lowest = match.get("winner") == "lowest"
        out.add(f"The match {'is ' if not length.startswith('played') else 'is '}{length}{until}; the {'lowest' if lowest else 'highest'} score wins, and equal scores "
                "are a draw.")
        formed = any(isinstance(seats, str) for seats in (self.doc.get("teams") or {}).values())
        if formed and match.get("deals") == 1:
            out.add("The side formed in the deal wins or loses together.")
        if match.get("dealer"):
            out.add(f"The next deal is dealt by {self.text(match['dealer'])}.")
        return out

    def terms(self) -> Section:
        """The values named above that are too long to say where they are used, each defined
        once (a definition may name another, defined in turn)."""
        out = Section("What the terms above mean")
        done: set[str] = set()
        while set(self.w.terms) - done:
            name = next(k for k in self.w.terms if k not in done)
            done.add(name)
            out.add(f"{_capital(self.w.name_term(name))}: {self.w.terms[name]}.")
        return out

    def variants(self) -> Section:
        out = Section("Variants")
        for name, spec in (self.doc.get("variants") or {}).items():
            out.add(f"'{name}': {str(spec.get('about', '')).strip()}")
        return out


def _melds(writer: _Writer, spec: dict) -> list[str]:
    at = spec.get("at")
    lines = ["At his turn in the first trick, before his card, a player may announce the melds he holds; they are "
             "shown to everyone and count for him." if at == "first turn" else
             "The melds among a trick's cards, whoever played them, count for the trick's winner."]
    for name, meld in (spec.get("combinations") or {}).items():
        if "sequence" in meld:
            what = f"{meld['sequence']} cards in a row of one suit"
        elif "of a kind" in meld:
            ranks = meld["of a kind"] if isinstance(meld["of a kind"], list) else [meld["of a kind"]]
            what = f"the four {_listed([writer.w.card_word(str(r)) for r in ranks]).replace(' and ', ' or ')}"
        else:
            tree = parse(str(meld['cards']), 'expr')
            ranks = rank_codes(tree, writer.w.ranks)
            what = _listed([f"the {writer.w.ranks[r]}" for r in ranks]) if ranks else writer.w.cards_of(tree)
            what += " of one suit"
        lines.append(f"{_capital(str(name))}: {what}, worth {writer.inner(meld['points'])}.")
    if "sequence order" in spec:
        order = parse(str(spec['sequence order']), 'order')
        seq = ", ".join(" and ".join(writer.w.ranks.get(ref.code, ref.code) for ref in tier) for tier in order.tiers)
        lines.append(f"For sequences the cards follow each other in this order: {seq}; a longer run counts once, "
                     "as the longest named.")
    if "ties" in spec:
        lines.append("The best meld is the one with " + ", then ".join(TIES[str(t)] for t in spec["ties"]) + ".")
    return lines


def _is_choice(value: Any) -> bool:
    try:
        return isinstance(parse(str(value), "expr"), Choose)
    except SyntaxProblem:
        return False


def _start(name: str, spec: dict, writer: _Writer) -> str:
    if spec.get("type") == "condition" and str(spec["start"]).strip() in ("true", "false"):
        return f"{name} {'holds' if str(spec['start']).strip() == 'true' else 'does not hold'}"
    return f"{name} is {writer.text(spec['start'])}"


def _listed_clauses(value: Any) -> list:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def _seen(spec: dict) -> str:
    seen = spec.get("seen by", "nobody")
    return "face up" if seen == "everyone" else "face down" if seen == "nobody" else f"seen by {seen}"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}" if items else ""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _ordinal(k: int) -> str:
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
    return words[k - 1] if k <= len(words) else f"{k}th"


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""A snake_case identifier: no page may contain one."""
