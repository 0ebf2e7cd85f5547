"""Statistics over simulated matches and deals, each with a 95 % confidence interval.

Everything is summed exactly (ints, or Fractions when a score is not whole) and turned
into floats only when the statistics are given out, so two tallies merged in any order
give the same figures to the last bit: the summary does not depend on how the work was split.

Intervals: Wilson's for a share (sound near 0 and 1); the normal approximation for a mean;
for a quantile, the order statistics whose ranks bound it (distribution-free). Deals are
treated as independent, which they are as far as the cards go (each is shuffled from its own
seed); a match's standing may still shape how the players play them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
import math
from typing import Any, Iterable, Sequence

from ..engine.cards import whole
from ..engine.settlement import WON_BY
from .facts import kind_of

Z95 = 1.96             # the normal quantile of a two-sided 95 % interval
QUANTILES = (Fraction(5, 100), Fraction(25, 100), Fraction(1, 2), Fraction(75, 100), Fraction(95, 100))
HISTOGRAM_BINS = 20
Number = int | Fraction

# How a fact of each kind is summed up: a rate, a mean, or how often each value came up.
# Card lists ('set') and lists are left to the data file: nearly every deal has its own.
RATE_KINDS = ("bool",)
MEAN_KINDS = ("num",)
SKIPPED_KINDS = ("set", "list")


def exact(x: Any) -> Number:
    """A score as an exact number: an int when whole (fast to add), else a Fraction."""
    if type(x) is int:
        return x
    return whole(x if isinstance(x, Fraction) else Fraction(x))


def wilson(k: int, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for a share of k in n (sound near 0 and 1); (0, 1) when n is 0.

    The interval always holds the share itself: in floating point the lower end for k = 0 comes
    out a hair above 0 (and the upper for k = n below 1), which a chart's error bar, the share
    minus the lower end, would make negative."""
    if not n:
        return 0.0, 1.0
    z = Z95
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


@dataclass
class Moments:
    """Count, sum and sum of squares of some values, exactly; a mean with its interval."""

    n: int = 0
    total: Number = 0
    squares: Number = 0

    def add(self, x: Number) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    def mean(self, scale: int = 1) -> float:
        return float(Fraction(self.total) / (self.n * scale)) if self.n else 0.0

    def half_width(self, scale: int = 1) -> float:
        """Half the 95 % interval of the mean (infinite below two values); values divided by ``scale``."""
        if self.n < 2:
            return math.inf
        variance = (Fraction(self.squares) - Fraction(self.total) ** 2 / self.n) / (self.n - 1)
        return Z95 * math.sqrt(float(variance) / self.n) / scale

    def to_json(self, scale: int = 1) -> dict:
        mean, half = self.mean(scale), self.half_width(scale)
        return {"mean": mean, "mean_95": bounds(mean, half), "n": self.n}


def bounds(mean: float, half: float) -> list[float | None]:
    """An interval for JSON, open (None) where it is unbounded (fewer than two values)."""
    return [mean - half, mean + half] if math.isfinite(half) else [None, None]


def share(k: int, n: int) -> dict:
    """A count as a rate with its interval, for JSON."""
    return {"count": k, "rate": k / n if n else 0.0, "rate_95": list(wilson(k, n))}


def quantile(counts: dict[Number, int], q: Fraction) -> Number:
    """The value at quantile q of a distribution given as value → count (the lower one on a tie)."""
    return _at_rank(counts, max(1, math.ceil(q * sum(counts.values()))))


def quantile_interval(counts: dict[Number, int], q: Fraction) -> tuple[Number, Number]:
    """A 95 % distribution-free interval for the quantile q: the order statistics at the ranks
    n·q ∓ 1.96·√(n·q·(1−q)), clamped to the sample."""
    n = sum(counts.values())
    spread = Z95 * math.sqrt(float(n * q * (1 - q)))
    low = min(n, max(1, math.floor(float(n * q) - spread)))
    high = min(n, max(1, math.ceil(float(n * q) + spread) + 1))
    return _at_rank(counts, low), _at_rank(counts, high)


def _at_rank(counts: dict[Number, int], rank: int) -> Number:
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            return value
    raise ValueError("rank beyond the sample")


