"""The compiled rules of a game: its tables and small functions, built once per rule file and
frozen. The engine's phases, states and matches read them; ``Game`` (game.py) adds the deals."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from fractions import Fraction
import operator
from typing import Callable

from ..errors import IllegalActionError
from .cards import Deck, Points
from .melds import Melds
from .parts import (Action, Auction, Award, Counter, Declaration, DealStep, Fn, MatchRule, RuleSources, Saying, Show,
                    SideAction, Standing, Transfer)
from .tricks import TrickRule


@dataclass(frozen=True)
class Rules:
    """Every table and small function of a compiled rule file, frozen: what the engine reads
    as it plays. ``Game`` (game.py) is these rules with the engine that deals them."""

    name: str                # the short name: the rule file's stem
    title: str
    about: str
    path: str
    variant: str
    variants: tuple[str, ...]
    players: int
    direction: str
    team_names: tuple[str, ...]
    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]
    deck: Deck
    points_table: Points
    pile_names: tuple[str, ...]
    pile_public: tuple[bool, ...]
    pile_sizes: tuple[int, ...]                         # after the first deal
    deal_plan: tuple[DealStep, ...]
    hand_size: int
    trick_rule: TrickRule
    auction: Auction | None
    lead: Fn
    trump: Fn | None
    trump_cards: Fn | None                    # the trump cards, when not just the trump suit's
    sits_out: Fn | None                       # a seat that does not play this deal (none: all play)
    follow: tuple[tuple[Fn | None, Fn], ...]
    leads: tuple[tuple[Fn | None, Fn], ...]      # 'may lead': clauses on the card led
    always: Fn | None
    draw: tuple[int, ...]
    draw_when: Fn | None
    ends_when: Fn | None
    declarations: tuple[Declaration, ...]
    side_actions: tuple[SideAction, ...]
    shows: tuple[Show, ...]
    melds: Melds | None                       # melds announced at a first turn or found in tricks
    keep: tuple[int, Fraction, bool]         # cards kept by their player's team, points paid, lost in the last trick
    leader_wins: Fn | None
    transfers: tuple[Transfer, ...]
    annul_when: Fn | None
    team_rules: tuple[Fn, ...] | None         # teams formed when play begins: a condition on 'seat' each
    mark_names: tuple[str, ...]
    mark_types: tuple[str, ...]
    lets: tuple[tuple[str, str, Fn], ...]   # name, type, function: reported in results
    counters: tuple[Counter, ...]
    rankings: tuple[tuple[TrickRule, Points], ...]   # orders and card points a call may choose
    awards: tuple[Award, ...]
    match: MatchRule
    actions: tuple[Action, ...] = field(repr=False)
    code: RuleSources | None = field(default=None, repr=False, compare=False)   # None: the generic engine only
    # the deal's pattern when its numbers of cards change from deal to deal (deal_plans.py); deal_plan,
    # hand_size and pile_sizes are then the first deal's, and each deal is dealt by ``Game.for_deal``
    deal_sizes: tuple | None = field(default=None, repr=False, compare=False)
    # a seat whose cards another seat chooses once play begins (Bridge's dummy): (its seat, who plays it)
    dummy: tuple[Fn, Fn] | None = field(default=None, repr=False)
    mark_starts: tuple[tuple[int, Fn], ...] = field(default=(), repr=False)   # marks set when a deal is dealt
    sayings: tuple[Saying, ...] = field(default=(), repr=False)   # words said aloud as cards are played
    # each rule string as parsed (frozen nodes that render themselves in words), by where it stands in the
    # file: ('play', 'follow', 1, 'cards'), ('transfers', 'discard', 'when'), …; what a refusal quotes
    trees: dict[tuple, object] = field(default_factory=dict, repr=False, compare=False)
    # every name and function some rule reads ('taker', 'dealer', 'points', …): what the game speaks of
    names_read: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    # how the rules read in plain words (language/wording.py): the rules page's and the refusals'
    wording: object | None = field(default=None, repr=False, compare=False)
    # the values of a finished deal players see, in order (label, kind, function): the rule file's
    # 'facts'; None where it has none, and then its marks and lets stand for them
    facts: tuple[tuple[str, str, Fn], ...] | None = field(default=None, repr=False)

    @property
    def points(self) -> tuple[Fraction, ...]:
        """Card points with no trump in force."""
        return self.points_table.exact[0]

    @property
    def points_by_trump(self) -> tuple[tuple[Fraction, ...], ...]:
        """Card points with each trump in force, indexed by trump suit + 1."""
        return self.points_table.exact

    @property
    def names_taker(self) -> bool:
        """Whether a rule speaks of the taker: only then is the auction's winner a taker to
        players (an auction of bids each seat keeps has a winner that means nothing)."""
        return "taker" in self.names_read

    @cached_property
    def play_actions(self) -> tuple[Action, ...]:
        """The card plays, indexed by card (built once, not sliced at every call)."""
        return self.actions[:self.deck.size]

    @cached_property
    def play_tables(self) -> tuple[tuple[tuple[Action, ...], ...], ...]:
        """[k][b]: the plays of the cards whose bits are byte b of a mask's byte k."""
        plays = self.play_actions
        return tuple(tuple(tuple(plays[8 * k + i] for i in range(8) if b >> i & 1 and 8 * k + i < len(plays))
                           for b in range(256)) for k in range((len(plays) + 7) // 8))

    def plays_of(self, mask: int) -> list[Action]:
        """The play actions of the cards in ``mask``, by card number: a byte at a time from
        tables built once (the legal plays of every decision go through here). Of two copies
        of a card, only the lower's play is offered."""
        if self.deck.copies > 1:
            mask = self.deck.distinct(mask)
        out: list[Action] = []
        for table in self.play_tables:
            byte = mask & 255
            if byte:
                out += table[byte]
            mask >>= 8
            if not mask:
                break
        return out

    @cached_property
    def by_kind(self) -> dict[str, tuple[Action, ...]]:
        """The actions of each kind (play, declare, call, act, pass), built once."""
        kinds: dict[str, list[Action]] = {}
        for action in self.actions:
            kinds.setdefault(action.kind, []).append(action)
        return {kind: tuple(actions) for kind, actions in kinds.items()} | \
            {kind: () for kind in ("play", "declare", "call", "act", "pass", "give", "show", "reveal", "hold", "meld", "double")
             if kind not in kinds}

    @cached_property
    def card_actions(self) -> dict[tuple[str, int], tuple[Action | None, ...]]:
        """Actions naming a card, by (kind, arg), indexed by card: built once."""
        table: dict[tuple[str, int], list[Action | None]] = {}
        for action in self.actions:
            if action.kind in ("give", "reveal", "act") and action.card >= 0:
                row = table.setdefault((action.kind, action.arg), [None] * self.deck.size)
                row[action.card] = action
        return {key: tuple(row) for key, row in table.items()}

    @cached_property
    def deal_places(self) -> tuple[tuple, tuple, int] | None:
        """For a deal of plain packets (no pile moved or shown, no seat given another count):
        the places of the shuffled pack each seat receives (by its place after the dealer) and
        each pile, as getters, and where the undealt rest begins. None for any other deal."""
        plan, size = self.deal_plan, self.deck.size
        if any(s.show is not None or s.move is not None or s.but is not None or s.pile == 0 for s in plan):
            return None
        seats: list[list[int]] = [[] for _ in range(self.players)]
        piles: list[list[int]] = [[] for _ in self.pile_names]
        start = 0
        for step in plan:
            count = size - start if step.count is None else step.count
            (piles[step.pile] if step.pile is not None else seats[step.seat % self.players]).extend(
                range(start, start + count))
            start += count
        return (tuple((k, _getter(places)) for k, places in enumerate(seats) if places),
                tuple((p, _getter(places)) for p, places in enumerate(piles) if places), start)

    @cached_property
    def offered(self) -> dict[str, tuple]:
        """The side actions offered at each stage ("end of auction", "start of play", …), built
        once: every deal asks for them."""
        stages: dict[str, list] = {}
        for spec in self.side_actions:
            stages.setdefault(spec.at, []).append(spec)
        return {at: tuple(specs) for at, specs in stages.items()}

    @cached_property
    def plain_play(self) -> bool:
        """Only card plays during trick play: no declarations, side actions, shows or melds announced."""
        return not self.declarations and not self.side_actions and not self.shows \
            and (self.melds is None or self.melds.at != "first turn")

    @cached_property
    def simple(self) -> bool:
        """True when only card plays exist: the fast path of legal_actions."""
        return self.auction is None and self.plain_play

    @cached_property
    def counter_starts(self) -> tuple[tuple[Fraction, ...], ...]:
        """Each counter's value for every seat or team before the first deal."""
        return tuple((c.start,) * (self.players if c.kind == "seat" else len(self.teams)) for c in self.counters)

    def words(self, path: tuple) -> str:
        """The rule string at ``path`` in the words of ``atout explain``; '' where there is none."""
        tree = self.trees.get(path)
        if tree is None:
            return ""
        return tree.english() if self.wording is None else self.wording.at(path, tree)

    @property
    def fixed_teams(self) -> bool:
        """False when the teams are formed anew in each deal (then a match counts by seat)."""
        return self.team_rules is None

    @property
    def side_names(self) -> tuple[str, ...]:
        """Who a match scores: the fixed teams, or every seat when teams are formed per deal."""
        return self.team_names if self.fixed_teams else tuple(f"seat {s}" for s in range(self.players))

    @property
    def side_seats(self) -> tuple[tuple[int, ...], ...]:
        return self.teams if self.fixed_teams else tuple((s,) for s in range(self.players))

    def new_deal(self, seed=None, layout=None, dealer: int = 0, standing: Standing | None = None):
        """A fresh deal of these rules: a ``Game``, which knows the engine's states, deals it
        (the modules below game.py hold the rules, never the Game)."""
        raise NotImplementedError("a Game deals: Rules only holds its tables")

    # --- actions ------------------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """The action a person means: its text (``play 3O``, ``pass``), a card's code or name."""
        words = " ".join(str(text).split())
        if len(words) > self._longest_text:
            raise IllegalActionError(f"'{words[:40]}…' names no action or card of {self.title}: it is "
                                     f"{len(words)} characters long, and no action's text passes {self._longest_text}")
        by_text = self._actions_by_text
        same = by_text.get(words.casefold())
        if same:
            return same[0]
        parts = words.split(" ")
        codes = self.deck.codes
        for split in range(len(parts)):          # a verb (play, discard, show, …), a card, and what follows
            for end in range(len(parts), split, -1):
                card = self.deck.find(" ".join(parts[split:end]))
                if card is None:
                    continue
                wanted = " ".join(w for w in (" ".join(parts[:split]) or "play", codes[card], " ".join(parts[end:])) if w)
                for action in by_text.get(wanted.casefold(), ()):
                    if action.card == card:
                        return action
        raise IllegalActionError(f"'{text}' names no action or card of {self.title}")

    @cached_property
    def _actions_by_text(self) -> dict[str, tuple[Action, ...]]:
        """The actions by their text in any case, in the order of ``actions``."""
        found: dict[str, list[Action]] = {}
        for action in self.actions:
            found.setdefault(action.text.casefold(), []).append(action)
        return {text: tuple(actions) for text, actions in found.items()}

    @cached_property
    def _longest_text(self) -> int:
        """The longest text that can name an action: an action's text with its card's code
        written as the card's longest name. Past it, a text is refused at once, so the work of
        reading one is bounded whatever a person pastes."""
        longest_name = max((len(name) for name in (*self.deck.names, *self.deck.codes)), default=0)
        return max((len(a.text) for a in self.actions), default=0) + longest_name + 1


def _getter(places: list[int]) -> Callable[[list[int]], tuple[int, ...]]:
    """The cards at ``places`` of a pack, as a tuple."""
    if len(places) == 1:
        place = places[0]
        return lambda pack: (pack[place],)
    return operator.itemgetter(*places)
