"""Behaviour a 300 + 60 mutation run (seed 2, issue 16) found unchecked in the engine: each test
pins an exact decision, value or message on a position where the right answer is clear (tiny
rule files in tmp_path, stacked deals). Where the game's own generated engine and the generic
reference engine (``Game.reference()``) both run the behaviour, the test runs on both."""
from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from pathlib import Path

import pytest

import interpreter
from interpreter.players.arena import wilson
from interpreter.authoring.explain import explain
from interpreter.players.greedy import GreedyPlayer
from interpreter.language.syntax import parse

ENGINES = ["generated", "reference"]


def on(game: interpreter.Game, engine: str) -> interpreter.Game:
    """The game on the engine named: its generated code, or the generic State alone."""
    return game if engine == "generated" else game.reference()


def tiny(tmp_path: Path, text: str, name: str = "tiny") -> interpreter.Game:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert [p.format() for p in problems if not p.warning] == []
    assert game is not None
    return game


def problems(tmp_path: Path, text: str, name: str = "bad") -> list[str]:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    found, _ = interpreter.problems_in(path)
    return [p.message for p in found if not p.warning]


def texts(state: interpreter.State) -> list[str]:
    return [a.text for a in state.legal_actions()]


HEAD = """\
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
piles:
  unused: {seen by: nobody}
"""

# seat 0 leads, the highest card of the suit led wins, follow suit if you can
PLAY_FROM_SEAT_0 = """\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
"""


# --- the choice of cards to give: the hint of an illegal choice ------------------------------

PASSING = "game: Passing\n" + HEAD + """\
deal: 5 each
transfers:
  give:
    who: each
    count: 2
FIRST    to: next(me)
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: more tricks
      to: each_seat
      points: 1 if tricks(it) >= 3 else 0
"""
PASS_HANDS = {"hands": [["AH", "KH", "QH", "AS", "KS"], ["JH", "10H", "QS", "JS", "10S"]]}


@pytest.mark.parametrize("engine", ENGINES)
def test_an_illegal_give_says_the_cards_allowed_first_come_first(tmp_path, engine):
    game = on(tiny(tmp_path, PASSING.replace("FIRST", "    first: H\n")), engine)
    state = game.new_deal(layout=PASS_HANDS, dealer=0)
    assert state.current_player == 1 and texts(state) == ["give JH", "give 10H"]
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply("give JS")
    assert str(err.value) == ("give JS: not allowed now; legal: give JH, give 10H (2 more card(s) to choose for "
                              "give; the cards allowed first must be used before any other)")


@pytest.mark.parametrize("engine", ENGINES)
def test_an_illegal_give_without_first_cards_gives_only_the_count(tmp_path, engine):
    game = on(tiny(tmp_path, PASSING.replace("FIRST", "    cards: hand except S\n")), engine)
    state = game.new_deal(layout=PASS_HANDS, dealer=0)
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply("give JS")
    assert str(err.value) == "give JS: not allowed now; legal: give JH, give 10H (2 more card(s) to choose for give)"


# --- led, trick_cards(n): the built-ins on the first suit and the first trick ----------------

FOLLOW = "game: Follow\n" + HEAD + """\
deal: 5 each
play:
  lead: seat(0)
  winner: highest of led suit
  follow:
    - led
    - any
scoring:
  award:
    - rule: led cards
      to: seat(0)
      points: count(hand and led)
"""


LED_DEALS = {"S": [["AS", "AH", "JS", "JH", "10S"], ["KS", "QS", "KH", "QH", "10H"]],
             "H": [["AS", "AH", "JH", "QH", "10H"], ["KS", "QS", "JS", "10S", "KH"]]}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("suit,follow", [("S", ["play KS", "play QS"]), ("H", ["play KH"])])
def test_led_is_the_suit_led_for_the_first_suit_too(tmp_path, engine, suit, follow):
    """Spades is suit 0: following it is an obligation as following hearts (suit 1) is."""
    game = on(tiny(tmp_path, FOLLOW), engine)
    state = game.new_deal(layout={"hands": LED_DEALS[suit]}, dealer=1)
    state.apply("A" + suit)
    assert texts(state) == follow


TRICK_N = "game: Tricks by number\n" + HEAD + """\
deal: 2 each, rest to unused
""" + PLAY_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: first trick's hearts
      to: seat(0)
      points: 10 * count(trick_cards(1) and H) + count(trick_cards(-2) and S)
    - rule: first trick's leader card
      to: seat(1)
      points: 100 * count(trick_led(1) and AH) + count(trick_cards(3)) + count(trick_cards(0))
    - rule: first trick's winner
      when: trick_winner(1) = seat(1)
      to: seat(1)
      points: 1000
    - rule: no third trick
      when: trick_winner(3) = none and trick_winner(-3) = none
      to: seat(0)
      points: 1
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_trick_cards_numbers_the_first_trick_one(tmp_path, engine):
    game = on(tiny(tmp_path, TRICK_N), engine)
    # trick 1: seat 0 leads AH, seat 1 plays KH (seat 0 wins); trick 2: AS, KS
    state = game.new_deal(layout={"hands": [["AH", "AS"], ["KH", "KS"]], "fill": True}, dealer=1)
    for card in ("AH", "KH", "AS", "KS"):
        state.apply(card)
    result = state.result()
    assert result.seat_scores == (21, 100)
    # the same with seat 1 winning the first trick: QH led, KH wins
    state = game.new_deal(layout={"hands": [["QH", "AS"], ["KH", "KS"]], "fill": True}, dealer=1)
    for card in ("QH", "KH", "KS", "AS"):
        state.apply(card)
    assert state.result().seat_scores == (21, 1000)


