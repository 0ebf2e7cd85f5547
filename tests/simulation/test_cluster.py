"""`atout simulate --dask`: the same summary and data file, byte for byte, as -j 1 and -j 2."""
from __future__ import annotations

from click.testing import CliRunner
import pytest

from cli import main
import interpreter.simulation.cluster as cluster

distributed = pytest.importorskip("dask.distributed")

RUN = CliRunner()
ARGS = ["simulate", "belote", "-n", "30", "--seed", "11", "--deals", "--players", "greedy,random,greedy,random"]


@pytest.fixture(scope="module")
def scheduler():
    """A small cluster inside this process: two workers of one thread each."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def test_dask_gives_the_same_bytes_as_one_and_two_processes(tmp_path, scheduler):
    outputs = []
    for name, extra in (("one", []), ("two", ["-j", "2"]), ("dask", ["--dask", scheduler])):
        for suffix, flag in ((".parquet", "--json"), (".csv", None)):
            args = ARGS + extra + ["--out", str(tmp_path / f"{name}{suffix}")] + ([flag] if flag else [])
            result = RUN.invoke(main, args)
            assert result.exit_code == 0, result.output
            outputs.append((name, suffix, result.output.replace(name + suffix, "FILE")))
    for suffix in (".parquet", ".csv"):
        files = {name: (tmp_path / f"{name}{suffix}").read_bytes() for name in ("one", "two", "dask")}
        assert files["one"] == files["two"] == files["dask"]
        texts = {name: out for name, s, out in outputs if s == suffix}
        assert texts["one"] == texts["two"] == texts["dask"]
    assert '"deals": 30' in outputs[0][2]


def test_variants_compared_on_dask_are_those_of_one_process(scheduler):
    args = ["simulate", "belote", "-n", "4", "--variant", "none", "--variant", "match", "--json"]
    one = RUN.invoke(main, args)
    on_dask = RUN.invoke(main, args + ["--dask", scheduler])
    assert one.exit_code == on_dask.exit_code == 0, on_dask.output
    assert one.output == on_dask.output


def test_an_unreachable_scheduler_is_one_line(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    result = RUN.invoke(main, ["simulate", "aluette", "-n", "2", "--dask", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1
    assert result.output.startswith("atout: cannot reach the Dask scheduler at tcp://127.0.0.1:9: ")
    assert result.output.endswith("start one with 'dask scheduler' and its workers with "
                                  "'dask worker tcp://127.0.0.1:9'\n")
    assert result.output.count("\n") == 1
