"""Rule strings compile into Python source (issue 10's code generator, first step): readable,
valid, with let functions inlined and fixed card sets folded; `atout compile GAME --show`."""
from __future__ import annotations

from click.testing import CliRunner
import pytest

from cli import main
import interpreter
from interpreter.authoring.listing import generated_listing
from interpreter.engine.generate import engine_source
from helpers import FIVE_EACH_HEAD, TRICKS_TO_EACH_SEAT, tiny

GAMES = interpreter.bundled_games()


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_listing_is_python_with_one_function_per_rule_string(path):
    listing = generated_listing(path)
    compile(listing, str(path), "exec")
    rules, engine = listing.split("# The engine's hot paths written for this game")
    code = compile(rules, str(path), "exec")
    functions = [name for name in code.co_names if not name.startswith("_")]
    header = listing.splitlines()[0]
    assert header.endswith(f"{rules.count('def ')} rule strings, one function each")
    assert len(functions) == rules.count("def ") > 5
    assert [line.split("(")[0] for line in engine.splitlines() if line.startswith("def ")] == \
        ["def _compute_legal", "def _play", "def legal_actions", "def apply_unchecked", "def _award_list", "def _deal",
         "def _start_play", "def start"]


def test_a_let_function_called_with_a_constant_is_written_out_with_it():
    listing = generated_listing(interpreter.resolve("sixty-six"))
    assert ("def play_ends_when(s):\n    return ((s.scored[0] + (s.melds[0] if (s.tricks[0] > 0) "
            "else 0)) >= 66) or ((s.scored[1] + (s.melds[1] if (s.tricks[1] > 0) else 0)) >= 66)"
            ) in listing


def test_a_let_function_computes_a_complex_argument_once_into_a_local():
    listing = generated_listing(interpreter.resolve("sixty-six"))
    line = next(l for l in listing.splitlines() if "_next(s.current)), " in l)
    local = line.split("((", 1)[1].split(" := ")[0]
    assert local.startswith("seat_")
    assert line.count(local) == 4        # assigned once, read by points, melds and tricks


def test_fixed_card_sets_are_folded_into_one_literal():
    listing = generated_listing(interpreter.resolve("sixty-six"))
    game = interpreter.load("sixty-six")
    kings_and_queens = game.deck.rank_masks["K"] | game.deck.rank_masks["Q"]
    assert f"def play_declare_marriage_cards(s):\n    return {hex(kings_and_queens)}\n" in listing


def test_the_engine_runs_the_generated_functions_and_they_decide_as_the_rule_says():
    game = interpreter.load("sixty-six")
    assert game.ends_when.__code__.co_filename == "<rule file>:play/ends when"    # the rule's place: errors name it
    decided = set()
    for seed in range(40):
        state = game.new_deal(seed=seed)
        while True:
            total = [state.scored[x] + (state.melds[x] if state.tricks[x] else 0) for x in range(2)]
            assert game.ends_when(state) == (max(total) >= 66)
            decided.add(game.ends_when(state))
            if state.is_over:
                break
            state.apply(state.legal_actions()[0])
    assert decided == {True, False}


def test_compile_command_prints_the_listing_or_a_summary():
    runner = CliRunner()
    shown = runner.invoke(main, ["compile", "belote", "--variant", "announcements", "--show"])
    assert shown.exit_code == 0
    assert "def let_made(s):" in shown.output and "best_meld" in shown.output
    summary = runner.invoke(main, ["compile", "belote"])
    assert summary.exit_code == 0
    assert summary.output.strip().endswith("rule strings, one function each (--show prints them)")
    missing = runner.invoke(main, ["compile", "no-such-game"])
    assert missing.exit_code == 1 and "no game 'no-such-game'" in missing.output


def test_a_comparison_with_none_and_a_count_above_zero_are_written_as_python_says_them():
    """'x = none' is 'x is None' (no value of the language equals none but none), and
    'count(cards) > 0' asks whether any card is there at all, without counting them."""
    listing = generated_listing(interpreter.resolve("sixty-six"))
    assert "def let_open(s):\n    return (s.marks[0] is None) and (len(s.piles[2]) > 0)\n" in listing
    assert "(let_reached(s) is not None)" in listing and "== None" not in listing and "!= None" not in listing
    assert "(((_at(s.hands, s.current) & s.trumps) & 0x84210) != 0)" in listing and ".bit_count() > 0" not in listing


def test_a_let_that_several_lead_actions_read_is_computed_once_at_a_lead():
    """66's exchange and close are both offered only while the stock is open: at a lead the
    generated legal actions compute 'open' once and both conditions read it."""
    listing = generated_listing(interpreter.resolve("sixty-six"))
    body = listing[listing.index("def legal_actions(s):"):listing.index("def apply_unchecked(s, action):")]
    assert body.count("        let_open = ((s.marks[0] is None) and (len(s.piles[2]) > 0))\n") == 1
    returned = next(line for line in body.splitlines() if line.lstrip().startswith("return [*(ACTS_0"))
    assert returned.count("let_open") == 2 and "s.marks[0]" not in returned


def test_a_built_in_the_settlement_calls_on_a_fixed_seat_more_than_once_is_called_once():
    """Spades' side contract, bid(seat(0)) + bid(seat(2)) or bid(seat(1)) + bid(seat(3)), is
    written into every award: each seat's bid and the first seat's team are read once, first."""
    listing = generated_listing(interpreter.resolve("spades"))
    settle = listing[listing.index("def _award_list(s):"):listing.index("def _deal(s, plan):")]
    lines = settle.splitlines()
    assert lines[2:7] == ["    bid_of_0 = _bid(s, 0)", "    bid_of_2 = _bid(s, 2)", "    team_of_0 = _team(s, 0)",
                          "    bid_of_1 = _bid(s, 1)", "    bid_of_3 = _bid(s, 3)"]
    assert all(settle.count(f"_bid(s, {seat})") == 1 for seat in range(4)) and settle.count("(bid_of_0 + bid_of_2)") > 4


@pytest.mark.parametrize("follow", ["led", "[led]"])
def test_the_generated_engine_writes_a_lone_follow_clause_in_line(tmp_path, follow):
    """A follow of one clause (a string or a list of one) is written into the generated code,
    not called through a compiled rule."""
    game = tiny(tmp_path, "game: Lone\n" + FIVE_EACH_HEAD + f"""\
play:
  lead: seat(0)
  winner: highest of led suit
  follow: {follow}
""" + TRICKS_TO_EACH_SEAT)
    source, names = engine_source(game)
    assert "        if (chosen := hand & led_cards):\n            allowed = chosen\n" in source
    assert [name for name in names if name.startswith("rule_")] == []
