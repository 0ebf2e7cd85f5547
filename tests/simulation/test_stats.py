"""The statistics of a simulation: intervals with known answers, exact sums that do not depend on
how the work was split, the direction of count-down games, facts, calls and the dealer's place."""
from __future__ import annotations

from fractions import Fraction
import random

import pytest

import interpreter
from interpreter.simulation.facts import fact_kinds
from interpreter.simulation.simulate import compare, simulate
from interpreter.simulation.stats import Moments, Summary, histogram, quantile, quantile_interval, verdict, wilson


def test_wilson_interval_known_values():
    assert tuple(round(x, 3) for x in wilson(189, 200)) == (0.904, 0.969)
    assert tuple(round(x, 4) for x in wilson(0, 10)) == (0.0, 0.2775)      # sound at 0: not the empty [0, 0]
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval_is_the_normal_one_computed_exactly():
    m = Moments()
    for x in (1, 2, 3, 4, Fraction(11, 2)):
        m.add(x)
    assert (m.n, m.total, m.squares) == (5, Fraction(31, 2), Fraction(241, 4))
    # sample variance (241/4 - (31/2)^2/5) / 4 = 3.05; half-width 1.96 * sqrt(3.05 / 5)
    assert m.mean() == 3.1
    assert m.half_width() == pytest.approx(1.96 * (3.05 / 5) ** 0.5, rel=1e-12)
    assert Moments(1, 3, 9).half_width() == float("inf")


def _symmetric_deal(rng: random.Random, seats: int) -> list[int]:
    """Seats that are alike: every seat's score drawn from the same distribution."""
    return [rng.choice((0, 0, 1, 2, 5)) for _ in range(seats)]


def test_seat_and_dealer_advantage_intervals_cover_zero_in_95_percent_of_symmetric_runs():
    """The known answer: seats drawn alike have no advantage, so the 95% interval of each
    seat's (and each place's) advantage must hold 0 in about 95% of independent runs."""
    rng = random.Random(12)
    runs, covered, total = 250, 0, 0
    for _ in range(runs):
        summary = Summary(["random"] * 4, ("a", "b"), ((0, 2), (1, 3)))
        for deal in range(100):
            seats = _symmetric_deal(rng, 4)
            summary.add_deal(deal % 4, seats, [seats[0] + seats[2], seats[1] + seats[3]], [], {}, False)
        data = summary.to_json_deals()
        for entry in data["seats"] + data["dealer"]:
            low, high = entry["advantage"]["mean_95"]
            covered += low <= 0 <= high
            total += 1
    assert 0.93 <= covered / total <= 0.97, covered / total


def test_rate_intervals_cover_the_true_rate_in_95_percent_of_runs():
    rng = random.Random(5)
    hits = 0
    for _ in range(1000):
        k = sum(rng.random() < 0.3 for _ in range(120))
        low, high = wilson(k, 120)
        hits += low <= 0.3 <= high
    assert 0.93 <= hits / 1000 <= 0.97


def test_quantiles_and_their_intervals_are_exact_order_statistics():
    counts = {Fraction(v): 1 for v in range(1, 101)}          # 1, 2, ..., 100
    assert quantile(counts, Fraction(1, 2)) == 50
    assert quantile(counts, Fraction(95, 100)) == 95
    low, high = quantile_interval(counts, Fraction(1, 2))      # ranks 50 ∓ 9.8: 40 and 61
    assert (low, high) == (40, 61)
    assert histogram({0: 3, 1: 5}) == {"values": [0.0, 1.0], "counts": [3, 5]}
    wide = histogram({Fraction(v): 1 for v in range(0, 200)}, bins=4)
    assert wide["counts"] == [50, 50, 50, 50] and wide["edges"] == [0.0, 49.75, 99.5, 149.25, 199.0]
    assert (verdict(0.1, 2), verdict(-1, 1), verdict(-2, -1), verdict(None, None)) == \
        ("above 0", "covers 0", "below 0", "too few values")


def test_the_summary_is_the_same_however_the_matches_are_split():
    game = interpreter.load("belote")
    whole = simulate(game, 24, 3, ["greedy", "random"] * 2, single_deals=True)
    parts = [simulate(game, 24, 3, ["greedy", "random"] * 2, single_deals=True, jobs=2)]
    assert parts[0].to_json() == whole.to_json()
    # adding a summary of nothing changes nothing; the sums are exact
    empty = Summary(whole.players, whole.side_names, whole.side_seats, fact_kinds=whole.fact_kinds)
    empty.merge(whole)
    assert empty.to_json() == whole.to_json()
    assert isinstance(whole.side_deal[0].total, int)


