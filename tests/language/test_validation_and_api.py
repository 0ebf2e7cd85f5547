"""Validation warnings and the Python API around them: warnings that let a file load, the
yes/no hint, whole-pack layouts, call names shared by auction rounds, a match driven like a
deal, and the order of legal actions.

Rule files are built in ``tmp_path`` by changing one line of a bundled game; positions are
computed from the bundled file so that the tests follow it when it moves.
"""
from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner
import pytest

from cli import main
from helpers import FOLLOW_FROM_SEAT_0, FOUR_RANKS_HEAD, TRICKS_TO_EACH_SEAT, TWO_SUITS_HEAD
import interpreter
from interpreter.engine.cards import bits
from interpreter.errors import LayoutError, MatchError
from interpreter.engine.state import PLAY

GAMES = interpreter.GAMES_DIR
ALUETTE = GAMES / "aluette.yaml"
BELOTE = GAMES / "belote.yaml"
TAROT = GAMES / "french-tarot.yaml"
BROKEN = Path(__file__).resolve().parents[1] / "broken"

YES_NO_HINT = ('YAML reads true and false as yes/no values, not as rule language: '
               'write "true" or "false" in quotes')


def edited(tmp_path: Path, base: Path, *changes: tuple[str, str], name: str = "game") -> Path:
    """``base`` with each ``old`` text replaced by ``new`` (each ``old`` must occur once)."""
    text = base.read_text(encoding="utf-8")
    for old, new in changes:
        assert text.count(old) == 1, f"{old!r} is not once in {base.name}: update this test"
        text = text.replace(old, new)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def where(path: Path, needle: str) -> tuple[int, int]:
    """Line and column (1-based) of the only occurrence of ``needle`` in ``path``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(needle) == 1, needle
    before = text[:text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def reported(path: Path) -> tuple[list[str], interpreter.Game | None]:
    """Problems as ``line:column: [warning: ]message`` (first line only), and the game."""
    problems, game = interpreter.problems_in(path)
    return [p.format().splitlines()[0].removeprefix(f"{p.path}:") for p in problems], game


# --- warnings: the file still loads ----------------------------------------------------------

LEADER_ONLY = ("this clause applies only before a card is led, but follow clauses bind a player once a "
               "suit has been led: it never applies")
UNTIL_NEVER = "'until' is always false: the match would never end (atout stops it at its deal limit)"
ALWAYS_FALSE = "this condition is always false: it does not depend on the deal"


def _follow_leader_only(tmp_path: Path) -> tuple[Path, list[str]]:
    path = edited(tmp_path, ALUETTE, ("  follow: any ", "  follow: [any except S when count(trick) = 0, any]"),
                  name="follow_leader_only")
    line, col = where(path, "any except S")
    return path, [f"{line}:{col}: warning: {LEADER_ONLY}"]


def _until_never(tmp_path: Path) -> tuple[Path, list[str]]:
    path = edited(tmp_path, ALUETTE, ("  deals: 5 ", '  until: "false" '), name="until_never")
    line, col = where(path, '"false"')
    return path, [f"{line}:{col}: warning: {UNTIL_NEVER}"]


def _award_when_constant(tmp_path: Path) -> tuple[Path, list[str]]:
    path = edited(tmp_path, ALUETTE, ("      when: mordienne\n", "      when: 1 > 2\n"), name="award_when_constant")
    line, col = where(path, "1 > 2")
    return path, [f"{line}:{col}: warning: {ALWAYS_FALSE}"]


@pytest.mark.parametrize("make", [_follow_leader_only, _until_never, _award_when_constant],
                         ids=["follow_leader_only", "until_never", "award_when_constant"])
def test_a_warning_is_positioned_and_the_file_still_loads(tmp_path, make):
    path, expected = make(tmp_path)
    problems, game = interpreter.problems_in(path)
    assert [p.warning for p in problems] == [True]
    assert reported(path)[0] == expected
    assert game is not None
    loaded = interpreter.load(path)
    assert loaded.title == "Aluette"
    assert not loaded.new_deal(seed=1).is_over


def test_the_leader_only_warning_has_a_hint(tmp_path):
    path, _ = _follow_leader_only(tmp_path)
    [problem] = interpreter.problems_in(path)[0]
    assert problem.hint == "what a leader may lead is written under 'may lead'"


WARNED = "game: Warned\n" + TWO_SUITS_HEAD + """\
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


