"""Whist against an independent referee (tests/whist_referee.py, plain Python written from the
rules alone): random matches to five points, every legal set compared at every step, every
trick's winner, each deal's scores and the match's end and winner compared exactly."""
from __future__ import annotations

import random

import interpreter
from interpreter.engine.cards import bits
from whist_referee import Referee, suit

GAME = interpreter.load("whist")
CODES = GAME.deck.codes
TURNUP = GAME.pile_names.index("turnup")
DEALS = 2400


def _hands(state) -> list[list[str]]:
    return [[CODES[c] for c in bits(h)] for h in state.hands]


def _play_deal(match, standing: list[int], rng: random.Random, stats: dict) -> tuple[int, list[int]]:
    """Play the match's next deal at random beside the referee, the sides standing at
    ``standing``; return its dealer and the referee's scores for it."""
    state = match.next_deal()
    dealer = state.dealer
    # Before the turn-up: the dealer holds 12 cards, his 13th lies face up for everyone.
    hands = _hands(state)
    assert [len(h) for h in hands] == [12 if s == dealer else 13 for s in range(4)]
    turnup = [CODES[c] for c in state.piles[TURNUP]]
    assert len(turnup) == 1
    for seat in range(4):
        assert state.observation(seat)["piles"]["turnup"] == turnup
    hands[dealer].append(turnup[0])
    referee = Referee(hands, dealer, suit(turnup[0]), tuple(standing))
    steps = 0
    while not state.is_over:
        assert state.current_player == referee.to_act(), f"deal {stats['deals']} step {steps}"
        legal = [a.text for a in state.legal_actions()]
        assert sorted(legal) == sorted(referee.legal()), f"deal {stats['deals']} step {steps}"
        text = rng.choice(legal)
        state.apply(text)
        referee.apply(text)
        steps += 1
        if text == "turn up":
            assert GAME.deck.suit_codes[state.trump] == referee.trump
            assert state.piles[TURNUP] == [] and turnup[0] in _hands(state)[dealer]
    assert referee.is_over and steps == 53
    assert state.winners == referee.winners
    result = match.finish_deal(state)
    expected = referee.scores()
    assert list(result.team_scores) == expected, (stats["deals"], standing, referee.side_tricks(),
                                                  referee.honours_held(), result.reasons)
    assert list(result.seat_scores) == [expected[s % 2] for s in range(4)]
    stats["deals"] += 1
    stats["honours"] += sum(referee.honour_points()) > 0
    stats["at_four"] += max(referee.honours_held()) >= 3 and any(
        standing[s] == 4 and referee.honours_held()[s] >= 3 for s in (0, 1))
    stats["game_by_tricks"] += max(referee.honours_held()) >= 3 and any(
        standing[s] + referee.trick_points()[s] >= 5 for s in (0, 1))
    stats["side_tricks"][0] += referee.side_tricks()[0]
    stats["side_tricks"][1] += referee.side_tricks()[1]
    return dealer, expected


def test_engine_agrees_with_the_referee_over_whole_matches():
    rng = random.Random("whist-referee")
    stats = {"deals": 0, "honours": 0, "at_four": 0, "game_by_tricks": 0, "side_tricks": [0, 0]}
    matches = 0
    while stats["deals"] < DEALS:
        match = GAME.new_match(seed=rng.getrandbits(64), dealer=matches % 4)
        scores = [0, 0]
        dealers = []
        while not match.is_over:
            dealer, points = _play_deal(match, scores, rng, stats)
            dealers.append(dealer)
            scores = [a + b for a, b in zip(scores, points)]
            assert list(match.team_scores) == scores
            # The match goes on exactly while both sides are below five.
            assert match.is_over == (max(scores) >= 5)
        assert dealers == [(matches + i) % 4 for i in range(len(dealers))]   # the deal passes to the left
        result = match.result()
        assert list(result.team_scores) == scores
        assert result.winner == scores.index(max(scores)) and scores[0] != scores[1]
        matches += 1
    # Every scoring path was taken: honours scored, honours barred at four, and barred by a
    # game won on tricks. Random play gives each side 6.5 tricks a deal on average.
    assert stats["honours"] > 300 and stats["at_four"] > 20 and stats["game_by_tricks"] > 20
    assert abs(stats["side_tricks"][0] / stats["deals"] - 6.5) < 0.15
    assert sum(stats["side_tricks"]) == 13 * stats["deals"]
    print(f"{matches} matches, {stats}")


def test_the_referee_itself_on_hand_written_cases():
    # Guards the referee against the rules text (trumps hearts; seats 0/2 against 1/3).
    from whist_referee import trick_winner
    assert trick_winner([(0, "2S"), (1, "AS"), (2, "KS"), (3, "AD")], "H") == 1    # highest of the suit led
    assert trick_winner([(0, "AS"), (1, "2H"), (2, "KS"), (3, "3H")], "H") == 3    # highest trump
    assert trick_winner([(2, "5C"), (3, "AD"), (0, "KS"), (1, "4C")], "H") == 2    # discards never win
    deck = [r + s for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")]
    hands = [deck[i::4] for i in range(4)]      # seat 0: AS 10S 6S 2S JH 7H 3H QD 8D 4D KC 9C 5C
    referee = Referee(hands, 3, "C", standing=(0, 0))
    assert referee.to_act() == 3 and referee.legal() == ["turn up"]
    referee.apply("turn up")
    assert referee.to_act() == 0 and len(referee.legal()) == 13
    referee.apply("play 2S")
    assert referee.legal() == ["play KS", "play 9S", "play 5S"]                   # seat 1 follows spades
    assert referee.honours_held() == [2, 2]                                       # KC (0), QC (1), JC (2), AC (3)
    for standing, tricks, expected in [((0, 0), [7, 6], [1, 0]), ((3, 0), [8, 5], [2, 0]), ((0, 4), [6, 7], [0, 1])]:
        referee = Referee(hands, 3, "C", standing)
        referee.winners = [0] * 13
        referee.tricks = [tricks[0], tricks[1], 0, 0]
        assert referee.scores() == expected
    # Three honours: 2 points unless the side stood at four, or either side made game on tricks.
    hands[0][1], hands[3][0] = hands[3][0], hands[0][1]                           # 10S and JS change hands
    spades = Referee(hands, 3, "S", (0, 0))
    assert spades.honours_held() == [3, 1]                                        # AS JS (0), QS (2), KS (1)
    for standing, tricks, expected in [((0, 0), [6, 7], [2, 1]), ((4, 0), [6, 7], [0, 1]),
                                       ((0, 4), [6, 7], [0, 1]), ((3, 0), [8, 5], [2, 0]), ((2, 0), [8, 5], [4, 0])]:
        referee = Referee(hands, 3, "S", standing)
        referee.winners = [0] * 13
        referee.tricks = [tricks[0], tricks[1], 0, 0]
        assert referee.scores() == expected, (standing, tricks)
