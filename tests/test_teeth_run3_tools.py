"""Behaviour the seed-3 mutation run (issue 16) found unchecked: player specs and the greedy
player's rarer decisions, the ISMCTS budget and tree counts, the simulation's split into
units, summary figures and text, the table view, the arena's ratings. Each test pins an exact
decision, value or output on a position where the right answer is clear."""
from __future__ import annotations

from pathlib import Path

import pytest

import interpreter
from interpreter.players.arena import elo_ratings
from interpreter.players.beliefs import belief
from interpreter.players.ismcts import ISMCTSPlayer
from interpreter.players.greedy import GreedyPlayer
from interpreter.players.sampling import SamplingPlayer
from interpreter.players.registry import make_player
from interpreter.simulation.simulate import simulate
from interpreter.simulation.stats import Summary
from interpreter.simulation.summary_text import _percent_interval
from interpreter.players.table_view import table_view

# --- player specs -------------------------------------------------------------------------------

def test_player_specs_give_the_numbers_written():
    assert make_player("sampling", 1).worlds == 12                   # the default
    assert SamplingPlayer(1).worlds == 12
    assert make_player("sampling:1", 1).worlds == 1                  # one world is allowed
    assert make_player("uniform:1", 1).worlds == 1
    timed = make_player("ismcts:50ms", 1)
    assert (timed.iterations, timed.millis) == (0, 50)
    assert make_player("omniscient:1234ms", 1).millis == 1234
    assert make_player("ismcts:7", 1).iterations == 7


def test_only_the_omniscient_player_peeks():
    assert make_player("ismcts", 1).peek is False
    assert ISMCTSPlayer(1).peek is False
    assert make_player("omniscient", 1).peek is True


# --- the greedy player's rarer decisions ------------------------------------------------------------

def greedy(state: interpreter.State) -> str:
    return GreedyPlayer(0).choose(state).text


ONE_TO_GIVE = """\
game: One to give
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
piles:
  unused: {seen by: nobody}
order: A > K > Q > J > 10
deal: 1 each, rest to unused
transfers:
  give:
    who: each
    count: 1
    to: next(me)
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: the trick
      to: each_seat
      points: tricks(it)
"""


