"""The two-step auction: a round spoken by some players only (``who``), and a round that leads
to the next one whatever is called (``leads to: next round``). Schafkopf's bidding on stacked
hands, and a tiny game for the edges, each on both engines."""
from __future__ import annotations

import pytest

import interpreter
from helpers import ENGINES, PARTNERS_HEAD, TAKER_PLAYS_FOR_THE_CONTRACT, on, problem_messages, texts, tiny
from interpreter.engine.state import PLAY

SCHAFKOPF = interpreter.load("schafkopf")
GAMES = ["call E", "call G", "call S", "wenz", "solo E", "solo G", "solo H", "solo S"]
# Seat 0 holds no Sau and a side card of each suit it could call; seat 2 holds all three
# callable Sauen, so it can call none.
HANDS = [["KE", "9E", "KG", "9G", "KS", "9S", "7H", "8H"],
         ["10E", "8E", "10G", "8G", "10S", "8S", "9H", "KH"],
         ["AE", "AG", "AS", "AH", "10H", "7E", "7G", "7S"],
         ["OE", "OG", "OH", "OS", "UE", "UG", "UH", "US"]]


def deal(engine: str, dealer: int = 3):
    return on(SCHAFKOPF, engine).new_deal(layout={"hands": HANDS}, dealer=dealer)


@pytest.mark.parametrize("engine", ENGINES)
def test_only_those_who_would_play_name_a_game_in_the_order_they_spoke(engine):
    state = deal(engine)                                   # seat 0 speaks first
    for seat, text in ((0, "play"), (1, "pass"), (2, "play"), (3, "play")):
        assert state.current == seat and texts(state) == ["play", "pass"]
        state.apply(text)
    assert state.current == 0                              # seat 1 said pass: it is skipped
    assert texts(state) == GAMES                           # the first must name a game: no pass
    state.apply("call G")
    assert state.current == 2
    assert texts(state) == ["wenz", "solo E", "solo G", "solo H", "solo S", "pass"]   # only higher games
    state.apply("wenz")
    assert state.current == 3 and texts(state) == ["solo E", "solo G", "solo H", "solo S", "pass"]
    state.apply("pass")
    assert (state.taker, state.call.text, state.contract, state.trump) == (2, "wenz", 3, -1)
    assert state.phase == PLAY and state.current == 0          # Vorhand leads


@pytest.mark.parametrize("engine", ENGINES)
def test_a_seat_holding_every_sau_it_could_call_must_name_a_solo_or_a_wenz(engine):
    state = deal(engine, dealer=1)                         # seat 2 speaks first
    state.apply("play")
    for _ in range(3):
        state.apply("pass")
    assert state.current == 2 and texts(state) == GAMES[3:]
    state.apply("solo H")
    assert (state.taker, state.call.text) == (2, "solo H")   # the only one who would play: his game


@pytest.mark.parametrize("engine", ENGINES)
def test_equal_solos_go_to_the_earlier_seat_and_the_later_one_may_only_pass(engine):
    state = deal(engine)
    for text in ("play", "play", "pass", "pass", "solo S"):
        state.apply(text)
    assert state.current == 1 and texts(state) == ["pass"]  # still asked, with nothing but pass
    state.apply("pass")
    assert (state.taker, state.call.text) == (0, "solo S")
    assert SCHAFKOPF.team_names[state.team_of[0]] == "players"


@pytest.mark.parametrize("engine", ENGINES)
def test_four_passes_throw_the_cards_in(engine):
    state = deal(engine)
    for _ in range(4):
        state.apply("pass")
    assert state.is_over and state.annulled and state.taker is None


@pytest.mark.parametrize("engine", ENGINES)
def test_the_called_ace_names_the_partner_and_call_suit_reads_its_suit(engine):
    state = deal(engine)
    for text in ("play", "pass", "pass", "pass", "call S"):
        state.apply(text)
    assert (state.taker, state.trump) == (0, SCHAFKOPF.deck.suit_codes.index("H"))
    partners = [s for s in range(4) if state.team_of[s] == state.team_of[0]]
    assert partners == [0, 2]                              # seat 2 holds the Sau of Schellen


TWO_STEP = PARTNERS_HEAD + """\
game: Two steps
auction:
  first: seat(0)
  rounds:
    - calls:
        want: {value: 5}
      ends: after one turn each
      rising: false
      leads to: next round
    - who: bid(me) = 5
      calls:
        bid: {for each number: {from: 1, to: 3}}
      ends: after one turn each
  if all pass: score
""" + TAKER_PLAYS_FOR_THE_CONTRACT


@pytest.mark.parametrize("engine", ENGINES)
def test_the_second_round_rises_over_its_own_calls_only(tmp_path, engine):
    state = on(tiny(tmp_path, TWO_STEP), engine).new_deal(seed=1, dealer=3)
    for text in ("pass", "want", "pass", "want"):
        state.apply(text)
    assert state.current == 1
    assert texts(state) == ["bid 1", "bid 2", "bid 3", "pass"]   # below the first round's 5: offered
    state.apply("bid 2")
    assert state.current == 3 and texts(state) == ["bid 3", "pass"]
    state.apply("pass")
    assert (state.taker, state.contract) == (1, 2)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_round_nobody_may_speak_in_ends_as_if_all_had_passed(tmp_path, engine):
    state = on(tiny(tmp_path, TWO_STEP), engine).new_deal(seed=1, dealer=3)
    for _ in range(4):
        state.apply("pass")
    assert state.is_over and not state.annulled and state.taker is None    # if all pass: score


@pytest.mark.parametrize("engine", ENGINES)
def test_second_round_callers_passing_ends_the_auction_passed_out(tmp_path, engine):
    state = on(tiny(tmp_path, TWO_STEP), engine).new_deal(seed=1, dealer=3)
    for text in ("want", "pass", "pass", "pass", "pass"):
        state.apply(text)
    assert state.is_over and state.taker is None                     # the first step's call never wins


@pytest.mark.parametrize("change,message", [
    (("      ends: after one turn each\n  if all pass", "      ends: after one turn each\n      leads to: next round\n"
      "  if all pass"), "'leads to: next round' on the last round: there is no round after it to go on to"),
    (("      ends: after one turn each\n  if all pass", "      ends: after 2 passes\n  if all pass"),
     "'who' needs a round that ends 'at the first call' or 'after one turn each', not 'after 2 passes'"),
    (("      ends: after one turn each\n      rising: false\n", "      ends: in duels\n"),
     "'leads to: next round' needs a round that ends 'at the first call' or 'after one turn each', not 'in duels'"),
])
def test_what_a_two_step_auction_refuses(tmp_path, change, message):
    assert change[0] in TWO_STEP
    assert message in problem_messages(tmp_path, TWO_STEP.replace(*change))


@pytest.mark.parametrize("engine", ENGINES)
def test_a_rising_first_step_offers_nothing_but_pass_after_its_first_call(tmp_path, engine):
    game = tiny(tmp_path, TWO_STEP.replace("      rising: false\n", ""))
    state = on(game, engine).new_deal(seed=1, dealer=3)
    state.apply("want")
    assert texts(state) == ["pass"]
