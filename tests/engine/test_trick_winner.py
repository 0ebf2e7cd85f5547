"""TrickRule.winner reads each card's key from tables built once per trump; here it is held
to the rule stated card by card (the highest trump, else the highest card of the suit led;
equal highest cards spoil the trick where 'ties: spoil'), on random tricks of every bundled
game's rankings and trumps."""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.tricks import TRUMPS_LED


def stated_winner(rule, trick, trump, trumps):
    """The winner as the rules say it, one card after another."""
    if not rule.by_suit:
        best, at, tied = -1, -1, False
        for i, card in enumerate(trick):
            s = rule.strength[card]
            if s > best:
                best, at, tied = s, i, False
            elif s == best:
                tied = True
        return -1 if tied and rule.spoil_ties else at
    led = rule.led_suit(trick, trump, trumps)
    best, at, tied, best_trump = -1, -1, False, False
    for i, card in enumerate(trick):
        is_trump = trumps >> card & 1
        if not is_trump and (rule.suit_of[card] != led or best_trump):
            continue
        s = rule.trump_strength[card] * 2 + (rule.suit_of[card] == trump) if is_trump else rule.strength[card]
        if is_trump and not best_trump:
            best, at, tied, best_trump = s, i, False, True
        elif s > best:
            best, at, tied = s, i, False
        elif s == best:
            tied = True
    if at < 0:
        return 0
    return -1 if tied and rule.spoil_ties else at


def rankings_and_trumps(game):
    """Every ranking of the game under every trump suit, no trump, and each with the Jacks
    as trump cards too: (rule, trump, trumps)."""
    deck = game.deck
    contexts = [(-1, 0)] + [(t, deck.suit_masks[t]) for t in range(len(deck.suit_masks))]
    for rule in [game.trick_rule] + [rule for rule, _ in game.rankings]:
        for trump, trumps in contexts + [(t, trumps | deck.rank_masks.get("J", 0)) for t, trumps in contexts]:
            yield rule, trump, trumps


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_winner_follows_the_stated_rule(name):
    game = interpreter.load(name)
    rng = random.Random(name)
    decided = 0
    for rule, trump, trumps in rankings_and_trumps(game):
        for _ in range(300):
            trick = rng.sample(range(game.deck.size), rng.randint(1, game.players))
            found = rule.winner(trick, trump, trumps)
            assert found == stated_winner(rule, trick, trump, trumps), (trick, trump)
            decided += found >= 0
    assert decided > 0


def test_trump_cards_without_a_trump_suit_form_a_suit_of_their_own():
    game = interpreter.load("skat")
    rule, deck = game.trick_rule, game.deck
    jacks = deck.rank_masks["J"]
    js, seven_hearts = deck.index["JS"], deck.index["7H"]
    assert rule.led_suit([js], -1, jacks) == TRUMPS_LED
    assert rule.winner([js, seven_hearts], -1, jacks) == 0            # a plain card cannot win a trump lead
    assert rule.winner([seven_hearts, js], -1, jacks) == 1            # a Jack trumps the suit led


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_the_trick_tables_agree_with_the_stated_rule(name):
    """What the generated engine reads from TrickRule.tables: the cards that would take the
    lead of a trick are those its winning card's row names, and a trick's suit led is its
    first card's (when that card has a suit)."""
    game = interpreter.load(name)
    deck = game.deck
    rng = random.Random(name)
    compared = 0
    for rule, trump, trumps in rankings_and_trumps(game):
        tables = rule.tables(trump, trumps, deck.all)
        for _ in range(60):
            trick = rng.sample(range(deck.size), rng.randint(1, game.players - 1))
            if tables.led[trick[0]] >= 0:
                assert tables.led[trick[0]] == rule.led_suit(trick, trump, trumps)
            at = stated_winner(rule, trick, trump, trumps)
            if at < 0 or rule.led_suit(trick, trump, trumps) < 0:
                continue
            takes = sum(1 << c for c in range(deck.size) if c not in trick
                        and stated_winner(rule, trick + [c], trump, trumps) == len(trick))
            assert tables.beats[trick[at]] & ~sum(1 << c for c in trick) == takes, (trick, trump)
            compared += 1
    assert compared > 100
