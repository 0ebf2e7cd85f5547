"""Work units on a Dask distributed cluster, taken back in order.

``--dask tcp://host:8786`` sends the units to a running scheduler (``dask scheduler`` on one
machine, ``dask worker tcp://host:8786`` on each machine that works; every worker needs atout
installed and the rule file at the same path); ``--dask local`` starts a cluster of local
processes for the run. Dask is imported only here, only when asked for.
"""
from __future__ import annotations

from collections import deque
from contextlib import ExitStack
from typing import Any, Callable, Iterator, Sequence

from ..errors import AtoutError
from .datafile import missing_package

CONNECT_SECONDS = 10


class ClusterError(AtoutError, ConnectionError):
    """A Dask cluster that cannot be reached or started."""


def ordered_results(address: str, workers: int, fn: Callable[..., Any], plan: Any,
                    units: Sequence[tuple[int, int]], window: int) -> Iterator[Any]:
    """``fn(plan, start, stop)`` for every unit on the cluster at ``address`` ('local': a local
    cluster of ``workers`` processes), yielded in the order of ``units`` with a few units in
    flight per worker thread, so that the results waiting to be taken stay few."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise missing_package("--dask", "dask[distributed]") from None
    with ExitStack() as stack:
        try:
            if address == "local":
                cluster = stack.enter_context(LocalCluster(n_workers=workers, threads_per_worker=1,
                                                           dashboard_address=None))
                client = stack.enter_context(Client(cluster))
            else:
                client = stack.enter_context(Client(address, timeout=CONNECT_SECONDS))
        except (OSError, TimeoutError) as err:
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {err}; start one with "
                               f"'dask scheduler' and its workers with 'dask worker {address}'") from None
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as err:
            raise ClusterError(f"no Dask worker joined the scheduler at {address} within {CONNECT_SECONDS} s "
                               f"({err}); start one with 'dask worker {address}'") from None
        window = max(window, 2 * sum(client.nthreads().values()))
        scattered = client.scatter(plan, broadcast=True)
        pending: deque = deque()
        for start, stop in units:
            pending.append(client.submit(fn, scattered, start, stop, pure=False))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