def test_greedy_gives_its_only_card(tmp_path: Path):
    path = tmp_path / "one.yaml"
    path.write_text(ONE_TO_GIVE, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert problems == [] and game is not None
    state = game.new_deal(layout={"hands": [["AS"], ["KH"]], "fill": True}, dealer=0)
    assert [a.text for a in state.legal_actions()] == ["give KH"]
    assert greedy(state) == "give KH"


def test_greedy_takes_up_the_skat_rather_than_play_a_hand_game():
    state = interpreter.load("skat").new_deal(seed=0, dealer=0)
    for move in ("bid 18", "pass", "bid 20", "hold", "pass"):
        state.apply(move)
    assert [a.text for a in state.legal_actions()] == ["hand", "pick up"]
    assert greedy(state) == "pick up"


def test_greedy_passes_a_skat_bid_with_a_hand_just_above_average():
    skat = interpreter.load("skat")
    middlehand = ["AH", "10H", "KH", "QH", "AD", "10D", "KD", "QD", "10S", "KS"]
    forehand = ["7D", "8C", "8D", "8S", "9C", "9D", "9H", "AC", "AS", "JS"]    # two aces, one Jack, low cards
    rest = [c for c in skat.deck.codes if c not in forehand + middlehand][:10]
    state = skat.new_deal(layout={"hands": [rest, forehand, middlehand], "fill": True}, dealer=0)
    state.apply("bid 18")
    assert [a.text for a in state.legal_actions()] == ["hold", "pass"]
    assert greedy(state) == "pass"


def test_greedy_bids_nil_without_a_spade_or_a_high_card():
    spades = interpreter.load("spades")
    hand = [r + s for s in "HDC" for r in "2345"] + ["6H"]
    rest = [c for c in spades.deck.codes if c not in hand]
    state = spades.new_deal(layout={"hands": [hand, rest[:13], rest[13:26], rest[26:]]}, dealer=3)
    assert state.current_player == 0 and [a.text for a in state.legal_actions()][:2] == ["bid 0", "bid 1"]
    assert greedy(state) == "bid 0"


@pytest.mark.parametrize("order,choice", [("A > 10 > K > Q > J", "exchange"),     # QH for JH: stronger
                                          ("A > 10 > K > Q = J", "play KD marriage")])  # its equal: no gain
def test_greedy_exchanges_the_trump_jack_only_for_a_stronger_card(tmp_path: Path, order, choice):
    text = (Path(interpreter.__file__).parent.parent / "games" / "sixty-six.yaml").read_text(encoding="utf-8")
    assert "order: A > 10 > K > Q > J\n" in text
    path = tmp_path / "sixty-six.yaml"
    path.write_text(text.replace("order: A > 10 > K > Q > J\n", f"order: {order}\n"), encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert problems == [] and game is not None
    state = game.new_deal(layout={"hands": [["AS", "10S", "KS", "QS", "JS"], ["JH", "AD", "10D", "KD", "QD"]],
                                  "indicator": ["QH"], "fill": True}, dealer=0)
    assert state.current_player == 1 and "exchange" in [a.text for a in state.legal_actions()]
    assert greedy(state) == choice


# --- what a seat knows after the deal ------------------------------------------------------------

def test_a_void_seen_in_play_is_still_known_when_the_deal_ends_early():
    """Sixty-six, seed 0: the deal ends with two cards in each hand; what seat 1's plays under
    the strict follow rules showed (it holds no AD) seat 0 still knows once the deal is over."""
    game = interpreter.load("sixty-six")
    state = game.new_deal(seed=0, dealer=0)
    player = GreedyPlayer(0)
    while not state.is_over:
        before = state.clone()
        state.apply(player.choose(state))
    assert [h.bit_count() for h in state.hands] == [2, 2]
    ad = 1 << game.deck.codes.index("AD")
    assert belief(before, 0).allowed[0] == game.deck.all & ~ad
    assert belief(state, 0).allowed[0] == game.deck.all & ~ad


# --- the ISMCTS budget and tree -----------------------------------------------------------------

def belote_lead() -> interpreter.State:
    """A belote deal where the taker's side leads the first trick: eight cards to choose from."""
    state = interpreter.load("belote").new_deal(seed=1, dealer=0)
    state.apply("take")
    assert state.phase == 1 and len(state.legal_actions()) == 8
    return state


def test_an_iteration_budget_is_rounded_up_to_whole_worlds():
    """Eight root actions and a budget of nine: two worlds, each searched under every action."""
    state = belote_lead()
    player = ISMCTSPlayer(3, iterations=9, halving=False)
    player.choose(state)
    assert [child.visits for child in player.root.children.values()] == [2] * 8
    player = ISMCTSPlayer(3, iterations=8, halving=False)
    player.choose(state)
    assert [child.visits for child in player.root.children.values()] == [1] * 8


def test_a_time_budget_searches_more_than_one_world():
    state = belote_lead()
    player = ISMCTSPlayer(3, iterations=0, millis=300)
    player.choose(state)
    assert min(child.visits for child in player.root.children.values()) >= 2


def _walk(node, depth=0):
    for child in node.children.values():
        yield child, depth + 1
        yield from _walk(child, depth + 1)


def test_each_node_counts_the_times_its_action_was_available():
    """A root action is legal in every world (the seat's own cards): seen equals visits. Below,
    an action is chosen only when it is legal, so it was seen at least as often as visited."""
    state = belote_lead()
    player = ISMCTSPlayer(5, iterations=160, search_others=True, halving=False)
    player.choose(state)
    root = player.root
    assert all(child.seen == child.visits == 20 for child in root.children.values())
    nodes = list(_walk(root))
    assert all(node.seen >= node.visits for node, _ in nodes)
    assert max(node.visits for node, depth in nodes if depth == 2) >= 5      # the tree grew below the root
    assert any(node.seen > node.visits for node, depth in nodes if depth >= 2)


def test_a_node_the_policy_chose_counts_each_time_it_was_chosen():
    """Searching its own moves only (Belote's default), the other seats' nodes hold the
    policy's moves (here the three cards after the seat's lead): each was available every
    time it was walked, so seen equals visits (a new node counts its first walk)."""
    state = belote_lead()
    player = ISMCTSPlayer(5, iterations=160)
    player.choose(state)
    others = [node for node, depth in _walk(player.root) if 2 <= depth <= 4]   # the rest of the first trick
    assert others and max(node.visits for node in others) >= 5
    assert all(node.seen == node.visits >= 1 for node in others)


# --- the simulation's units ---------------------------------------------------------------------

def test_no_matches_is_an_empty_summary():
    game = interpreter.load("belote")
    summary = simulate(game, 0, 1, ["greedy"] * 4)
    assert (summary.matches, summary.deals) == (0, 0)


def test_progress_counts_each_match_once_with_two_jobs():
    game = interpreter.load("belote")
    seen = []
    summary = simulate(game, 6, 1, ["random"] * 4, single_deals=True, jobs=2, progress=seen.append)
    assert summary.matches == 6 and sum(seen) == 6


# --- summary figures and text -------------------------------------------------------------------

def test_a_rule_without_deals_recorded_fired_on_no_deal():
    s = Summary(players=["p", "q"], side_names=("P", "Q"), side_seats=((0,), (1,)), deals=4, rules={"r": 2})
    assert s.to_json_deals()["rule_rates"]["r"]["deals"]["count"] == 0
    s.add_deal(0, [1, 0], [1, 0], ["r", "r"], {}, False)
    assert s.to_json_deals()["rule_rates"]["r"]["deals"]["count"] == 1


def test_a_number_fact_is_summed_up_as_a_mean():
    s = Summary(players=["p", "q"], side_names=("P", "Q"), side_seats=((0,), (1,)),
                fact_kinds={"bonus": "num", "never": "num"})
    for x in (2, 4, 9):
        s.add_deal(0, [0, 0], [0, 0], [], {"bonus": x}, False)
    facts = s.to_json_deals()["facts"]
    assert facts["bonus"]["kind"] == "num" and facts["bonus"]["n"] == 3 and facts["bonus"]["mean"] == 5
    assert facts["never"]["kind"] == "num" and facts["never"]["n"] == 0


def test_a_percent_interval_keeps_its_ends_apart():
    assert _percent_interval([None, None]) == ""
    assert _percent_interval([0.25, 0.5]) == "25.0–50.0%"
    assert _percent_interval([0.0, 0.0002]) == "0.00–0.02%"          # a width of 0.0002 exactly: two places
    assert _percent_interval([0.0, 0.0001]) == "0.000–0.010%"


# --- the table view -----------------------------------------------------------------------------

def test_the_table_view_before_the_auction_names_no_taker_and_no_unset_mark():
    state = interpreter.load("french-tarot").new_deal(seed=1, dealer=0)
    assert state.marks == [None, None]                                 # chelem (yes/no) and called (cards)
    view = table_view(state, 0)
    assert view.splitlines()[0] == "auction: nobody has spoken yet"
    assert "taker" not in view and "chelem" not in view and "called" not in view


def test_the_table_view_in_play_gives_the_trick_and_the_taker():
    state = interpreter.load("belote").new_deal(seed=1, dealer=0)
    state.apply("take")
    assert table_view(state, 0).splitlines() == [
        "trump: Diamonds (D); taker: seat 1 (take)",
        "since the auction: seat 1: take; table: turnup to seat 1: 10D",
        "trick 1: seat 1 to lead",
        "tricks won: you 0, seat 1 0, seat 2 0, seat 3 0; your card points 0",
        "your hand:  JD   AD   QD   8S   AH   10H   KH   JC"]


# --- the arena's ratings ------------------------------------------------------------------------

def test_a_pair_with_as_many_wins_each_way_still_counts():
    """A and B beat each other once; B beats C three times, A and C once each. With the one
    virtual draw per pair that met, B comes out ahead of A and C as far behind as B is ahead."""
    beats = [[0, 1, 1], [1, 0, 3], [1, 0, 0]]
    ties = [[0] * 3 for _ in range(3)]
    ratings = elo_ratings(beats, ties)
    assert ratings == pytest.approx([1000.0, 1103.3211722539, 896.6788277460], abs=1e-6)
