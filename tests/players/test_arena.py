"""The arena: duplicate deals with the players rotated through the seats, and its command."""
from __future__ import annotations

import json
import math

from click.testing import CliRunner
import pytest

import interpreter
from interpreter.players import arena as arena_module
from interpreter.players.arena import arena, elo_ratings, wilson
from interpreter.players.registry import make_player

from cli import main
from helpers import PASSING_HEARTS

RUN = CliRunner()


class _Watched:
    """A real player that notes, on each decision, who it is, where it sits, the order it was
    made in and, on the first decision of a match, the cards on the table."""

    def __init__(self, spec: str, seed: str, log: list, made: int):
        self.inner, self.spec, self.seed, self.log, self.made = make_player(spec, seed), spec, seed, log, made
        self.name = self.inner.name

    def choose(self, state):
        action = self.inner.choose(state)
        self.log.append((self.seed, self.spec, state.current, tuple(state.hands), tuple(map(tuple, state.piles)),
                         len(state.history), action.text, self.made))
        return action


@pytest.fixture
def watched(monkeypatch):
    """The decisions of every player the arena makes (in this process), in order."""
    log: list = []
    made = iter(range(10**6))
    monkeypatch.setattr(arena_module, "make_player", lambda spec, seed: _Watched(spec, str(seed), log, next(made)))
    return log


