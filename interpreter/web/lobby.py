"""The games a table server offers and the tables in play, kept within bounds that no client
can use against another: a table idle for long goes, a client keeps a few tables at most (its
own oldest unused one goes for its new one), and when the server is full a new table is refused
rather than someone's game in progress dropped. A client is an address, and several people can
share one (a school behind one router): so even a client's own table in use this minute is
never dropped, and its new table is refused instead."""
from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Callable

from ..engine.game import Game
from ..errors import AtoutError
from ..language.rule_files import load
from .table import Table

MAX_TABLES = 200
IDLE_SECONDS = 2 * 3600          # a table nobody looked at for two hours is closed
PER_CLIENT = 12                  # tables one client (one address) keeps at once, by default
IN_USE_SECONDS = 60              # a table seen this recently is in use: never closed for a new one


class ServerFull(AtoutError):
    """Every table is in play: a new one waits until one ends or idles out."""


class TooManyTables(AtoutError):
    """The client's tables are all in use: its new one waits until one of them is left a while."""


class Lobby:
    """The games on offer and the tables in play, each with the client that opened it."""

    def __init__(self, games: dict[str, Path], levels: dict[str, str], pace: float,
                 clock: Callable[[], float] = time.monotonic, per_client: int = PER_CLIENT):
        self.games, self.levels, self.pace, self.clock, self.per_client = games, levels, pace, clock, per_client
        self.tables: dict[str, Table] = {}
        self._owner: dict[str, str] = {}
        self._seen: dict[str, float] = {}

    def game(self, key: str, variant: str | None = None) -> Game:
        if key not in self.games:
            raise AtoutError(f"no game '{key}' on this table server")
        if variant and variant not in load(self.games[key]).variants:
            raise AtoutError(f"{key} has no variant '{variant}'")
        return load(self.games[key], variant or None)

    def table(self, table_id: str) -> Table | None:
        """A table in play, marked as seen now; None when there is none of that id."""
        self._expire()
        table = self.tables.get(table_id)
        if table is not None:
            self.seen(table_id)
        return table

    def seen(self, table_id: str) -> None:
        """A table in use now (a message at its socket): it does not idle out."""
        if table_id in self._seen:
            self._seen[table_id] = self.clock()

    def open_table(self, key: str, variant: str | None, seat: int, level: str, seed: str | None = None,
                   language: str = "en", client: str = "") -> Table:
        game = self.game(key, variant)
        if not 0 <= seat < game.players:
            raise AtoutError(f"{game.title} has seats 0 to {game.players - 1}")
        if level not in self.levels:
            raise AtoutError(f"no AI level '{level}': {', '.join(self.levels)}")
        self._expire()
        own = sorted((t for t, owner in self._owner.items() if owner == client), key=self._seen.__getitem__)
        if len(own) >= self.per_client:
            oldest = own[0]
            if self.clock() - self._seen[oldest] < IN_USE_SECONDS:
                raise TooManyTables(f"this address has {len(own)} tables in play, each used in the last minute: "
                                    "leave one for a minute, or try again later")
            self._close(oldest)
        if len(self.tables) >= MAX_TABLES:
            raise ServerFull(f"the table server is full ({MAX_TABLES} tables in play): try again later")
        table_id = secrets.token_urlsafe(16)     # 128 bits: the address is the key to the table
        table = Table(table_id, game, key, seat, level, self.levels[level], seed or secrets.token_hex(16), language)
        self.tables[table_id], self._owner[table_id], self._seen[table_id] = table, client, self.clock()
        return table

    def _expire(self) -> None:
        now = self.clock()
        for table_id in [t for t, seen in self._seen.items() if now - seen > IDLE_SECONDS]:
            self._close(table_id)

    def _close(self, table_id: str) -> None:
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.close()
        self._owner.pop(table_id, None)
        self._seen.pop(table_id, None)
