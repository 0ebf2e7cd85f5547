"""The OpenSpiel adapter: OpenSpiel's random-simulation test on every bundled game and
variant, the card-by-card shuffle, returns equal to the engine's scores, resampled worlds
that the seat cannot tell apart, and OpenSpiel's ISMCTS bot playing deals through it."""
from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import interpreter  # noqa: E402
from interpreter.envs import openspiel_game   # noqa: E402
from interpreter.envs.encoding import Encoder   # noqa: E402
from interpreter.envs.openspiel_game import max_length, openspiel_name   # noqa: E402

GAMES_AND_VARIANTS = [(p.stem, v) for p in interpreter.bundled_games()
                      for v in (None,) + interpreter.load(p.stem).variants]


def load(name: str, variant: str | None = None, **params):
    return pyspiel.load_game(openspiel_name(name), dict(params, **({"variant": variant} if variant else {})))


def random_deal(game, rng: random.Random):
    """A deal played out at random: chance by its probabilities, players uniformly."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_bundled_game_is_registered_under_its_name():
    names = {g.short_name for g in pyspiel.registered_games()}
    assert set(openspiel_game.BUNDLED) <= names
    assert "atout_sixty_six" in names and "atout_french_tarot" in names


@pytest.mark.parametrize("name,variant", GAMES_AND_VARIANTS)
def test_openspiel_random_simulation_test_passes(name, variant):
    pyspiel.random_sim_test(load(name, variant), num_sims=2, serialize=True, verbose=False)


def test_the_game_info_comes_from_the_rule_file():
    game = load("french-tarot", "five", dealer=3)
    atout = interpreter.load("french-tarot", "five")
    assert game.num_players() == 5 and game.num_distinct_actions() == len(atout.actions) == 251
    assert game.max_chance_outcomes() == 78 and game.max_game_length() == max_length(atout)
    assert game.information_state_tensor_shape() == [Encoder(atout).size]
    assert game.get_type().min_num_players == 3 and game.get_type().max_num_players == 5


def test_the_pack_is_shuffled_card_by_card_and_dealt_by_the_rule_file():
    game = load("belote", dealer=2)
    state = game.new_initial_state()
    rng = random.Random(3)
    pack = []
    for left in range(32, 0, -1):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == left and all(p == pytest.approx(1 / left) for _, p in outcomes)
        card = rng.choice([c for c, _ in outcomes])
        pack.append(card)
        state.apply_action(card)
    atout = interpreter.load("belote")
    expected = atout.new_deal(layout={"pack": [atout.deck.codes[c] for c in pack]}, dealer=2)
    assert state.current_player() == expected.current == 3
    assert state.information_state_string(3) == _string(expected.observation(3))


def _string(seen: dict) -> str:
    import json
    return json.dumps(seen, separators=(",", ":"), default=str)


@pytest.mark.parametrize("name", ["hearts", "skat", "sixty-six"])
def test_returns_are_the_engines_scores_of_the_replayed_deal(name):
    game = load(name)
    atout = interpreter.load(name)
    sign = -1 if name == "hearts" else 1
    for seed in range(3):
        state = random_deal(game, random.Random(seed))
        history = state.history()
        pack, moves = history[:atout.deck.size], history[atout.deck.size:]
        replay = atout.new_deal(layout={"pack": [atout.deck.codes[c] for c in pack]})
        for move in moves:
            replay.apply(atout.actions[move].text)
        assert state.returns() == [sign * float(x) for x in replay.result().seat_scores]
        if name == "hearts":
            assert sum(state.returns()) in (-26.0, -78.0)


def test_a_resampled_world_keeps_what_the_seat_saw_and_redeals_the_rest():
    game = load("whist")
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.history()) < 52 + 9:
        if state.is_chance_node():
            state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(5)]
    assert all(w.information_state_string(seat) == state.information_state_string(seat) for w in worlds)
    assert all(w.information_state_tensor(seat) == state.information_state_tensor(seat) for w in worlds)
    assert all(w.legal_actions() == state.legal_actions() for w in worlds)
    other = (seat + 1) % 4
    assert any(w.information_state_string(other) != state.information_state_string(other) for w in worlds)


def test_a_clone_is_independent_and_serializes_by_replay():
    game = load("euchre")
    state = random_deal(game, random.Random(1))
    start = game.new_initial_state()
    for action in state.history()[:30]:
        start.apply_action(action)
    copy = start.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(start.history()) == 30 and len(copy.history()) == 31
    again = game.deserialize_state(start.serialize())
    assert str(again) == str(start) and again.legal_actions() == start.legal_actions()


def test_openspiel_ismcts_bot_plays_deals_through_the_adapter():
    """ISMCTS (OpenSpiel's Python bot, 30 simulations a move) against a random player in 66, four
    deals, each taking each seat twice; every result is checked against the engine's replay."""
    game = load("sixty-six")
    atout = interpreter.load("sixty-six")
    rng = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)), uct_c=2.0,
                           max_simulations=30, random_state=np.random.RandomState(3))
    # The bot's default resampling draws from pyspiel.UniformProbabilitySampler, whose generator is
    # shared by the whole process (so the worlds depended on the tests run before): draw from a
    # seeded one instead. The Python bot has no public setter for it.
    worlds = np.random.RandomState(4)
    bot._resampler_cb = lambda state, player: state.resample_from_infostate(player, worlds.random_sample)
    results = []
    for deal in range(4):
        seat = deal % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == seat:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        replay = atout.new_deal(layout={"pack": [atout.deck.codes[c] for c in state.history()[:20]]})
        for move in state.history()[20:]:
            replay.apply(atout.actions[move].text)
        assert state.returns() == [float(x) for x in replay.result().seat_scores]
        results.append((state.returns()[seat], state.returns()[1 - seat]))
    assert len(results) == 4
    assert all(min(pair) == 0 and max(pair) in (1.0, 2.0, 3.0) for pair in results)   # one side wins 1-3 game points
    bot_wins = sum(mine > theirs for mine, theirs in results)
    assert bot_wins >= 3 and sum(m for m, _ in results) > sum(t for _, t in results)
