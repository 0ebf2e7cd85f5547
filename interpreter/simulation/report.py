"""``atout report``: a data file (one row per deal) turned into one self-contained HTML page.

The page holds the key charts as PNG images inside it (matplotlib, no display needed): the
distribution of each side's deal scores, each seat's advantage and each place after the dealer's
with their 95 % intervals as error bars, and how often each scoring rule and each yes/no fact
came up; tables give the figures. The file is read a batch at a time into the same statistics
``atout simulate`` prints (stats.Summary), so a file of a million deals needs little memory.
"""
from __future__ import annotations

import base64
from fractions import Fraction
import html
import io
import os
from pathlib import Path
import tempfile
from typing import Any

from .datafile import DataFileError, missing_package, publish, read
from .stats import Summary, verdict, wilson

FIGURE_SIZE = (8, 3.6)
MANY_VALUES = 50    # a CSV text column with more values than this is taken for card sets
FEW_NUMBERS = 12    # a CSV column of whole numbers with more values than this holds totals, not levels


def write_report(data_path: Path, out_path: Path) -> int:
    """Write the report of ``data_path`` to ``out_path`` (under a temporary name, then renamed);
    the number of deals it covers."""
    if not out_path.parent.is_dir():
        raise DataFileError(f"{out_path}: cannot write the report: no folder '{out_path.parent}'")
    about, batches = read(data_path)
    summaries = _summaries(about, batches, data_path)
    if not summaries:
        raise DataFileError(f"{data_path}: the data file holds no deal")
    page = _page(data_path, about, summaries)
    try:
        handle, temporary = tempfile.mkstemp(dir=out_path.parent, prefix=f".{out_path.name}.", suffix=".tmp")
    except OSError as err:
        raise DataFileError(f"{out_path}: cannot write the report: {err.strerror}") from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(page)
        publish(temporary, out_path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return sum(s.deals for s in summaries.values())


# --- the statistics, from the rows ----------------------------------------------------------

def _summaries(about: dict[str, Any], batches, path: Path) -> dict[str, Summary]:
    """One Summary per variant in the file (deal statistics only: the file has no match scores)."""
    summaries: dict[str, Summary] = {}
    kinds: dict[str, str] | None = about.get("facts")
    row = 0
    for batch in batches:
        missing = [c for c in NEEDED if c not in batch]
        if missing:
            raise DataFileError(f"{path}: not a data file of 'atout simulate --out': it has no column '{missing[0]}'")
        sides = [c for c in batch if c.startswith("score:")]
        seats = [c for c in batch if c.startswith("seat:")]
        rules = [c for c in batch if c.startswith("rule:")]
        facts = [c for c in batch if c.startswith("fact:")]
        if kinds is None:
            kinds = {c[5:]: _guess_kind(batch[c]) for c in facts}
        for i in range(len(batch["deal"])):
            row += 1
            variant = str(batch["variant"][i] or "rules as written")
            summary = summaries.get(variant)
            if summary is None:
                side_seats = about.get("side_seats") or _side_seats(batch, sides, seats)
                summary = summaries[variant] = Summary(batch["players"][i].split(","), tuple(c[6:] for c in sides),
                                                       tuple(tuple(s) for s in side_seats), about.get("high_wins", True),
                                                       about.get("down", False), dict(kinds))
            where = f"{path}: deal {row}"
            values = {c[5:]: _read_value(batch[c][i], kinds.get(c[5:], "str"), where, c) for c in facts}
            fired = [c[5:] for c in rules for _ in range(_count(batch[c][i], where, c))]
            dealer = _count(batch["dealer"][i], where, "dealer")
            if dealer >= len(seats) or len(str(batch["players"][i]).split(",")) != len(seats):
                raise DataFileError(f"{where}: the dealer and the players must name the {len(seats)} seats of the "
                                    f"'seat:' columns (dealer {dealer}, players {str(batch['players'][i])[:40]!r})")
            summary.add_deal(dealer, [_number(batch[c][i], where, c) for c in seats],
                             [_number(batch[c][i], where, c) for c in sides], fired, values, bool(batch["annulled"][i]))
    return summaries


NEEDED = ("deal", "dealer", "variant", "players", "annulled")
"""The columns every data file of atout simulate has."""

MOST_FIRINGS = 10_000
"""More awards of one rule in one deal than any rule file gives: a count past it is not atout's."""


def _number(value: Any, where: str, column: str) -> Fraction:
    try:
        return Fraction(value)
    except (ValueError, TypeError, ZeroDivisionError):
        raise DataFileError(f"{where}: '{column}' is not a number: {str(value)[:40]!r}") from None


def _count(value: Any, where: str, column: str) -> int:
    number = _number(value, where, column)
    if number.denominator != 1 or not 0 <= number <= MOST_FIRINGS:
        raise DataFileError(f"{where}: '{column}' is not a count from 0 to {MOST_FIRINGS}: {str(value)[:40]!r}")
    return int(number)


def _guess_kind(values: list) -> str:
    """A fact's kind from a CSV column's text (a CSV file has no description of its columns):
    yes/no, numbers, lists of numbers, card sets (text of many values, left out) or text."""
    seen = [v for v in values if v not in (None, "")]
    if seen and all(v in ("true", "false") for v in seen):
        return "bool"
    if seen and all(len(v.split()) > 1 and all(x == "-" or x.lstrip("-").isdigit() for x in v.split()) for v in seen):
        return "list"
    try:
        numbers = [Fraction(v) for v in seen]
    except ValueError:
        return "set" if len(set(seen)) > MANY_VALUES else "str"
    # whole numbers of few values (levels, seats) are counted by value; of many (totals), summed
    whole = all(x.denominator == 1 for x in numbers) and len(set(numbers)) <= FEW_NUMBERS
    return "int" if whole else "num"


def _read_value(value: Any, kind: str, where: str = "", column: str = "") -> Any:
    if value in (None, ""):
        return None
    if kind == "bool":
        return value is True or value == "true"
    if kind in ("num", "int") and isinstance(value, str):
        return _number(value, where, column)
    return value


def _side_seats(batch: dict[str, list], sides: list[str], seats: list[str]) -> list[list[int]]:
    """Which seats score with each side, read off the rows: a seat whose score is always its side's."""
    members: list[list[int]] = [[] for _ in sides]
    for s, seat in enumerate(seats):
        for t, side in enumerate(sides):
            if batch[seat] == batch[side]:
                members[t].append(s)
                break
    return members


# --- the page --------------------------------------------------------------------------------

def _page(data_path: Path, about: dict[str, Any], summaries: dict[str, Summary]) -> str:
    title = f"{about.get('game', data_path.name)}: simulation report"
    parts = [f"<h1>{html.escape(title)}</h1>",
             f"<p>{html.escape(_description(data_path, about, summaries))}</p>"]
    for variant, summary in summaries.items():
        if len(summaries) > 1:
            parts.append(f"<h2>Variant: {html.escape(variant)}</h2>")
        parts += _sections(summary)
    style = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
             "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{padding:.2em .8em;border-bottom:1px solid #ddd;"
             "text-align:right}td:first-child,th:first-child,.text td,.text th{text-align:left}img{max-width:100%}"
             ".note{color:#555;font-size:.9em}")
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body>\n" + "\n".join(parts) + "\n</body></html>\n")


