"""How well a finished deal went for each side: what the searching players maximise."""
from __future__ import annotations

from ..engine.state import State


def points_are_good(game) -> bool:
    """Whether a deal's points help the side that takes them: not where the lowest total wins
    a match that counts up."""
    return game.match.high_wins != game.match.down


def margin(state: State, seat: int) -> float:
    """How much better the finished deal went for the seat's side than for the best other side."""
    return _team_margins(state)[state.team_of[seat]]


def margins(state: State) -> list[float]:
    """Each seat's margin (see margin) from one settlement of the finished deal."""
    by_team = _team_margins(state)
    return [by_team[team] for team in state.team_of]


def exact_margins(state: State) -> list:
    """Each team's margin (see margin) as exact numbers (ints and Fractions): what the solver
    compares, where a float could tie two values that differ."""
    return _team_margins(state, exact=True)


def _team_margins(state: State, exact: bool = False) -> list:
    scores = state.team_scores() if exact else [float(x) for x in state.team_scores()]
    good = points_are_good(state.game)
    found = []
    for mine, score in enumerate(scores):
        others = [x for t, x in enumerate(scores) if t != mine]
        found.append(score - max(others, default=0) if good else min(others, default=0) - score)
    return found
