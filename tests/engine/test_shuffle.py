"""The pack's shuffle (interpreter/engine/shuffle.py) is random.Random.shuffle's, step for step:
the same order and the generator left in the same state, so every seed deals what it dealt."""
from __future__ import annotations

import random

import interpreter
from interpreter.engine.shuffle import shuffle

from helpers import assert_shuffles_as_random


def test_a_shuffle_is_random_shuffle_and_leaves_the_generator_where_it_leaves_it():
    assert_shuffles_as_random(shuffle, [0, 1, 2, 3, 24, 32, 48, 52, 78, 104, 511, 512, 600], 60)


def test_a_generator_of_another_kind_shuffles_by_its_own_method():
    class Reversing(random.Random):
        def shuffle(self, x):
            x.reverse()
    items = [1, 2, 3]
    shuffle(Reversing(1), items)
    assert items == [3, 2, 1]


def test_a_seed_deals_the_cards_random_shuffle_would_deal():
    game = interpreter.load("belote")
    pack = list(range(game.deck.size))
    random.Random(2026).shuffle(pack)
    stacked = game.new_deal(layout={"pack": [game.deck.codes[c] for c in pack]}, dealer=1)
    assert game.new_deal(seed=2026, dealer=1).hands == stacked.hands