def _description(data_path: Path, about: dict[str, Any], summaries: dict[str, Summary]) -> str:
    first = next(iter(summaries.values()))
    deals = sum(s.deals for s in summaries.values())
    text = f"{deals} deals from {data_path.name}"
    if about:
        text += f", seed {about.get('seed')}, {about.get('unit')}"
    text += "; players: " + ", ".join(f"seat {i} {k}" for i, k in enumerate(first.players)) + ". "
    if about:
        direction = first.direction()
        text += f"In this game {direction['match']}; {direction['deal']}."
    else:
        text += "A CSV file does not say which way is better: read the scores as the game counts them."
    return text + " Intervals and error bars are 95 % confidence intervals."


def _sections(s: Summary) -> list[str]:
    data = s.to_json_deals()
    parts = ["<h3>Deal scores</h3>", _table(["side", "mean", "95% interval", "5%", "25%", "median", "75%", "95%"],
                                            [[side["side"], f"{side['deal_score']['mean']:.4g}",
                                              _interval(side["deal_score"]["mean_95"])]
                                             + [f"{q['value']:g}" for q in side["deal_score"].get("quantiles", {}).values()]
                                             for side in data["sides"]]),
             _image(_distribution_chart(s))]
    parts += ["<h3>Seat and dealer advantage</h3>",
              "<p class=\"note\">A seat's advantage in a deal is its score minus the mean of all seats' scores in "
              "that deal; by place after the dealer, the same for the dealer, the seat after the dealer, and so "
              "on (the dealer rotates).</p>",
              _image(_advantage_chart(data)),
              _table(["who", "advantage", "95% interval", ""],
                     [[f"seat {x['seat']} ({x['player']})", f"{x['advantage']['mean']:+.4g}",
                       _interval(x["advantage"]["mean_95"]), verdict(*x["advantage"]["mean_95"])] for x in data["seats"]]
                     + [[x["seat"], f"{x['advantage']['mean']:+.4g}", _interval(x["advantage"]["mean_95"]),
                         verdict(*x["advantage"]["mean_95"])] for x in data["dealer"]])]
    if data["rule_rates"]:
        parts += ["<h3>Scoring rules</h3>", _image(_rates_chart(
            "share of deals where the rule scored", [(r, x["deals"]["count"]) for r, x in data["rule_rates"].items()],
            s.deals))]
    rates = [(name, fact["count"]) for name, fact in data["facts"].items() if "rate" in fact]
    played = s.deals - s.annulled
    if rates:
        parts += ["<h3>Yes/no facts</h3>", _image(_rates_chart("share of played deals where it holds", rates, played))]
    means = [[name, f"{f['mean']:.4g}", _interval(f["mean_95"]), str(f["n"])]
             for name, f in data["facts"].items() if "mean" in f]
    if means:
        parts += ["<h3>Numeric facts</h3>", _table(["fact", "mean", "95% interval", "deals"], means)]
    values = [[name, ", ".join(f"{v} {100 * x['rate']:.1f}%" for v, x in list(f["values"].items())[:10])]
              for name, f in data["facts"].items() if "values" in f]
    if values:
        parts += ["<h3>Other facts (most frequent values)</h3>", _table(["fact", "values"], values, "text")]
    if s.annulled:
        low, high = wilson(s.annulled, s.deals)
        parts.append(f"<p>Annulled deals: {s.annulled} of {s.deals} (95% {100 * low:.1f}–{100 * high:.1f}%).</p>")
    return parts


