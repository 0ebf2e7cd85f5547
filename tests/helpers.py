"""Stacking deals for tests: describe the tricks, get the hands that produce them."""
from __future__ import annotations

from pathlib import Path
import subprocess
import sys

import interpreter


def layout_from_tricks(game: interpreter.Game, tricks: list[dict[int, str]]) -> dict:
    """Each trick maps seat -> the card that seat plays in it; a seat's hand is its cards."""
    hands: list[list[str]] = [[] for _ in range(game.players)]
    for trick in tricks:
        for seat, code in trick.items():
            hands[seat].append(code)
    return {"hands": hands, "fill": True}


def play_tricks(game: interpreter.Game, tricks: list[dict[int, str]], dealer: int = 0) -> interpreter.State:
    """Deal the hands the tricks need, then play them; each seat plays its card of the trick."""
    state = game.new_deal(layout=layout_from_tricks(game, tricks), dealer=dealer)
    for trick in tricks:
        for _ in range(game.players):
            state.apply(trick[state.current_player])
    return state


def run_atout(*args: str, timeout: float = 60, cwd: str | None = None, before: str = "") -> subprocess.CompletedProcess:
    """The atout command in a child process, stopped after ``timeout`` seconds: for inputs
    that once made atout hang, a regression fails the test instead of hanging the suite.
    ``before`` is Python run first (e.g. to lower a limit)."""
    root = Path(__file__).resolve().parent.parent
    code = f"import sys; sys.path.insert(0, {str(root)!r}); {before}\nfrom cli import main; main()"
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=timeout,
                          cwd=cwd or root)
