"""``atout new``: a commented starter rule file, a small trick-taking game that validates,
plays and simulates as it stands, for a person to change into their own game."""
from __future__ import annotations

import json
from pathlib import Path

from .errors import AtoutError
from .fmt import write_atomically

TEMPLATE = """\
# yaml-language-server: $schema={schema}
#
# A starter rule file made by 'atout new': a simple trick-taking game that works as it is.
# Change it into your own game, one section at a time, and check it as you go:
#   atout validate {file}        (or 'atout validate --watch {file}' while you edit)
#   atout play {file} --seat 0
#   atout simulate {file} -n 100 --seed 1
# The rule language inside the strings is described in docs/language.md.
game: {title}
about: >-
  Four players in two partnerships, 32 cards, eight each. Follow suit if you can; the
  highest card of the suit led wins the trick. Each trick scores a point for its side,
  the last trick one more. The first side to 30 points wins.

players: 4
teams:
  North-South: [0, 2]              # partners sit opposite each other
  East-West: [1, 3]

cards:
  suits: {{S: Spades, H: Hearts, D: Diamonds, C: Clubs}}
  ranks: {{A: Ace, K: King, Q: Queen, J: Jack, "10": Ten, "9": Nine, "8": Eight, "7": Seven}}

order: A > K > Q > J > 10 > 9 > 8 > 7    # highest first, in every suit

# Packets from the player after the dealer: three each, then two, then three: 32 cards.
deal: 3 each, 2 each, 3 each

let:
  # A value computed from the deal, usable by every rule below it.
  last_side: team(last_trick)

play:
  lead: next(dealer)               # the player after the dealer leads the first trick
  winner: highest of led suit      # no trumps: the highest card of the suit led wins
  follow:
    - led                          # follow suit if you can,
    - any                          # else play any card

scoring:
  award:
    - rule: tricks
      to: each_team
      points: tricks(it)
    - rule: last trick
      to: last_side
      points: 1

match:
  until: max_score() >= 30         # the first side to 30 points wins
  dealer: next(dealer)             # the deal passes on
"""


class StarterError(AtoutError, FileExistsError):
    """A starter file that would overwrite a file already there."""


def starter_path(name: str) -> Path:
    """NAME becomes NAME.yaml; a name that already ends in .yaml or .yml is a path."""
    return Path(name) if name.endswith((".yaml", ".yml")) else Path(f"{name}.yaml")


def starter_text(path: Path, schema: str) -> str:
    """The starter file for ``path``: its title is the file's stem in words."""
    title = path.stem.replace("-", " ").replace("_", " ").strip().capitalize() or "My game"
    return TEMPLATE.format(title=json.dumps(title, ensure_ascii=False), file=path.name, schema=schema)


def write_starter(name: str) -> Path:
    """Write the starter file; refuse to overwrite a file that exists."""
    from .data import data_dir

    path = starter_path(name)
    if not path.parent.is_dir():
        raise StarterError(f"{path.parent}: no such folder")
    try:
        path.touch(mode=0o644, exist_ok=False)  # claims the name: another writer cannot take it meanwhile
    except FileExistsError:
        raise StarterError(f"{path}: a file is already there; choose another name") from None
    write_atomically(path, starter_text(path, (data_dir("schema") / "game.schema.json").resolve().as_uri()))
    return path
