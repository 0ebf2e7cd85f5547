"""The open auction (``ends: after N passes``) with doubling calls, the declarer as the first
of his side to name the strain, and the dummy: on Bridge, each on both engines, with hands
stacked so that the contracts and their scores are known."""
from __future__ import annotations

import pytest

import interpreter
from helpers import ENGINES, PARTNERS_HEAD, TAKER_PLAYS_FOR_THE_CONTRACT, on, problem_messages, texts, tiny
from interpreter.engine.parts import Standing
from interpreter.players.beliefs import belief

BRIDGE = interpreter.load("bridge")
SUITS = "CDHS"
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]   # lowest first


def offered(state) -> list[str]:
    """The calls on offer, bids from the lowest up, then double, redouble and pass."""
    found = set(texts(state))
    return [b for b in BIDS if b in found] + [c for c in ("double", "redouble", "pass") if c in found]


def suited(north: str, east: str, south: str, west: str) -> dict:
    """Each seat holds one whole suit."""
    return {"hands": [[rank + suit for rank in RANKS] for suit in (north, east, south, west)]}


def deal(engine: str, board: int = 1, layout: dict | None = None):
    layout = layout or suited("S", "D", "H", "C")
    return on(BRIDGE, engine).new_deal(layout=layout, dealer=(board - 1) % 4, standing=Standing(deal_number=board))


