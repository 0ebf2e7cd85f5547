"""An arena: player kinds measured against each other on duplicate deals.

Every match is played once per *rotation*: with k player specs and a game of P seats,
rotation r seats spec (i + r) % k at seat i, so each spec meets every seat. All rotations
of match m are dealt from the same seed, ``"{seed}:m"`` (the seed ``simulate`` deals its
match m from), so they hold the same cards as long as the players act alike: the luck of
the cards cancels out of the comparison. The player at seat i of match m is seeded
``"{seed}:m:i"`` in every rotation: two specs that differ in one respect only (sampling with
and without beliefs) then draw the same random numbers at that seat and choose alike until
that respect first matters, so the noise of their sampling mostly cancels out too (common
random numbers). Matches are independent, so they can be shared among processes
and the result comes out the same.

With ``single_deals`` each match is one deal (as ``atout simulate --deals``), dealt by seat
m % P in match m: the unit measured is then the deal, whose score is finer than a match's
win or loss where the players differ only in a few deals.

Scores add up exactly (fractions) and are turned into floats only at the end, so the
numbers do not depend on how the matches were split.
"""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
import math
import time
from typing import Callable

from ..engine.game import Game
from ..engine.match import Match, MatchResult
from ..errors import RuleRuntimeError
from .registry import Player, make_player

Z95 = 1.96  # the normal quantile of a two-sided 95 % interval
ANCHOR = 1000.0  # the first spec's rating

RATING_METHOD = ("Bradley-Terry by Hunter's MM iterations on the pairwise wins (a draw counts half, "
                 "one virtual draw per pair), on the Elo scale, the first player anchored at 1000")


def seating(specs: int, seats: int, rotation: int) -> list[int]:
    """Which spec sits at each seat in a rotation: spec (seat + rotation) % specs."""
    return [(seat + rotation) % specs for seat in range(seats)]


@dataclass
class _Tally:
    """Exact sums over duplicate matches; tallies of the same arena add up with ``merge``.

    A spec's *match score* is the mean, over the rotations it sat in, of its score in each
    (the mean of the final scores of the seats it held, a seat scoring its side's score)."""

    specs: int
    matches: int = 0
    games: list[int] = field(default_factory=list)                # per spec: matches × rotations it sat in
    wins: list[Fraction] = field(default_factory=list)            # per spec, a shared first place counting half
    score_sum: list[Fraction] = field(default_factory=list)       # per spec: sum of its match scores
    score_squares: list[Fraction] = field(default_factory=list)
    diff_sum: list[list[Fraction]] = field(default_factory=list)  # [a][b]: sum of a's minus b's match score
    diff_squares: list[list[Fraction]] = field(default_factory=list)
    beats: list[list[int]] = field(default_factory=list)          # [a][b]: games where a scored better than b
    ties: list[list[int]] = field(default_factory=list)           # [a][b]: games where a and b scored the same
    decisions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)            # spent in choose(), per spec
    deals: int = 0
    actions: int = 0

    def __post_init__(self) -> None:
        k = self.specs
        self.games = self.games or [0] * k
        self.wins = self.wins or [Fraction(0)] * k
        self.score_sum = self.score_sum or [Fraction(0)] * k
        self.score_squares = self.score_squares or [Fraction(0)] * k
        self.diff_sum = self.diff_sum or [[Fraction(0)] * k for _ in range(k)]
        self.diff_squares = self.diff_squares or [[Fraction(0)] * k for _ in range(k)]
        self.beats = self.beats or [[0] * k for _ in range(k)]
        self.ties = self.ties or [[0] * k for _ in range(k)]
        self.decisions = self.decisions or [0] * k
        self.seconds = self.seconds or [0.0] * k

    def merge(self, other: _Tally) -> None:
        self.matches += other.matches
        self.deals += other.deals
        self.actions += other.actions
        for name in ("games", "wins", "score_sum", "score_squares", "decisions", "seconds"):
            setattr(self, name, [a + b for a, b in zip(getattr(self, name), getattr(other, name))])
        for name in ("diff_sum", "diff_squares", "beats", "ties"):
            setattr(self, name, [[a + b for a, b in zip(mine, theirs)]
                                 for mine, theirs in zip(getattr(self, name), getattr(other, name))])


@dataclass(frozen=True)
class SpecResult:
    """One player spec's record over the arena."""

    label: str                       # the spec, numbered when it is named more than once
    spec: str
    matches: int                     # matches played: duplicate matches × rotations it sat in
    mean_score: float                # the mean of its match scores
    score_half_width: float          # of the 95 % interval, over the duplicate matches
    wins: float                      # a first place shared with another spec counts half
    win_rate: float
    win_interval: tuple[float, float]  # Wilson's 95 % interval
    decisions: int
    ms_per_decision: float


