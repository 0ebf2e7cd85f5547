"""Dealing and what comes before play: the deal plans, the auction and the transfers.

Part of the Compiler (compile.py), which mixes the sections in; each reports its problems
and raises _Skip when the section cannot be compiled.
"""
from __future__ import annotations

from fractions import Fraction
import re

from . import nodes as n
from ..engine.cards import Deck
from ..engine.deal_plans import MatchView, PlanStep, cards_taken, expand, sizes
from ..engine.parts import Action, Auction, AuctionRound, CallSpec, DealStep, Standing, Transfer
from ..errors import RuleRuntimeError
from .compile_support import _Skip, call_text
from .expressions import ExpressionCompiler, ExprProblem, Fn


class DealSections:
    """Sections of the rule file, mixed into the Compiler."""

    __slots__ = ()

    def deal(self, exprs: ExpressionCompiler, deck: Deck, players: int, piles: dict[str, bool],
             schedule: tuple[int, ...], counter_starts: tuple) -> tuple[tuple[DealStep, ...], int, tuple[int, ...], int,
                                                                      tuple[PlanStep, ...] | None]:
        """The first deal's plan, each hand's size, each pile's size, the cards left in the pack,
        and the pattern when its numbers change from deal to deal (else None)."""
        self.need("deal", "piles")
        pattern = self.deal_pattern(exprs, ("deal",), players, piles)
        sized = any(step.sized for step in pattern)
        if sized and not (pattern[-1].kind == "pile" and pattern[-1].count is None):
            self.report(("deal",), "a deal whose numbers of cards change from deal to deal must end with 'rest to PILE'",
                        "e.g. (scheduled) x (1 each), 1 to turnup, rest to stock: the cards left over differ by deal")
            raise _Skip
        # a deal that changes is checked as each deal of the schedule would lay it out (or the first twenty)
        numbers = range(1, (len(schedule) if schedule else 20) + 1) if sized else (1,)
        plans = []
        for number in numbers:
            try:
                plans.append(expand(pattern, players, MatchView(Standing(number), number % players, counter_starts)))
            except RuleRuntimeError as err:
                self.report(("deal",), f"{err} (deal {number} of the match)")
                raise _Skip from None
            except (AttributeError, TypeError, KeyError, IndexError):
                self.report(("deal",), "a number of cards in the deal may read only where the match stands: "
                            "deal_number, scheduled, players, the dealer, the counters, max_score(), min_score()",
                            "the cards are not dealt yet: hands, tricks and the auction come later")
                raise _Skip from None
        for number, plan in zip(numbers, plans):
            which = f" in deal {number} of the match" if sized else ""
            fixed = cards_taken(plan, players)
            if fixed > deck.size:
                self.report(("deal",), f"the deal hands out {fixed} cards{which} but the deck has only {deck.size}")
                raise _Skip
            rests = self.rest_steps(plan)
            if len(rests) > 1 or (rests and rests[0] != len(plan) - 1):
                self.report(("deal",), "'rest to' must come once, as the last step of the deal")
                raise _Skip
        plan = plans[0]
        hand, pile_sizes, leftover = sizes(plan, players, deck.size, len(piles))
        return plan, hand, pile_sizes, leftover, (pattern if sized else None)

    def deal_plan(self, exprs: ExpressionCompiler, path: tuple, players: int,
                  piles: dict[str, bool]) -> tuple[DealStep, ...]:
        """A deal of fixed numbers (after the auction, or during play), laid out once."""
        pattern = self.deal_pattern(exprs, path, players, piles)
        sized = next((step for step in pattern if step.sized), None)
        if sized is not None:
            self.report(path, "only the first 'deal' may give its numbers of cards as expressions of the match",
                        "write the numbers here")
            raise _Skip
        return expand(pattern, players)

    def deal_pattern(self, exprs: ExpressionCompiler, path: tuple, players: int,
                     piles: dict[str, bool]) -> tuple[PlanStep, ...]:
        tree: n.Deal = self.parse(path, "deal")
        names = list(piles)
        ok = True

        def seat_fn(name: str, pos: n.Pos) -> Fn:
            try:
                return exprs.compile(n.Name(name, pos), "seat").fn
            except ExprProblem as err:
                self.report_in(path, err.pos, err.message, err.hint)
                raise _Skip from None

        def count(given) -> int | Fn:
            if not isinstance(given, n.Sized):
                return given
            try:
                return exprs.compile(given.expr, "num").fn
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

        def steps_of(steps, depth: int = 0) -> tuple[PlanStep, ...]:
            nonlocal ok
            out = []
            for step in steps:
                if isinstance(step, n.Repeat):
                    if not any(isinstance(x, (n.Each, n.EachBut, n.ToPile)) for x in step.steps):
                        self.report_in(path, step.pos, "a repeated group must deal a number of cards")
                        ok = False
                    elif depth > 3:
                        self.report_in(path, step.pos, "repeated groups nest at most four deep; this one is the fifth",
                                       "write an inner group out, e.g. '2 x (1 each)' as '1 each, 1 each'")
                        ok = False
                    elif isinstance(step.times, int) and step.times * len(step.steps) > 10_000:
                        self.report_in(path, step.pos, f"{step.times} rounds of this group deal more cards than any deck holds")
                        ok = False
                    else:
                        out.append(PlanStep("repeat", count(step.times), steps=steps_of(step.steps, depth + 1)))
                elif isinstance(step, n.Each):
                    out.append(PlanStep("each", count(step.count)))
                elif isinstance(step, n.EachBut):
                    out.append(PlanStep("each", count(step.count), seat=seat_fn(step.seat, step.pos),
                                        other=count(step.other)))
                elif isinstance(step, n.ShowPile):
                    pile = pile_index(step.pile, step.pos)
                    if pile is not None:
                        out.append(PlanStep("show", pile=pile))
                elif isinstance(step, n.PileToSeat):
                    pile = pile_index(step.pile, step.pos)
                    if pile is not None:
                        out.append(PlanStep("move", pile=pile, seat=seat_fn(step.seat, step.seat_pos)))
                else:
                    pile = pile_index(step.pile, step.pos)
                    if pile is not None:
                        given = getattr(step, "count", None)
                        out.append(PlanStep("pile", None if given is None else count(given), pile=pile))
            return tuple(out)

        pattern = steps_of(tree.steps)
        if not ok:
            raise _Skip
        return pattern

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
                    numbers = self.numbers(path + ("for each number",), call["for each number"])
                    if numbers is None:
                        failed = True
                        continue
                if per_suit:
                    exprs.scope.bound["suit"] = "suit"
                if numbers:
                    exprs.scope.bound["number"] = "num"
                try:
                    for_suit = self.expr(exprs, path + ("for each suit",), "bool").fn if per_suit else None
                    trump = self.expr(exprs, path + ("trump",), "suit").fn if "trump" in call else None
                    when = self.expr(exprs, path + ("when",), "bool").fn if "when" in call else None
                    value = call.get("value")    # a number, or rule language of the call's suit and number
                    value = self.expr(exprs, path + ("value",), "num").fn if isinstance(value, str) else \
                        None if value is None else Fraction(str(value))
                except _Skip:
                    failed = True
                    continue
                finally:
                    exprs.scope.bound.pop("suit", None)
                    exprs.scope.bound.pop("number", None)
                if not self.call_template(path, str(name), per_suit, numbers is not None):
                    failed = True
                    continue
                own_deal = None
                if "then deal" in call:
                    try:
                        own_deal = self.deal_plan(exprs, path + ("then deal",), players, piles)
                    except _Skip:
                        failed = True
                        continue
                    if not self.deals_the_rest(path + ("then deal",), own_deal, players, leftover, "this call's deal"):
                        failed = True
                ranking = None
                if "ranking" in call:
                    try:
                        ranking = self.ranking_index(exprs, path + ("ranking",), call["ranking"])
                    except _Skip:
                        failed = True
                        continue
                indices.append(len(calls))
                calls.append(CallSpec(str(name), for_suit, trump, value, own_deal, numbers, when, ranking))
            may_pass = round_spec.get("pass", True)
            if isinstance(may_pass, str):
                try:
                    may_pass = self.expr(exprs, ("auction", "rounds", r, "pass"), "bool").fn
                except _Skip:
                    failed = True
            ends = round_spec.get("ends", "at the first call")
            rising = round_spec.get("rising", True) is not False
            passes = int(ends.split()[1]) if ends.startswith("after ") and ends.endswith(("pass", "passes")) else 0
            if passes >= players:
                self.report(("auction", "rounds", r, "ends"), f"'{ends}': with {players} players at most "
                            f"{players - 1} can pass in a row after a call", f"e.g. ends: after {players - 1} passes")
                failed = True
            if passes and not rising:
                self.report(("auction", "rounds", r, "rising"), "a round that ends after passes needs rising calls: "
                            "each call must beat the one before", "remove 'rising: false'")
                failed = True
            if ends == "in duels" and not rising:
                self.report(("auction", "rounds", r, "rising"), "a round 'in duels' needs rising calls: each call "
                            "must beat the value held", "remove 'rising: false'")
                failed = True
            valueless = [calls[i].name for i in indices if calls[i].value is None and not calls[i].numbers]
            if ends == "in duels" and len(indices) == len(round_spec["calls"]) and valueless:
                self.report(("auction", "rounds", r, "calls", valueless[0]), f"'{valueless[0]}' has no value, but a "
                            "round 'in duels' needs calls with values ('value' or 'for each number'): a duel is won "
                            "by calling higher",
                            "e.g. bid: {for each number: [18, 20, 22]}")
                failed = True
            who = None
            if "who" in round_spec:
                if passes or ends == "in duels":
                    self.report(("auction", "rounds", r, "who"), f"'who' needs a round that ends 'at the first call' "
                                f"or 'after one turn each', not '{ends}'", key=True)
                    failed = True
                try:
                    who = self.expr(exprs, ("auction", "rounds", r, "who"), "bool").fn
                except _Skip:
                    failed = True
            to_next_round = round_spec.get("leads to", "the contract") == "next round"
            if to_next_round and r == len(spec["rounds"]) - 1:
                self.report(("auction", "rounds", r, "leads to"), "'leads to: next round' on the last round: there is no "
                            "round after it to go on to", "add the round that follows, or remove 'leads to'", key=True)
                failed = True
            if to_next_round and (passes or ends == "in duels"):
                self.report(("auction", "rounds", r, "leads to"), f"'leads to: next round' needs a round that ends 'at the "
                            f"first call' or 'after one turn each', not '{ends}'", key=True)
                failed = True
            drop_out = round_spec.get("who passes", "speaks again") == "drops out"
            if drop_out and not passes:
                self.report(("auction", "rounds", r, "who passes"), f"'who passes: drops out' needs an open round, "
                            f"one that ends 'after N passes', not '{ends}'", "e.g. ends: after 3 passes", key=True)
                failed = True
            rounds.append(AuctionRound(tuple(indices), ends, may_pass, rising, passes, who, to_next_round, drop_out))
        then_deal = ()
        if "then deal" in spec:
            try:
                then_deal = self.deal_plan(exprs, ("auction", "then deal"), players, piles)
            except _Skip:
                failed = True
        every_call_deals = calls and all(c.then_deal is not None for c in calls)
        if not failed and not every_call_deals:
            where = ("auction", "then deal") if "then deal" in spec else ("auction",)
            if not self.deals_the_rest(where, then_deal, players, leftover, "the deal after the auction"):
                failed = True
        doubles = tuple(str(d) for d in spec.get("doubles", ()))
        for i, name in enumerate(doubles):
            clash = [c.name for c in calls if c.name == name] + (["pass", "hold"] if name in ("pass", "hold") else [])
            if clash:
                self.report(("auction", "doubles", i), f"the doubling call '{name}' has the name of a call: "
                            "give it a name of its own")
                failed = True
        if doubles and not any(r.passes for r in rounds):
            self.report(("auction", "doubles"), "doubling calls need an open round, one that ends 'after N passes': "
                        "there the other side can answer a call", "e.g. ends: after 3 passes", key=True)
            failed = True
        passed = spec.get("if all pass", "annul")
        default = None
        if isinstance(passed, dict):
            default = self.default_game(exprs, calls, passed)
            failed = failed or default is None
        if failed or first is None:
            raise _Skip
        return Auction(first, tuple(rounds), tuple(calls), then_deal, "default" if default else str(passed),
                       default=default, doubles=doubles, taker=str(spec.get("taker", "winning caller")))

    def default_game(self, exprs: ExpressionCompiler, calls: list[CallSpec], given: dict) -> tuple | None:
        """'if all pass: {taker, call}': the seat and the call's action it is won with."""
        path = ("auction", "if all pass")
        try:
            seat = self.expr(exprs, path + ("taker",), "seat").fn
        except _Skip:
            return None
        wanted = " ".join(str(given["call"]).split()).casefold()
        suits = tuple(enumerate(exprs.scope.deck.suit_codes))
        for k, spec in enumerate(calls):
            for number in spec.numbers if spec.numbers is not None else (None,):
                for suit, code in suits if spec.for_suit is not None else ((-1, None),):
                    text = call_text(spec.name, number, code)
                    if text.casefold() == wanted:
                        return seat, Action("call", -1, k, suit, text, -1 if number is None else number)
        examples = [call_text(c.name, c.numbers[0] if c.numbers else None,
                              exprs.scope.deck.suit_codes[0] if c.for_suit is not None else None) for c in calls]
        self.report(path + ("call",), f"'{given['call']}' is none of the auction's calls",
                    f"e.g. {', '.join(examples[:3])}")
        return None

    def call_template(self, path: tuple, name: str, per_suit: bool, per_number: bool) -> bool:
        """A call's name may hold '{number}' and '{suit}', each only for a call made per number
        or per suit, and nothing else in braces."""
        holes = re.findall(r"\{([^{}]*)\}", name)
        for hole in holes:
            if hole not in ("number", "suit") or (hole == "number" and not per_number) \
                    or (hole == "suit" and not per_suit):
                wanted = "'for each number'" if hole == "number" else "'for each suit'" if hole == "suit" else None
                self.report(path, f"the call's name holds '{{{hole}}}', " + (
                    f"but the call has no {wanted} to fill it" if wanted else
                    "which names nothing: a name may hold '{number}' and '{suit}'"), key=True)
                return False
        return True

    def ranking_index(self, exprs: ExpressionCompiler, path: tuple, name) -> int:
        """Which of the file's 'rankings' a call or an action names."""
        if str(name) not in exprs.scope.rankings:
            self.report(path, f"'ranking' names '{name}', which 'rankings' does not define",
                        f"rankings: {', '.join(exprs.scope.rankings) or 'none'}")
            raise _Skip
        return exprs.scope.rankings.index(str(name))

    def numbers(self, path: tuple, given) -> tuple[int, ...] | None:
        """'for each number': a range {from, to, step} or a list of numbers, lowest first."""
        if isinstance(given, list):
            numbers = tuple(int(v) for v in given)
            for i, (a, b) in enumerate(zip(numbers, numbers[1:])):
                if a >= b:
                    self.report(path + (i + 1,), f"{b} comes after {a}: list the numbers lowest first, each once",
                                "e.g. [18, 20, 22, 23]")
                    return None
            return numbers
        low, high, step = int(given["from"]), int(given["to"]), int(given.get("step", 1))
        if low > high or (high - low) // step > 1000:
            self.report(path, f"'from' {low} to 'to' {high} is not a range of at most 1000 numbers, lowest first")
            return None
        if (high - low) % step:
            self.report(path + ("to",), f"'to' {high} is not reached from {low} in steps of {step}",
                        f"e.g. to: {high - (high - low) % step}")
            return None
        return tuple(range(low, high + 1, step))

    def deals_the_rest(self, path: tuple, plan: tuple[DealStep, ...], players: int, leftover: int,
                       what: str) -> bool:
        """Whether a deal after the auction hands out exactly the cards the first deal left in the
        pack: its counts add up to them, or a last 'rest to' takes whatever its counts leave."""
        rests = self.rest_steps(plan)
        if len(rests) > 1 or (rests and rests[0] != len(plan) - 1):
            self.report(path, "'rest to' must come once, as the last step of the deal")
            return False
        wanted = cards_taken(plan, players)
        if wanted == leftover or (rests and wanted <= leftover):
            return True
        before = " before 'rest to'" if rests else ""
        self.report(path, f"after the first deal {leftover} card(s) stay in the pack, but {what} hands out "
                    f"{wanted}{before}", "the two deals together must hand out the whole deck")
        return False

    @staticmethod
    def rest_steps(plan: tuple[DealStep, ...]) -> list[int]:
        """Where a plan's 'rest to PILE' steps are."""
        return [i for i, step in enumerate(plan) if step.pile is not None and step.count is None]

    def transfers_fit(self, transfers: tuple[Transfer, ...], pattern: tuple[PlanStep, ...], players: int,
                      schedule: tuple[int, ...], counter_starts: tuple) -> None:
        """A deal whose numbers change must leave every hand enough cards for each transfer: a
        transfer that asks for more cards than a deal of the match gives is reported, naming
        that deal (a warning when the transfer's 'when' may keep it from that deal)."""
        numbers = range(1, (len(schedule) if schedule else 20) + 1)
        for number in numbers:
            plan = expand(pattern, players, MatchView(Standing(number), number % players, counter_starts))
            if any(step.move is not None or step.but is not None for step in plan):
                return                                  # hands of unequal sizes: left to the deal itself
            smallest = min(sum(step.count for step in plan if step.seat == seat and step.count)
                           for seat in range(players))
            for transfer in transfers:
                if transfer.count > smallest:
                    message = (f"'{transfer.name}' asks for {transfer.count} card(s), but deal {number} of the match "
                               f"deals a hand of {smallest}")
                    hint = "give fewer cards, or deal more in every deal of the match"
                    if transfer.when is None:
                        self.report(("transfers", transfer.name, "count"), message, hint)
                    else:
                        self.warn(("transfers", transfer.name, "count"), message + ", unless its 'when' keeps it "
                                  "from that deal", hint)
                    return

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
                found.append(Transfer(str(name), who, when, int(spec["count"]), cards, first, to_pile, to_seat, shown,
                                      str(spec.get("action", ""))))
            except _Skip:
                failed = True
        if failed:
            raise _Skip
        between = [t for t in found if t.who is not None and t.to_pile is None]
        if len(between) == 1:      # one seat gives cards to another, and no transfer gives any back
            self.warn(("transfers", between[0].name), f"'{between[0].name}' moves {between[0].count} card(s) from "
                      "one seat to another and no transfer gives any back: the hands are unequal in play, and a "
                      "seat will have to play with none", "give from every player in turn ('who: each') or to a "
                      "pile, or give as many back", key=True)
        return tuple(found)
