"""A match: deals in sequence, the dealer moving on, match scores adding up (or down)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
import random

from .game import Game
from .state import Result, State

MAX_ANNULLED_IN_A_ROW = 1000


@dataclass(frozen=True)
class MatchResult:
    team_scores: tuple[Fraction, ...]
    seat_scores: tuple[Fraction, ...]
    winner: int | None          # winning team, None for a draw
    deals: tuple[Result, ...]


class Match:
    """Deals of one match, each shuffled from the match's own seeded generator.

    An annulled deal (everyone passed) does not count: the next dealer deals again.
    """

    def __init__(self, game: Game, seed: int | str | None = None, dealer: int = 0):
        self.game = game
        self.seed = seed
        self._rng = random.Random(seed)
        self.dealer = dealer
        self.results: list[Result] = []
        rule = game.match
        self.team_scores = [rule.start] * len(game.side_seats)
        self.seat_scores = [rule.start] * game.players
        self._last: State | None = None
        self._over = False
        self._annulled_in_a_row = 0

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def deals_played(self) -> int:
        """Deals that counted (annulled deals do not)."""
        return sum(1 for r in self.results if not r.facts.get("annulled"))

    def next_deal(self, layout: dict | None = None) -> State:
        """The next deal, dealt by the dealer whose turn it is."""
        if self._over:
            raise ValueError("the match is over")
        if self._last is not None:
            self.dealer = self.game.match.next_dealer(self._last)
        seed = self._rng.getrandbits(64)
        self._last = self.game.new_deal(seed=seed, layout=layout, dealer=self.dealer)
        self._last.match_scores = tuple(self.team_scores)
        return self._last

    def finish_deal(self, state: State) -> Result:
        """Settle a finished deal and add its points to the match."""
        result = state.result()
        self.results.append(result)
        sign = -1 if self.game.match.down else 1
        for i, x in enumerate(result.team_scores if self.game.fixed_teams else result.seat_scores):
            self.team_scores[i] += sign * x
        for i, x in enumerate(result.seat_scores):
            self.seat_scores[i] += sign * x
        state.match_scores = tuple(self.team_scores)
        self._annulled_in_a_row = self._annulled_in_a_row + 1 if result.facts.get("annulled") else 0
        rule = self.game.match
        if rule.deals is not None and self.deals_played >= rule.deals:
            self._over = True
        elif rule.until is not None and not result.facts.get("annulled") and rule.until(state):
            self._over = True
        elif self._annulled_in_a_row >= MAX_ANNULLED_IN_A_ROW:
            self._over = True
        return result

    def result(self) -> MatchResult:
        scores = self.team_scores
        best = max(scores) if self.game.match.high_wins else min(scores)
        leaders = [t for t, x in enumerate(scores) if x == best]
        return MatchResult(tuple(scores), tuple(self.seat_scores), leaders[0] if len(leaders) == 1 else None,
                           tuple(self.results))
