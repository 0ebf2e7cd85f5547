"""Settling a finished deal: the awards of the rule file, as scores per seat and team, with why."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..errors import RULE_ERRORS, IllegalActionError, RuleRuntimeError, reraise_rule_error
from .cards import whole


WON_BY = "won by"   # the breakdown's key of the team that won the deal: no name of a rule file has a space


@dataclass(frozen=True)
class Reason:
    rule: str
    to: str           # who received the points, e.g. "North-South" or "seat 2"
    points: int | Fraction


class Result:
    """A settled deal: scores per seat and per team, why, the named facts of the rule file, and a
    ``breakdown`` per seat and team (tricks, card points, melds, shown, each award by rule, score).

    ``reasons``, ``facts`` and ``breakdown`` are worked out when first read (a playout that wants
    only the scores does not pay for them); two results are equal when their scores, reasons and
    facts are.
    """

    __slots__ = ("seat_scores", "team_scores", "_reasons", "_facts", "_breakdown", "_later", "_reasons_later")

    def __init__(self, seat_scores: tuple, team_scores: tuple, reasons: tuple[Reason, ...],
                 facts: dict[str, Any] | None = None, breakdown: dict[str, Any] | None = None):
        self.seat_scores: tuple[int | Fraction, ...] = seat_scores   # whole numbers as ints
        self.team_scores: tuple[int | Fraction, ...] = team_scores
        self._reasons = reasons
        self._facts = {} if facts is None else facts
        self._breakdown = {} if breakdown is None else breakdown
        self._later: Callable[[], tuple[dict, dict]] | None = None
        self._reasons_later: Callable[[], tuple[Reason, ...]] | None = None

    @classmethod
    def later(cls, seat_scores: tuple, team_scores: tuple, reasons: Callable[[], tuple[Reason, ...]],
              details: Callable[[], tuple[dict, dict]]) -> Result:
        """A result whose reasons ``reasons()`` gives, and facts and breakdown ``details()``,
        when they are first read. (Every deal settled makes one: its fields are set here
        directly, the facts and breakdown left empty until ``details()`` fills them.)"""
        result = cls.__new__(cls)
        result.seat_scores, result.team_scores = seat_scores, team_scores
        result._reasons = result._facts = result._breakdown = None
        result._reasons_later, result._later = reasons, details
        return result

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Each award given, in the rule file's order: its rule, who received it, the points."""
        if self._reasons_later is not None:
            try:
                self._reasons = self._reasons_later()
            except RULE_ERRORS as err:
                reraise_rule_error(err)
            self._reasons_later = None
        return self._reasons

    def _details(self) -> None:
        if self._later is not None:
            try:
                self._facts, self._breakdown = self._later()
            except RULE_ERRORS as err:
                reraise_rule_error(err)
            self._later = None

    @property
    def facts(self) -> dict[str, Any]:
        self._details()
        return self._facts

    @property
    def breakdown(self) -> dict[str, Any]:
        self._details()
        return self._breakdown

    @property
    def shown_facts(self) -> list[dict[str, Any]]:
        """The deal's values players see, in the rule file's order: label, kind and value each
        (its 'facts'; without them, each mark and let by its name)."""
        return self.breakdown.get("facts", [])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return (self.seat_scores, self.team_scores, self.reasons, self.facts) == \
            (other.seat_scores, other.team_scores, other.reasons, other.facts)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Result(seat_scores={self.seat_scores!r}, team_scores={self.team_scores!r}, "
                f"reasons={self.reasons!r}, facts={self.facts!r})")

    def __reduce__(self):
        return Result, (self.seat_scores, self.team_scores, self.reasons, self.facts, self.breakdown)

    def to_json(self) -> dict:
        return {
            "seats": [_num(x) for x in self.seat_scores],
            "teams": [_num(x) for x in self.team_scores],
            "reasons": [{"rule": r.rule, "to": r.to, "points": _num(r.points)} for r in self.reasons],
            "facts": {k: (_num(v) if isinstance(v, Fraction) else v) for k, v in self.facts.items()},
        }


