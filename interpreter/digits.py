"""Numbers typed by a person (a seed, a player's budget, a clause's number in a rule file):
ASCII digits only. ``str.isdigit()`` also accepts ``²`` (which ``int()`` then refuses) and
``٣`` (which ``int()`` reads as 3), and ``int()`` refuses more than 4300 digits."""
from __future__ import annotations

import re

MOST_DIGITS = 18
"""Longer runs of digits are no number a person means here (and stay within a 64-bit integer)."""

_NUMBER = re.compile(rf"-?[0-9]{{1,{MOST_DIGITS}}}")


def whole_number(text: str, signed: bool = False) -> int | None:
    """The number ``text`` spells in ASCII digits (a leading ``-`` where ``signed``), else None."""
    if _NUMBER.fullmatch(text) is None or (text.startswith("-") and not signed):
        return None
    return int(text)
