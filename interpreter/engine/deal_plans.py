"""Deal plans whose numbers of cards change from deal to deal.

A rule file's ``deal:`` may give a number as an expression of the match in parentheses
(``(scheduled) x (1 each), 1 to turnup, rest to stock``). The compiler turns such a deal into
a pattern of ``PlanStep``s whose counts are numbers or functions; as a deal begins, ``expand``
works the counts out from where the match stands (a ``MatchView``) and lays the pattern out as
the plain ``DealStep``s every deal is dealt from. A plain deal is a pattern without functions,
expanded once by the compiler.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..errors import RuleRuntimeError
from .parts import DealStep, Fn, Standing

Count = Union[int, Fn]       # a number of cards, or a function of the match that gives it

MAX_PLAN_STEPS = 10_000      # steps a pattern may expand into: more than any deck holds cards


@dataclass(frozen=True)
class PlanStep:
    """One step of a deal's pattern: ``each`` (``count`` to every seat, ``other`` to ``seat``
    when set), ``pile`` (``count`` to pile ``pile``; None: the rest), ``move`` (pile ``pile`` to
    ``seat``), ``show`` (pile ``pile`` shown) or ``repeat`` (``steps``, ``count`` times)."""

    kind: str
    count: Count | None = None
    pile: int | None = None
    seat: Fn | None = None
    other: Count | None = None
    steps: tuple[PlanStep, ...] = ()

    @property
    def sized(self) -> bool:
        """Whether some count of this step (or of the steps it repeats) is worked out per deal."""
        return any(callable(c) for c in (self.count, self.other)) or any(s.sized for s in self.steps)


class MatchView:
    """What a deal's numbers of cards may read before any card is dealt: where the match
    stands. Any other name of the state raises AttributeError (the compiler reports it)."""

    __slots__ = ("deal_number", "match_scores", "counters", "dealer", "memo", "bound")

    def __init__(self, standing: Standing | None, dealer: int, counter_starts: tuple):
        self.deal_number = 1 if standing is None else standing.deal_number
        self.match_scores = None if standing is None else standing.scores
        self.counters = counter_starts if standing is None or standing.counters is None else standing.counters
        self.dealer = dealer
        self.memo = None
        self.bound: dict = {}


def expand(pattern: tuple[PlanStep, ...], players: int, view: MatchView | None = None) -> tuple[DealStep, ...]:
    """The deal steps of a pattern, its counts worked out on ``view`` (None for a plain pattern).

    Raises RuleRuntimeError for a count that is not a whole number of at least 0 or a plan
    longer than MAX_PLAN_STEPS."""
    plan: list[DealStep] = []

    def value(count: Count) -> int:
        got = count(view) if callable(count) else count
        if got != int(got) or got < 0:
            raise RuleRuntimeError(f"a number of cards in the deal came out as {got}: it must be a whole "
                                   "number of at least 0")
        return int(got)

    def add(steps: tuple[PlanStep, ...]) -> None:
        for step in steps:
            if len(plan) > MAX_PLAN_STEPS:
                raise RuleRuntimeError(f"the deal lays out more than {MAX_PLAN_STEPS:,} steps")
            if step.kind == "repeat":
                for _ in range(value(step.count)):
                    add(step.steps)
            elif step.kind == "each":
                count = value(step.count)
                but = (step.seat, value(step.other)) if step.seat is not None else None
                plan.extend(DealStep(seat=s, count=count, but=but) for s in range(players))
            elif step.kind == "pile":
                plan.append(DealStep(pile=step.pile, count=None if step.count is None else value(step.count)))
            elif step.kind == "move":
                plan.append(DealStep(move=(step.pile, step.seat)))
            else:
                plan.append(DealStep(show=step.pile))

    add(pattern)
    return tuple(plan)


def cards_taken(plan: tuple[DealStep, ...], players: int) -> int:
    """Cards a plan takes from the pack besides 'rest to' (one seat of each 'but' round gets its own count)."""
    total = sum(step.count for step in plan if step.count is not None)
    buts = [s for s in plan if s.but is not None]
    for i in range(0, len(buts), players):
        total += buts[i].but[1] - buts[i].count
    return total


def sizes(plan: tuple[DealStep, ...], players: int, deck_size: int, piles: int) -> tuple[int, tuple[int, ...], int]:
    """A plan's hand size (of the first receiver), each pile's size and the cards left in the pack."""
    taken = cards_taken(plan, players)
    pile_sizes = [sum(s.count for s in plan if s.pile == i and s.count is not None) for i in range(piles)]
    leftover = deck_size - taken
    if plan and plan[-1].pile is not None and plan[-1].count is None:
        pile_sizes[plan[-1].pile] += leftover
        leftover = 0
    pile_sizes[0] += leftover
    hand = sum(s.count for s in plan if s.seat == 0 and s.count)
    return hand, tuple(pile_sizes), leftover
