"""Functions over the seats, teams, suits and past tricks (``sum(tricks(s) for s in seats)``),
min and max of several numbers, seat_number and players: their values on a played deal, on
both engines, and the problems of a misuse."""
from __future__ import annotations

import pytest

from helpers import ENGINES, FOLLOW_AND_TRICKS_TAIL, FOUR_RANKS_HEAD, on, play_tricks, problem_messages, tiny

# Four players in two teams, two cards each; seat 0 leads.
HEAD = """\
game: Sums
players: 4
teams:
  A: [0, 2]
  B: [1, 3]
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack}
order: A > K > Q > J
deal: 2 each
""" + FOLLOW_AND_TRICKS_TAIL

FACTS = {
    "all_tricks": "sum(tricks(s) for s in seats)",
    "seats_with_a_trick": "count(s for s in seats if tricks(s) > 0)",
    "most": "max(tricks(s) for s in seats)",
    "fewest": "min(tricks(s) for s in seats)",
    "tricks_of_seat_0": "count(t for t in tricks if trick_winner(t) = seat(0))",
    "some_seat_took_two": "any(tricks(s) = 2 for s in seats)",
    "every_team_took_one": "all(tricks(t) >= 1 for t in teams)",
    "suits": "count(x for x in suits)",
    "team_tricks": "sum(tricks(t) * (seat_number(seat(0)) + 1) for t in teams)",
    "least_of_three": "min(3, 7, tricks(seat(0)) + 4)",
    "greatest_of_two": "max(players, 2)",
    "number_of_seat_3": "seat_number(seat(3))",
    "nested": "sum(count(x for x in seats if tricks(x) > tricks(s)) for s in seats)",
}


def _game(tmp_path):
    lets = "let:\n" + "".join(f'  {name}: "{expr}"\n' for name, expr in FACTS.items())
    return tiny(tmp_path, HEAD + lets)


@pytest.mark.parametrize("engine", ENGINES)
def test_aggregates_over_a_played_deal(tmp_path, engine):
    game = on(_game(tmp_path), engine)
    # Seat 0 wins both tricks: AS leads KS QS JS; AH leads KH QH JH.
    state = play_tricks(game, [{0: "AS", 1: "KS", 2: "QS", 3: "JS"}, {0: "AH", 1: "KH", 2: "QH", 3: "JH"}])
    facts = state.result().facts
    assert facts["all_tricks"] == 2 and facts["seats_with_a_trick"] == 1
    assert facts["most"] == 2 and facts["fewest"] == 0 and facts["tricks_of_seat_0"] == 2
    assert facts["some_seat_took_two"] is True and facts["every_team_took_one"] is False
    assert facts["suits"] == 2 and facts["team_tricks"] == 2
    assert facts["least_of_three"] == 3 and facts["greatest_of_two"] == 4 and facts["number_of_seat_3"] == 3
    assert facts["nested"] == 3          # seats 1, 2 and 3 each have one seat with more tricks


@pytest.mark.parametrize("engine", ENGINES)
def test_aggregates_follow_the_deal(tmp_path, engine):
    game = on(_game(tmp_path), engine)
    # Seat 1 wins the first trick (KS over QS), seat 2 the second (AH).
    state = play_tricks(game, [{0: "QS", 1: "KS", 2: "JS", 3: "AS"}, {3: "KH", 0: "QH", 1: "JH", 2: "AH"}])
    facts = state.result().facts
    assert facts["seats_with_a_trick"] == 2 and facts["most"] == 1 and facts["tricks_of_seat_0"] == 0
    assert facts["every_team_took_one"] == (state.tricks[1] + state.tricks[3] >= 1 and state.tricks[0] + state.tricks[2] >= 1)
    assert facts["nested"] == sum(1 for a in range(4) for b in range(4) if state.tricks[b] > state.tricks[a])


@pytest.mark.parametrize("expr, message", [
    ("avg(tricks(s) for s in seats)", "'avg(… for …)' is not a function over seats, teams, suits or tricks"),
    ("sum(tricks(s) for s in players)", "'players' is nothing to go over"),
    ("sum(tricks(me) for me in seats)", "'me' already names something else here: pick another name for each of the seats"),
    ("sum(s for s in seats)", "expected a number, found a seat"),
    ("any(tricks(s) for s in seats)", "expected a condition, found a number"),
    ("min(3)", "'min' takes two or more numbers, found 1"),
    ("max(3, hand)", "expected a number, found a set of cards"),
])
def test_a_misused_aggregate_is_reported(tmp_path, expr, message):
    assert problem_messages(tmp_path, HEAD + f'let:\n  x: "{expr}"\n') == [message]


def test_the_name_is_bound_only_inside(tmp_path):
    text = HEAD + 'let:\n  x: "sum(tricks(s) for s in seats) + tricks(s)"\n'
    assert problem_messages(tmp_path, text)[0].startswith("unknown name 's'")


def test_an_aggregate_reads_as_english():
    from interpreter.language.syntax import parse
    assert parse("count(s for s in seats if bid(s) = 0)", "expr").english() == \
        "the number of players where the bid of s is 0"
    assert parse("sum(tricks(s) for s in seats)", "expr").english() == \
        "the sum of the number of tricks won by s over each player s"


def test_a_four_rank_head_still_parses_plain_calls(tmp_path):
    """The new form does not change the old: a call with several arguments, a count of a set."""
    game = tiny(tmp_path, "game: Plain\n" + FOUR_RANKS_HEAD + "deal: 4 each\n" + FOLLOW_AND_TRICKS_TAIL.replace(
        "points: tricks(it)", "points: count(won(it)) + min(1, 2)"))
    state = play_tricks(game, [{0: "AS", 1: "KS"}, {0: "QS", 1: "JS"}, {0: "AH", 1: "KH"}, {0: "QH", 1: "JH"}])
    assert list(state.result().seat_scores) == [9, 1]
