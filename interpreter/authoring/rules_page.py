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

from ..language.card_names import in_language, names_in
from ..language.nodes import Choose
from ..language.syntax import SyntaxProblem, parse
from ..language.translation import N_, Translation
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


def rules_page(doc: dict, game: Any, variant: str | None = None, language: str = "en") -> Page:
    """The page of a rule file's document (with its variant applied) and its compiled game, in
    one language (``translation.LANGUAGES``)."""
    words = wording_for(doc, game.deck, language)
    words.brief_repeats = True
    writer = _Writer(doc, game, words)
    t = words.t
    sections = [writer.players(), writer.cards(), writer.deal(), writer.auction(), writer.play(),
                writer.declarations(), writer.scoring(), writer.match()]
    sections += [writer.terms(), writer.variants()]
    title = t("{game} (variant '{variant}')", game=doc["game"], variant=variant) if variant else str(doc["game"])
    about = in_language(doc.get("about") or "", language)
    return Page(title, about.strip(), [s for s in sections if s.sentences])


class _Writer:
    def __init__(self, doc: dict, game: Any, words: Wording):
        self.doc, self.game, self.w = doc, game, words
        self.own = words.own
        self.t = words.t
        self.language = words.language

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
        t = self.t
        out = Section(t("Players"))
        out.add(t.plural("{n} player; play goes clockwise (the turn passes to the left).",
                         "{n} players; play goes clockwise (the turn passes to the left).", int(doc["players"]))
                if doc.get("direction", "clockwise") == "clockwise" else
                t.plural("{n} player; play goes counterclockwise (the turn passes to the right).",
                         "{n} players; play goes counterclockwise (the turn passes to the right).", int(doc["players"])))
        teams = doc.get("teams") or {}
        fixed = {name: seats for name, seats in teams.items() if not isinstance(seats, str)}
        if fixed:
            sides = [t("{side} (seats {seats})", side=name, seats=self.listed([str(s) for s in seats]))
                     for name, seats in fixed.items()]
            out.add(t("{sides}: partners play together and score together.", sides=t(" against ").join(sides)))
        for name, rule in teams.items():
            if isinstance(rule, str):
                out.add(t("In each deal, as play begins, a player belongs to the {side} when {condition}.", side=name,
                          condition=self.text(rule)))
        return out

    # --- the cards -----------------------------------------------------------------------------

    def cards(self) -> Section:
        doc, deck = self.doc, self.game.deck
        cards = doc["cards"]
        t, language = self.t, self.language
        out = Section(t("The cards"))
        suits, ranks = names_in(cards["suits"], language), names_in(cards["ranks"], language)
        own_ranks = {str(s): names_in(r, language) for s, r in (cards.get("suit ranks") or {}).items()}
        extra = names_in(cards.get("extra"), language)
        copies = int(cards.get("copies", 1))
        plain = [name for code, name in suits.items() if code not in own_ranks]
        parts = [t("the suits {suits}, each with {ranks}", suits=self.listed(plain), ranks=self.listed(list(ranks.values())))] \
            if plain else []
        parts += [t("{suit}, numbered {ranks}", suit=suits[code], ranks=self.listed(list(own.values())))
                  for code, own in own_ranks.items()]
        parts += [t("and the {card}, of no suit", card=name) for name in extra.values()]
        if copies > 1:
            parts.append(t("every card {copies} times, the copies equal in every way", copies=copies))
        out.add(t.plural("{n} card: {parts}.", "{n} cards: {parts}.", deck.size, parts="; ".join(parts)))
        named = {code: name for code, name in names_in(cards.get("names"), language).items()
                 if code not in deck.index or deck.suit_of[deck.index[code]] < 0
                 or not name.startswith(self._rank_name(code))}
        if named:
            each = [t("{name}, the {card}", name=name, card=self._plain_name(code)) for code, name in named.items()]
            out.add(t("Cards with names of their own: {cards}.", cards="; ".join(each)))
        out.add(*self.ranking(doc.get("order"), doc.get("trump order")))
        if doc.get("trump order"):
            out.add(t("In the trump suit the cards rank, highest first: {ranks}.",
                      ranks=self._suit_order(parse(str(doc["trump order"]), "order"), None)))
        for name, spec in (doc.get("rankings") or {}).items():
            out.add(t("When the call or action '{name}' chooses it, another ranking is in force: cards rank {order}.",
                      name=name, order=self._flat_order(spec["order"])) if "order" in spec else
                    t("When the call or action '{name}' chooses it, another ranking is in force.", name=name))
        points = doc.get("points")
        if points:
            every_suit = all(code in points for code in deck.suit_codes)
            out.add(t("Card points: {points}.", points=self._points(points)) if every_suit else
                    t("Card points: {points}; other cards count nothing.", points=self._points(points)))
        if doc.get("trump points"):
            out.add(t("In the trump suit, in place of these: {points}.", points=self._points(doc["trump points"])))
        return out

    def _plain_name(self, code: str) -> str:
        """A card by rank and suit ('Three of Stars'), whatever its own name."""
        deck = self.game.deck
        i = deck.index.get(code)
        if i is None or deck.suit_of[i] < 0:
            return code
        return self.t("{rank} of {suit}", rank=self._rank_name(code), suit=self.w.suits[deck.suit_codes[deck.suit_of[i]]])

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
            return (self.t("The cards rank, highest first, whatever their suit: {ranks}.", ranks=self._flat_order(order)),)
        groups: dict[str, list[str]] = {}
        for suit in deck.suit_codes:
            groups.setdefault(self._suit_order(tree, suit), []).append(self.w.suits[suit])
        text = self.t("In each suit the cards rank, highest first: {ranks}.", ranks=next(iter(groups))) \
            if len(groups) == 1 else " ".join(self.t("In {suits} the cards rank, highest first: {ranks}.",
                                                     suits=self.listed(names), ranks=seq) for seq, names in groups.items())
        extra = [self.w.card_word(ref.code) for tier in tree.tiers for ref in tier
                 if ref.code in deck.index and deck.suit_of[deck.index[ref.code]] < 0]
        if extra:
            text += " " + self.t.capital(self.t.plural("{cards} ranks below every card of a suit.",
                                                 "{cards} rank below every card of a suit.", len(extra),
                                                 cards=self.listed(extra)))
        return (text,)

    def _suit_order(self, tree: Any, suit: str | None) -> str:
        """The ranks of one suit (None: the trump suit, any) in the order's sequence."""
        deck = self.game.deck
        names = []
        for tier in tree.tiers:
            held = [ref.code for ref in tier if (suit is None and ref.code not in deck.index)
                    or f"{ref.code}{suit}" in deck.index]
            if held:
                names.append(self.t(" and ").join(self._rank_in(code, suit) for code in held))
        return ", ".join(names)

    def _rank_in(self, code: str, suit: str | None) -> str:
        deck = self.game.deck
        card = f"{code}{suit}" if suit else None
        rank = self.w.ranks.get(code, code)
        own = names_in(self.doc["cards"].get("names"), self.language).get(card or "")
        return own if card in deck.index and own and not own.startswith(rank) else rank

    def _flat_order(self, order: Any) -> str:
        tree = parse(str(order), "order")
        parts = []
        for tier in tree.tiers:
            words = [self._order_word(ref.code) for ref in tier]
            joined = self.t(" and ").join(words)
            parts.append(self.t("{cards} (equal)", cards=joined) if len(words) > 1 else joined)
        return ", ".join(parts)

    def _order_word(self, code: str) -> str:
        deck = self.game.deck
        if code in deck.index:
            name = self.w.cards[code]
            plain = self._plain_name(code)
            return name if name == plain else self.t("{name} ({card})", name=name, card=plain)
        return self.w.card_word(code)

    def _points(self, table: dict) -> str:
        """Card points by card, by rank, then by suit: one suit's other cards, or every other card
        when each suit gives its other cards the same."""
        suits = {str(code): value for code, value in table.items() if str(code) in self.w.suits}
        t = self.t
        parts = [t("{cards} {points}", cards=self._points_word(str(code)), points=value)
                 for code, value in table.items() if str(code) not in suits]
        if len(suits) == len(self.w.suits) and len(set(map(str, suits.values()))) == 1:
            parts.append(t("every other card {points}", points=next(iter(suits.values()))))
        else:
            parts += [t("other cards of {suit} {points}", suit=self.w.suits[code], points=value)
                      for code, value in suits.items()]
        return ", ".join(parts)

    def _points_word(self, code: str) -> str:
        deck = self.game.deck
        if code in deck.index:
            return self.w.cards[code]
        return self.w.card_word(code)

    # --- the deal ------------------------------------------------------------------------------

    def deal(self) -> Section:
        doc = self.doc
        t = self.t
        out = Section(t("The deal"))
        out.add(t("The dealer deals, starting with the player after him: {deal}.", deal=self.text(doc["deal"], "deal")))
        piles = [t("{pile} ({seen})", pile=self.w.pile(name), seen=_seen(spec, t)) for name, spec in (doc.get("piles") or {}).items()
                 if name not in self.w.hidden and isinstance(spec, dict)]
        if piles:
            out.add(t("Cards on the table: {piles}.", piles=self.listed(piles)))
        starts = [_start(name.replace('_', ' '), spec, self)
                  for name, spec in (doc.get("marks") or {}).items() if isinstance(spec, dict) and "start" in spec]
        if starts:
            out.add(t("As each deal begins, {marks}.", marks=self.listed(starts)))
        if "annul when" in doc:
            out.add(t("The deal is void, and dealt again by the next dealer, when {condition}.",
                      condition=self.text(doc["annul when"])))
        return out

    # --- the auction ---------------------------------------------------------------------------

    def auction(self) -> Section:
        from .rules_page_auction import auction_sentences, transfer_sentences

        out = Section(self.t("The auction"))
        if self.doc.get("auction"):
            for sentence, items in auction_sentences(self, self.doc["auction"]):
                out.add(sentence, items)
        for sentence in transfer_sentences(self, self.doc.get("transfers") or {}):
            out.add(sentence)
        if not self.doc.get("auction") and out.sentences:
            out.title = self.t("Before play")
        return out

    # --- play ----------------------------------------------------------------------------------

    def play(self) -> Section:
        play, t = self.doc["play"], self.t
        out = Section(t("Play"))
        out.add(t("{who} leads the first trick; the winner of each trick leads the next.",
                  who=self.t.capital(self.w.value(parse(str(play["lead"]), "expr"), True))))
        if "trump" in play:
            out.add(t("The trump suit is {suit}.", suit=self.text(play["trump"])))
        if "trump cards" in play:
            out.add(t("The trumps are {cards}, all counted as the trump suit.", cards=self.inner(play["trump cards"])))
        if "sits out" in play:
            out.add(t("{who} sits out the deal.", who=self.t.capital(self.text(play["sits out"]))))
        if "dummy" in play:
            dummy = play["dummy"]
            out.add(t("Once the first card is led, the hand of {seat} (the dummy) lies face up for everyone, and {who} "
                      "plays its cards.", seat=self.text(dummy["seat"]), who=self.text(dummy["played by"])))
        leads = _listed_clauses(play.get("may lead"))
        if leads:
            out.add(t("The leader may lead any card, with these limits, tried in order:"), self.clauses("may lead", leads))
        follow = _listed_clauses(play.get("follow"))
        if follow and not (len(follow) == 1 and str(follow[0]).strip() == "any"):
            out.add(t("Each following player must play as the first of these rules that he can keep asks:"),
                    self.clauses("follow", follow))
        elif follow:
            out.add(t("Each following player may play any card."))
        if "always" in play:
            out.add(t("Whatever these rules say, {cards} may always be played.", cards=self.text(play["always"])))
        out.add(self.winner(play))
        if self.doc["cards"].get("extra") and follow:
            out.add(t("When a card of no suit is led, the next card played sets the suit to follow."))
        if "leader wins when" in play:
            out.add(t("The leader wins the trick, whatever the cards, when {condition}.",
                      condition=self.text(play["leader wins when"])))
        if "keep" in play:
            keep = play["keep"]
            fields = dict(cards=self.text(keep["cards"]), points=keep.get("pays", 0))
            out.add(t("Played before the last trick, {cards} stays with its player's side when another side wins the "
                      "trick, which gets {points} card points in exchange; in the last trick it goes to the other side.",
                      **fields) if keep.get("last trick") == "opponents" else
                    t("Played before the last trick, {cards} stays with its player's side when another side wins the "
                      "trick, which gets {points} card points in exchange; in the last trick it goes with the trick.",
                      **fields))
        if "draw" in play:
            piles = t(" then from ").join(self.w.pile(p) for p in play["draw"])
            out.add(t("After each trick every player draws a card from {piles}, the trick's winner first, while "
                      "{condition}.", piles=piles, condition=self.text(play["draw when"])) if "draw when" in play else
                    t("After each trick every player draws a card from {piles}, the trick's winner first.", piles=piles))
        for name, spec in (play.get("actions") or {}).items():
            out.add(self.action(str(name), spec))
        for spec in play.get("say") or []:
            said = [t("“{word}” as he plays the {nth}", word=word, nth=_ordinal(k, t))
                    for k, word in enumerate(spec["words"], 1) if word is not None]
            out.add(t("A player dealt {cards} says {words} of them aloud; everyone then knows he holds the rest.",
                      cards=self.w.cards_of(parse(str(spec["cards"]), "expr")), words=t(" and ").join(said)))
        if "ends when" in play:
            out.add(t("The deal ends at once when {condition}.", condition=self.text(play["ends when"])))
        return out

    def clauses(self, key: str, clauses: list) -> list[str]:
        t = self.t
        items = []
        for k, clause in enumerate(clauses, 1):
            own = self.own.get(f"{key} {k}")
            if own is not None:
                items.append(own)
                continue
            tree = parse(str(clause), "clause")
            last = k == len(clauses)
            if getattr(tree.select, "name", None) == "any":
                what = t("play any card") if last else t("play any card; otherwise")
            else:
                card = self.w.one(tree.select)
                what = t("play {card}, if you can", card=card) if last else \
                    t("play {card}, if you can; otherwise", card=card)
            items.append(t("when {condition}: {rule}", condition=self.w.value(tree.when), rule=what)
                         if tree.when is not None else what)
        return items

    def winner(self, play: dict) -> str:
        t = self.t
        rule, spoil = str(play["winner"]), play.get("ties") == "spoil"
        trumps = "trump" in play or "trump cards" in play or self.doc.get("auction") is not None
        if rule == "highest of led suit":
            text = t("The highest trump wins the trick; if no trump is played, the highest card of the suit led.") \
                if trumps else t("The highest card of the suit led wins the trick.")
        elif rule == "highest card":
            text = t("The highest card wins the trick, whatever its suit.")
        else:
            text = t("The {rule} wins the trick.", rule=rule)
        if spoil:
            text += " " + t("If two cards tie for the win, nobody wins the trick and its leader leads again.")
        return text

    def action(self, name: str, spec: dict) -> str:
        t = self.t
        at = spec.get("at", "lead")
        may = not spec.get("required")
        if at == "lead":
            who = t("A player about to lead may say '{action}'", action=name) if may else \
                t("A player about to lead must say '{action}'", action=name)
        elif at == "turn":
            who = t("At his turn, before his card, each player (once a deal) may say '{action}'", action=name) if may \
                else t("At his turn, before his card, each player (once a deal) must say '{action}'", action=name)
        else:
            fields = dict(moment=t(MOMENTS[str(at)]), who=self.text(spec.get("by", "taker")), action=name)
            who = t("At the {moment}, {who} (once) may say '{action}'", **fields) if may else \
                t("At the {moment}, {who} (once) must say '{action}'", **fields)
        if "for each card" in spec:
            who = t("{sentence} naming one of {cards}", sentence=who, cards=self.text(spec["for each card"]))
        if "when" in spec:
            who = t("{sentence} when {condition}", sentence=who, condition=self.text(spec["when"]))
        parts = []
        if "swap" in spec:
            parts.append(t("he swaps {cards} from his hand with {pile}",
                           cards=self.w.cards_of(parse(str(spec["swap"]["cards"]), "expr")),
                           pile=self.w.pile(str(spec["swap"]["with"]))))
        for mark, value in (spec.get("set") or {}).items():
            parts.append(t("{mark} becomes {value}", mark=self.w.name_term(str(mark)), value=self.text(value)))
        if "trump" in spec:
            parts.append(t("trumps become {suit}", suit=self.text(spec["trump"])))
        if "deal" in spec:
            parts.append(t("then {deal}", deal=self.text(spec["deal"], "deal")))
        if "ranking" in spec:
            parts.append(t("the ranking '{ranking}' is in force", ranking=spec["ranking"]))
        return (t("{sentence}: {effects}", sentence=who, effects="; ".join(parts)) if parts else who) + "."

    # --- declarations --------------------------------------------------------------------------

    def declarations(self) -> Section:
        play, t = self.doc["play"], self.t
        out = Section(t("Declarations"))
        for name, spec in (play.get("declare") or {}).items():
            ranks = self.w.at(("play", "declare", name, "cards"), parse(str(spec["cards"]), "expr"))
            out.add(t("A player about to lead who holds {cards} of one suit may declare {name} as he leads one of them: "
                      "it is worth {points}. Each pair is declared once, since a card led is gone.",
                      cards=ranks, name=name, points=self.text(spec["points"])))
        if "melds" in play:
            for sentence in _melds(self, play["melds"]):
                out.add(sentence)
        for name, spec in (play.get("show") or {}).items():
            fields = dict(name=name, condition=self.text(spec["when"]), count=spec["count"],
                          cards=self.text(spec["cards"]), points=self.text(spec["points"]))
            out.add(t("Before your first card you may declare {name} when {condition}: you show {count} of {cards}, "
                      "{first} first; it is worth {points}.", first=self.text(spec["first"]), **fields)
                    if "first" in spec else
                    t("Before your first card you may declare {name} when {condition}: you show {count} of {cards}; "
                      "it is worth {points}.", **fields))
        return out

    # --- scoring and the match -------------------------------------------------------------------

    def scoring(self) -> Section:
        t = self.t
        out = Section(t("Scoring"))
        out.add(t("At the end of the deal these scores are given, each when its condition holds:"),
                [self.award(award) for award in self.doc["scoring"]["award"]])
        for name, spec in (self.doc.get("counters") or {}).items():
            fields = dict(count=str(name).replace("_", " "), start=spec.get("start", 0), value=self.text(spec["then"]))
            out.add(t("A count of {count} is kept for each player, from {start}: after each deal it becomes {value}.",
                      **fields) if spec.get("of") == "seat" else
                    t("A count of {count} is kept for each side, from {start}: after each deal it becomes {value}.",
                      **fields))
        return out

    def award(self, award: dict) -> str:
        t = self.t
        own = self.own.get(f"award {award['rule']}")
        if own is not None:
            return own
        to = str(award["to"]).strip()
        rule = t.capital(str(award["rule"]))
        fields = dict(rule=rule, points=self.text(award["points"]))
        if to in ("each_team", "each_seat"):
            each = t("each side") if to == "each_team" else t("each player")
            return t("{rule}: {who} scores {points}, when {condition}.", who=each, condition=self.text(award["when"]),
                     **fields) if "when" in award else t("{rule}: {who} scores {points}.", who=each, **fields)
        fields["whom"] = self.text(to)
        if _is_choice(award["points"]):
            fields["points"] = self.inner(award["points"])
            return t("{rule}, when {condition}: {points}, to {whom}.", condition=self.text(award["when"]), **fields) \
                if "when" in award else t("{rule}: {points}, to {whom}.", **fields)
        return t("{rule}: {points} to {whom}, when {condition}.", condition=self.text(award["when"]), **fields) \
            if "when" in award else t("{rule}: {points} to {whom}.", **fields)

    def match(self) -> Section:
        t = self.t
        match = self.doc.get("match") or {}
        out = Section(t("The match"))
        if match.get("start") is not None:
            out.add(t("Each side starts the match with {points} points; a deal's points come off its winner's score.",
                      points=match["start"]) if match.get("count") == "down" else
                    t("Each side starts the match with {points} points.", points=match["start"]))
        elif match.get("count") == "down":
            out.add(t("A deal's points come off its winner's score."))
        if match.get("schedule"):
            runs = [t("{low} to {high}", low=item["from"], high=item["to"]) if isinstance(item, dict) else str(item)
                    for item in match["schedule"]]
            length = t("The match is one deal for each number of cards of the schedule: {schedule}",
                       schedule=t(", then ").join(runs))
        elif match.get("deals"):
            length = t.plural("The match is {n} deal", "The match is {n} deals", int(match["deals"])) \
                if match["deals"] != 1 else t("The match is one deal")
        else:
            length = t("The match is played deal after deal")
        if match.get("until"):
            length = t("{match} until {condition}", match=length, condition=self.text(match["until"]))
        out.add(t("{match}; the lowest score wins, and equal scores are a draw.", match=length)
                if match.get("winner") == "lowest" else
                t("{match}; the highest score wins, and equal scores are a draw.", match=length))
        formed = any(isinstance(seats, str) for seats in (self.doc.get("teams") or {}).values())
        if formed and match.get("deals") == 1:
            out.add(t("The side formed in the deal wins or loses together."))
        if match.get("dealer"):
            out.add(t("The next deal is dealt by {who}.", who=self.text(match["dealer"])))
        return out

    def terms(self) -> Section:
        """The values named above that are too long to say where they are used, each defined
        once (a definition may name another, defined in turn)."""
        out = Section(self.t("What the terms above mean"))
        done: set[str] = set()
        while set(self.w.terms) - done:
            name = next(k for k in self.w.terms if k not in done)
            done.add(name)
            out.add(self.t("{term}: {meaning}.", term=self.t.capital(self.w.name_term(name)), meaning=self.w.terms[name]))
        return out

    def variants(self) -> Section:
        out = Section(self.t("Variants"))
        for name, spec in (self.doc.get("variants") or {}).items():
            out.add(f"'{name}': {in_language(spec.get('about', ''), self.language).strip()}")
        return out

    def listed(self, items: list[str]) -> str:
        """'A, B and C' in the page's language."""
        if len(items) < 2:
            return "".join(items)
        return self.t("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def _melds(writer: _Writer, spec: dict) -> list[str]:
    t, w = writer.t, writer.w
    lines = [t("At his turn in the first trick, before his card, a player may announce the melds he holds; they are "
               "shown to everyone and count for him.") if spec.get("at") == "first turn" else
             t("The melds among a trick's cards, whoever played them, count for the trick's winner.")]
    for name, meld in (spec.get("combinations") or {}).items():
        if "sequence" in meld:
            what = t("{n} cards in a row of one suit", n=meld["sequence"])
        elif "of a kind" in meld:
            ranks = meld["of a kind"] if isinstance(meld["of a kind"], list) else [meld["of a kind"]]
            words = [w.card_word(str(r)) for r in ranks]
            what = t("the four {ranks}", ranks=words[0]) if len(words) == 1 else \
                t("the four {ranks} or {last}", ranks=", ".join(words[:-1]), last=words[-1])
        else:
            tree = parse(str(meld["cards"]), "expr")
            ranks = rank_codes(tree, w.ranks)
            what = t("{cards} of one suit", cards=writer.listed([t("the {rank}", rank=w.ranks[r]) for r in ranks])
                     if ranks else w.cards_of(tree))
        lines.append(t("{name}: {cards}, worth {points}.", name=t.capital(str(name)), cards=what,
                       points=writer.inner(meld["points"])))
    if "sequence order" in spec:
        order = parse(str(spec["sequence order"]), "order")
        seq = ", ".join(t(" and ").join(w.ranks.get(ref.code, ref.code) for ref in tier) for tier in order.tiers)
        lines.append(t("For sequences the cards follow each other in this order: {ranks}; a longer run counts once, "
                       "as the longest named.", ranks=seq))
    if "ties" in spec:
        lines.append(t("The best meld is the one with {ties}.", ties=t(", then ").join(t(TIE_WORDS[str(k)]) for k in spec["ties"])))
    return lines


def _is_choice(value: Any) -> bool:
    try:
        return isinstance(parse(str(value), "expr"), Choose)
    except SyntaxProblem:
        return False


def _start(name: str, spec: dict, writer: _Writer) -> str:
    t = writer.t
    if spec.get("type") == "condition" and str(spec["start"]).strip() in ("true", "false"):
        return t("{mark} holds", mark=name) if str(spec["start"]).strip() == "true" else \
            t("{mark} does not hold", mark=name)
    return t("{mark} is {value}", mark=name, value=writer.text(spec["start"]))


def _listed_clauses(value: Any) -> list:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


def _seen(spec: dict, t: Translation) -> str:
    seen = spec.get("seen by", "nobody")
    return t("face up") if seen == "everyone" else t("face down")


def _ordinal(k: int, t: Translation) -> str:
    words = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"), N_("seventh"),
             N_("eighth"), N_("ninth"), N_("tenth"))
    return t(words[k - 1]) if k <= len(words) else t("{k}th", k=k)


MOMENTS = {"end of auction": N_("end of the auction"), "start of play": N_("start of play")}
"""When a side action is offered once (``at``), in words."""

TIE_WORDS = {
    "points": N_("more points"),
    "top card": N_("the higher top card in the sequence order"),
    "top card in force": N_("the better top card by the ranking in force, which a reversed ranking reverses"),
    "trump": N_("a meld in the trump suit"),
    "kind": N_("the combination listed first"),
    "seat": N_("the player nearer the dealer's left"),
}
"""What breaks a tie between two melds (``melds.ties``), in words: one entry for each of ``engine.melds.TIES``."""


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""A snake_case identifier: no page may contain one."""
