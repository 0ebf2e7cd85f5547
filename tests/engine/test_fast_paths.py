"""The shortcuts the engine and the greedy player take for speed, each against the slow way
it replaces: the winner of a trick followed card by card (TrickRule.lead_keys), plays_only()
without building the legal actions, the card plays alone of a game with no auction (which a
declaration or a show alone makes more than card plays), and the greedy player's tables built
once per trump."""
from __future__ import annotations

import random

import pytest

import interpreter
from interpreter.engine.cards import bits
from interpreter.engine.phases import PLAY
from interpreter.players.greedy import GreedyPlayer
from interpreter.players.outcome import points_are_good as _points_are_good
from helpers import ENGINES, FIVE_EACH_HEAD, TRICKS_TO_EACH_SEAT, on, tiny

GAMES = [p.stem for p in interpreter.bundled_games()]
VARIANTS = [(name, None) for name in GAMES] + \
    [(name, v) for name in GAMES for v in interpreter.load(name).variants]


def _states(game, deals: int, seed: int):
    """Every state of ``deals`` random deals, before each action."""
    rng = random.Random(seed)
    for i in range(deals):
        state = game.new_deal(seed=rng.getrandbits(64), dealer=i % game.players)
        while not state.is_over:
            yield state
            state.apply_unchecked(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name,variant", VARIANTS)
def test_the_winner_followed_card_by_card_is_the_winner_of_the_whole_trick(name, variant):
    game = interpreter.load(name, variant=variant)
    followed = checked = 0
    for state in _states(game, 60, 5):
        if state.phase != PLAY or not state.trick:
            continue
        at = state.winning_at           # as the generated play of the last card left it
        checked += 1
        if at is not None:
            followed += 1
            assert at == state.rule.winner(state.trick, state.trump, state.trumps), (state.trick, at)
    assert checked > 100
    assert followed > checked * 0.8     # found card by card, not left to trick_winner_at()


def test_a_trick_led_by_a_card_without_a_suit_waits_for_the_next_card_to_set_its_keys():
    game = interpreter.load("french-tarot")
    rule, excuse = game.trick_rule, game.deck.codes.index("EX")
    trump = game.deck.suit_codes.index("T")
    trumps = game.deck.suit_masks[trump]
    assert rule.lead_keys(excuse, trump, trumps) is None
    heart = game.deck.codes.index("KH")
    keys = rule.lead_keys(heart, trump, trumps)
    assert keys == rule.keys(trump, trumps)[game.deck.suit_of[heart] + 1]
    low_trump, low_heart, other = game.deck.codes.index("1T"), game.deck.codes.index("1H"), game.deck.codes.index("QS")
    assert keys[low_trump] > keys[heart] > keys[low_heart] and keys[other] < 0
    assert rule.lead_keys(low_trump, trump, trumps) == rule.keys(trump, trumps)[trump + 1]


def test_without_suits_in_the_ranking_the_keys_are_the_strength_whoever_leads():
    game = interpreter.load("aluette")
    rule = game.trick_rule
    assert not rule.by_suit
    assert all(rule.lead_keys(card, -1, 0) is rule.strength for card in range(game.deck.size))


@pytest.mark.parametrize("name,variant", VARIANTS)
def test_plays_only_is_never_wrong_and_always_true_where_only_cards_are_played(name, variant):
    game = interpreter.load(name, variant=variant)
    sure = play = 0
    for state in _states(game, 40, 6):
        if state.phase != PLAY or state.pending is not None:
            assert not state.plays_only()
            continue
        play += 1
        if state.plays_only():
            sure += 1
            assert all(a.kind == "play" for a in state.legal_actions())
            assert len(state.legal_actions()) == game.deck.distinct(state.legal_mask()).bit_count()   # a code once
    assert play > 0
    if game.plain_play:
        assert sure == play
    else:
        assert 0 < sure < play


HANDS = {"hands": [["KS", "QS", "10S", "AH", "KH"], ["AS", "JS", "QH", "JH", "10H"]]}


@pytest.mark.parametrize("engine", ENGINES)
def test_a_declaration_is_offered_in_a_game_with_no_auction_nor_other_extras(tmp_path, engine):
    """'declare' alone makes play more than card plays: seat 0, leading with K and Q of spades,
    may lead either as a marriage."""
    game = tiny(tmp_path, "game: Marriages\n" + FIVE_EACH_HEAD + """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  declare:
    marriage: {cards: K or Q, points: 20}
""" + TRICKS_TO_EACH_SEAT)
    state = on(game, engine).new_deal(layout=HANDS)
    assert [a.text for a in state.legal_actions()] == [
        "play KS", "play QS", "play 10S", "play AH", "play KH", "play KS marriage", "play QS marriage"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_show_is_offered_in_a_game_with_no_auction_nor_other_extras(tmp_path, engine):
    """'show' alone makes play more than card plays: seat 0 holds three spades and may show them."""
    game = tiny(tmp_path, "game: Shows\n" + FIVE_EACH_HEAD + """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  show:
    spades:
      when: shown(me) = 0 and count(hand and S) >= 3
      cards: hand and S
      count: 3
      points: 10
""" + TRICKS_TO_EACH_SEAT)
    state = on(game, engine).new_deal(layout=HANDS)
    assert [a.text for a in state.legal_actions()] == [
        "play KS", "play QS", "play 10S", "play AH", "play KH", "spades"]


def _slow_card(state) -> int:
    """The greedy player's card as it was chosen before its tables: sorted by strength,
    points and number; a lead tries each card, strongest first, against every unseen card."""
    game, rule = state.game, state.rule
    cards = sorted(bits(game.deck.distinct(state.legal_mask())), key=lambda c: (rule.strength[c], game.points[c], c))
    if not _points_are_good(game):
        return GreedyPlayer._dodge(state, cards)
    everything = game.deck.all
    if not state.trick:
        unseen = everything & ~state.hands[state.current] & ~state.played
        for card in reversed(cards):
            ties = rule.spoil_ties and any(rule.strength[c] == rule.strength[card] for c in bits(unseen))
            if not rule.beating([card], state.trump, state.trumps, everything, 0) & unseen and not ties:
                return card
        return cards[0]
    at = state.trick_winner_at()
    if at >= 0 and state.team_of[state.trick_seats[at]] == state.team_of[state.current] \
            and len(state.teams) < game.players:
        return cards[0]
    beats = rule.beating(state.trick, state.trump, state.trumps, everything, at)
    return next((c for c in cards if beats >> c & 1), cards[0])


@pytest.mark.parametrize("name", GAMES)
def test_the_greedy_tables_choose_the_cards_the_slow_way_chooses(name):
    game = interpreter.load(name)
    player = GreedyPlayer(1)
    leads = compared = 0
    for state in _states(game, 40, 7):
        if state.phase != PLAY or state.pending is not None:
            continue
        expected = _slow_card(state)
        assert player._card(state).card == expected
        compared += 1
        leads += not state.trick
    assert compared > 200 and leads > 20


def test_aluette_greedy_does_not_lead_a_card_an_unseen_equal_card_could_spoil():
    game = interpreter.load("aluette")
    player = GreedyPlayer(1)
    state = game.new_deal(seed=3)
    order, place, threat, good = player._tables(state)
    assert good and [place[card] for card in order] == list(range(game.deck.size))
    ace_coins, ace_cups = game.deck.codes.index("1O"), game.deck.codes.index("1C")
    assert threat[ace_coins] >> ace_cups & 1          # equal aces spoil a trick
    three_coins = game.deck.codes.index("3O")         # the highest card: nothing beats or ties it
    assert threat[three_coins] == 0
    assert place[three_coins] == game.deck.size - 1 and order[-1] == three_coins


@pytest.mark.parametrize("name", GAMES)
def test_a_greedy_play_out_plays_what_greedy_choices_play(name):
    """play_out() skips choose()'s tests where only cards can be played: each deal ends as
    it ends when every action is the greedy player's choice, from the deal or from midway."""
    game = interpreter.load(name)
    rng = random.Random(11)
    for i in range(25):
        start = game.new_deal(seed=rng.getrandbits(64), dealer=i % game.players)
        for _ in range(rng.randrange(12)):
            if start.is_over:
                break
            start.apply_unchecked(rng.choice(start.legal_actions()))
        by_choice, played_out = start.clone(), start.clone()
        chooser = GreedyPlayer(5)
        while not by_choice.is_over:
            by_choice.apply_unchecked(chooser.choose(by_choice))
        GreedyPlayer(5).play_out(played_out)
        assert played_out.is_over
        assert played_out.history == by_choice.history
        assert played_out.team_scores() == by_choice.team_scores()
