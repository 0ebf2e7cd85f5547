"""The auction as the engine runs it, on Belote: a card played while calls are due is refused
with the calls on offer, a call made once play has begun is refused as the auction being over,
and a call without a value makes the contract 0 (each check of play runs on both engines
where it names them)."""
from __future__ import annotations

import pytest

import interpreter
from helpers import ENGINES, on, texts
from test_belote import GAME as BELOTE
from test_belote import bid, full, layout_for


def test_a_card_played_during_the_auction_is_refused_with_the_calls():
    state = interpreter.load("belote").new_deal(seed=1)
    assert texts(state) == ["take", "pass"]
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply("JH")
    assert str(err.value) == "play JH: the auction is not over; calls now: take, pass"


@pytest.mark.parametrize("engine", ENGINES)
def test_a_call_during_play_is_refused_as_the_auction_being_over(engine):
    state = on(BELOTE, engine).new_deal(layout=layout_for(full("JH AS KS QS 7D 8D 9D 7C", "*", "*", "*"), 3, 0, "JH"),
                                        dealer=3)
    bid(state, 0, "take")
    assert state.current_player == 0
    for text in ("take", "pass"):
        with pytest.raises(interpreter.IllegalActionError) as err:
            state.apply(text)
        assert str(err.value) == f"{text}: the auction is over; play a card"


def test_a_call_without_a_value_counts_zero_as_the_contract():
    state = interpreter.load("belote").new_deal(seed=3)
    state.apply("take")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().breakdown["contract"] == 0 and state.result().breakdown["call"] == "take"
