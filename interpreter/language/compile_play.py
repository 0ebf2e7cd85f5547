"""Trick play: leads, follow and lead clauses, melds, shows, side actions, kept cards.

Part of the Compiler (compile.py), which mixes the sections in; each reports its problems
and raises _Skip when the section cannot be compiled.
"""
from __future__ import annotations

from fractions import Fraction

from . import nodes as n
from ..engine.melds import Combination, Melds
from ..engine.parts import Declaration, Saying, Show, SideAction
from .compile_support import _leader_only, _names, _Skip
from .expressions import ExpressionCompiler, ExprProblem, Fn
from .syntax import SyntaxProblem, parse


class PlaySections:
    """Sections of the rule file, mixed into the Compiler."""

    __slots__ = ()

    def play(self, exprs: ExpressionCompiler, piles: dict[str, bool], marks: dict[str, str]) -> dict:
        """The play section as the Game's fields of the same names."""
        self.need("play")
        play = self.doc["play"]
        failed = False

        def optional(key: str, want: str) -> Fn | None:
            nonlocal failed
            if key not in play:
                return None
            try:
                return self.expr(exprs, ("play", key), want).fn
            except _Skip:
                failed = True
                return None

        lead = optional("lead", "seat")
        trump = optional("trump", "suit")
        trump_cards = optional("trump cards", "set")
        sits_out = optional("sits out", "seat")
        leader_wins = optional("leader wins when", "bool")
        always = optional("always", "set")
        draw_when = optional("draw when", "bool")
        ends_when = optional("ends when", "bool")
        clauses, failed = self.clauses(exprs, "follow", failed)
        leads, failed = self.clauses(exprs, "may lead", failed)
        draw = []
        for i, name in enumerate(play.get("draw", [])):
            if name not in piles:
                self.report(("play", "draw", i), f"'draw' names pile '{name}', which 'piles' does not define",
                            f"piles: {', '.join(list(piles)[1:])}")
                failed = True
            else:
                draw.append(list(piles).index(name))
        declarations = []
        for name in play.get("declare", {}):
            path = ("play", "declare", name)
            exprs.scope.bound["suit"] = "suit"
            try:
                fixed = self.fixed_cards(exprs, path + ("cards",), "a meld's cards")
                deck = exprs.scope.deck
                partial = [deck.rank_of[c] for c in range(deck.size)
                           if fixed >> c & 1 and deck.rank_masks.get(deck.rank_of[c], 0) & ~fixed]
                if partial or not fixed:
                    ranks = " and ".join(dict.fromkeys(partial))
                    self.report(path + ("cards",), "a meld's cards are ranks, held in one suit (e.g. K or Q); "
                                f"this names single cards of rank {ranks}" if partial else
                                "a meld's cards are ranks, held in one suit (e.g. K or Q); this names no card")
                    raise _Skip
                points = self.expr(exprs, path + ("points",), "num").fn
                declarations.append(Declaration(str(name), fixed, points))
            except _Skip:
                failed = True
            finally:
                del exprs.scope.bound["suit"]
        side_actions = []
        names = list(piles)
        for name, spec in play.get("actions", {}).items():
            path = ("play", "actions", name)
            per_card = "for each card" in spec
            try:
                cards = 0
                if per_card:
                    cards = self.fixed_cards(exprs, path + ("for each card",), "the cards an action names")
                    exprs.scope.bound["card"] = "set"
                try:
                    when = self.expr(exprs, path + ("when",), "bool").fn if "when" in spec else None
                    sets = self.mark_settings(exprs, path, spec, marks)
                finally:
                    exprs.scope.bound.pop("card", None)
                at = str(spec.get("at", "lead"))
                by = self.expr(exprs, path + ("by",), "seat").fn if "by" in spec else None
                if at == "lead" and when is None:
                    self.report(path, f"the action '{name}' needs 'when': when a leader may take it", key=True)
                    raise _Skip
                swap = None
                if "swap" in spec:
                    pile = str(spec["swap"]["with"])
                    if pile not in piles:
                        self.report(path + ("swap", "with"), f"'swap' names pile '{pile}', which 'piles' does not define")
                        raise _Skip
                    swap = (self.expr(exprs, path + ("swap", "cards"), "set").fn, names.index(pile))
                chosen = self.expr(exprs, path + ("trump",), "suit").fn if "trump" in spec else None
                ranking = self.ranking_index(exprs, path + ("ranking",), spec["ranking"]) if "ranking" in spec else None
                deal = self.pile_moves(exprs, path + ("deal",), piles) if "deal" in spec else ()
                if ranking is not None and at not in ("end of auction", "start of play"):
                    self.report(path + ("ranking",), "only an action at the end of the auction or the start of "
                                "play may choose the ranking: play has begun", "add at: start of play")
                    raise _Skip
                if at == "lead" and swap is None and not deal and not self.reads(path + ("when",)) & set(spec.get("set", {})):
                    self.warn(path, f"taking '{name}' changes nothing its 'when' reads: a leader may take it again "
                              "and again", "set a mark that 'when' reads, e.g. set: {done: \"true\"} with "
                              "when: … and done = none", key=True)
                side_actions.append(SideAction(str(name), when, swap, sets, at, by, cards, bool(spec.get("required")),
                                               chosen, ranking, deal))
            except _Skip:
                failed = True
        shows = []
        for name, spec in play.get("show", {}).items():
            path = ("play", "show", name)
            try:
                shows.append(Show(str(name), self.expr(exprs, path + ("when",), "bool").fn,
                                  self.expr(exprs, path + ("cards",), "set").fn,
                                  self.expr(exprs, path + ("first",), "set").fn if "first" in spec else None,
                                  int(spec["count"]), self.expr(exprs, path + ("points",), "num").fn))
            except _Skip:
                failed = True
        sayings = []
        for i, spec in enumerate(play.get("say", [])):
            try:
                sayings.append(Saying(self.expr(exprs, ("play", "say", i, "cards"), "set").fn,
                                      tuple(None if w is None else str(w) for w in spec["words"])))
            except _Skip:
                failed = True
        melds = None
        if "melds" in play:
            try:
                melds = self.melds(exprs)
            except _Skip:
                failed = True
        keep = (0, Fraction(0), False)
        if "keep" in play:
            try:
                keep = (self.fixed_cards(exprs, ("play", "keep", "cards"), "the cards kept"),
                        Fraction(str(play["keep"].get("pays", 0))), play["keep"].get("last trick") == "opponents")
            except _Skip:
                failed = True
        dummy = None
        if "dummy" in play:
            try:
                dummy = (self.expr(exprs, ("play", "dummy", "seat"), "seat").fn,
                         self.expr(exprs, ("play", "dummy", "played by"), "seat").fn)
            except _Skip:
                failed = True
        if failed or lead is None:
            raise _Skip
        return {"dummy": dummy, "lead": lead, "trump": trump, "trump_cards": trump_cards, "sits_out": sits_out, "follow": clauses, "leads": leads, "always": always, "draw": tuple(draw),
                "draw_when": draw_when, "ends_when": ends_when, "declarations": tuple(declarations),
                "side_actions": tuple(side_actions), "shows": tuple(shows), "keep": keep, "leader_wins": leader_wins,
                "melds": melds, "sayings": tuple(sayings)}

    def melds(self, exprs: ExpressionCompiler) -> Melds:
        """'melds': each combination as a table of card sets, and the runs of each suit."""
        spec = self.doc["play"]["melds"]
        deck = exprs.scope.deck
        within = ("play", "melds")
        key = "sequence order" if "sequence order" in spec else "order"
        place, _ = self.order(deck, key, within if key == "sequence order" else ())
        combinations, groups, lengths, failed = [], [], {}, False
        claimed = 0
        exprs.scope.bound["suit"] = "suit"
        try:
            for k, (name, meld) in enumerate(spec["combinations"].items()):
                path = within + ("combinations", name)
                try:
                    points = self.expr(exprs, path + ("points",), "num").fn
                    if "sequence" in meld:
                        size = int(meld["sequence"])
                        if size in lengths:
                            self.report(path + ("sequence",), f"two sequences of {size} cards: "
                                        f"'{list(spec['combinations'])[lengths[size]]}' and '{name}'",
                                        "a run of cards counts as one sequence: give each length one name")
                            raise _Skip
                        if key != "sequence order":
                            self.report(path + ("sequence",), "a sequence needs 'sequence order' under 'melds': "
                                        "the order in which cards follow each other",
                                        "e.g. sequence order: A > K > Q > J > 10 > 9 > 8 > 7")
                            raise _Skip
                        lengths[size] = k
                        kind = "sequence"
                    elif "of a kind" in meld:
                        kind = "of a kind"
                        given = meld["of a kind"]
                        for i, rank in enumerate(given if isinstance(given, list) else [given]):
                            rank = str(rank)
                            if rank not in deck.rank_masks:
                                self.report(path + (("of a kind", i) if isinstance(given, list) else ("of a kind",)),
                                            f"unknown rank '{rank}'", f"ranks: {', '.join(deck.rank_masks)}")
                                raise _Skip
                            if deck.rank_masks[rank] & ~claimed:
                                groups.append((k, -1, deck.rank_masks[rank], _top(deck.rank_masks[rank], place)))
                            claimed |= deck.rank_masks[rank]
                    else:
                        kind = "cards"
                        cards = self.fixed_cards(exprs, path + (kind,), "a meld's cards")
                        whole = [r for r, mask in deck.rank_masks.items() if cards & mask == mask]
                        ranks = sum(deck.rank_masks[r] for r in whole)
                        if cards == ranks and len(whole) < len(deck.rank_masks):
                            for s, mask in enumerate(deck.suit_masks):
                                if cards & mask:
                                    groups.append((k, s, cards & mask, _top(cards & mask, place)))
                        else:
                            suits = {deck.suit_of[c] for c in range(deck.size) if cards >> c & 1}
                            groups.append((k, suits.pop() if len(suits) == 1 else -1, cards, _top(cards, place)))
                    combinations.append(Combination(str(name), kind, points))
                except _Skip:
                    failed = True
        finally:
            del exprs.scope.bound["suit"]
        if failed:
            raise _Skip
        longest = max(lengths, default=0)
        by_length = [-1] * (longest + 1)
        for length in range(longest + 1):
            fitting = [size for size in lengths if size <= length]
            if fitting:
                by_length[length] = lengths[max(fitting)]
        runs = tuple(tuple(sum(1 << c for c in range(deck.size) if mask >> c & 1 and place[c] == level)
                           for level in sorted({place[c] for c in range(deck.size) if mask >> c & 1}, reverse=True))
                     for mask in deck.suit_masks)
        ties = tuple(str(t) for t in spec.get("ties", ("points", "top card", "trump")))
        return Melds(str(spec["at"]), tuple(combinations), runs, tuple(by_length), tuple(groups), place, ties,
                     deck.copy_masks if deck.copies > 1 else ())


    def pile_moves(self, exprs: ExpressionCompiler, path: tuple, piles: dict[str, bool]) -> tuple:
        """An action's 'deal': whole piles moved or shown, no card from the pack."""
        plan = self.deal_plan(exprs, path, exprs.scope.players, piles)
        if any(step.move is None and step.show is None for step in plan):
            self.report(path, "an action's deal may only move or show whole piles ('PILE to SEAT', 'show PILE'): "
                        "the pack is dealt by 'deal' and 'then deal'", "e.g. kitty to taker")
            raise _Skip
        return plan

    def clauses(self, exprs: ExpressionCompiler, key: str, failed: bool) -> tuple[tuple, bool]:
        """'follow' or 'may lead': clauses 'CARDS [when CONDITION]', tried in order."""
        given = self.doc["play"].get(key, [])
        paths = [("play", key)] if isinstance(given, str) else [("play", key, i) for i in range(len(given))]
        clauses = []
        for path in paths:
            try:
                tree: n.Clause = self.parse(path, "clause")
                select = exprs.compile(tree.select, "set")
                self.generated.append((path + ("cards",), select.src))
                when = None
                if tree.when is not None:
                    condition = exprs.compile(tree.when, "bool")
                    self.generated.append((path + ("when",), condition.src))
                    when = condition.fn
                if key == "follow" and tree.when is not None and _leader_only(tree.when):
                    self.warn(path, "this clause applies only before a card is led, but follow clauses bind a "
                              "player once a suit has been led: it never applies",
                              "what a leader may lead is written under 'may lead'")
                clauses.append((when, select.fn))
            except ExprProblem as err:
                self.report_in(path, err.pos, err.message, err.hint)
                failed = True
            except _Skip:
                failed = True
        return tuple(clauses), failed

    def fixed_cards(self, exprs: ExpressionCompiler, path: tuple, what: str) -> int:
        """A card set known when the file is read (codes joined by 'or', 'and', 'except')."""
        fn = self.expr(exprs, path, "set").fn
        try:
            return fn(None)
        except (AttributeError, TypeError, KeyError, IndexError):
            self.report(path, f"{what} must be fixed cards, ranks or suits, e.g. K or Q")
            raise _Skip from None

    def reads(self, path: tuple) -> set[str]:
        """The names the rule string at ``path`` reads, through the lets it uses too."""
        lets = {str(key).partition("(")[0]: key for key in self.doc.get("let", {}) or {}}
        found: set[str] = set()
        todo = [path]
        while todo:
            here = todo.pop()
            try:
                names = _names(parse(str(self.source.value_at(here)), "expr"))
            except SyntaxProblem:       # reported where the string is compiled
                continue
            for name in names - found:
                if name in lets:
                    todo.append(("let", lets[name]))
            found |= names
        return found

    def mark_settings(self, exprs: ExpressionCompiler, path: tuple, spec: dict,
                      marks: dict[str, str]) -> tuple[tuple[int, Fn], ...]:
        """An action's 'set': mark index and value, in order."""
        sets = []
        for mark in spec.get("set", {}):
            if mark not in marks:
                self.report(path + ("set", mark), f"'{mark}' is not declared under 'marks'",
                            f"marks: {', '.join(marks) or 'none declared'}", key=True)
                raise _Skip
            sets.append((list(marks).index(mark), self.expr(exprs, path + ("set", mark), marks[mark]).fn))
        return tuple(sets)


def _top(cards: int, place: tuple[int, ...]) -> int:
    """The place of the highest of ``cards`` in the sequence order."""
    return max(place[c] for c in range(len(place)) if cards >> c & 1)
