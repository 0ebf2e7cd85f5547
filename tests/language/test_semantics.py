"""Language semantics on small rule files written for the purpose."""
from __future__ import annotations

from pathlib import Path
import textwrap
from fractions import Fraction

import interpreter

TINY = textwrap.dedent("""\
    game: Tiny
    players: 2
    cards:
      suits: {S: Spades, H: Hearts}
      ranks: {A: Ace, K: King, Q: Queen}
      extra: {F: Fool}
    order: F > A > K > Q
    deal: 3 each, rest to talon
    piles:
      talon: {seen by: nobody}
    play:
      lead: next(dealer)
      trump: {trump}
      winner: highest of led suit
      follow: [led, any]
    scoring:
      award:
        - rule: tricks
          to: each_seat
          points: tricks(it)
    """)


def _game(tmp_path, trump="H", extra=""):
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY.replace("{trump}", trump) + extra)
    return interpreter.problems_in(path)


def test_a_suit_code_stands_for_the_suit_where_a_suit_is_expected(tmp_path):
    problems, game = _game(tmp_path, "H")
    assert problems == []
    assert game.new_deal(seed=1).trump == game.deck.suit_codes.index("H")


def test_a_suit_code_compares_with_a_suit(tmp_path):
    problems, game = _game(tmp_path, "S if suit_of(talon) = H else H")
    assert problems == []
    for seed in range(6):
        state = game.new_deal(seed=seed)
        talon = state.piles[game.pile_names.index("talon")]
        first_suit = game.deck.suit_of[min(talon)]
        assert state.trump == (0 if first_suit == 1 else 1)


def test_other_needs_exactly_two_teams(tmp_path):
    path = tmp_path / "three.yaml"
    text = TINY.replace("{trump}", "H").replace("players: 2", "players: 3").replace("3 each", "2 each") \
        + "let:\n  rival: other(team(dealer))\n"
    path.write_text(text)
    problems, _ = interpreter.problems_in(path)
    assert [p.message for p in problems] == ["'other' needs exactly two teams; this game has 3"]


def test_a_card_of_no_suit_led_alone_leaves_the_follower_free(tmp_path):
    _, game = _game(tmp_path)
    state = game.new_deal(layout={"hands": [["F", "AS", "KS"], ["QS", "AH", "KH"]], "fill": True}, dealer=1)
    assert state.current_player == 0
    state.apply("F")
    assert {a.text for a in state.legal_actions()} == {"play QS", "play AH", "play KH"}
    state.apply("AH")
    # The fool was led but hearts set the suit: the fool, of no suit, cannot win.
    assert state.winners == [1]


def test_follow_clauses_bind_once_a_suit_is_led(tmp_path):
    _, game = _game(tmp_path)
    state = game.new_deal(layout={"hands": [["F", "AS", "KS"], ["QS", "AH", "KH"]], "fill": True}, dealer=1)
    state.apply("AS")
    assert [a.text for a in state.legal_actions()] == ["play QS"]


def test_card_points_stay_exact_and_won_cards_are_a_set(tmp_path):
    extra = "points: {A: 4.5, KS: 0.5}\nlet:\n  aces_won: count(won(seat(0)) and A)\n" \
            "  pile_points: card_points(talon)\n  first: points(seat(0))\n  second: card_points(won(seat(1)))\n" \
            "  halved: tricks(seat(0)) / 2\n  thirds: tricks(seat(0)) / 3\n"
    problems, game = _game(tmp_path, "H", extra)
    assert problems == []
    state = game.new_deal(layout={"hands": [["AS", "KS", "AH"], ["QS", "KH", "QH"]], "talon": ["F"]}, dealer=1)
    for card in ("AS", "QS", "AH", "QH", "KS", "KH"):
        state.apply(card)
    result = state.result()
    assert state.tricks == [2, 1]  # KH, a trump, takes the last trick
    assert result.seat_scores == (2, 1)
    assert result.facts["aces_won"] == 2 and result.facts["pile_points"] == 0
    assert game.points_table.of(state.won[0], state.trump) == 9
    assert game.points_table.of(state.won[1], state.trump) == Fraction(1, 2)
    # a whole number of points (or a whole quotient) is an int: what is computed from it stays in integers
    assert type(game.points_table.of(state.won[0], state.trump)) is int
    facts = result.facts
    assert (facts["first"], facts["second"], facts["halved"], facts["thirds"]) == (9, Fraction(1, 2), 1, Fraction(2, 3))
    assert [type(facts[k]) for k in ("first", "second", "halved", "thirds")] == [int, Fraction, int, Fraction]


