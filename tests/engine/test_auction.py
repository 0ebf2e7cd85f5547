"""The auction as the engine runs it, on Belote: a card played while calls are due is refused
with the calls on offer, a call made once play has begun is refused as the auction being over,
and a call without a value makes the contract 0 (each check of play runs on both engines
where it names them)."""
from __future__ import annotations

import pytest

import interpreter
from helpers import ENGINES, PARTNERS_HEAD, PASSED_OUT, on, problem_messages, texts, tiny
from test_belote import GAME as BELOTE
from test_belote import bid, full, layout_for


def test_a_card_played_during_the_auction_is_refused_with_the_calls():
    state = interpreter.load("belote").new_deal(seed=1)
    assert texts(state) == ["take", "pass"]
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply("JH")
    assert str(err.value) == "play JH: the auction is not over; legal: take, pass"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_call_during_play_is_refused_as_the_auction_being_over(engine):
    state = on(BELOTE, engine).new_deal(layout=layout_for(full("JH AS KS QS 7D 8D 9D 7C", "*", "*", "*"), 3, 0, "JH"),
                                        dealer=3)
    bid(state, 0, "take")
    assert state.current_player == 0
    for text in ("take", "pass"):
        with pytest.raises(interpreter.IllegalActionError) as err:
            state.apply(text)
        assert str(err.value) == f"{text}: the auction is over; legal: play AS, play KS, play QS, play JH, " \
                                 "play 9D, play 8D, play 7D, play 7C"


def test_a_call_without_a_value_counts_zero_as_the_contract():
    state = interpreter.load("belote").new_deal(seed=3)
    state.apply("take")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().breakdown["contract"] == 0 and state.result().breakdown["call"] == "take"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_passed_out_deal_ends_at_once_and_counts(tmp_path, engine):
    """'if all pass: score': no redeal; the awards score it with no taker and no trick."""
    game = on(tiny(tmp_path, PASSED_OUT), engine)
    assert game.auction.passed_out == "score"
    state = game.new_deal(seed=1)
    state.apply("pass")
    state.apply("pass")
    assert state.is_over and not state.annulled and state.taker is None and sum(state.tricks) == 0
    result = state.result()
    assert list(result.seat_scores) == [1, 1] and [r.rule for r in result.reasons] == ["sitting out", "sitting out"]
    match = game.new_match(seed=2)
    for _ in range(3):                  # three passed-out deals make the match: none is dealt again
        match.apply("pass")
        match.apply("pass")
    assert match.is_over and match.deals_played == 3 and list(match.result().seat_scores) == [3, 3]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_passed_out_deal_is_annulled_by_default(tmp_path, engine):
    game = on(tiny(tmp_path, PASSED_OUT.replace("  if all pass: score\n", "")), engine)
    state = game.new_deal(seed=1)
    state.apply("pass")
    state.apply("pass")
    assert state.is_over and state.annulled and list(state.result().seat_scores) == [0, 0]


DEFAULT_GAME = "game: Stuck dealer\n" + PARTNERS_HEAD + """\
auction:
  first: next(dealer)
  rounds:
    - calls:
        bid: {for each number: [250, 260, 270], trump: S}
      ends: after 3 passes
  if all pass: {taker: dealer, call: CALL}
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: contract
      to: team(taker)
      points: contract
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_when_all_pass_the_default_game_is_won_by_its_seat_with_its_call(engine, tmp_path):
    game = on(tiny(tmp_path, DEFAULT_GAME.replace("CALL", "bid 250")), engine)
    state = game.new_deal(seed=2, dealer=3)
    for _ in range(4):
        state.apply("pass")
    assert (state.taker, state.call.text, state.contract, state.trump, state.current) == (3, "bid 250", 250, 0, 3)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert [(r.rule, r.to, r.points) for r in state.result().reasons] == [("contract", "B", 250)]


def test_a_default_game_naming_no_call_is_reported_with_the_calls(tmp_path):
    assert problem_messages(tmp_path, DEFAULT_GAME.replace("CALL", "bid 25")) == [
        "'bid 25' is none of the auction's calls"]
