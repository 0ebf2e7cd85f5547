"""Compiles a checked rule document into an immutable Game, collecting every problem.

Each section is compiled on its own so that one run reports all the problems of a file;
a section whose prerequisites failed is skipped rather than reported twice.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

from . import nodes as n
from ..engine.cards import Deck, Points
from ..engine.game import Game
from ..engine.parts import Action, Auction, RuleSources
from ..errors import RULE_FILE, Problem, RuleRuntimeError
from .card_names import in_language
from .compile_cards import CardSections
from .compile_deal import DealSections
from .compile_play import PlaySections
from .compile_scoring import ScoringSections
from .compile_support import _names, _Skip, call_text
from .wording import wording_for
from .expressions import Compiled, ExpressionCompiler, ExprProblem, Fn, Scope, _words
from .source import Source
from .syntax import SyntaxProblem, parse


_UNSET = object()   # a let not computed yet (None is a value a let may have)


def _remembered(name: str, fn: Fn) -> Fn:
    """A let's value, computed once while a deal is settled (the state's ``memo`` is a dict then;
    during play it is None and every use computes it afresh, since the state keeps changing)."""
    def value(s):
        memo = s.memo
        if memo is None:
            return fn(s)
        found = memo.get(name, _UNSET)
        if found is _UNSET:
            found = memo[name] = fn(s)
        return found
    return value


class Compiler(CardSections, DealSections, PlaySections, ScoringSections):
    """Compiles the sections in dependency order (compile_cards, compile_deal, compile_play,
    compile_scoring hold them); a section that fails is skipped, its problems recorded."""

    def __init__(self, source: Source, broken: set[str], variant: str = "", variants: tuple[str, ...] = ()):
        self.source = source
        self.doc = source.data
        self.broken = broken          # top-level keys that failed the schema check
        self.problems: list[Problem] = []
        self.generated: list[tuple[tuple, str]] = []   # (where in the file, generated source) per rule string
        self.trees: dict[tuple, Any] = {}               # (where in the file) → the rule string as parsed
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

    def warn(self, path: tuple, message: str, hint: str = "", key: bool = False) -> None:
        self.problems.append(replace(self.source.problem(path, message, hint, key=key), warning=True))

    def parse(self, path: tuple, start: str) -> Any:
        text = self.source.value_at(path)
        try:
            tree = parse(str(text), start)
        except SyntaxProblem as err:
            self.report_in(path, err.pos, err.message, err.hint)
            raise _Skip from None
        if isinstance(tree, n.Clause):
            self.trees[path + ("cards",)] = tree.select
            if tree.when is not None:
                self.trees[path + ("when",)] = tree.when
        else:
            self.trees[path] = tree
        return tree

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
        strength_ok = len(self.problems)
        rule, points_by_trump = self.ranking(deck, (), None)
        ordered = len(self.problems) == strength_ok and "order" not in self.broken
        named = {}
        if "rankings" in doc and "rankings" not in self.broken:
            for name in doc["rankings"]:
                named[str(name)] = self.ranking(deck, ("rankings", name), (rule, points_by_trump))
        play = doc.get("play") if "play" not in self.broken else None
        marks = self.section(self.marks, {})
        keep_pays = self.section(lambda: self.keep_pays(), Fraction(0))
        # one scale for the card points of every ranking, so that points won add up whatever the call
        every_value = [v for _, rows in named.values() for row in rows for v in row] + [keep_pays]
        points_table = Points.build(points_by_trump, *every_value)
        rankings = {name: (r, Points.build(rows, *every_value, *[v for row in points_by_trump for v in row]))
                    for name, (r, rows) in named.items()}
        draws = tuple(list(piles).index(p) for p in (play or {}).get("draw", []) if p in piles)
        scope = Scope(deck, rule, tuple(teams), tuple(team_of), points_table, players,
                      tuple(piles), draws, tuple(marks), tuple(marks.values()))
        scope.rankings = tuple(rankings)
        scope.schedule = self.schedule()
        exprs = ExpressionCompiler(scope)
        for index, (name, spec) in enumerate((doc.get("counters") or {}).items() if "counters" not in self.broken else ()):
            scope.counters[str(name)] = (index, str(spec.get("of", "team")))
        lets = self.section(lambda: self.lets(exprs, scope), ())
        facts = self.section(lambda: self.facts(exprs), None) if "facts" in doc else None
        if "words" in doc:
            self.section(self.words, None)
        team_rules = self.section(lambda: self.team_rules(exprs), None) if formed else None
        annul_when = self.section(lambda: self.need("annul when") or self.expr(exprs, ("annul when",), "bool").fn, None) \
            if "annul when" in doc else None
        transfers = self.section(lambda: self.transfers(exprs, piles), ()) if "transfers" in doc else ()
        starts = self.section(lambda: self.counter_starts(players, len(teams)), ())
        plan, hand_size, pile_sizes, leftover, deal_sizes = self.section(
            lambda: self.deal(exprs, deck, players, piles, scope.schedule, starts), ((), 0, (), 0, None))
        auction = self.section(lambda: self.auction(exprs, players, piles, leftover), None) \
            if "auction" in doc else None
        if transfers and deal_sizes is not None:
            self.transfers_fit(transfers, deal_sizes, players, scope.schedule, starts)
        if "auction" not in doc and leftover and plan:
            self.report(("deal",), f"the deal hands out {deck.size - leftover} of the {deck.size} cards",
                        "add 'rest to <pile>' for the cards that are not dealt")
        mark_starts = self.section(lambda: self.mark_starts(exprs, marks), ())
        played = self.section(lambda: self.play(exprs, piles, marks), None)
        awards = self.section(lambda: self.scoring(exprs, scope), ())
        counters = self.section(lambda: self.counters(exprs, scope), ()) if "counters" in doc else ()
        match = self.section(lambda: self.match(exprs), None)
        if formed and team_rules is None or "annul when" in doc and annul_when is None or "annul when" in self.broken:
            return None
        if any(not p.warning for p in self.problems) or self.broken or not ordered or played is None or match is None:
            return None
        return Game(
            name=Path(self.source.path).stem, title=str(doc["game"]), about=in_language(doc.get("about") or "", "en").strip(),
            path=self.source.path, variant=self.variant, variants=self.variants, players=players,
            direction=str(doc.get("direction", "clockwise")),
            team_names=tuple(team_names), teams=tuple(teams), team_of=tuple(team_of), deck=deck,
            points_table=scope.points, pile_names=tuple(piles), pile_public=tuple(piles.values()),
            pile_sizes=pile_sizes, deal_plan=plan, hand_size=hand_size, trick_rule=rule, auction=auction,
            lets=lets, awards=awards, match=match, mark_names=tuple(marks), mark_types=tuple(marks.values()),
            transfers=transfers, annul_when=annul_when, team_rules=team_rules, counters=counters,
            rankings=tuple(rankings.values()), code=RuleSources(dict(self.generated), exprs.namespace),
            deal_sizes=deal_sizes, mark_starts=mark_starts, trees=dict(self.trees), facts=facts,
            names_read=frozenset().union(*map(_names, self.trees.values())), wording=wording_for(doc, deck),
            actions=self.actions(deck, auction, played["declarations"], played["side_actions"], transfers,
                                 played["shows"], played["melds"]), **played,
        )

    def actions(self, deck: Deck, auction: Auction | None, declarations, side_actions, transfers,
                shows, melds) -> tuple[Action, ...]:
        """Every action of the game, built once; card plays come first, indexed by card, pass last."""
        table = [Action("play", c, text=f"play {code}") for c, code in enumerate(deck.codes)]
        for d, meld in enumerate(declarations):
            for s, mask in enumerate(deck.suit_masks):
                for c in range(deck.size):
                    if (meld.cards & mask) >> c & 1:
                        table.append(Action("declare", c, d, s, f"play {deck.codes[c]} {meld.name}"))
        for k, spec in enumerate(auction.calls if auction else ()):
            numbers = spec.numbers if spec.numbers is not None else (None,)
            suits = tuple(enumerate(deck.suit_codes)) if spec.for_suit is not None else ((-1, None),)
            table.extend(Action("call", -1, k, s, call_text(spec.name, v, code), -1 if v is None else v)
                         for v in numbers for s, code in suits)
        table.extend(Action("double", -1, k, -1, name) for k, name in enumerate(auction.doubles if auction else ()))
        for k, spec in enumerate(side_actions):
            if spec.cards:
                table.extend(Action("act", c, k, -1, f"{spec.name} {deck.codes[c]}")      # one per code, not per copy
                             for c in range(deck.distinct_size) if deck.copy_masks[c] & spec.cards)
            else:
                table.append(Action("act", -1, k, -1, spec.name))
        for k, spec in enumerate(transfers):
            table.extend(Action("give", c, k, -1, f"{spec.said} {code}") for c, code in enumerate(deck.codes))
        table.extend(Action("show", -1, k, -1, spec.name) for k, spec in enumerate(shows))
        if shows:
            table.extend(Action("reveal", c, -1, -1, f"show {code}") for c, code in enumerate(deck.codes))
        if melds is not None and melds.at == "first turn":
            table.append(Action("meld", text="announce"))
        if auction is not None and any(r.ends == "in duels" for r in auction.rounds):
            table.append(Action("hold", text="hold"))
        table.append(Action("pass", text="pass"))
        return tuple(table)

    def mark_starts(self, exprs: ExpressionCompiler, marks: dict[str, str]) -> tuple[tuple[int, Fn], ...]:
        """The marks that start a deal with a value ('start'), by index, each a rule-language
        value of the mark's type."""
        found, failed = [], False
        for index, (name, spec) in enumerate((self.doc.get("marks") or {}).items()):
            if isinstance(spec, dict) and "start" in spec and str(name) in marks:   # not when 'marks' failed
                try:
                    found.append((index, self.expr(exprs, ("marks", name, "start"), marks[str(name)]).fn))
                except _Skip:
                    failed = True
        if failed:
            raise _Skip
        return tuple(found)

    def section(self, build: Callable[[], Any], fallback: Any) -> Any:
        """Build one section; on failure (already reported) carry on with ``fallback``."""
        try:
            return build()
        except _Skip:
            return fallback

    def counter_starts(self, players: int, teams: int) -> tuple[tuple[Fraction, ...], ...]:
        """Each counter's value before the first deal, as Rules.counter_starts gives it: what the
        numbers of a deal that changes may read of the counters when the file is checked."""
        self.need("counters")
        return tuple((Fraction(str(spec.get("start", 0))),) * (players if spec.get("of", "team") == "seat" else teams)
                     for spec in (self.doc.get("counters") or {}).values())

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

    def lets(self, exprs: ExpressionCompiler, scope: Scope) -> tuple[tuple[str, str, Fn], ...]:
        """Named values and functions of one or more parameters, usable by every later expression."""
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
            params = _parameters(param.rstrip(")"))
            path = ("let", key)
            if name in scope.pile_names or name in scope.mark_names:
                self.report(path, f"'{name}' is already a pile or mark name and cannot be redefined", key=True)
                failed = True
                continue
            if name in exprs.builtins:      # the language may grow a built-in a file already uses as its own name
                self.warn(path, f"'{name}' is also a built-in: in this file the let takes its place",
                          f"rename the let to use the built-in {exprs.builtins[name].example}", key=True)
            wrong = [p for p, kind in params if kind is None]
            if wrong or len({p for p, _ in params}) < len(params):
                self.report(path, f"a function's parameter is 'seat', 'team', 'suit' or 'number', or a name ending "
                            f"in one of them ('first_seat'), each once; found '{wrong[0] if wrong else param.rstrip(')')}'",
                            "write e.g. total(seat): points(seat) + melds(seat), or gap(seat, other_seat)", key=True)
                failed = True
                continue
            try:
                if params:
                    for p, kind in params:
                        scope.bound[p] = kind
                    try:
                        self.expr(exprs, path, "num|bool|seat|team|set|suit|none")   # checked once, inlined where called
                    finally:
                        for p, _ in params:
                            del scope.bound[p]
                    scope.functions[name] = (tuple(params), self.parse(path, "expr"))
                    continue
                compiled = self.expr(exprs, path, "num|bool|seat|team|set|suit|none")
            except _Skip:
                failed = True
                self.failed_lets.add(name)
                continue
            compiled = Compiled(_remembered(name, compiled.fn), compiled.type)
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

    def expr(self, exprs: ExpressionCompiler, path: tuple, want: str, start: str = "expr") -> Compiled:
        value = self.source.value_at(path)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            exact = Fraction(str(value))
            constant = int(exact) if exact.denominator == 1 else exact
            if want != "num":
                self.report(path, f"expected {_words(want)}, found the number {value}")
                raise _Skip
            written = str(constant) if exact.denominator == 1 else f"Fraction({exact.numerator}, {exact.denominator})"
            self.generated.append((path, written))
            return Compiled(lambda s: constant, "num", written)
        tree = self.parse(path, start)
        if _names(tree) & self.failed_lets:
            raise _Skip
        try:
            compiled = exprs.compile(tree, want)
        except ExprProblem as err:
            self.report_in(path, err.pos, err.message, err.hint)
            raise _Skip from None
        compiled.where = f"{RULE_FILE}:" + "/".join(str(key).replace("/", "%2F") for key in path)
        self.check_constant(path, tree, compiled)
        if compiled.src is not None:
            self.generated.append((path, compiled.src))
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



_PARAMETER_TYPES = {"seat": "seat", "team": "team", "suit": "suit", "number": "num"}


def _parameters(text: str) -> list[tuple[str, str | None]]:
    """A let function's parameters, ``seat, other_seat``: each name with its type, read off the
    name (a type, or a name ending in _TYPE); None for a name that says no type."""
    found = []
    for word in (w.strip() for w in text.split(",")) if text.strip() else ():
        kind = _PARAMETER_TYPES.get(word) or _PARAMETER_TYPES.get(word.rpartition("_")[2]) if word.isidentifier() \
            else None
        found.append((word, kind))
    return found
