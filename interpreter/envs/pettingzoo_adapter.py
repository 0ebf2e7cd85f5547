"""A PettingZoo AEC environment for any rule file: one deal (or one match) per episode.

Agents are ``seat_0`` … ``seat_{P-1}``; the agent to act is the seat the rules say is to act
(not a fixed rotation). Following PettingZoo's classic environments, an observation is a dict
``{"observation": float32 vector, "action_mask": int8 vector}`` (see ``encoding``); the
mask of an agent not to act is all zeros. Action ``i`` is ``game.actions[i]``.

Rewards come at the end of each deal: every seat gets its score of the deal, turned so that
more is better (``score_sign``: negated where the match is won by the lowest total of points
scored, such as penalty points; a match counted down by the points won keeps them as they
are). When the episode ends, every agent's info holds the final ``seat_scores`` and
``team_scores`` as the engine states them (of the deal, or of the match), not turned.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..engine.game import Game
from ..engine.match import MAX_ANNULLED_IN_A_ROW, Match
from ..engine.state import State
from ..players.table_view import table_view
from .common import need, resolve_game, score_sign
from .encoding import Encoder
from .packed import PackedEncoder

np = need("numpy")
spaces = need("gymnasium.spaces")
pettingzoo = need("pettingzoo")
wrappers = need("pettingzoo.utils.wrappers")


class AtoutEnv(pettingzoo.AECEnv):
    """One deal (``match=False``) or one whole match of a rule file, as an AEC environment.

    ``reset(seed=s)`` makes the episode reproducible: the deal's shuffle seed and its dealer
    (or the match's seed and first dealer) are drawn from a generator seeded with ``s``;
    ``reset()`` without a seed draws the next episode from the same generator. A deal
    annulled before anyone acts is dealt again from the next seed. ``deal`` is the engine's
    State of the deal in progress, ``match`` the Match (or None); ``deal_seed``, ``dealer``
    and ``match_seed`` say how the episode was dealt, so ``game.new_deal(seed=env.deal_seed,
    dealer=env.dealer)`` deals it again.
    """

    metadata = {"render_modes": ["human", "ansi"], "name": "atout_v0", "is_parallelizable": False}

    def __init__(self, game: Game, *, match: bool = False, render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is one of {', '.join(self.metadata['render_modes'])}, found {render_mode!r}")
        self.game = game
        self.encoder = Encoder(game)
        self.packed = PackedEncoder(self.encoder)     # the same vectors as encoder.encode, faster
        self.render_mode = render_mode
        self.whole_match = match
        self.sign = score_sign(game)
        self.possible_agents = [f"seat_{s}" for s in range(game.players)]
        low, high = self.encoder.bounds()
        n = self.encoder.num_actions
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self.rng = random.Random()
        self.deal: State | None = None
        self.match: Match | None = None
        self.deal_seed: int | None = None
        self.match_seed: int | None = None
        self.dealer = 0
        self._legal: list | None = None

    def __str__(self) -> str:
        return f"atout_{self.game.name}" + (f"[{self.game.variant}]" if self.game.variant else "")

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # --- the episode ------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
        players = self.game.players
        if self.whole_match:
            self.match_seed, self.dealer = self.rng.getrandbits(64), self.rng.randrange(players)
            self.match = self.game.new_match(seed=self.match_seed, dealer=self.dealer)
            self.deal = self.match.state
            self.deal_seed = self.match.deal_seed
        else:
            self.match = None
            for _ in range(MAX_ANNULLED_IN_A_ROW):
                self.deal_seed, self.dealer = self.rng.getrandbits(64), self.rng.randrange(players)
                self.deal = self.game.new_deal(seed=self.deal_seed, dealer=self.dealer)
                if not self.deal.is_over:
                    break
            else:
                raise RuntimeError(f"{MAX_ANNULLED_IN_A_ROW} deals in a row were annulled as they were dealt")
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._legal = None
        self.agent_selection = self.possible_agents[self.deal.current_player]

    def legal_actions(self) -> list:
        """The engine's legal actions for the agent to act (cached until the next step)."""
        if self._legal is None:
            self._legal = [] if self.deal is None or self.deal.is_over else self.deal.legal_actions()
        return self._legal

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        to_act = self.deal.current_player == seat and not self.terminations.get(agent, True)
        mask = self.encoder.mask(self.legal_actions()) if to_act else np.zeros(self.encoder.num_actions, np.int8)
        return {"observation": self.packed.encode(self.deal, seat), "action_mask": mask}

    def structured_observation(self, agent: str) -> dict:
        """The engine's own observation of the deal for this agent's seat (``State.observation``)."""
        return self.deal.observation(self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self.legal_actions()
        chosen = self.game.actions[int(action)] if action is not None and 0 <= int(action) < len(self.game.actions) \
            else None
        if chosen not in legal:
            raise ValueError(f"action {action} is not legal for {agent}; legal: "
                             + ", ".join(f"{self.encoder.index[a]} ({a.text})" for a in legal))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self.deal
        state.apply_unchecked(chosen)
        self._legal = None
        if state.is_over:
            self._deal_over(state)
        if not any(self.terminations.values()):
            self.agent_selection = self.possible_agents[self.deal.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _deal_over(self, state: State) -> None:
        """Pay every seat its score of the deal; end the episode, or deal the match's next deal."""
        result = self.match.finish_deal(state) if self.match is not None else state.result()
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(self.sign * result.seat_scores[seat])
        if self.match is not None and not self.match.is_over:
            self.deal = self.match.state
            self.deal_seed = self.match.deal_seed
            if self.deal is not None:
                return
        final = self.match.result() if self.match is not None else result
        for agent in self.agents:
            self.terminations[agent] = True
            self.infos[agent] = {"seat_scores": [_plain(x) for x in final.seat_scores],
                                 "team_scores": [_plain(x) for x in final.team_scores]}

    def render(self) -> str | None:
        if self.render_mode is None or self.deal is None:
            return None
        seat = self.deal.current_player if self.deal.current_player is not None else 0
        text = table_view(self.deal, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _plain(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def pettingzoo_env(game: Game | str, variant: str | None = None, *, match: bool = False,
                   render_mode: str | None = None) -> Any:
    """The AEC environment of a game (a Game, a bundled name or a path), wrapped as PettingZoo's
    classic environments are in its order-enforcing wrapper; ``env.unwrapped`` is the AtoutEnv."""
    return wrappers.OrderEnforcingWrapper(AtoutEnv(resolve_game(game, variant), match=match, render_mode=render_mode))
