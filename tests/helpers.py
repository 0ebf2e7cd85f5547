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


ENGINES = ["generated", "reference"]
"""Where a behaviour runs on both, its test runs on each: ``@pytest.mark.parametrize("engine", ENGINES)``."""


def on(game: interpreter.Game, engine: str) -> interpreter.Game:
    """The game on the engine named: its generated code, or the generic State alone."""
    return game if engine == "generated" else game.reference()


def tiny(tmp_path: Path, text: str, name: str = "tiny") -> interpreter.Game:
    """A small rule file written for a test, compiled; it must have no problem."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert [p.format() for p in problems if not p.warning] == []
    assert game is not None
    return game


def problem_messages(tmp_path: Path, text: str, name: str = "bad") -> list[str]:
    """The messages of a rule file's problems (not its warnings)."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    found, _ = interpreter.problems_in(path)
    return [p.message for p in found if not p.warning]


def texts(state: interpreter.State) -> list[str]:
    """The legal actions' texts, in their order."""
    return [a.text for a in state.legal_actions()]


TWO_SUITS_HEAD = """\
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
piles:
  unused: {seen by: nobody}
"""
"""Two players, ten cards and a pile nobody sees: the head of most tiny rule files."""


FOUR_RANKS_HEAD = """\
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack}
order: A > K > Q > J
"""
"""Two players and eight cards, nothing else: the head of a tiny rule file that adds its own deal."""

FOLLOW_FROM_SEAT_0 = """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
"""
"""Seat 0 leads, the highest card of the suit led wins, follow suit if you can (more of 'play:' may follow)."""

TRICKS_TO_EACH_SEAT = """\
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""
"""A point a trick, to every seat."""
