"""Data files: one row per simulated deal, as Parquet (pyarrow) or CSV, by the file's extension.

A row holds where the deal comes from (match index, deal number within the match, the deal's
seed, the dealer, the variant, the players), whether it was annulled, each side's and each
seat's deal score, how many awards each scoring rule gave, and every fact (columns
``score:SIDE``, ``seat:N``, ``rule:NAME`` and ``fact:NAME``). Numbers that may be fractions are
written as floats; a Parquet file also carries the run's description in its metadata under
``atout``, which ``atout report`` reads.

The file is written in batches of a fixed number of rows, whatever the work was split into, so
the same run gives the same bytes; it is written under a temporary name and renamed when
complete, so an existing file is never left half-written.
"""
from __future__ import annotations

import csv
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
import json
import os
import re
from pathlib import Path
import tempfile
from typing import Any, Iterator, Sequence

from ..engine.game import Game
from ..engine.state import Result
from ..errors import AtoutError

BATCH_ROWS = 16_384          # rows a batch (a Parquet row group): memory stays flat
FORMATS = (".parquet", ".csv")
INSTALL_HINT = "pip install atout[sim]"

# Column types by the kind of a fact (see facts.fact_kinds); any other kind is text.
TYPE_OF_KIND = {"bool": "bool", "num": "float", "int": "int", "seat": "int"}


class DataFileError(AtoutError, ValueError):
    """A data file that cannot be written or read: the message says why and what to do."""


def missing_package(what: str, package: str) -> DataFileError:
    return DataFileError(f"{what} needs {package}, which is not installed: {INSTALL_HINT}")


@dataclass(frozen=True)
class Layout:
    """The columns of a data file, fixed before the first deal is played."""

    sides: tuple[str, ...]
    seats: int
    rules: tuple[str, ...]
    facts: tuple[tuple[str, str], ...]   # (name, kind)

    @property
    def names(self) -> list[str]:
        return (["match", "deal", "deal_seed", "dealer", "variant", "players", "annulled"]
                + [f"score:{s}" for s in self.sides] + [f"seat:{s}" for s in range(self.seats)]
                + [f"rule:{r}" for r in self.rules] + [f"fact:{name}" for name, _ in self.facts])

    @property
    def types(self) -> list[str]:
        return (["int", "int", "uint64", "int", "str", "str", "bool"] + ["float"] * (len(self.sides) + self.seats)
                + ["int"] * len(self.rules) + [TYPE_OF_KIND.get(kind, "str") for _, kind in self.facts])

    def row(self, match: int, deal: int, deal_seed: int, dealer: int, variant: str | None, players: str,
            result: Result, side_scores: Sequence[Any], facts: dict[str, Any]) -> list:
        """One deal as the values of a row, in the order of ``names``."""
        fired = [r.rule for r in result.reasons]
        return ([match, deal, deal_seed, dealer, variant, players, bool(facts.get("annulled"))]
                + [float(x) for x in side_scores] + [float(x) for x in result.seat_scores]
                + [fired.count(rule) for rule in self.rules]
                + [_value(facts.get(name), TYPE_OF_KIND.get(kind, "str")) for name, kind in self.facts])


def _value(value: Any, kind: str) -> Any:
    """A fact as its column's type; None stays empty."""
    if value is None:
        return None
    if kind == "bool":
        return bool(value)
    if kind == "float":
        return float(value)
    if kind == "int":
        return int(value) if Fraction(value).denominator == 1 else None
    if isinstance(value, (list, tuple)):
        return " ".join("-" if x is None else str(x) for x in value)
    return str(value)


def check_path(path: Path) -> None:
    """Refuse, before anything is played, a file that could not be written: an unknown
    extension, a missing folder, Parquet without pyarrow."""
    if path.suffix.lower() not in FORMATS:
        raise DataFileError(f"{path}: a data file ends in .parquet or .csv, not '{path.suffix or path.name}'")
    if not path.parent.is_dir():
        raise DataFileError(f"{path}: cannot write the data file: no folder '{path.parent}'")
    if path.is_dir():
        raise DataFileError(f"{path}: cannot write the data file: it is a folder")
    if path.suffix.lower() == ".parquet":
        _arrow()


def _arrow():
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401 - loads the submodule
    except ImportError:
        raise missing_package("a Parquet file", "pyarrow") from None
    return pyarrow


