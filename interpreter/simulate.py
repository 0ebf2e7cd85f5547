"""Plays many seeded matches (or single deals) between players and sums them up."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
import json
from typing import IO

from .game import Game
from .players import make_player
from .records import Recorder
from .state import Result


@dataclass
class Summary:
    game: Game
    players: list[str]
    matches: int = 0
    deals: int = 0
    actions: int = 0
    team_wins: list[int] = field(default_factory=list)
    draws: int = 0
    team_totals: list[Fraction] = field(default_factory=list)
    seat_totals: list[Fraction] = field(default_factory=list)
    rules: dict[str, int] = field(default_factory=dict)

    def add_deal(self, result: Result) -> None:
        self.deals += 1
        for reason in result.reasons:
            self.rules[reason.rule] = self.rules.get(reason.rule, 0) + 1


def simulate(game: Game, count: int, seed: int | str, players: list[str], single_deals: bool = False,
             record: IO[str] | None = None, game_ref: str | None = None, variant: str | None = None) -> Summary:
    """Play ``count`` matches (or deals); the same arguments always give the same summary."""
    teams = len(game.teams)
    summary = Summary(game, players, team_wins=[0] * teams, team_totals=[Fraction(0)] * teams,
                      seat_totals=[Fraction(0)] * game.players)
    for i in range(count):
        match_seed = f"{seed}:{i}"
        seats = [make_player(kind, f"{match_seed}:{seat}") for seat, kind in enumerate(players)]
        match = game.new_match(seed=match_seed, dealer=i % game.players if single_deals else 0)
        recorder = Recorder(match_seed, players, game_ref or game.name, {"variant": variant} if variant else {})
        while not match.is_over:
            state = match.next_deal()
            recorder.start_deal(state)
            while not state.is_over:
                seat = state.current
                action = seats[seat].choose(state)
                recorder.action(seat, action.text)
                state.apply(action)
                summary.actions += 1
            result = match.finish_deal(state)
            recorder.end_deal(result.to_json())
            summary.add_deal(result)
            if single_deals and not result.facts.get("annulled"):
                break
        outcome = match.result()
        summary.matches += 1
        if outcome.winner is None:
            summary.draws += 1
        else:
            summary.team_wins[outcome.winner] += 1
        for t, x in enumerate(outcome.team_scores):
            summary.team_totals[t] += x
        for s, x in enumerate(outcome.seat_scores):
            summary.seat_totals[s] += x
        if record is not None:
            record.write(json.dumps(recorder.end_match(match), ensure_ascii=False) + "\n")
    return summary
