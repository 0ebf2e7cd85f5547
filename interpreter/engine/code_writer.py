"""What writes a game's own engine code: the generated lines' rule sources (each rule string
as the compiler wrote it, lets written in) and the values they refer to by name. generate.py
and generate_deal.py write with it."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .parts import Fn
    from .rules import Rules

LET_CALL = re.compile(r"\blet_(\w+)\(s\)")


class Writer:
    """Collects the generated lines and the values they refer to by name."""

    def __init__(self, game: Rules):
        self.game = game
        self.sources = game.code.sources if game.code is not None else {}
        self.names: dict[str, Any] = {}

    def rule(self, path: tuple, fn: Fn, inline: bool = True) -> str:
        """The source of the rule string at ``path``, its lets written in (``inline``) or called;
        a rule compiled without source (a number) is called by a name."""
        src = self.sources.get(path)
        if src is not None and not inline:
            return src
        if src is not None:       # in play the player to act is a seat, never none
            return self.inline(src).replace("_team(s, s.current)", "s.team_of[s.current]")
        name = f"rule_{len(self.names)}"
        self.names[name] = fn
        return f"{name}(s)"

    def inline(self, src: str) -> str:
        """``src`` with each let value written in where it is called (``let_open(s)`` becomes its
        own source): during play no let is remembered, so a call would only cost time."""
        def written(match: re.Match) -> str:
            let = self.sources.get(("let", match.group(1)))
            return match.group(0) if let is None else f"({self.inline(let)})"
        return LET_CALL.sub(written, src)

    def constant(self, name: str, value: Any) -> str:
        self.names[name] = value
        return name
