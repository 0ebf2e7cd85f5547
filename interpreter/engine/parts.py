"""The parts a compiled game is made of: its actions, deal steps, calls, transfers, shows, side
actions, counters and awards. Frozen values the compiler builds and the engine reads; they
know nothing of states, so every module of the engine may use them."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable

Fn = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Action:
    """One move; ``text`` is its canonical form, e.g. ``play 3O``, ``pass``, ``name H``.

    ``kind`` is play, declare (a lead that declares a meld), call, hold (meeting the value
    called in a duel), pass, act (a side
    action such as exchanging or closing; ``card`` is set when the action names a card),
    give (one card of a transfer such as a discard), show (choosing a declaration that
    shows cards), reveal (one card shown) or meld (announcing the melds of a hand); ``arg`` indexes the call, meld, side action,
    transfer or show.
    """

    kind: str
    card: int = -1
    arg: int = -1
    suit: int = -1
    text: str = ""
    number: int = -1         # the number a call names ('bid 7')

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Standing:
    """Where a match stands when one of its deals begins: what the rules of the deal may read
    of it (deal_number, max_score(), counters) from the first stage on."""

    deal_number: int = 1
    scores: tuple | None = None
    counters: tuple | None = None


@dataclass(frozen=True)
class DealStep:
    """``count`` cards from the pack to a seat (``seat`` counts from the first receiver) or to
    a pile (``count`` None: the rest); ``but`` gives one seat a different count; ``move``
    hands a whole pile to a seat; ``show`` shows a pile to everyone."""

    seat: int | None = None
    pile: int | None = None
    count: int | None = None
    but: tuple[Fn, int] | None = None
    move: tuple[int, Fn] | None = None
    show: int | None = None


@dataclass(frozen=True)
class CallSpec:
    """A call of an auction round; with ``for_suit`` there is one call per suit it accepts."""

    name: str
    for_suit: Fn | None
    trump: Fn | None
    value: Fraction | Fn | None                      # a rule-language value reads 'number' and 'suit'
    then_deal: tuple[DealStep, ...] | None = None    # replaces the auction's own when set
    numbers: tuple[int, ...] | None = None           # one call per number: its value is the number
    when: Fn | None = None                           # offered only when it holds ('suit', 'number' bound)
    ranking: int | None = None                       # the ranking (order and card points) the call chooses


@dataclass(frozen=True)
class AuctionRound:
    """One round: its calls (indices into Auction.calls), how it ends ('at the first call',
    'after one turn each', 'in duels' or 'after N passes'), who may pass (or a condition) and
    whether calls rise. ``passes`` is the N of an open round ('after N passes'), else 0.
    ``who`` limits the round to some seats; ``to_next_round`` makes its calls lead on to the next
    round instead of winning (a two-step auction); ``drop_out`` makes a pass in an open round
    final."""

    calls: tuple[int, ...]
    ends: str
    may_pass: bool | Fn
    rising: bool
    passes: int = 0
    who: Fn | None = None        # the seats that speak, found for each when the round starts (None: all)
    to_next_round: bool = False      # 'leads to: next round': the round leads on to the next whatever is called
    drop_out: bool = False           # 'who passes: drops out': in an open round a pass is final

    @cached_property
    def call_set(self) -> frozenset[int]:
        return frozenset(self.calls)


@dataclass(frozen=True)
class Auction:
    first: Fn
    rounds: tuple[AuctionRound, ...]
    calls: tuple[CallSpec, ...]
    then_deal: tuple[DealStep, ...]
    passed_out: str = "annul"    # when everyone passes: 'annul' (dealt again) or 'score' (the deal ends, scored)
    default: tuple[Fn, Any] | None = None   # or a default game: (the seat, the call's Action) won as if called
    doubles: tuple[str, ...] = ()           # calls that double the standing call, in order (double, redouble)
    taker: str = "winning caller"           # or 'first of side to name it' (Bridge's declarer)


@dataclass(frozen=True)
class Transfer:
    """Cards a player chooses, one at a time, and moves: a discard, cards passed to a player.

    ``who`` None means every player in turn. The player may give the cards of ``cards``;
    those of ``first`` must go before any other (when there are enough of them). Cards of
    ``shown`` are shown to everyone as they are given; the others only to the giver. The
    action reads ``said`` and the card: two transfers may share a word (Pinochle's cards
    passed each way).
    """

    name: str
    who: Fn | None
    when: Fn | None
    count: int
    cards: Fn
    first: Fn | None
    to_pile: int | None
    to_seat: Fn | None
    shown: Fn | None
    word: str = ""              # the action's word ('pass' for 'pass 5H'): 'action', else the name

    @property
    def said(self) -> str:
        return self.word or self.name


@dataclass(frozen=True)
class Show:
    """A declaration made before a player's first card by showing ``count`` cards of ``cards``
    (those of ``first`` before any other), worth ``points`` to ``shown(seat)``."""

    name: str
    when: Fn
    cards: Fn
    first: Fn | None
    count: int
    points: Fn


@dataclass(frozen=True)
class Saying:
    """Words said aloud with cards: a player dealt every card of ``cards`` says ``words[n]`` as
    he plays the (n+1)-th of them, and by saying it shows that he holds the rest."""

    cards: Fn
    words: tuple[str | None, ...]          # None: that card is played in silence


@dataclass(frozen=True)
class Declaration:
    """A meld declared with a lead: all its cards of one suit in hand, leading one of them."""

    name: str
    cards: int
    points: Fn


@dataclass(frozen=True)
class SideAction:
    """An action besides playing a card. ``at`` says when it is offered: to a player about to
    lead ("lead"), to every player at his turn in trick play, once a deal each ("turn"), or
    once to ``by`` at the "end of auction" or at the "start of play".
    With ``cards`` set there is one action per card, with ``card`` bound to it. ``trump``,
    ``ranking`` and ``deal`` choose the game after the auction (a game announced once the auction is won, a pile taken up)."""

    name: str
    when: Fn | None
    swap: tuple[Fn, int] | None          # cards of the hand to swap with a pile's cards
    marks: tuple[tuple[int, Fn], ...]     # marks set, in order
    at: str = "lead"
    by: Fn | None = None
    cards: int = 0
    required: bool = False
    trump: Fn | None = None              # the trump the action puts in force
    ranking: int | None = None           # the ranking (order and card points) it puts in force
    deal: tuple[DealStep, ...] = ()      # whole piles moved when it is taken


@dataclass(frozen=True)
class Counter:
    """A number per seat or team that lives across the deals of a match (overtricks kept):
    ``start`` at the start, ``then`` its value after each deal, with ``it`` bound."""

    name: str
    kind: str              # "seat" or "team"
    start: Fraction
    then: Fn


@dataclass(frozen=True)
class Award:
    rule: str
    when: Fn | None
    to: Fn | None            # a seat or team; None with ``each`` set
    to_kind: str             # "seat" or "team"
    each: bool               # give every seat / team its own amount, with ``it`` bound to it
    points: Fn


@dataclass(frozen=True)
class MatchRule:
    deals: int | None        # a fixed number of deals, or None with ``until``
    until: Fn | None
    start: Fraction
    down: bool               # deal points are taken off a starting score
    next_dealer: Fn
    high_wins: bool
    schedule: tuple[int, ...] = ()    # one number per deal ('scheduled'); the match ends after the last


@dataclass(frozen=True)
class RuleSources:
    """The Python source each rule string compiled into, by its place in the rule file, and the
    namespace it runs in: what generate.py writes a game's own engine code from."""

    sources: dict[tuple, str]
    namespace: dict[str, Any]