def test_a_condition_quoted_true_is_no_warning(tmp_path):
    path = edited(tmp_path, ALUETTE, ("      when: mordienne\n", '      when: "true"\n'))
    assert reported(path)[0] == []


def test_validate_with_warnings_only_exits_0_and_says_ok_after_them(tmp_path):
    path, [warning] = _award_when_constant(tmp_path)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output == (f"{path}:{warning}\n"
                             f"          when: 1 > 2\n"
                             f"                ^^^^^\n"
                             f"{path}: ok (1 warning(s))\n")


def test_validate_counts_every_warning_of_a_file(tmp_path):
    path = edited(tmp_path, ALUETTE, ("      when: mordienne\n", "      when: 1 > 2\n"),
                  ("  deals: 5 ", '  until: "false" '))
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    heads = [x for x in result.output.splitlines() if not x.startswith(" ")]
    (line1, col1), (line2, col2) = where(path, "1 > 2"), where(path, '"false"')
    assert heads == [f"{path}:{line1}:{col1}: warning: {ALWAYS_FALSE}",
                     f"{path}:{line2}:{col2}: warning: {UNTIL_NEVER}",
                     f"{path}: ok (2 warning(s))"]


def test_validate_with_an_error_and_a_warning_counts_the_error_only(tmp_path):
    path = edited(tmp_path, ALUETTE, ("      when: mordienne\n", "      when: 1 > 2\n"),
                  ("      points: 1\n", "      points: lots\n"))
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    heads = [x for x in result.output.splitlines() if not x.startswith(" ")]
    (line1, col1), (line2, col2) = where(path, "1 > 2"), where(path, "lots")
    assert heads[0] == f"{path}:{line1}:{col1}: warning: {ALWAYS_FALSE}"
    assert heads[1].startswith(f"{path}:{line2}:{col2}: ")
    assert heads[2:] == ["1 problem(s) in 1 file(s)"]
    assert not any(x.endswith(": ok") or ": ok (" in x for x in heads)


SHADOW = "game: Shadow\n" + TWO_SUITS_HEAD + """\
deal: 5 each
let:
  shown: tricks(seat(0))
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: tricks
      to: seat(0)
      points: shown + shown(seat(0))
"""


