"""Compiles a checked rule document into an immutable Game, collecting every problem.

Each section is compiled on its own so that one run reports all the problems of a file;
a section whose prerequisites failed is skipped rather than reported twice.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable
from . import nodes as n
from .cards import Deck, Points, build_deck
from .errors import Problem, RuleRuntimeError
from .expressions import Compiled, ExpressionCompiler, ExprProblem, Fn, Scope, _words, suggest_code
from .game import (Action, Auction, Award, CallSpec, Counter, DealStep, Declaration, Game, MatchRule, Show,
                   SideAction, Transfer)
from .load import Source
from .syntax import SyntaxProblem, parse
from .tricks import TrickRule


def _texts(mapping: dict) -> dict[str, str]:
    """Codes as text: YAML reads an unquoted rank such as 2 as a number."""
    return {str(k): v for k, v in mapping.items()}


def _names(node) -> set[str]:
    """Every name and function an expression node refers to."""
    found = {node.name} if isinstance(node, (n.Name, n.Call)) else set()
    if is_dataclass(node):
        for part in fields(node):
            value = getattr(node, part.name)
            for child in value if isinstance(value, tuple) else (value,):
                found |= _names(child)
    return found


def _leader_only(node) -> bool:
    """A condition that holds only while no card is in the trick ('count(trick) = 0'), alone
    or joined by 'and'."""
    if isinstance(node, n.Binary) and node.op == "and":
        return _leader_only(node.left) or _leader_only(node.right)
    if isinstance(node, n.Binary) and node.op == "=":
        sides = (node.left, node.right)
        counted = any(isinstance(x, n.Call) and x.name == "count" and len(x.args) == 1
                      and isinstance(x.args[0], n.Name) and x.args[0].name == "trick" for x in sides)
        zero = any(isinstance(x, n.Num) and x.value == 0 for x in sides)
        return (counted and zero) or any(isinstance(x, n.Name) and x.name == "trick" for x in sides) \
            and any(isinstance(x, n.Name) and x.name == "nothing" for x in sides)
    return False


class _Skip(Exception):
    """A section could not be compiled; its problems are already recorded."""


class Compiler:
    def __init__(self, source: Source, broken: set[str], variant: str = "", variants: tuple[str, ...] = ()):
        self.source = source
        self.doc = source.data
        self.broken = broken          # top-level keys that failed the schema check
        self.problems: list[Problem] = []
        lets = self.doc.get("let")
        # names whose definition is reported already: all of them when the section is broken
        self.failed_lets: set[str] = ({str(k).partition("(")[0] for k in lets}
                                      if "let" in broken and isinstance(lets, dict) else set())
        self.variant = variant
        self.variants = variants

    # --- reporting --------------------------------------------------------------------

    def report(self, path: tuple, message: str, hint: str = "", key: bool = False) -> None:
        self.problems.append(self.source.problem(path, message, hint, key=key))

    def report_in(self, path: tuple, pos: n.Pos, message: str, hint: str = "") -> None:
        self.problems.append(self.source.problem_in_text(path, pos, message, hint))

    def warn(self, path: tuple, message: str, hint: str = "") -> None:
        self.problems.append(replace(self.source.problem(path, message, hint), warning=True))

    def parse(self, path: tuple, start: str) -> Any:
        text = self.source.value_at(path)
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
        teams, team_names, formed = self.section(lambda: self.teams(players), ((), (), False))
        team_of = [0] * players
        for t, seats in enumerate(teams):
            for seat in seats:
                team_of[seat] = t
        piles = self.section(self.piles, {"pack": False})
        strength, above = self.section(lambda: self.order(deck, "order"), (None, None))
        trump_strength, trump_above = (strength, above)
        if "trump order" in doc:
            trump_strength, trump_above = self.section(lambda: self.order(deck, "trump order"), (strength, above))
        plain = self.section(lambda: self.points(deck, "points", None), tuple(Fraction(0) for _ in range(deck.size)))
        trumped = self.section(lambda: self.points(deck, "trump points", plain), plain) if "trump points" in doc else plain
        points_by_trump = (plain,) + tuple(
            tuple(trumped[c] if deck.suit_of[c] == t else plain[c] for c in range(deck.size))
            for t in range(len(deck.suit_codes)))
        play = doc.get("play") if "play" not in self.broken else None
        by_suit = bool(play) and play.get("winner") == "highest of led suit"
        zeros = tuple([0] * deck.size)
        rule = TrickRule(strength or zeros, above or zeros, trump_strength or zeros, trump_above or zeros,
                         deck.suit_of, deck.suit_masks, by_suit, bool(play) and play.get("ties") == "spoil")
        marks = self.section(self.marks, {})
        keep_pays = self.section(lambda: self.keep_pays(), Fraction(0))
        draws = tuple(list(piles).index(p) for p in (play or {}).get("draw", []) if p in piles)
        scope = Scope(deck, rule, tuple(teams), tuple(team_of), Points.build(points_by_trump, keep_pays), players,
                      tuple(piles), draws, tuple(marks), tuple(marks.values()))
        exprs = ExpressionCompiler(scope)
        for index, (name, spec) in enumerate((doc.get("counters") or {}).items() if "counters" not in self.broken else ()):
            scope.counters[str(name)] = (index, str(spec.get("of", "team")))
        lets = self.section(lambda: self.lets(exprs, scope), ())
        team_rules = self.section(lambda: self.team_rules(exprs), None) if formed else None
        annul_when = self.section(lambda: self.need("annul when") or self.expr(exprs, ("annul when",), "bool").fn, None) \
            if "annul when" in doc else None
        transfers = self.section(lambda: self.transfers(exprs, piles), ()) if "transfers" in doc else ()
        plan, hand_size, pile_sizes, leftover = self.section(lambda: self.deal(exprs, deck, players, piles),
                                                             ((), 0, (), 0))
        auction = self.section(lambda: self.auction(exprs, players, piles, leftover), None) \
            if "auction" in doc else None
        if "auction" not in doc and leftover and plan:
            self.report(("deal",), f"the deal hands out {deck.size - leftover} of the {deck.size} cards",
                        "add 'rest to <pile>' for the cards that are not dealt")
        played = self.section(lambda: self.play(exprs, piles, marks), None)
        awards = self.section(lambda: self.scoring(exprs, scope), ())
        counters = self.section(lambda: self.counters(exprs, scope), ()) if "counters" in doc else ()
        match = self.section(lambda: self.match(exprs), None)
        if formed and team_rules is None or "annul when" in doc and annul_when is None or "annul when" in self.broken:
            return None
        if any(not p.warning for p in self.problems) or self.broken or strength is None or played is None or match is None:
            return None
        return Game(
            name=Path(self.source.path).stem, title=str(doc["game"]), about=str(doc.get("about", "")).strip(),
            path=self.source.path, variant=self.variant, variants=self.variants, players=players,
            direction=str(doc.get("direction", "clockwise")),
            team_names=tuple(team_names), teams=tuple(teams), team_of=tuple(team_of), deck=deck,
            points_table=scope.points, pile_names=tuple(piles), pile_public=tuple(piles.values()),
            pile_sizes=pile_sizes, deal_plan=plan, hand_size=hand_size, trick_rule=rule, auction=auction,
            lets=lets, awards=awards, match=match, mark_names=tuple(marks), mark_types=tuple(marks.values()),
            transfers=transfers, annul_when=annul_when, team_rules=team_rules, counters=counters,
            actions=self.actions(deck, auction, played["declarations"], played["side_actions"], transfers,
                                 played["shows"]), **played,
        )

    def actions(self, deck: Deck, auction: Auction | None, declarations, side_actions, transfers,
                shows) -> tuple[Action, ...]:
        """Every action of the game, built once; card plays come first, indexed by card, pass last."""
        table = [Action("play", c, text=f"play {code}") for c, code in enumerate(deck.codes)]
        for d, meld in enumerate(declarations):
            for s, mask in enumerate(deck.suit_masks):
                for c in range(deck.size):
                    if (meld.cards & mask) >> c & 1:
                        table.append(Action("declare", c, d, s, f"play {deck.codes[c]} {meld.name}"))
        for k, spec in enumerate(auction.calls if auction else ()):
            if spec.numbers is not None:
                table.extend(Action("call", -1, k, -1, f"{spec.name} {v}", v)
                             for v in range(spec.numbers[0], spec.numbers[1] + 1))
            elif spec.for_suit is None:
                table.append(Action("call", -1, k, -1, spec.name))
            else:
                table.extend(Action("call", -1, k, s, f"{spec.name} {code}") for s, code in enumerate(deck.suit_codes))
        for k, spec in enumerate(side_actions):
            if spec.cards:
                table.extend(Action("act", c, k, -1, f"{spec.name} {deck.codes[c]}")
                             for c in range(deck.size) if spec.cards >> c & 1)
            else:
                table.append(Action("act", -1, k, -1, spec.name))
        for k, spec in enumerate(transfers):
            table.extend(Action("give", c, k, -1, f"{spec.name} {code}") for c, code in enumerate(deck.codes))
        table.extend(Action("show", -1, k, -1, spec.name) for k, spec in enumerate(shows))
        if shows:
            table.extend(Action("reveal", c, -1, -1, f"show {code}") for c, code in enumerate(deck.codes))
        table.append(Action("pass", text="pass"))
        return tuple(table)

    def section(self, build: Callable[[], Any], fallback: Any) -> Any:
        """Build one section; on failure (already reported) carry on with ``fallback``."""
        try:
            return build()
        except _Skip:
            return fallback

    def deck(self) -> Deck:
        cards = self.doc["cards"]
        suits, ranks = _texts(cards["suits"]), _texts(cards["ranks"])
        suit_ranks = {str(k): _texts(v) for k, v in cards.get("suit ranks", {}).items()}
        extra, names = _texts(cards.get("extra", {})), _texts(cards.get("names", {}))
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

    def teams(self, players: int) -> tuple[list[tuple[int, ...]], list[str], bool]:
        """Fixed partnerships; or, when every team is a condition on 'seat', teams formed in each
        deal when play begins (until then, every seat is in the last team)."""
        if "teams" not in self.doc:
            return [(s,) for s in range(players)], [f"seat {s}" for s in range(players)], False
        self.need("teams")
        teams = self.doc["teams"]
        conditions = [isinstance(v, str) for v in teams.values()]
        if any(conditions):
            if not all(conditions):
                self.report(("teams",), "teams are either all lists of seats or all conditions on 'seat'",
                            "write e.g. 'attack: seat = taker' and 'defence: seat != taker'")
                raise _Skip
            last = len(teams) - 1
            return [tuple(range(players)) if t == last else () for t in range(len(teams))], \
                [str(k) for k in teams], True
        owner: dict[int, str] = {}
        ok = True
        for name, seats in teams.items():
            for i, seat in enumerate(map(int, seats)):  # YAML may write a seat as 2.0
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
        return [tuple(map(int, seats)) for seats in teams.values()], [str(k) for k in teams], False

    def team_rules(self, exprs: ExpressionCompiler) -> tuple[Fn, ...]:
        """Each formed team's condition on 'seat', tried in order when play begins."""
        rules = []
        exprs.scope.bound["seat"] = "seat"
        try:
            for name in self.doc["teams"]:
                rules.append(self.expr(exprs, ("teams", name), "bool").fn)
        finally:
            del exprs.scope.bound["seat"]
        return tuple(rules)

    def keep_pays(self) -> Fraction:
        keep = (self.doc.get("play") or {}).get("keep") if "play" not in self.broken else None
        return Fraction(str(keep.get("pays", 0))) if isinstance(keep, dict) else Fraction(0)

    def piles(self) -> dict[str, bool]:
        """Pile name -> seen by everyone; 'pack', the cards not dealt yet, always comes first."""
        self.need("piles")
        piles = {"pack": False}
        for name, spec in self.doc.get("piles", {}).items():
            piles[str(name)] = (spec or {}).get("seen by", "nobody") == "everyone"
        return piles

    def marks(self) -> dict[str, str]:
        """Values a deal remembers (none until set), name -> type."""
        self.need("marks")
        kinds = {"seat": "seat", "team": "team", "number": "num", "suit": "suit", "condition": "bool", "cards": "set"}
        return {str(name): kinds[str(kind)] for name, kind in self.doc.get("marks", {}).items()}

    def lets(self, exprs: ExpressionCompiler, scope: Scope) -> tuple[tuple[str, str, Fn], ...]:
        """Named values and one-parameter functions, usable by every later expression."""
        self.need("let")
        reported = []
        failed = False
        keys = [str(k).partition("(")[0] for k in self.doc.get("let", {})]
        for index, key in enumerate(self.doc.get("let", {})):
            value = self.source.value_at(("let", key))
            if isinstance(value, str) and self.refers_ahead(("let", key), keys[index], keys[index + 1:]):
                failed = True
                self.failed_lets.add(keys[index])
                continue
            name, _, param = str(key).partition("(")
            param = param.rstrip(")")
            path = ("let", key)
            if name in exprs.builtins or name in scope.pile_names or name in scope.mark_names:
                self.report(path, f"'{name}' is already a built-in, pile or mark name and cannot be redefined", key=True)
                failed = True
                continue
            if param and param not in ("seat", "team", "suit"):
                self.report(path, f"a function's parameter is 'seat', 'team' or 'suit', found '{param}'",
                            "write e.g. total(seat): points(seat) + melds(seat)", key=True)
                failed = True
                continue
            try:
                if param:
                    scope.bound[param] = param
                    try:
                        body = self.expr(exprs, path, "num|bool|seat|team|set|suit|none")
                    finally:
                        del scope.bound[param]
                    scope.functions[name] = (param, body)
                    continue
                compiled = self.expr(exprs, path, "num|bool|seat|team|set|suit|none")
            except _Skip:
                failed = True
                self.failed_lets.add(name)
                continue
            scope.lets[name] = compiled
            reported.append((name, compiled.type, compiled.fn))
        if failed:
            raise _Skip
        return tuple(reported)

    def refers_ahead(self, path: tuple, name: str, later: list[str]) -> bool:
        """Report a let that uses itself or an entry below it (the way a cycle shows)."""
        try:
            used = _names(parse(str(self.source.value_at(path)), "expr"))
        except SyntaxProblem:
            return False  # reported when the entry is compiled
        if name in used:
            self.report(path, f"'{name}' refers to itself", "a let is computed from the entries above it", key=True)
            return True
        ahead = [other for other in later if other in used]
        if ahead:
            self.report(path, f"'{name}' uses '{ahead[0]}', which is defined below it",
                        f"move '{ahead[0]}' above '{name}': a let may only use the entries above it "
                        "(so no two can use each other)", key=True)
            return True
        return False

    def order(self, deck: Deck, key: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        self.need(key)
        tree: n.Order = self.parse((key,), "order")
        placed: dict[int, str] = {}
        tiers: list[int] = []
        ok = True
        for tier in tree.tiers:
            mask = 0
            for ref in tier:
                if ref.code in deck.index:
                    card = deck.index[ref.code]
                    if card in placed:
                        self.report_in((key,), ref.pos, f"card {ref.code} is ranked twice (first as part of '{placed[card]}')",
                                       "each card must appear exactly once in the order")
                        ok = False
                        continue
                    cards = 1 << card
                else:
                    group = deck.selection(ref.code)
                    if group is None:
                        self.report_in((key,), ref.pos, f"unknown card or rank '{ref.code}'", suggest_code(ref.code, deck))
                        ok = False
                        continue
                    cards = group & ~sum(1 << c for c in placed)
                    if not cards:
                        self.report_in((key,), ref.pos, f"'{ref.code}' names no card that is not ranked already",
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
            self.report((key,), f"the {key} leaves out {len(missing)} card(s): {shown}",
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

    def points(self, deck: Deck, key: str, base: tuple[Fraction, ...] | None) -> tuple[Fraction, ...]:
        """Card points; 'trump points' start from 'points' (``base``) and override them."""
        self.need(key)
        values: list[Fraction | None] = [None] * deck.size
        for code, value in self.doc.get(key, {}).items():
            mask = deck.selection(str(code))
            if mask is None:
                self.report((key, code), f"unknown card, rank or suit '{code}'", suggest_code(str(code), deck), key=True)
                continue
            exact = Fraction(str(value))
            for c in range(deck.size):
                if (mask >> c) & 1 and values[c] is None:
                    values[c] = exact
        fallback = base or tuple(Fraction(0) for _ in range(deck.size))
        return tuple(v if v is not None else fallback[c] for c, v in enumerate(values))

    def deal(self, exprs: ExpressionCompiler, deck: Deck, players: int,
             piles: dict[str, bool]) -> tuple[tuple[DealStep, ...], int, tuple[int, ...], int]:
        """The first deal's plan, each hand's size, each pile's size and the cards left in the pack."""
        self.need("deal", "piles")
        plan = self.deal_plan(exprs, ("deal",), players, piles)
        fixed = self.cards_taken(plan, players)
        if fixed > deck.size:
            self.report(("deal",), f"the deal hands out {fixed} cards but the deck has only {deck.size}")
            raise _Skip
        rests = [i for i, step in enumerate(plan) if step.pile is not None and step.count is None]
        if len(rests) > 1 or (rests and rests[0] != len(plan) - 1):
            self.report(("deal",), "'rest to' must come once, as the last step of the deal")
            raise _Skip
        names = list(piles)
        sizes = [sum(s.count for s in plan if s.pile == i and s.count is not None) for i in range(len(names))]
        leftover = deck.size - fixed
        if rests:
            sizes[plan[-1].pile] += leftover
            leftover = 0
        sizes[0] += leftover
        hand = sum(s.count for s in plan if s.seat == 0 and s.count)
        return tuple(plan), hand, tuple(sizes), leftover

    def deal_plan(self, exprs: ExpressionCompiler, path: tuple, players: int,
                  piles: dict[str, bool]) -> tuple[DealStep, ...]:
        tree: n.Deal = self.parse(path, "deal")
        names = list(piles)
        plan: list[DealStep] = []
        ok = True

        def seat_fn(name: str, pos: n.Pos) -> Fn:
            try:
                return exprs.compile(n.Name(name, pos), "seat").fn
            except ExprProblem as err:
                self.report_in(path, err.pos, err.message, err.hint)
                raise _Skip from None

        def pile_index(name: str, pos: n.Pos) -> int | None:
            nonlocal ok
            if name in piles:
                return names.index(name)
            self.report_in(path, pos, f"the deal names pile '{name}', which 'piles' does not define",
                           f"piles: {', '.join(names[1:])}" if len(names) > 1 else "declare it under 'piles'")
            ok = False
            return None

        def add(steps, depth: int = 0) -> None:
            nonlocal ok
            for step in steps:
                if isinstance(step, n.Repeat):
                    if not any(isinstance(x, (n.Each, n.EachBut, n.ToPile)) for x in step.steps):
                        self.report_in(path, step.pos, "a repeated group must deal a number of cards")
                        ok = False
                    elif step.times * len(step.steps) > 10_000 or depth > 3:
                        self.report_in(path, step.pos, f"{step.times} rounds of this group deal more cards than any deck holds")
                        ok = False
                    else:
                        for _ in range(step.times):
                            add(step.steps, depth + 1)
                elif isinstance(step, n.Each):
                    plan.extend(DealStep(seat=s, count=step.count) for s in range(players))
                elif isinstance(step, n.EachBut):
                    but = (seat_fn(step.seat, step.pos), step.other)
                    plan.extend(DealStep(seat=s, count=step.count, but=but) for s in range(players))
                elif isinstance(step, n.ShowPile):
                    pile = pile_index(step.pile, step.pos)
                    if pile is not None:
                        plan.append(DealStep(show=pile))
                elif isinstance(step, n.PileToSeat):
                    pile = pile_index(step.pile, step.pos)
                    if pile is not None:
                        plan.append(DealStep(move=(pile, seat_fn(step.seat, step.seat_pos))))
                else:
                    pile = pile_index(step.pile, step.pos)
                    if pile is not None:
                        plan.append(DealStep(pile=pile, count=getattr(step, "count", None)))

        add(tree.steps)
        if not ok:
            raise _Skip
        return tuple(plan)

    def auction(self, exprs: ExpressionCompiler, players: int, piles: dict[str, bool], leftover: int) -> Auction:
        """The auction's rounds and calls, and the deal that follows it."""
        self.need("auction")
        spec = self.doc["auction"]
        failed = False
        first = self.section(lambda: self.expr(exprs, ("auction", "first"), "seat").fn, None)
        calls: list[CallSpec] = []
        rounds = []
        for r, round_spec in enumerate(spec["rounds"]):
            indices = []
            for name, call in round_spec["calls"].items():
                path = ("auction", "rounds", r, "calls", name)
                call = call or {}
                per_suit = "for each suit" in call
                numbers = None
                if "for each number" in call:
                    low, high = int(call["for each number"]["from"]), int(call["for each number"]["to"])
                    if low > high or high - low > 1000:
                        self.report(path + ("for each number",), f"'from' {low} to 'to' {high} is not a range of at "
                                    "most 1000 numbers, lowest first")
                        failed = True
                        continue
                    numbers = (low, high)
                if per_suit:
                    exprs.scope.bound["suit"] = "suit"
                try:
                    for_suit = self.expr(exprs, path + ("for each suit",), "bool").fn if per_suit else None
                    trump = self.expr(exprs, path + ("trump",), "suit").fn if "trump" in call else None
                except _Skip:
                    failed = True
                    continue
                finally:
                    exprs.scope.bound.pop("suit", None)
                value = Fraction(str(call["value"])) if "value" in call else None
                own_deal = None
                if "then deal" in call:
                    try:
                        own_deal = self.deal_plan(exprs, path + ("then deal",), players, piles)
                    except _Skip:
                        failed = True
                        continue
                    if self.cards_taken(own_deal, players) != leftover:
                        self.report(path + ("then deal",), f"after the first deal {leftover} card(s) stay in the pack, "
                                    f"but this call's deal hands out {self.cards_taken(own_deal, players)}",
                                    "the two deals together must hand out the whole deck")
                        failed = True
                indices.append(len(calls))
                calls.append(CallSpec(str(name), for_suit, trump, value, own_deal, numbers))
            rounds.append((tuple(indices), round_spec.get("ends", "at the first call") == "at the first call",
                           round_spec.get("pass", True) is not False, round_spec.get("rising", True) is not False))
        then_deal = ()
        if "then deal" in spec:
            try:
                then_deal = self.deal_plan(exprs, ("auction", "then deal"), players, piles)
            except _Skip:
                failed = True
        every_call_deals = calls and all(c.then_deal is not None for c in calls)
        if not failed and not every_call_deals:
            wanted = self.cards_taken(then_deal, players)
            if wanted != leftover:
                self.report(("auction", "then deal") if "then deal" in spec else ("auction",),
                            f"after the first deal {leftover} card(s) stay in the pack, but the deal after the "
                            f"auction hands out {wanted}", "the two deals together must hand out the whole deck")
                failed = True
        if failed or first is None:
            raise _Skip
        return Auction(first, tuple(rounds), tuple(calls), then_deal)

    @staticmethod
    def cards_taken(plan: tuple[DealStep, ...], players: int) -> int:
        """Cards a plan takes from the pack besides 'rest to' (one seat of each 'but' round gets its own count)."""
        total = sum(step.count for step in plan if step.count is not None)
        buts = [s for s in plan if s.but is not None]
        for i in range(0, len(buts), players):
            total += buts[i].but[1] - buts[i].count
        return total

    def expr(self, exprs: ExpressionCompiler, path: tuple, want: str, start: str = "expr") -> Compiled:
        value = self.source.value_at(path)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            exact = Fraction(str(value))
            constant = int(exact) if exact.denominator == 1 else exact
            if want != "num":
                self.report(path, f"expected {_words(want)}, found the number {value}")
                raise _Skip
            return Compiled(lambda s: constant, "num")
        tree = self.parse(path, start)
        if _names(tree) & self.failed_lets:
            raise _Skip
        try:
            compiled = exprs.compile(tree, want)
        except ExprProblem as err:
            self.report_in(path, err.pos, err.message, err.hint)
            raise _Skip from None
        self.check_constant(path, tree, compiled)
        return compiled

    def check_constant(self, path: tuple, tree, compiled: Compiled) -> None:
        """A value that does not depend on the deal: a division by zero is an error, and a
        condition that is always true or always false is worth a warning where it decides much."""
        try:
            value = compiled.fn(None)
        except RuleRuntimeError as err:
            self.report(path, f"{err}: this value is computed the same way in every deal")
            raise _Skip from None
        except (AttributeError, TypeError, KeyError, IndexError, ValueError, ZeroDivisionError):
            return  # it reads the state
        if compiled.type != "bool" or not path:
            return
        key = path[-1]
        if key == "until" and not value:
            self.warn(path, "'until' is always false: the match would never end (atout stops it at its deal limit)")
        elif key == "annul when" and value:
            self.warn(path, "'annul when' is always true: every deal would be annulled")
        elif not isinstance(tree, n.Name) and key in ("when", "ends when", "draw when", "leader wins when", "for each suit", "until", "annul when"):
            self.warn(path, f"this condition is always {'true' if value else 'false'}: it does not depend on the deal")

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
                side_actions.append(SideAction(str(name), when, swap, sets, at, by, cards, bool(spec.get("required"))))
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
        keep = (0, Fraction(0), False)
        if "keep" in play:
            try:
                keep = (self.fixed_cards(exprs, ("play", "keep", "cards"), "the cards kept"),
                        Fraction(str(play["keep"].get("pays", 0))), play["keep"].get("last trick") == "opponents")
            except _Skip:
                failed = True
        if failed or lead is None:
            raise _Skip
        return {"lead": lead, "trump": trump, "follow": clauses, "leads": leads, "always": always, "draw": tuple(draw),
                "draw_when": draw_when, "ends_when": ends_when, "declarations": tuple(declarations),
                "side_actions": tuple(side_actions), "shows": tuple(shows), "keep": keep, "leader_wins": leader_wins}

    def clauses(self, exprs: ExpressionCompiler, key: str, failed: bool) -> tuple[tuple, bool]:
        """'follow' or 'may lead': clauses 'CARDS [when CONDITION]', tried in order."""
        given = self.doc["play"].get(key, [])
        paths = [("play", key)] if isinstance(given, str) else [("play", key, i) for i in range(len(given))]
        clauses = []
        for path in paths:
            try:
                tree: n.Clause = self.parse(path, "clause")
                select = exprs.compile(tree.select, "set").fn
                when = exprs.compile(tree.when, "bool").fn if tree.when is not None else None
                if key == "follow" and tree.when is not None and _leader_only(tree.when):
                    self.warn(path, "this clause applies only before a card is led, but follow clauses bind a "
                              "player once a suit has been led: it never applies",
                              "what a leader may lead is written under 'may lead'")
                clauses.append((when, select))
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

    def transfers(self, exprs: ExpressionCompiler, piles: dict[str, bool]) -> tuple[Transfer, ...]:
        """Cards players choose and move after the auction (or the deal), one step per card."""
        self.need("transfers")
        found = []
        failed = False
        for name, spec in self.doc["transfers"].items():
            path = ("transfers", name)
            try:
                who = None if str(spec.get("who", "")).strip() == "each" else \
                    self.expr(exprs, path + ("who",), "seat").fn
                when = self.expr(exprs, path + ("when",), "bool").fn if "when" in spec else None
                cards = self.expr(exprs, path + ("cards",), "set").fn if "cards" in spec else (lambda s: s.hands[s.current])
                first = self.expr(exprs, path + ("first",), "set").fn if "first" in spec else None
                shown = self.expr(exprs, path + ("shown",), "set").fn if "shown" in spec else None
                target = str(spec["to"]).strip()
                to_pile = list(piles).index(target) if target in piles else None
                if to_pile is None and target.isidentifier() and target.islower() and target not in exprs.builtins \
                        and target not in exprs.scope.lets and target not in exprs.scope.mark_names:
                    self.report(path + ("to",), f"'to' names '{target}', which is neither a pile nor a seat",
                                f"piles: {', '.join(list(piles)[1:]) or 'none'}; or a seat, e.g. next(me)")
                    raise _Skip
                to_seat = None if to_pile is not None else self.expr(exprs, path + ("to",), "seat").fn
                found.append(Transfer(str(name), who, when, int(spec["count"]), cards, first, to_pile, to_seat, shown))
            except _Skip:
                failed = True
        if failed:
            raise _Skip
        return tuple(found)

    def scoring(self, exprs: ExpressionCompiler, scope: Scope) -> tuple[Award, ...]:
        self.need("scoring")
        awards = []
        failed = False
        for i, spec in enumerate(self.doc["scoring"]["award"]):
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
        return tuple(awards)

    def counters(self, exprs: ExpressionCompiler, scope: Scope) -> tuple[Counter, ...]:
        """Numbers per seat or team that live across the deals of a match."""
        self.need("counters")
        found = []
        failed = False
        for name, spec in self.doc["counters"].items():
            kind = str(spec.get("of", "team"))
            path = ("counters", name)
            if name in exprs.builtins or name in scope.lets or name in scope.functions:
                self.report(path, f"'{name}' is already a built-in or let name", key=True)
                failed = True
                continue
            scope.bound["it"] = kind
            try:
                then = self.expr(exprs, path + ("then",), "num").fn
                found.append(Counter(str(name), kind, Fraction(str(spec.get("start", 0))), then))
            except _Skip:
                failed = True
            finally:
                del scope.bound["it"]
        if failed:
            raise _Skip
        return tuple(found)

    def match(self, exprs: ExpressionCompiler) -> MatchRule:
        self.need("match")
        match = self.doc.get("match", {})
        next_dealer = self.expr(exprs, ("match", "dealer"), "seat").fn if "dealer" in match else (lambda s: s.dealer)
        until = self.expr(exprs, ("match", "until"), "bool").fn if "until" in match else None
        deals = int(match["deals"]) if "deals" in match else (None if until else 1)
        return MatchRule(deals, until, Fraction(str(match.get("start", 0))), match.get("count") == "down",
                         next_dealer, match.get("winner", "highest") == "highest")
