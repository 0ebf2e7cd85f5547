"""The table a seat sees in the terminal (interpreter/players/table_view.py): the lines before
the auction and in play (the trump, the taker, the trick, the tricks won, the hand), its hand
line and the end of a trick, and how another seat's action looks to it: a card given face down
unless the rule file shows it."""
from __future__ import annotations

from pathlib import Path

import interpreter
from interpreter.players.table_view import describe_action, hand_line, table_view, trick_summary
from helpers import PASSING_HEARTS


# --- before the auction and in play ----------------------------------------------------------------

def test_the_table_view_before_the_auction_names_no_taker_and_no_unset_mark():
    state = interpreter.load("french-tarot").new_deal(seed=1, dealer=0)
    assert state.marks == [None, None]                                 # chelem (yes/no) and called (cards)
    view = table_view(state, 0)
    assert view.splitlines()[0] == "auction: nobody has spoken yet"
    assert "taker" not in view and "chelem" not in view and "called" not in view


def test_the_table_view_in_play_gives_the_trick_and_the_taker():
    state = interpreter.load("belote").new_deal(seed=1, dealer=0)
    state.apply("take")
    assert table_view(state, 0).splitlines() == [
        "trump: Diamonds (D); taker: seat 1 (take)",
        "since the auction: seat 1: take; table: turnup to seat 1: 10D",
        "trick 1: seat 1 to lead",
        "tricks won: you 0, seat 1 0, seat 2 0, seat 3 0; your card points 0",
        "your hand:  JD   AD   QD   8S   AH   10H   KH   JC"]


# --- what another player sees of a card given ------------------------------------------------------

HANDS = {"hands": [["AH", "KH", "QH", "AS", "KS"], ["JH", "10H", "QS", "JS", "10S"]]}


def passing(tmp_path: Path, shown: str) -> interpreter.Game:
    path = tmp_path / "passing.yaml"
    path.write_text(PASSING_HEARTS.replace("SHOWN", shown), encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert problems == [] and game is not None
    return game


def action(state: interpreter.State, text: str):
    return next(a for a in state.legal_actions() if a.text == text)


def test_a_given_card_is_face_down_to_others_unless_shown(tmp_path):
    game = passing(tmp_path, "    shown: H\n")
    state = game.new_deal(layout=HANDS, dealer=0)
    assert state.current_player == 1
    assert describe_action(state, 1, 0, action(state, "give JH")) == "seat 1: give JH to you"
    assert describe_action(state, 1, 0, action(state, "give JS")) == "seat 1: a card face down for 'give' to you"
    assert describe_action(state, 1, 1, action(state, "give JS")) == "you: give JS to seat 0"
    plain = passing(tmp_path, "").new_deal(layout=HANDS, dealer=0)
    assert describe_action(plain, 1, 0, action(plain, "give JH")) == "seat 1: a card face down for 'give' to you"
    assert describe_action(plain, 1, 1, action(plain, "give JH")) == "you: give JH to seat 0"


def test_trick_summary_and_hand_line(tmp_path):
    game = passing(tmp_path, "")
    state = game.new_deal(layout=HANDS, dealer=0)
    for card in ("JH", "AS"):                       # seat 1 gives JH, seat 0 gives AS
        state.apply(state.resolve(card))
    assert state.current_player == 1
    assert hand_line(state, 1) == "*AS  *QS  *JS  *10S  *10H"
    state.apply("10H")
    state.apply("AH")
    assert trick_summary(state, 0) == "  → you win the trick"
    assert trick_summary(state, 1) == "  → seat 0 wins the trick"


def test_a_declaration_is_told_with_its_points_and_suit():
    game = interpreter.load("sixty-six")
    for seed in range(60):
        state = game.new_deal(seed=seed)
        declared = [a for a in state.legal_actions() if a.kind == "declare"]
        if declared:
            break
    action = declared[0]
    suit = game.deck.suit_of[action.card]
    points = 40 if suit == state.trump else 20
    assert describe_action(state, state.current, None, action) == (
        f"seat {state.current} declares marriage, {points} in {game.deck.suit_names[suit]}, and leads "
        f"{game.deck.codes[action.card]} ({game.deck.names[action.card]})")
