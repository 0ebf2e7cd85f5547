"""The refinements of the ISMCTS player (interpreter/players/ismcts.py) that make it stronger than flat
sampling: a paired root (every world searched below each of the seat's actions) with sequential halving, policy-first
expansion with progressive widening, and an answer by the best mean; all reproducible from
the seed with an iteration budget."""
from __future__ import annotations

import math

import pytest

import interpreter
from interpreter.players.ismcts import ISMCTSPlayer
from interpreter.players.greedy import GreedyPlayer
from interpreter.players.registry import make_player
from interpreter.engine.state import AUCTION, PLAY

BELOTE = interpreter.load("belote")
SIXTY_SIX = interpreter.load("sixty-six")


def _position(game: interpreter.Game, seed: int, phase: str, tricks: int = 0) -> interpreter.State:
    """A deal played by greedy players to a decision with at least three choices in ``phase``."""
    for k in range(50):
        state = game.new_deal(seed=seed + k, dealer=(seed + k) % game.players)
        greedy = GreedyPlayer(0)
        while not state.is_over:
            if state.phase == phase and len(state.past) >= tricks and len(state.legal_actions()) >= 3:
                return state
            state.apply(greedy.choose(state))
    raise AssertionError("no such position")


def _tree(node, depth: int = 3):
    """The tree's statistics, for comparing two searches."""
    if depth == 0:
        return None
    return sorted((a.text, c.visits, c.seen, round(c.total, 9), _tree(c, depth - 1)) for a, c in node.children.items())


@pytest.mark.parametrize("game, phase, tricks", [(BELOTE, PLAY, 2), (SIXTY_SIX, PLAY, 3), (BELOTE, AUCTION, 0)],
                         ids=["belote play", "66 play", "belote auction"])
def test_the_search_is_reproducible_from_its_seed(game, phase, tricks):
    state = _position(game, 3, phase, tricks)
    first, second, other = (make_player("ismcts:60", s) for s in ("a", "a", "b"))
    assert first.choose(state) == second.choose(state)
    assert _tree(first.root) == _tree(second.root)
    other.choose(state)
    assert _tree(other.root) != _tree(first.root), "another seed deals other worlds"


@pytest.mark.parametrize("iterations", [1, 7, 40])
def test_every_world_is_searched_below_every_action_of_the_seat(iterations):
    """The paired root without halving: each action is tried in the same worlds, as many as
    the budget needs (rounded up to whole worlds), and the answer is the action with the best mean."""
    state = _position(BELOTE, 1, PLAY, 1)
    legal = state.legal_actions()
    player = ISMCTSPlayer(5, iterations, halving=False)
    answer = player.choose(state)
    worlds = math.ceil(iterations / len(legal))
    assert set(player.root.children) == set(legal)
    assert [c.visits for c in player.root.children.values()] == [worlds] * len(legal)
    assert [c.seen for c in player.root.children.values()] == [worlds] * len(legal)
    means = {a: c.total / c.visits for a, c in player.root.children.items()}
    assert means[answer] == max(means.values())
    assert answer == next(a for a in legal if means[a] == max(means.values()))   # the first of equals


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


def test_sequential_halving_gives_the_better_half_of_the_actions_the_next_round():
    """Eight actions, 96 iterations: three rounds of 32 (4 worlds for 8 actions, 8 for the best
    4, 16 for the best 2). Every survivor of a round is searched in the same worlds; the answer
    is the better of the last two by mean."""
    state = _position(BELOTE, 1, PLAY, 0)
    legal = state.legal_actions()
    assert len(legal) == 8
    player = ISMCTSPlayer(5, 96)
    answer = player.choose(state)
    children = player.root.children
    visits = sorted(c.visits for c in children.values())
    assert visits == [4, 4, 4, 4, 12, 12, 28, 28]
    assert all(c.seen == c.visits for c in children.values())
    final = [a for a, c in children.items() if c.visits == 28]
    means = {a: c.total / c.visits for a, c in children.items()}
    assert answer in final and means[answer] == max(means[a] for a in final)
    flat = ISMCTSPlayer(5, 96, halving=False)
    flat.choose(state)
    assert sorted(c.visits for c in flat.root.children.values()) == [12] * 8


def test_halving_drops_the_worse_half_by_the_means_of_the_round():
    """A re-run of the first round alone (24 iterations without halving, the same seed, so the
    same worlds) ranks the actions: the four dropped are its four worst."""
    state = _position(BELOTE, 1, PLAY, 0)
    legal = state.legal_actions()
    player = ISMCTSPlayer(9, 96)
    player.choose(state)
    dropped = {a for a, c in player.root.children.items() if c.visits == 4}
    first_round = ISMCTSPlayer(9, 32, halving=False)
    first_round.choose(state)
    means = {a: c.total / c.visits for a, c in first_round.root.children.items()}
    ranked = sorted(legal, key=lambda a: means[a], reverse=True)
    assert dropped == set(ranked[4:])


