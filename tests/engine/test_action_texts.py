"""What a person types names an action: its text, or its card by code or by name, in any case,
with any spacing; and a text that names nothing is refused after bounded work whatever its
length (a pasted 6 KB line once took minutes, on the table server's event loop)."""
from __future__ import annotations

import pytest

import interpreter
from interpreter.engine.cards import Deck
from interpreter.errors import IllegalActionError

GAMES = {path.stem: path for path in interpreter.bundled_games()}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_action_is_named_by_its_text_and_by_its_cards_name(name):
    game = interpreter.load(GAMES[name])
    deck = game.deck
    for action in game.actions:
        assert game.parse_action(f"  {action.text.upper()} ").text == action.text   # the first of that text
        if action.card >= 0:
            code, spoken = deck.codes[action.card], deck.names[action.card]
            written = action.text.replace(code, spoken.lower(), 1)
            found = game.parse_action("  ".join(written.split(" ")))
            assert found.text == action.text and deck.names[found.card] == spoken


def test_a_text_longer_than_any_action_is_refused_without_reading_it(monkeypatch):
    game = interpreter.load(GAMES["french-tarot"])
    looked_up = []
    monkeypatch.setattr(Deck, "find", lambda self, text: looked_up.append(text))
    pasted = "play " + "excuse " * 1000
    with pytest.raises(IllegalActionError) as refused:
        game.parse_action(pasted)
    assert looked_up == []
    message = str(refused.value)
    assert message.startswith(f"'{' '.join(pasted.split())[:40]}…' names no action or card of French Tarot")
    assert f"{len(' '.join(pasted.split()))} characters long" in message and len(message) < 200


def test_the_longest_text_that_names_an_action_is_still_read():
    game = interpreter.load(GAMES["aluette"])
    deck = game.deck
    card = max(range(len(deck.codes)), key=lambda c: len(deck.names[c]))
    action = next(a for a in game.actions if a.card == card)
    written = action.text.replace(deck.codes[card], deck.names[card])
    assert game.parse_action(written) is action
