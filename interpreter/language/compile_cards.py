"""The deck and what is fixed with it: cards, teams, piles, marks, orders and card points.

Part of the Compiler (compile.py), which mixes the sections in; each reports its problems
and raises _Skip when the section cannot be compiled.
"""
from __future__ import annotations

from fractions import Fraction

from . import nodes as n
from ..engine.cards import Deck, build_deck
from ..engine.tricks import TrickRule
from .card_names import names_in
from .compile_support import _Skip
from .expressions import suggest_code


class CardSections:
    """Sections of the rule file, mixed into the Compiler."""

    __slots__ = ()

    def deck(self) -> Deck:
        cards = self.doc["cards"]
        suits, ranks = names_in(cards["suits"]), names_in(cards["ranks"])
        suit_ranks = {str(k): names_in(v) for k, v in cards.get("suit ranks", {}).items()}
        extra, names = names_in(cards.get("extra", {})), names_in(cards.get("names", {}))
        for suit in suit_ranks:
            if suit not in suits:
                self.report(("cards", "suit ranks", suit), f"'suit ranks' names suit '{suit}', which 'suits' does not define",
                            f"suits: {', '.join(suits)}", key=True)
        clash = set(suits) & set(ranks)
        for code in sorted(clash):
            self.report(("cards", "suits", code), f"code '{code}' is both a suit and a rank",
                        "give suits and ranks different codes so that the rule language can tell them apart", key=True)
        deck = build_deck(suits, ranks, suit_ranks, extra, names, int(cards.get("copies", 1)))
        seen: dict[str, int] = {}
        for code in deck.codes[:deck.distinct_size]:
            seen[code] = seen.get(code, 0) + 1
        for code, count in seen.items():
            if count > 1:
                self.report(("cards",), f"two cards share the code '{code}'",
                            "a card's code is its rank code followed by its suit code; choose codes that stay distinct")
        for code in names:
            if code not in deck.index:
                self.report(("cards", "names", code), f"'names' names card '{code}', which is not in the deck",
                            f"cards are written rank then suit, e.g. {deck.codes[0]}", key=True)
        if deck.size > 256:
            self.report(("cards",), f"the deck has {deck.size} cards; atout supports at most 256")
        if self.problems:
            raise _Skip
        return deck

    def teams(self, players: int) -> tuple[list[tuple[int, ...]], list[str], bool]:
        """Fixed partnerships; or, when every team is a condition on 'seat', teams formed in each
        deal when play begins (until then, every seat is in the last team)."""
        if "teams" not in self.doc:
            return [(s,) for s in range(players)], [f"seat {s}" for s in range(players)], False
        self.need("teams")
        teams = self.doc["teams"]
        conditions = [isinstance(v, str) for v in teams.values()]
        if any(conditions):
            if not all(conditions):
                self.report(("teams",), "teams are either all lists of seats or all conditions on 'seat'",
                            "write e.g. 'attack: seat = taker' and 'defence: seat != taker'")
                raise _Skip
            last = len(teams) - 1
            return [tuple(range(players)) if t == last else () for t in range(len(teams))], \
                [str(k) for k in teams], True
        owner: dict[int, str] = {}
        ok = True
        for name, seats in teams.items():
            for i, seat in enumerate(map(int, seats)):  # YAML may write a seat as 2.0
                if seat >= players:
                    self.report(("teams", name, i), f"seat {seat} does not exist: seats are 0 to {players - 1}")
                    ok = False
                elif seat in owner:
                    self.report(("teams", name, i), f"seat {seat} is already in team '{owner[seat]}'",
                                "teams must partition the seats: each seat in exactly one team")
                    ok = False
                else:
                    owner[seat] = name
        missing = [s for s in range(players) if s not in owner]
        if missing and ok:
            self.report(("teams",), f"seat(s) {', '.join(map(str, missing))} belong to no team",
                        "teams must partition the seats: each seat in exactly one team")
            ok = False
        if not ok:
            raise _Skip
        return [tuple(map(int, seats)) for seats in teams.values()], [str(k) for k in teams], False

    def piles(self) -> dict[str, bool]:
        """Pile name -> seen by everyone; 'pack', the cards not dealt yet, always comes first."""
        self.need("piles")
        piles = {"pack": False}
        for name, spec in self.doc.get("piles", {}).items():
            piles[str(name)] = (spec or {}).get("seen by", "nobody") == "everyone"
        return piles

    def marks(self) -> dict[str, str]:
        """Values a deal remembers (none until set, or their 'start'), name -> type."""
        self.need("marks")
        kinds = {"seat": "seat", "team": "team", "number": "num", "suit": "suit", "condition": "bool", "cards": "set"}
        return {str(name): kinds[str(kind["type"] if isinstance(kind, dict) else kind)]
                for name, kind in self.doc.get("marks", {}).items()}

    def order(self, deck: Deck, key: str, within: tuple = ()) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """An order, highest first: each card's strength and the cards above it. ``within`` is
        where the key sits (a ranking of 'rankings'), the top of the file by default."""
        path = within + (key,)
        self.need(path[0])
        tree: n.Order = self.parse(path, "order")
        placed: dict[int, str] = {}
        again: dict[int, list] = {}            # a card ranked more than once: where it came again, how often
        spent: dict[str, list] = {}            # the same for a rank whose cards are all ranked already
        tiers: list[int] = []
        ok = True
        for tier in tree.tiers:
            mask = 0
            for ref in tier:
                if ref.code in deck.index:
                    card = deck.index[ref.code]
                    if card in placed:
                        again.setdefault(card, [ref, 0])[1] += 1
                        ok = False
                        continue
                    cards = deck.copy_masks[card]          # a code names every copy of its card
                else:
                    group = deck.selection(ref.code)
                    if group is None:
                        self.report_in(path, ref.pos, f"unknown card or rank '{ref.code}'", suggest_code(ref.code, deck))
                        ok = False
                        continue
                    cards = group & ~sum(1 << c for c in placed)
                    if not cards:
                        spent.setdefault(ref.code, [ref, 0])[1] += 1
                        ok = False
                        continue
                for c in range(deck.size):
                    if (cards >> c) & 1:
                        placed[c] = ref.code
                mask |= cards
            tiers.append(mask)
        for card, (ref, count) in again.items():        # one problem for each card, however often it comes again
            self.report_in(path, ref.pos, f"card {ref.code} is ranked {_times(count + 1)} (first as part of "
                                          f"'{placed[card]}')", "each card must appear exactly once in the order")
        for code, (ref, count) in spent.items():
            self.report_in(path, ref.pos, f"'{code}' names no card that is not ranked already"
                                          + (f" ({count} times)" if count > 1 else ""),
                           "each card must appear exactly once in the order")
        missing = [deck.codes[c] for c in range(deck.size) if c not in placed]
        if missing and ok:
            shown = " ".join(missing[:8]) + (" …" if len(missing) > 8 else "")
            self.report(path, f"the {key} leaves out {len(missing)} card(s): {shown}",
                        "every card of the deck must have a place in the order")
            ok = False
        if not ok:
            raise _Skip
        strength = [0] * deck.size
        for rank, mask in enumerate(reversed(tiers)):
            for c in range(deck.size):
                if (mask >> c) & 1:
                    strength[c] = rank
        above = tuple(sum(1 << d for d in range(deck.size) if strength[d] > strength[c]) for c in range(deck.size))
        return tuple(strength), above

    def points(self, deck: Deck, key: str, base: tuple[Fraction, ...] | None,
               within: tuple = ()) -> tuple[Fraction, ...]:
        """Card points; 'trump points' start from 'points' (``base``) and override them."""
        path = within + (key,)
        self.need(path[0])
        values: list[Fraction | None] = [None] * deck.size
        for code, value in (self.source.value_at(path) or {}).items():
            mask = deck.selection(str(code))
            if mask is None:
                self.report(path + (code,), f"unknown card, rank or suit '{code}'", suggest_code(str(code), deck), key=True)
                continue
            exact = Fraction(str(value))
            for c in range(deck.size):
                if (mask >> c) & 1 and values[c] is None:
                    values[c] = exact
        fallback = base or tuple(Fraction(0) for _ in range(deck.size))
        return tuple(v if v is not None else fallback[c] for c, v in enumerate(values))

    def ranking(self, deck: Deck, within: tuple, base: tuple | None) -> tuple[TrickRule, tuple]:
        """The trick rule and card points per trump of the file (``within`` empty) or of a ranking
        of 'rankings', whose keys default to the file's (``base``: its rule and points)."""
        here = self.source.value_at(within) if within else self.doc
        play = self.doc.get("play") if "play" not in self.broken else None
        zeros = tuple([0] * deck.size)
        if "order" in here:
            strength, above = self.section(lambda: self.order(deck, "order", within), (None, None))
        else:
            strength, above = (base[0].strength, base[0].above) if base else (None, None)
        if "trump order" in here:
            trump_strength, trump_above = self.section(lambda: self.order(deck, "trump order", within), (strength, above))
        elif base and "order" not in here:
            trump_strength, trump_above = base[0].trump_strength, base[0].trump_above
        else:
            trump_strength, trump_above = strength, above
        if "points" in here or base is None:
            plain = self.section(lambda: self.points(deck, "points", None, within), tuple(Fraction(0) for _ in range(deck.size)))
        else:
            plain = base[1][0]
        if "trump points" in here:
            trumped = self.section(lambda: self.points(deck, "trump points", plain, within), plain)
            by_trump = (plain,) + tuple(tuple(trumped[c] if deck.suit_of[c] == t else plain[c] for c in range(deck.size))
                                        for t in range(len(deck.suit_codes)))
        elif base is not None and "points" not in here:
            by_trump = base[1]
        else:
            by_trump = (plain,) * (len(deck.suit_codes) + 1)
        ts = trump_strength or zeros
        trump_equal = tuple(sum(1 << d for d in range(deck.size) if ts[d] == ts[c]) for c in range(deck.size))
        by_suit = bool(play) and play.get("winner") == "highest of led suit"
        rule = TrickRule(strength or zeros, above or zeros, ts, trump_above or zeros, trump_equal,
                         deck.suit_of, deck.suit_masks, by_suit, bool(play) and play.get("ties") == "spoil")
        return rule, by_trump

    def keep_pays(self) -> Fraction:
        keep = (self.doc.get("play") or {}).get("keep") if "play" not in self.broken else None
        return Fraction(str(keep.get("pays", 0))) if isinstance(keep, dict) else Fraction(0)


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"
