"""The facts of a settled deal, and what kind of value each one is.

A deal's facts are the named values of its Result (the rule file's marks and lets, and the
engine's own, such as each seat's tricks) together with the plain values of its breakdown
(the call chosen, for one). The rule file declares the kinds of its marks and lets; the kinds
of the engine's values are read off a few probe deals, played the same way every time, so
every run of a game sees the same facts in the same order.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..engine.game import Game
from ..engine.settlement import WON_BY
from ..engine.state import Result
from ..players.registry import make_player

PROBE_DEALS = 16   # probe deals played to learn the engine's values (annulled or failing ones do not count)


ENGINE_VALUES = ("annulled", WON_BY, "taker", "call", "trump")   # of the breakdown: who won the deal, took it, with what


def deal_facts(game: Game, result: Result) -> dict[str, Any]:
    """The facts of a deal players may see: the engine's plain values (who won the deal, the
    taker, the call, the trump) and the values the rule file shows (its 'facts', else its marks
    and lets); each seat's tricks and the trick winners too. Internal lets stay out where the
    file lists its facts."""
    breakdown = result.breakdown
    found = {k: breakdown[k] for k in ENGINE_VALUES if k in breakdown}
    if not game.names_taker:                  # no rule speaks of a taker: the auction's winner is nobody's business
        found.pop("taker", None)
        found.pop("call", None)
    found.update((k, result.facts[k]) for k in ("tricks", "trick_winners") if k in result.facts)
    found.update((fact["label"], fact["value"]) for fact in result.shown_facts)
    return found


def declared_kinds(game: Game) -> dict[str, str]:
    """The kinds of the values the rule file shows (num, bool, seat, team, suit, card, set): its
    'facts', else its marks and lets."""
    if game.facts is not None:
        return {label: "str" if kind == "none" else kind for label, kind, _ in game.facts}
    kinds = dict(zip(game.mark_names, game.mark_types))
    kinds.update((name, kind) for name, kind, _ in game.lets)
    return kinds


def fact_kinds(game: Game) -> dict[str, str]:
    """Each fact's kind, in a fixed order: the rule file's as declared, then the engine's values
    as seen in the probe deals (see ``kind_of``). A data file needs them before the first deal."""
    kinds = declared_kinds(game)
    seen: dict[str, str] = {}
    for number in range(PROBE_DEALS):
        try:
            state = game.new_deal(seed=f"probe:{number}", dealer=number % game.players)
            player = make_player("random", f"probe:{number}")
            while not state.is_over:
                state.apply(player.choose(state))
            result = state.result()
        except Exception:  # noqa: BLE001 - a rule that fails is reported by the run itself, with where
            continue
        if result.facts.get("annulled"):
            continue
        for name, value in deal_facts(game, result).items():
            if name not in kinds and value is not None:
                seen.setdefault(name, kind_of(value))
    return kinds | seen


def kind_of(value: Any) -> str:
    """The kind of a value the rule file does not declare: bool, num (a number that may be a
    fraction), int (whole numbers: seats, levels), str or list."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, (Fraction, float)):
        return "num"
    if isinstance(value, (list, tuple)):
        return "list"
    return "str"
