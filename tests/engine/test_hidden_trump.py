"""A trump that comes into force during play: the bidder lays a card face down (a transfer to
a pile nobody sees); the deal is played without trumps until a follower who cannot follow
suit asks for it (a side action 'at: turn' that sets 'trump' and shows the pile). From then
on, the trick in progress included, that suit is trumps. Each on both engines."""
from __future__ import annotations

import pytest

from helpers import ENGINES, on, problem_messages, texts, tiny

HIDDEN = """\
game: Hidden trump
players: 4
teams: {A: [0, 2], B: [1, 3]}
cards:
  suits: {S: Spades, H: Hearts, D: Diamonds, C: Clubs}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
piles:
  secret: {seen by: nobody}     # the trump card the bidder lays face down
  extra: {seen by: nobody}
  unused: {seen by: nobody}
deal: 4 each, 1 to extra
marks:
  revealed: seat
auction:
  first: next(dealer)
  rounds:
    - calls:
        bid: {for each number: {from: 1, to: 4}}
      ends: after one turn each
  if all pass: annul
  then deal: extra to taker, rest to unused
transfers:
  hide: {who: taker, count: 1, to: secret}
play:
  lead: next(dealer)
  trump: none                   # no trump until the secret card is shown
  winner: highest of led suit
  follow: [led, trumps when revealed = me, any]
  actions:
    reveal:
      at: turn
      when: revealed = none and count(trick) > 0 and count(hand and led) = 0
      trump: suit_of(secret)
      deal: show secret
      set: {revealed: me}
scoring:
  award:
    - rule: tricks
      to: each_team
      points: tricks(it)
"""
# Seat 0 bids, takes the extra card (10C) and hides it: clubs will be trumps. Seat 1 has no
# spade; seat 3 holds clubs but can follow spades.
HANDS = [["AS", "KS", "AH", "KH"], ["QH", "JH", "JC", "10H"], ["QS", "JS", "10S", "AD"],
         ["KD", "QD", "JD", "AC"]]
LAYOUT = {"hands": HANDS, "extra": ["10C"], "pack": ["QC", "KC", "10D"]}


def start(tmp_path, engine):
    state = on(tiny(tmp_path, HIDDEN), engine).new_deal(layout=LAYOUT, dealer=3)
    for text in ("bid 2", "pass", "pass", "pass", "hide 10C"):
        state.apply(text)
    return state


@pytest.mark.parametrize("engine", ENGINES)
def test_the_deal_is_played_without_trumps_until_the_card_is_shown(tmp_path, engine):
    state = start(tmp_path, engine)
    assert state.trump == -1 and state.current == 0
    assert "reveal" not in texts(state)                    # the leader may not ask
    state.apply("play AS")
    assert "reveal" in texts(state)                        # seat 1 has no spade
    state.apply("play JC")                                 # a club, but no trump yet
    assert "reveal" not in texts(state)                    # seat 2 can follow
    state.apply("play QS")
    state.apply("play AC")                                 # seat 3 may ask too, and does not
    assert state.trump == -1 and state.winners[-1] == 0    # the Ace of spades wins


@pytest.mark.parametrize("engine", ENGINES)
def test_the_card_asked_for_is_shown_and_its_suit_is_trumps_in_the_trick_in_progress(tmp_path, engine):
    state = start(tmp_path, engine)
    state.apply("play AS")
    before = state.observation(2)
    state.apply("reveal")
    clubs = state.game.deck.suit_codes.index("C")
    assert state.trump == clubs and state.marks[0] == 1
    assert state.current == 1 and texts(state) == ["play JC"]     # he who asked must trump
    after = state.observation(2)
    assert before != after and "10C" in str(after) and "10C" not in str(before)
    state.apply("play JC")
    assert "reveal" not in texts(state)                    # once a deal
    state.apply("play QS")
    assert texts(state) == ["play KD", "play QD", "play JD", "play AC"]   # no obligation to trump
    state.apply("play KD")
    assert state.winners[-1] == 1                          # the Jack of clubs, a trump, beats the Ace


@pytest.mark.parametrize("engine", ENGINES)
def test_an_overtrump_after_the_reveal_wins(tmp_path, engine):
    state = start(tmp_path, engine)
    for text in ("play AS", "reveal", "play JC", "play QS", "play AC"):
        state.apply(text)
    assert state.winners[-1] == 3
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert sum(state.result().team_scores) == 4


def test_a_ranking_still_needs_an_action_before_play(tmp_path):
    text = HIDDEN.replace("      trump: suit_of(secret)\n", "      ranking: low\n").replace(
        "order: A > K > Q > J > 10\n", "order: A > K > Q > J > 10\nrankings: {low: {order: 10 > J > Q > K > A}}\n")
    assert "only an action at the end of the auction or the start of play may choose the ranking: play has " \
           "begun" in problem_messages(tmp_path, text)
