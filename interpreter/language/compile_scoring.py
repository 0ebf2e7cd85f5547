"""Settling: awards, counters across deals, and the match.

Part of the Compiler (compile.py), which mixes the sections in; each reports its problems
and raises _Skip when the section cannot be compiled.
"""
from __future__ import annotations

from fractions import Fraction

from ..digits import whole_number
from ..engine.parts import Award, Counter, Fn, MatchRule
from .compile_support import _Skip
from .expressions import ExpressionCompiler, Scope


class ScoringSections:
    """Sections of the rule file, mixed into the Compiler."""

    __slots__ = ()

    def facts(self, exprs: ExpressionCompiler) -> tuple[tuple[str, str, Fn], ...]:
        """The values of a finished deal shown to players, in order: label, kind, function."""
        self.need("facts", "let")
        found = []
        failed = False
        for label in self.doc["facts"]:
            try:
                compiled = self.expr(exprs, ("facts", label), "num|bool|seat|team|set|suit|none")
            except _Skip:
                failed = True
                continue
            found.append((str(label), compiled.type, compiled.fn))
        if failed:
            raise _Skip
        return tuple(found)

    def words(self) -> None:
        """The rules page's own words: each must stand for a rule that exists (a let, an
        award, a clause), so that words left behind by an edit are reported, not ignored."""
        self.need("words")
        doc = self.doc
        lets = {str(k).partition("(")[0].strip(): str(k) for k in _mapping(doc.get("let"))}
        lets.update((str(k), str(k)) for k in _mapping(doc.get("marks")))
        award_list = _mapping(doc.get("scoring")).get("award")
        awards = [str(a.get("rule")) for a in (award_list if isinstance(award_list, list) else []) if isinstance(a, dict)]
        play = _mapping(doc.get("play"))
        clauses = {key: len(play[key]) if isinstance(play.get(key), list) else int(key in play)
                   for key in ("follow", "may lead")}
        for key in _mapping(doc["words"]):
            text = str(key)
            name = text.removeprefix("not ")
            if text.startswith("award "):
                ok, known = text[6:] in awards, "awards: " + ", ".join(awards)
            elif text.startswith(("follow ", "may lead ")):
                kind, _, number = text.rpartition(" ")
                ok = (whole_number(number) or 0) >= 1 and int(number) <= clauses[kind]
                known = f"'{kind}' has {clauses[kind]} clause(s), numbered from 1"
            else:
                ok = name in lets.values() or (name in lets and "(" not in lets[name])
                known = "lets and marks: " + ", ".join(lets.values()) if lets else "the file has no let or mark"
            if not ok:
                self.report(("words", key), f"'words' has '{text}', which stands for no rule of the file",
                            f"a key is a let's or a mark's name (or 'not NAME'), 'award RULE', 'follow N' or 'may lead N'; "
                            f"{known}",
                            key=True)

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
        schedule = self.schedule()
        if schedule and "deals" in match:
            self.report(("match", "deals"), "'deals' and 'schedule' both say how many deals the match has",
                        f"remove 'deals': the schedule has {len(schedule)}", key=True)
            raise _Skip
        deals = int(match["deals"]) if "deals" in match else len(schedule) if schedule else (None if until else 1)
        return MatchRule(deals, until, Fraction(str(match.get("start", 0))), match.get("count") == "down",
                         next_dealer, match.get("winner", "highest") == "highest", schedule)

    def schedule(self) -> tuple[int, ...]:
        """match.schedule laid out: one number per deal; runs {from, to} count up or down."""
        if "match" in self.broken:
            return ()
        numbers: list[int] = []
        for item in (self.doc.get("match") or {}).get("schedule") or ():
            if isinstance(item, dict):
                low, high = int(item["from"]), int(item["to"])
                numbers.extend(range(low, high + 1) if low <= high else range(low, high - 1, -1))
            else:
                numbers.append(int(item))
        return tuple(numbers[:10_000])


def _mapping(value: object) -> dict:
    """A section of the document as a mapping, or empty when it is not one (reported elsewhere)."""
    return value if isinstance(value, dict) else {}
