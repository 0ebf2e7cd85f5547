"""A match: deals in sequence, the dealer moving on, match points adding up."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
import random

from .game import Game
from .state import Result, State


@dataclass(frozen=True)
class MatchResult:
    team_scores: tuple[Fraction, ...]
    seat_scores: tuple[Fraction, ...]
    winner: int | None          # winning team, None for a draw
    deals: tuple[Result, ...]


class Match:
    """Deals of one match, each shuffled from the match's own seeded generator."""

    def __init__(self, game: Game, seed: int | str | None = None, dealer: int = 0):
        self.game = game
        self.seed = seed
        self._rng = random.Random(seed)
        self.dealer = dealer
        self.results: list[Result] = []
        self.team_scores = [Fraction(0)] * len(game.teams)
        self.seat_scores = [Fraction(0)] * game.players
        self._last: State | None = None

    @property
    def is_over(self) -> bool:
        return len(self.results) >= self.game.match_deals

    def next_deal(self, layout: dict | None = None) -> State:
        """The next deal, dealt by the dealer whose turn it is."""
        if self.is_over:
            raise ValueError("the match is over")
        if self._last is not None:
            self.dealer = self.game.next_dealer(self._last)
        seed = self._rng.getrandbits(64)
        self._last = self.game.new_deal(seed=seed, layout=layout, dealer=self.dealer)
        return self._last

    def finish_deal(self, state: State) -> Result:
        """Settle a finished deal and add its points to the match."""
        result = state.result()
        self.results.append(result)
        for i, x in enumerate(result.team_scores):
            self.team_scores[i] += x
        for i, x in enumerate(result.seat_scores):
            self.seat_scores[i] += x
        return result

    def result(self) -> MatchResult:
        scores = self.team_scores
        best = max(scores) if self.game.match_high_wins else min(scores)
        leaders = [t for t, x in enumerate(scores) if x == best]
        return MatchResult(tuple(scores), tuple(self.seat_scores), leaders[0] if len(leaders) == 1 else None,
                           tuple(self.results))
