"""The statistics of a simulation: intervals with known answers, exact sums that do not depend on
how the work was split, the direction of count-down games, facts, calls and the dealer's place,
the comparison of variants, and the summary as text (its rows, rates, quantiles and alignment)."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
import random

import pytest

import interpreter
from interpreter.simulation.facts import fact_kinds
from interpreter.simulation.simulate import compare, simulate
from interpreter.simulation.stats import (Comparison, Moments, Summary, histogram, quantile, quantile_interval,
                                          verdict, wilson)
from interpreter.simulation.summary_text import _percent_interval, summary_lines


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


def test_a_histogram_has_twenty_bins_when_the_values_are_many():
    many = histogram(Counter({v: 1 for v in range(100)}))
    assert len(many["edges"]) == 21 and many["counts"] == [5] * 20
    assert many["edges"][0] == 0 and many["edges"][1] == pytest.approx(4.95) and many["edges"][-1] == 99
    few = histogram(Counter({v: 2 for v in range(20)}))
    assert few == {"values": [float(v) for v in range(20)], "counts": [2] * 20}


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


def test_no_matches_is_an_empty_summary():
    game = interpreter.load("belote")
    summary = simulate(game, 0, 1, ["greedy"] * 4)
    assert (summary.matches, summary.deals) == (0, 0)


def test_progress_counts_each_match_once_with_two_jobs():
    game = interpreter.load("belote")
    seen = []
    summary = simulate(game, 6, 1, ["random"] * 4, single_deals=True, jobs=2, progress=seen.append)
    assert summary.matches == 6 and sum(seen) == 6


def test_belote_statistics_read_the_call_the_made_fact_and_the_dealer():
    game = interpreter.load("belote")
    kinds = fact_kinds(game)
    assert kinds["contract made"] == "bool" and kinds["call"] == "str" and kinds["tricks"] == "list"
    assert list(kinds)[:4] == ["takers", "takers' total", "defenders' total", "contract made"]   # the file's first
    summary = simulate(game, 40, 1, ["random"] * 4, single_deals=True)
    data = summary.to_json()
    assert data["deals"] == 40 and data["annulled"]["count"] == summary.annulled
    calls = data["calls"]
    assert sum(c["count"] for c in calls.values()) == 40 - summary.annulled
    assert set(calls["take"]["facts"]) == {"contract made"}
    made = data["facts"]["contract made"]
    assert made["count"] == sum(round(c["facts"]["contract made"]["rate"] * c["count"]) for c in calls.values())
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


# --- the summary's figures, computed by hand ------------------------------------------------------

def three_seats() -> Summary:
    """101 deals (side X's deal score 0, 2, …, 200; Y's 0) and three matches: X wins, Y wins, a draw."""
    s = Summary(players=["p", "q", "r"], side_names=("X", "Y"), side_seats=((0, 2), (1,)),
                fact_kinds={"suit": "suit"})
    for i in range(101):
        s.add_deal(i % 3, [i, 0, i], [2 * i, 0], ["r1"], {"suit": "H" if i % 4 else "S"}, False)
    s.add_match([10, 5], [10, 5, 10], (0, 2))
    s.add_match([1, 5], [1, 5, 1], (1,))
    s.add_match([5, 5], [5, 5, 5], ())
    return s


def test_summary_counts_each_seat_wins_with_its_side_and_none_for_a_draw():
    s = three_seats()
    assert s.side_wins == [1, 1] and s.draws == 1
    assert s.seat_wins == [1, 1, 1]
    assert [seat["wins"] for seat in s.to_json()["seats"]] == [1, 1, 1]
    s.add_match([7, 5], [7, 5, 7], (0, 2))
    assert s.seat_wins == [2, 1, 2]


def test_a_rule_without_deals_recorded_fired_on_no_deal():
    s = Summary(players=["p", "q"], side_names=("P", "Q"), side_seats=((0,), (1,)), deals=4, rules={"r": 2})
    assert s.to_json_deals()["rule_rates"]["r"]["deals"]["count"] == 0
    s.add_deal(0, [1, 0], [1, 0], ["r", "r"], {}, False)
    assert s.to_json_deals()["rule_rates"]["r"]["deals"]["count"] == 1


def test_summary_counts_the_values_of_a_fact():
    s = three_seats()
    assert dict(s.facts["suit"]) == {"H": 75, "S": 26}
    lines = summary_lines(s, "T", "1", "matches")
    assert "suit  H 74.3%, S 25.7%" in lines


def test_a_number_fact_is_summed_up_as_a_mean():
    s = Summary(players=["p", "q"], side_names=("P", "Q"), side_seats=((0,), (1,)),
                fact_kinds={"bonus": "num", "never": "num"})
    for x in (2, 4, 9):
        s.add_deal(0, [0, 0], [0, 0], [], {"bonus": x}, False)
    facts = s.to_json_deals()["facts"]
    assert facts["bonus"]["kind"] == "num" and facts["bonus"]["n"] == 3 and facts["bonus"]["mean"] == 5
    assert facts["never"]["kind"] == "num" and facts["never"]["n"] == 0


def test_a_fact_first_seen_as_none_takes_its_kind_from_its_first_value():
    summary = Summary(["random", "random"], ("seat 0", "seat 1"), ((0,), (1,)))
    summary.add_deal(0, [1, 0], [1, 0], [], {"closer": None}, False)
    summary.add_deal(1, [0, 2], [0, 2], [], {"closer": 3}, False)
    summary.add_deal(0, [1, 1], [1, 1], [], {"closer": 5}, False)
    assert summary.fact_kinds["closer"] == "int"          # whole numbers the file does not declare: counted by value
    facts = summary.to_json_deals()["facts"]
    assert facts["closer"]["kind"] == "int" and sorted(facts["closer"]["values"]) == ["3", "5"]


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


def test_comparison_of_variants_counts_win_differences_per_side():
    c = Comparison(variants=["a", "b"], side_names=("X", "Y"))
    c.add_match([([10, 5], 0, 3), ([4, 8], 1, 4)])       # X won under a, Y under b
    c.add_match([([7, 5], 0, 3), ([9, 8], 0, 6)])        # X won under both
    assert (c.wins[1][0].mean(), c.wins[1][1].mean()) == (-0.5, 0.5)
    assert (c.score[1][0].mean(), c.score[1][1].mean(), c.deals[1].mean()) == (-2.0, 3.0, 2.0)
    (row,) = c.to_json()
    assert [side["win_rate_difference"] for side in row["sides"]] == [-0.5, 0.5]


def test_exact_keeps_ints_and_makes_whole_fractions_ints():
    from interpreter.simulation.stats import exact

    found = [exact(x) for x in (7, True, Fraction(14, 2), Fraction(7, 2), 2.5)]
    assert found == [7, 1, 7, Fraction(7, 2), Fraction(5, 2)]
    assert [type(x) for x in found] == [int, int, int, Fraction, Fraction]


# --- the summary as text -----------------------------------------------------------------------------

def test_summary_text_gives_each_sides_wins_and_mean_match_score():
    lines = summary_lines(three_seats(), "T", "1", "matches")
    assert lines[0] == "T: 3 matches (101 deals, 0 actions), seed 1"
    rows = [line.split() for line in lines if line.startswith(("X ", "Y ", "draws "))][:3]
    # X's match scores 10, 1, 5: mean 16/3; Y's 5, 5, 5
    assert rows[0][:2] == ["X", "0,"] and rows[0][3:8] == ["1", "33.3%", "6.1–79.2%", "5.333", "5.1"]
    assert rows[1][:7] == ["Y", "1", "1", "33.3%", "6.1–79.2%", "5", "0"]
    assert rows[2] == ["draws", "1", "33.3%"]


def test_summary_text_gives_each_seats_advantage_with_its_half_width():
    lines = summary_lines(three_seats(), "T", "1", "matches")
    rows = {line.split()[0]: line.split() for line in lines if line[:2] in ("0 ", "1 ", "2 ")}
    assert rows["0"][-6:] == ["+16.67", "±", "1.9", "above", "0:", "better"]
    assert rows["1"][-6:] == ["-33.33", "±", "3.81", "below", "0:", "worse"]


def test_summary_text_quantiles_are_order_statistics():
    """Of 101 deal scores 0, 2, …, 200 the 5 % quantile is the ceil(5.05) = 6th smallest: 10."""
    lines = summary_lines(three_seats(), "T", "1", "matches")
    at = lines.index("deal scores by side (mean ± 95%; quantiles 5% 25% 50% 75% 95%):")
    assert lines[at + 1].split() == ["X", "100", "±", "11.4", "10", "50", "100", "150", "190"]
    assert lines[at + 2].split() == ["Y", "0", "±", "0", "0", "0", "0", "0", "0"]


def test_summary_text_aligns_rule_names_to_the_left():
    s = Summary(players=["p", "q"], side_names=("X", "Y"), side_seats=((0,), (1,)))
    s.add_deal(0, [1, 0], [1, 0], ["a", "longer"], {}, False)
    s.add_deal(1, [0, 1], [0, 1], ["a"], {}, False)
    s.add_match([1, 1], [1, 1], ())
    lines = summary_lines(s, "T", "1", "matches")
    at = lines.index("share of deals where each rule scored:")
    assert lines[at + 1].startswith("a       100.0%") and lines[at + 2].startswith("longer   50.0%")


def test_a_very_narrow_rate_interval_is_shown_with_three_decimals():
    s = Summary(players=["p", "q"], side_names=("X", "Y"), side_seats=((0,), (1,)))
    for _ in range(40000):
        s.add_deal(0, [1, 0], [1, 0], ["r1"], {}, False)
    s.add_match([1, 0], [1, 0], (0,))
    lines = summary_lines(s, "T", "1", "matches")
    at = lines.index("share of deals where each rule scored:")
    assert lines[at + 1].split() == ["r1", "100.0%", "99.990–100.000%"]


def test_a_percent_interval_keeps_its_ends_apart():
    assert _percent_interval([None, None]) == ""
    assert _percent_interval([0.25, 0.5]) == "25.0–50.0%"
    assert _percent_interval([0.0, 0.0002]) == "0.00–0.02%"          # a width of 0.0002 exactly: two places
    assert _percent_interval([0.0, 0.0001]) == "0.000–0.010%"


@pytest.mark.parametrize("n", [1, 6, 11, 21, 22, 27, 100, 399])
def test_a_rate_interval_holds_the_rate_itself_at_0_and_1(n):
    """In floating point Wilson's lower end for 0 of n comes out a hair above 0 for some n (and
    the upper end for n of n below 1): a chart's error bar, the rate minus the end, was then
    negative and the report failed. Every interval holds its rate, and 0 and 1 exactly."""
    assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
    assert all(wilson(k, n)[0] <= k / n <= wilson(k, n)[1] for k in range(n + 1))


def _contract_summary(*contracts):
    summary = Summary(["random"] * 2, ("a", "b"), ((0,), (1,)))
    for contract in contracts:
        summary.add_deal(0, [1, 0], [1, 0], [], {"contract": contract}, False)
    return summary


def test_a_fact_that_is_whole_in_some_deals_and_fractional_in_others_is_one_number():
    """'contract' of an auction mixing calls with a whole value, a fractional one and none (0):
    whole values first counted by value become a mean once a fraction comes, in one summary
    and when the summaries of two processes meet in either order (once an AttributeError)."""
    one = _contract_summary(0, 2, Fraction(1, 2), 2)
    assert one.fact_kinds["contract"] == "num"
    assert (one.facts["contract"].n, one.facts["contract"].total) == (4, Fraction(9, 2))
    for first, second in [((0, 2), (Fraction(1, 2), 2)), ((Fraction(1, 2), 2), (0, 2))]:
        merged = _contract_summary(*first)
        merged.merge(_contract_summary(*second))
        assert merged.fact_kinds["contract"] == "num"
        assert (merged.facts["contract"].n, merged.facts["contract"].total) == (4, Fraction(9, 2))
        assert merged.to_json_deals()["facts"]["contract"]["mean"] == 1.125
    whole = _contract_summary(0, 2, 2)
    assert whole.fact_kinds["contract"] == "int" and whole.facts["contract"] == Counter({"2": 2, "0": 1})
