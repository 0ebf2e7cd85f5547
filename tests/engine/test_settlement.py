"""What a finished deal's result holds: the teams' scores a searching player reads are the
result's, a let holding cards is a fact written as card codes, whole card points stay whole
numbers in the breakdown, and a result pickled or copied reads the same (random deals of every
bundled game, a tiny rule file, a stacked deal of Belote with announcements)."""
from __future__ import annotations

import copy
import pickle
import random

import pytest

import interpreter
from helpers import FACTS, tiny
from test_belote import bid, layout_for

BELOTE_MELDS = interpreter.load("belote", "announcements")


# --- the teams' scores a searching player reads -------------------------------------------------

@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_team_scores_are_the_results_team_scores(name):
    game = interpreter.load(name)
    rng = random.Random(7)
    for seed in range(6):
        state = game.new_deal(seed=seed, dealer=seed % game.players)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        scores = state.team_scores()
        assert isinstance(scores, list) and scores == list(state.result().team_scores)


# --- a let holding cards appears in the facts as card codes ---------------------------


def test_a_let_of_cards_is_a_fact_of_card_codes(tmp_path):
    game = tiny(tmp_path, FACTS, "facts")
    state = game.new_deal(layout={"hands": [["AH", "AS"], ["KS", "KH"]]})
    for card in ["AH", "KH", "AS", "KS"]:
        state.apply(card)
    facts = state.result().facts
    assert facts["last"] == "AS KS"                   # deck order, not play order
    assert facts["mine"] == "AS KS AH KH"
    assert facts["nothing_won"] == ""
    assert facts["how_many"] == 4


# --- the breakdown ------------------------------------------------------------------------------
# Belote with announcements, trump diamonds (10D turned up, taken by seat 0; dealer 3, seat 0
# leads): North-South take 61 card points, East-West 91.

MELD_HANDS = [["10C", "QH", "KH", "JD", "QC", "JC", "JH", "10D"], ["KD", "AH", "JS", "7S", "AD", "QS", "9D", "7H"],
              ["8S", "AS", "7C", "8D", "KS", "8H", "8C", "7D"], ["10H", "9S", "9H", "9C", "10S", "KC", "QD", "AC"]]
MELD_TRICKS = [{0: "JH", 1: "AH", 2: "8H", 3: "10H"}, {1: "9D", 2: "7D", 3: "QD", 0: "JD"},
               {0: "10C", 1: "AD", 2: "8C", 3: "KC"}, {1: "7S", 2: "AS", 3: "9S", 0: "10D"},
               {0: "QH", 1: "7H", 2: "8D", 3: "9H"}, {2: "KS", 3: "10S", 0: "QC", 1: "QS"},
               {3: "AC", 0: "JC", 1: "JS", 2: "7C"}, {3: "9C", 0: "KH", 1: "KD", 2: "8S"}]


def test_whole_card_points_stay_whole_numbers_in_the_breakdown():
    """Belote's card points are whole: the breakdown gives ints (61, 91), not fractions."""
    state = BELOTE_MELDS.new_deal(layout=layout_for(MELD_HANDS, 3, 0, "10D"), dealer=3)
    bid(state, 0, "take")
    for trick in MELD_TRICKS:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    breakdown = state.result().breakdown
    assert [(type(t["card_points"]), t["card_points"]) for t in breakdown["teams"]] == [(int, 61), (int, 91)]
    assert {type(s["card_points"]) for s in breakdown["seats"]} == {int}


# --- a result travels: pickled (to another process) or copied, it is the same ---------------------

def test_a_result_pickled_or_copied_keeps_its_scores_reasons_facts_and_breakdown():
    """A result's facts and breakdown are worked out when first read; a pickled or copied one
    carries them worked out, and reads the same."""
    state = BELOTE_MELDS.new_deal(layout=layout_for(MELD_HANDS, 3, 0, "10D"), dealer=3)
    bid(state, 0, "take")
    for trick in MELD_TRICKS:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])
    for result in (pickle.loads(pickle.dumps(state.result())), copy.deepcopy(state.result())):
        assert result == state.result()
        assert (result.seat_scores, result.team_scores, result.reasons) == \
            (state.result().seat_scores, state.result().team_scores, state.result().reasons)
        assert result.facts["trick_winners"] == [1, 0, 1, 0, 2, 3, 3, 1]
        assert result.breakdown == state.result().breakdown
        assert [t["card_points"] for t in result.breakdown["teams"]] == [61, 91]
