"""A match: deals in sequence, the dealer moving on, match scores adding up (or down)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
import random
from typing import TYPE_CHECKING

from ..errors import MatchError, MatchLimitError
from .cards import whole
from .parts import Action, Standing
from .settlement import best_of
from .state import Result, State

if TYPE_CHECKING:
    from .rules import Rules

# A match that reaches either limit raises MatchLimitError instead of running forever.
MAX_DEALS_PER_MATCH = 10_000     # deals dealt in one match, annulled ones included
MAX_ANNULLED_IN_A_ROW = 1_000    # deals annulled one after the other (auction: if all pass)


@dataclass(frozen=True)
class MatchResult:
    team_scores: tuple[int | Fraction, ...]      # whole numbers as ints
    seat_scores: tuple[int | Fraction, ...]
    winner: int | None          # the winning match side (an index of team_scores), None if no one side
    deals: tuple[Result, ...]
    winners: tuple[int, ...] = ()   # the seats that won, together; none for a draw
    side: str | None = None         # who won, by name: a team, or a seat where a match counts by seat

    @property
    def is_draw(self) -> bool:
        return not self.winners


class Match:
    """Deals of one match, each shuffled from the match's own seeded generator.

    An annulled deal (everyone passed) does not count: the next dealer deals again.
    ``deal_seed`` is the seed the last deal was shuffled from (``Game.new_deal(seed=...)``
    deals it again).
    """

    def __init__(self, game: Rules, seed: int | str | None = None, dealer: int = 0, deals: int | None = None):
        """``deals`` ends the match after that many counted deals, whatever the game's
        match rule says (``atout simulate --deals`` plays matches of one deal)."""
        self.game = game
        self._deals = deals
        self.seed = seed
        self._rng = random.Random(seed)
        self.dealer = dealer
        self.results: list[Result] = []
        rule = game.match
        start = whole(rule.start)       # an int where whole: a deal's int points then add up as ints
        self.team_scores = [start] * len(game.side_seats)
        self.seat_scores = [start] * game.players
        self._last: State | None = None
        self._finished: State | None = None
        self._deal_teams: tuple[tuple[int, ...], ...] = ()   # the sides formed in the last counted deal,
        self._deal_result: Result | None = None                # and its result
        self.deal_seed: int | None = None
        self._over = False
        self._counted = 0
        self._annulled_in_a_row = 0
        self.counters = game.counter_starts

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def deals_played(self) -> int:
        """Deals that counted (annulled deals do not)."""
        return self._counted

    def next_deal(self, layout: dict | None = None, dealer: int | None = None) -> State:
        """The next deal, dealt by the dealer whose turn it is (or ``dealer``, replaying a record)."""
        if self._over:
            raise MatchError("the match is over")
        if self._last is not None:
            self.dealer = self.game.match.next_dealer(self._last)
        if dealer is not None:
            self.dealer = dealer
        self.deal_seed = self._rng.getrandbits(64)
        standing = Standing(self._counted + 1, tuple(self.team_scores), self.counters)
        self._last = self.game.new_deal(seed=self.deal_seed, layout=layout, dealer=self.dealer, standing=standing)
        return self._last

    def finish_deal(self, state: State) -> Result:
        """Settle a finished deal and add its points to the match.

        Raises MatchError for a deal already finished, and MatchLimitError when the match
        reaches MAX_DEALS_PER_MATCH deals or MAX_ANNULLED_IN_A_ROW annulled deals in a row."""
        if state is self._finished:
            raise MatchError("this deal was already finished")
        if self._over:
            raise MatchError("the match is over")
        result = state.result()
        self._finished = state
        self.results.append(result)
        sign = -1 if self.game.match.down else 1
        for i, x in enumerate(result.team_scores if self.game.fixed_teams else result.seat_scores):
            self.team_scores[i] += sign * x
        for i, x in enumerate(result.seat_scores):
            self.seat_scores[i] += sign * x
        annulled = state.annulled
        after = state.clone()           # the deal as the match stands after it: what 'then' and 'until' read
        after.match_scores = tuple(self.team_scores)
        if self.game.counters and not annulled:
            self.counters = after.next_counters()
        self._annulled_in_a_row = self._annulled_in_a_row + 1 if annulled else 0
        self._counted += not annulled
        if not annulled:
            self._deal_teams, self._deal_result = tuple(tuple(members) for members in state.teams), result
        rule = self.game.match
        deals, until = (rule.deals, rule.until) if self._deals is None else (self._deals, None)
        if deals is not None and self._counted >= deals:
            self._over = True
        elif until is not None and not annulled and until(after):
            self._over = True
        elif self._annulled_in_a_row >= MAX_ANNULLED_IN_A_ROW:
            why = "annul when" if self.game.annul_when is not None and self._finished.history == [] \
                else "auction: if all pass: annul"
            raise MatchLimitError(f"{self._annulled_in_a_row:,} deals annulled in a row ({why}); "
                                  f"at most {MAX_ANNULLED_IN_A_ROW:,} redeals in a row are allowed")
        elif len(self.results) >= MAX_DEALS_PER_MATCH:
            end = "match.until is still false" if until is not None else f"{self._counted} of {deals} deal(s) counted"
            raise MatchLimitError(f"{len(self.results):,} deals dealt and {end}; "
                                  f"a match may have at most {MAX_DEALS_PER_MATCH:,} deals")
        return result

    # --- driving a whole match like one deal ------------------------------------------------

    @property
    def state(self) -> State | None:
        """The deal in progress (dealt when first needed); None once the match is over."""
        if self._over:
            return None
        if self._last is None or self._last is self._finished:
            self.next_deal()
        while self._last.is_over:  # annulled as soon as dealt
            self.finish_deal(self._last)
            if self._over:
                return None
            self.next_deal()
        return self._last

    @property
    def current_player(self) -> int | None:
        state = self.state
        return None if state is None else state.current_player

    def legal_actions(self) -> list[Action]:
        state = self.state
        return [] if state is None else state.legal_actions()

    def apply(self, action: Action | str) -> Result | None:
        """Apply an action to the deal in progress; when it ends the deal, settle it and deal the
        next one. Returns the deal's result when the action ended a deal."""
        state = self.state
        if state is None:
            raise MatchError("the match is over: no action can be played")
        state.apply(action)
        return self.finish_deal(state) if state.is_over else None

    def result(self) -> MatchResult:
        """The match's scores and winner; raises MatchError before the match is over.

        A match counts by team, or by seat where the teams are formed anew in each deal. A match
        of one such deal is decided by the sides of that deal instead: the side of the taker and the other
        win or lose together, however the deal's points were shared among their seats."""
        if not self._over:
            raise MatchError(f"the match is not over ({len(self.results)} deal(s) finished)")
        game = self.game
        scores = self.team_scores
        leaders = best_of(scores, game.match.high_wins)
        winner = leaders[0] if len(leaders) == 1 else None
        winners: tuple[int, ...] = () if winner is None else game.side_seats[winner]
        side = None if winner is None else game.side_names[winner]
        if not game.fixed_teams and self._counted == 1:
            teams = best_of(self._deal_result.team_scores, game.match.high_wins != game.match.down)
            if len(teams) == 1 and self._deal_teams[teams[0]]:
                winners, side = self._deal_teams[teams[0]], game.team_names[teams[0]]
            else:
                winners, side = (), None
        return MatchResult(tuple(scores), tuple(self.seat_scores), winner, tuple(self.results), winners, side)

