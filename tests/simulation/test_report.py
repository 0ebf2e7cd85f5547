"""`atout report`: a data file turned into one self-contained HTML page of charts and tables."""
from __future__ import annotations

import base64
import json
import re

from click.testing import CliRunner
import pytest

from cli import main
import interpreter.simulation.report as report

RUN = CliRunner()
ARGS = ["simulate", "belote", "-n", "40", "--seed", "2", "--deals"]


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    """Data files of the same deals as Parquet and CSV, and the report of the Parquet file."""
    folder = tmp_path_factory.mktemp("data")
    summary = RUN.invoke(main, ARGS + ["--out", str(folder / "b.parquet"), "--json"])
    RUN.invoke(main, ARGS + ["--out", str(folder / "b.csv")])
    result = RUN.invoke(main, ["report", str(folder / "b.parquet"), "-o", str(folder / "r.html")])
    return folder, json.loads(summary.output), result


def _images(page: str) -> list[bytes]:
    return [base64.b64decode(x) for x in re.findall(r'src="data:image/png;base64,([^"]+)"', page)]


def test_the_page_holds_the_charts_and_the_figures_of_the_summary(data):
    folder, summary, result = data
    assert (result.exit_code, result.output) == (0, f"report of {summary['deals']} deals written to "
                                                    f"{folder / 'r.html'}\n")
    page = (folder / "r.html").read_text()
    images = _images(page)
    assert len(images) == 4                # deal scores, advantage, rules, yes/no facts
    assert all(image.startswith(b"\x89PNG\r\n\x1a\n") for image in images)
    assert "<script" not in page and "http" not in page      # self-contained: nothing to fetch
    dealer = summary["dealer"][0]["advantage"]
    assert f"<td>dealer</td><td>{dealer['mean']:+.4g}</td>" in page
    assert "In this game the highest match score wins; a higher deal score is better." in page
    assert "Belote: simulation report" in page and f"{summary['deals']} deals from b.parquet" in page
    made = summary["facts"]["contract made"]
    assert made["rate"] > 0 and "<h3>Yes/no facts</h3>" in page


def test_a_csv_file_gives_the_same_figures(data):
    folder, _, _ = data
    result = RUN.invoke(main, ["report", str(folder / "b.csv")])         # default: b.html beside it
    assert result.exit_code == 0, result.output
    from_csv, from_parquet = (folder / "b.html").read_text(), (folder / "r.html").read_text()
    tables = [re.findall(r"<table.*?</table>", page) for page in (from_csv, from_parquet)]
    assert tables[0] == tables[1]
    assert "A CSV file does not say which way is better" in from_csv


def test_bad_input_is_one_line_and_a_failed_report_keeps_the_old_page(data, monkeypatch, tmp_path):
    folder, _, _ = data
    missing = RUN.invoke(main, ["report", str(tmp_path / "none.parquet")])
    assert (missing.exit_code, missing.output) == (1, f"atout: {tmp_path / 'none.parquet'}: no such data file\n")
    text = tmp_path / "notes.txt"
    text.write_text("x")
    wrong = RUN.invoke(main, ["report", str(text)])
    assert (wrong.exit_code, wrong.output) == (1, f"atout: {text}: a data file ends in .parquet or .csv, not '.txt'\n")
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"not parquet at all")
    unreadable = RUN.invoke(main, ["report", str(broken)])
    assert unreadable.exit_code == 1 and unreadable.output.startswith(f"atout: {broken}: not a readable data file: ")
    page = tmp_path / "r.html"
    page.write_text("the old report")

    def failing(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(report, "_page", failing)
    result = RUN.invoke(main, ["report", str(folder / "b.parquet"), "-o", str(page)])
    assert result.exit_code == 130
    assert page.read_text() == "the old report" and sorted(p.name for p in tmp_path.iterdir()) == \
        ["broken.parquet", "notes.txt", "r.html"]


def test_a_report_of_compared_variants_has_a_section_each(tmp_path):
    out = tmp_path / "v.parquet"
    result = RUN.invoke(main, ["simulate", "belote", "-n", "3", "--variant", "none", "--variant", "match",
                               "--out", str(out)])
    assert result.exit_code == 0, result.output
    RUN.invoke(main, ["report", str(out)])
    page = (tmp_path / "v.html").read_text()
    assert "<h2>Variant: rules as written</h2>" in page and "<h2>Variant: match</h2>" in page
    assert len(_images(page)) == 8


@pytest.mark.parametrize("k, n", [(0, 11), (6, 6), (0, 22), (21, 21)])
def test_a_rate_of_exactly_0_or_1_is_charted_with_error_bars_that_hold_it(k, n):
    """A fact that never held (or always did): its error bar reaches from the rate to the
    interval's ends, never below 0, where matplotlib refused the chart and the report failed."""
    figure = report._rates_chart("facts", [("the fact", k)], n)
    try:
        [bars] = [c for c in figure.axes[0].containers if hasattr(c, "datavalues")]
        assert bars.datavalues.tolist() == [k / n]
    finally:
        report._plt().close(figure)


def _damaged(folder, name: str, change) -> str:
    import csv

    with (folder / "b.csv").open(newline="") as text:
        rows = list(csv.reader(text))
    rows = change(rows[0], rows[1:])
    path = folder / name
    with path.open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    return str(path)


def _set(column: str, value: str):
    return lambda head, rows: [head] + [[value if h == column else x for h, x in zip(head, row)] for row in rows]


@pytest.mark.parametrize("name, change, said", [
    ("nodealer.csv", lambda head, rows: [[x for h, x in zip(head, r) if h != "dealer"] for r in [head] + rows],
     "not a data file of 'atout simulate --out': it has no column 'dealer'"),
    ("score.csv", _set("score:North-South", "abc"), "deal 1: 'score:North-South' is not a number: 'abc'"),
    ("count.csv", _set("rule:card points", str(10**9)), "deal 1: 'rule:card points' is not a count from 0 to 10000"),
    ("dealer.csv", _set("dealer", "99"), "deal 1: the dealer and the players must name the 4 seats"),
    ("players.csv", _set("players", "x"), "deal 1: the dealer and the players must name the 4 seats"),
])
def test_a_data_file_atout_did_not_write_is_one_line(data, name, change, said):
    folder, _, _ = data
    path = _damaged(folder, name, change)
    result = RUN.invoke(main, ["report", path, "-o", str(folder / "x.html")])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output == f"atout: {path}: {said}" + result.output.split(said, 1)[1] and result.output.count("\n") == 1


@pytest.mark.parametrize("column", ["fact:contract made", "score:North-South"])
def test_a_name_written_like_a_formula_is_drawn_as_text(data, column):
    """matplotlib read '$\\frac{$' in a chart's labels as a formula, and failed."""
    folder, _, _ = data
    name = column.split(":", 1)[1]
    path = _damaged(folder, "math.csv", lambda head, rows: [[h.replace(name, "$\\frac{$") for h in head]] + rows)
    result = RUN.invoke(main, ["report", path, "-o", str(folder / "math.html")])
    assert result.exit_code == 0, result.output
    page = (folder / "math.html").read_text()
    assert len(_images(page)) == 4
