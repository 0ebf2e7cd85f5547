"""The fixed-size observation vector of a seat, derived from the rule file, and the action numbering.

Every game has the same slices, in the same order; their lengths come from the game's deck
(D cards, S suits), its seats (P), its piles, its marks and its actions (M actions besides
card plays). Blocks "by seat" are ordered from the observer: block k describes seat
(observer + k) % P, so a policy sees itself first whatever its seat. ``layout(game)`` lists
the slices as (name, start, length) rows:

    seat          P      the observer's own seat, one-hot (the only absolute seat block)
    to_act        P      whose turn it is, by seat
    dealer        P      the dealer, by seat
    leader        P      who led the trick in progress, by seat
    phase         4      auction, decision, choosing cards to give, trick play
    to_choose     1      cards still to choose in a choice of several (a discard, a show)
    hand          D      the observer's hand, one bit per card of the deck
    played        D      every card played to a trick so far, the trick in progress included
    played_by     P*D    the cards each seat has played, by seat
    trick         P*D    the trick in progress: the card each seat played to it, by seat
    public        D      the cards lying in the public piles (a card turned face up)
    shown         P*D    the cards each seat has shown, by seat (a dummy's hand once it lies face up)
    moves         P*M    every action besides card plays that the observer saw, by seat:
                         calls, holds and passes, decisions, cards given where seen, shows
    call          M      the winning call of the auction, one-hot
    taker         P      who won the auction, by seat
    trump         S+1    the trump in force: none, then each suit
    marks         ...    the rule file's marks, each in turn: a condition or a number 1 slot, a seat
                         P (by seat), a team one-hot by team, a suit S, a set of cards D
    tricks        P      tricks won, by seat (a count)
    melds         P      meld points declared, by seat
    hand_sizes    P      cards in each hand, by seat
    pile_sizes    piles  cards in each pile (hidden ones included: their size is public)
    match_scores  sides  the match's scores when the deal began, per side (0 outside a match)

Everything is read from ``State.observation(seat)``, the engine's own account of what a seat
may know (besides the state's public ``phase`` and ``match_scores``), so the vector never
holds a hidden card. Counts and points are raw numbers, not scaled.
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..engine.game import Game
from ..engine.parts import Action
from ..engine.state import AUCTION, DECIDE, PLAY, TRANSFER, State
from .common import need

np = need("numpy")

PHASES = (AUCTION, DECIDE, TRANSFER, PLAY)


class Slice(NamedTuple):
    name: str
    start: int
    length: int


def _mark_width(game: Game, kind: str) -> int:
    """Slots a mark takes: a seat is one-hot by seat, a team or a suit one-hot, a set of cards a
    deck bitmask, a condition or a number one slot."""
    return {"seat": game.players, "team": len(game.team_names), "suit": len(game.deck.suit_codes),
            "set": game.deck.size}.get(kind, 1)


def layout(game: Game) -> tuple[Slice, ...]:
    """The slices of the observation vector of ``game``, in order (see the module's docstring)."""
    p, d, m = game.players, game.deck.size, len(game.actions) - game.deck.size
    lengths = (("seat", p), ("to_act", p), ("dealer", p), ("leader", p), ("phase", len(PHASES)),
               ("to_choose", 1), ("hand", d), ("played", d), ("played_by", p * d), ("trick", p * d),
               ("public", d), ("shown", p * d), ("moves", p * m), ("call", m), ("taker", p),
               ("trump", len(game.deck.suit_codes) + 1),
               ("marks", sum(_mark_width(game, kind) for kind in game.mark_types)),
               ("tricks", p), ("melds", p), ("hand_sizes", p), ("pile_sizes", len(game.pile_names)),
               ("match_scores", len(game.side_seats)))
    rows, start = [], 0
    for name, length in lengths:
        rows.append(Slice(name, start, length))
        start += length
    return tuple(rows)


# Slices holding counts or points rather than bits: their bounds are not 0..1.
_COUNTS = ("to_choose", "tricks", "hand_sizes", "pile_sizes")
_UNBOUNDED = ("melds", "match_scores")


class Encoder:
    """Turns a state into a seat's observation vector and legal actions into a mask; built once per game.

    ``encode`` is the reference, read from ``State.observation``; the adapters write the same
    vectors through ``packed.PackedEncoder``, several times faster (tests/envs compare them)."""

    def __init__(self, game: Game):
        self.game = game
        self.slices = {row.name: row for row in layout(game)}
        self.size = sum(row.length for row in self.slices.values())
        self.num_actions = len(game.actions)
        self.index = {action: i for i, action in enumerate(game.actions)}
        self._by_text = {action.text: i for i, action in enumerate(game.actions)}
        self._card = {code: c for c, code in enumerate(game.deck.codes[:game.deck.distinct_size])}
        self._suit = {code: s for s, code in enumerate(game.deck.suit_codes)}
        self._pile = {name: i for i, name in enumerate(game.pile_names)}

    def _indices(self, codes: list[str]) -> list[int]:
        """The cards of a list of codes: a code listed again is the card's next copy (a double deck)."""
        used: dict[str, int] = {}
        out = []
        step = self.game.deck.distinct_size
        for code in codes:
            k = used[code] = used.get(code, -1) + 1
            out.append(self._card[code] + k * step)
        return out

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Lowest and highest values of each slot (for a Gymnasium Box)."""
        low = np.zeros(self.size, np.float32)
        high = np.ones(self.size, np.float32)
        for name in _COUNTS:
            row = self.slices[name]
            high[row.start:row.start + row.length] = self.game.deck.size
        for name in _UNBOUNDED:
            row = self.slices[name]
            low[row.start:row.start + row.length] = -np.inf
            high[row.start:row.start + row.length] = np.inf
        start = self.slices["marks"].start
        for kind in self.game.mark_types:
            width = _mark_width(self.game, kind)
            if kind == "num":
                low[start], high[start] = -np.inf, np.inf
            start += width
        return low, high

    def mask(self, legal: list[Action]) -> np.ndarray:
        """1 for each legal action's number, 0 elsewhere."""
        mask = np.zeros(self.num_actions, np.int8)
        index = self.index
        for action in legal:
            mask[index[action]] = 1
        return mask

    def encode(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation vector of ``seat`` (written into ``out`` when given)."""
        obs = state.observation(seat)
        game, at, card = self.game, self.slices, self._card
        players, size = game.players, game.deck.size
        ones: list[int] = []                  # the slots set to 1, written at once at the end
        values: dict[int, float] = {}         # the slots holding a count or points

        def rel(s: int) -> int:
            return (s - seat) % players

        def one_hot(name: str, s: int | None) -> None:
            if s is not None:
                ones.append(at[name].start + (s - seat) % players)

        ones.append(at["seat"].start + seat)
        one_hot("to_act", obs["to_act"])
        one_hot("dealer", obs["dealer"])
        one_hot("leader", obs["leader"] if obs["trick"] else None)
        if state.phase in PHASES:
            ones.append(at["phase"].start + PHASES.index(state.phase))
        values[at["to_choose"].start] = obs["to_choose"] or 0
        start = at["hand"].start
        ones.extend(start + c for c in self._indices(obs["hand"]))
        start = at["trick"].start
        ones.extend(start + rel(s) * size + card[code] for s, code in obs["trick"])
        played, played_by = at["played"].start, at["played_by"].start
        moves, non_play = at["moves"].start - size, len(game.actions) - size
        by_text = self._by_text
        for (s, text), (_, entry) in zip(obs["history"], state.history):
            if s is None:
                continue
            c = entry if isinstance(entry, int) else None    # the card itself (a call may read like one: 3H)
            if c is not None:
                ones.append(played + c)
                ones.append(played_by + rel(s) * size + c)
            elif text in by_text:                      # entries of no action: a meld's name, a card given face down
                ones.append(moves + rel(s) * non_play + by_text[text])
        start = at["public"].start
        for codes in obs["piles"].values():
            ones.extend(start + c for c in self._indices(codes))
        for s, codes in enumerate(obs["shown"]):
            start = at["shown"].start + rel(s) * size
            ones.extend(start + c for c in self._indices(codes))
        if obs["dummy_hand"]:                              # the dummy's hand lies face up: shown by its seat
            start = at["shown"].start + rel(obs["dummy"]) * size
            ones.extend(start + c for c in self._indices(obs["dummy_hand"]))
        if obs["call"] is not None:
            ones.append(at["call"].start + by_text[obs["call"]] - size)
        one_hot("taker", obs["taker"])
        ones.append(at["trump"].start + (0 if obs["trump"] is None else 1 + self._suit[obs["trump"]]))
        self._marks(ones, values, at["marks"].start, obs["marks"], rel)
        for name in ("tricks", "melds", "hand_sizes"):
            start = at[name].start
            for s, value in enumerate(obs[name]):
                values[start + rel(s)] = value if isinstance(value, int) else float(Fraction(value))
        for name, count in obs["pile_sizes"].items():
            values[at["pile_sizes"].start + self._pile[name]] = count
        if state.match_scores is not None:
            for i, x in enumerate(state.match_scores):
                values[at["match_scores"].start + i] = float(x)
        vec = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            vec.fill(0)
        vec[ones] = 1
        vec[list(values)] = list(values.values())
        return vec

    def _marks(self, ones: list[int], values: dict[int, float], start: int, marks: dict, rel) -> None:
        """Each mark in its slots (see ``_mark_width``); a mark not set yet leaves them at 0."""
        for kind, value in zip(self.game.mark_types, marks.values()):
            width = _mark_width(self.game, kind)
            if value is None:
                pass
            elif kind == "seat":
                ones.append(start + rel(value))
            elif kind in ("team", "suit"):
                if 0 <= value < width:              # a suit mark may hold 'none'
                    ones.append(start + value)
            elif kind == "set":
                ones.extend(start + c for c in range(self.game.deck.size) if value >> c & 1)
            else:
                values[start] = float(value)
            start += width