def test_a_node_first_grows_the_move_the_rollout_policy_would_make():
    """Omniscient, one world (the true deal): below each of the seat's actions the only node
    grown is the greedy player's reply in that position."""
    state = _position(SIXTY_SIX, 2, PLAY, 2)
    legal = state.legal_actions()
    player = make_player(f"omniscient:{len(legal)}", 0)
    player.choose(state)
    for action, child in player.root.children.items():
        after = state.clone()
        after.apply(action)
        if after.is_over:
            continue
        assert list(child.children) == [GreedyPlayer(0).choose(after)], action.text


def test_nodes_widen_with_their_visits():
    """A node grows a new child only while it has fewer than 1 + widen·√visits (or when none of
    its children is legal in the world at hand): a small ``widen`` keeps the tree narrow and
    close to the rollout policy; a large one tries every reply."""
    state = _position(BELOTE, 4, PLAY, 0)
    narrow, wide = (ISMCTSPlayer(9, iterations=300, widen=w, search_others=True) for w in (0.5, 100.0))
    narrow.choose(state)
    wide.choose(state)

    def nodes(node, depth):
        yield node
        if depth:
            for c in node.children.values():
                yield from nodes(c, depth - 1)

    def widths(player):
        return sum(len(n.children) for child in player.root.children.values() for n in nodes(child, 1))

    assert any(len(c.children) >= 1 for child in narrow.root.children.values() for c in child.children.values()), \
        "the tree grows below the first replies"
    assert widths(narrow) < widths(wide)
    for child in narrow.root.children.values():
        for n in nodes(child, 4):
            assert sum(c.visits for c in n.children.values()) in (n.visits - 1, n.visits) or not n.children


def test_the_time_budget_still_searches_whole_worlds():
    """Each round of the halving has its share of the time and searches whole worlds: the
    actions dropped together were searched equally often, and the later ones more."""
    state = _position(SIXTY_SIX, 6, PLAY, 1)
    legal = state.legal_actions()
    player = make_player("ismcts:5ms", 2)
    assert player.choose(state) in legal
    visits = sorted(c.visits for c in player.root.children.values())
    assert visits[0] >= 1
    dropped_first = (len(legal) + 1) // 2
    assert len(set(visits[:len(legal) - dropped_first])) == 1
    flat = ISMCTSPlayer(2, millis=5, halving=False)
    flat.choose(state)
    flat_visits = {c.visits for c in flat.root.children.values()}
    assert len(flat_visits) == 1 and flat_visits.pop() >= 1


def test_a_time_budget_searches_more_than_one_world():
    state = belote_lead()
    player = ISMCTSPlayer(3, iterations=0, millis=300)
    player.choose(state)
    assert min(child.visits for child in player.root.children.values()) >= 2


def test_without_searching_the_others_they_follow_the_policy_in_the_tree():
    """``search_others=False``: only the deciding seat's own moves are searched; below the root
    every other seat's node holds the greedy player's move in that position (true deal here)."""
    state = _position(SIXTY_SIX, 2, PLAY, 2)
    player = ISMCTSPlayer(0, iterations=60, peek=True, search_others=False)
    me = state.current_player
    player.choose(state)
    checked = 0

    def walk(node, position):
        nonlocal checked
        if position.is_over or not node.children:
            return
        if position.current_player != me:
            assert list(node.children) == [GreedyPlayer(0).choose(position)]
            checked += 1
        for action, child in node.children.items():
            after = position.clone()
            after.apply(action)
            walk(child, after)

    for action, child in player.root.children.items():
        after = state.clone()
        after.apply(action)
        walk(child, after)
    assert checked >= len(state.legal_actions())


@pytest.mark.parametrize("game, searched", [(SIXTY_SIX, True), (BELOTE, False)], ids=["two players", "four players"])
def test_by_default_the_others_are_searched_in_a_game_of_two_players_only(game, searched):
    """Below the root, a node of another seat grows replies other than the policy's only
    where the others are searched (on the true deal here, so the tree can be walked)."""
    state = _position(game, 5, PLAY, 1)
    me = state.current_player
    player = ISMCTSPlayer(3, iterations=400, peek=True)
    player.choose(state)
    widths = []

    def walk(node, position, depth):
        if depth == 0 or position.is_over:
            return
        if position.current_player != me and node.children:
            widths.append(len(node.children))
        for action, child in node.children.items():
            after = position.clone()
            after.apply(action)
            walk(child, after, depth - 1)

    for action, child in player.root.children.items():
        after = state.clone()
        after.apply(action)
        walk(child, after, 3)
    assert widths
    assert (max(widths) > 1) is searched


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