def test_a_let_of_a_built_ins_name_shadows_it_with_a_warning(tmp_path):
    """The stability rule: a built-in added to the language after a file was written ('shown')
    does not break a file whose let has that name. The let takes its place as a value; the
    built-in function stays callable; a warning at the let's key says so."""
    path = tmp_path / "shadow.yaml"
    path.write_text(SHADOW, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert [(p.line, p.column, p.warning, p.message) for p in problems] == [
        (11, 3, True, "'shown' is also a built-in: in this file the let takes its place")]
    assert problems[0].hint == "rename the let to use the built-in shown(takers) + shown(defenders)"
    state = game.new_deal(layout={"hands": [["AS", "KS", "QS", "JS", "10S"], ["AH", "KH", "QH", "JH", "10H"]],
                                  "unused": []})
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result().seat_scores == (5, 0) and state.result().facts["shown"] == 5


LOOPING = "game: Looping\n" + TWO_SUITS_HEAD + """\
deal: 5 each
marks:
  boasted: condition
  asked: condition
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
  actions:
    boast:
      when: count(hand and A) > 0
      set: {boasted: "true"}
    ask:
      when: asked = none
      set: {asked: "true"}
    swap:
      when: count(unused) > 0 and count(hand and J) > 0
      swap: {cards: hand and J, with: unused}
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


def test_a_lead_action_that_changes_nothing_its_when_reads_is_warned_about(tmp_path):
    """'boast' sets a mark its 'when' does not read: a leader could take it forever. 'ask' sets
    the mark it reads, and 'swap' changes the hand: neither is warned about."""
    path = tmp_path / "looping.yaml"
    path.write_text(LOOPING, encoding="utf-8")
    problems, game = interpreter.problems_in(path)
    assert game is not None
    assert [(p.line, p.column, p.message) for p in problems if p.warning] == [
        (18, 5, "taking 'boast' changes nothing its 'when' reads: a leader may take it again and again")]


GIFT = "game: Gift\n" + FOUR_RANKS_HEAD + """\
deal: 4 each
transfers:
  gift:
    who: seat(0)
    count: 1
    to: seat(1)
""" + FOLLOW_FROM_SEAT_0 + TRICKS_TO_EACH_SEAT


def test_a_transfer_from_one_seat_to_another_with_none_given_back_is_warned_about(tmp_path):
    """The card counts prove it: seat 0 will hold three cards and seat 1 five, so seat 0 must
    play with none in the fourth trick. A second transfer that could give cards back, or one
    from every player in turn, is not warned about."""
    def warnings(text):
        path = tmp_path / "gift.yaml"
        path.write_text(text, encoding="utf-8")
        problems, game = interpreter.problems_in(path)
        assert game is not None
        return [(p.line, p.column, p.message) for p in problems if p.warning]

    assert warnings(GIFT) == [(9, 3, "'gift' moves 1 card(s) from one seat to another and no transfer gives any "
                                     "back: the hands are unequal in play, and a seat will have to play with none")]
    back = GIFT.replace("    to: seat(1)\n", "    to: seat(1)\n  back:\n    who: seat(1)\n    count: 1\n    to: seat(0)\n")
    assert warnings(back) == []
    assert warnings(GIFT.replace("who: seat(0)", "who: each").replace("to: seat(1)", "to: next(me)")) == []


# --- the yes/no hint --------------------------------------------------------------------------

def test_a_bare_true_in_a_when_is_an_error_whose_hint_says_to_quote_it():
    [problem] = interpreter.problems_in(BROKEN / "call_or_condition_yes_no.yaml")[0]
    assert not problem.warning
    assert problem.message == "scoring/award/0/when must be text, found true"
    assert problem.hint == YES_NO_HINT
    assert "hint: " + YES_NO_HINT in problem.format()


def test_a_bare_true_in_for_each_suit_gets_the_same_hint(tmp_path):
    path = edited(tmp_path, BELOTE, ("for each suit: suit != suit_of(turnup)", "for each suit: true"))
    problems, game = interpreter.problems_in(path)
    assert game is None
    line, col = where(path, "true, trump")
    assert [(p.line, p.column, p.message, p.hint) for p in problems] == [
        (line, col, "auction/rounds/1/calls/name/for each suit must be text, found true", YES_NO_HINT)]


def test_a_bare_false_gets_the_hint_too(tmp_path):
    path = edited(tmp_path, ALUETTE, ("      when: mordienne\n", "      when: false\n"))
    [problem] = interpreter.problems_in(path)[0]
    assert problem.message == "scoring/award/0/when must be text, found false"
    assert problem.hint == YES_NO_HINT


# --- expressions nested deep ------------------------------------------------------------------

def test_150_levels_of_addition_still_validate(tmp_path):
    long_sum = " + ".join(["1"] * 151)
    path = edited(tmp_path, ALUETTE, ("  winner: most_tricks()\n", f"  winner: most_tricks()\n  total: {long_sum}\n"))
    assert reported(path)[0] == []
    result = interpreter.load(path).new_deal(seed=2)
    while not result.is_over:
        result.apply(result.legal_actions()[0])
    assert result.result().facts["total"] == 151


def test_300_levels_of_not_are_refused_with_a_hint():
    [problem] = interpreter.problems_in(BROKEN / "expression_too_deep.yaml")[0]
    assert problem.message == "this expression nests more than 200 levels deep"
    assert problem.hint == "split it into several 'let' entries, each using the ones above it"


# --- French Tarot constructs: one problem each --------------------------------------------------

def test_annul_when_a_number_is_one_problem(tmp_path):
    path = edited(tmp_path, TAROT, ("annul when: petit_sec ", "annul when: 3 "))
    line, col = where(path, "annul when: 3")
    assert reported(path) == ([f"{line}:{col + 12}: annul when must be text, found the number 3"], None)


def test_a_calls_then_deal_with_no_cards_left_is_one_problem(tmp_path):
    path = edited(tmp_path, TAROT, ("        garde sans: {value: 4}", "        garde sans: {value: 4, then deal: 1 each}"))
    problems, game = interpreter.problems_in(path)
    assert game is None
    line, col = where(path, "1 each}")
    assert [(p.line, p.column) for p in problems] == [(line, col)]
    assert problems[0].message.startswith("after the first deal 0 card(s) stay in the pack, "
                                          "but this call's deal hands out ")


def test_a_calls_then_deal_with_no_cards_left_is_reported_at_the_deal(tmp_path):
    path = edited(tmp_path, TAROT, ("        garde sans: {value: 4}", "        garde sans: {value: 4, then deal: 1 each}"))
    problems, game = interpreter.problems_in(path)
    assert game is None and problems
    line, col = where(path, "1 each}")
    for problem in problems:
        assert (problem.line, problem.column) == (line, col)
        assert problem.hint == "the two deals together must hand out the whole deck"
    assert (f"{line}:{col}: after the first deal 0 card(s) stay in the pack, but this call's deal hands out 4"
            in reported(path)[0])


def test_teams_mixing_a_list_and_a_condition_is_one_problem(tmp_path):
    path = edited(tmp_path, TAROT, ("  attack: seat = taker or seat = partner\n", "  attack: [0, 2]\n"))
    line, col = where(path, "attack: [0, 2]")
    assert reported(path) == (
        [f"{line}:{col}: teams are either all lists of seats or all conditions on 'seat'"], None)


def test_teams_mixing_a_list_and_a_condition_is_reported_at_the_team(tmp_path):
    path = edited(tmp_path, TAROT, ("  attack: seat = taker or seat = partner\n", "  attack: [0, 2]\n"))
    problems, game = interpreter.problems_in(path)
    line, col = where(path, "attack: [0, 2]")
    assert game is None
    assert (problems[0].line, problems[0].column, problems[0].message, problems[0].hint) == (
        line, col, "teams are either all lists of seats or all conditions on 'seat'",
        "write e.g. 'attack: seat = taker' and 'defence: seat != taker'")


# --- layouts ----------------------------------------------------------------------------------

def codes_of(game: interpreter.Game, mask: int) -> set[str]:
    return {game.deck.codes[c] for c in bits(mask)}


def shuffled(game: interpreter.Game, seed: int) -> list[str]:
    pack = list(game.deck.codes)
    random.Random(seed).shuffle(pack)
    return pack


def pile(game: interpreter.Game, state: interpreter.State, name: str) -> list[str]:
    return [game.deck.codes[c] for c in state.piles[game.pile_names.index(name)]]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_a_whole_pack_is_dealt_by_aluettes_deal(dealer):
    game = interpreter.load("aluette")
    pack = shuffled(game, dealer)
    state = game.new_deal(layout={"pack": pack}, dealer=dealer)
    # 3 each, 3 each, 3 each, rest to unused: the seat after the dealer gets the first three cards
    expected: list[set[str]] = [set() for _ in range(4)]
    for packet in range(12):
        expected[(dealer + 1 + packet) % 4] |= set(pack[3 * packet:3 * packet + 3])
    assert [codes_of(game, h) for h in state.hands] == expected
    assert codes_of(game, state.hands[(dealer + 1) % 4]) >= set(pack[:3])
    assert pile(game, state, "unused") == pack[36:]
    assert pile(game, state, "pack") == []
    assert state.current_player == (dealer + 1) % 4


@pytest.mark.parametrize("dealer", [0, 3])
def test_a_whole_pack_is_dealt_by_belotes_deal_with_the_turnup_at_21(dealer):
    game = interpreter.load("belote")
    pack = shuffled(game, 10 + dealer)
    state = game.new_deal(layout={"pack": pack}, dealer=dealer)
    # 3 each, 2 each, 1 to turnup; the rest waits in the pack for the second deal
    expected: list[set[str]] = [set() for _ in range(4)]
    for i in range(4):
        expected[(dealer + 1 + i) % 4] |= set(pack[3 * i:3 * i + 3]) | set(pack[12 + 2 * i:14 + 2 * i])
    assert [codes_of(game, h) for h in state.hands] == expected
    assert pile(game, state, "turnup") == [pack[20]]
    assert pile(game, state, "pack") == pack[21:]
    assert [a.text for a in state.legal_actions()] == ["take", "pass"]


@pytest.mark.parametrize("dealer", [0, 2])
def test_a_whole_pack_is_dealt_by_tarots_deal_with_the_chien_between_packets(dealer):
    game = interpreter.load("french-tarot")
    pack = shuffled(game, 20 + dealer)
    state = game.new_deal(layout={"pack": pack}, dealer=dealer)
    # 3 each, 4 x (1 to chien, 3 each), 2 to chien, 3 each
    assert pile(game, state, "chien") == [pack[12], pack[25], pack[38], pack[51], pack[64], pack[65]]
    expected: list[set[str]] = [set() for _ in range(4)]
    packets = [0, 3, 6, 9] + [13 + 13 * r + 3 * i for r in range(4) for i in range(4)] + [66, 69, 72, 75]
    for n, start in enumerate(packets):
        expected[(dealer + 1 + n) % 4] |= set(pack[start:start + 3])
    assert [codes_of(game, h) for h in state.hands] == expected
    assert all(len(h) == 18 for h in expected)


ALUETTE_CODES = ["1O", "2O", "3O", "4O", "5O", "6O", "7O", "8O", "9O", "JO", "NO", "KO",
                 "1C", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "JC", "NC", "KC",
                 "1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "JB", "NB", "KB",
                 "1S", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "JS", "NS", "KS"]


def test_the_aluette_deck_is_the_one_these_tests_assume():
    assert list(interpreter.load("aluette").deck.codes) == ALUETTE_CODES


def _without_6o() -> list[str]:
    return [c for c in ALUETTE_CODES if c != "6O"]


@pytest.mark.parametrize("layout,message", [
    ({"pack": _without_6o()}, "pack: 47 cards; the deck has 48 (missing: 6O)"),
    ({"pack": ALUETTE_CODES[:30]}, "pack: 30 cards; the deck has 48 (missing: 7B 8B 9B JB NB KB …)"),
    ({"pack": _without_6o() + ["3O"]}, "pack: card 3O is in the pack twice"),
    ({"pack": _without_6o() + ["3X"]}, "pack: unknown card '3X'"),
    ({"pack": ALUETTE_CODES + ["3O"]}, "pack: card 3O is in the pack twice"),
    ({"pack": ALUETTE_CODES, "unused": []},
     "a layout of a whole 'pack' has nothing else: the rule file's deal hands it out"),
    ({"pack": ALUETTE_CODES, "fill": True},
     "a layout of a whole 'pack' has nothing else: the rule file's deal hands it out"),
    ({"pack": "3O 2O"}, "pack: expected a list of cards, top card first"),
], ids=["missing", "short", "duplicate", "unknown", "extra", "other pile", "fill", "not a list"])
def test_a_bad_pack_is_a_layout_error(layout, message):
    game = interpreter.load("aluette")
    with pytest.raises(LayoutError) as caught:
        game.new_deal(layout=layout, dealer=0)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == message


def test_hands_that_leave_out_a_pile_name_it_and_the_fill_option():
    game = interpreter.load("aluette")
    hands = [ALUETTE_CODES[9 * s:9 * s + 9] for s in range(4)]
    with pytest.raises(LayoutError) as caught:
        game.new_deal(layout={"hands": hands}, dealer=0)
    assert str(caught.value) == ("layout leaves out pile 'unused', which the deal fills with 12 card(s): list its "
                                 "cards, top first, or say \"fill\": true to deal it the cards left over")
    state = game.new_deal(layout={"hands": hands, "fill": True}, dealer=0)
    assert [codes_of(game, h) for h in state.hands] == [set(h) for h in hands]
    assert pile(game, state, "unused") == ALUETTE_CODES[36:]


def test_belotes_pack_left_out_of_a_layout_is_named_and_filled_in_deck_order():
    game = interpreter.load("belote")
    codes = list(game.deck.codes)
    hands = [codes[5 * s:5 * s + 5] for s in range(4)]
    turnup = codes[31]
    with pytest.raises(LayoutError) as caught:
        game.new_deal(layout={"hands": hands, "turnup": [turnup]}, dealer=0)
    assert str(caught.value) == ("layout leaves out pile 'pack', which the deal fills with 11 card(s): list its "
                                 "cards, top first, or say \"fill\": true to deal it the cards left over")
    state = game.new_deal(layout={"hands": hands, "turnup": [turnup], "fill": True}, dealer=0)
    assert pile(game, state, "pack") == codes[20:31]
    assert pile(game, state, "turnup") == [turnup]


# --- a call name used in two rounds ---------------------------------------------------------------

TWO_TAKES = """\
game: Two takes
about: Two players; take with spades in round one, or with hearts in round two.
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King, Q: Queen, J: Jack}
order: A > K > Q > J
deal: 2 each
auction:
  first: next(dealer)
  rounds:
    - calls:
        take: {trump: S}
    - calls:
        take: {trump: H}
  if all pass: annul
  then deal: 2 each
