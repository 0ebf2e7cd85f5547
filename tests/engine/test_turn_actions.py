"""Side actions 'at: turn': offered to every player at his turn in trick play, leading or
following, before his card, while 'when' holds and at most once a deal each (Re and Kontra);
and 'ends when' checked after such an action, which may end the deal at once (a concession).
Each on both engines."""
from __future__ import annotations

import pytest

from helpers import ENGINES, on, texts, tiny

FILE = """\
game: Announce
players: 4
teams: {A: [0, 2], B: [1, 3]}
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen}
order: A > K > Q
deal: 1 each, rest to stock
piles:
  stock: {seen by: nobody}
marks:
  stake: {type: number, start: 1}
  announced: team
  conceded: team
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
  ends when: conceded != none
  actions:
    announce:
      at: turn
      when: announced = none
      set: {stake: stake * 2, announced: team(me)}
    concede:
      at: turn
      when: announced != none and announced != team(me)
      set: {conceded: team(me)}
    hello:
      at: turn
scoring:
  award:
    - rule: win
      to: other(conceded) if conceded != none else team(last_trick)
      points: stake
"""
HANDS = {"hands": [["AS"], ["KS"], ["QS"], ["AH"]], "fill": True}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_follower_may_announce_before_his_card_and_an_opponent_concede(engine, tmp_path):
    state = on(tiny(tmp_path, FILE), engine).new_deal(layout=HANDS)
    assert state.current == 1 and texts(state) == ["announce", "hello", "play KS"]     # the leader
    state.apply("announce")
    assert texts(state) == ["hello", "play KS"] and state.marks[0] == 2
    state.apply("play KS")
    assert state.current == 2 and texts(state) == ["concede", "hello", "play QS"]       # a follower
    state.apply("concede")
    assert state.is_over and [(r.to, r.points) for r in state.result().reasons] == [("B", 2)]


@pytest.mark.parametrize("engine", ENGINES)
def test_each_player_takes_an_action_at_his_turn_at_most_once_a_deal(engine, tmp_path):
    state = on(tiny(tmp_path, FILE), engine).new_deal(layout=HANDS)
    said = []
    while not state.is_over:
        if "hello" in texts(state):
            said.append(state.current)
            state.apply("hello")
            assert "hello" not in texts(state)
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert said == [1, 2, 3, 0]
    assert [(r.to, r.points) for r in state.result().reasons] == [("A", 1)]      # AS wins: no stake raised
