"""A simulation's summary as text for people: tables of the statistics with their 95 % intervals."""
from __future__ import annotations

from fractions import Fraction
import math

from .stats import Comparison, Summary, quantile, verdict, wilson

TOP_VALUES = 8   # values of a fact, and calls, shown (the JSON has them all)


def summary_lines(summary: Summary, title: str, seed: str, unit: str) -> list[str]:
    s = summary
    data = s.to_json()
    lines = [f"{title}: {s.matches} {unit} ({s.deals} deals, {s.actions} actions), seed {seed}",
             "players: " + ", ".join(f"seat {i} {k}" for i, k in enumerate(s.players))]
    if not s.high_wins or s.down:
        lines.append(f"direction: {data['direction']['match']}; {data['direction']['deal']}")
    rows = [("side", "seats", "wins", "win %", "95% interval", "mean score", "± 95%")]
    for t, name in enumerate(s.side_names):
        low, high = s.win_interval(t)
        _, half = s.mean_interval(t)
        rows.append((name, ", ".join(map(str, s.side_seats[t])), str(s.side_wins[t]),
                     f"{100 * s.side_wins[t] / s.matches:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%",
                     _fmt(Fraction(s.side_match[t].total) / s.matches), f"{half:.3g}"))
    rows.append(("draws", "", str(s.draws), f"{100 * s.draws / s.matches:.1f}%", "", "", ""))
    lines += [""] + _table(rows, left=2)
    lines += _deal_wins_lines(s.deal_wins_json())
    lines += ["", "deal scores by side (mean ± 95%; quantiles 5% 25% 50% 75% 95%):"]
    rows = []
    for t, name in enumerate(s.side_names):
        counts = s.distributions[t]
        qs = " ".join(_fmt(quantile(counts, q)) for q in (Fraction(5, 100), Fraction(1, 4), Fraction(1, 2),
                                                           Fraction(3, 4), Fraction(95, 100))) if counts else ""
        rows.append((name, f"{s.side_deal[t].mean():.4g}", _pm(s.side_deal[t].half_width()), qs))
    lines += _table(rows, left=1)
    lines += ["", "by seat: win % of matches; mean deal score; advantage = its deal score minus the mean of all "
                  "seats' (± 95%):"]
    rows = [("seat", "player", "win %", "95% interval", "deal score", "advantage", "± 95%", "")]
    for seat in data["seats"]:
        low, high = seat["win_rate_95"]
        adv = seat["advantage"]
        rows.append((str(seat["seat"]), seat["player"], f"{100 * seat['win_rate']:.1f}%",
                     f"{100 * low:.1f}–{100 * high:.1f}%", f"{seat['deal_score']['mean']:.4g}",
                     f"{adv['mean']:+.4g}", _pm(_half(adv)), _judged(adv, s.deal_high_better)))
    lines += _table(rows, left=2)
    lines += ["", "by place after the dealer (the dealer rotates): advantage ± 95%:"]
    rows = [(place["seat"], f"{place['advantage']['mean']:+.4g}", _pm(_half(place["advantage"])),
             _judged(place["advantage"], s.deal_high_better)) for place in data["dealer"]]
    lines += _table(rows, left=1)
    if s.annulled:
        low, high = wilson(s.annulled, s.deals)
        lines += ["", f"annulled deals: {s.annulled} of {s.deals} ({100 * s.annulled / s.deals:.1f}%, "
                      f"95% {100 * low:.1f}–{100 * high:.1f}%)"]
    if s.rules:
        lines += ["", "rules that scored: " + ", ".join(f"{rule} {n}" for rule, n in sorted(s.rules.items()))]
        rows = [(rule, f"{100 * r['deals']['rate']:.1f}%", _percent_interval(r["deals"]["rate_95"]))
                for rule, r in data["rule_rates"].items()]
        lines += ["share of deals where each rule scored:"] + _table(rows, left=1)
    lines += _facts_lines(data["facts"]) + _calls_lines(data["calls"])
    return lines


