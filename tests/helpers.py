"""Stacking deals for tests: describe the tricks, get the hands that produce them."""
from __future__ import annotations

from pathlib import Path
import random
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


PARTNERS_HEAD = """\
players: 4
teams: {A: [0, 2], B: [1, 3]}
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 1 each
"""
"""Four players in two partnerships, one card each from four: the head of a tiny partnership game."""


TAKER_PLAYS_FOR_THE_CONTRACT = """\
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: contract
      to: taker
      points: contract
"""
"""The tail of a tiny auction game: the taker leads, and scores the contract's value."""


SCORE_TRICKS = """\
scoring:
  award:
    - rule: tricks
      when: "true"
      to: seat(0)
      points: tricks(seat(0))
"""


FACTS = """\
game: Facts
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 2 each
let:
  last: trick_cards(-1)
  mine: won(seat(0))
  nothing_won: won(seat(1)) and H
  how_many: count(won(seat(0)))
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
""" + SCORE_TRICKS


SPOILING = """\
game: Spoiling
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {K: King, Q: Queen, J: Jack, "10": Ten}
order: K = Q > J > 10
piles:
  unused: {seen by: nobody}
deal: 2 each, rest to unused
""" + FOLLOW_FROM_SEAT_0 + """\
TIES
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


# a game of two seats, each giving the other one card before play
PASSING_HEARTS = """\
game: Passing
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
deal: 5 each
transfers:
  give:
    who: each
    count: 1
SHOWN    to: next(me)
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: more tricks
      to: each_seat
      points: 1 if tricks(it) >= 3 else 0
"""


FLAT = """\
game: Flat
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
trump order: J > A > K > Q > 10
points: {A: 11, J: 2}
rankings:
  flat: {points: {}}
piles:
  unused: {seen by: nobody}
deal: 2 each, rest to unused
auction:
  first: next(dealer)
  rounds:
    - calls:
        plain: {trump: H}
        flat: {trump: H, ranking: flat}
      ends: at the first call
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: card points
      to: each_seat
      points: points(it)
"""


FIVE_EACH_HEAD = """\
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
deal: 5 each
"""


FOLLOW_AND_TRICKS_TAIL = FOLLOW_FROM_SEAT_0 + TRICKS_TO_EACH_SEAT


def problem_details(tmp_path: Path, text: str, name: str = "bad") -> list[tuple[int, int, str, str]]:
    """The problems (not warnings) of a rule file: line, column, message and hint."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    found, _ = interpreter.problems_in(path)
    return [(p.line, p.column, p.message, p.hint) for p in found if not p.warning]


OFFER = "game: Offer\n" + TWO_SUITS_HEAD + """\
deal: 2 each, rest to unused
marks:
  doubled: condition
""" + FOLLOW_FROM_SEAT_0 + """\
  actions:
    double:
      at: start of play
BY      set: {doubled: "true"}
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it) * (2 if doubled = true else 1)
"""


PASSED_OUT = "game: Passed out\n" + TWO_SUITS_HEAD + """\
deal: 5 each
auction:
  first: seat(0)
  rounds:
    - calls:
        bid: {for each number: [1, 2, 3]}
      ends: after one turn each
  if all pass: score
""" + FOLLOW_FROM_SEAT_0.replace("seat(0)", "taker") + """\
scoring:
  award:
    - rule: contract
      to: team(taker)
      points: 10 * contract
    - rule: sitting out
      to: each_seat
      points: 1
match:
  deals: 3
  dealer: next(dealer)
"""
"""An auction of bids 1 to 3 that, passed out, is scored ('if all pass: score') with no taker; three deals."""


def assert_shuffles_as_random(shuffle, sizes: list[int], seeds: int) -> None:
    """``shuffle(rng, items)`` puts ``items`` in random.Random.shuffle's order and leaves the
    generator where random.Random.shuffle leaves it, for each size and seed."""
    for size in sizes:
        for seed in range(seeds):
            ours, theirs = random.Random(seed), random.Random(seed)
            items, expected = list(range(size)), list(range(size))
            shuffle(ours, items)
            theirs.shuffle(expected)
            assert items == expected, (size, seed)
            assert ours.getrandbits(64) == theirs.getrandbits(64), (size, seed)
