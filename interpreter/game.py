"""The immutable compiled game: tables and small functions, built once per rule file."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
import random
from typing import Any, Callable

from .cards import Deck
from .errors import IllegalActionError, LayoutError
from .tricks import TrickRule

Fn = Callable[[Any], Any]


@dataclass(frozen=True)
class Action:
    """One move; ``text`` is its canonical form, e.g. ``play 3O``."""

    kind: str
    card: int  # card index, -1 when the action is not about a card
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class DealStep:
    """``count`` cards to a seat (``pile`` is None; ``seat`` counts from the first receiver)
    or to a pile (``count`` None means the rest of the pack)."""

    seat: int | None
    pile: int | None
    count: int | None


@dataclass(frozen=True)
class Award:
    rule: str
    when: Fn | None
    to: Fn | None            # a seat or team; None with ``each`` set
    to_kind: str             # "seat" or "team"
    each: bool               # give every seat / team its own amount, with ``it`` bound to it
    points: Fn


@dataclass(frozen=True)
class Game:
    name: str                # the short name: file stem, e.g. "aluette"
    title: str
    about: str
    path: str
    players: int
    direction: str
    team_names: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]
    deck: Deck
    points: tuple[Fraction, ...]
    pile_names: tuple[str, ...]
    pile_public: tuple[bool, ...]
    deal_plan: tuple[DealStep, ...]
    hand_size: int
    trick_rule: TrickRule
    fixed_trump: int
    lead: Fn
    follow: tuple[tuple[Fn | None, Fn], ...]
    always: Fn | None
    lets: tuple[tuple[str, str, Fn], ...]   # name, type, function: reported when true
    awards: tuple[Award, ...]
    match_deals: int
    next_dealer: Fn
    match_high_wins: bool
    play_actions: tuple[Action, ...] = field(repr=False)

    # --- deals --------------------------------------------------------------------------

    def new_deal(self, seed: int | str | None = None, layout: dict | None = None, dealer: int = 0):
        """A fresh deal: shuffled with ``seed``, or stacked from ``layout``."""
        from .state import State

        if not 0 <= dealer < self.players:
            raise LayoutError(f"dealer must be a seat from 0 to {self.players - 1}, found {dealer}")
        hands, piles = self._stacked(layout) if layout is not None else self._shuffled(seed, dealer)
        return State.start(self, hands, piles, dealer)

    def new_match(self, seed: int | str | None = None, dealer: int = 0):
        from .match import Match

        return Match(self, seed, dealer)

    def _shuffled(self, seed, dealer: int) -> tuple[list[int], list[list[int]]]:
        pack = list(range(self.deck.size))
        random.Random(seed).shuffle(pack)
        hands = [0] * self.players
        piles: list[list[int]] = [[] for _ in self.pile_names]
        first = (dealer + 1) % self.players
        at = 0
        for step in self.deal_plan:
            count = len(pack) - at if step.count is None else step.count
            packet = pack[at:at + count]
            at += count
            if step.pile is not None:
                piles[step.pile].extend(packet)
            else:
                seat = (first + step.seat) % self.players
                for card in packet:
                    hands[seat] |= 1 << card
        return hands, piles

    def _stacked(self, layout: dict) -> tuple[list[int], list[list[int]]]:
        if not isinstance(layout, dict) or not isinstance(layout.get("hands"), list):
            raise LayoutError("a layout is a mapping with 'hands': one list of cards per seat")
        unknown = set(layout) - {"hands"} - set(self.pile_names)
        if unknown:
            raise LayoutError(f"layout names no pile of this game: {', '.join(sorted(map(str, unknown)))}"
                                     f" (piles: {', '.join(self.pile_names) or 'none'})")
        if len(layout["hands"]) != self.players:
            raise LayoutError(f"layout has {len(layout['hands'])} hands; this game has {self.players} players")
        seen: set[int] = set()

        def cards(items, where: str) -> list[int]:
            if not isinstance(items, list):
                raise LayoutError(f"{where}: expected a list of cards")
            out = []
            for item in items:
                card = self.deck.find(str(item))
                if card is None:
                    raise LayoutError(f"{where}: unknown card '{item}'")
                if card in seen:
                    raise LayoutError(f"{where}: card {self.deck.codes[card]} is dealt twice")
                seen.add(card)
                out.append(card)
            return out

        hands = []
        for seat, items in enumerate(layout["hands"]):
            held = cards(items, f"hand {seat}")
            if len(held) != self.hand_size:
                raise LayoutError(f"hand {seat} has {len(held)} cards; the deal gives {self.hand_size}")
            hands.append(sum(1 << c for c in held))
        piles = [cards(layout[name], name) if name in layout else None for name in self.pile_names]
        rest = [c for c in range(self.deck.size) if c not in seen]
        for i, pile in enumerate(piles):
            if pile is None:
                piles[i], rest = rest, []
        if rest:
            raise LayoutError(f"layout leaves {len(rest)} card(s) nowhere: {' '.join(self.deck.codes[c] for c in rest[:6])}")
        return hands, piles

    # --- actions ------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """The action a person means: ``play 3O``, ``3O`` or a card's name."""
        words = str(text).strip()
        if words.lower().startswith("play "):
            words = words[5:]
        card = self.deck.find(words)
        if card is None:
            raise IllegalActionError(f"'{text}' names no action or card of {self.title}")
        return self.play_actions[card]

    def team_label(self, team: int) -> str:
        return self.team_names[team]
