"""A deal whose numbers of cards change from deal to deal: counts written as expressions of the
match in parentheses, and match.schedule read as 'scheduled' (Oh Hell's hand sizes)."""
from __future__ import annotations

import random

import pytest

import interpreter

from helpers import ENGINES, TWO_SUITS_HEAD, FOLLOW_AND_TRICKS_TAIL, on, problem_messages, tiny
from interpreter.engine.parts import Standing

SHRINKING = "game: Shrinking\n" + TWO_SUITS_HEAD + """\
deal: (scheduled) x (1 each), rest to unused
match:
  schedule: [{from: 4, to: 2}, 5, {from: 1, to: 2}]
  dealer: next(dealer)
""" + FOLLOW_AND_TRICKS_TAIL


def _hand_sizes_of_a_match(game, seed: int) -> list[int]:
    match = game.new_match(seed=seed)
    rng = random.Random(seed)
    sizes = []
    while not match.is_over:
        state = match.state
        if not state.history:
            sizes.append([h.bit_count() for h in state.hands])
        match.apply(rng.choice(match.legal_actions()))
    return sizes


@pytest.mark.parametrize("engine", ENGINES)
def test_each_deal_of_the_match_deals_its_scheduled_number(tmp_path, engine):
    game = on(tiny(tmp_path, SHRINKING), engine)
    assert game.match.schedule == (4, 3, 2, 5, 1, 2) and game.match.deals == 6
    assert _hand_sizes_of_a_match(game, 3) == [[4, 4], [3, 3], [2, 2], [5, 5], [1, 1], [2, 2]]
    result = game.new_match(seed=3)
    while not result.is_over:
        result.apply(result.legal_actions()[0])
    assert [sum(r.seat_scores) for r in result.result().deals] == [4, 3, 2, 5, 1, 2]   # a point a trick


def test_a_deal_alone_is_the_first_of_the_schedule_and_a_standing_picks_another(tmp_path):
    game = tiny(tmp_path, SHRINKING)
    assert game.new_deal(seed=1).hands[0].bit_count() == 4
    fourth = game.new_deal(seed=1, standing=Standing(deal_number=4))
    assert [h.bit_count() for h in fourth.hands] == [5, 5] and len(fourth.piles[1]) == 0
    assert game.for_deal(Standing(4)).hand_size == 5 and game.for_deal(Standing(4)) is game.for_deal(Standing(4))
    assert game.for_deal(Standing(7)).hand_size == 4        # the schedule starts again after its last deal
    assert game.for_deal(Standing(1)) is game


def test_a_stacked_layout_is_checked_against_that_deals_size(tmp_path):
    game = tiny(tmp_path, SHRINKING)
    hands = [["AS", "KS", "QS", "JS", "10S"], ["AH", "KH", "QH", "JH", "10H"]]
    state = game.new_deal(layout={"hands": hands}, standing=Standing(4))
    assert state.hands[0].bit_count() == 5
    with pytest.raises(ValueError, match="hand 0 has 5 cards; the deal gives 4"):
        game.new_deal(layout={"hands": hands})


def test_a_count_may_be_any_expression_of_the_match(tmp_path):
    text = SHRINKING.replace("(scheduled) x (1 each)", "(min(deal_number, 4)) each, (players - 1) to unused") \
        .replace("  schedule: [{from: 4, to: 2}, 5, {from: 1, to: 2}]\n", "  deals: 5\n")
    game = tiny(tmp_path, text)
    assert _hand_sizes_of_a_match(game, 5) == [[1, 1], [2, 2], [3, 3], [4, 4], [4, 4]]


@pytest.mark.parametrize("change, message", [
    (("rest to unused", "2 to unused"), "a deal whose numbers of cards change from deal to deal must end with 'rest to PILE'"),
    (("(scheduled) x (1 each)", "(count(hand)) each"), "a number of cards in the deal may read only where the match stands: "
                                                      "deal_number, scheduled, players, the dealer, the counters, "
                                                      "max_score(), min_score()"),
    (("[{from: 4, to: 2}, 5, {from: 1, to: 2}]", "[2, 6]"), "the deal hands out 12 cards in deal 2 of the match but the "
                                                             "deck has only 10"),
    (("(scheduled) x (1 each)", "(scheduled - 3) each"), "a number of cards in the deal came out as -1: it must be a "
                                                         "whole number of at least 0 (deal 3 of the match)"),
    (("  dealer: next(dealer)\n", "  dealer: next(dealer)\n  deals: 3\n"), "'deals' and 'schedule' both say how many "
                                                                           "deals the match has"),
])
def test_a_deal_that_cannot_be_dealt_is_reported(tmp_path, change, message):
    assert problem_messages(tmp_path, SHRINKING.replace(*change)) == [message]


def test_scheduled_needs_a_schedule(tmp_path):
    text = SHRINKING.replace("  schedule: [{from: 4, to: 2}, 5, {from: 1, to: 2}]\n", "")
    assert problem_messages(tmp_path, text) == ["'scheduled' reads match.schedule, which this file does not have"]


def test_only_the_first_deal_may_change(tmp_path):
    text = SHRINKING.replace("deal: (scheduled) x (1 each), rest to unused", "deal: 2 each, rest to unused") + """\
auction:
  first: seat(0)
  rounds:
    - calls: {go: {}}
      pass: false
  then deal: (scheduled) to unused
"""
    assert "only the first 'deal' may give its numbers of cards as expressions of the match" in \
        problem_messages(tmp_path, text)


GIVING = SHRINKING + """\
transfers:
  give: {who: each, count: 2, to: unused}
"""


def test_a_transfer_larger_than_a_hand_of_the_schedule_is_refused_naming_the_deal(tmp_path):
    assert "'give' asks for 2 card(s), but deal 5 of the match deals a hand of 1" in problem_messages(tmp_path, GIVING)


def test_with_a_when_it_is_a_warning_and_the_deal_stops_with_the_transfers_error(tmp_path):
    text = GIVING.replace("to: unused}", "to: unused, when: scheduled >= 2}")
    path = tmp_path / "when.yaml"
    path.write_text(text, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert [p.message for p in problems if p.warning] == [
        "'give' asks for 2 card(s), but deal 5 of the match deals a hand of 1, unless its 'when' keeps it from "
        "that deal"]
    assert game is not None and game.new_deal(seed=1, standing=Standing(deal_number=5)).hands[0].bit_count() == 1
