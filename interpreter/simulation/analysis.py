"""A recorded deal judged by the double-dummy solver: for every decision in the play of the
cards, the value of each legal action with every hand open, the action played and what it
cost its side (``atout analyze``, the table's review).

Values are the side's margin at the end of the deal (see ``players.outcome``) under best play
from there on by every seat; the cost of a decision is the best value less the value of the
action played (0: it was a best action). The auction and other decisions before the play are
not valued (the solver's trees are too wide there): they are listed as played. A decision the
search could not finish within its budget keeps the values it has (those it could not finish
are greedy play's to the end) but is not judged: it has no cost and counts in no total.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.phases import PLAY
from ..engine.settlement import _num
from ..engine.state import State
from ..errors import RecordError
from ..players.solver import Solver
from .records import game_of

NODES = 50_000
"""The search each legal action of a decision gets by default: enough for the last four or five
tricks of a four-player game (a few seconds a decision); beyond it a value is greedy play's and
marked as not exact."""


@dataclass(frozen=True)
class Decision:
    """One action of a recorded deal. ``values`` maps each legal action's text to its value
    for the seat's side (empty where the decision is not valued); ``trick`` counts from 1."""

    number: int
    seat: int
    played: str
    trick: int | None
    values: dict[str, Any] = field(default_factory=dict)
    exact: bool = True

    @property
    def best(self) -> Any:
        return max(self.values.values()) if self.values else None

    @property
    def judged(self) -> bool:
        """Whether the decision has a cost: valued, and exactly."""
        return bool(self.values) and self.exact

    @property
    def cost(self) -> Any:
        """What the action played cost its side (0 if it was a best one; None if not judged)."""
        return self.best - self.values[self.played] if self.judged else None

    def to_json(self) -> dict:
        return {"number": self.number, "seat": self.seat, "played": self.played, "trick": self.trick,
                "values": {a: _num(v) for a, v in self.values.items()}, "exact": self.exact,
                "cost": None if self.cost is None else _num(self.cost)}


@dataclass(frozen=True)
class DealAnalysis:
    """Every decision of one deal, and the hands as dealt (the review shows them open)."""

    deal: int
    dealer: int
    decisions: tuple[Decision, ...]
    players: int

    def costs(self) -> list[Any]:
        """Each seat's total cost over the decisions judged."""
        totals: list[Any] = [0] * self.players
        for d in self.decisions:
            if d.judged:
                totals[d.seat] += d.cost
        return totals

    def mistakes(self, seat: int, most: int = 3) -> list[Decision]:
        """The seat's costliest decisions, costliest first (at most ``most``; none that cost 0)."""
        found = [d for d in self.decisions if d.seat == seat and d.judged and d.cost > 0]
        return sorted(found, key=lambda d: (-d.cost, d.number))[:most]

    def to_json(self) -> dict:
        return {"deal": self.deal, "dealer": self.dealer, "costs": [_num(c) for c in self.costs()],
                "exact": all(d.exact for d in self.decisions),
                "decisions": [d.to_json() for d in self.decisions]}


def analyze_deal(state: State, actions: list[tuple[int, str]], nodes: int = NODES,
                 number: int = 1, progress: Callable[[int, int], None] | None = None) -> DealAnalysis:
    """Judge one deal: ``state`` as dealt, ``actions`` the (seat, text) of each action in
    order. ``progress(done, total)`` is told after each decision."""
    game = state.game
    solver = Solver(game, nodes=nodes)
    dealer = state.dealer
    state = state.clone()
    decisions = []
    for index, (seat, text) in enumerate(actions, start=1):
        if state.is_over:
            raise RecordError(f"action {index}: the deal is already over")
        action = state.resolve(text)
        legal = state.legal_actions()
        if action not in legal:
            raise RecordError(f"action {index}: '{text}' is not legal here")
        trick = len(state.winners) + 1 if state.phase == PLAY else None
        if state.phase == PLAY and len(legal) > 1:
            solution = solver.solve(state)
            values = {a.text: v for a, v in solution.values.items()}
            decisions.append(Decision(index, seat, action.text, trick, values, solution.exact))
        else:
            decisions.append(Decision(index, seat, action.text, trick))
        state.apply_unchecked(action)
        if progress is not None:
            progress(index, len(actions))
    return DealAnalysis(number, dealer, tuple(decisions), game.players)