play:
  lead: next(dealer)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: tricks
      to: each_seat
      points: tricks(it)
"""


@pytest.fixture
def two_takes(tmp_path) -> interpreter.Game:
    path = tmp_path / "two-takes.yaml"
    path.write_text(TWO_TAKES, encoding="utf-8")
    assert reported(path)[0] == []
    return interpreter.load(path)


def test_take_typed_in_round_one_sets_round_ones_trump(two_takes):
    state = two_takes.new_deal(seed=1, dealer=0)
    state.apply("take")
    assert (state.taker, state.observation(0)["trump"]) == (1, "S")


def test_take_typed_in_round_two_applies_round_twos_call(two_takes):
    state = two_takes.new_deal(seed=1, dealer=0)
    state.apply("pass")
    state.apply("pass")
    assert [a.text for a in state.legal_actions()] == ["take", "pass"]
    state.apply("take")
    assert (state.taker, state.observation(0)["trump"]) == (1, "H")
    assert [h.bit_count() for h in state.hands] == [4, 4]


def test_take_typed_in_round_two_in_another_case_and_spacing(two_takes):
    state = two_takes.new_deal(seed=1, dealer=1)
    state.apply("pass")
    state.apply("pass")
    assert state.current_player == 0
    state.apply("  TAKE ")
    assert (state.taker, state.observation(0)["trump"]) == (0, "H")


# --- a match driven like a deal ---------------------------------------------------------------------

def drive(game: interpreter.Game, seed: int):
    match = game.new_match(seed=seed)
    rng = random.Random(seed)
    returned = []
    while not match.is_over:
        assert match.current_player is not None
        result = match.apply(rng.choice(match.legal_actions()))
        if result is not None:
            returned.append(result)
    return match, returned


@pytest.mark.parametrize("name,variant", [("belote", "match"), ("sixty-six", None)])
def test_a_match_is_driven_like_a_deal(name, variant):
    game = interpreter.load(name, variant)
    match, returned = drive(game, 3)
    assert match.current_player is None
    assert match.legal_actions() == []
    result = match.result()
    assert list(result.deals) == returned == match.results
    annulled = sum(bool(r.facts.get("annulled")) for r in result.deals)
    assert match.deals_played == len(result.deals) - annulled >= 1
    assert result.team_scores == tuple(match.team_scores)
    if name == "belote":
        assert max(result.team_scores) >= 1000
    else:
        assert min(result.team_scores) <= 0
    again, _ = drive(game, 3)
    assert again.result().team_scores == result.team_scores
    assert again.result().seat_scores == result.seat_scores
    with pytest.raises(MatchError) as caught:
        match.apply("pass")
    assert str(caught.value) == "the match is over: no action can be played"


def test_a_match_can_be_asked_for_its_result_only_at_the_end():
    match = interpreter.load("sixty-six").new_match(seed=3)
    match.apply(match.legal_actions()[0])
    with pytest.raises(MatchError):
        match.result()


def _seed_whose_first_deal_is_annulled(game: interpreter.Game) -> int:
    for seed in range(3000):
        if game.new_match(seed=seed).next_deal().annulled:
            return seed
    raise AssertionError("no petit sec in 3000 deals")


def test_a_match_driven_like_a_deal_skips_a_deal_annulled_when_dealt():
    game = interpreter.load("french-tarot")
    seed = _seed_whose_first_deal_is_annulled(game)
    match = game.new_match(seed=seed)
    assert match.is_over or (match.current_player is not None and match.legal_actions())
    match, _ = drive(game, seed)
    assert match.deals_played == 1


# --- the order of legal actions -----------------------------------------------------------------

PLAY_KINDS = ["act", "play", "declare", "show"]


@pytest.mark.parametrize("name,variant", [("aluette", None), ("belote", None), ("sixty-six", None),
                                          ("french-tarot", None), ("french-tarot", "five")])
def test_legal_actions_come_in_a_stable_order(name, variant):
    game = interpreter.load(name, variant)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_deal(seed=seed, dealer=seed % game.players)
        while not state.is_over:
            actions = state.legal_actions()
            texts = [a.text for a in actions]
            assert [a.text for a in state.clone().legal_actions()] == texts
            assert [a.text for a in state.legal_actions()] == texts
            assert len(set(texts)) == len(texts)
            for kind in ("play", "give", "declare"):
                cards = [a.card for a in actions if a.kind == kind]
                assert cards == sorted(cards), (kind, texts)
            if state.phase == PLAY and not state.pending:
                kinds = [PLAY_KINDS.index(a.kind) for a in actions]
                assert kinds == sorted(kinds), texts
                checked += 1
            if any(a.kind == "pass" for a in actions):
                assert actions[-1].kind == "pass", texts
            calls = [game.actions.index(a) for a in actions if a.kind == "call"]
            assert calls == sorted(calls), texts
            state.apply(rng.choice(actions))
    assert checked > 0


def test_card_plays_come_in_card_number_order_in_trick_play():
    game = interpreter.load("aluette")
    state = game.new_deal(layout={"pack": list(reversed(ALUETTE_CODES))}, dealer=3)
    plays = [a.card for a in state.legal_actions()]
    assert plays == sorted(plays) == sorted(bits(state.hands[0]))
    # dealt KS NS JS, then KB NB JB, then KC NC JC; offered in card-number order (cups, batons, swords)
    assert [a.text for a in state.legal_actions()] == ["play JC", "play NC", "play KC", "play JB", "play NB",
                                                        "play KB", "play JS", "play NS", "play KS"]
