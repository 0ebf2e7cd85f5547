"""Generic players: they know only what the rule file says, never a game by name.

A player sees the state but must use only what ``observation(seat)`` would show it:
its own hand, the cards played, and the tables of the rule file.
"""
from __future__ import annotations

import random
from typing import Protocol

from .cards import bits
from .errors import UnknownPlayerError
from .game import Action
from .state import State


class Player(Protocol):
    name: str

    def choose(self, state: State) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())


class GreedyPlayer:
    """Wins a trick as cheaply as it can, else sheds its weakest card.

    Leading, it plays a card nobody can still beat if it holds one, else its weakest.
    Following, it lets a winning partner keep the trick. Strength and points come
    only from the rule file's order and points tables.
    """

    name = "greedy"

    def __init__(self, seed: int | str | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        game = state.game
        legal = state.legal_mask()
        rule = game.trick_rule
        cost = lambda c: (rule.strength[c], game.points[c], c)  # noqa: E731 - a sort key
        cards = sorted(bits(legal), key=cost)
        if not state.trick:
            unseen = game.deck.all & ~state.hands[state.current] & ~_played(state)
            for card in reversed(cards):
                if not rule.beating([card], state.trump, game.deck.all) & unseen and not _ties(rule, card, unseen):
                    return game.play_actions[card]
            return game.play_actions[cards[0]]
        trick, seat = state.trick, state.current
        at = rule.winner(trick, state.trump)
        if at >= 0 and game.team_of[state.trick_seats[at]] == game.team_of[seat] and len(game.teams) < game.players:
            return game.play_actions[cards[0]]
        winners = [c for c in cards if rule.winner(trick + [c], state.trump) == len(trick)]
        return game.play_actions[(winners or cards)[0]]


def _played(state: State) -> int:
    mask = 0
    for _, card in state.history:
        mask |= 1 << card
    return mask


def _ties(rule, card: int, unseen: int) -> bool:
    """Whether an unseen card of equal strength could spoil a trick this card leads."""
    if not rule.spoil_ties:
        return False
    s = rule.strength[card]
    return any(rule.strength[c] == s for c in bits(unseen))


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer}


def make_player(name: str, seed: int | str | None) -> Player:
    try:
        return PLAYERS[name](seed)
    except KeyError:
        raise UnknownPlayerError(f"unknown player '{name}'; players: {', '.join(PLAYERS)}") from None
