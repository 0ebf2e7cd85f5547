"""Compiles a checked rule document into an immutable Game, collecting every problem.

Each section is compiled on its own so that one run reports all the problems of a file;
a section whose prerequisites failed is skipped rather than reported twice.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from . import nodes as n
from .cards import Deck, build_deck
from .errors import Problem
from .expressions import Compiled, ExpressionCompiler, ExprProblem, Scope, suggest_code
from .game import Action, Award, DealStep, Game
from .load import Source
from .syntax import SyntaxProblem, parse
from .tricks import TrickRule


class _Skip(Exception):
    """A section could not be compiled; its problems are already recorded."""


class Compiler:
    def __init__(self, source: Source, broken: set[str]):
        self.source = source
        self.doc = source.data
        self.broken = broken          # top-level keys that failed the schema check
        self.problems: list[Problem] = []

    # --- reporting --------------------------------------------------------------------

    def report(self, path: tuple, message: str, hint: str = "", key: bool = False) -> None:
        self.problems.append(self.source.problem(path, message, hint, key=key))

    def report_in(self, path: tuple, pos: n.Pos, message: str, hint: str = "") -> None:
        self.problems.append(self.source.problem_in_text(path, pos, message, hint))

    def parse(self, path: tuple, start: str):
        text = self.source._value(path)
        try:
            return parse(str(text), start)
        except SyntaxProblem as err:
            self.report_in(path, err.pos, err.message, err.hint)
            raise _Skip from None

    def need(self, *keys: str) -> None:
        if any(k in self.broken for k in keys):
            raise _Skip

    # --- sections ----------------------------------------------------------------------

    def compile(self) -> Game | None:
        doc = self.doc
        try:
            self.need("players", "cards")
            players = int(doc["players"])
            deck = self.deck()
        except _Skip:
            return None
        teams, team_names = self.section(lambda: self.teams(players), ((), ()))
        team_of = [0] * players
        for t, seats in enumerate(teams):
            for seat in seats:
                team_of[seat] = t
        piles = self.section(self.piles, {})
        strength, above = self.section(lambda: self.order(deck), (None, None))
        points = self.section(lambda: self.points(deck), tuple(Fraction(0) for _ in range(deck.size)))
        plan, hand_size = self.section(lambda: self.deal(deck, players, piles), ((), 0))
        play = doc.get("play") if "play" not in self.broken else None
        by_suit = bool(play) and play.get("winner") == "highest of led suit"
        rule = TrickRule(strength or tuple([0] * deck.size), above or tuple([0] * deck.size), deck.suit_of,
                         deck.suit_masks, by_suit, bool(play) and play.get("ties") == "spoil")
        scope = Scope(deck, rule, tuple(teams), tuple(team_of), points, players)
        exprs = ExpressionCompiler(scope)
        lead, follow, always = self.section(lambda: self.play(exprs), (None, (), None))
        lets, awards = self.section(lambda: self.scoring(exprs, scope, bool(doc.get("teams"))), ((), ()))
        match = self.section(lambda: self.match(exprs), None)
        if self.problems or strength is None or lead is None or match is None:
            return None
        deals, next_dealer, high = match
        return Game(
            name=Path(self.source.path).stem, title=str(doc["game"]), about=str(doc.get("about", "")).strip(),
            path=self.source.path, players=players, direction=str(doc.get("direction", "clockwise")),
            team_names=tuple(team_names), teams=tuple(teams), team_of=tuple(team_of), deck=deck,
            points=points, pile_names=tuple(piles), pile_public=tuple(piles.values()), deal_plan=plan,
            hand_size=hand_size, trick_rule=rule, fixed_trump=-1, lead=lead, follow=follow, always=always,
            lets=lets, awards=awards, match_deals=deals, next_dealer=next_dealer, match_high_wins=high,
            play_actions=tuple(Action("play", c, f"play {code}") for c, code in enumerate(deck.codes)),
        )

    def section(self, build, fallback):
        try:
            return build()
        except _Skip:
            return fallback

    def deck(self) -> Deck:
        cards = self.doc["cards"]
        suits, ranks = dict(cards["suits"]), dict(cards["ranks"])
        suit_ranks = {k: dict(v) for k, v in cards.get("suit ranks", {}).items()}
        extra, names = dict(cards.get("extra", {})), dict(cards.get("names", {}))
        for suit in suit_ranks:
            if suit not in suits:
                self.report(("cards", "suit ranks", suit), f"'suit ranks' names suit '{suit}', which 'suits' does not define",
                            f"suits: {', '.join(suits)}", key=True)
        clash = set(suits) & set(ranks)
        for code in sorted(clash):
            self.report(("cards", "suits", code), f"code '{code}' is both a suit and a rank",
                        "give suits and ranks different codes so that the rule language can tell them apart", key=True)
        deck = build_deck(suits, ranks, suit_ranks, extra, names)
        seen: dict[str, int] = {}
        for code in deck.codes:
            seen[code] = seen.get(code, 0) + 1
        for code, count in seen.items():
            if count > 1:
                self.report(("cards",), f"two cards share the code '{code}'",
                            "a card's code is its rank code followed by its suit code; choose codes that stay distinct")
        for code in names:
            if code not in deck.index:
                self.report(("cards", "names", code), f"'names' names card '{code}', which is not in the deck",
                            f"cards are written rank then suit, e.g. {deck.codes[0]}", key=True)
        if deck.size > 256:
            self.report(("cards",), f"the deck has {deck.size} cards; atout supports at most 256")
        if self.problems:
            raise _Skip
        return deck

    def teams(self, players: int) -> tuple[list[tuple[int, ...]], list[str]]:
        if "teams" not in self.doc:
            return [(s,) for s in range(players)], [f"seat {s}" for s in range(players)]
        self.need("teams")
        teams = self.doc["teams"]
        owner: dict[int, str] = {}
        ok = True
        for name, seats in teams.items():
            for i, seat in enumerate(seats):
                if seat >= players:
                    self.report(("teams", name, i), f"seat {seat} does not exist: seats are 0 to {players - 1}")
                    ok = False
                elif seat in owner:
                    self.report(("teams", name, i), f"seat {seat} is already in team '{owner[seat]}'",
                                "teams must partition the seats: each seat in exactly one team")
                    ok = False
                else:
                    owner[seat] = name
        missing = [s for s in range(players) if s not in owner]
        if missing and ok:
            self.report(("teams",), f"seat(s) {', '.join(map(str, missing))} belong to no team",
                        "teams must partition the seats: each seat in exactly one team")
            ok = False
        if not ok:
            raise _Skip
        return [tuple(seats) for seats in teams.values()], [str(k) for k in teams]

    def piles(self) -> dict[str, bool]:
        self.need("piles")
        return {str(name): (spec or {}).get("seen by", "nobody") == "everyone"
                for name, spec in self.doc.get("piles", {}).items()}

    def order(self, deck: Deck) -> tuple[tuple[int, ...], tuple[int, ...]]:
        self.need("order")
        tree: n.Order = self.parse(("order",), "order")
        placed: dict[int, str] = {}
        tiers: list[int] = []
        ok = True
        for tier in tree.tiers:
            mask = 0
            for ref in tier:
                if ref.code in deck.index:
                    card = deck.index[ref.code]
                    if card in placed:
                        self.report_in(("order",), ref.pos, f"card {ref.code} is ranked twice (first as part of '{placed[card]}')",
                                       "each card must appear exactly once in the order")
                        ok = False
                        continue
                    cards = 1 << card
                else:
                    group = deck.selection(ref.code)
                    if group is None:
                        self.report_in(("order",), ref.pos, f"unknown card or rank '{ref.code}'", suggest_code(ref.code, deck))
                        ok = False
                        continue
                    cards = group & ~sum(1 << c for c in placed)
                    if not cards:
                        self.report_in(("order",), ref.pos, f"'{ref.code}' names no card that is not ranked already",
                                       "each card must appear exactly once in the order")
                        ok = False
                        continue
                for c in range(deck.size):
                    if (cards >> c) & 1:
                        placed[c] = ref.code
                mask |= cards
            tiers.append(mask)
        missing = [deck.codes[c] for c in range(deck.size) if c not in placed]
        if missing and ok:
            shown = " ".join(missing[:8]) + (" …" if len(missing) > 8 else "")
            self.report(("order",), f"the order leaves out {len(missing)} card(s): {shown}",
                        "every card of the deck must have a place in the order")
            ok = False
        if not ok:
            raise _Skip
        strength = [0] * deck.size
        for rank, mask in enumerate(reversed(tiers)):
            for c in range(deck.size):
                if (mask >> c) & 1:
                    strength[c] = rank
        above = tuple(sum(1 << d for d in range(deck.size) if strength[d] > strength[c]) for c in range(deck.size))
        return tuple(strength), above

    def points(self, deck: Deck) -> tuple[Fraction, ...]:
        self.need("points")
        values: list[Fraction | None] = [None] * deck.size
        for code, value in self.doc.get("points", {}).items():
            mask = deck.selection(str(code))
            if mask is None:
                self.report(("points", code), f"unknown card, rank or suit '{code}'", suggest_code(str(code), deck), key=True)
                continue
            exact = Fraction(str(value))
            for c in range(deck.size):
                if (mask >> c) & 1 and values[c] is None:
                    values[c] = exact
        return tuple(v if v is not None else Fraction(0) for v in values)

    def deal(self, deck: Deck, players: int, piles: dict[str, bool]) -> tuple[tuple[DealStep, ...], int]:
        self.need("deal", "piles")
        tree: n.Deal = self.parse(("deal",), "deal")
        plan: list[DealStep] = []
        names = list(piles)
        ok = True

        def add(steps) -> None:
            nonlocal ok
            for step in steps:
                if isinstance(step, n.Repeat):
                    for _ in range(min(step.times, 1000)):
                        add(step.steps)
                    continue
                pile = getattr(step, "pile", None)
                if pile is not None and pile not in piles:
                    self.report_in(("deal",), step.pos, f"the deal names pile '{pile}', which 'piles' does not define",
                                   f"piles: {', '.join(names)}" if names else "declare it under 'piles'")
                    ok = False
                    continue
                if isinstance(step, n.Each):
                    plan.extend(DealStep(s, None, step.count) for s in range(players))
                elif isinstance(step, n.ToPile):
                    plan.append(DealStep(None, names.index(pile), step.count))
                else:
                    plan.append(DealStep(None, names.index(pile), None))

        add(tree.steps)
        if not ok:
            raise _Skip
        fixed = sum(s.count for s in plan if s.count is not None)
        rests = [s for s in plan if s.count is None]
        if fixed > deck.size:
            self.report(("deal",), f"the deal hands out {fixed} cards but the deck has only {deck.size}")
            raise _Skip
        if not rests and fixed != deck.size:
            self.report(("deal",), f"the deal hands out {fixed} of the {deck.size} cards",
                        "add 'rest to <pile>' for the cards that are not dealt")
            raise _Skip
        if len(rests) > 1 or (rests and plan[-1].count is not None):
            self.report(("deal",), "'rest to' must come once, as the last step of the deal")
            raise _Skip
        sizes = [sum(s.count for s in plan if s.seat == seat and s.count) for seat in range(players)]
        return tuple(plan), sizes[0]

    def expr(self, exprs: ExpressionCompiler, path: tuple, want: str, start: str = "expr") -> Compiled:
        value = self.source._value(path)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            exact = Fraction(str(value))
            constant = int(exact) if exact.denominator == 1 else exact
            if want != "num":
                self.report(path, f"expected {want}, found the number {value}")
                raise _Skip
            return Compiled(lambda s: constant, "num")
        tree = self.parse(path, start)
        try:
            return exprs.compile(tree, want)
        except ExprProblem as err:
            self.report_in(path, err.pos, err.message, err.hint)
            raise _Skip from None

    def play(self, exprs: ExpressionCompiler):
        self.need("play")
        play = self.doc["play"]
        failed = False
        try:
            lead = self.expr(exprs, ("play", "lead"), "seat").fn
        except _Skip:
            failed, lead = True, None
        follow = play.get("follow", [])
        paths = [("play", "follow")] if isinstance(follow, str) else [("play", "follow", i) for i in range(len(follow))]
        clauses = []
        for path in paths:
            try:
                tree: n.Clause = self.parse(path, "clause")
                select = exprs.compile(tree.select, "set").fn
                when = exprs.compile(tree.when, "bool").fn if tree.when is not None else None
                clauses.append((when, select))
            except ExprProblem as err:
                self.report_in(path, err.pos, err.message, err.hint)
                failed = True
            except _Skip:
                failed = True
        always = None
        if "always" in play:
            try:
                always = self.expr(exprs, ("play", "always"), "set").fn
            except _Skip:
                failed = True
        if failed:
            raise _Skip
        return lead, tuple(clauses), always

    def scoring(self, exprs: ExpressionCompiler, scope: Scope, has_teams: bool):
        self.need("scoring")
        scoring = self.doc["scoring"]
        lets = []
        failed = False
        for name in scoring.get("let", {}):
            if name in exprs.builtins:
                self.report(("scoring", "let", name), f"'{name}' is a built-in name and cannot be redefined", key=True)
                failed = True
                continue
            try:
                compiled = self.expr(exprs, ("scoring", "let", name), "num|bool|seat|team|set|none")
            except _Skip:
                failed = True
                continue
            scope.lets[str(name)] = compiled
            lets.append((str(name), compiled.type, compiled.fn))
        awards = []
        for i, spec in enumerate(scoring["award"]):
            path = ("scoring", "award", i)
            try:
                when = self.expr(exprs, path + ("when",), "bool").fn if "when" in spec else None
                target = str(spec["to"]).strip()
                if target in ("each_seat", "each_team"):
                    kind = target[5:]
                    scope.bound["it"] = kind
                    try:
                        points = self.expr(exprs, path + ("points",), "num").fn
                    finally:
                        del scope.bound["it"]
                    awards.append(Award(str(spec["rule"]), when, None, kind, True, points))
                    continue
                to = self.expr(exprs, path + ("to",), "seat|team")
                points = self.expr(exprs, path + ("points",), "num").fn
                awards.append(Award(str(spec["rule"]), when, to.fn, to.type if to.type != "none" else "seat", False, points))
            except _Skip:
                failed = True
        if failed:
            raise _Skip
        return tuple(lets), tuple(awards)

    def match(self, exprs: ExpressionCompiler):
        self.need("match")
        match = self.doc.get("match", {})
        next_dealer = self.expr(exprs, ("match", "dealer"), "seat").fn if "dealer" in match else (lambda s: s.dealer)
        return int(match.get("deals", 1)), next_dealer, match.get("winner", "highest") == "highest"
