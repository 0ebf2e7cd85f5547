"""Matches and the standing a deal reads: a match's result is a frozen value, a deal dealt
alone is deal number 1, and max_score() and min_score() read the scores of the match so far
(0 outside a match) (a bundled game played at random, tiny rule files in tmp_path)."""
from __future__ import annotations

import dataclasses
import random

import pytest

import interpreter
from helpers import ENGINES, FIVE_EACH_HEAD, on, tiny


# --- a match's result is a value -----------------------------------------------------------------

def test_a_match_result_is_frozen():
    match = interpreter.Match(interpreter.load("aluette"), seed=3)
    rng = random.Random(3)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    result = match.result()
    assert len(result.deals) == 5 and sum(result.team_scores) >= 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.winner = None


# --- deal_number ---------------------------------------------------------------------------------

HANDS = {"hands": [["KS", "QS", "10S", "AH", "KH"], ["AS", "JS", "QH", "JH", "10H"]]}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_lone_deal_is_deal_number_one(tmp_path, engine):
    game = tiny(tmp_path, "game: Numbered\n" + FIVE_EACH_HEAD + """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: deal number
      to: each_seat
      points: deal_number
""")
    state = on(game, engine).new_deal(layout=HANDS)
    assert state.deal_number == 1
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().seat_scores == (1, 1)


# --- max_score() / min_score() --------------------------------------------------------

SCORES = """\
game: Scores
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 2 each
let:
  top: max_score()
  bottom: min_score()
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: up
      when: "true"
      to: seat(0)
      points: max_score() + 1
    - rule: down
      when: "true"
      to: seat(1)
      points: 10 - min_score()
match:
  deals: 3
  dealer: next(dealer)
"""


def _play_out(state) -> None:
    while not state.is_over:
        state.apply(state.legal_actions()[0])


def test_max_and_min_score_are_0_outside_a_match(tmp_path):
    game = tiny(tmp_path, SCORES, "scores")
    state = game.new_deal(seed=1)
    _play_out(state)
    result = state.result()
    assert result.facts["top"] == 0 and result.facts["bottom"] == 0
    assert result.seat_scores == (1, 10)


def test_max_and_min_score_read_the_match_scores(tmp_path):
    game = tiny(tmp_path, SCORES, "scores")
    match = game.new_match(seed=1)
    while not match.is_over:
        match.apply(match.legal_actions()[0])
    # deal 1: scores (0, 0) -> +1, +10 = (1, 10)
    # deal 2: max 10, min 1 -> +11, +9 = (12, 19)
    # deal 3: max 19, min 12 -> +20, -2 = (32, 17)
    assert [(d.facts["top"], d.facts["bottom"]) for d in match.results] == [(0, 0), (10, 1), (19, 12)]
    assert [d.seat_scores for d in match.results] == [(1, 10), (11, 9), (20, -2)]
    assert match.result().team_scores == (32, 17)


# --- who wins: a side formed for the deal wins or loses together ---------------------------------

def _played(game, seed):
    match = interpreter.Match(game, seed=seed)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match.result()


def test_a_one_deal_match_is_won_by_the_side_formed_in_the_deal_never_drawn_by_the_defenders_tie():
    game = interpreter.load("french-tarot")
    sides = set()
    for seed in range(30):
        final = _played(game, seed)
        deal = final.deals[-1]
        attack = deal.breakdown["teams"][0]
        assert attack["team"] == "attack" and not final.is_draw
        won = "attack" if deal.team_scores[0] > deal.team_scores[1] else "defence"
        assert final.side == won and deal.breakdown["won by"] == won
        assert set(final.winners) == set(next(t["seats"] for t in deal.breakdown["teams"] if t["team"] == won))
        if won == "defence":                # three seats equal at the top: one side's win, not a draw
            assert len(final.winners) == 3 and len({final.seat_scores[s] for s in final.winners}) == 1
        sides.add(won)
    assert sides == {"attack", "defence"}


def test_a_match_of_fixed_teams_is_won_by_the_team_with_the_best_score():
    final = _played(interpreter.load("belote"), 4)
    best = max(range(2), key=lambda t: final.team_scores[t])
    assert final.team_scores[best] != final.team_scores[1 - best]
    assert (final.winner, final.side, final.winners) == (best, ("North-South", "East-West")[best],
                                                          ((0, 2), (1, 3))[best])


def test_a_match_of_several_deals_with_teams_formed_per_deal_counts_by_seat():
    final = _played(interpreter.load("skat"), 2)
    top = max(final.seat_scores)
    leaders = [s for s, x in enumerate(final.seat_scores) if x == top]
    assert final.winners == (tuple(leaders) if len(leaders) == 1 else ())
    assert final.side == (f"seat {leaders[0]}" if len(leaders) == 1 else None)