# --- rule strings that are plain numbers -----------------------------------------------------

NUMBERS = "game: Numbers\n" + HEAD + """\
deal: 1 each, rest to unused
""" + PLAY_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: a half
      to: seat(0)
      points: 2.5
    - rule: a tenth
      to: seat(1)
      points: 0.1
    - rule: a tiny share
      to: seat(1)
      points: 0.00001
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_number_as_points_is_exact(tmp_path, engine):
    game = on(tiny(tmp_path, NUMBERS), engine)
    state = game.new_deal(layout={"hands": [["AS"], ["KS"]], "fill": True}, dealer=1)
    state.apply("AS")
    state.apply("KS")
    # 0.00001 is the float 1e-05 in YAML: still read as the exact decimal it is written as
    assert state.result().seat_scores == (Fraction(5, 2), Fraction(1, 10) + Fraction(1, 100000))


def test_a_yes_no_value_where_points_are_expected_is_a_problem(tmp_path):
    text = NUMBERS.replace("      points: 0.1\n", "      points: true\n")
    assert problems(tmp_path, text) == ["scoring/award/1/points must be text or a number, found true"]


# --- syntax nodes are frozen values ----------------------------------------------------------

def test_syntax_nodes_are_frozen_and_hashable():
    tree = parse("count(hand and led) > 0 or trick_winner(1) = me", "expr")
    nodes, todo = [], [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        for field in dataclasses.fields(node):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if dataclasses.is_dataclass(item) and type(item).__name__ != "Pos":
                    todo.append(item)
    kinds = {type(n).__name__ for n in nodes}
    assert {"Binary", "Call", "Name", "Num"} <= kinds
    for node in nodes:
        assert hash(node) == hash(dataclasses.replace(node))      # a value: equal copies hash alike
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(node, dataclasses.fields(node)[0].name, None)
    assert parse("me", "expr") == parse("me", "expr") and len({parse("me", "expr"), parse("me", "expr")}) == 1


# --- explain: the auction's 'rising' -----------------------------------------------------------

def test_explain_says_any_bid_may_be_called_only_where_rising_is_false():
    spades = [line for line in explain("games/spades.yaml").splitlines() if line.startswith("  round 1")]
    assert spades == [("  round 1: each player calls 'bid' with a number from 0 to 13 (he may not pass); the round "
                       "ends after one turn each; any value may be called, not only a higher one.")]
    tarot = explain("games/french-tarot.yaml")
    assert "the round ends after one turn each." in tarot
    assert "any value may be called" not in tarot
    assert "any value may be called" not in explain("games/belote.yaml")


# --- the arena's interval -----------------------------------------------------------------------

def test_wilson_interval_values():
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1.0
    low, high = wilson(30, 40)
    assert low == pytest.approx(0.5981, abs=1e-4) and high == pytest.approx(0.8581, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert math.isclose(sum(wilson(20, 40)), 1.0)


# --- the greedy player ---------------------------------------------------------------------------

def greedy(state: interpreter.State) -> str:
    return GreedyPlayer(0).choose(state).text


SPOILING = """\
game: Spoiling
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {K: King, Q: Queen, J: Jack, "10": Ten}
order: K = Q > J > 10
piles:
  unused: {seen by: nobody}
deal: 2 each, rest to unused
""" + PLAY_FROM_SEAT_0 + """\
TIES
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("ties,lead", [("  ties: spoil\n", "play JS"), ("", "play KS")])
def test_greedy_does_not_lead_a_card_an_unseen_equal_card_could_spoil(tmp_path, ties, lead):
    """KS is the top spade, but QS (unseen) is its equal: where ties spoil, leading it may
    win nothing, and nothing else of the hand is safe, so greedy leads its weakest card."""
    game = tiny(tmp_path, SPOILING.replace("TIES\n", ties))
    state = game.new_deal(layout={"hands": [["KS", "JS"], ["QS", "10S"]], "fill": True}, dealer=1)
    assert state.current_player == 0
    assert greedy(state) == lead


SKAT = interpreter.load("skat")
FOREHAND = ["JC", "JS", "JH", "JD", "AC", "10C", "KC", "QC", "9C", "AS"]      # all four Jacks and six clubs
MIDDLEHAND = ["AH", "10H", "KH", "QH", "AD", "10D", "KD", "QD", "10S", "KS"]


def skat_bid_to_forehand(forehand: list[str], value: int) -> interpreter.State:
    rest = [c for c in SKAT.deck.codes if c not in forehand + MIDDLEHAND][:10]
    state = SKAT.new_deal(layout={"hands": [rest, forehand, MIDDLEHAND], "fill": True}, dealer=0)
    assert state.current_player == 2                                    # middlehand bids to forehand
    state.apply(f"bid {value}")
    assert state.current_player == 1 and texts(state) == ["hold", "pass"]
    return state


def test_greedy_holds_a_skat_bid_up_to_what_its_hand_is_worth():
    assert [greedy(skat_bid_to_forehand(FOREHAND, v)) for v in (18, 24, 33, 35, 36, 48)] == \
        ["hold", "hold", "hold", "pass", "pass", "pass"]
    weak = ["7S", "8S", "9S", "7H", "8H", "9H", "7D", "8D", "9D", "QS"]
    assert greedy(skat_bid_to_forehand(weak, 18)) == "pass"


# --- a stage's side actions go to a seat, or to nobody ---------------------------------------------

OFFER = "game: Offer\n" + HEAD + """\
deal: 2 each, rest to unused
marks:
  doubled: condition
""" + PLAY_FROM_SEAT_0 + """\
  actions:
    double:
      at: start of play
BY      set: {doubled: "true"}
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it) * (2 if doubled = true else 1)
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_start_of_play_action_without_a_taker_is_offered_to_nobody(tmp_path, engine):
    """No auction, so no taker: the action (offered to the taker by default) is skipped."""
    game = on(tiny(tmp_path, OFFER.replace("BY", "")), engine)
    state = game.new_deal(layout={"hands": [["AS", "AH"], ["KS", "KH"]], "fill": True}, dealer=1)
    assert state.current_player == 0 and texts(state) == ["play AS", "play AH"]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_start_of_play_action_goes_to_its_seat(tmp_path, engine):
    game = on(tiny(tmp_path, OFFER.replace("BY", "      by: seat(1)\n")), engine)
    state = game.new_deal(layout={"hands": [["AS", "AH"], ["KS", "KH"]], "fill": True}, dealer=1)
    assert state.current_player == 1 and texts(state) == ["double", "pass"]
    state.apply("double")
    for card in ("AS", "KS", "AH", "KH"):
        state.apply(card)
    assert state.result().seat_scores == (4, 0)


# --- the teams' scores a searching player reads -------------------------------------------------

@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_team_scores_are_the_results_team_scores(name):
    game = interpreter.load(name)
    rng = __import__("random").Random(7)
    for seed in range(6):
        state = game.new_deal(seed=seed, dealer=seed % game.players)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        scores = state.team_scores()
        assert isinstance(scores, list) and scores == list(state.result().team_scores)


# --- a deal's facts -----------------------------------------------------------------------------

def test_deal_facts_are_the_results_facts_and_the_plain_values_of_its_breakdown():
    from interpreter.simulation.facts import deal_facts
    state = interpreter.load("belote").new_deal(seed=3)
    state.apply("take")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result()
    facts = deal_facts(result)
    assert {"taker", "call", "contract", "trump"} <= set(result.breakdown)
    assert (facts["call"], facts["taker"], facts["trump"]) == ("take", result.breakdown["taker"], "S")
    assert "seats" not in facts and "teams" not in facts          # the breakdown's tables are left out
    assert set(facts) == {"taker", "call", "contract", "trump"} | set(result.facts)
    assert all(facts[k] == v for k, v in result.facts.items())


# --- a match's result is a value -----------------------------------------------------------------

def test_a_match_result_is_frozen():
    match = interpreter.Match(interpreter.load("aluette"), seed=3)
    rng = __import__("random").Random(3)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    result = match.result()
    assert len(result.deals) == 5 and sum(result.team_scores) >= 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.winner = None


# --- how a problem is shown: where the caret goes and how wide it is ---------------------------

POINTS = "game: Points\n" + HEAD + """\
deal: 1 each, rest to unused
""" + PLAY_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: a
      to: seat(0)
      points: POINTS
"""


@pytest.mark.parametrize("points,shown", [
    # a word glued to a number: the word alone is quoted and marked
    ("10 _bonus", [("18:18: unexpected '_bonus'; expected one of '*', '/', '+', '-', 'and', 'except', 'if', "
                    "'or', a comparison, the end of the text"),
                   "          points: 10 _bonus",
                   "                     ^^^^^^"]),
    # a binary expression is marked from its left operand's start to its right operand's end
    ("count(hand and S) + (tricks_played = 1)",
     ["18:36: '+' needs numbers, found a condition",
      "          points: count(hand and S) + (tricks_played = 1)",
      "                                       ^^^^^^^^^^^^^^^^^"]),
    ("tricks(seat(0)) and 3", ["18:15: 'and' joins two conditions or two card sets, found a number and a number",
                               "          points: tricks(seat(0)) and 3",
                               "                  ^^^^^^^^^^^^^^^^^^^^^"]),
    # an empty block scalar: the caret on its indicator
    ("|", ["18:15: the text is empty; expected one of '(', '-', 'not', a code or number, a name",
           "          points: |",
           "                  ^"]),
    # a call with too many arguments: marked from its name to its closing parenthesis
    ("count(hand, trumps) + 1", ["18:15: 'count' takes 1 argument(s), found 2",
                                 "          points: count(hand, trumps) + 1",
                                 "                  ^^^^^^^^^^^^^^^^^^^",
                                 "    hint: example: count(hand and trumps) > 0"]),
    # the text ends too soon: one caret just after its end
    ('"1 +"', ["18:19: the text ends after '1 +'; expected one of '(', '-', a code or number, a name",
               '          points: "1 +"',
               "                      ^"]),
    ("'(1 + 2'", ["18:22: the text ends after '(1 + 2'; expected ')'",
                  "          points: '(1 + 2'",
                  "                         ^"]),
    ("1 +", ["18:18: the text ends after '1 +'; expected one of '(', '-', a code or number, a name",
             "          points: 1 +",
             "                     ^"]),
])
def test_a_problem_marks_the_text_it_is_about(tmp_path, points, shown):
    path = tmp_path / "points.yaml"
    path.write_text(POINTS.replace("POINTS", points), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None and len(found) == 1
    assert found[0].format().removeprefix(f"{path}:").splitlines() == shown


# --- the two engines agree move by move ----------------------------------------------------------

GAMES_AND_VARIANTS = [(p.stem, None) for p in interpreter.bundled_games()] + \
    [(p.stem, v) for p in interpreter.bundled_games() for v in interpreter.load(p.stem).variants]


@pytest.mark.parametrize("name,variant", GAMES_AND_VARIANTS)
def test_generated_and_reference_engines_agree_on_a_few_deals(name, variant):
    """A short form of tests/test_generated_engine.py, in the fast tests: the same legal
    actions at every step, the same history and the same result, on seeded random deals."""
    import random
    game = interpreter.load(name, variant=variant)
    reference = game.reference()
    rng = random.Random(f"{name}/{variant}")
    for i in range(25):
        seed = rng.getrandbits(32)
        fast, slow = game.new_deal(seed=seed, dealer=i % game.players), reference.new_deal(seed=seed, dealer=i % game.players)
        steps = 0
        while not slow.is_over:
            legal = slow.legal_actions()
            assert fast.legal_actions() == legal, (i, steps)
            action = rng.choice(legal)
            fast.apply(action)
            slow.apply(action)
            steps += 1
        assert fast.is_over and fast.history == slow.history
        a, b = fast.result(), slow.result()
        assert (a.seat_scores, a.team_scores, a.reasons, a.facts, a.breakdown) == \
            (b.seat_scores, b.team_scores, b.reasons, b.facts, b.breakdown)


# --- a ranking that changes only the card points keeps the file's orders ----------------------

FLAT = """\
game: Flat
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
trump order: J > A > K > Q > 10
points: {A: 11, J: 2}
rankings:
  flat: {points: {}}
piles:
  unused: {seen by: nobody}
deal: 2 each, rest to unused
auction:
  first: next(dealer)
  rounds:
    - calls:
        plain: {trump: H}
        flat: {trump: H, ranking: flat}
      ends: at the first call
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: card points
      to: each_seat
      points: points(it)
"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("call,scores", [("plain", (0, 13)), ("flat", (0, 0))])
def test_a_ranking_without_orders_keeps_the_trump_order(tmp_path, engine, call, scores):
    """The Jack of trumps beats the Ace under either call (the file's trump order); only
    the points differ: 'flat' puts a ranking with no card points in force."""
    game = on(tiny(tmp_path, FLAT), engine)
    state = game.new_deal(layout={"hands": [["AH", "10S"], ["JH", "KS"]], "fill": True}, dealer=1)
    assert texts(state) == ["plain", "flat", "pass"]
    state.apply(call)
    state.apply("AH")
    state.apply("JH")
    assert state.current_player == 1                  # JH took the trick: seat 1 leads
    state.apply("KS")
    state.apply("10S")
    assert state.result().seat_scores == scores


# --- the searching players ------------------------------------------------------------------------

CLEAR = "game: Clear\n" + HEAD + """\
deal: 2 each, rest to unused
""" + PLAY_FROM_SEAT_0 + """\
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("spec", ["ismcts:60", "sampling:8"])
def test_searching_players_take_the_trick_that_wins_the_deal(tmp_path, spec):
    """Seat 0 led KS; seat 1 holds AS and JS. AS takes this trick and never does worse on the
    next, whatever seat 0 still holds; JS loses this one."""
    from interpreter.players.registry import make_player
    game = tiny(tmp_path, CLEAR)
    state = game.new_deal(layout={"hands": [["KS", "10S"], ["AS", "JS"]], "fill": True}, dealer=1)
    state.apply("KS")
    assert texts(state) == ["play AS", "play JS"]
    for seed in range(3):
        assert make_player(spec, seed).choose(state).text == "play AS"


@pytest.mark.parametrize("name", ["hearts", "belote"])
def test_margins_compare_a_seat_with_the_best_other_side(name):
    """Where high scores win (Belote) a seat's margin is its side's score minus the best other
    side's; where low scores win (Hearts) it is the lowest other score minus its own."""
    import random

    from interpreter.players import margins
    game = interpreter.load(name)
    rng = random.Random(5)
    high = name == "belote"
    for seed in range(4):
        state = game.new_deal(seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        scores = [float(x) for x in state.result().team_scores]
        for seat, margin in enumerate(margins(state)):
            mine = state.team_of[seat]
            others = [x for t, x in enumerate(scores) if t != mine]
            assert margin == (scores[mine] - max(others) if high else min(others) - scores[mine])
        best = max(scores) if high else min(scores)
        if scores.count(best) == 1:
            assert [m > 0 for m in margins(state)] == [scores[state.team_of[s]] == best
                                                       for s in range(game.players)]


def test_greedy_shows_a_poignee_only_on_the_takers_side():
    from test_french_tarot import at_play, trumps
    # seat 1, a defender, may show nine trumps and the Excuse: greedy keeps them hidden
    state = at_play({0: trumps(11, 21), 1: trumps(2, 10) + " EX"}, chien="KS KH KD KC QS 1T",
                    avoid={1: "TX", 2: "TX", 3: "TX"})
    assert state.current_player == 1 and "single poignée" in texts(state)
    assert GreedyPlayer(0).choose(state).kind == "play"
    # the taker, seat 0, holding ten trumps shows them
    state = at_play({0: trumps(2, 11), 1: "1T " + trumps(12, 21) + " EX"}, chien="KS KH KD KC QS QH",
                    avoid={0: "TX", 1: "TX", 2: "TX", 3: "TX"}, call="garde contre")
    while state.current_player != 0:
        state.apply(next(a.text for a in state.legal_actions() if a.kind == "play"))
    assert "single poignée" in texts(state)
    assert greedy(state) == "single poignée"


@pytest.mark.parametrize("engine", ENGINES)
def test_the_winner_of_a_spoiled_trick_is_none(tmp_path, engine):
    text = SPOILING.replace("TIES\n", "  ties: spoil\n").replace("scoring:\n  award:\n", """scoring:
  award:
    - rule: first trick spoiled
      when: trick_winner(1) = none and trick_winner(2) = seat(0)
      to: seat(1)
      points: 10
""")
    game = on(tiny(tmp_path, text), engine)
    state = game.new_deal(layout={"hands": [["KS", "JS"], ["QS", "10S"]], "fill": True}, dealer=1)
    state.apply("KS")
    state.apply("QS")                                   # K = Q: the trick is spoiled, seat 0 leads again
    assert state.current_player == 0
    state.apply("JS")
    state.apply("10S")
    assert state.result().seat_scores == (1, 10)


CHOOSE = "game: Choose\n" + HEAD + """\
deal: 5 each, rest to unused
""" + PLAY_FROM_SEAT_0 + """\
  actions:
    no trump: {at: start of play, by: seat(0), required: true, trump: none}
    spades: {at: start of play, by: seat(0), required: true, trump: S}
    hearts: {at: start of play, by: seat(0), required: true, trump: H}
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("hand,choice", [(["AS", "KS", "QS", "JS", "10H"], "spades"),
                                         (["AH", "KH", "QH", "JH", "10S"], "hearts")])
def test_greedy_names_the_trump_its_hand_is_long_in_not_no_trump(tmp_path, hand, choice):
    game = tiny(tmp_path, CHOOSE)
    state = game.new_deal(layout={"hands": [hand, [c for c in game.deck.codes if c not in hand]]}, dealer=1)
    assert texts(state) == ["no trump", "spades", "hearts"]
    assert greedy(state) == choice


# --- the warning for a follow clause that only a leader could meet ----------------------------------

WARNED = "game: Warned\n" + HEAD + """\
deal: 5 each
play:
  lead: seat(0)
  winner: highest of led suit
  follow:
    - CLAUSE
    - any
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""
LEADER_ONLY = "this clause applies only before a card is led, but follow clauses bind a player once a suit has been led: it never applies"


@pytest.mark.parametrize("clause,warned", [
    ("led when count(trick) = 0", True),
    ("led when trick = nothing", True),
    ("led when nothing = trick and count(hand) > 1", True),
    ("led when hand = nothing", False),                 # no card in hand: not about the trick
    ("led when trick = led", False),
    ("led when count(trick) = 1", False),
])
def test_follow_clause_for_leaders_only_is_warned_about(tmp_path, clause, warned):
    path = tmp_path / "warned.yaml"
    path.write_text(WARNED.replace("CLAUSE", clause), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is not None and all(p.warning for p in found)
    assert [p.message for p in found] == ([LEADER_ONLY] if warned else [])


# --- equal trumps: the one of the trump suit beats the others -----------------------------------

JACKS = """\
game: Jacks
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
trump order: J > A > K > Q > 10
piles:
  unused: {seen by: nobody}
deal: 3 each, rest to unused
play:
  lead: seat(0)
  trump: TRUMP
  trump cards: trumps or J
  winner: highest of led suit
  follow:
    - led and beating
    - led
    - any
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("trump,other", [("S", "H"), ("H", "S")])
def test_the_trump_suits_jack_beats_an_equal_jack_led(tmp_path, engine, trump, other):
    """Every Jack is a trump of the same strength; of equal trumps the trump suit's wins, so
    after the other Jack is led, 'led and beating' leaves only the trump suit's Jack (spades
    is suit 0, hearts suit 1)."""
    game = on(tiny(tmp_path, JACKS.replace("TRUMP", trump)), engine)
    hands = [["J" + other, "10" + other, "K" + other], ["J" + trump, "A" + trump, "Q" + other]]
    state = game.new_deal(layout={"hands": hands, "fill": True}, dealer=1)
    state.apply("J" + other)
    assert texts(state) == ["play J" + trump]
    state.apply("J" + trump)
    assert state.current_player == 1                   # and it took the trick


# --- an order that leaves out cards: one problem, no more ---------------------------------------

def test_an_order_leaving_out_cards_is_one_problem(tmp_path):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    text = text.replace(" > 4 > 3B = 3S\n", " > 4\n")
    found = problems(tmp_path, text)
    assert found == ["the order leaves out 2 card(s): 3B 3S"]


BID = "game: Bid\n" + HEAD + """\
deal: 5 each, rest to unused
auction:
  first: seat(0)
  rounds:
    - calls:
        no trump: {trump: none}
        spades: {trump: S}
        hearts: {trump: H}
      ends: at the first call
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.mark.parametrize("hand,call", [(["AS", "KS", "QS", "JS", "10H"], "spades"),
                                       (["AH", "KH", "QH", "JH", "10S"], "hearts")])
def test_greedy_calls_the_trump_its_hand_is_long_in_not_no_trump(tmp_path, hand, call):
    game = tiny(tmp_path, BID)
    state = game.new_deal(layout={"hands": [hand, [c for c in game.deck.codes if c not in hand][:5]], "fill": True},
                          dealer=1)
    assert texts(state) == ["no trump", "spades", "hearts", "pass"]
    assert greedy(state) == call


# --- a mark an action sets must be declared --------------------------------------------------------

def test_an_action_setting_an_undeclared_mark_is_a_problem_at_the_mark(tmp_path):
    text = OFFER.replace("BY", "      by: seat(1)\n").replace('set: {doubled: "true"}', 'set: {redoubled: "true"}')
    path = tmp_path / "offer.yaml"
    path.write_text(text, encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None
    assert [p.format().removeprefix(f"{path}:").splitlines()[0] for p in found] == \
        ["20:13: 'redoubled' is not declared under 'marks'"]
    assert found[0].hint == "marks: doubled"


@pytest.mark.parametrize("old,new,message", [
    (" > 4 > 3B = 3S\n", " > 4\n", "46:8: the order leaves out 2 card(s): 3B 3S"),
    # nine cards left out: the first eight are named, then '…'
    (" > 2B > 2S > 1 > K > N > J > 9B = 9S > 8 > 7 > 6 > 5 > 4 > 3B = 3S\n", " > 2B > 1 > K > N > J > 8 > 7 > 6 > 5\n",
     "46:8: the order leaves out 9 card(s): 4O 4C 3B 4B 9B 2S 3S 4S …"),
    (" > 2B > 2S > 1 > K > N > J > 9B = 9S > 8 > 7 > 6 > 5 > 4 > 3B = 3S\n", " > 2B > 1 > K > N > J > 8 > 7 > 6 > 5 > 4\n",
     "46:8: the order leaves out 5 card(s): 3B 9B 2S 3S 9S"),
    # a team's seats: the problem of the list item, not of the whole value
    ("  North-South: [0, 2]", "  North-South: [0, 9]", "14:20: teams/North-South/1 must be at most 7, found 9"),
    ("  East-West: [1, 3]", "  East-West: 13", "15:14: teams/East-West must be a list or text, found the number 13"),
])
def test_aluette_with_one_change_has_exactly_this_problem(tmp_path, old, new, message):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "changed.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None
    assert [p.format().removeprefix(f"{path}:").splitlines()[0] for p in found] == [message]


def test_a_null_key_in_one_section_leaves_the_others_checked(tmp_path):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    old = "  winner: highest card        # suits play no role: the order alone decides\n"
    assert old in text and "      points: 2\n" in text
    text = text.replace(old, "  winner: highest card\n  null: 1\n").replace("      points: 2\n", "      points: 2 +\n")
    path = tmp_path / "null.yaml"
    path.write_text(text, encoding="utf-8")
    found, game = interpreter.problems_in(path)
    assert game is None
    assert [p.format().removeprefix(f"{path}:").splitlines()[0] for p in found] == [
        "55:3: a key in play is read by YAML as nothing (null)",
        "71:18: the text ends after '2 +'; expected one of '(', '-', a code or number, a name"]


# --- a card typed alone names the legal action on it -------------------------------------------

@pytest.mark.parametrize("engine", ENGINES)
def test_a_card_typed_alone_names_the_give_of_that_card(tmp_path, engine):
    game = on(tiny(tmp_path, PASSING.replace("FIRST", "")), engine)
    state = game.new_deal(layout=PASS_HANDS, dealer=0)
    assert state.resolve("JH").text == "give JH" and state.resolve(" give   jh ").text == "give JH"
    assert state.resolve("AH").text == "play AH"          # not in seat 1's hand: the card's own action
    state.apply(state.resolve("10s"))
    assert state.current_player == 1 and "give 10S" not in texts(state)


BEAT = FOLLOW.replace("    - led\n    - any\n", "    - led and beating\n    - led\n    - any\n")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("suit", ["S", "H"])
def test_led_and_beating_leaves_the_higher_cards_of_the_suit_led(tmp_path, engine, suit):
    """Spades is suit 0, hearts suit 1: after the Queen is led, only the King beats it."""
    game = on(tiny(tmp_path, BEAT), engine)
    other = "H" if suit == "S" else "S"
    hands = [[c + suit for c in ("Q", "A")] + [c + other for c in ("A", "10", "J")],
             [c + suit for c in ("K", "J", "10")] + [c + other for c in ("K", "Q")]]
    state = game.new_deal(layout={"hands": hands}, dealer=1)
    state.apply("Q" + suit)
    assert texts(state) == ["play K" + suit]


def test_a_broken_deal_of_a_call_is_its_only_problem(tmp_path):
    text = FLAT.replace("flat: {trump: H, ranking: flat}", "flat: {trump: H, ranking: flat, then deal: 3 eachh}")
    assert problems(tmp_path, text) == ["unexpected 'eachh'; expected one of 'each', 'to', 'x'"]


def test_a_keyword_run_into_the_first_word_of_a_deal_is_quoted_from_its_start(tmp_path):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    old = "deal: 3 each, 3 each, 3 each, rest to unused"
    assert old in text
    path = tmp_path / "deal.yaml"
    path.write_text(text.replace(old, "deal: 3eachh, 3 each, 3 each, rest to unused"), encoding="utf-8")
    found, _ = interpreter.problems_in(path)
    assert len(found) == 1
    line = found[0].format().removeprefix(f"{path}:").splitlines()[0]
    assert line.startswith("49:7: unexpected '3eachh'; expected ")  # the word from its first character,
    assert "^^^^^^" in found[0].format() and "^^^^^^^" not in found[0].format()  # without the comma after it


def test_fact_kinds_are_the_files_then_the_engines_values():
    from interpreter.simulation.facts import fact_kinds
    assert fact_kinds(interpreter.load("belote")) == {
        "takers": "team", "defenders": "team", "capot": "team", "belote": "team", "made": "bool",
        "taker": "int", "call": "str", "contract": "int", "trump": "str", "tricks": "list", "trick_winners": "list"}


# --- French Tarot for five: the poignées' sizes ---------------------------------------------------

@pytest.mark.parametrize("count,offered", [(9, ["single poignée"]), (10, ["single poignée", "double poignée"])])
def test_five_player_tarot_poignees_are_8_10_and_13_trumps(count, offered):
    from test_french_tarot import FIVE, bid, layout, trumps
    state = FIVE.new_deal(layout=layout({0: trumps(2, 1 + count)}, chien="KS KH KD", avoid={0: "TX"}, game=FIVE),
                          dealer=4)
    bid(state, 0, "garde sans")
    state.apply("call KC")
    state.apply("pass")                                     # no chelem
    assert state.current_player == 0
    assert [t for t in texts(state) if "poignée" in t] == offered
    size = 10 if count == 10 else 8
    state.apply(offered[-1])
    for card in trumps(2, 1 + size).split():
        assert state.current_player == 0 and f"show {card}" in texts(state)
        state.apply(f"show {card}")
    assert all(a.kind == "play" for a in state.legal_actions())      # shown: play begins
    assert state.shown[0] == (30 if size == 10 else 20)


@pytest.mark.parametrize("deal,where", [
    ("1 x (1 each, 1 x (1 each, 1 x (1 each, 1 x (1 each)))), 5 each, rest to unused", None),
    # a group repeated inside four others is refused (at the innermost group)
    ("1 x (1 each, 1 x (1 each, 1 x (1 each, 1 x (1 each, 1 x (1 each))))), 4 each, rest to unused", "49:59"),
])
def test_repeated_groups_nest_four_deep_at_most(tmp_path, deal, where):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    old = "deal: 3 each, 3 each, 3 each, rest to unused"
    assert old in text
    path = tmp_path / "nested.yaml"
    path.write_text(text.replace(old, "deal: " + deal), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    if where is None:
        assert found == [] and [h.bit_count() for h in game.new_deal(seed=1).dealt] == [9] * 4
    else:
        assert game is None and [p.format().removeprefix(f"{path}:").split(": ")[0] for p in found] == [where]
        assert "repeated groups nest at most four deep; this one is the fifth" in found[0].format()


REST_AFTER_THE_AUCTION = """\
game: Rest after the auction
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack, "10": Ten}
order: A > K > Q > J > 10
piles:
  unused: {seen by: nobody}
deal: 2 each
auction:
  first: next(dealer)
  rounds:
    - calls:
        plain: {trump: H}
      ends: at the first call
  then deal: THEN
play:
  lead: taker
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: p
      to: each_seat
      points: points(it)
"""


@pytest.mark.parametrize("then,hands,problem", [
    ("rest to unused", [2, 2], None),                     # the 6 cards left go to the pile
    ("1 each, rest to unused", [3, 3], None),             # 2 dealt, the 4 left to the pile
    ("3 each", [5, 5], None),                             # exactly the 6 left
    ("2 each", None, "after the first deal 6 card(s) stay in the pack, but the deal after the auction hands out 4"),
    ("4 each, rest to unused", None,
     "after the first deal 6 card(s) stay in the pack, but the deal after the auction hands out 8 before 'rest to'"),
    ("rest to unused, 1 each", None, "'rest to' must come once, as the last step of the deal"),
])
def test_a_deal_after_the_auction_may_end_with_rest_to_a_pile(tmp_path, then, hands, problem):
    path = tmp_path / "rest.yaml"
    path.write_text(REST_AFTER_THE_AUCTION.replace("THEN", then), encoding="utf-8")
    found, game = interpreter.problems_in(path)
    if problem is None:
        assert found == []
        state = game.new_deal(seed=3)
        state.apply("plain")
        assert [h.bit_count() for h in state.hands] == hands
        assert sum(len(p) for p in state.piles) == 10 - sum(hands)
    else:
        assert game is None and len(found) == 1 and problem in found[0].format()


# --- more of the greedy player, the auction and the generated engine ------------------------------

def test_greedy_does_not_announce_a_chelem_with_an_ordinary_hand():
    from test_french_tarot import bid, new
    state = new({0: "1T 2T 3T KS"})
    bid(state, 0, "garde sans")
    assert texts(state) == ["announce chelem", "pass"]
    assert greedy(state) == "pass"


def test_a_card_played_during_the_auction_is_refused_with_the_calls():
    state = interpreter.load("belote").new_deal(seed=1)
    assert texts(state) == ["take", "pass"]
    with pytest.raises(interpreter.IllegalActionError) as err:
        state.apply("JH")
    assert str(err.value) == "play JH: the auction is not over; calls now: take, pass"


def test_a_call_without_a_value_counts_zero_as_the_contract():
    state = interpreter.load("belote").new_deal(seed=3)
    state.apply("take")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().breakdown["contract"] == 0 and state.result().breakdown["call"] == "take"


def test_the_deal_after_the_auction_must_hand_out_the_rest_of_the_pack(tmp_path):
    text = (interpreter.GAMES_DIR / "belote.yaml").read_text(encoding="utf-8")
    old = "then deal: turnup to taker, 3 each but taker 2"
    assert old in text
    assert problems(tmp_path, text.replace(old, "then deal: turnup to taker, 3 each but taker 1")) == [
        "after the first deal 11 card(s) stay in the pack, but the deal after the auction hands out 10"]


@pytest.mark.parametrize("name", [p.stem for p in interpreter.bundled_games()])
def test_each_game_runs_its_own_generated_hot_paths(name):
    cls = interpreter.load(name).state_class
    assert cls is not interpreter.State and issubclass(cls, interpreter.State)
    assert {"_compute_legal", "_play", "legal_actions"} <= set(vars(cls))


def test_side_actions_are_frozen_values():
    action = interpreter.load("euchre").side_actions[0]
    assert hash(action) == hash(dataclasses.replace(action))
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.at = "lead"


@pytest.mark.parametrize("name", ["dealer", "winner"])
def test_a_counter_may_not_take_a_built_in_or_let_name(tmp_path, name):
    text = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
    text += f"\ncounters:\n  {name}:\n    of: team\n    start: 0\n    then: 1\n"
    assert problems(tmp_path, text) == [f"'{name}' is already a built-in or let name"]
