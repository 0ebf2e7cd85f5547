"""Words said aloud with cards (``play: say``): a player dealt every card of a set says the
n-th word as he plays the n-th of them, everyone hears it, and the rest of the set counts as
shown. Each on both engines."""
from __future__ import annotations

import pytest

from helpers import ENGINES, FIVE_EACH_HEAD, on, problem_messages, tiny
from interpreter.authoring.explain import explain
from interpreter.engine.phases import Said
from interpreter.players.beliefs import belief
from interpreter.players.table_view import describe_action

SAYING = """\
game: Said
""" + FIVE_EACH_HEAD + """\
play:
  lead: seat(0)
  trump: suit_of(H)
  winner: highest of led suit
  follow: [led, any]
  say:
    - cards: trumps and (K or Q)
      words: [FIRST, SECOND]
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""
BOTH = {"hands": [["KH", "AS", "QH", "JS", "10S"], ["AH", "KS", "QS", "JH", "10H"]]}
SPLIT = {"hands": [["KH", "AS", "KS", "JS", "10S"], ["AH", "QH", "QS", "JH", "10H"]]}


def saying(first: str, second: str) -> str:
    return SAYING.replace("FIRST", first).replace("SECOND", second)


def said(state) -> list[tuple[int, str, tuple[str, ...]]]:
    return [(x.seat, x.word, x.codes) for _, x in state.history if isinstance(x, Said)]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_holder_of_both_cards_says_each_word_with_each_card_and_shows_the_rest(engine, tmp_path):
    game = on(tiny(tmp_path, saying("Marriage", "Again")), engine)
    state = game.new_deal(layout=BOTH)
    state.apply("play KH")
    assert said(state) == [(0, "Marriage", ("QH",))]
    assert state.history[-2:] == [(0, game.deck.find("KH")), (None, Said(0, "Marriage", ("QH",)))]   # after the card
    assert state.observation(1)["shown"][0] == ["QH"]
    state.apply("play AH")                       # seat 1 wins and leads; seat 0 later plays the queen
    for text in ("play KS", "play AS", "play QH"):
        state.apply(text)
    assert said(state) == [(0, "Marriage", ("QH",)), (0, "Again", ())]


@pytest.mark.parametrize("engine", ENGINES)
def test_nothing_is_said_when_the_cards_were_dealt_to_two_players(engine, tmp_path):
    state = on(tiny(tmp_path, saying("Marriage", "Again")), engine).new_deal(layout=SPLIT)
    for text in ("play KH", "play QH"):
        state.apply(text)
    assert said(state) == [] and state.shown_cards == [0, 0]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_null_word_plays_its_card_in_silence(engine, tmp_path):
    state = on(tiny(tmp_path, saying("null", "Stuck")), engine).new_deal(layout=BOTH)
    state.apply("play QH")
    assert said(state) == [] and state.shown_cards == [0, 0]
    for text in ("play AH", "play KS", "play AS", "play KH"):
        state.apply(text)
    assert said(state) == [(0, "Stuck", ())]


def test_the_others_know_the_sayer_holds_the_rest_and_the_terminal_says_it(tmp_path):
    game = tiny(tmp_path, saying("Marriage", "Again"))
    state = game.new_deal(layout=BOTH)
    assert describe_action(state, 0, 1, state.resolve("play KH")) == "seat 0 plays KH (King of Hearts) and says “Marriage”"
    assert describe_action(state, 0, 0, state.resolve("play KH")) == "you play KH (King of Hearts) and say “Marriage”"
    assert describe_action(state, 0, 0, state.resolve("play AS")) == "you play AS (Ace of Spades)"
    queen = game.deck.find("QH")
    assert belief(state, 1).possible(0) >> queen & 1          # before: the queen may be anywhere hidden
    state.apply("play KH")
    seen = belief(state, 1)
    assert seen.known[0] == 1 << queen                         # after: seat 1 knows seat 0 holds it


def test_explain_says_the_words_in_order_and_skips_a_silent_card(tmp_path):
    path = tmp_path / "said.yaml"
    path.write_text(saying("null", "Stuck"), encoding="utf-8")
    page = explain(path)
    assert "A player dealt the King and the Queen of trumps says “Stuck” as he plays the second of them" in page


def test_words_must_be_words(tmp_path):
    assert problem_messages(tmp_path, saying("Marriage", "''")) == ["play/say/0/words/1 must not be empty"]
    assert problem_messages(tmp_path, saying("Marriage", "Again").replace("trumps and (K or Q)", "count(trumps)")) \
        == ["expected a set of cards, found a number"]