def calls(state, *texts_in_turn: str) -> None:
    for text in texts_in_turn:
        state.apply(text)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_bids_rise_through_one_ladder_of_levels_and_strains(engine):
    state = deal(engine)
    assert offered(state) == BIDS + ["pass"]           # no double before a bid
    calls(state, "1NT")
    assert offered(state) == BIDS[5:] + ["double", "pass"]
    calls(state, "pass")
    assert offered(state) == BIDS[5:] + ["pass"]       # the bidder's partner may not double
    calls(state, "2S")
    assert offered(state) == BIDS[9:] + ["double", "pass"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_redouble_answers_a_double_from_the_doubled_side_only(engine):
    state = deal(engine)
    calls(state, "1H", "double")
    assert "redouble" in texts(state) and "double" not in texts(state)     # South, North's partner
    calls(state, "pass")
    assert "redouble" not in texts(state) and "double" not in texts(state)  # West, the doubler's partner
    calls(state, "pass", "redouble")
    assert "redouble" not in texts(state) and "double" not in texts(state)
    calls(state, "1S")                                  # a new bid clears them
    assert state.doubled == 0 and "double" in texts(state)


@pytest.mark.parametrize("engine", ENGINES)
def test_three_passes_after_a_call_end_the_auction_and_a_double_starts_them_again(engine):
    state = deal(engine)
    calls(state, "1C", "pass", "pass", "double", "pass", "pass")
    assert state.taker is None and offered(state)[0] == "1D" and "redouble" in offered(state)
    calls(state, "pass")
    assert (state.taker, state.call.text, state.doubled) == (0, "1C", 1)
    assert state.current == 1 and state.current_player == 1          # East leads


@pytest.mark.parametrize("engine", ENGINES)
def test_the_declarer_is_the_first_of_the_side_to_name_the_strain(engine):
    state = deal(engine)
    calls(state, "1H", "pass", "2H", "pass", "pass", "pass")          # South made the last bid
    assert (state.taker, state.call.text) == (0, "2H")
    assert (state.dummy, state.dummy_by, state.current) == (2, 0, 1)
    other = deal(engine)
    calls(other, "1H", "pass", "1NT", "pass", "pass", "pass")         # a strain North never named
    assert (other.taker, other.dummy) == (2, 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_four_passes_pass_the_board_out_and_it_scores_nothing(engine):
    state = deal(engine)
    calls(state, "pass", "pass", "pass")
    assert not state.is_over
    calls(state, "pass")
    assert state.is_over and not state.annulled and state.taker is None
    assert state.result().seat_scores == (0, 0, 0, 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_declarer_plays_the_dummy_whose_hand_all_see_after_the_opening_lead(engine):
    state = deal(engine)
    calls(state, "7S", "pass", "pass", "pass")
    assert state.current == 1 and [state.observation(s)["dummy_hand"] for s in range(4)] == [None] * 4
    calls(state, "play AD")                                           # East leads a diamond
    hearts = [rank + "H" for rank in RANKS]
    for seat in range(4):
        view = state.observation(seat)
        assert (view["dummy"], sorted(view["dummy_hand"])) == (2, sorted(hearts))
    assert (state.current, state.current_player) == (2, 0)           # South's turn, North decides
    assert belief(state, 1).known[belief(state, 1).seats.index(2)] == state.hands[2]
    calls(state, "play 2H")
    assert (state.current, state.current_player) == (3, 3)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_grand_slam_redoubled_and_vulnerable_scores_2940(engine):
    state = deal(engine, board=2)                     # East deals; North-South vulnerable
    calls(state, "pass", "pass", "pass", "7S", "double", "redouble", "pass", "pass", "pass")
    assert (state.taker, state.doubled, state.dummy) == (0, 2, 2)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.tricks[0] + state.tricks[2] == 13
    assert state.result().seat_scores == (2940, -2940, 2940, -2940)


@pytest.mark.parametrize("engine", ENGINES)
def test_thirteen_down_doubled_not_vulnerable_costs_3500(engine):
    state = deal(engine, board=1)                     # nobody vulnerable
    calls(state, "pass", "7S", "double", "pass", "pass", "pass")     # East bids the spades North holds
    assert (state.taker, state.doubled) == (1, 1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.tricks[1] + state.tricks[3] == 0
    assert state.result().seat_scores == (3500, -3500, 3500, -3500)


def test_a_part_score_and_a_game_bonus_read_the_board_vulnerability():
    scores = {}
    for board, contract in ((1, "2S"), (5, "4S"), (6, "4S")):        # 5: North-South vulnerable; 6: East-West
        state = deal("generated", board=board)
        while state.current != 0:
            state.apply("pass")
        calls(state, contract, "pass", "pass", "pass")
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        scores[board] = state.result().seat_scores[0]
    # 2S and 5 overtricks: 60 + 50 + 150; 4S and 3 overtricks: 120 + 500 (300 not vulnerable) + 90
    assert scores == {1: 260, 5: 710, 6: 510}


BAD_HEAD = "game: Bad\n" + PARTNERS_HEAD
TAIL = """\
play:
  lead: next(taker)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: tricks
      to: each_team
      points: tricks(it)
"""


def _auction(doubles: str, call: str, ends: str) -> str:
    """An auction section: its doubles (or none), one call and how the round ends."""
    return "auction:\n  first: dealer\n" + (f"  doubles: {doubles}\n" if doubles else "") + \
        f"  rounds:\n    - calls:\n        {call}\n      ends: {ends}\n"


@pytest.mark.parametrize("auction, message", [
    (_auction("[double]", "bid: {for each number: {from: 1, to: 2}}", "after one turn each"),
     "doubling calls need an open round, one that ends 'after N passes': there the other side can answer a call"),
    (_auction("", "bid: {for each number: {from: 1, to: 2}}", "after 4 passes"),
     "'after 4 passes': with 4 players at most 3 can pass in a row after a call"),
    (_auction("", '"{number}{suit}": {for each number: {from: 1, to: 2}}', "after 3 passes"),
     "the call's name holds '{suit}', but the call has no 'for each suit' to fill it"),
    (_auction("[bid]", "bid: {value: 1}", "after 3 passes"),
     "the doubling call 'bid' has the name of a call: give it a name of its own"),
], ids=["doubles without an open round", "as many passes as players", "a hole nothing fills",
        "a doubling call named like a call"])
def test_an_open_auction_that_cannot_work_is_refused(auction, message, tmp_path):
    assert problem_messages(tmp_path, BAD_HEAD + auction + TAIL) == [message]


DROP_OUT = PARTNERS_HEAD + """\
game: Drop out
auction:
  first: next(dealer)
  rounds:
    - calls:
        bid: {for each number: [250, 260, 270, 280]}
      ends: after 3 passes
      who passes: drops out
  if all pass: {taker: dealer, call: bid 250}
""" + TAKER_PLAYS_FOR_THE_CONTRACT


@pytest.mark.parametrize("engine", ENGINES)
def test_a_player_who_passes_is_out_of_the_bidding(tmp_path, engine):
    state = on(tiny(tmp_path, DROP_OUT), engine).new_deal(seed=1, dealer=3)
    turns = []
    for text in ("bid 250", "pass", "bid 260", "pass"):
        turns.append(state.current)
        state.apply(text)
    assert turns == [0, 1, 2, 3] and state.current == 0       # seat 1 passed: it is skipped
    assert texts(state) == ["bid 270", "bid 280", "pass"]
    state.apply("bid 270")
    assert state.current == 2                                  # seats 1 and 3 are out
    state.apply("pass")                                        # the third out: seat 0's bid stands
    assert (state.taker, state.contract) == (0, 270)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_last_player_in_may_still_bid_after_three_passes_without_a_bid(tmp_path, engine):
    state = on(tiny(tmp_path, DROP_OUT), engine).new_deal(seed=1, dealer=3)
    for _ in range(3):
        state.apply("pass")
    assert state.current == 3 and texts(state)[-1] == "pass"
    state.apply("bid 280")
    assert (state.taker, state.contract) == (3, 280)          # everyone else is out: it wins at once
    other = on(tiny(tmp_path, DROP_OUT), engine).new_deal(seed=1, dealer=3)
    for _ in range(4):
        other.apply("pass")
    assert (other.taker, other.contract) == (3, 250)          # the dealer is stuck at the lowest bid


def test_dropping_out_needs_an_open_round(tmp_path):
    text = DROP_OUT.replace("ends: after 3 passes", "ends: after one turn each")
    assert "'who passes: drops out' needs an open round, one that ends 'after N passes', not 'after one turn " \
           "each'" in problem_messages(tmp_path, text)


def test_numbers_in_steps_and_a_range_the_step_does_not_reach(tmp_path):
    stepped = DROP_OUT.replace("[250, 260, 270, 280]", "{from: 250, to: 1000, step: 10}")
    state = tiny(tmp_path, stepped).new_deal(seed=1, dealer=3)
    bids = [t for t in texts(state) if t != "pass"]
    assert (len(bids), bids[:2], bids[-1]) == (76, ["bid 250", "bid 260"], "bid 1000")
    assert "'to' 995 is not reached from 250 in steps of 10" in problem_messages(
        tmp_path, stepped.replace("to: 1000", "to: 995"))
