"""Every refused action names the rule that refuses it, in the words of ``atout explain``
(interpreter/engine/refusals.py): a follow clause, a transfer's 'cards' or 'first', a shown
declaration's or a side action's 'when', a call's condition or the rising auction."""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.authoring.explain import explain

from helpers import ENGINES, on

SEED_GAMES = ("aluette", "belote", "french-tarot", "sixty-six")
NO_RULE = ("does not hold", "the auction is not over", "the auction is over", "not now", "there is nothing to pass",
           "no cards are being shown")


def refusals(game: interpreter.Game, deals: int = 12):
    """(state, action, refusal) for a sample of refused actions of held cards (or no card) along
    random deals: every kind the game's rules give rise to."""
    for seed in range(deals):
        state = game.new_deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions()
            hand = state.hands[state.current]
            refused = [a for a in game.actions if a not in legal and (a.card < 0 or hand >> a.card & 1)]
            for action in rng.sample(refused, min(6, len(refused))):
                yield state, action, state.why_refused(action)
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("name", SEED_GAMES)
def test_every_refusal_names_its_rule_in_the_words_of_explain(name):
    game = interpreter.load(name)
    page = explain(interpreter.resolve(name))
    seen = set()
    for state, action, refusal in refusals(game):
        assert str(refusal).startswith(f"{action.text}: ")
        assert refusal.legal == tuple(a.text for a in state.legal_actions())
        if refusal.rule is None:
            assert refusal.reason.startswith(NO_RULE), refusal
            continue
        seen.add(refusal.rule[:2])
        words = game.words(refusal.rule) or \
            (game.words(refusal.rule + ("cards",)) if refusal.rule[1] in ("follow", "may lead", "declare") else "")
        if words:
            assert words in refusal.reason and words in brief(page, game), (refusal, words)
    expected = {"aluette": set(), "belote": {("play", "follow"), ("auction", "rounds")},
                "french-tarot": {("play", "follow"), ("play", "show"), ("auction", "rounds"), ("play", "actions")},
                "sixty-six": {("play", "follow"), ("play", "actions"), ("play", "declare")}}[name]
    assert expected <= seen


def brief(page: str, game) -> str:
    """The page with the rule file's own phrases as refusals say them: a phrase's closing
    "(…)" is given only where the page first uses it."""
    for text in game.wording.own.values():
        if text.endswith(")") and " (" in text:
            page = page.replace(text, text[:text.rindex(" (")])
    return page


def _until(state, texts):
    for text in texts:
        state.apply(text)
    return state


def _refused(state, text):
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply(text)
    return err.value


@pytest.mark.parametrize("engine", ENGINES)
def test_a_card_that_does_not_follow_names_the_deciding_clause_and_the_suit(engine):
    game = on(interpreter.load("belote"), engine)
    state = game.new_deal(seed=3)
    state.apply("take")
    leader = state.current
    led = state.legal_actions()[0]
    state.apply(led)
    hand = state.hands[state.current]
    suit = game.deck.suit_of[led.card]
    off = next(c for c in range(len(game.deck.codes)) if hand >> c & 1 and game.deck.suit_of[c] != suit)
    if state.legal_mask() >> off & 1:
        pytest.skip("the second player cannot follow here")
    err = _refused(state, game.deck.codes[off])
    assert err.refusal.rule[:2] == ("play", "follow") and leader != state.current
    clause = err.refusal.rule[2]
    assert f"the follow rules (clause {clause + 1}: play from: " in str(err)
    allowed = [game.deck.codes[c] for c in range(len(game.deck.codes)) if state.legal_mask() >> c & 1]
    assert all(code in str(err) for code in allowed)


@pytest.mark.parametrize("engine", ENGINES)
def test_tarot_discard_refusals_quote_the_transfers_cards_and_first(engine):
    game = on(interpreter.load("french-tarot"), engine)
    for seed in range(40):
        state = game.new_deal(seed=seed)
        while state.legal_actions()[0].kind in ("call", "pass") and not state.is_over:
            texts = [a.text for a in state.legal_actions()]
            state.apply("prise" if "prise" in texts else "pass")
        if not state.is_over and state.legal_actions()[0].kind == "give":
            break
    else:
        pytest.fail("no deal of the first 40 came to a discard")
    hand = state.hands[state.current]
    codes = game.deck.codes
    king = next(c for c in range(len(codes)) if hand >> c & 1 and codes[c].startswith("K"))
    err = _refused(state, f"discard {codes[king]}")
    assert err.refusal.rule == ("transfers", "discard", "cards")
    assert str(err).startswith(f"discard {codes[king]}: 'discard' takes cards only from the cards in your "
                               "hand other than Kings and the Petit and the Monde and the Excuse (6 more cards to choose for 'discard'); legal: discard ")
    trump = next((c for c in range(len(codes)) if hand >> c & 1 and codes[c].endswith("T")
                  and codes[c] not in ("1T", "21T")), None)
    if trump is not None:
        err = _refused(state, f"discard {codes[trump]}")
        assert err.refusal.rule == ("transfers", "discard", "first")
        assert "'discard' takes cards from the cards in your hand other than Trumps before any other while there are enough" in str(err)


def test_a_call_no_higher_than_the_last_is_refused_by_the_rising_auction():
    state = interpreter.load("french-tarot").new_deal(seed=1)
    _until(state, ["garde"])
    err = _refused(state, "prise")
    assert err.refusal.rule == ("auction", "rounds", 0, "calls", "prise")
    assert str(err) == "prise: each call must be higher than the last (2); legal: garde sans, garde contre, pass"


def test_belote_second_round_names_the_suit_condition():
    game = interpreter.load("belote")
    state = game.new_deal(seed=1)
    _until(state, ["pass"] * 4)
    turnup = next(c for c in game.deck.suit_codes if f"name {c}" not in [a.text for a in state.legal_actions()])
    err = _refused(state, f"name {turnup}")
    assert err.refusal.rule == ("auction", "rounds", 1, "calls", "name", "for each suit")
    assert "'name' names only a suit such that the suit is not the suit of the turnup" in str(err)
    err = _refused(state, "take")
    assert str(err).startswith("take: 'take' is not a call of this round; legal: name ")


def test_sixty_six_side_actions_are_refused_by_their_when_or_their_moment():
    game = interpreter.load("sixty-six")
    for seed in range(30):
        state = game.new_deal(seed=seed)
        texts = [a.text for a in state.legal_actions()]
        if "exchange" not in texts:
            break
    err = _refused(state, "exchange")
    assert err.refusal.rule == ("play", "actions", "exchange", "when")
    assert str(err).startswith("exchange: 'exchange' is allowed only when the stock is open and ")
    state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    err = _refused(state, "close")
    assert str(err).startswith("close: 'close' is taken by a player about to lead; legal: play ")


def test_a_poignee_after_the_first_card_is_refused_for_its_moment():
    game = interpreter.load("french-tarot")
    for state, action, refusal in refusals(game, deals=6):
        if action.kind == "show" and refusal.rule == ("play", "show", action.text):
            assert refusal.reason == f"'{action.text}' is declared before the player's first card"
            return
    pytest.fail("no poignée was refused after a first card")


def test_a_card_not_held_names_the_seat_and_the_card():
    state = interpreter.load("aluette").new_deal(seed=2)
    codes = state.game.deck.codes
    card = next(c for c in range(len(codes)) if not state.hands[state.current] >> c & 1)
    err = _refused(state, codes[card])
    assert err.refusal.rule is None
    assert str(err).startswith(f"play {codes[card]}: seat {state.current} does not hold {codes[card]} (")
