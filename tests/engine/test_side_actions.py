"""Actions during trick play besides the cards: side actions offered to a leader (one made for
each card sees that card), declarations that show cards (each made at most once a deal), and
what stops a rule file that would never end a deal: an action taken again and again meets the
per-deal limit, and a player left without a card to play stops the deal with the rule's
error (tiny rule files in tmp_path, stacked deals; each runs on the generated and the
reference engine)."""
from __future__ import annotations

import pytest

from interpreter.engine import state as state_module
from interpreter.errors import DealLimitError, RuleRuntimeError
from helpers import ENGINES, FOLLOW_FROM_SEAT_0, FOUR_RANKS_HEAD, TRICKS_TO_EACH_SEAT, on, texts, tiny


LEAD_CARD = "game: Lead card\n" + FOUR_RANKS_HEAD + """\
deal: 4 each
marks:
  named: cards
""" + FOLLOW_FROM_SEAT_0 + """\
  actions:
    name:
      for each card: K
      when: count(hand and card) = 1 and named = none
      set: {named: card}
""" + TRICKS_TO_EACH_SEAT


@pytest.mark.parametrize("engine", ENGINES)
def test_a_lead_action_for_each_card_sees_its_card_in_when(tmp_path, engine):
    """'for each card: K' makes 'name KS' and 'name KH'; 'when' reads 'card', so only the King
    the leader holds is offered, and only until a card is named."""
    game = on(tiny(tmp_path, LEAD_CARD), engine)
    state = game.new_deal(layout={"hands": [["KS", "JS", "AH", "QH"], ["AS", "QS", "KH", "JH"]]})
    assert texts(state) == ["name KS", "play KS", "play JS", "play AH", "play QH"]
    state.apply("name KS")
    assert state.marks == [1 << game.deck.index["KS"]]
    assert texts(state) == ["play KS", "play JS", "play AH", "play QH"]


SHOWING = "game: Showing\n" + FOUR_RANKS_HEAD + """\
deal: 4 each
""" + FOLLOW_FROM_SEAT_0 + """\
  show:
    pair of spades:
      when: count(hand and S) >= 2
      cards: hand and S
      count: 2
      points: 10
scoring:
  award:
    - rule: shown
      to: each_seat
      points: shown(it)
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_declaration_is_made_once_a_deal_though_its_when_still_holds(tmp_path, engine):
    """After showing two spades the player still holds them, so 'when' still holds; the
    declaration is not offered again (else it could be made forever, adding its points)."""
    game = on(tiny(tmp_path, SHOWING), engine)
    state = game.new_deal(layout={"hands": [["AS", "KS", "QS", "AH"], ["JS", "KH", "QH", "JH"]]})
    assert texts(state) == ["play AS", "play KS", "play QS", "play AH", "pair of spades"]
    state.apply("pair of spades")
    state.apply("show AS")
    state.apply("show KS")
    assert texts(state) == ["play AS", "play KS", "play QS", "play AH"]
    assert state.shown == [10, 0]


LOOP = "game: Loop\n" + FOUR_RANKS_HEAD + """\
deal: 4 each
marks:
  boasted: condition
""" + FOLLOW_FROM_SEAT_0 + """\
  actions:
    boast:
      when: "true"
      set: {boasted: "true"}
""" + TRICKS_TO_EACH_SEAT


@pytest.mark.parametrize("engine", ENGINES)
def test_an_action_taken_again_and_again_meets_the_per_deal_limit(tmp_path, engine, monkeypatch):
    """'boast' stays offered after it is taken: a player who always takes it would never end
    the deal. At MAX_ACTIONS_PER_DEAL the deal stops with an error naming the action."""
    monkeypatch.setattr(state_module, "MAX_ACTIONS_PER_DEAL", 40)
    game = on(tiny(tmp_path, LOOP), engine)
    state = game.new_deal(seed=1)
    with pytest.raises(DealLimitError, match=r"the deal has taken 40 actions without ending: 'boast' \(seat 0\)"):
        for _ in range(41):
            state.apply("boast")
    assert len(state.history) == 40


def test_the_per_deal_limit_is_far_above_any_bundled_deal():
    assert state_module.MAX_ACTIONS_PER_DEAL == 10_000


UNEVEN = "game: Uneven\n" + FOUR_RANKS_HEAD + """\
deal: 3 each, rest to stock
piles:
  stock: {seen by: nobody}
marks:
  swapped: condition
""" + FOLLOW_FROM_SEAT_0 + """\
  actions:
    dump:
      when: swapped = none
      swap: {cards: hand and S, with: stock}
      set: {swapped: "true"}
""" + TRICKS_TO_EACH_SEAT


@pytest.mark.parametrize("engine", ENGINES)
def test_a_player_left_without_a_card_stops_the_deal_with_the_rules_error(tmp_path, engine):
    """Seat 0 swaps its three spades for the stock's two hearts: after two tricks it holds no
    card while seat 1 holds one. Its turn to follow stops the deal with an error naming the
    seat, not an IndexError of the player choosing among no actions."""
    game = on(tiny(tmp_path, UNEVEN), engine)
    state = game.new_deal(layout={"hands": [["AS", "KS", "QS"], ["JS", "AH", "KH"]], "stock": ["QH", "JH"]})
    state.apply("dump")
    for card in ("QH", "AH", "JS", "JH", "KH"):
        state.apply(f"play {card}")
    assert state.current == 0 and state.hands[0] == 0 and not state.is_over
    with pytest.raises(RuleRuntimeError, match=r"seat 0 must play a card but holds none, nor does any seat, and the deal has "
                                               r"not ended: the rule file leaves the seats unequal hands"):
        state.legal_actions()
