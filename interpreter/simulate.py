"""Plays many seeded matches (or single deals) between players and sums them up.

Match ``i`` is dealt from the seed ``"{seed}:{i}"`` and its players from ``"{seed}:{i}:{seat}"``,
so matches are independent: they can be played on several processes and the summary and
the records come out the same, in the same order.
"""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
import json
import math
from typing import IO, Callable

from .errors import RuleRuntimeError
from .game import Game
from .match import Match
from .players import make_player
from .records import Recorder, fingerprint
from .state import Result


@dataclass
class Summary:
    """Counts over many matches; two summaries of the same game add up with ``merge``."""

    players: list[str]
    teams: int
    seats: int
    matches: int = 0
    deals: int = 0
    actions: int = 0
    team_wins: list[int] = field(default_factory=list)
    draws: int = 0
    team_totals: list[Fraction] = field(default_factory=list)
    seat_totals: list[Fraction] = field(default_factory=list)
    team_squares: list[float] = field(default_factory=list)   # sums of squared match scores, for intervals
    rules: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.team_wins = self.team_wins or [0] * self.teams
        self.team_totals = self.team_totals or [Fraction(0)] * self.teams
        self.seat_totals = self.seat_totals or [Fraction(0)] * self.seats
        self.team_squares = self.team_squares or [0.0] * self.teams

    def win_interval(self, side: int) -> tuple[float, float]:
        """A 95 % confidence interval for the side's share of wins (Wilson's, sound near 0 and 1)."""
        n, z = self.matches, 1.96
        if not n:
            return 0.0, 1.0
        p = self.team_wins[side] / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def mean_interval(self, side: int) -> tuple[float, float]:
        """The side's mean match score and the half-width of its 95 % confidence interval."""
        n = self.matches
        mean = float(self.team_totals[side]) / n if n else 0.0
        if n < 2:
            return mean, math.inf
        variance = max(0.0, (self.team_squares[side] - n * mean * mean) / (n - 1))
        return mean, 1.96 * math.sqrt(variance / n)

    def to_json(self, names: tuple[str, ...], seats: tuple[tuple[int, ...], ...]) -> dict:
        sides = []
        for t, name in enumerate(names):
            low, high = self.win_interval(t)
            mean, half = self.mean_interval(t)
            sides.append({"side": name, "seats": list(seats[t]), "wins": self.team_wins[t],
                          "win_rate": self.team_wins[t] / self.matches, "win_rate_95": [low, high],
                          "mean_score": mean, "mean_score_95": [mean - half, mean + half]})
        return {"matches": self.matches, "deals": self.deals, "actions": self.actions, "draws": self.draws,
                "players": self.players, "sides": sides, "rules": dict(sorted(self.rules.items()))}

    def add_deal(self, result: Result) -> None:
        self.deals += 1
        for reason in result.reasons:
            self.rules[reason.rule] = self.rules.get(reason.rule, 0) + 1

    def merge(self, other: Summary) -> None:
        self.matches += other.matches
        self.deals += other.deals
        self.actions += other.actions
        self.draws += other.draws
        self.team_wins = [a + b for a, b in zip(self.team_wins, other.team_wins)]
        self.team_totals = [a + b for a, b in zip(self.team_totals, other.team_totals)]
        self.seat_totals = [a + b for a, b in zip(self.seat_totals, other.seat_totals)]
        self.team_squares = [a + b for a, b in zip(self.team_squares, other.team_squares)]
        for rule, n in other.rules.items():
            self.rules[rule] = self.rules.get(rule, 0) + n


def simulate(game: Game, count: int, seed: int | str, players: list[str], single_deals: bool = False,
             record: IO[str] | None = None, game_ref: str | None = None, variant: str | None = None,
             jobs: int = 1, progress: Callable[[int], None] | None = None) -> Summary:
    """Play ``count`` matches (or deals); the same arguments always give the same summary.

    Records name the game as ``game_ref`` (by default its path). With ``jobs`` > 1 the
    matches are shared among that many processes, each loading the game again from its path.
    Anything that fails inside the rules raises RuleRuntimeError naming the match and deal.
    ``progress`` is called with the number of matches just finished, as they finish."""
    ref = game_ref or game.path
    rules = fingerprint(game.path, variant) if record is not None else ""
    if jobs <= 1 or count < 2 * jobs:
        summary, lines = _play_range(game, range(count), seed, players, single_deals, record is not None, ref, variant,
                                     rules, progress)
    else:
        chunks = min(count, jobs * 8)  # more pieces than processes: progress shows as they come back
        bounds = [count * j // chunks for j in range(chunks + 1)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = pool.map(_play_range_in_worker, [(game.path, ref, variant, bounds[j], bounds[j + 1], seed,
                                                      players, single_deals, record is not None, rules)
                                                     for j in range(chunks)])
            summary, lines = Summary(players, len(game.side_seats), game.players), []
            for part, more in parts:
                summary.merge(part)
                lines += more
                if progress is not None:
                    progress(part.matches)
    if record is not None:
        record.writelines(lines)
    return summary


def _play_range_in_worker(args) -> tuple[Summary, list[str]]:
    from . import load

    path, ref, variant, start, stop, seed, players, single_deals, keep, rules = args
    return _play_range(load(path, variant), range(start, stop), seed, players, single_deals, keep, ref, variant, rules)


def _play_range(game: Game, indices: range, seed, players: list[str], single_deals: bool, keep_records: bool,
                ref: str, variant: str | None, rules: str,
                progress: Callable[[int], None] | None = None) -> tuple[Summary, list[str]]:
    summary = Summary(players, len(game.side_seats), game.players)
    lines: list[str] = []
    for i in indices:
        match_seed = f"{seed}:{i}"
        seats = [make_player(kind, f"{match_seed}:{seat}") for seat, kind in enumerate(players)]
        match = Match(game, match_seed, i % game.players if single_deals else 0, 1 if single_deals else None)
        recorder = Recorder(match_seed, players, ref, {"variant": variant} if variant else {}, rules)
        number = 0
        try:
            while not match.is_over:
                number += 1
                state = match.next_deal()
                recorder.start_deal(state)
                while not state.is_over:
                    seat = state.current
                    action = seats[seat].choose(state)
                    recorder.action(seat, action.text)
                    state.apply(action)
                    summary.actions += 1
                result = match.finish_deal(state)
                recorder.end_deal(result.to_json())
                summary.add_deal(result)
        except Exception as err:  # noqa: BLE001 - any failure inside the rules, reported with where it happened
            raise RuleRuntimeError.during(f"{game.path}: match seed {match_seed!r}, deal {number} "
                                          f"(deal seed {match.deal_seed})", err) from err
        outcome = match.result()
        summary.matches += 1
        if outcome.winner is None:
            summary.draws += 1
        else:
            summary.team_wins[outcome.winner] += 1
        for t, x in enumerate(outcome.team_scores):
            summary.team_totals[t] += x
            summary.team_squares[t] += float(x) * float(x)
        for s, x in enumerate(outcome.seat_scores):
            summary.seat_totals[s] += x
        if keep_records:
            lines.append(json.dumps(recorder.end_match(match), ensure_ascii=False) + "\n")
        if progress is not None:
            progress(1)
    return summary, lines
