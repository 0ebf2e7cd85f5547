"""The game: the compiled rules (rules.py) with the engine that plays them, the factory of its
deals (``new_deal``: a State, with the game's own generated code) and matches (``new_match``)."""
from __future__ import annotations

import dataclasses
from functools import cached_property
import random

from ..errors import RULE_ERRORS, LayoutError, RuleRuntimeError, reraise_rule_error
from .deal_plans import MatchView, cards_taken, expand, sizes
from .generate import engine_class
from .match import Match
from .parts import Standing
from .rules import Rules
from .state import State


class Game(Rules):
    """A compiled rule file that deals: built by the language layer, immutable like its rules."""

    @cached_property
    def state_class(self) -> type[State]:
        """The State of this game's deals: with the game's own generated engine code
        (generate.py), or the generic State for a game without sources (``reference()``)."""
        if self.code is None:
            return State
        return engine_class(self)

    def reference(self) -> Game:
        """This game on the generic engine alone: what the generated code is tested against."""
        return dataclasses.replace(self, code=None)

    # --- deals --------------------------------------------------------------------------

    def new_deal(self, seed: int | str | random.Random | None = None, layout: dict | None = None, dealer: int = 0,
                 standing: Standing | None = None) -> State:
        """A fresh deal: shuffled with ``seed`` (or drawn from a ``random.Random`` given as the
        seed: many deals from one stream, without seeding a generator for each), or stacked from
        ``layout``; ``standing`` is where its match stands (a Match gives it; a lone deal is the
        first of no match)."""
        if not isinstance(dealer, int) or not 0 <= dealer < self.players:
            raise LayoutError(f"dealer must be a seat from 0 to {self.players - 1}, found {dealer}")
        try:
            return self.for_deal(standing, dealer)._new_deal(seed, layout, dealer, standing)
        except RULE_ERRORS as err:
            reraise_rule_error(err)

    def for_deal(self, standing: Standing | None = None, dealer: int = 0) -> Game:
        """The rules one deal is dealt by: these, or for a deal whose numbers of cards change
        from deal to deal (``deal_sizes``), these with that deal's plan, hand and pile sizes
        (one Game per plan, made once). A deal that asks for more cards than the deck holds
        raises RuleRuntimeError."""
        if self.deal_sizes is None:
            return self
        plan = expand(self.deal_sizes, self.players, MatchView(standing, dealer, self.counter_starts))
        if plan == self.deal_plan:
            return self
        found = self._sized_games.get(plan)
        if found is None:
            taken = cards_taken(plan, self.players)
            if taken > self.deck.size:
                number = 1 if standing is None else standing.deal_number
                raise RuleRuntimeError.at(("deal",), f"deal {number} hands out {taken} cards "
                                          f"but the deck has only {self.deck.size}")
            hand, pile_sizes, _ = sizes(plan, self.players, self.deck.size, len(self.pile_names))
            found = self._sized_games[plan] = dataclasses.replace(self, deal_plan=plan, hand_size=hand,
                                                                  pile_sizes=pile_sizes)
        return found

    @cached_property
    def _sized_games(self) -> dict:
        return {}

    def _new_deal(self, seed, layout, dealer: int, standing: Standing | None) -> State:
        State = self.state_class
        if isinstance(layout, dict) and "pack" in layout and "hands" not in layout:
            return State.start(self, dealer, [0] * self.players, [self._pack(layout)] + [[] for _ in self.pile_names[1:]],
                               deal=True, standing=standing)
        if layout is not None:
            hands, piles = self._stacked(layout)
            return State.start(self, dealer, hands, piles, standing=standing)
        pack = list(range(self.deck.size))
        State.shuffle_pack(seed if isinstance(seed, random.Random) else random.Random(seed), pack)
        return State.start(self, dealer, [0] * self.players, [pack] + [[] for _ in self.pile_names[1:]], deal=True,
                           standing=standing)

    def new_match(self, seed: int | str | None = None, dealer: int = 0) -> Match:
        return Match(self, seed, dealer)

    def _pack(self, layout: dict) -> list[int]:
        """A whole pack, top card first, to be dealt by the rule file's own deal."""
        if set(layout) != {"pack"}:
            raise LayoutError("a layout of a whole 'pack' has nothing else: the rule file's deal hands it out")
        if not isinstance(layout["pack"], list):
            raise LayoutError("pack: expected a list of cards, top card first")
        seen: set[int] = set()
        pack = self._layout_cards(layout["pack"], "pack", seen, "is in the pack twice")
        if len(pack) != self.deck.size:
            missing = [self.deck.codes[c] for c in range(self.deck.size) if c not in seen]
            raise LayoutError(f"pack: {len(pack)} cards; the deck has {self.deck.size} (missing: {' '.join(missing[:6])}"
                              f"{' …' if len(missing) > 6 else ''})")
        return pack

    def _layout_cards(self, items: list, where: str, seen: set[int], twice: str) -> list[int]:
        """The cards a layout names (codes or names), each at most once across the layout."""
        out = []
        for item in items:
            card = self.deck.find(str(item))
            if card is None:
                raise LayoutError(f"{where}: unknown card '{item}'")
            card = next((c for c in self.deck.copies_of(card) if c not in seen), card)   # a double deck's next copy
            if card in seen:
                copies = f" (the deck has {self.deck.copies} copies)" if self.deck.copies > 1 else ""
                raise LayoutError(f"{where}: card {self.deck.codes[card]} {twice}{copies}")
            seen.add(card)
            out.append(card)
        return out

    def _stacked(self, layout: dict) -> tuple[list[int], list[list[int]]]:
        """Hands and piles as a layout gives them, every card placed once; with ``"fill": true`` the
        piles it leaves out get the cards left over, in deck order."""
        if not isinstance(layout, dict) or not isinstance(layout.get("hands"), list):
            raise LayoutError("a layout is a mapping with 'hands': one list of cards per seat")
        unknown = set(layout) - {"hands", "fill"} - set(self.pile_names)
        if unknown:
            raise LayoutError(f"layout names no pile of this game: {', '.join(sorted(map(str, unknown)))}"
                              f" (piles: {', '.join(self.pile_names)})")
        if len(layout["hands"]) != self.players:
            raise LayoutError(f"layout has {len(layout['hands'])} hands; this game has {self.players} players")
        seen: set[int] = set()

        def cards(items, where: str) -> list[int]:
            if not isinstance(items, list):
                raise LayoutError(f"{where}: expected a list of cards")
            return self._layout_cards(items, where, seen, "is dealt twice")

        hands = []
        for seat, items in enumerate(layout["hands"]):
            held = cards(items, f"hand {seat}")
            uneven = any(step.move is not None or step.but is not None for step in self.deal_plan)
            if len(held) != self.hand_size and not uneven:  # a pile dealt to one seat makes hands uneven
                raise LayoutError(f"hand {seat} has {len(held)} cards; the deal gives {self.hand_size}")
            hands.append(sum(1 << c for c in held))
        fill = layout.get("fill", False)
        if not isinstance(fill, bool):
            raise LayoutError(f"'fill' is true or false, found {fill!r}")
        for name, size in zip(self.pile_names, self.pile_sizes):
            if name not in layout and size and not fill:
                raise LayoutError(f"layout leaves out pile '{name}', which the deal fills with {size} card(s): "
                                  "list its cards, top first, or say \"fill\": true to deal it the cards left over")
        piles = [cards(layout[name], name) if name in layout else None for name in self.pile_names]
        rest = [c for c in range(self.deck.size) if c not in seen]
        for i, pile in enumerate(piles):
            if pile is None:
                piles[i], rest = rest[:self.pile_sizes[i]], rest[self.pile_sizes[i]:]
        if rest:
            raise LayoutError(f"layout leaves {len(rest)} card(s) nowhere: {' '.join(self.deck.codes[c] for c in rest[:6])}")
        return hands, piles