def _decisions(log, seats: int):
    """(match, rotation, seat, spec, seed) of each decision. The seed names the match and the
    seat; the rotation is read from the order the players were made in (a rotation's players
    are made together, the rotations of a match one after the other)."""
    out = []
    first_made: dict[int, int] = {}
    for seed, spec, current, *_, made in log:
        parts = seed.split(":")
        if len(parts) == 3:  # "{seed}:{m}:{i}"; arena() also makes each spec once to check it
            _, m, i = parts
            assert int(i) == current  # a player is asked only at its own seat
            first = first_made.setdefault(int(m), made - current)
            out.append((int(m), (made - first) // seats, current, spec, seed))
    return out


@pytest.mark.parametrize("name, variant, specs, rotations", [
    ("belote", None, ["random", "greedy"], [["random", "greedy", "random", "greedy"],
                                            ["greedy", "random", "greedy", "random"]]),
    ("french-tarot", "three", ["random", "greedy", "random"],
     [["random#1", "greedy", "random#2"], ["greedy", "random#2", "random#1"], ["random#2", "random#1", "greedy"]]),
])
def test_rotations_seat_each_spec_at_every_seat(watched, name, variant, specs, rotations):
    game = interpreter.load(name, variant)
    result = arena(game, specs, 2, "s")
    assert [list(r) for r in result.rotations] == rotations
    seen = _decisions(watched, game.players)
    assert {(m, r) for m, r, *_ in seen} == {(m, r) for m in range(2) for r in range(len(specs))}
    for m, r, seat, spec, _ in seen:
        assert spec == specs[(seat + r) % len(specs)]
    for spec in specs:  # every spec has played at every seat
        assert {seat for _, _, seat, s, _ in seen if s == spec} == set(range(game.players))
    seeds = {(m, seat): {seed for m2, _, seat2, _, seed in seen if (m2, seat2) == (m, seat)}
             for m, _, seat, _, _ in seen}
    assert all(len(s) == 1 for s in seeds.values()), "a seat's players share one seed across the rotations"
    assert len({next(iter(s)) for s in seeds.values()}) == len(seeds), "and each seat of each match has its own"
    assert all(p.matches == 2 * len(specs) for p in result.players)


def test_every_rotation_of_a_match_gets_the_same_cards(watched):
    game = interpreter.load("belote")
    arena(game, ["random", "greedy"], 3, 7)
    first: dict[tuple[int, int], tuple] = {}
    for (m, r, _, _, _), (_, _, _, hands, piles, played, _, _) in zip(_decisions(watched, 4),
                                                                   [e for e in watched if len(e[0].split(":")) == 3]):
        first.setdefault((m, r), (hands, piles, played))
    for m in range(3):
        assert first[m, 0] == first[m, 1]
        assert first[m, 0][2] == 0  # the first decision of the match: nothing played yet
    assert first[0, 0] != first[1, 0]  # but each match is a different deal


def test_greedy_beats_random_in_both_directions_of_winning():
    # Sixty-six counts down: the lowest score wins, so greedy's difference is below 0.
    low = arena(interpreter.load("sixty-six"), ["greedy", "random"], 30, 1)
    assert not low.high_wins
    pair = low.pairs[0]
    assert pair.verdict == "below 0" and low.better(pair) == "greedy"
    assert low.players[0].win_rate > 0.8 > 0.2 > low.players[1].win_rate
    assert low.ratings[0] == 1000 and low.ratings[1] < 800
    high = arena(interpreter.load("belote"), ["random", "greedy"], 30, 1)
    assert high.high_wins
    assert high.pairs[0].verdict == "below 0" and high.better(high.pairs[0]) == "greedy"
    assert high.ratings[1] > high.ratings[0] == 1000


def test_players_alike_but_for_beliefs_show_no_clear_difference_at_one_world():
    # In 66 beliefs only matter once a closed stock binds the follow clauses.
    result = arena(interpreter.load("sixty-six"), ["sampling:1", "uniform:1"], 30, 1)
    pair = result.pairs[0]
    assert pair.verdict == "contains 0" and result.better(pair) is None
    assert 0 < pair.half_width < math.inf


@pytest.mark.parametrize("spec", ["greedy", "random"])
def test_two_copies_of_a_player_differ_by_exactly_zero(spec):
    # greedy ignores its seed, and random is seeded by the seat it holds in every rotation:
    # both rotations of a match are the same match with the seats swapped, so the two copies
    # score exactly the same in every duplicate match.
    result = arena(interpreter.load("sixty-six"), [spec, spec], 10, 3)
    pair = result.pairs[0]
    assert pair.mean_difference == 0 and pair.half_width == 0
    assert pair.a_better == pair.b_better
    assert result.players[0].wins == result.players[1].wins == 10


def test_arena_pairs_count_every_game_both_played():
    result = arena(interpreter.load("sixty-six"), ["random", "random"], 6, 1)
    (pair,) = result.pairs
    assert pair.b_better > 0 and pair.a_better > 0          # both won some: a sum, not a difference
    assert pair.games == pair.a_better + pair.equal + pair.b_better == 12      # 6 matches, both seatings


def test_arena_counts_a_game_of_equal_scores_as_equal(tmp_path):
    """A game where every seat scores 1 each deal: every game between the two ends equal."""
    text = PASSING_HEARTS.replace("SHOWN", "").replace("points: 1 if tricks(it) >= 3 else 0", "points: 1")
    path = tmp_path / "equal.yaml"
    path.write_text(text, encoding="utf-8")
    result = arena(interpreter.load(str(path)), ["random", "greedy"], 3, 1)
    (pair,) = result.pairs
    assert (pair.games, pair.a_better, pair.equal, pair.b_better) == (6, 0, 6, 0)
    assert pair.mean_difference == 0


def test_sampling_with_and_without_beliefs_bid_alike_seat_by_seat(watched):
    """Common random numbers: in the auction nothing is known beyond a seat's own hand, so
    the informed and the uniform player at a seat, seeded alike, bid alike."""
    game = interpreter.load("belote")
    arena(game, ["sampling:4", "uniform:4"], 3, 5)
    rows = [e for e in watched if len(e[0].split(":")) == 3]
    bids: dict[tuple[int, int], list[tuple[int, str, str]]] = {}
    for (m, r, seat, spec, _), entry in zip(_decisions(watched, game.players), rows):
        made = bids.setdefault((m, r), [])
        if not any(text.startswith("play") for _, _, text in made):
            made.append((seat, spec, entry[6]))
    for m in range(3):
        zero, one = bids[m, 0][:-1], bids[m, 1][:-1]          # up to the first card played
        assert [(seat, text) for seat, _, text in zero] == [(seat, text) for seat, _, text in one]
        assert all(a != b for (_, a, _), (_, b, _) in zip(zero, one)), "the other spec at each seat"
        assert zero and all(not text.startswith("play") for _, _, text in zero)


def test_single_deals_are_duplicated_and_dealt_in_turn(watched):
    game = interpreter.load("sixty-six")
    result = arena(game, ["greedy", "random"], 6, 4, single_deals=True)
    assert result.unit == "deals" and result.deals == 6 * 2
    assert all(p.matches == 6 * 2 for p in result.players)
    first: dict[tuple[int, int], tuple] = {}
    for (m, r, seat, _, _), entry in zip(_decisions(watched, 2), [e for e in watched if len(e[0].split(":")) == 3]):
        first.setdefault((m, r), (seat, entry[3]))
    for m in range(6):
        assert first[m, 0] == first[m, 1]        # the rotations of deal m: the same cards, the same seat to act
    # the dealer is seat m % 2, so the seat to lead (the dealer's opponent in 66) alternates
    assert [first[m, 0][0] for m in range(6)] == [1, 0, 1, 0, 1, 0]
    assert result.better(result.pairs[0]) == "greedy"


def test_arena_command_single_deals_names_its_unit():
    result = RUN.invoke(main, ["arena", "sixty-six", "greedy", "random", "-n", "6", "--deals"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Sixty-six: arena of 2 players, 6 duplicate deals × 2 rotations (12 deals,")
    assert "player  deals  mean score" in result.output
    assert "score difference per duplicate deal (first minus second" in result.output
    data = json.loads(RUN.invoke(main, ["arena", "sixty-six", "greedy", "random", "-n", "6", "--deals",
                                        "--json"]).output)
    assert data["unit"] == "deals" and data["duplicate_deals"] == 6 and data["deals"] == 12
    assert [p["deals"] for p in data["players"]] == [12, 12]


@pytest.mark.parametrize("single_deals", [False, True])
def test_the_same_result_on_one_or_two_processes(single_deals):
    game = interpreter.load("sixty-six")
    one = arena(game, ["greedy", "random"], 8, "j", single_deals=single_deals).to_json()
    two = arena(game, ["greedy", "random"], 8, "j", jobs=2, single_deals=single_deals).to_json()
    assert one["unit"] == ("deals" if single_deals else "matches")
    assert one.pop("timing").keys() == two.pop("timing").keys()
    assert one == two


def test_progress_counts_the_duplicate_matches():
    done: list[int] = []
    arena(interpreter.load("belote"), ["random", "greedy"], 5, 1, progress=done.append)
    assert sum(done) == 5


def test_arena_times_a_decision_in_milliseconds():
    result = arena(interpreter.load("sixty-six"), ["random", "random"], 2, 1)
    for player in result.players:
        assert player.decisions > 20
        assert 0 < player.ms_per_decision < 50            # a random choice takes microseconds


def test_elo_ratings_of_two_players_follow_their_wins():
    # Two players: the fit is the ratio of wins, one virtual draw added (half a win each).
    ratings = elo_ratings([[0, 30], [10, 0]], [[0, 0], [0, 0]])
    assert ratings[0] == 1000
    assert ratings[1] == pytest.approx(1000 - 400 * math.log10(30.5 / 10.5))
    assert elo_ratings([[0, 5, 5], [5, 0, 5], [5, 5, 0]], [[0] * 3] * 3) == pytest.approx([1000] * 3)
    shut_out = elo_ratings([[0, 20], [0, 0]], [[0, 0], [0, 0]])
    assert math.isfinite(shut_out[1]) and shut_out[1] < 600


def test_elo_ratings_of_two_players_are_their_win_odds():
    # 3 wins to 1, plus one virtual draw: 3.5 to 1.5, so the first is 7/3 times as strong
    ratings = elo_ratings([[0, 3], [1, 0]], [[0, 0], [0, 0]])
    assert ratings[0] == 1000
    assert ratings[1] == pytest.approx(1000 - 400 * math.log10(7 / 3), abs=1e-6)


def test_elo_ratings_ignore_pairs_that_never_met():
    # A-B 2:1 (2.5 to 1.5 with the virtual draw), B-C 3:0 (3.5 to 0.5); A and C never met
    beats = [[0, 2, 0], [1, 0, 3], [0, 0, 0]]
    a, b, c = elo_ratings(beats, [[0] * 3 for _ in range(3)])
    assert a == 1000
    assert a - b == pytest.approx(400 * math.log10(5 / 3), abs=1e-6)
    assert b - c == pytest.approx(400 * math.log10(7), abs=1e-6)


def test_a_pair_with_as_many_wins_each_way_still_counts():
    """A and B beat each other once; B beats C three times, A and C once each. With the one
    virtual draw per pair that met, B comes out ahead of A and C as far behind as B is ahead."""
    beats = [[0, 1, 1], [1, 0, 3], [1, 0, 0]]
    ties = [[0] * 3 for _ in range(3)]
    ratings = elo_ratings(beats, ties)
    assert ratings == pytest.approx([1000.0, 1103.3211722539, 896.6788277460], abs=1e-6)


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


def test_arena_command_prints_the_tables():
    result = RUN.invoke(main, ["arena", "sixty-six", "greedy", "random", "-n", "10"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Sixty-six: arena of 2 players, 10 duplicate matches × 2 rotations")
    assert "rotations (seat 0, 1, ...): greedy random | random greedy" in out
    assert "the lowest score wins" in out
    assert "player  matches  mean score" in out and "ms/decision" in out
    assert "greedy − random" in out and "below 0: greedy is better" in out
    assert "ratings (Elo scale" in out and "\ngreedy  1000\n" in out


def test_arena_command_json():
    result = RUN.invoke(main, ["arena", "belote", "greedy", "random", "-n", "4", "--json", "--seed", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "Belote" and data["seed"] == "2" and data["duplicate_matches"] == 4
    assert data["unit"] == "matches"
    assert [p["player"] for p in data["players"]] == ["greedy", "random"]
    assert data["players"][0]["matches"] == 8
    assert data["differences"][0]["a"] == "greedy" and data["differences"][0]["verdict"] in \
        ("above 0", "below 0", "contains 0")
    assert data["ratings"]["elo"]["greedy"] == 1000
    assert data["timing"]["random"]["ms_per_decision"] > 0


@pytest.mark.parametrize("args, named", [
    (["arena", "belote", "greedy", "nobody"], "'nobody'"),
    (["arena", "belote", "greedy", "sampling:x"], "'sampling:x'"),
    (["arena", "no-such-game", "greedy", "random"], "no game 'no-such-game'"),
])
def test_arena_command_errors_are_one_line(args, named):
    result = RUN.invoke(main, args)
    assert result.exit_code == 1
    assert result.output.startswith("atout: ") and named in result.output and result.output.count("\n") == 1
    assert "Traceback" not in result.output


def test_arena_command_needs_two_players():
    result = RUN.invoke(main, ["arena", "belote", "greedy"])
    assert result.exit_code == 2
    assert "name at least two players" in result.output


def test_a_side_formed_for_the_deal_wins_together_in_the_arena():
    """French Tarot's defenders tie at the top when they win: every game still has a first
    place (no game counts as nobody's), shared by the specs of the winning side."""
    result = arena(interpreter.load("french-tarot"), ["random", "greedy"], 6, 1, single_deals=True)
    games = result.players[0].matches
    assert sum(p.wins for p in result.players) == games        # each game: one first place, maybe shared


def test_two_duplicate_matches_already_give_an_interval():
    """One match has no spread to measure (an infinite interval, printed as none); from two on
    the interval is the sample's: two copies of greedy differ by exactly 0 ± 0."""
    game = interpreter.load("sixty-six")
    one, two = (arena(game, ["greedy", "greedy"], count, 3) for count in (1, 2))
    assert one.pairs[0].half_width == math.inf and two.pairs[0].half_width == 0
    assert [math.isinf(p.score_half_width) for p in one.players] == [True, True]
    assert [math.isfinite(p.score_half_width) for p in two.players] == [True, True]
    assert [d["difference_95"] for d in (one.to_json()["differences"][0], two.to_json()["differences"][0])] == \
        [[None, None], [0, 0]]