CONTRACTS = Path(__file__).resolve().parents[1] / "rule_files" / "contracts.yaml"
HANDS = {"hands": [["AS", "10S", "KS", "QH", "JH", "9H"], ["QS", "JS", "9S", "AH", "10H", "KH"]]}


def test_a_call_chooses_its_ranking_and_card_points():
    game = interpreter.load(CONTRACTS)
    state = game.new_deal(layout=HANDS, dealer=1)
    assert [a.text for a in state.legal_actions()] == ["suit S", "suit H", "nullo", "pass"]
    state.apply("nullo")
    assert state.trump == -1                               # 'trump: none'
    state.apply("play 10S")
    state.apply("play QS")
    assert state.winners == [1] and state.scored == [0, 0]  # Q above 10, and no card points
    suit = game.new_deal(layout=HANDS, dealer=1)
    suit.apply("suit S")
    suit.apply("play 10S")
    suit.apply("play QS")
    assert suit.winners == [0] and suit.points.of(suit.won[0], suit.trump) == 13


def test_a_ranking_a_call_names_must_exist(tmp_path):
    text = CONTRACTS.read_text(encoding="utf-8").replace("ranking: nullo}", "ranking: nulo}")
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert game is None
    assert [p.message for p in problems] == ["'ranking' names 'nulo', which 'rankings' does not define"]


def test_took_all_names_the_team_that_won_every_trick_and_nothing_else():
    """took_all() (Belote's capot) against its definition, on random deals: one team won every
    trick (a team's trick counts are what it adds up)."""
    import random

    game = interpreter.load("belote")
    rng, capots = random.Random(3), 0
    for seed in range(1500):
        state = game.new_deal(seed=seed, dealer=seed % 4)
        while not state.is_over:
            state.apply_unchecked(rng.choice(state.legal_actions()))
        if state.annulled:
            continue
        teams = {state.team_of[w] for w in state.winners}
        expected = game.team_names[teams.pop()] if len(teams) == 1 else None
        facts = state.result().facts
        assert facts["capot"] == expected, seed
        capots += expected is not None
    assert capots > 3


def test_whole_makes_a_whole_fraction_an_int_and_leaves_the_rest():
    from interpreter.engine.cards import whole

    found = [whole(x) for x in (Fraction(6, 2), Fraction(7, 2), 4, None, True)]
    assert found == [3, Fraction(7, 2), 4, None, True]
    assert [type(x) for x in found[:3]] == [int, Fraction, int]


def test_a_seat_given_0_in_a_round_of_the_deal_skips_that_round(tmp_path):
    """'3 each but dealer 0, 1 each but dealer 2': the player after the dealer gets 3 then 1, the
    dealer nothing then 2; the one card left (of 7) goes to the talon."""
    path = tmp_path / "skip.yaml"
    path.write_text(TINY.replace("{trump}", "H").replace("deal: 3 each, rest to talon",
                                                         "deal: 3 each but dealer 0, 1 each but dealer 2, rest to talon"))
    problems, game = interpreter.problems_in(path)
    assert [p.format() for p in problems if not p.warning] == []
    for dealer, hands in ((0, [2, 4]), (1, [4, 2])):
        state = game.new_deal(seed=1, dealer=dealer)
        assert [hand.bit_count() for hand in state.hands] == hands
        assert sum(len(pile) for pile in state.piles) == 1