def test_belote_statistics_read_the_call_the_made_fact_and_the_dealer():
    game = interpreter.load("belote")
    kinds = fact_kinds(game)
    assert kinds["made"] == "bool" and kinds["call"] == "str" and kinds["tricks"] == "list"
    assert list(kinds)[:5] == ["takers", "defenders", "capot", "belote", "made"]   # the rule file's first
    summary = simulate(game, 40, 1, ["random"] * 4, single_deals=True)
    data = summary.to_json()
    assert data["deals"] == 40 and data["annulled"]["count"] == summary.annulled
    calls = data["calls"]
    assert sum(c["count"] for c in calls.values()) == 40 - summary.annulled
    assert set(calls["take"]["facts"]) == {"made"}
    made = data["facts"]["made"]
    assert made["count"] == sum(round(c["facts"]["made"]["rate"] * c["count"]) for c in calls.values())
    # the dealer rotates in single deals: each place after the dealer is every seat once in four
    advantages = [p["advantage"]["mean"] for p in data["dealer"]]
    assert advantages[0] == pytest.approx(advantages[2]) and advantages[1] == pytest.approx(-advantages[0])
    assert sum(s["advantage"]["mean"] for s in data["seats"]) == pytest.approx(0, abs=1e-12)


def test_dealer_advantage_is_the_mean_of_the_dealers_centred_score():
    game = interpreter.load("aluette")
    summary = simulate(game, 12, 2, ["random"] * 4, single_deals=True)
    # recompute by hand: each deal's dealer is match i % 4; its advantage is score - mean of seats
    edges = []
    for i in range(12):
        match = game.new_match(seed=f"2:{i}", dealer=i % 4)
        players = [interpreter.players.make_player("random", f"2:{i}:{s}") for s in range(4)]
        state = match.next_deal()
        while not state.is_over:
            state.apply(players[state.current].choose(state))
        scores = match.finish_deal(state).seat_scores
        edges.append(scores[state.dealer] - Fraction(sum(scores), 4))
    assert summary.place_edge[0].mean(4) == pytest.approx(float(sum(edges) / 12))


@pytest.mark.parametrize(("game_name", "match_rule", "deal_rule"), [
    ("hearts", "the lowest match score wins", "a lower deal score is better"),
    ("sixty-six", "the lowest match score wins", "a higher deal score is better"),
    ("belote", "the highest match score wins", "a higher deal score is better"),
])
def test_count_down_games_say_which_direction_is_better(game_name, match_rule, deal_rule):
    game = interpreter.load(game_name)
    summary = Summary(["random"] * game.players, game.side_names, game.side_seats, game.match.high_wins,
                      game.match.down)
    assert summary.direction() == {"match": match_rule, "deal": deal_rule}


def test_variants_on_the_same_seeds_differ_by_paired_differences():
    games = [interpreter.load("belote"), interpreter.load("belote", "match")]
    summaries, comparison = compare(games, [None, "match"], 3, 1, ["random"] * 4)
    data = comparison.to_json()[0]
    assert (data["variant"], data["against"], data["matches"]) == ("match", "rules as written", 3)
    deals = [s.deals for s in summaries]
    assert data["deals_difference"] == pytest.approx((deals[1] - deals[0]) / 3)
    assert 3 <= deals[0] < deals[1]          # one deal a match as written (and its redeals); many to 1000 points
    for t, side in enumerate(data["sides"]):
        expected = (summaries[1].side_match[t].total - summaries[0].side_match[t].total) / 3
        assert side["score_difference"] == pytest.approx(float(expected))
    # the same rules on the same seeds differ by nothing at all
    _, same = compare([games[0], games[0]], [None, "again"], 4, 1, ["random"] * 4)
    assert all(s["score_difference"] == 0 and s["score_difference_95"] == [0, 0] for s in same.to_json()[0]["sides"])


def test_exact_keeps_ints_and_makes_whole_fractions_ints():
    from interpreter.simulation.stats import exact

    found = [exact(x) for x in (7, True, Fraction(14, 2), Fraction(7, 2), 2.5)]
    assert found == [7, 1, 7, Fraction(7, 2), Fraction(5, 2)]
    assert [type(x) for x in found] == [int, int, int, Fraction, Fraction]