def _num(x) -> int | str:
    """Exact numbers in JSON: whole numbers as ints, others as text like '51/2'."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else str(x)


class Settlement:
    """The settlement, mixed into State."""

    __slots__ = ()

    def result(self) -> Result:
        """The settled score of a finished deal, with the rules that gave it."""
        if self.current is not None:
            raise IllegalActionError("the deal is not over yet")
        self.memo = {}  # each let is computed once while the deal is settled
        try:
            return self._settle()
        except RULE_ERRORS as err:
            reraise_rule_error(err)
        finally:
            self.memo = None

    def _settle(self) -> Result:
        if self.annulled:
            return Result((0,) * self.game.players, (0,) * len(self.teams), (), {"annulled": True},
                          {"annulled": True})
        given = self._award_list()
        seat_scores: list[int | Fraction] = [0] * self.game.players
        team_scores: list[int | Fraction] = [0] * len(self.teams)
        team_of = self.team_of
        for i, (kind, who, points, rule) in enumerate(given):
            if type(points) is Fraction:
                points = whole(points)              # whole numbers as ints: no Fraction arithmetic after
                given[i] = (kind, who, points, rule)
            if kind == "team":
                team_scores[who] += points
                for seat in self.teams[who]:
                    seat_scores[seat] += points
            else:
                seat_scores[who] += points
                team_scores[team_of[who]] += points
        return Result.later(tuple(seat_scores), tuple(team_scores),                      # a finished deal stays as it is
                            lambda: self._reason_list(given), lambda: self._details(seat_scores, team_scores, given))

    def _reason_list(self, given: list[tuple[str, int, Any, str]]) -> tuple[Reason, ...]:
        names = self.game.team_names
        return tuple(Reason(rule, names[who] if kind == "team" else f"seat {who}", points)
                     for kind, who, points, rule in given)

    def _details(self, seat_scores, team_scores, given) -> tuple[dict, dict]:
        """The named facts of a settled deal (its lets, marks, taker, trump) and its breakdown."""
        self.memo = {}
        try:
            facts, breakdown = self._facts(), self._breakdown(seat_scores, team_scores, given)
            breakdown["facts"] = self._shown_facts(facts)
            return facts, breakdown
        finally:
            self.memo = None

    def _shown_facts(self, facts: dict[str, Any]) -> list[dict[str, Any]]:
        """The rule file's 'facts' (label, kind, value each); where it has none, its marks and lets."""
        game = self.game
        if game.facts is not None:
            return [{"label": label, "kind": kind, "value": self._fact(kind, _or_none(fn, self))}
                    for label, kind, fn in game.facts]
        named = list(zip(game.mark_names, game.mark_types)) + [(name, kind) for name, kind, _ in game.lets]
        return [{"label": name, "kind": kind, "value": facts.get(name)} for name, kind in named]

    def _facts(self) -> dict[str, Any]:
        game = self.game
        facts: dict[str, Any] = {"tricks": list(self.tricks),
                                 "trick_winners": [None if w < 0 else w for w in self.winners]}
        if self.taker is not None:
            facts["taker"] = self.taker
        if self.trump >= 0:
            facts["trump"] = game.deck.suit_codes[self.trump]
        for name, value in zip(game.mark_names, self.marks):
            facts[name] = self._fact(game.mark_types[game.mark_names.index(name)], value)
        for name, kind, fn in game.lets:
            try:
                value = fn(self)
            except RuleRuntimeError:      # e.g. a division by zero: the awards of this deal did not read it
                value = None              # (the settlement computes a let only where read, and fails there)
            facts[name] = self._fact(kind, value)
        return facts

    def _award_list(self) -> list[tuple[str, int, Any, str]]:
        """Every award the finished deal earns, in the rule file's order, as (kind, who,
        points, rule): kind "seat" or "team". The generated engine writes this out per game."""
        game = self.game
        found = []
        for award in game.awards:
            if award.when is not None and not award.when(self):
                continue
            if award.each:
                count = len(self.teams) if award.to_kind == "team" else game.players
                for who in range(count):
                    self.bound = {"it": who}
                    points = award.points(self)
                    if points:
                        found.append((award.to_kind, who, points, award.rule))
                self.bound = {}
                continue
            who = award.to(self)
            if who is not None:
                found.append((award.to_kind, who, award.points(self), award.rule))
        return found

    def team_scores(self) -> list:
        """The teams' scores of the finished deal, as result() gives them, without its facts,
        reasons and breakdown: what a searching player needs after each playout."""
        if self.current is not None:
            raise IllegalActionError("the deal is not over yet")
        scores = [0] * len(self.teams)
        if self.annulled:
            return scores
        team_of = self.team_of
        self.memo = {}
        try:
            for kind, who, points, _ in self._award_list():
                scores[who if kind == "team" else team_of[who]] += points
        finally:
            self.memo = None
        return scores

    def next_counters(self) -> tuple[tuple[Fraction, ...], ...]:
        """The match's counters after this deal (their 'then' values, with 'it' bound)."""
        values = []
        for counter, now in zip(self.game.counters, self.counters):
            row = []
            for who in range(len(now)):
                self.bound = {"it": who}
                row.append(counter.then(self))
            self.bound = {}
            values.append(tuple(row))
        return tuple(values)

    def _breakdown(self, seat_scores, team_scores, given) -> dict[str, Any]:
        """Per seat and team: what each won and was given (``given``: the awards as _settle
        counted them), so no caller rebuilds it from the history."""
        game = self.game
        seat_awards: list[dict[str, int | Fraction]] = [{} for _ in range(game.players)]
        team_awards: list[dict[str, int | Fraction]] = [{} for _ in self.teams]
        for kind, who, points, rule in given:
            team, seats = (who, self.teams[who]) if kind == "team" else (self.team_of[who], (who,))
            team_awards[team][rule] = team_awards[team].get(rule, 0) + points
            for seat in seats:
                seat_awards[seat][rule] = seat_awards[seat].get(rule, 0) + points
        scale = game.points_table.scale
        card_points = list(self.scored) if scale == 1 else [Fraction(x, scale) for x in self.scored]
        seats = [{"seat": s, "team": game.team_names[self.team_of[s]], "tricks": self.tricks[s],
                  "card_points": card_points[s], "melds": self.melds[s], "shown": self.shown[s],
                  "awards": seat_awards[s], "score": seat_scores[s]} for s in range(game.players)]
        teams = [{"team": game.team_names[t], "seats": list(members),
                  "tricks": sum(self.tricks[s] for s in members),
                  "card_points": sum(card_points[s] for s in members),
                  "melds": sum(self.melds[s] for s in members),
                  "shown": sum(self.shown[s] for s in members),
                  "awards": team_awards[t], "score": team_scores[t]} for t, members in enumerate(self.teams)]
        return {WON_BY: _deal_winner(game, team_scores), "taker": self.taker,
                "call": None if self.call is None else self.call.text,
                "contract": self.contract if game.auction is not None else None,
                "trump": game.deck.suit_codes[self.trump] if self.trump >= 0 else None,
                "seats": seats, "teams": teams}

    def _fact(self, kind: str, value: Any) -> Any:
        """A named value as a person reads it: team names, suit and card codes."""
        if value is None or kind in ("num", "bool", "seat"):
            return value
        deck = self.game.deck
        if kind == "team":
            return self.game.team_names[value]
        if kind == "suit":
            return deck.suit_codes[value]
        return deck.text(value)


def _deal_winner(game, team_scores) -> str | None:
    """The team that won the deal by its score (the higher, or the lower where the lowest match
    score wins and deal scores add up); None when the best scores are equal."""
    leaders = best_of(team_scores, game.match.high_wins != game.match.down)
    return game.team_names[leaders[0]] if len(leaders) == 1 else None


def best_of(scores, higher: bool) -> list[int]:
    """The indices of the best scores, the highest or the lowest (several when they are equal)."""
    best = max(scores) if higher else min(scores)
    return [t for t, x in enumerate(scores) if x == best]


def _or_none(fn, state) -> Any:
    """A shown value, or None where it cannot be worked out in this deal (a division by zero):
    as a let that the awards did not read."""
    try:
        return fn(state)
    except RuleRuntimeError:
        return None
