"""Any rule file as an OpenSpiel game, registered with ``pyspiel`` as ``atout_<name>``.

Importing this module registers every bundled game (a name's hyphens become underscores:
``my-game.yaml`` is ``atout_my_game``); ``register(path)`` registers any other rule file. Parameters:
``variant`` (a variant of the rule file, "" for none) and ``dealer`` (the dealer's seat).

    import pyspiel
    from . import openspiel_game
    game = pyspiel.load_game("atout_NAME(variant=VARIANT,dealer=1)")

One OpenSpiel game is one deal. **Chance**: the pack is shuffled card by card: the first D
chance nodes each choose, uniformly, the next card of the pack among those not chosen yet
(outcome = the card's deck index), so every order of the pack is equally likely; the rule
file's own deal then hands the pack out. This keeps chance exact (a fixed set of shuffle
seeds would make the deals a sample) and each chance node small (at most D outcomes).
**Actions**: action ``i`` is ``game.actions[i]``, as in the PettingZoo environment.
**Returns**: each seat's score of the deal, turned so that more is better (see
``score_sign``); an annulled deal returns 0 to everyone. The scores a rule
file can give have no bound the engine can state, so ``min_utility``/``max_utility`` are a
loose ±``UTILITY_BOUND``. **Observations**: the tensors are ``encoding``'s vector (the same
for the information state and the observation: it keeps which moves each seat made, not
their order); the information-state string is the seat's whole observation, its history of
play included (perfect recall), and the observation string the same without the history.
``resample_from_infostate`` deals the cards a seat cannot see as one world consistent with
what it saw (``interpreter.beliefs``), which OpenSpiel's Python ISMCTS bot needs.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.state import State
from ..language.rule_files import bundled_games, load
from ..players.beliefs import belief, world
from .common import need, resolve_game, score_sign
from .encoding import Encoder
from .packed import PackedEncoder

np = need("numpy")
pyspiel = need("pyspiel")

UTILITY_BOUND = 1e6
_registered: dict[str, str] = {}      # OpenSpiel name -> rule file path


def openspiel_name(game: Game | str | Path) -> str:
    """``atout_`` and the rule file's stem, hyphens turned to underscores."""
    stem = game.name if isinstance(game, Game) else Path(str(game)).stem
    return "atout_" + stem.replace("-", "_")


def max_length(game: Game) -> int:
    """An upper bound on the moves of one deal, chance nodes included, from the rule file's tables.

    Per auction round at most one call per call value, each answered by a hold or a pass,
    and a pass from everyone; one decision at the end of the auction and one at the start of
    play; every side action at each lead; every transfer's cards; every show, with its cards,
    by every seat; one card per card of the deck; and the D chance nodes of the shuffle."""
    players, cards = game.players, game.deck.size
    auction = 0 if game.auction is None else \
        len(game.auction.rounds) * 2 * (len(game.by_kind["call"]) + players)
    at_lead = sum(1 for spec in game.side_actions if spec.at == "lead")
    transfers = sum(t.count * (players if t.who is None else 1) for t in game.transfers)
    shows = players * sum(1 + s.count for s in game.shows)
    return cards + auction + 2 + cards * at_lead + transfers + shows + cards


class _Table:
    """What every state of one OpenSpiel game shares: the compiled game, its encoder, the dealer."""

    def __init__(self, game: Game, dealer: int):
        self.game, self.dealer = game, dealer
        self.encoder = Encoder(game)
        self.packed = PackedEncoder(self.encoder)     # the same vectors as encoder.encode, faster
        self.sign = score_sign(game)


def _replayed(path: str, variant: str, dealer: int, pack: tuple[int, ...], moves: tuple[int, ...]) -> _Deal:
    deal = _Deal(_Table(load(path, variant or None), dealer))
    for card in pack:
        deal.deal_card(card)
    for move in moves:
        deal.play(move)
    return deal


class _Deal:
    """The deal behind an OpenSpiel state. OpenSpiel copies a Python state by deep-copying its
    attributes and serializes it by pickling them: this object copies by ``State.clone()``
    (sharing the compiled game) and pickles as the pack and the moves, replayed on loading."""

    __slots__ = ("table", "pack", "state", "moves", "sampled")

    def __init__(self, table: _Table):
        self.table = table
        self.pack: list[int] = []
        self.state: State | None = None
        self.moves: list[int] = []
        self.sampled = False          # a world resampled for a search: no pack to replay

    def deal_card(self, card: int) -> None:
        self.pack.append(card)
        game = self.table.game
        if len(self.pack) == game.deck.size:
            self.state = game.new_deal(layout={"pack": [game.deck.codes[c] for c in self.pack]},
                                       dealer=self.table.dealer)

    def play(self, index: int) -> None:
        self.moves.append(index)
        self.state.apply_unchecked(self.table.game.actions[index])

    def __deepcopy__(self, memo: dict) -> _Deal:
        other = _Deal(self.table)
        other.pack, other.moves, other.sampled = self.pack[:], self.moves[:], self.sampled
        other.state = None if self.state is None else self.state.clone()
        return other

    def __reduce__(self) -> tuple:
        if self.sampled:
            raise TypeError("a resampled world has no pack to replay: it cannot be serialized")
        game = self.table.game
        return _replayed, (game.path, game.variant, self.table.dealer, tuple(self.pack), tuple(self.moves))


