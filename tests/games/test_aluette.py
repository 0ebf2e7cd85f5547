"""Aluette, clause by clause (../shared/rules/aluette.md), on stacked deals."""
from __future__ import annotations

from fractions import Fraction

import pytest

import interpreter
from helpers import layout_from_tricks, play_tricks

GAME = interpreter.load("aluette")
NS, EW = 0, 1

# Rank groups whose four cards are of equal rank: a trick of one group is spoiled.
EQUAL_GROUPS = [["1O", "1C", "1B", "1S"], ["KO", "KC", "KB", "KS"], ["NO", "NC", "NB", "NS"],
                ["JO", "JC", "JB", "JS"], ["8O", "8C", "8B", "8S"], ["7O", "7C", "7B", "7S"],
                ["6O", "6C", "6B", "6S"], ["5O", "5C", "5B", "5S"], ["4O", "4C", "4B", "4S"]]


def spoiled(group: int) -> dict[int, str]:
    return dict(enumerate(EQUAL_GROUPS[group]))


def won_by(seat: int, top: str, group: int) -> dict[int, str]:
    """A trick that ``seat`` wins with ``top``; the others play three cards of one low group."""
    low = EQUAL_GROUPS[group]
    others = [s for s in range(4) if s != seat]
    trick = {s: low[i] for i, s in enumerate(others)}
    trick[seat] = top
    return trick


def test_deck_has_48_cards_in_four_suits_of_twelve():
    assert GAME.deck.size == 48
    assert [m.bit_count() for m in GAME.deck.suit_masks] == [12, 12, 12, 12]
    assert GAME.deck.names[GAME.deck.index["3O"]] == "Monsieur"


def test_deal_gives_nine_cards_each_and_twelve_unused_never_seen():
    state = GAME.new_deal(seed=7, dealer=2)
    assert [h.bit_count() for h in state.hands] == [9, 9, 9, 9]
    assert len(state.piles[GAME.pile_names.index("unused")]) == 12
    assert "unused" not in state.observation(0)["piles"]


def test_deal_is_three_rounds_of_three_clockwise_from_dealers_left():
    state = GAME.new_deal(seed=11, dealer=1)
    import random
    pack = list(range(48))
    random.Random(11).shuffle(pack)
    expected = [0] * 4
    for packet in range(12):
        seat = (2 + packet) % 4
        for card in pack[3 * packet:3 * packet + 3]:
            expected[seat] |= 1 << card
    assert state.hands == expected


def test_player_left_of_dealer_leads_first():
    for dealer in range(4):
        assert GAME.new_deal(seed=3, dealer=dealer).current_player == (dealer + 1) % 4


@pytest.mark.parametrize("higher,lower", [("3O", "3C"), ("3C", "2O"), ("2O", "2C"), ("2C", "9C"), ("9C", "9O"),
                                          ("9O", "2B"), ("2B", "2S"), ("2S", "1B"), ("1B", "KO"), ("KO", "NC"),
                                          ("NC", "JS"), ("JS", "9B"), ("9S", "8O"), ("8O", "7C"), ("4B", "3B")])
def test_ranking_order(higher, lower):
    s = GAME.trick_rule.strength
    assert s[GAME.deck.index[higher]] > s[GAME.deck.index[lower]]


@pytest.mark.parametrize("group", [["1O", "1C", "1B", "1S"], ["9B", "9S"], ["3B", "3S"], ["KO", "KS"]])
def test_equal_rank_groups(group):
    s = GAME.trick_rule.strength
    assert len({s[GAME.deck.index[c]] for c in group}) == 1


def test_aluette_ranks_every_card_in_its_order():
    game = interpreter.load("aluette")
    strength = game.trick_rule.strength
    levels: dict[int, list[str]] = {}
    for i, code in enumerate(game.deck.codes):
        levels.setdefault(strength[i], []).append(code)
    assert [" ".join(levels[s]) for s in sorted(levels, reverse=True)] == [
        "3O", "3C", "2O", "2C", "9C", "9O", "2B", "2S", "1O 1C 1B 1S", "KO KC KB KS", "NO NC NB NS",
        "JO JC JB JS", "9B 9S", "8O 8C 8B 8S", "7O 7C 7B 7S", "6O 6C 6B 6S", "5O 5C 5B 5S",
        "4O 4C 4B 4S", "3B 3S"]


def test_every_card_in_hand_is_legal_whatever_was_led():
    tricks = [won_by(1, "3O", 7)] + [spoiled(g) for g in range(9) if g != 7]
    state = GAME.new_deal(layout=layout_from_tricks(GAME, tricks), dealer=0)
    assert state.current_player == 1
    state.apply("3O")
    assert state.legal_mask() == state.hands[2]
    assert len(state.legal_actions()) == 9


def test_unique_highest_card_wins_and_its_player_leads_next():
    state = play_tricks(GAME, [won_by(3, "2O", 8)] + [spoiled(g) for g in range(8)])
    assert state.winners[0] == 3
    assert state.tricks == [0, 0, 0, 1]


def test_first_trick_winner_leads_the_second():
    tricks = [won_by(3, "2O", 8)] + [spoiled(g) for g in range(8)]
    state = GAME.new_deal(layout=layout_from_tricks(GAME, tricks), dealer=0)
    for _ in range(4):
        state.apply(tricks[0][state.current_player])
    assert state.current_player == 3


def test_tied_highest_cards_spoil_the_trick_and_the_leader_leads_again():
    tricks = [{0: "9B", 1: "1C", 2: "3S", 3: "1S"}] + [spoiled(g) for g in range(1, 9)]
    state = GAME.new_deal(layout=layout_from_tricks(GAME, tricks), dealer=3)
    leader = state.current_player
    assert leader == 0
    for _ in range(4):
        state.apply(tricks[0][state.current_player])
    assert state.winners == [-1]
    assert state.tricks == [0, 0, 0, 0]
    assert state.current_player == leader


