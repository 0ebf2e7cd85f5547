"""The PettingZoo environment and the observation encoding: PettingZoo's own API test on
every bundled game and variant, reproducible seeded episodes, masks equal to the engine's
legal actions, rewards equal to the engine's scores, and observations that hide what a
seat may not see."""
from __future__ import annotations

import ast
from pathlib import Path
import random
import subprocess
import sys
import warnings

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import interpreter  # noqa: E402
from interpreter.players.beliefs import belief, world   # noqa: E402
from interpreter.envs import pettingzoo_env, score_sign   # noqa: E402
from interpreter.envs.encoding import Encoder, layout   # noqa: E402

GAMES_AND_VARIANTS = [(p.stem, v) for p in interpreter.bundled_games()
                      for v in (None,) + interpreter.load(p.stem).variants]
NAMES = [row.name for row in layout(interpreter.load("belote"))]


def play(env, seed: int, chooser: random.Random) -> list[tuple[str, int | None, float]]:
    """One episode: each agent picks uniformly among its masked actions; (agent, action, reward) per step."""
    env.reset(seed=seed)
    steps = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else chooser.choice(np.flatnonzero(obs["action_mask"]).tolist())
        steps.append((agent, action, reward))
        env.step(action)
    return steps


@pytest.mark.parametrize("name,variant", GAMES_AND_VARIANTS)
def test_pettingzoo_api_test_passes_for_every_game_and_variant(name, variant):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")         # advice about unbounded score slots, not failures
        api_test(pettingzoo_env(name, variant), num_cycles=1000)
        api_test(pettingzoo_env(name, variant, match=True), num_cycles=2000)


def test_pettingzoo_seed_test_passes():
    seed_test(lambda: pettingzoo_env("french-tarot"), num_cycles=100)


@pytest.mark.parametrize("name", ["belote", "skat", "french-tarot"])
def test_a_seeded_episode_is_reproducible(name):
    first = play(pettingzoo_env(name), 11, random.Random(5))
    again = play(pettingzoo_env(name), 11, random.Random(5))
    other = play(pettingzoo_env(name), 12, random.Random(5))
    assert first == again
    assert first != other
    assert sum(action is None for _, action, _ in first) == interpreter.load(name).players   # each agent leaves once


def test_reset_without_a_seed_continues_the_seeded_sequence():
    env = pettingzoo_env("whist")
    env.reset(seed=3)
    seeds = [env.unwrapped.deal_seed]
    env.reset()
    seeds.append(env.unwrapped.deal_seed)
    env.reset(seed=3)
    assert env.unwrapped.deal_seed == seeds[0] and seeds[0] != seeds[1]


@pytest.mark.parametrize("name,variant", [("french-tarot", "five"), ("skat", None), ("sixty-six", None),
                                          ("belote", None), ("hearts", None), ("euchre", None)])
def test_the_mask_is_the_engines_legal_actions_at_every_step(name, variant):
    env = pettingzoo_env(name, variant)
    raw = env.unwrapped
    rng = random.Random(name)
    kinds = set()
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                assert not obs["action_mask"].any()
                env.step(None)
                continue
            legal = raw.deal.legal_actions()
            assert agent == f"seat_{raw.deal.current}"
            assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(raw.game.actions.index(a) for a in legal)
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            action = rng.choice(legal)
            kinds.add(action.kind)
            env.step(raw.game.actions.index(action))
    assert "play" in kinds and len(kinds) >= 2        # a phase besides trick play was reached


def test_an_illegal_action_is_refused_with_the_legal_ones_listed():
    env = pettingzoo_env("belote")
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"not legal for seat_\d; legal: .*\(take\)"):
        env.step(0)                                   # 'play 7S' during the auction


@pytest.mark.parametrize("name", ["belote", "hearts", "sixty-six", "french-tarot", "spades"])
def test_rewards_are_the_engines_scores_of_the_deal(name):
    env = pettingzoo_env(name)
    raw = env.unwrapped
    game = raw.game
    for seed in range(3):
        steps = play(env, seed, random.Random(seed))
        totals = {agent: 0.0 for agent in env.possible_agents}
        for agent, _, reward in steps:
            totals[agent] += reward
        replay = game.new_deal(seed=raw.deal_seed, dealer=raw.dealer)
        for _, action, _ in steps:
            if action is not None:
                replay.apply(game.actions[action].text)
        result = replay.result()
        assert replay.is_over
        assert [totals[f"seat_{s}"] for s in range(game.players)] == \
            [float(score_sign(game) * x) for x in result.seat_scores]
        if name == "hearts":                          # penalty points, lowest wins: rewards are their negation
            assert sum(totals.values()) in (-26.0, -78.0)


def test_a_match_pays_each_deal_and_ends_with_the_match():
    env = pettingzoo_env("sixty-six", match=True)
    raw = env.unwrapped
    steps = play(env, 4, random.Random(4))
    result = raw.match.result()
    totals = [sum(r for agent, _, r in steps if agent == f"seat_{s}") for s in range(2)]
    # 66 counts down from 7 by the game points each deal wins: the rewards add up to 7 - final score
    assert totals == [7.0 - float(x) for x in result.seat_scores]
    assert raw.match.deals_played >= 2 and min(result.seat_scores) <= 0
    replay = interpreter.load("sixty-six").new_match(seed=raw.match_seed, dealer=raw.dealer)
    for _, action, _ in steps:
        if action is not None:
            replay.apply(replay.game.actions[action].text)
    assert replay.is_over and replay.result().seat_scores == result.seat_scores