@dataclass(frozen=True)
class PairResult:
    """Two specs compared match by match on the same cards."""

    a: str
    b: str
    mean_difference: float           # a's match score minus b's, averaged over the duplicate matches
    half_width: float                # of the 95 % interval (normal approximation)
    games: int                       # games where both sat
    a_better: int                    # games where a's score was better than b's
    equal: int
    b_better: int

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean_difference - self.half_width, self.mean_difference + self.half_width

    @property
    def verdict(self) -> str:
        low, high = self.interval
        return "above 0" if low > 0 else "below 0" if high < 0 else "contains 0"


@dataclass(frozen=True)
class ArenaResult:
    game: str
    seed: str
    count: int                       # duplicate matches (or deals, where unit is "deals")
    unit: str                        # "matches", or "deals" where each match was a single deal
    high_wins: bool                  # False where the lowest score wins the match
    rotations: tuple[tuple[str, ...], ...]  # the label seated at each seat, per rotation
    deals: int
    actions: int
    players: tuple[SpecResult, ...]
    pairs: tuple[PairResult, ...]
    ratings: tuple[float, ...]       # Elo scale, in the order of ``players``

    def better(self, pair: PairResult) -> str | None:
        """The spec of the pair whose interval shows it better (by the game's winning rule), if any."""
        verdict = pair.verdict
        if verdict == "contains 0":
            return None
        return pair.a if (verdict == "above 0") == self.high_wins else pair.b

    def to_json(self) -> dict:
        """Everything as one JSON object; the times, which vary from run to run, under 'timing'."""
        return {
            "game": self.game, "seed": self.seed, "unit": self.unit, f"duplicate_{self.unit}": self.count,
            "high_wins": self.high_wins,
            "rotations": [list(r) for r in self.rotations], "deals": self.deals, "actions": self.actions,
            "players": [{"player": p.label, "spec": p.spec, self.unit: p.matches, "mean_score": p.mean_score,
                         "mean_score_95": _bounds(p.mean_score, p.score_half_width), "wins": p.wins,
                         "win_rate": p.win_rate, "win_rate_95": list(p.win_interval), "decisions": p.decisions}
                        for p in self.players],
            "differences": [{"a": d.a, "b": d.b, "mean_difference": d.mean_difference,
                             "difference_95": _bounds(d.mean_difference, d.half_width), "verdict": d.verdict,
                             "better": self.better(d), "games": d.games, "a_better": d.a_better,
                             "equal": d.equal, "b_better": d.b_better} for d in self.pairs],
            "ratings": {"method": RATING_METHOD, "anchor": self.players[0].label,
                        "elo": {p.label: r for p, r in zip(self.players, self.ratings)}},
            "timing": {p.label: {"decisions": p.decisions, "ms_per_decision": p.ms_per_decision}
                       for p in self.players},
        }

    def to_text(self) -> str:
        rotations = len(self.rotations)
        lines = [f"{self.game}: arena of {len(self.players)} players, {self.count} duplicate {self.unit} × "
                 f"{rotations} rotations ({self.deals} deals, {self.actions} actions), seed {self.seed}",
                 "rotations (seat 0, 1, ...): " + " | ".join(" ".join(r) for r in self.rotations)]
        if not self.high_wins:
            lines.append("in this game the lowest score wins: a lower mean score is better")
        rows = [("player", self.unit, "mean score", "± 95%", "wins", "win %", "95% interval", "ms/decision")]
        for p in self.players:
            low, high = p.win_interval
            rows.append((p.label, str(p.matches), f"{p.mean_score:.4g}", f"{p.score_half_width:.3g}", f"{p.wins:g}",
                         f"{100 * p.win_rate:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%", f"{p.ms_per_decision:.3g}"))
        lines += ["", *_table(rows)]
        lines += ["", f"score difference per duplicate {self.unit[:-1]} (first minus second, 95% interval):"]
        rows = []
        for d in self.pairs:
            low, high = d.interval
            better = self.better(d)
            rows.append((f"{d.a} − {d.b}", f"{d.mean_difference:+.4g}", f"± {d.half_width:.3g}",
                         f"[{low:.4g}, {high:.4g}]",
                         f"{d.verdict}: " + (f"{better} is better" if better else "no clear difference")))
        lines += _table(rows)
        lines += ["", f"ratings (Elo scale, Bradley–Terry fit of the pairwise wins; {self.players[0].label} = {ANCHOR:.0f}):"]
        lines += _table([(p.label, f"{r:.0f}") for p, r in zip(self.players, self.ratings)])
        return "\n".join(lines)