def analyze_record(record: dict, where: str, load: Callable[..., Game], folder: str | Path | None = None,
                   deal: int | None = None, nodes: int = NODES,
                   progress: Callable[[int, int], None] | None = None) -> tuple[Game, list[DealAnalysis]]:
    """Judge a record's deals (only deal number ``deal`` when given), replayed from its
    layouts; the game and one analysis per deal."""
    game = game_of(record, where, load, folder)
    match = game.new_match(seed=record.get("seed"))
    deals = record["deals"]
    if deal is not None and not 1 <= deal <= len(deals):
        raise RecordError(f"{where}: no deal {deal}: the record holds {len(deals)} deal(s)")
    found = []
    for d, step in enumerate(deals, start=1):
        state = match.next_deal(layout=step["layout"], dealer=step["dealer"])
        actions = [(a["seat"], a["action"]) for a in step["actions"]]
        if deal is None or d == deal:
            try:
                found.append(analyze_deal(state, actions, nodes, d, progress))
            except RecordError as err:
                raise RecordError(f"{where}:deal {d}:{err}") from None
        if deal is not None and d >= deal:
            break
        for _, text in actions:
            state.apply(text)
        if state.is_over and not match.is_over:
            match.finish_deal(state)
    return game, found


def analysis_lines(game: Game, analysis: DealAnalysis) -> list[str]:
    """The terminal's table: the actions before the play on one line, then one line per trick,
    each card with its seat and, where it cost points, the cost (≈: not judged, the budget ran
    out); then each seat's total and its costliest decisions."""
    lines = [f"deal {analysis.deal}, dealt by seat {analysis.dealer}"]
    before = [d for d in analysis.decisions if d.trick is None]
    if before:
        lines.append("  before play (not valued): " + ", ".join(f"{d.seat} {d.played}" for d in before))
    tricks: dict[int, list[str]] = {}
    for d in analysis.decisions:
        if d.trick is not None:
            tricks.setdefault(d.trick, []).append(_cell(d))
    width = max((len(c) for cells in tricks.values() for c in cells), default=0)
    for number, cells in tricks.items():
        lines.append(f"  trick {number:>2}  " + "  ".join(c.ljust(width) for c in cells).rstrip())
    costs = analysis.costs()
    for seat in range(analysis.players):
        side = game.team_names[game.team_of[seat]] if game.fixed_teams and len(game.teams) < game.players else None
        who = f"seat {seat}" + (f" ({side})" if side else "")
        judged = sum(1 for d in analysis.decisions if d.seat == seat and d.judged)
        worst = analysis.mistakes(seat)
        line = f"  {who}: cost {_shown(costs[seat])} over {judged} decision{'s' if judged != 1 else ''} judged"
        if worst:
            line += "; costliest: " + "; ".join(
                f"trick {d.trick}, {_card(d.played)} (best {_card(_best_action(d))}, -{_shown(d.cost)})" for d in worst)
        lines.append(line)
    return lines


def _cell(d: Decision) -> str:
    mark = "" if not d.judged or d.cost == 0 else f" -{_shown(d.cost)}"
    return f"{d.seat} {_card(d.played)}{mark}{'' if d.exact else ' ≈'}"


def _best_action(d: Decision) -> str:
    best = d.best
    return next(a for a, v in d.values.items() if v == best)


def _card(text: str) -> str:
    return text[5:] if text.startswith("play ") else text


def _shown(value: Any) -> str:
    return str(_num(value))
