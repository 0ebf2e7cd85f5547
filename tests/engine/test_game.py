"""The Game and what it is built of: a compiled game, its parts and its trick rule are frozen
values that compare by what they hold (the generated code and cached keys take no part);
its deck finds cards by code or name in any case, as layouts and typed actions do; and a
deal's dealer must be one of its seats (bundled games: Belote, Euchre, Aluette)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import interpreter
from interpreter.errors import LayoutError

BELOTE_MELDS = interpreter.load("belote", "announcements")


# --- a compiled game and its parts are frozen values ---------------------------------------

def test_a_compiled_game_and_its_parts_are_immutable():
    """Every state, and the reference engine, share one Game: it and its deal steps and melds
    cannot be changed."""
    game = interpreter.load("belote", "announcements")
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.players = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.deal_plan[0].count = 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.melds.at = "trick"
    assert game.players == 4 and game.deal_plan[0].count == 3 and game.melds.at == "first turn"


def test_side_actions_are_frozen_values():
    action = interpreter.load("euchre").side_actions[0]
    assert hash(action) == hash(dataclasses.replace(action))
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.at = "lead"


def test_a_game_and_its_reference_engine_compare_equal():
    """reference() changes the engine, not the game: the generated code takes no part in equality."""
    assert BELOTE_MELDS.reference() == BELOTE_MELDS
    assert BELOTE_MELDS.reference().code is None and BELOTE_MELDS.code is not None


def test_a_trick_rule_compares_by_its_tables_not_by_what_it_has_cached():
    path = Path(interpreter.__file__).parent.parent / "games" / "belote.yaml"
    (_, first), (_, second) = interpreter.problems_in(path), interpreter.problems_in(path)
    assert first.trick_rule is not second.trick_rule
    hearts = first.deck.suit_codes.index("H")
    first.trick_rule.keys(hearts, first.deck.suit_masks[hearts])      # builds and keeps the keys for trump hearts
    assert first.trick_rule._keys and not second.trick_rule._keys
    assert first.trick_rule == second.trick_rule


# --- cards by name, in any case -------------------------------------------------------

ALUETTE_HANDS = [
    ["monsieur", "MADAME", "le borgne", "1o", "4O", "5o", "6O", "7O", "8o"],
    ["la vache", "grand-neuf", "petit-neuf", "1C", "4C", "5C", "6C", "7C", "8C"],
    ["deux de chêne", "DEUX D'ÉCRIT", "1B", "3B", "4B", "5B", "6B", "7B", "8B"],
    ["1S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "JS"],
]


def test_deck_find_takes_codes_and_names_in_any_case():
    deck = interpreter.load("aluette").deck
    assert deck.codes[deck.find("monsieur")] == "3O"
    assert deck.codes[deck.find("Monsieur")] == "3O"
    assert deck.codes[deck.find("3o")] == "3O"
    assert deck.codes[deck.find("3O")] == "3O"
    assert deck.codes[deck.find("  MADAME ")] == "3C"
    assert deck.codes[deck.find("deux d'ÉCRIT")] == "2S"
    assert deck.codes[deck.find("ace of swords")] == "1S"
    assert deck.codes[deck.find("roi of batons")] == "KB"
    assert deck.find("three of coins") is None       # 3O has a name of its own
    assert deck.find("monsieur le") is None
    assert deck.find("") is None


def test_layouts_take_names_in_any_case():
    game = interpreter.load("aluette")
    state = game.new_deal(layout={"hands": ALUETTE_HANDS, "fill": True}, dealer=3)
    assert [game.deck.text(h) for h in state.hands] == [
        "1O 2O 3O 4O 5O 6O 7O 8O 3C",
        "9O 1C 2C 4C 5C 6C 7C 8C 9C",
        "1B 2B 3B 4B 5B 6B 7B 8B 2S",
        "1S 3S 4S 5S 6S 7S 8S 9S JS",
    ]
    assert game.deck.text(sum(1 << c for c in state.piles[1])) == "JO NO KO JC NC KC 9B JB NB KB NS KS"
    with pytest.raises(LayoutError, match=r"^hand 0: unknown card 'monsieur le'$"):
        game.new_deal(layout={"hands": [["monsieur le"] + ALUETTE_HANDS[0][1:]] + ALUETTE_HANDS[1:], "fill": True})
    with pytest.raises(LayoutError, match=r"^hand 1: card 3O is dealt twice$"):
        game.new_deal(layout={"hands": [ALUETTE_HANDS[0], ["3o"] + ALUETTE_HANDS[1][1:]] + ALUETTE_HANDS[2:],
                              "fill": True})


@pytest.mark.parametrize("typed", ["monsieur", "MONSIEUR", "3o", "play 3o", "play monsieur", "  Play   3O "])
def test_typed_actions_take_names_in_any_case(typed):
    game = interpreter.load("aluette")
    state = game.new_deal(layout={"hands": ALUETTE_HANDS, "fill": True}, dealer=3)
    assert state.current_player == 0
    state.apply(typed)
    assert state.history == [(0, game.deck.index["3O"])]
    state.apply("play la vache")
    state.apply("deux de chêne")
    state.apply("PLAY 1s")
    assert [game.deck.codes[c] for _, c in state.history] == ["3O", "2C", "2B", "1S"]
    assert state.winners == [0]


# --- the dealer -------------------------------------------------------------

@pytest.mark.parametrize("dealer", [4, -1, 10])
def test_a_dealer_out_of_range_is_a_layout_error(dealer):
    game = interpreter.load("aluette")
    with pytest.raises(LayoutError) as err:
        game.new_deal(dealer=dealer)
    assert isinstance(err.value, ValueError)
    assert str(err.value) == f"dealer must be a seat from 0 to 3, found {dealer}"


def test_the_last_seat_may_deal():
    game = interpreter.load("aluette")
    assert game.new_deal(seed=1, dealer=3).dealer == 3