def test_a_lower_tie_does_not_spoil_a_unique_highest_card():
    tricks = [{0: "1O", 1: "4C", 2: "4S", 3: "3B"}] + [spoiled(g) for g in (1, 2, 3, 4, 5, 6, 7)] \
        + [{0: "4O", 1: "4B", 2: "3S", 3: "2S"}]
    state = play_tricks(GAME, tricks)
    assert state.winners[0] == 0


def test_most_tricks_wins_one_point_for_the_partnership():
    tricks = [won_by(2, "3O", 8), won_by(2, "3C", 7), won_by(1, "2O", 6)] + [spoiled(g) for g in range(6)]
    result = play_tricks(GAME, tricks).result()
    assert result.team_scores == (Fraction(1), Fraction(0))
    assert [r.rule for r in result.reasons] == ["most tricks"]


def test_partners_do_not_add_their_tricks():
    # Seats 0 and 2 take one trick each (two for North-South); seat 3 alone takes two.
    tricks = [won_by(0, "3O", 8), won_by(2, "3C", 7), won_by(3, "2O", 6), won_by(3, "2C", 5)] \
        + [spoiled(g) for g in range(5)]
    result = play_tricks(GAME, tricks).result()
    assert result.facts["winner"] == 3
    assert result.team_scores == (Fraction(0), Fraction(1))


def test_equal_most_tricks_go_to_the_player_who_reached_the_count_first():
    # Seat 2 wins tricks 1 and 5; seat 3 wins tricks 2 and 3: seat 3 reaches two first.
    tricks = [won_by(2, "3O", 8), won_by(3, "3C", 7), won_by(3, "2O", 6), spoiled(0), won_by(2, "2C", 5),
              spoiled(1), spoiled(2), spoiled(3), spoiled(4)]
    result = play_tricks(GAME, tricks).result()
    assert result.facts["winner"] == 3
    assert result.team_scores == (Fraction(0), Fraction(1))


def test_all_nine_tricks_spoiled_nobody_scores():
    result = play_tricks(GAME, [spoiled(g) for g in range(9)]).result()
    assert result.team_scores == (Fraction(0), Fraction(0))
    assert result.reasons == ()
    assert result.facts["winner"] is None


def test_mordienne_winner_takes_only_the_last_tricks_scores_two():
    tricks = [spoiled(g) for g in range(7)] + [won_by(1, "3O", 7), won_by(1, "3C", 8)]
    result = play_tricks(GAME, tricks).result()
    assert result.facts["mordienne"] is True
    assert result.team_scores == (Fraction(0), Fraction(2))
    assert [r.rule for r in result.reasons] == ["Mordienne"]


def test_mordienne_with_a_longer_final_run():
    tricks = [spoiled(g) for g in range(5)] + [won_by(0, c, g) for c, g in (("3O", 5), ("3C", 6), ("2O", 7), ("2C", 8))]
    result = play_tricks(GAME, tricks).result()
    assert result.team_scores == (Fraction(2), Fraction(0))


def test_mordienne_broken_by_an_earlier_trick():
    tricks = [won_by(1, "2O", 6)] + [spoiled(g) for g in range(6)] + [won_by(1, "3O", 7), won_by(1, "3C", 8)]
    result = play_tricks(GAME, tricks).result()
    assert result.facts["mordienne"] is False
    assert result.team_scores == (Fraction(0), Fraction(1))


def test_mordienne_broken_by_a_spoiled_final_trick():
    tricks = [spoiled(g) for g in range(6)] + [won_by(1, "3O", 7), won_by(1, "3C", 8), spoiled(6)]
    result = play_tricks(GAME, tricks).result()
    assert result.facts["mordienne"] is False
    assert result.team_scores == (Fraction(0), Fraction(1))


def test_a_single_last_trick_is_not_mordienne():
    tricks = [spoiled(g) for g in range(8)] + [won_by(1, "3O", 8)]
    result = play_tricks(GAME, tricks).result()
    assert result.team_scores == (Fraction(0), Fraction(1))


def test_match_is_five_deals_with_the_deal_passing_left():
    match = GAME.new_match(seed=5, dealer=0)
    dealers = []
    while not match.is_over:
        state = match.next_deal()
        dealers.append(state.dealer)
        while not state.is_over:
            state.apply(state.legal_actions()[0])
        match.finish_deal(state)
    assert dealers == [0, 1, 2, 3, 0]
    assert len(match.results) == 5


def test_match_equal_totals_are_a_draw_and_unequal_a_win():
    def run(deal_tricks):
        match = GAME.new_match(seed=1)
        for tricks in deal_tricks:
            state = match.next_deal(layout=layout_from_tricks(GAME, tricks))
            for trick in tricks:
                for _ in range(4):
                    state.apply(trick[state.current_player])
            match.finish_deal(state)
        return match.result()

    ns = [won_by(0, "3O", 8)] + [spoiled(g) for g in range(8)]
    ew = [won_by(1, "3O", 8)] + [spoiled(g) for g in range(8)]
    nobody = [spoiled(g) for g in range(9)]
    draw = run([ns, ew, nobody, ns, ew])
    assert draw.team_scores == (Fraction(2), Fraction(2)) and draw.winner is None
    win = run([ns, ew, ns, nobody, nobody])
    assert win.winner == NS


def test_same_seed_same_deal():
    a, b = GAME.new_deal(seed=42), GAME.new_deal(seed=42)
    assert a.hands == b.hands and a.piles == b.piles
    assert GAME.new_deal(seed=43).hands != a.hands
