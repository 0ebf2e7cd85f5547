"""Hearts (games/hearts.yaml, after Pagat's standard four-player game), clause by clause, on
stacked deals.

Seats run clockwise, in the direction of play: next(seat) is at the seat's left. A match
starts with seat 0 dealing and the deal passes to the left, so deal n of a match is dealt
by seat n - 1 (mod 4). Deals are stacked inside a match (``deal_in_match``) so that each
has its real deal number: 1 passes left, 2 right, 3 across, 4 not at all, 5 left again.
Most clause tests use a fourth deal (no passing), so the stacked hands are the hands played.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

import interpreter

GAME = interpreter.load("hearts")
SUITS = "SHDC"
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
ALL = [r + s for s in SUITS for r in RANKS]

# Who receives a seat's three cards in deal n of a match (None: no passing).
RECEIVER = {1: lambda s: (s + 1) % 4, 2: lambda s: (s - 1) % 4, 3: lambda s: (s + 2) % 4, 0: None}


# --- helpers ---------------------------------------------------------------------------------

def hands(*text: str) -> list[list[str]]:
    """Four hands written as text; every card of the pack exactly once."""
    out = [h.split() for h in text]
    assert sorted(c for h in out for c in h) == sorted(ALL) and all(len(h) == 13 for h in out)
    return out


def deal_in_match(number: int, stacked: list[list[str]], seed: int = 0):
    """A match advanced to its deal ``number`` (earlier deals played out with the first legal
    action: they cannot end the match), whose deal ``number`` is stacked; (match, state)."""
    match = GAME.new_match(seed=seed)
    while match.deals_played < number - 1:
        match.apply(match.legal_actions()[0])
    assert not match.is_over
    return match, match.next_deal(layout={"hands": stacked})


def fourth_deal(stacked: list[list[str]]) -> interpreter.State:
    """A stacked deal without passing (the fourth of a match, dealt by seat 3)."""
    _, state = deal_in_match(4, stacked)
    assert state.dealer == 3
    return state


def hand(state: interpreter.State, seat: int) -> set[str]:
    return set(state.observation(seat)["hand"])


def legal(state: interpreter.State) -> set[str]:
    return {a.text for a in state.legal_actions()}


def plays(*cards: str) -> set[str]:
    return {"play " + c for c in cards}


def play(state: interpreter.State, tricks: list[dict[int, str]]) -> None:
    """Play the tricks: each seat plays its card of the trick when its turn comes."""
    for trick in tricks:
        for _ in range(4):
            state.apply("play " + trick[state.current_player])


def assert_illegal(state: interpreter.State, action: str) -> None:
    before = (state.current_player, legal(state), len(state.history))
    with pytest.raises(interpreter.IllegalActionError):
        state.apply(action)
    assert (state.current_player, legal(state), len(state.history)) == before


def score(result) -> list[Fraction]:
    return list(result.seat_scores)


# --- the file, the deck, the deal ------------------------------------------------------------

def test_rule_file_and_its_openspiel_variant_validate():
    problems, game = interpreter.problems_in(interpreter.resolve("hearts"))
    assert problems == [] and game is not None
    variant = interpreter.load("hearts", "openspiel")
    assert variant.match.deals == 1


def test_deck_is_52_cards_13_to_each_player_26_points_in_all():
    assert GAME.deck.size == 52
    state = GAME.new_deal(seed=5, dealer=0)
    assert [len(state.observation(s)["hand"]) for s in range(4)] == [13] * 4
    assert sum(GAME.points) == 26
    index = GAME.deck.index
    assert GAME.points[index["QS"]] == 13 and GAME.points[index["7H"]] == 1
    assert GAME.points[index["AH"]] == 1 and GAME.points[index["KS"]] == 0 and GAME.points[index["JD"]] == 0


# --- passing -----------------------------------------------------------------------------------

SUITED = hands(" ".join(r + "S" for r in RANKS), " ".join(r + "H" for r in RANKS),
               " ".join(r + "D" for r in RANKS), " ".join(r + "C" for r in RANKS))
GIVES = [["AS", "KS", "QS"], ["AH", "KH", "QH"], ["AD", "KD", "QD"], ["AC", "KC", "QC"]]


@pytest.mark.parametrize("number", [1, 2, 3, 5, 6, 7])
def test_three_cards_pass_left_right_across_by_deal_number_each_player_in_turn_from_the_dealers_left(number):
    _, state = deal_in_match(number, SUITED)
    dealer = (number - 1) % 4
    assert state.dealer == dealer
    receiver = RECEIVER[number % 4]
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        for k, card in enumerate(GIVES[seat]):
            assert state.current_player == seat
            # one card at a time, from the cards not yet chosen
            assert legal(state) == {"pass " + c for c in SUITED[seat] if c not in GIVES[seat][:k]}
            state.apply("pass " + card)
    for seat in range(4):
        giver = next(g for g in range(4) if receiver(g) == seat)
        assert hand(state, seat) == (set(SUITED[seat]) - set(GIVES[seat])) | set(GIVES[giver])
    # play begins: the holder of the 2 of clubs (never passed here) leads it
    assert state.current_player == 3 and legal(state) == plays("2C")


@pytest.mark.parametrize("number", [4, 8])
def test_no_passing_in_every_fourth_deal(number):
    _, state = deal_in_match(number, SUITED)
    assert state.dealer == 3
    assert state.current_player == 3 and legal(state) == plays("2C")
    assert [hand(state, s) for s in range(4)] == [set(h) for h in SUITED]


def test_passed_cards_arrive_only_once_everyone_has_chosen():
    _, state = deal_in_match(1, SUITED)          # dealer 0: seats 1, 2, 3, 0 pass, to the left
    state.apply("pass AH")
    assert hand(state, 1) == set(SUITED[1])      # a chosen card stays until the third is chosen
    state.apply("pass KH")
    state.apply("pass QH")
    assert hand(state, 1) == set(SUITED[1]) - {"AH", "KH", "QH"}
    assert hand(state, 2) == set(SUITED[2])      # seat 2 has not received them yet
    assert state.current_player == 2
    assert legal(state) == {"pass " + c for c in SUITED[2]}
    assert_illegal(state, "pass AH")             # nor can it pass them on
    for card in GIVES[2]:
        state.apply("pass " + card)
    for card in GIVES[3]:
        state.apply("pass " + card)
    assert hand(state, 2) == set(SUITED[2]) - set(GIVES[2])
    assert state.current_player == 0
    for card in GIVES[0]:
        state.apply("pass " + card)
    assert hand(state, 2) == (set(SUITED[2]) - set(GIVES[2])) | {"AH", "KH", "QH"}
    assert [len(hand(state, s)) for s in range(4)] == [13] * 4


def test_passes_are_private_to_the_passer():
    _, state = deal_in_match(1, SUITED)
    state.apply("pass AH")
    assert state.observation(1)["history"][-1] == [1, "pass AH"]
    assert state.observation(2)["history"][-1] == [1, "pass"]


# --- the lead ----------------------------------------------------------------------------------

def test_the_holder_of_the_two_of_clubs_after_the_passing_leads_it():
    _, state = deal_in_match(1, SUITED)          # seat 3 passes 2C to seat 0
    for seat in (1, 2):
        for card in GIVES[seat]:
            state.apply("pass " + card)
    for card in ("2C", "AC", "KC"):
        state.apply("pass " + card)
    for card in GIVES[0]:
        state.apply("pass " + card)
    assert state.current_player == 0
    assert legal(state) == plays("2C")
    assert_illegal(state, "play AC")


# A deal without passing: seat 0 leads 2C; seat 2 wins the first trick with AC and leads the
# second, holding hearts and other cards; seat 3 is void in diamonds.
BROKEN = hands(
    "2C 3S 4S 5S 6S 7S 2D 3D 4D 5D 2H 3H 4H",
    "3C 8S 9S 10S 6D 7D 8D 9D KD AD 5H 6H 7H",
    "AC KC QC JC QS 10D JD QD 10H JH QH KH AH",
    "4C 5C 6C 7C 8C 9C 10C AS KS JS 2S 8H 9H",
)
FIRST = {0: "2C", 1: "3C", 2: "AC", 3: "4C"}


def test_follow_suit():
    state = fourth_deal(BROKEN)
    assert state.current_player == 0 and legal(state) == plays("2C")
    state.apply("play 2C")
    assert legal(state) == plays("3C")           # seat 1's only club
    assert_illegal(state, "play 8S")
    state.apply("play 3C")
    assert legal(state) == plays("AC", "KC", "QC", "JC")
    state.apply("play AC")
    assert legal(state) == plays("4C", "5C", "6C", "7C", "8C", "9C", "10C")
    assert_illegal(state, "play 8H")
    state.apply("play 4C")
    assert state.current_player == 2             # the highest club wins and leads
    state.apply("play 10D")
    assert state.current_player == 3             # void in diamonds: any card, hearts included
    assert legal(state) == plays("5C", "6C", "7C", "8C", "9C", "10C", "AS", "KS", "JS", "2S", "8H", "9H")
    state.apply("play AS")
    assert legal(state) == plays("2D", "3D", "4D", "5D")
    state.apply("play 2D")
    assert legal(state) == plays("6D", "7D", "8D", "9D", "KD", "AD")


def test_hearts_may_not_be_led_before_they_are_broken():
    state = fourth_deal(BROKEN)
    play(state, [FIRST])
    assert state.current_player == 2
    assert legal(state) == plays("KC", "QC", "JC", "QS", "10D", "JD", "QD")
    assert_illegal(state, "play AH")
    # a diamond trick without a heart (seat 3 discards a spade) does not break them
    play(state, [{2: "10D", 3: "AS", 0: "2D", 1: "AD"}])
    assert state.current_player == 1
    assert legal(state) == plays("8S", "9S", "10S", "6D", "7D", "8D", "9D", "KD")


def test_a_heart_discarded_in_an_earlier_trick_breaks_hearts():
    state = fourth_deal(BROKEN)
    play(state, [FIRST, {2: "10D", 3: "8H", 0: "2D", 1: "AD"}])
    assert state.current_player == 1
    assert legal(state) == plays("8S", "9S", "10S", "6D", "7D", "8D", "9D", "KD", "5H", "6H", "7H")


def test_the_queen_of_spades_breaks_hearts():
    state = fourth_deal(BROKEN)
    play(state, [FIRST, {2: "QS", 3: "2S", 0: "3S", 1: "8S"}])
    assert state.current_player == 2             # the Queen wins its own trick
    assert legal(state) == plays("KC", "QC", "JC", "10D", "JD", "QD", "10H", "JH", "QH", "KH", "AH")


ONLY_HEARTS = hands(
    "2C QS 2S 3S 4S AH 2D 3D 4D 5D 6D 7D 8D",
    "3C 5C 6C 5S 6S 7S 8S 9D 10D JD QD KD AD",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    "4C 7C 8C 9C 10C JC QC KC 9S 10S JS KS AS",
)


def test_a_leader_holding_only_hearts_leads_one_before_they_are_broken():
    state = fourth_deal(ONLY_HEARTS)
    play(state, [FIRST])
    assert state.current_player == 2
    assert legal(state) == plays(*(r + "H" for r in RANKS[1:]))


HEARTS_AND_QUEEN = hands(
    "2C 2S 3S 4S KH AH 2D 3D 4D 5D 6D 7D 8D",
    "3C 5C 6C 5S 6S 7S 8S 9D 10D JD QD KD AD",
    "AC QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
    "4C 7C 8C 9C 10C JC QC KC 9S 10S JS KS AS",
)


def test_a_leader_holding_only_hearts_and_the_queen_of_spades_leads_the_queen():
    state = fourth_deal(HEARTS_AND_QUEEN)
    play(state, [FIRST])
    assert state.current_player == 2
    assert legal(state) == plays("QS")
    assert_illegal(state, "play 2H")
    play(state, [{2: "QS", 3: "9S", 0: "2S", 1: "5S"}])
    assert state.current_player == 2             # hearts now broken, by the Queen
    assert legal(state) == plays(*(r + "H" for r in RANKS[2:]))


# --- no points on the first trick ------------------------------------------------------------

# Seat 0 holds every club; seats 1 to 3 are void in clubs from the first trick.
ALL_CLUBS = hands(
    " ".join(r + "C" for r in RANKS),
    "QS 2S 3S 4S 5S AD KD QD JD 10D 9D 8D 7D",
    " ".join(r + "H" for r in RANKS),
    "AS KS JS 10S 9S 8S 7S 6S 6D 5D 4D 3D 2D",
)


def test_no_heart_nor_the_queen_of_spades_on_the_first_trick_unless_nothing_else_is_held():
    state = fourth_deal(ALL_CLUBS)
    state.apply("play 2C")
    assert state.current_player == 1             # void in clubs: anything but QS and hearts
    assert legal(state) == plays("2S", "3S", "4S", "5S", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D")
    assert_illegal(state, "play QS")
    state.apply("play 2S")
    assert state.current_player == 2             # nothing but hearts: any of them
    assert legal(state) == plays(*(r + "H" for r in RANKS))
    state.apply("play 2H")
    assert legal(state) == plays(*ALL_CLUBS[3])  # no points in hand: any card
    state.apply("play AS")
    # after the first trick a void player may discard the Queen and hearts
    state.apply("play 3C")
    assert "play QS" in legal(state)


def test_only_hearts_and_the_queen_on_the_first_trick_any_of_them():
    stacked = hands(
        " ".join(r + "C" for r in RANKS),
        "QS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "AH AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D",
        "AS KS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 2D",
    )
    state = fourth_deal(stacked)
    state.apply("play 2C")
    assert legal(state) == plays("QS", *(r + "H" for r in RANKS[1:]))
    state.apply("play QS")
    assert legal(state) == plays("AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "3D")


# --- scoring -----------------------------------------------------------------------------------

# Thirteen tricks: QS to seat 2 in trick 3 (which breaks hearts), then hearts tricks.
SCRIPT = [
    {0: "2C", 1: "3C", 2: "4C", 3: "AC"},        # seat 3 wins
    {3: "2D", 0: "3D", 1: "AD", 2: "4D"},        # seat 1
    {1: "2S", 2: "QS", 3: "3S", 0: "4S"},        # seat 2: 13
    {2: "2H", 3: "3H", 0: "AH", 1: "4H"},        # seat 0: 4
    {0: "5H", 1: "6H", 2: "7H", 3: "KH"},        # seat 3: 4
    {3: "8H", 0: "9H", 1: "10H", 2: "JH"},       # seat 2: 4
    {2: "QH", 3: "5D", 0: "5S", 1: "5C"},        # seat 2: 1
    {2: "KC", 3: "6C", 0: "7C", 1: "8C"},
    {2: "QC", 3: "9C", 0: "10C", 1: "JC"},
    {2: "KD", 3: "6D", 0: "7D", 1: "8D"},
    {2: "QD", 3: "9D", 0: "10D", 1: "JD"},
    {2: "AS", 3: "6S", 0: "7S", 1: "8S"},
    {2: "KS", 3: "9S", 0: "10S", 1: "JS"},
]


def test_one_point_a_heart_and_thirteen_for_the_queen_of_spades_to_who_took_them():
    stacked = [[t[s] for t in SCRIPT] for s in range(4)]
    state = fourth_deal(hands(*(" ".join(h) for h in stacked)))
    play(state, SCRIPT)
    assert state.is_over
    result = state.result()
    assert score(result) == [4, 0, 18, 4]
    assert result.facts["moon"] is None
    assert [r.rule for r in result.reasons] == ["hearts and the Queen of spades"] * 3
    assert [s["card_points"] for s in result.breakdown["seats"]] == [4, 0, 18, 4]
    assert result.facts["tricks"] == [1, 1, 9, 2]


def test_shooting_the_moon_gives_26_to_each_other_player_and_0_to_the_shooter():
    state = fourth_deal(ALL_CLUBS)
    while not state.is_over:                     # seat 0 leads clubs and wins every trick
        state.apply(state.legal_actions()[0])
    result = state.result()
    assert result.facts["tricks"] == [13, 0, 0, 0]
    assert result.facts["moon"] == 0
    assert score(result) == [0, 26, 26, 26]
    assert {(r.rule, r.to, r.points) for r in result.reasons} == \
        {("shooting the moon", f"seat {s}", 26) for s in (1, 2, 3)}
    assert result.breakdown["seats"][0]["card_points"] == 26


# Seat 2 takes all thirteen hearts, seat 3 the Queen of spades.
HEARTS_ONLY_SCRIPT = [
    {0: "2C", 1: "3C", 2: "AC", 3: "4C"},        # seat 2
    {2: "2S", 3: "QS", 0: "3S", 1: "4S"},        # seat 3: 13
    {3: "2D", 0: "3D", 1: "4D", 2: "AD"},        # seat 2
    {2: "AH", 3: "2H", 0: "3H", 1: "4H"},        # seat 2: 4
    {2: "KH", 3: "5H", 0: "6H", 1: "7H"},        # seat 2: 4
    {2: "QH", 3: "8H", 0: "9H", 1: "10H"},       # seat 2: 4
    {2: "JH", 3: "5D", 0: "5C", 1: "5S"},        # seat 2: 1
] + SCRIPT[7:]


def test_all_thirteen_hearts_without_the_queen_is_no_moon():
    stacked = [[t[s] for t in HEARTS_ONLY_SCRIPT] for s in range(4)]
    state = fourth_deal(hands(*(" ".join(h) for h in stacked)))
    play(state, HEARTS_ONLY_SCRIPT)
    result = state.result()
    assert score(result) == [0, 0, 13, 13]
    assert result.facts["moon"] is None
    assert result.facts["tricks"] == [0, 0, 12, 1]


# --- the match ---------------------------------------------------------------------------------

def moon_deal(number: int, shooter: int) -> tuple[list[list[str]], dict[int, list[str]]]:
    """Hands for deal ``number`` after which ``shooter`` holds every club (so leads 2C and wins
    every trick), and the cards each seat passes."""
    clubs = [r + "C" for r in RANKS]
    rest = [c for c in ALL if not c.endswith("C")]
    receiver = RECEIVER[number % 4]
    stacked: list[list[str]] = [[] for _ in range(4)]
    if receiver is None:
        stacked[shooter] = clubs
        giver = None
    else:
        giver = next(g for g in range(4) if receiver(g) == shooter)
        stacked[shooter], stacked[giver] = clubs[:10] + rest[:3], clubs[10:]
        rest = rest[3:]
    for seat in range(4):
        need = 13 - len(stacked[seat])
        stacked[seat], rest = stacked[seat] + rest[:need], rest[need:]
    passes = {seat: [c for c in stacked[seat] if (c.endswith("C")) == (seat == giver)][:3] for seat in range(4)}
    return stacked, passes


@pytest.mark.parametrize("shooters,winner,scores", [
    ([0, 0, 0, 0], 0, [0, 104, 104, 104]),
    ([2, 1, 2, 1], None, [104, 52, 52, 104]),
])
def test_game_to_100_the_lowest_total_wins(shooters, winner, scores):
    match = GAME.new_match(seed=3)
    totals = [0] * 4
    for number, shooter in enumerate(shooters, start=1):
        assert not match.is_over
        stacked, passes = moon_deal(number, shooter)
        state = match.next_deal(layout={"hands": stacked})
        while not state.is_over:
            action = state.legal_actions()[0]
            if action.text.startswith("pass "):
                seat = state.current_player
                action = "pass " + passes[seat].pop(0)
            state.apply(action)
        result = match.finish_deal(state)
        assert result.facts["moon"] == shooter
        totals = [t + (0 if s == shooter else 26) for s, t in enumerate(totals)]
        assert list(match.team_scores) == totals
    assert match.is_over                         # 104 >= 100 after the fourth deal, not before
    final = match.result()
    assert list(final.team_scores) == scores
    assert final.winner == winner                # equal lowest totals: a draw


def test_a_random_match_ends_as_soon_as_a_player_reaches_100_and_the_lowest_wins():
    for seed in range(3):
        match = GAME.new_match(seed=seed)
        previous = 0
        while not match.is_over:
            assert max(match.team_scores) < 100
            result = match.apply(match.legal_actions()[-1])
            if result is not None:
                assert sum(result.seat_scores) in (26, 78)
                assert match.deals_played == previous + 1
                previous += 1
        final = match.result()
        assert max(final.team_scores) >= 100
        low = min(final.team_scores)
        expected = [t for t, x in enumerate(final.team_scores) if x == low]
        assert final.winner == (expected[0] if len(expected) == 1 else None)
