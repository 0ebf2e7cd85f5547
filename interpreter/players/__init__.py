"""The players: generic AI that knows only what a rule file says, never a game by name, and
the view of the table a seat is shown.

``registry`` makes a player from its spec; ``greedy``, ``sampling``, ``ismcts`` and ``pimc`` are
the players, ``beliefs`` what a seat knows of the cards it cannot see, ``outcome`` how well a
finished deal went for each side, ``solver`` the exact value of each action with every hand
known, ``arena`` compares players on duplicate deals.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import exports

if TYPE_CHECKING:
    from .greedy import GreedyPlayer
    from .ismcts import ISMCTSPlayer
    from .outcome import margins
    from .registry import PLAYERS, Player, RandomPlayer, make_player
    from .sampling import SamplingPlayer, determinize
    from .solver import Solution, Solver, values

__getattr__ = exports(__name__, {
    "GreedyPlayer": ".greedy", "ISMCTSPlayer": ".ismcts", "margins": ".outcome", "SamplingPlayer": ".sampling",
    "determinize": ".sampling", **dict.fromkeys(["Solution", "Solver", "values"], ".solver"),
    **dict.fromkeys(["PLAYERS", "Player", "RandomPlayer", "make_player"], ".registry"),
})

__all__ = ["GreedyPlayer", "ISMCTSPlayer", "PLAYERS", "Player", "RandomPlayer", "SamplingPlayer", "Solution",
           "Solver", "determinize", "make_player", "margins", "values"]