class DataWriter:
    """Rows in, one file out: batches of BATCH_ROWS rows, the file renamed into place by
    ``commit``; ``discard`` (or leaving the ``with`` block by an exception) removes it."""

    def __init__(self, path: Path, layout: Layout, about: dict[str, Any]):
        check_path(path)
        self.path, self.layout, self.rows = path, layout, 0
        self._target = Path(os.path.realpath(path))      # a symbolic link is written through, not replaced
        path = self._target
        self._buffer: list[list] = []
        try:
            handle, self._temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        except OSError as err:
            raise DataFileError(f"{path}: cannot write the data file: {err.strerror}") from None
        self._parquet = path.suffix.lower() == ".parquet"
        if self._parquet:
            os.close(handle)
            pa = _arrow()
            arrow_type = {"int": pa.int64(), "uint64": pa.uint64(), "float": pa.float64(), "bool": pa.bool_(),
                          "str": pa.string()}
            self._schema = pa.schema([(n, arrow_type[t]) for n, t in zip(layout.names, layout.types)],
                                     metadata={"atout": json.dumps(about, sort_keys=True)})
            self._writer = pa.parquet.ParquetWriter(self._temporary, self._schema, compression="zstd")
        else:
            self._file = os.fdopen(handle, "w", encoding="utf-8", newline="")
            self._csv = csv.writer(self._file, lineterminator="\n")
            self._csv.writerow([_inert(name) for name in layout.names])

    def __enter__(self) -> DataWriter:
        return self

    def __exit__(self, kind, *rest) -> None:
        if kind is not None:
            self.discard()

    def add(self, rows: list[list]) -> None:
        self._buffer += rows
        while len(self._buffer) >= BATCH_ROWS:
            with self._named():
                self._flush(self._buffer[:BATCH_ROWS])
            del self._buffer[:BATCH_ROWS]

    @contextmanager
    def _named(self):
        """A failed write (a full disk, a file too large) said of this file, in one line."""
        try:
            yield
        except OSError as err:
            raise DataFileError(f"{self.path}: cannot write the data file: {err.strerror or err}") from None

    def _flush(self, rows: list[list]) -> None:
        self.rows += len(rows)
        if self._parquet:
            import pyarrow as pa

            columns = list(zip(*rows))
            self._writer.write_batch(pa.record_batch([pa.array(c, type=f.type) for c, f in zip(columns, self._schema)],
                                                     schema=self._schema))
        else:
            self._csv.writerows([[_csv_text(v) for v in row] for row in rows])

    def commit(self) -> None:
        """Write what is left and put the file in place."""
        with self._named():
            if self._buffer:
                self._flush(self._buffer)
                self._buffer = []
            self._close()
            publish(self._temporary, self._target)

    def discard(self) -> None:
        try:
            self._close()
        finally:
            Path(self._temporary).unlink(missing_ok=True)

    def _close(self) -> None:
        if self._parquet:
            self._writer.close()
        else:
            self._file.close()


def publish(temporary: str, path: Path) -> None:
    """Put a complete temporary file in place, readable as any new file (mkstemp made it private)."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(temporary, 0o666 & ~mask)
    os.replace(temporary, path)


def _csv_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, int):
        return str(value)
    return _inert(str(value))


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a spreadsheet knows a cell for a formula (OWASP's list)."""


_PLAIN_NUMBERS = re.compile(r"[-+0-9. ]*")
"""Numbers and the dashes of a list's missing values ('- 3'): no function or reference can hide there."""


def _inert(text: str) -> str:
    """A text of the rule file (a team's, a rule's, a fact's name) as a cell no spreadsheet runs:
    one that would start a formula gets a leading apostrophe, unless it is only numbers."""
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBERS.fullmatch(text):
        return "'" + text
    return text


# --- reading ---------------------------------------------------------------------------------

def read(path: Path) -> tuple[dict[str, Any], Iterator[dict[str, list]]]:
    """A data file's description (empty for CSV, which has no metadata) and its rows in batches
    of columns (name → values), read a batch at a time."""
    if path.suffix.lower() not in FORMATS:
        raise DataFileError(f"{path}: a data file ends in .parquet or .csv, not '{path.suffix or path.name}'")
    if not path.is_file():
        raise DataFileError(f"{path}: no such data file")
    pa = _arrow()
    try:
        if path.suffix.lower() == ".parquet":
            source = pa.parquet.ParquetFile(path)
            meta = source.schema_arrow.metadata or {}
            about = json.loads(meta.get(b"atout", b"{}"))
            batches = source.iter_batches(batch_size=BATCH_ROWS)
        else:
            import pyarrow.csv

            with path.open(encoding="utf-8", newline="") as text:
                header = next(csv.reader(text), [])
            types = {name: pa.string() for name in header if name.startswith(("fact:", "variant", "players"))}
            batches = pyarrow.csv.open_csv(path, convert_options=pyarrow.csv.ConvertOptions(column_types=types))
            about = {}
    except (pa.ArrowInvalid, OSError, ValueError) as err:
        raise DataFileError(f"{path}: not a readable data file: {str(err).splitlines()[0]}") from None
    return about, (batch.to_pydict() for batch in batches)


def layout_for(games: Sequence[Game]) -> Layout:
    """The columns for the deals of ``games`` (the variants of one rule file): every scoring
    rule and every fact any of them has, in the order they first appear."""
    from .facts import fact_kinds

    rules: dict[str, None] = {}
    kinds: dict[str, str] = {}
    for game in games:
        rules.update((award.rule, None) for award in game.awards)
        for name, kind in fact_kinds(game).items():
            kinds.setdefault(name, kind)
    first = games[0]
    return Layout(first.side_names, first.players, tuple(rules), tuple(kinds.items()))
