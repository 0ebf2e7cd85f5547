"""Nothing hangs, nothing ends in a traceback: matches that never end, rules that fail
while a deal is played, and the Match API used out of order (issue 8)."""
from __future__ import annotations

import io
import json
from pathlib import Path
import random
import re

from click.testing import CliRunner
import pytest

from cli import main
from helpers import run_atout
import interpreter
from interpreter.errors import MatchError, MatchLimitError, RuleRuntimeError
from interpreter.engine.match import MAX_ANNULLED_IN_A_ROW, MAX_DEALS_PER_MATCH
from interpreter.simulation.simulate import simulate
from interpreter.engine.state import State

RUN = CliRunner()
ALUETTE = (interpreter.GAMES_DIR / "aluette.yaml").read_text(encoding="utf-8")
BELOTE = (interpreter.GAMES_DIR / "belote.yaml").read_text(encoding="utf-8")


def _changed(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def _deal_seed(match_seed: str, deal: int) -> int:
    """The seed Match shuffles its ``deal``-th deal from."""
    rng = random.Random(match_seed)
    return [rng.getrandbits(64) for _ in range(deal)][-1]


@pytest.fixture
def never_ends(tmp_path: Path) -> Path:
    path = tmp_path / "never-ends.yaml"
    path.write_text(_changed(ALUETTE, "  deals: 5                    # always five deals", '  until: "false"'))
    return path


@pytest.fixture
def always_annulled(tmp_path: Path) -> Path:
    """Belote whose auction offers no call: every player passes, every deal is annulled."""
    text = _changed(BELOTE, "take: {trump: suit_of(turnup)}", "take: {for each suit: 1 = 2, trump: suit}")
    path = tmp_path / "always-annulled.yaml"
    path.write_text(_changed(text, "name: {for each suit: suit != suit_of(turnup), trump: suit}",
                             "name: {for each suit: 1 = 2, trump: suit}"))
    return path


@pytest.fixture
def divides_by_zero(tmp_path: Path) -> Path:
    path = tmp_path / "divides.yaml"
    path.write_text(_changed(ALUETTE, "      points: 1\n", "      points: 1 / (tricks(winner) - tricks(winner))\n"))
    return path


def test_the_limits_are_the_documented_ones() -> None:
    assert (MAX_DEALS_PER_MATCH, MAX_ANNULLED_IN_A_ROW) == (10_000, 1_000)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "after 10,000 deals" in readme and "1,000 annulled deals in a row" in readme


def test_a_match_whose_until_never_holds_stops_with_an_error(never_ends: Path) -> None:
    # the limit lowered to 30 deals to keep the test short; the code path is the same
    result = run_atout("simulate", str(never_ends), "-n", "3", before="import interpreter.engine.match as m; "
                                                                      "m.MAX_DEALS_PER_MATCH = 30")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (f"atout: {never_ends}: match seed '1:0', deal 30 (deal seed {_deal_seed('1:0', 30)}): "
                             "30 deals dealt and match.until is still false; a match may have at most 30 deals\n")


def test_a_deal_annulled_forever_stops_with_an_error(always_annulled: Path) -> None:
    result = run_atout("simulate", str(always_annulled), "-n", "1")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (f"atout: {always_annulled}: match seed '1:0', deal 1000 (deal seed "
                             f"{_deal_seed('1:0', 1000)}): 1,000 deals annulled in a row (auction: if all pass: "
                             "annul); at most 1,000 redeals in a row are allowed\n")


def test_match_limits_raise_match_limit_error(never_ends: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("interpreter.engine.match.MAX_DEALS_PER_MATCH", 3)
    match = interpreter.load(never_ends).new_match(seed=1)
    for _ in range(2):
        match.finish_deal(_played(match.next_deal()))
    with pytest.raises(MatchLimitError, match=r"^3 deals dealt and match.until is still false; a match may have "
                                              r"at most 3 deals$"):
        match.finish_deal(_played(match.next_deal()))
    assert isinstance(MatchLimitError("x"), (RuleRuntimeError, RuntimeError))


# --- a match of annulled deals stops ---------------------------------------------------

def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


VOID = """\
game: Void
players: 2
cards:
  suits: {S: Spades, H: Hearts}
  ranks: {A: Ace, K: King}
order: A > K
deal: 2 each
annul when: "true"
play:
  lead: seat(0)
  winner: highest of led suit
  follow: [led, any]
scoring:
  award:
    - rule: t
      when: "true"
      to: seat(0)
      points: 1
match:
  deals: 2
"""


def test_a_match_stops_after_1000_annulled_deals(tmp_path):
    path = write(tmp_path, "void", VOID)
    problems, game = interpreter.problems_in(path)
    assert [(p.line, p.column, p.message, p.warning) for p in problems] == [
        (8, 13, "'annul when' is always true: every deal would be annulled", True)]
    match = game.new_match(seed=1)
    with pytest.raises(MatchLimitError) as err:
        match.legal_actions()                      # deals until a deal is not annulled
    assert str(err.value) == ("1,000 deals annulled in a row (annul when); "
                              "at most 1,000 redeals in a row are allowed")
    assert len(match.results) == 1000
    assert match.deals_played == 0
    assert all(r.facts.get("annulled") for r in match.results)


def test_division_by_zero_is_an_error_not_zero(divides_by_zero: Path) -> None:
    result = RUN.invoke(main, ["simulate", str(divides_by_zero), "-n", "2", "--seed", "4"])
    assert result.exit_code == 1
    deal = _first_deal_scoring("most tricks", "4")
    assert result.output == (f"atout: {divides_by_zero}: match seed '4:0', deal {deal} "
                             f"(deal seed {_deal_seed('4:0', deal)}): division by zero\n")


def _first_deal_scoring(rule: str, seed: str) -> int:
    """The first deal of the unchanged Aluette's first match (random players) that ``rule`` scores."""
    out = io.StringIO()
    simulate(interpreter.load("aluette"), 1, seed, ["random"] * 4, record=out)
    deals = json.loads(out.getvalue())["deals"]
    return next(d for d, deal in enumerate(deals, 1) if rule in [r["rule"] for r in deal["result"]["reasons"]])


def test_a_let_that_cannot_be_worked_out_in_a_deal_whose_awards_do_not_read_it_has_no_value(tmp_path: Path) -> None:
    """A let dividing by a count that is zero in some deals, read only by an award that holds
    when it is not: the deal settles, its facts give the let no value (None) instead of failing,
    and a simulation runs to its end. In a deal whose awards do read it, it has its value."""
    text = (interpreter.GAMES_DIR / "sixty-six.yaml").read_text(encoding="utf-8")
    text = _changed(text, "  loser: next(winner)\n", "  loser: next(winner)\n  share: 12 / tricks(loser)\n")
    text = _changed(text, "  closed by: closer\n", "  closed by: closer\n  share: share\n")      # shown to players
    text = _changed(text, "  award:\n", "  award:\n    - rule: share\n      when: tricks(loser) > 1\n"
                                       "      to: winner\n      points: share\n")
    path = tmp_path / "shares.yaml"
    path.write_text(text)
    game = interpreter.load(path)
    rng, seen = random.Random(5), set()
    for seed in range(300):
        state = game.new_deal(seed=seed)
        while not state.is_over:
            state.apply_unchecked(rng.choice(state.legal_actions()))
        result = state.result()
        loser = result.facts["loser"]
        tricks = state.tricks[loser]
        assert result.facts["share"] == (None if tricks == 0 else interpreter.engine.cards.quotient(12, tricks))
        assert ("share" in [r.rule for r in result.reasons]) == (tricks > 1)
        seen.add(min(tricks, 2))
    assert seen == {0, 1, 2}
    done = RUN.invoke(main, ["simulate", str(path), "-n", "40", "--seed", "1"])
    assert done.exit_code == 0, done.output
    valued = re.search(r"^share +mean [0-9.]+ \(in (\d+) of (\d+) deals\)", done.output, re.MULTILINE)
    assert valued and 0 < int(valued[1]) < int(valued[2]), done.output     # the mean says over how many deals


def test_division_by_zero_on_two_processes_is_the_same_error(divides_by_zero: Path) -> None:
    one = run_atout("simulate", str(divides_by_zero), "-n", "4", "--seed", "4")
    two = run_atout("simulate", str(divides_by_zero), "-n", "4", "--seed", "4", "-j", "2")
    assert one.returncode == two.returncode == 1
    assert one.stderr == two.stderr and one.stderr.endswith(": division by zero\n")
    assert "Traceback" not in two.stderr


def test_any_failure_inside_the_rules_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self, action):
        raise KeyError("trick")

    monkeypatch.setattr(State, "apply", broken)
    path = interpreter.load("aluette").path
    for args in (["simulate", "aluette", "-n", "1"], ["play", "aluette", "--seat", "3", "--seed", "2"]):
        result = RUN.invoke(main, args, input="quit\n")
        assert result.exit_code == 1, result.output
        seed = "1:0" if args[0] == "simulate" else "2"
        assert result.output.splitlines()[-1] == (f"atout: {path}: match seed '{seed}', deal 1 "
                                                  f"(deal seed {_deal_seed(seed, 1)}): KeyError: 'trick'")


def test_replay_names_the_record_deal_and_failure(tmp_path: Path, divides_by_zero: Path) -> None:
    game = tmp_path / "divides.yaml"
    broken = game.read_text()
    game.write_text(ALUETTE)
    record = tmp_path / "r.jsonl"
    assert RUN.invoke(main, ["simulate", str(game), "-n", "1", "--seed", "4", "--record", str(record)]).exit_code == 0
    data = json.loads(record.read_text())
    del data["rules"]
    record.write_text(json.dumps(data) + "\n")
    game.write_text(broken)
    deal = _first_deal_scoring("most tricks", "4")
    result = RUN.invoke(main, ["replay", str(record)])
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == f"atout: {record}:1:deal {deal}: game 'divides.yaml': division by zero"


# --- the Match API out of order -------------------------------------------------------

def _played(state: State, kind: str = "random", seed: str = "") -> State:
    from interpreter.players.registry import make_player

    seats = [make_player(kind, f"{seed}{s}") for s in range(state.game.players)]
    while not state.is_over:
        state.apply(seats[state.current].choose(state))
    return state


def test_the_result_of_a_match_not_over_is_an_error() -> None:
    match = interpreter.load("aluette").new_match(seed=1)
    with pytest.raises(MatchError, match=r"^the match is not over \(0 deal\(s\) finished\)$"):
        match.result()
    match.finish_deal(_played(match.next_deal()))
    with pytest.raises(MatchError, match=r"^the match is not over \(1 deal\(s\) finished\)$"):
        match.result()
    assert isinstance(MatchError("x"), ValueError)


def test_finishing_a_deal_twice_is_an_error() -> None:
    match = interpreter.load("aluette").new_match(seed=1)
    state = _played(match.next_deal())
    match.finish_deal(state)
    with pytest.raises(MatchError, match=r"^this deal was already finished$"):
        match.finish_deal(state)
    assert len(match.results) == 1 and match.deals_played == 1


def test_a_finished_match_takes_no_more_deals() -> None:
    match = interpreter.load("aluette").new_match(seed=1)
    while not match.is_over:
        match.finish_deal(_played(match.next_deal()))
    assert len(match.result().deals) == 5
    with pytest.raises(MatchError, match=r"^the match is over$"):
        match.next_deal()