def _facts_lines(facts: dict) -> list[str]:
    if not facts:
        return []
    rows = []
    for name, fact in facts.items():
        if "rate" in fact:
            rows.append((name, f"{100 * fact['rate']:.1f}% of deals", _percent_interval(fact["rate_95"])))
        elif "mean" in fact:
            low, high = fact["mean_95"]
            some = f" (in {fact['n']} of {fact['deals']} deals)" if fact["n"] < fact["deals"] else ""
            rows.append((name, f"mean {fact['mean']:.4g}{some}", f"{low:.4g}–{high:.4g}" if low is not None else ""))
        else:
            shown = list(fact["values"].items())[:TOP_VALUES]
            more = len(fact["values"]) - len(shown)
            rows.append((name, ", ".join(f"{v} {100 * x['rate']:.1f}%" for v, x in shown)
                         + (f", … {more} more" if more > 0 else ""), ""))
    return ["", "facts of the played deals (95% interval):"] + _table(rows, left=2)


def _calls_lines(calls: dict) -> list[str]:
    if not calls:
        return []
    rows = []
    for call, entry in list(calls.items())[:TOP_VALUES]:
        rates = ", ".join(f"{name} {100 * x['rate']:.1f}% ({_percent_interval(x['rate_95'])})"
                          for name, x in entry["facts"].items())
        rows.append((call, f"{entry['count']}", f"{100 * entry['rate']:.1f}%", _percent_interval(entry["rate_95"]),
                     rates))
    more = [f"… {len(calls) - TOP_VALUES} more calls (see --json)"] if len(calls) > TOP_VALUES else []
    return ["", "calls chosen (share of played deals), and the yes/no facts when chosen:"] + _table(rows, left=1) + more


def comparison_lines(comparison: Comparison) -> list[str]:
    """Each variant against the first, on the same seeds: the mean difference a match, ± 95%."""
    lines = []
    for entry in comparison.to_json():
        lines += ["", f"{entry['variant']} minus {entry['against']}, paired by seed over {entry['matches']} "
                      f"matches (mean difference a match, 95% interval):"]
        rows = []
        for side in entry["sides"]:
            rows.append((side["side"], "score", f"{side['score_difference']:+.4g}",
                         _interval(side["score_difference_95"]), side["score_verdict"]))
            low, high = side["win_rate_difference_95"]
            rows.append((side["side"], "win rate", f"{100 * side['win_rate_difference']:+.1f}%",
                         "" if low is None else f"[{100 * low:.1f}%, {100 * high:.1f}%]", side["win_verdict"]))
        rows.append(("deals a match", "", f"{entry['deals_difference']:+.4g}", _interval(entry["deals_difference_95"]),
                     verdict(*entry["deals_difference_95"])))
        lines += _table(rows, left=2)
    return lines


def _judged(moments_json: dict, high_better: bool) -> str:
    """Where an advantage's interval lies, and whether that is better or worse in this game."""
    where = verdict(*moments_json["mean_95"])
    if where in ("above 0", "below 0"):
        return f"{where}: {'better' if (where == 'above 0') == high_better else 'worse'}"
    return where


def _half(moments_json: dict) -> float:
    low, high = moments_json["mean_95"]
    return math.inf if low is None else (high - low) / 2


def _pm(half: float) -> str:
    return "± ∞" if not math.isfinite(half) else f"± {half:.3g}"


def _interval(bounds: list) -> str:
    low, high = bounds
    return "" if low is None else f"[{low:.4g}, {high:.4g}]"


def _percent_interval(bounds: list) -> str:
    """A rate's interval in percent, with the decimals that keep its two ends apart."""
    low, high = bounds
    if low is None:
        return ""
    places = 1 if high - low >= 0.002 else 2 if high - low >= 0.0002 else 3
    return f"{100 * low:.{places}f}–{100 * high:.{places}f}%"


def _fmt(x) -> str:
    """Exact numbers for people: whole numbers plain, others as decimals."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.3f}".rstrip("0")


def _deal_wins_lines(won: dict) -> list[str]:
    """Who won the deals: each team's share, the teams formed in the deal where they are."""
    if not won["deals"]:
        return []
    rows = [("deals won by", "deals", "win %", "95% interval")]
    for name, side in won["sides"].items():
        rows.append((name, str(side["wins"]), f"{100 * side['rate']:.1f}%", _percent_interval(side["rate_95"])))
    rows.append(("equal", str(won["equal"]), f"{100 * won['equal'] / won['deals']:.1f}%", ""))
    return [""] + _table(rows, left=1)


def _table(rows: list[tuple[str, ...]], left: int) -> list[str]:
    """Text columns: the first ``left`` aligned left, the others right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(widths[i]) if i < left else c.rjust(widths[i]) for i, c in enumerate(r)).rstrip()
            for r in rows]