def _bounds(mean: float, half: float) -> list[float | None]:
    """An interval for JSON, open (None) where it is unbounded (a single match)."""
    return [mean - half, mean + half] if math.isfinite(half) else [None, None]


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    """Text columns: the first left-aligned, the others right-aligned."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(r)).rstrip()
            for r in rows]


def labels(specs: list[str]) -> list[str]:
    """The specs as names, numbered (``random#1``, ``random#2``) where one is given twice."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(f"{spec}#{seen[spec]}" if specs.count(spec) > 1 else spec)
    return out


def arena(game: Game, specs: list[str], count: int, seed: int | str, jobs: int = 1,
          progress: Callable[[int], None] | None = None, single_deals: bool = False) -> ArenaResult:
    """Play ``count`` duplicate matches between the player ``specs`` (at least two), each once per
    rotation; the same arguments always give the same result (times apart).

    Each spec is made once with ``make_player`` first, so that an unknown one raises
    UnknownPlayerError before any match is played. With ``jobs`` > 1 the matches are shared
    among that many processes, each loading the game again from its path. ``progress`` is
    called with the number of duplicate matches just finished, as they finish. With
    ``single_deals`` every match is one deal."""
    if len(specs) < 2:
        raise ValueError("an arena needs at least two player specs")
    for spec in specs:
        make_player(spec, seed)
    if jobs <= 1 or count < 2 * jobs:
        tally = _play_range(game, specs, range(count), seed, single_deals, progress)
    else:
        chunks = min(count, jobs * 8)  # more pieces than processes: progress shows as they come back
        bounds = [count * j // chunks for j in range(chunks + 1)]
        tally = _Tally(len(specs))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            work = [(game.path, game.variant, specs, bounds[j], bounds[j + 1], seed, single_deals)
                    for j in range(chunks)]
            for part in pool.map(_play_range_in_worker, work):
                tally.merge(part)
                if progress is not None:
                    progress(part.matches)
    return _result(game, specs, count, seed, tally, "deals" if single_deals else "matches")


def _play_range_in_worker(args) -> _Tally:
    from ..language.rule_files import load

    path, variant, specs, start, stop, seed, single_deals = args
    return _play_range(load(path, variant or None), specs, range(start, stop), seed, single_deals)


def _play_range(game: Game, specs: list[str], indices: range, seed: int | str, single_deals: bool,
                progress: Callable[[int], None] | None = None) -> _Tally:
    k, seats = len(specs), game.players
    side_of = {seat: t for t, members in enumerate(game.side_seats) for seat in members}
    tally = _Tally(k)
    for m in indices:
        match_seed = f"{seed}:{m}"
        per_rotation: list[dict[int, Fraction]] = []
        for r in range(k):
            sat = seating(k, seats, r)
            players = [make_player(specs[j], f"{match_seed}:{i}") for i, j in enumerate(sat)]
            match = Match(game, match_seed, m % seats, 1) if single_deals else Match(game, match_seed)
            outcome = _play_match(game, match, r, players, sat, tally)
            sides = outcome.team_scores
            held: dict[int, list[Fraction]] = {}
            for seat, j in enumerate(sat):
                held.setdefault(j, []).append(sides[side_of[seat]])
            scores = {j: sum(xs, Fraction(0)) / len(xs) for j, xs in held.items()}
            per_rotation.append(scores)
            _count_game(game, scores, outcome.winners, sat, tally)
        _count_match(per_rotation, tally)
        if progress is not None:
            progress(1)
    return tally


def _play_match(game: Game, match: Match, rotation: int, players: list[Player], sat: list[int],
                tally: _Tally) -> MatchResult:
    """Play one whole match; its result. Times each decision against the spec that made it."""
    try:
        while (state := match.state) is not None:
            seat = state.current_player
            start = time.perf_counter()
            action = players[seat].choose(state)
            tally.seconds[sat[seat]] += time.perf_counter() - start
            tally.decisions[sat[seat]] += 1
            tally.actions += 1
            match.apply(action)
    except Exception as err:  # noqa: BLE001 - any failure inside the rules, reported with where it happened
        raise RuleRuntimeError.during(f"{game.path}: match seed {match.seed!r}, rotation {rotation}, "
                                      f"deal {len(match.results) + 1} (deal seed {match.deal_seed})", err) from err
    tally.deals += len(match.results)
    return match.result()


def _count_game(game: Game, scores: dict[int, Fraction], winners: tuple[int, ...], sat: list[int],
                tally: _Tally) -> None:
    """Wins and pairwise results of one game (one rotation of one match).

    The winners are the seats Match.result names (a side formed for a one-deal match wins or
    loses together); a spec alone among their occupants wins, one of several shares the first
    place: half a win."""
    top = {sat[seat] for seat in winners}
    for j in scores:
        tally.games[j] += 1
        if j in top:
            tally.wins[j] += 1 if len(top) == 1 else Fraction(1, 2)
    sign = 1 if game.match.high_wins else -1
    for a in scores:
        for b in scores:
            if a < b:
                edge = sign * (scores[a] - scores[b])
                if edge > 0:
                    tally.beats[a][b] += 1
                elif edge < 0:
                    tally.beats[b][a] += 1
                else:
                    tally.ties[a][b] += 1
                    tally.ties[b][a] += 1


def _count_match(per_rotation: list[dict[int, Fraction]], tally: _Tally) -> None:
    """A spec's match score: its mean score over the rotations it sat in."""
    tally.matches += 1
    k = tally.specs
    held: list[list[Fraction]] = [[] for _ in range(k)]
    for scores in per_rotation:
        for j, x in scores.items():
            held[j].append(x)
    means = [sum(xs, Fraction(0)) / len(xs) for xs in held]
    for a in range(k):
        tally.score_sum[a] += means[a]
        tally.score_squares[a] += means[a] * means[a]
        for b in range(a + 1, k):
            d = means[a] - means[b]
            tally.diff_sum[a][b] += d
            tally.diff_squares[a][b] += d * d


def _mean_half(total: Fraction, squares: Fraction, n: int) -> tuple[float, float]:
    """The mean of n values from their exact sum and sum of squares, and the half-width of its
    95 % interval (normal approximation, sample standard deviation); infinite for one value."""
    mean = total / n
    if n < 2:
        return float(mean), math.inf
    variance = (squares - n * mean * mean) / (n - 1)
    return float(mean), Z95 * math.sqrt(float(variance) / n)


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for a share of wins (sound near 0 and 1), as Summary.win_interval."""
    if not n:
        return 0.0, 1.0
    p, z = wins / n, Z95
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_ratings(beats: list[list[int]], ties: list[list[int]]) -> list[float]:
    """Bradley–Terry strengths fitted to pairwise results, on the Elo scale, the first anchored at 1000.

    Spec i beats j with probability γ_i / (γ_i + γ_j); with W_i its wins (a draw counting half)
    and n_ij the games of i and j, Hunter's MM iteration γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)
    climbs to the maximum-likelihood fit. One virtual draw is added to every pair that met, so
    that a spec that won (or lost) every game still gets a finite rating. The rating is
    1000 + 400·log10(γ_i / γ_0): a difference of 400 means odds of 10 to 1."""
    k = len(beats)
    n = [[beats[i][j] + beats[j][i] + ties[i][j] + 1 if i != j and beats[i][j] + beats[j][i] + ties[i][j] else 0
          for j in range(k)] for i in range(k)]
    w = [sum(beats[i][j] + Fraction(ties[i][j] + 1, 2) for j in range(k) if n[i][j]) for i in range(k)]
    gamma = [1.0] * k
    for _ in range(100_000):
        new = [float(w[i]) / sum(n[i][j] / (gamma[i] + gamma[j]) for j in range(k) if n[i][j]) if w[i] else 1.0
               for i in range(k)]
        new = [g / new[0] for g in new]
        settled = max(abs(math.log(a / b)) for a, b in zip(new, gamma)) < 1e-12
        gamma = new
        if settled:
            break
    return [ANCHOR + 400 * math.log10(g) for g in gamma]


def _result(game: Game, specs: list[str], count: int, seed: int | str, tally: _Tally, unit: str) -> ArenaResult:
    names = labels(specs)
    k = len(specs)
    players = []
    for j in range(k):
        mean, half = _mean_half(tally.score_sum[j], tally.score_squares[j], tally.matches)
        games, wins = tally.games[j], float(tally.wins[j])
        players.append(SpecResult(names[j], specs[j], games, mean, half, wins, wins / games, wilson(wins, games),
                                  tally.decisions[j], 1000 * tally.seconds[j] / max(tally.decisions[j], 1)))
    pairs = []
    for a in range(k):
        for b in range(a + 1, k):
            mean, half = _mean_half(tally.diff_sum[a][b], tally.diff_squares[a][b], tally.matches)
            pairs.append(PairResult(names[a], names[b], mean, half,
                                    tally.beats[a][b] + tally.beats[b][a] + tally.ties[a][b],
                                    tally.beats[a][b], tally.ties[a][b], tally.beats[b][a]))
    rotations = tuple(tuple(names[j] for j in seating(k, game.players, r)) for r in range(k))
    return ArenaResult(game.title, str(seed), count, unit, game.match.high_wins, rotations, tally.deals, tally.actions,
                       tuple(players), tuple(pairs), tuple(elo_ratings(tally.beats, tally.ties)))