class AtoutState(pyspiel.State):
    """One deal: D chance nodes shuffle the pack, then the players' moves."""

    def __init__(self, game: AtoutGame):
        super().__init__(game)
        self.deal = _Deal(game.table)

    def current_player(self) -> int:
        state = self.deal.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if state.is_over else state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        index = self.deal.table.encoder.index
        return sorted(index[a] for a in self.deal.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the pack: each code left, its lowest copy left standing for all its
        copies (on a double deck two copies are one outcome, as likely as both)."""
        deck = self.deal.table.game.deck
        chosen = set(self.deal.pack)
        left = [c for c in range(deck.size) if c not in chosen]
        if deck.copies == 1:
            return [(c, 1.0 / len(left)) for c in left]
        by_code: dict[int, list[int]] = {}
        for c in left:
            by_code.setdefault(c % deck.distinct_size, []).append(c)
        return [(copies[0], len(copies) / len(left)) for _, copies in sorted(by_code.items())]

    def _apply_action(self, action: int) -> None:
        if self.deal.state is None:
            self.deal.deal_card(action)
        else:
            self.deal.play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.deal.table.game
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {game.deck.codes[action]}"
        return game.actions[action].text

    def is_terminal(self) -> bool:
        return self.deal.state is not None and self.deal.state.is_over

    def returns(self) -> list[float]:
        table = self.deal.table
        if not self.is_terminal():
            return [0.0] * table.game.players
        return [float(table.sign * x) for x in self.deal.state.result().seat_scores]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AtoutState:
        """A state ``player_id`` cannot tell from this one: the cards it cannot see dealt anew,
        uniformly among the deals that agree with what it saw (its seed drawn from the sampler)."""
        rng = random.Random(int(probability_sampler() * 2 ** 53))
        other = self.get_game().new_initial_state()
        other.deal = _Deal(self.deal.table)
        other.deal.pack, other.deal.moves, other.deal.sampled = self.deal.pack[:], self.deal.moves[:], True
        state = self.deal.state
        other.deal.state = world(state, belief(state, player_id), rng)
        return other

    def __str__(self) -> str:
        state = self.deal.state
        if state is None:
            return f"shuffling: {len(self.deal.pack)} card(s) placed"
        codes = state.game.deck.codes
        hands = "; ".join(f"seat {s}: " + " ".join(codes[c] for c in range(len(codes)) if h >> c & 1)
                          for s, h in enumerate(state.hands))
        moves = " ".join(state.game.actions[m].text for m in self.deal.moves)
        return f"{hands}\nmoves: {moves}"


class AtoutObserver:
    """OpenSpiel's observer: ``encoding``'s vector and a JSON text of the seat's observation, with
    its history only for perfect recall (the information state).

    ``dict`` holds the vector as one entry, ``observation``: OpenSpiel copies each entry of
    ``dict`` into its tensor at every call, and one copy of the whole vector instead of one per
    slice gives some 20% more steps a second with the tensor. ``slices`` views the vector slice
    by slice, by name."""

    def __init__(self, table: _Table, iig_obs_type: Any, params: dict | None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("only a seat's own observation is supported (public and own private information)")
        self.table = table
        self.recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(table.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.slices = {row.name: self.tensor[row.start:row.start + row.length]
                       for row in table.encoder.slices.values() if row.length}

    def set_from(self, state: AtoutState, player: int) -> None:
        if state.deal.state is None:
            self.tensor.fill(0)
        else:
            self.table.packed.encode(state.deal.state, player, out=self.tensor)

    def string_from(self, state: AtoutState, player: int) -> str:
        if state.deal.state is None:
            return ""
        seen = state.deal.state.observation(player)
        if not self.recall:
            del seen["history"]
        return json.dumps(seen, separators=(",", ":"), default=str)


class AtoutGame(pyspiel.Game):
    """A rule file (and variant) as an OpenSpiel game; ``atout`` is the compiled Game.

    ``register`` makes one subclass per rule file, naming its ``path`` and ``game_type``, and
    registers the class: OpenSpiel's registry drops its reference to what it is given only
    after Python has shut down, which crashes the process if that was the last reference (a
    closure's); a class refers to itself, so it is never freed then."""

    path: str
    game_type: Any

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        self.atout = load(self.path, params.get("variant") or None)
        dealer = int(params.get("dealer", 0))
        if not 0 <= dealer < self.atout.players:
            raise ValueError(f"dealer is a seat from 0 to {self.atout.players - 1}, found {dealer}")
        self.table = _Table(self.atout, dealer)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.atout.actions), max_chance_outcomes=self.atout.deck.size,
            num_players=self.atout.players, min_utility=-UTILITY_BOUND, max_utility=UTILITY_BOUND,
            utility_sum=None, max_game_length=max_length(self.atout))
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> AtoutState:
        return AtoutState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> AtoutObserver:
        return AtoutObserver(self.table, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def register(game: Game | str | Path) -> str:
    """Register a rule file (a Game, a bundled name or a path) with OpenSpiel, once; returns
    its OpenSpiel name. Its variants are chosen with the ``variant`` parameter."""
    base = resolve_game(game)
    path, name = str(Path(base.path).resolve()), openspiel_name(base)
    if name in _registered:
        if _registered[name] != path:
            raise ValueError(f"{name} is already registered for {_registered[name]}")
        return name
    seats = [base.players] + [load(path, v).players for v in base.variants]
    game_type = pyspiel.GameType(
        short_name=name, long_name=f"atout: {base.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(seats), min_num_players=min(seats),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"variant": "", "dealer": 0})
    pyspiel.register_game(game_type, type(f"AtoutGame_{name}", (AtoutGame,), {"path": path, "game_type": game_type}))
    _registered[name] = path
    return name


BUNDLED = tuple(register(path) for path in bundled_games())
