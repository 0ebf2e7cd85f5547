"""`atout simulate --out`: one row per deal as Parquet or CSV, the same bytes however the work is
split, written whole or not at all; errors a person can act on as one line."""
from __future__ import annotations

import builtins
import csv
import json

import pyarrow.parquet as pq
from click.testing import CliRunner

from cli import main
import interpreter
import interpreter.simulation.datafile as datafile
from interpreter.simulation.datafile import _value

RUN = CliRunner()
BELOTE = ["simulate", "belote", "-n", "40", "--seed", "6", "--deals", "--players", "greedy,random,greedy,random"]


def test_parquet_rows_hold_the_deal_its_scores_rules_and_facts(tmp_path):
    out = tmp_path / "b.parquet"
    result = RUN.invoke(main, BELOTE + ["--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    table = pq.read_table(out)
    assert table.num_rows == summary["deals"] >= 40
    names = table.column_names
    assert names[:7] == ["match", "deal", "deal_seed", "dealer", "variant", "players", "annulled"]
    assert {"score:North-South", "score:East-West", "seat:3", "rule:card points", "fact:contract made", "fact:call"} <= set(names)
    rows = table.to_pylist()
    assert rows[0]["players"] == "greedy,random,greedy,random" and rows[0]["match"] == 0
    assert [r["dealer"] for r in rows if r["deal"] == 1][:5] == [0, 1, 2, 3, 0]       # the dealer rotates
    # the rows add up to the summary's figures
    mean = sum(r["score:North-South"] for r in rows) / len(rows)
    assert mean == summary["sides"][0]["deal_score"]["mean"]
    made = sum(r["fact:contract made"] is True for r in rows)
    assert made == summary["facts"]["contract made"]["count"]
    about = json.loads(pq.ParquetFile(out).schema_arrow.metadata[b"atout"])
    assert (about["game"], about["seed"], about["high_wins"], about["sides"]) == \
        ("Belote", "6", True, ["North-South", "East-West"])
    assert oct(out.stat().st_mode & 0o777) != oct(0o600)                  # readable like any new file


def test_csv_and_parquet_hold_the_same_rows(tmp_path):
    RUN.invoke(main, BELOTE + ["--out", str(tmp_path / "b.parquet")])
    RUN.invoke(main, BELOTE + ["--out", str(tmp_path / "b.csv")])
    parquet = pq.read_table(tmp_path / "b.parquet").to_pylist()
    with (tmp_path / "b.csv").open(newline="") as text:
        rows = list(csv.DictReader(text))
    assert len(rows) == len(parquet)
    first, other = rows[3], parquet[3]
    assert first["deal_seed"] == str(other["deal_seed"]) and first["fact:call"] == other["fact:call"]
    assert first["fact:contract made"] == str(other["fact:contract made"]).lower()
    assert float(first["score:East-West"]) == other["score:East-West"]


def test_a_data_file_cell_writes_a_list_with_dashes_for_nothing():
    assert _value([1, None, 3], "list") == "1 - 3" and _value((None,), "list") == "-"


def test_one_and_two_processes_write_the_same_bytes(tmp_path):
    one = RUN.invoke(main, BELOTE + ["--out", str(tmp_path / "one.parquet"), "--json"])
    two = RUN.invoke(main, BELOTE + ["-j", "2", "--out", str(tmp_path / "two.parquet"), "--json"])
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output
    assert (tmp_path / "one.parquet").read_bytes() == (tmp_path / "two.parquet").read_bytes()


def test_batches_do_not_depend_on_the_units(tmp_path, monkeypatch):
    monkeypatch.setattr(datafile, "BATCH_ROWS", 7)       # several row groups, cut across work units
    RUN.invoke(main, BELOTE + ["--out", str(tmp_path / "one.csv")])
    RUN.invoke(main, BELOTE + ["-j", "2", "--out", str(tmp_path / "two.csv")])
    RUN.invoke(main, BELOTE + ["--out", str(tmp_path / "one.parquet")])
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()
    assert pq.ParquetFile(tmp_path / "one.parquet").metadata.num_row_groups == 6        # 40 deals, 7 a batch


def test_a_bad_extension_or_folder_is_one_line_before_playing(tmp_path):
    bad = RUN.invoke(main, ["simulate", "aluette", "--out", str(tmp_path / "a.xlsx")])
    assert (bad.exit_code, bad.output) == (1, f"atout: {tmp_path / 'a.xlsx'}: a data file ends in .parquet or .csv, "
                                              f"not '.xlsx'\n")
    missing = RUN.invoke(main, ["simulate", "aluette", "--out", str(tmp_path / "no" / "a.csv")])
    assert (missing.exit_code, missing.output) == (1, f"atout: {tmp_path / 'no' / 'a.csv'}: cannot write the data "
                                                      f"file: no folder '{tmp_path / 'no'}'\n")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        locked = RUN.invoke(main, ["simulate", "aluette", "--out", str(folder / "a.csv")])
    finally:
        folder.chmod(0o700)
    if locked.exit_code == 1:                # root may write anywhere
        assert locked.output == f"atout: {folder / 'a.csv'}: cannot write the data file: Permission denied\n"


def test_a_failed_run_keeps_the_old_file_and_leaves_nothing_behind(tmp_path, monkeypatch):
    out = tmp_path / "a.parquet"
    out.write_text("yesterday's results")

    def broken(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr("interpreter.simulation.simulate.simulate", broken)
    result = RUN.invoke(main, ["simulate", "aluette", "-n", "3", "--out", str(out)])
    assert (result.exit_code, result.output) == (130, "atout: interrupted\n")
    assert out.read_text() == "yesterday's results"
    assert [p.name for p in tmp_path.iterdir()] == ["a.parquet"]


def test_parquet_without_pyarrow_says_what_to_install(tmp_path, monkeypatch):
    real = builtins.__import__

    def no_arrow(name, *args, **kwargs):
        if name.startswith("pyarrow"):
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_arrow)
    result = RUN.invoke(main, ["simulate", "aluette", "-n", "2", "--out", str(tmp_path / "a.parquet")])
    assert (result.exit_code, result.output) == (1, "atout: a Parquet file needs pyarrow, which is not installed: "
                                                    "pip install atout[sim]\n")
    csv_run = RUN.invoke(main, ["simulate", "aluette", "-n", "2", "--out", str(tmp_path / "a.csv")])
    assert csv_run.exit_code == 0, csv_run.output                       # CSV needs nothing more
    assert list(tmp_path.iterdir()) == [tmp_path / "a.csv"]


def test_records_stream_in_order_with_a_data_file_beside(tmp_path):
    base = ["simulate", "aluette", "-n", "12", "--seed", "3"]
    one = RUN.invoke(main, base + ["--record", str(tmp_path / "one.jsonl"), "--out", str(tmp_path / "one.csv")])
    two = RUN.invoke(main, base + ["-j", "2", "--record", str(tmp_path / "two.jsonl"), "--out",
                                   str(tmp_path / "two.csv")])
    assert one.exit_code == 0, one.output
    assert one.output.replace("one.", "two.") == two.output
    assert one.output.endswith(f"records: 12 written to {tmp_path / 'one.jsonl'}\n\n"
                               f"data: 60 rows written to {tmp_path / 'one.csv'}\n")
    lines = (tmp_path / "one.jsonl").read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines] == [f"3:{i}" for i in range(12)]
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    assert (tmp_path / "one.csv").read_text() == (tmp_path / "two.csv").read_text()


def test_help_of_simulate_and_play_names_every_player_kind():
    from interpreter.players.registry import PLAYERS

    for command in ("simulate", "play"):
        text = " ".join(RUN.invoke(main, [command, "--help"]).output.split())
        assert all(f"{kind}," in text or f"{kind}[" in text for kind in PLAYERS), (command, text)


def test_a_csv_cell_never_starts_a_spreadsheet_formula(tmp_path):
    text = (interpreter.GAMES_DIR / "euchre.yaml").read_text(encoding="utf-8")
    for old, new in (("  North-South: [0, 2] ", "  '=HYPERLINK(\"http://x\")': [0, 2] "),
                     ("  East-West: [1, 3]", "  '@SUM(A1)': [1, 3]")):
        assert old in text
        text = text.replace(old, new)
    rules = tmp_path / "formula.yaml"
    rules.write_text(text, encoding="utf-8")
    out = tmp_path / "deals.csv"
    result = RUN.invoke(main, ["simulate", str(rules), "-n", "3", "--seed", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    with out.open(newline="") as data:
        cells = [cell for row in csv.reader(data) for cell in row]
    assert not [c for c in cells if c.startswith(("=", "+", "@", "\t", "\r")) or c.startswith("-") and not c.strip("-0123456789. ")]
    assert "score:'=HYPERLINK(\"http://x\")" not in cells and "'=HYPERLINK(\"http://x\")" in " ".join(cells)


def test_records_and_data_files_are_written_through_a_link_with_the_usual_mode(tmp_path):
    import os

    old = os.umask(0o022)
    try:
        for option, name in (("--record", "r.jsonl"), ("--out", "d.csv")):
            target = tmp_path / f"real-{name}"
            target.write_text("old\n")
            link = tmp_path / name
            link.symlink_to(target)
            result = RUN.invoke(main, ["simulate", "aluette", "-n", "2", "--seed", "1", option, str(link)])
            assert result.exit_code == 0, result.output
            assert link.is_symlink() and target.read_text() != "old\n", option
            assert target.stat().st_mode & 0o777 == 0o644, option          # as any new file, whatever the kind
    finally:
        os.umask(old)


def test_a_failed_write_names_the_file(tmp_path):
    """A write past the file-size limit once said 'atout: : File too large'."""
    import resource
    import signal

    path = tmp_path / "big.jsonl"
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, hard))
    try:
        result = RUN.invoke(main, ["simulate", "aluette", "-n", "50", "--seed", "1", "--record", str(path)])
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, previous)
    assert result.exit_code == 1
    assert result.output.strip() == f"atout: {path}: cannot write the record: File too large"
    assert not path.exists() and [p.name for p in tmp_path.iterdir()] == []
