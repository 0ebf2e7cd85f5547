"""atout: plays card games described as data.

The package is built in layers, each importing only from the ones below it
(docs/architecture.md draws the map):

- ``errors``, ``data``, ``cache``: what every layer shares;
- ``engine``: the compiled game and its deals: cards, tricks, melds, ``Game``, ``State`` and
  its phases, the settlement, ``Match``, and the generator of each game's own engine code;
- ``language``: rule files read (YAML with positions), checked (the schema, variants),
  parsed (the rule language) and compiled into an engine's ``Game``; ``load`` is here;
- ``players``: the random, greedy, sampling, ISMCTS and PIMC players, their beliefs, the
  double-dummy solver, the arena;
- ``authoring`` (explain, fmt, the catalog, the starter file) and ``simulation`` (matches
  at scale, statistics, data files, reports, records): the applications;
- ``envs``, ``lsp``, ``web``: the front-ends, with the ``atout`` command (cli.py) on top.

This module is the public API. Each of its names, the errors too, is imported when first
asked for, so that importing one layer loads none above it, ``import interpreter`` loads
nothing else, and a command that needs little (``atout list`` from its catalog, ``atout
validate`` of a file it validated before) starts fast.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import exports

if TYPE_CHECKING:
    from .errors import AtoutError, IllegalActionError, Problem, RecordError, RuleFileError, UnknownGameError
    from .engine.game import Game
    from .engine.match import Match
    from .engine.parts import Action
    from .engine.state import Result, State
    from .language.translation import LANGUAGES, language_name
    from .language.rule_files import GAMES_DIR, bundled_games, load, problems_in, problems_in_source, resolve
    from .players import GreedyPlayer, ISMCTSPlayer, Player, RandomPlayer, SamplingPlayer, Solver, make_player
    from .simulation.records import Recorder, read_record, replay

__getattr__ = exports(__name__, {
    **dict.fromkeys(["GAMES_DIR", "bundled_games", "load", "problems_in", "problems_in_source", "resolve"],
                    ".language.rule_files"),
    "Action": ".engine.parts", "Game": ".engine.game", "Match": ".engine.match", "Result": ".engine.state",
    "State": ".engine.state", "LANGUAGES": ".language.translation", "language_name": ".language.translation",
    **dict.fromkeys(["Player", "RandomPlayer", "GreedyPlayer", "SamplingPlayer", "ISMCTSPlayer", "make_player",
                     "Solver"], ".players"),
    **dict.fromkeys(["Recorder", "read_record", "replay"], ".simulation.records"),
    **dict.fromkeys(["AtoutError", "IllegalActionError", "Problem", "RecordError", "RuleFileError",
                     "UnknownGameError"], ".errors"),
})

__all__ = ["load", "bundled_games", "problems_in", "resolve", "Game", "State", "Action", "Match", "Result",
           "Player", "RandomPlayer", "GreedyPlayer", "SamplingPlayer", "ISMCTSPlayer", "make_player", "Solver",
           "Recorder", "read_record", "replay", "LANGUAGES", "language_name",
           "AtoutError", "RuleFileError", "IllegalActionError", "RecordError", "UnknownGameError", "Problem"]