def _plt():
    try:
        import matplotlib
    except ImportError:
        raise missing_package("atout report", "matplotlib") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["text.parse_math"] = False      # a rule file's names are text: '$\\frac{$' is no formula
    return plt


def _distribution_chart(s: Summary):
    plt = _plt()
    figure, axes = plt.subplots(figsize=FIGURE_SIZE)
    values = sorted(set().union(*s.distributions))
    width = 0.8 / len(s.side_names) if len(values) <= 40 else None
    for t, name in enumerate(s.side_names):
        counts = s.distributions[t]
        total = sum(counts.values()) or 1
        if width is not None:
            xs = [i + (t - (len(s.side_names) - 1) / 2) * width for i in range(len(values))]
            axes.bar(xs, [counts.get(v, 0) / total for v in values], width=width, label=name)
        else:
            axes.hist([float(v) for v in counts], bins=40, weights=[counts[v] / total for v in counts],
                      histtype="step", linewidth=1.5, label=name)
    if width is not None:
        axes.set_xticks(range(len(values)), [f"{float(v):g}" for v in values],
                        rotation=90 if len(values) > 12 else 0)
    axes.set(title="distribution of deal scores", xlabel="deal score", ylabel="share of deals")
    axes.legend()
    return figure


def _advantage_chart(data: dict):
    plt = _plt()
    figure, (left, right) = plt.subplots(1, 2, figsize=(FIGURE_SIZE[0], FIGURE_SIZE[1]), sharey=True)
    for axes, rows, labels, title in (
            (left, [x["advantage"] for x in data["seats"]], [f"seat {x['seat']}" for x in data["seats"]], "by seat"),
            (right, [x["advantage"] for x in data["dealer"]], [x["seat"] for x in data["dealer"]],
             "by place after the dealer")):
        means = [r["mean"] for r in rows]
        errors = [0 if r["mean_95"][0] is None else (r["mean_95"][1] - r["mean_95"][0]) / 2 for r in rows]
        axes.bar(range(len(rows)), means, yerr=errors, capsize=6, color=["#4c72b0" if m >= 0 else "#dd8452"
                                                                         for m in means])
        axes.axhline(0, color="black", linewidth=0.8)
        axes.set_xticks(range(len(rows)), labels, rotation=20)
        axes.set_title(title)
    left.set_ylabel("advantage (deal score − mean of seats)")
    return figure


def _rates_chart(title: str, counts: list[tuple[str, int]], n: int):
    plt = _plt()
    figure, axes = plt.subplots(figsize=(FIGURE_SIZE[0], 0.9 + 0.38 * len(counts)))
    rates = [k / n if n else 0.0 for _, k in counts]
    intervals = [wilson(k, n) for _, k in counts]
    errors = [[r - lo for r, (lo, _) in zip(rates, intervals)], [hi - r for r, (_, hi) in zip(rates, intervals)]]
    axes.barh(range(len(counts)), rates, xerr=errors, capsize=4, color="#55a868")
    axes.set_yticks(range(len(counts)), [name for name, _ in counts])
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.set(title=title, xlabel="share")
    figure.tight_layout()
    return figure


def _image(figure) -> str:
    """A figure as an <img> with the PNG inside the page."""
    plt = _plt()
    buffer = io.BytesIO()
    figure.tight_layout()
    figure.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    plt.close(figure)
    return f"<img alt=\"chart\" src=\"data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}\">"


def _table(head: list[str], rows: list[list[str]], kind: str = "figures") -> str:
    """An HTML table; ``kind`` 'figures' aligns the columns after the first right, 'text' left."""
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table class=\"{kind}\"><tr>{cells}</tr>{body}</table>"


def _interval(bounds: list) -> str:
    low, high = bounds
    return "" if low is None else f"[{low:.4g}, {high:.4g}]"