def histogram(counts: dict[Number, int], bins: int = HISTOGRAM_BINS) -> dict:
    """Equal-width bins over the values seen: their edges and counts (one bin per value when few)."""
    values = sorted(counts)
    if len(values) <= bins:
        return {"values": [float(v) for v in values], "counts": [counts[v] for v in values]}
    low, high = Fraction(values[0]), Fraction(values[-1])
    width = (high - low) / bins
    tally = [0] * bins
    for value, n in counts.items():
        tally[min(bins - 1, int((value - low) / width))] += n
    return {"edges": [float(low + width * i) for i in range(bins + 1)], "counts": tally}


def verdict(low: float | None, high: float | None) -> str:
    """Where an interval lies against 0."""
    if low is None or high is None:
        return "too few values"
    return "above 0" if low > 0 else "below 0" if high < 0 else "covers 0"


@dataclass
class Summary:
    """Statistics over many matches of one game; two summaries of the same run add up with ``merge``.

    Per match: each side's and seat's wins and match score. Per deal: each side's and seat's deal
    score and its distribution, each seat's advantage (its score minus the mean of all seats'
    that deal) by seat and by place after the dealer, how often each scoring rule fired, the
    rule file's facts and the calls chosen. ``fact_kinds`` names the facts to sum up and how."""

    players: list[str]
    side_names: tuple[str, ...]
    side_seats: tuple[tuple[int, ...], ...]
    high_wins: bool = True         # the highest match score wins
    down: bool = False             # deal scores are taken off the match score
    fact_kinds: dict[str, str] = field(default_factory=dict)   # the rule file's, then others as seen
    matches: int = 0
    deals: int = 0
    actions: int = 0
    annulled: int = 0
    draws: int = 0
    side_wins: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    side_match: list[Moments] = field(default_factory=list)
    seat_match: list[Moments] = field(default_factory=list)
    side_deal: list[Moments] = field(default_factory=list)
    seat_deal: list[Moments] = field(default_factory=list)
    seat_edge: list[Moments] = field(default_factory=list)      # seat's score × seats − the deal's total
    place_edge: list[Moments] = field(default_factory=list)     # the same by place after the dealer (0: dealer)
    distributions: list[Counter] = field(default_factory=list)  # per side: deal score → deals
    rules: dict[str, int] = field(default_factory=dict)          # awards given, by rule
    rule_deals: dict[str, int] = field(default_factory=dict)     # deals where the rule gave an award
    facts: dict[str, Any] = field(default_factory=dict)          # name → true count, Moments or Counter
    calls: dict[str, list] = field(default_factory=dict)         # call → [deals, {bool fact: true count}]
    deal_wins: Counter = field(default_factory=Counter)          # team that won the deal (None: equal) → deals

    def __post_init__(self) -> None:
        sides, seats = len(self.side_names), len(self.players)
        self.side_wins = self.side_wins or [0] * sides
        self.seat_wins = self.seat_wins or [0] * seats
        for name, count in (("side_match", sides), ("seat_match", seats), ("side_deal", sides),
                            ("seat_deal", seats), ("seat_edge", seats), ("place_edge", seats)):
            setattr(self, name, getattr(self, name) or [Moments() for _ in range(count)])
        self.distributions = self.distributions or [Counter() for _ in range(sides)]
        self.fact_kinds.pop(WON_BY, None)       # counted in deal_wins, not as a fact
        self.declared = set(self.fact_kinds)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def deal_high_better(self) -> bool:
        """Whether a higher deal score is better: it is unless the lowest match score wins and
        deal scores are added to it, or the highest wins and they are taken off."""
        return self.high_wins != self.down

    # --- adding up --------------------------------------------------------------------------

    def add_deal(self, dealer: int, seat_scores: Sequence[Any], side_scores: Sequence[Any],
                 rules: Iterable[str], facts: dict[str, Any], annulled: bool) -> None:
        """One settled deal: its dealer, scores, the rule of each award, its facts."""
        self.deals += 1
        seats = [exact(x) for x in seat_scores]
        total, count = sum(seats), len(seats)
        for s, x in enumerate(seats):
            self.seat_deal[s].add(x)
            edge = x * count - total
            self.seat_edge[s].add(edge)
            self.place_edge[(s - dealer) % count].add(edge)
        for t, x in enumerate(side_scores):
            x = exact(x)
            self.side_deal[t].add(x)
            self.distributions[t][x] += 1
        fired = set()
        for rule in rules:
            self.rules[rule] = self.rules.get(rule, 0) + 1
            fired.add(rule)
        for rule in fired:
            self.rule_deals[rule] = self.rule_deals.get(rule, 0) + 1
        if annulled:
            self.annulled += 1
            return
        self._add_facts(facts)

    def _add_facts(self, facts: dict[str, Any]) -> None:
        """Facts of a deal that was played (an annulled deal has none). A fact the rule file does
        not declare takes its kind from its value; where it is missing or None it is not counted,
        so the figures do not depend on where in the run it was first seen. Such a fact that
        was whole numbers (counted by value) and then gives a fraction becomes a number with a
        mean (``_promote``): whole and fractional values are one kind of number."""
        self.deal_wins[facts.get(WON_BY)] += 1
        for name, value in facts.items():
            if value is None or name in self.declared or name == WON_BY:
                continue
            kind = kind_of(value)
            known = self.fact_kinds.get(name)
            if known is None:
                self.fact_kinds[name] = kind
            elif known == "int" and kind == "num":
                self._promote(name)
        for name, kind in self.fact_kinds.items():
            value = facts.get(name)
            if kind in RATE_KINDS:
                self.facts[name] = self.facts.get(name, 0) + (value is True)
            elif kind in MEAN_KINDS:
                if isinstance(value, (int, Fraction, float)) and not isinstance(value, bool):
                    self._fact(name, Moments).add(exact(value))
            elif kind not in SKIPPED_KINDS and (value is not None or name in self.declared):
                self._fact(name, Counter)["none" if value is None else str(value)] += 1
        call = facts.get("call")
        if call is not None:
            entry = self.calls.get(str(call))
            if entry is None:
                entry = self.calls[str(call)] = [0, {}]
            entry[0] += 1
            for name, kind in self.fact_kinds.items():
                if kind in RATE_KINDS:
                    entry[1][name] = entry[1].get(name, 0) + (facts.get(name) is True)

    def _promote(self, name: str) -> None:
        """A fact counted by its whole values becomes one summed as numbers (its kind 'num')."""
        self.fact_kinds[name] = "num"
        self.facts[name] = _as_moments(self.facts.get(name))

    def _fact(self, name: str, kind: type) -> Any:
        """The running figure of a fact, made on its first deal (not at every deal, as
        ``setdefault`` would make and throw away a new one)."""
        found = self.facts.get(name)
        if found is None:
            found = self.facts[name] = kind()
        return found

    def add_match(self, side_scores: Sequence[Any], seat_scores: Sequence[Any], winners: Sequence[int]) -> None:
        """One finished match: its scores and the seats that won it together (none: a draw)."""
        self.matches += 1
        won = set(winners)
        self.draws += not won
        for t, members in enumerate(self.side_seats):
            self.side_wins[t] += bool(won) and set(members) <= won
        for t, x in enumerate(side_scores):
            self.side_match[t].add(exact(x))
        for s, x in enumerate(seat_scores):
            self.seat_match[s].add(exact(x))
            self.seat_wins[s] += s in won

    def merge(self, other: Summary) -> None:
        for name in ("matches", "deals", "actions", "annulled", "draws"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.side_wins = [a + b for a, b in zip(self.side_wins, other.side_wins)]
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        for name in ("side_match", "seat_match", "side_deal", "seat_deal", "seat_edge", "place_edge"):
            for mine, theirs in zip(getattr(self, name), getattr(other, name)):
                mine.merge(theirs)
        for mine, theirs in zip(self.distributions, other.distributions):
            mine.update(theirs)
        self.deal_wins.update(other.deal_wins)
        for name in ("rules", "rule_deals"):
            table = getattr(self, name)
            for key, n in getattr(other, name).items():
                table[key] = table.get(key, 0) + n
        for name, kind in other.fact_kinds.items():
            mine = self.fact_kinds.setdefault(name, kind)
            if mine == "int" and kind == "num":         # one side saw whole numbers only: see _add_facts
                self._promote(name)
        for name, value in other.facts.items():
            if self.fact_kinds.get(name) in MEAN_KINDS:
                self.facts.setdefault(name, Moments()).merge(_as_moments(value))
            elif isinstance(value, Counter):
                self.facts.setdefault(name, Counter()).update(value)
            else:
                self.facts[name] = self.facts.get(name, 0) + value
        for call, (n, rates) in other.calls.items():
            entry = self.calls.setdefault(call, [0, {}])
            entry[0] += n
            for name, k in rates.items():
                entry[1][name] = entry[1].get(name, 0) + k

    # --- giving out -------------------------------------------------------------------------

    def win_interval(self, side: int) -> tuple[float, float]:
        """A 95 % confidence interval for the side's share of wins."""
        return wilson(self.side_wins[side], self.matches)

    def mean_interval(self, side: int) -> tuple[float, float]:
        """The side's mean match score and the half-width of its 95 % confidence interval."""
        return self.side_match[side].mean(), self.side_match[side].half_width()

    def direction(self) -> dict[str, str]:
        """Which way is better, for match scores and for deal scores."""
        return {"match": "the highest match score wins" if self.high_wins else "the lowest match score wins",
                "deal": "a higher deal score is better" if self.deal_high_better else "a lower deal score is better"}

    def to_json(self) -> dict:
        """Every statistic, the match ones and the deal ones (``to_json_deals``)."""
        deals = self.to_json_deals()
        for t, side in enumerate(deals["sides"]):
            mean, half = self.mean_interval(t)
            deals["sides"][t] = {"side": side["side"], "seats": side["seats"], "wins": self.side_wins[t],
                                 "win_rate": self.side_wins[t] / self.matches, "win_rate_95": list(self.win_interval(t)),
                                 "mean_score": mean, "mean_score_95": bounds(mean, half),
                                 "deal_score": side["deal_score"]}
        for s, seat in enumerate(deals["seats"]):
            deals["seats"][s] = {"seat": s, "player": seat["player"], "wins": self.seat_wins[s],
                                 "win_rate": self.seat_wins[s] / self.matches,
                                 "win_rate_95": list(wilson(self.seat_wins[s], self.matches)),
                                 "match_score": self.seat_match[s].to_json(), **seat}
        return {"matches": self.matches, "deals": self.deals, "actions": self.actions, "draws": self.draws,
                **deals, "rules": dict(sorted(self.rules.items()))}

    def deal_wins_json(self) -> dict:
        """Of the deals played, how many each team won (the teams formed in each deal, where they
        are), and how many ended equal."""
        played = sum(self.deal_wins.values())
        wins = {name: {"wins": n, "rate": n / played, "rate_95": list(wilson(n, played))}
                for name, n in sorted(self.deal_wins.items(), key=lambda kv: -kv[1]) if name is not None}
        return {"deals": played, "sides": wins, "equal": self.deal_wins.get(None, 0)}

    def to_json_deals(self) -> dict:
        """The statistics of deals: scores and their distribution, seat and dealer advantage,
        annulled deals, rules, facts and calls."""
        played = self.deals - self.annulled
        sides = [{"side": name, "seats": list(self.side_seats[t]),
                  "deal_score": {**self.side_deal[t].to_json(), **self._distribution(t)}}
                 for t, name in enumerate(self.side_names)]
        seats = [{"seat": s, "player": kind, "deal_score": self.seat_deal[s].to_json(),
                  "advantage": self.seat_edge[s].to_json(self.seats)} for s, kind in enumerate(self.players)]
        places = [{"place": p, "seat": "dealer" if p == 0 else f"dealer + {p}",
                   "advantage": self.place_edge[p].to_json(self.seats)} for p in range(self.seats)]
        rules = {rule: {"awards": n, "deals": share(self.rule_deals.get(rule, 0), self.deals)}
                 for rule, n in sorted(self.rules.items())}
        return {"players": self.players, "direction": self.direction(), "sides": sides, "seats": seats,
                "dealer": places, "annulled": share(self.annulled, self.deals), "rule_rates": rules,
                "deal_wins": self.deal_wins_json(), "facts": self._facts_json(played),
                "calls": self._calls_json(played)}

    def _distribution(self, side: int) -> dict:
        counts = self.distributions[side]
        if not counts:
            return {}
        quantiles = {}
        for q in QUANTILES:
            low, high = quantile_interval(counts, q)
            quantiles[f"{float(q):g}"] = {"value": float(quantile(counts, q)), "value_95": [float(low), float(high)]}
        return {"min": float(min(counts)), "max": float(max(counts)), "quantiles": quantiles,
                "histogram": histogram(counts)}

    def _facts_json(self, played: int) -> dict:
        out: dict[str, Any] = {}
        for name, kind in sorted(self.fact_kinds.items()):
            value = self.facts.get(name)
            if kind in RATE_KINDS:
                out[name] = {"kind": kind, "deals": played, **share(value or 0, played)}
            elif kind in MEAN_KINDS:
                out[name] = {"kind": kind, "deals": played, **(value or Moments()).to_json()}   # n: deals with a value
            elif kind not in SKIPPED_KINDS:
                counts = value or Counter()
                out[name] = {"kind": kind, "values": {v: share(n, played) for v, n in
                                                      sorted(counts.items(), key=lambda item: (-item[1], item[0]))}}
        return out

    def _calls_json(self, played: int) -> dict:
        rated = sorted(name for name, kind in self.fact_kinds.items() if kind in RATE_KINDS)
        return {call: {**share(n, played), "facts": {name: share(rates.get(name, 0), n) for name in rated}}
                for call, (n, rates) in sorted(self.calls.items(), key=lambda item: (-item[1][0], item[0]))}


def _as_moments(value: Any) -> Moments:
    """A fact's figure as the moments of its values: a Counter of values written as numbers
    (an 'int' fact) is summed up; its 'none' and any value that is no number are left out."""
    if isinstance(value, Moments):
        return value
    moments = Moments()
    for key, count in (value or Counter()).items():
        try:
            x = exact(Fraction(key))
        except (ValueError, ZeroDivisionError):
            continue
        moments.n += count
        moments.total += x * count
        moments.squares += x * x * count
    return moments


@dataclass
class Comparison:
    """Rule variants played on the same seeds: per match, each variant's side scores, wins and
    deals minus the first variant's, so the luck of the cards cancels out of the difference."""

    variants: list[str]
    side_names: tuple[str, ...]
    score: list[list[Moments]] = field(default_factory=list)   # [variant][side]: difference of match scores
    wins: list[list[Moments]] = field(default_factory=list)    # [variant][side]: 1, 0 or −1 a match
    deals: list[Moments] = field(default_factory=list)         # [variant]: difference of deals a match

    def __post_init__(self) -> None:
        k, sides = len(self.variants), len(self.side_names)
        self.score = self.score or [[Moments() for _ in range(sides)] for _ in range(k)]
        self.wins = self.wins or [[Moments() for _ in range(sides)] for _ in range(k)]
        self.deals = self.deals or [Moments() for _ in range(k)]

    def add_match(self, outcomes: Sequence[tuple[Sequence[Any], int | None, int]]) -> None:
        """One seed's match under every variant: (side scores, winner, deals) each."""
        base_scores, base_winner, base_deals = outcomes[0]
        for k, (scores, winner, deals) in enumerate(outcomes[1:], 1):
            for t, (x, y) in enumerate(zip(scores, base_scores)):
                self.score[k][t].add(exact(x) - exact(y))
                self.wins[k][t].add((winner == t) - (base_winner == t))
            self.deals[k].add(deals - base_deals)

    def merge(self, other: Comparison) -> None:
        for k in range(len(self.variants)):
            for t in range(len(self.side_names)):
                self.score[k][t].merge(other.score[k][t])
                self.wins[k][t].merge(other.wins[k][t])
            self.deals[k].merge(other.deals[k])

    def to_json(self) -> list[dict]:
        out = []
        for k in range(1, len(self.variants)):
            sides = []
            for t, name in enumerate(self.side_names):
                score, wins = self.score[k][t].to_json(), self.wins[k][t].to_json()
                sides.append({"side": name, "score_difference": score["mean"], "score_difference_95": score["mean_95"],
                              "score_verdict": verdict(*score["mean_95"]),
                              "win_rate_difference": wins["mean"], "win_rate_difference_95": wins["mean_95"],
                              "win_verdict": verdict(*wins["mean_95"])})
            deals = self.deals[k].to_json()
            out.append({"variant": self.variants[k], "against": self.variants[0], "matches": deals["n"],
                        "sides": sides, "deals_difference": deals["mean"], "deals_difference_95": deals["mean_95"]})
        return out