def test_the_structured_observation_is_the_engines():
    env = pettingzoo_env("belote")
    env.reset(seed=2)
    agent = env.agent_selection
    seen = env.unwrapped.structured_observation(agent)
    assert seen == env.unwrapped.deal.observation(int(agent.split("_")[1]))
    assert len(seen["hand"]) == 5 and seen["to_act"] == int(agent.split("_")[1])


def test_render_ansi_shows_the_table_to_the_seat_to_act():
    env = pettingzoo_env("belote", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    hand = env.unwrapped.structured_observation(env.agent_selection)["hand"]
    assert isinstance(text, str) and all(code in text for code in hand)


# --- the encoding ---------------------------------------------------------------------------

@pytest.mark.parametrize("name,variant", GAMES_AND_VARIANTS)
def test_the_layout_has_the_same_slices_for_every_game_sized_from_the_game(name, variant):
    game = interpreter.load(name, variant)
    rows = layout(game)
    assert [row.name for row in rows] == NAMES
    assert rows[0].start == 0 and all(a.start + a.length == b.start for a, b in zip(rows, rows[1:]))
    size = {row.name: row.length for row in rows}
    assert size["hand"] == size["played"] == size["public"] == game.deck.size
    assert size["trick"] == size["played_by"] == game.players * game.deck.size
    assert size["moves"] == game.players * (len(game.actions) - game.deck.size)
    space = pettingzoo_env(name, variant).unwrapped.observation_space("seat_0")
    assert space["observation"].shape == (rows[-1].start + rows[-1].length,)
    assert space["action_mask"].shape == (len(game.actions),)


def _slice(vec, game, name):
    row = {r.name: r for r in layout(game)}[name]
    return vec[row.start:row.start + row.length]


def test_the_vector_holds_the_hand_the_trick_by_seat_the_turnup_and_the_call():
    game = interpreter.load("belote")
    encoder = Encoder(game)
    state = game.new_deal(seed=9, dealer=0)
    turnup = state.piles[game.pile_names.index("turnup")][0]
    seat = state.current
    vec = encoder.encode(state, seat)
    assert np.flatnonzero(_slice(vec, game, "hand")).tolist() == [c for c in range(32) if state.hands[seat] >> c & 1]
    assert np.flatnonzero(_slice(vec, game, "public")).tolist() == [turnup]
    assert _slice(vec, game, "phase").tolist() == [1, 0, 0, 0]
    assert _slice(vec, game, "to_act").tolist() == [1, 0, 0, 0]          # the observer comes first
    state.apply("take")
    while state.trick == []:
        state.apply(state.legal_actions()[0])
    leader, card = state.trick_seats[0], state.trick[0]
    observer = (leader + 1) % 4
    vec = encoder.encode(state, observer)
    trick = _slice(vec, game, "trick").reshape(4, 32)
    assert np.flatnonzero(trick[3]).tolist() == [card] and trick[:3].sum() == 0   # the leader sits 3 after him
    assert _slice(vec, game, "call")[game.actions.index(game.parse_action("take")) - 32] == 1
    assert _slice(vec, game, "taker").tolist() == np.roll([1, 0, 0, 0], (state.taker - observer) % 4).tolist()
    assert _slice(vec, game, "played")[card] == 1 and _slice(vec, game, "trump").sum() == 1


@pytest.mark.parametrize("name", ["french-tarot", "skat", "sixty-six", "euchre"])
def test_the_vector_is_the_same_in_every_world_the_seat_cannot_tell_apart(name):
    game = interpreter.load(name)
    encoder = Encoder(game)
    rng = random.Random(1)
    for seed in range(4):
        state = game.new_deal(seed=seed)
        for _ in range(rng.randrange(4, 30)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current
        other = world(state, belief(state, seat), rng)
        assert np.array_equal(encoder.encode(state, seat), encoder.encode(other, seat))


def test_import_interpreter_imports_no_rl_package():
    code = ("import sys, interpreter; interpreter.load('belote'); "
            "print([m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_missing_package_says_which_extra_to_install(monkeypatch):
    from interpreter.envs import need
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    with pytest.raises(ImportError, match=r"pip install 'atout\[envs\]'"):
        need("pettingzoo")


def test_the_readme_example_runs_and_prints_each_seats_mean_reward():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Reinforcement learning", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    means = ast.literal_eval(out.stdout.strip())
    assert list(means) == ["seat_0", "seat_1", "seat_2", "seat_3"]
    assert means["seat_0"] == means["seat_2"] and means["seat_1"] == means["seat_3"]   # partners share a score
    assert 60 < means["seat_0"] < 110 and 60 < means["seat_1"] < 110                  # random play splits the points


def test_the_environment_function_stays_callable_for_every_game_in_one_process():
    """interpreter.envs.pettingzoo_env is a function; the module that holds its adapter has
    another name, so importing that module never puts a module where the function was (the
    second call once raised "'module' object is not callable")."""
    code = ("import interpreter, interpreter.envs as envs\n"
            "for path in interpreter.bundled_games():\n"
            "    env = envs.pettingzoo_env(path.stem)\n"
            "    env.reset(seed=1)\n"
            "    assert callable(envs.pettingzoo_env), path\n"
            "print(len(interpreter.bundled_games()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(len(interpreter.bundled_games()))
