"""The generic players: legal, reproducible, and blind to cards they may not see."""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.cards import bits
from interpreter.players.ismcts import ISMCTSPlayer
from interpreter.players.sampling import SamplingPlayer, determinize
from interpreter.errors import UnknownPlayerError
from interpreter.players.registry import make_player

GAMES = [p.stem for p in interpreter.bundled_games()]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("kind", ["random", "greedy", "sampling"])
def test_players_choose_legal_actions_reproducibly(name, kind):
    game = interpreter.load(name)
    runs = []
    for _ in range(2):
        state = game.new_deal(seed=5, dealer=1)
        players = [make_player(kind, f"x:{seat}") for seat in range(game.players)]
        moves = []
        while not state.is_over:
            action = players[state.current_player].choose(state)
            assert action in state.legal_actions()
            moves.append(action.text)
            state.apply(action)
        runs.append(moves)
    assert runs[0] == runs[1]


def _swap_hidden(state, seat):
    """The same deal seen from ``seat``, with two other players' hands exchanged."""
    other = state.clone()
    a, b = [s for s in range(state.game.players) if s != seat][:2]
    other.set_cards(a, state.hands[b])
    other.set_cards(b, state.hands[a])
    return other


@pytest.mark.parametrize("name", ["aluette", "belote"])
def test_the_sampling_player_does_not_peek(name):
    game = interpreter.load(name)
    for seed in range(5):
        state = game.new_deal(seed=seed)
        seat = state.current_player
        if name == "belote":
            state.apply("take")
            seat = state.current_player
        twin = _swap_hidden(state, seat)
        assert twin.hands[seat] == state.hands[seat] and twin.hands != state.hands
        first = make_player("sampling", "same").choose(state)
        second = make_player("sampling", "same").choose(twin)
        assert first == second


def test_determinize_keeps_what_the_seat_knows():
    game = interpreter.load("sixty-six")
    state = game.new_deal(seed=2)
    seat = state.current_player
    world = determinize(state, seat, random.Random(1))
    assert world.hands[seat] == state.hands[seat]
    assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
    indicator = game.pile_names.index("indicator")
    assert world.piles[indicator] == state.piles[indicator]
    everything = sum(world.hands) | sum(1 << c for p in world.piles for c in p)
    assert everything == game.deck.all
    assert len(list(bits(everything))) == game.deck.size


def test_player_specs():
    assert make_player("sampling:30", 1).worlds == 30
    for bad in ("wizard", "greedy:3", "sampling:0", "sampling:x"):
        with pytest.raises(interpreter.AtoutError, match="player|sampling"):
            make_player(bad, 1)


def test_player_specs_give_the_numbers_written():
    assert make_player("sampling", 1).worlds == 12                   # the default
    assert SamplingPlayer(1).worlds == 12
    assert make_player("sampling:1", 1).worlds == 1                  # one world is allowed
    assert make_player("uniform:1", 1).worlds == 1
    timed = make_player("ismcts:50ms", 1)
    assert (timed.iterations, timed.millis) == (0, 50)
    assert make_player("omniscient:1234ms", 1).millis == 1234
    assert make_player("ismcts:7", 1).iterations == 7
    assert (make_player("pimc", 1).worlds, make_player("pimc", 1).millis) == (20, None)
    assert (make_player("pimc:3", 1).worlds, make_player("pimc:100ms", 1).millis) == (3, 100)
    for wrong in ("pimc:0", "pimc:10001", "pimc:fast", "pimc:0ms"):
        with pytest.raises(UnknownPlayerError, match="pimc takes a number of worlds"):
            make_player(wrong, 1)
    assert (make_player("sampling:100ms", 1).millis, make_player("uniform:7ms", 1).uniform) == (100, True)
    with pytest.raises(UnknownPlayerError, match="greedy takes no number"):
        make_player("greedy:3", 1)


def test_only_the_omniscient_player_peeks():
    assert make_player("ismcts", 1).peek is False
    assert ISMCTSPlayer(1).peek is False
    assert make_player("omniscient", 1).peek is True


def test_the_best_player_solves_worlds_with_two_players_and_searches_with_more():
    from interpreter.players.pimc import PIMCPlayer
    best = make_player("best:30ms", 1)
    for name, kind in (("sixty-six", PIMCPlayer), ("belote", ISMCTSPlayer)):
        state = interpreter.load(name).new_match(seed=3).next_deal()
        assert best.choose(state) in state.legal_actions()
        chosen = best._chosen[state.game.players]
        assert type(chosen) is kind and chosen.millis == 30
    for wrong in ("best:5", "best:fast"):
        with pytest.raises(UnknownPlayerError, match="best takes milliseconds per move"):
            make_player(wrong, 1)
    assert make_player("best", 1).millis is None
