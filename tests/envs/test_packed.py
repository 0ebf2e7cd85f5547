"""The adapters' fast encoder (``PackedEncoder``) against the reference ``Encoder.encode``: the
vectors must be equal, exactly, for every seat at every step of random deals of every bundled
game and variant, through deals of a match and resets, and for OpenSpiel states that are
cloned and visited out of order (its history fold is kept between calls)."""
from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import interpreter  # noqa: E402
from interpreter.envs import pettingzoo_env  # noqa: E402
from interpreter.envs.encoding import Encoder  # noqa: E402
from interpreter.envs.openspiel_game import openspiel_name  # noqa: E402
from interpreter.envs.packed import PackedEncoder  # noqa: E402

GAMES_AND_VARIANTS = [(p.stem, v) for p in interpreter.bundled_games()
                      for v in (None,) + interpreter.load(p.stem).variants]


def _same_for_every_seat(raw) -> None:
    """Every agent's observation equals the reference encoding of the deal in progress."""
    for seat, agent in enumerate(raw.possible_agents):
        fast = raw.observe(agent)["observation"]
        assert np.array_equal(fast, raw.encoder.encode(raw.deal, seat)), (agent, len(raw.deal.history))


def _episode(env, seed: int, rng: random.Random, max_steps: int) -> int:
    """Play an episode (or its first ``max_steps`` steps) at random, checking every step; the
    number of deals it went through."""
    raw = env.unwrapped
    env.reset(seed=seed)
    deal, deals, steps, before = raw.deal, 1, 0, None
    for agent in env.agent_iter():
        _same_for_every_seat(raw)
        obs, _, terminated, truncated, _ = env.last()
        if before is not None:
            assert np.array_equal(before[0], before[1])     # a vector handed out is never written again
        before = (obs["observation"], obs["observation"].copy())
        if terminated or truncated:
            env.step(None)
            continue
        steps += 1
        if steps > max_steps:
            break
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        if raw.deal is not deal:
            deal, deals = raw.deal, deals + 1
    return deals


@pytest.mark.parametrize("name,variant", GAMES_AND_VARIANTS)
def test_the_pettingzoo_vectors_are_the_reference_encoding_at_every_step(name, variant):
    rng = random.Random(name)
    env = pettingzoo_env(name, variant)
    for seed in range(4):
        _episode(env, seed, rng, max_steps=10_000)
    env.reset(seed=99)                           # a reset in the middle of a deal
    _same_for_every_seat(env.unwrapped)


@pytest.mark.parametrize("name,variant", GAMES_AND_VARIANTS)
def test_the_vectors_are_the_reference_encoding_through_the_deals_of_a_match(name, variant):
    env = pettingzoo_env(name, variant, match=True)
    rng = random.Random(name)
    deals = _episode(env, 1, rng, max_steps=1_000)
    deals += _episode(env, 2, rng, max_steps=1_000)
    several = (env.unwrapped.game.match.deals or 1) > 1      # a match of a set number of deals, more than one
    assert deals >= (4 if several else 2)


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_the_openspiel_tensor_is_the_reference_encoding_of_states_cloned_and_visited_out_of_order(name):
    game = pyspiel.load_game(openspiel_name(name))
    encoder = game.table.encoder
    rng = random.Random(name)
    for _ in range(3):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        kept = []                                # earlier states, cloned, visited again later
        while not state.is_terminal():
            if rng.random() < 0.2:
                kept.append(state.clone())
            for other in [state] + rng.sample(kept, min(2, len(kept))):
                seat = rng.randrange(game.num_players())
                expected = encoder.encode(other.deal.state, seat)
                assert np.array_equal(np.array(other.information_state_tensor(seat), np.float32), expected)
                assert np.array_equal(np.array(other.observation_tensor(seat), np.float32), expected)
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_card_taken_back_and_another_chosen_is_folded_again():
    """``State.take_back`` pops the history's last entry: a history of the same list and length
    as the one folded, with another last entry, is folded again from its start."""
    game = interpreter.load("hearts")
    encoder = Encoder(game)
    packed = PackedEncoder(encoder)
    state = game.new_deal(seed=1, dealer=0)
    seat = state.current
    first, second = state.legal_actions()[:2]        # cards to pass, face down
    state.apply(first)
    packed.encode(state, seat)
    state.take_back()
    state.apply(second)
    assert np.array_equal(packed.encode(state, seat), encoder.encode(state, seat))


def test_the_openspiel_observer_hands_the_vector_whole_and_views_it_by_slice():
    game = pyspiel.load_game(openspiel_name("belote"))
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.is_chance_node() or len(state.history()) < 40:
        state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()] if state.is_chance_node()
                                      else state.legal_actions()))
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    seat = state.current_player()
    observer.set_from(state, seat)
    expected = game.table.encoder.encode(state.deal.state, seat)
    assert list(observer.dict) == ["observation"] and np.array_equal(observer.dict["observation"], expected)
    for row in game.table.encoder.slices.values():
        if row.length:
            assert np.array_equal(observer.slices[row.name], expected[row.start:row.start + row.length])
