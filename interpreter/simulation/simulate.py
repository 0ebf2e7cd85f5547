"""Plays many seeded matches (or single deals) between players and sums them up.

Match ``i`` is dealt from the seed ``"{seed}:{i}"`` and its players from ``"{seed}:{i}:{seat}"``,
so matches are independent: they are played in work units of consecutive matches, on this
process, on a pool of processes or on a Dask cluster, and the units are taken back in order.
The summary (exact sums), the records and the data file come out the same, byte for byte,
however the work was split. Rule variants compared are played on the same seeds, each match
under every variant within one unit, so their differences are paired match by match.
"""
from __future__ import annotations

from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
import json
import math
from typing import IO, Any, Callable, Iterator

from ..engine.game import Game
from ..engine.match import Match
from ..errors import RuleRuntimeError
from ..players.registry import make_player
from .datafile import Layout
from .facts import deal_facts, declared_kinds
from .records import Recorder, fingerprint
from .stats import Comparison, Summary

# Matches a work unit: enough to make sending it worth while, few enough that its records and
# rows stay small. A single deal is short; a whole match may be dozens of deals.
UNIT_DEALS = 2_000
UNIT_MATCHES = 200
UNITS_PER_WORKER = 4      # at least this many units a worker, so the load stays balanced
WINDOW_PER_WORKER = 2     # units sent ahead a worker: enough to keep it busy, few to hold in memory


@dataclass(frozen=True)
class Plan:
    """Everything a work unit needs: names and paths only, light to send to any process."""

    games: tuple[tuple[str, str | None], ...]   # (rule file, variant) for each variant played
    seed: int | str
    players: tuple[str, ...]
    single_deals: bool
    ref: str                                     # how records name the game
    rules: str                                   # fingerprint of the rules, for records ('' without)
    records: bool
    kinds: tuple[tuple[tuple[str, str], ...], ...]   # each variant's declared facts and their kinds
    layout: Layout | None                        # the data file's columns, when one is written


@dataclass
class Part:
    """What a work unit gives back: a summary per variant, the comparison, records, rows."""

    summaries: list[Summary]
    comparison: Comparison | None
    lines: list[str]
    rows: list[list]


def simulate(game: Game, count: int, seed: int | str, players: list[str], single_deals: bool = False,
             record: IO[str] | None = None, game_ref: str | None = None, variant: str | None = None,
             jobs: int = 1, progress: Callable[[int], None] | None = None,
             rows: Callable[[list[list]], None] | None = None, layout: Layout | None = None,
             dask: str | None = None) -> Summary:
    """Play ``count`` matches (or deals); the same arguments always give the same summary.

    Records (written to ``record`` as matches finish, in order) name the game as ``game_ref``
    (by default its path). With ``jobs`` > 1 the matches are shared among that many processes,
    each loading the game again from its path; with ``dask`` (a scheduler's address, or
    'local') among a Dask cluster's workers. ``rows`` receives the data rows of ``layout`` in
    order, a unit at a time. Anything that fails inside the rules raises RuleRuntimeError
    naming the match and deal. ``progress`` is called with the number of matches just finished."""
    summaries, _ = compare([game], [variant], count, seed, players, single_deals, record, game_ref, jobs, progress,
                           rows, layout, dask)
    return summaries[0]


def compare(games: list[Game], variants: list[str | None], count: int, seed: int | str, players: list[str],
            single_deals: bool = False, record: IO[str] | None = None, game_ref: str | None = None,
            jobs: int = 1, progress: Callable[[int], None] | None = None,
            rows: Callable[[list[list]], None] | None = None, layout: Layout | None = None,
            dask: str | None = None) -> tuple[list[Summary], Comparison | None]:
    """Play the same ``count`` seeded matches under each of ``games`` (the variants of one rule
    file): a summary for each, and with two or more their paired differences from the first."""
    plan = Plan(tuple((g.path, v) for g, v in zip(games, variants)), seed, tuple(players), single_deals,
                game_ref or games[0].path, fingerprint(games[0].path, variants[0]) if record is not None else "",
                record is not None, tuple(tuple(declared_kinds(g).items()) for g in games), layout)
    workers = jobs if dask is None else max(jobs, 2)
    per_unit = UNIT_DEALS if single_deals else UNIT_MATCHES
    size = max(1, min(per_unit, math.ceil(count / (workers * UNITS_PER_WORKER))))
    units = [(start, min(count, start + size)) for start in range(0, count, size)]
    summaries = _empty_summaries(games, plan)
    comparison = _empty_comparison(games, variants)
    if dask is not None:
        from .cluster import ordered_results

        parts = ordered_results(dask, jobs, play_unit, plan, units, jobs * WINDOW_PER_WORKER)
    elif jobs > 1 and len(units) > 1:
        parts = _pooled(plan, units, jobs)
    else:
        parts = (play_unit(plan, start, stop, games, progress) for start, stop in units)
    for part in parts:
        for mine, theirs in zip(summaries, part.summaries):
            mine.merge(theirs)
        if comparison is not None:
            comparison.merge(part.comparison)
        if record is not None:
            record.writelines(part.lines)
        if rows is not None:
            rows(part.rows)
        if progress is not None and (jobs > 1 or dask is not None):
            progress(part.summaries[0].matches)
    return summaries, comparison


def _empty_summaries(games: list[Game], plan: Plan) -> list[Summary]:
    return [Summary(list(plan.players), g.side_names, g.side_seats, g.match.high_wins, g.match.down, dict(kinds))
            for g, kinds in zip(games, plan.kinds)]


def _empty_comparison(games: list[Game], variants: list[str | None]) -> Comparison | None:
    if len(games) < 2:
        return None
    return Comparison([v or "rules as written" for v in variants], games[0].side_names)


def _pooled(plan: Plan, units: list[tuple[int, int]], jobs: int) -> Iterator[Part]:
    """The units' parts in order, played on ``jobs`` processes with a few units sent ahead."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque = deque()
        try:
            for start, stop in units:
                pending.append(pool.submit(play_unit, plan, start, stop))
                if len(pending) >= jobs * WINDOW_PER_WORKER:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            pool.shutdown(cancel_futures=True)


def play_unit(plan: Plan, start: int, stop: int, games: list[Game] | None = None,
              progress: Callable[[int], None] | None = None) -> Part:
    """Play matches ``start`` to ``stop - 1`` under every variant of the plan (loading the games
    from their paths unless given) and sum them up."""
    if games is None:
        from ..language.rule_files import load

        games = [load(path, variant) for path, variant in plan.games]
    part = Part(_empty_summaries(games, plan), _empty_comparison(games, [v for _, v in plan.games]), [], [])
    for i in range(start, stop):
        outcomes = [_play_match(game, variant, i, plan, summary, part)
                    for game, (_, variant), summary in zip(games, plan.games, part.summaries)]
        if part.comparison is not None:
            part.comparison.add_match(outcomes)
        if progress is not None:
            progress(1)
    return part


def _play_match(game: Game, variant: str | None, i: int, plan: Plan, summary: Summary,
                part: Part) -> tuple[Any, int | None, int]:
    """Play match ``i`` into the summary, the records and the rows; its side scores, winner and deals."""
    match_seed = f"{plan.seed}:{i}"
    seats = [make_player(kind, f"{match_seed}:{seat}") for seat, kind in enumerate(plan.players)]
    match = Match(game, match_seed, i % game.players if plan.single_deals else 0, 1 if plan.single_deals else None)
    recorder = Recorder(match_seed, list(plan.players), plan.ref, {"variant": variant} if variant else {},
                        plan.rules) if plan.records else None
    players = ",".join(plan.players)
    number = 0
    try:
        while not match.is_over:
            number += 1
            state = match.next_deal()
            if recorder is not None:
                recorder.start_deal(state)
            while not state.is_over:
                seat = state.current_player
                action = seats[seat].choose(state)
                if recorder is not None:
                    recorder.action(seat, action.text)
                state.apply(action)
                summary.actions += 1
            result = match.finish_deal(state)
            if recorder is not None:
                recorder.end_deal(result.to_json())
            facts = deal_facts(game, result)
            sides = result.team_scores if game.fixed_teams else result.seat_scores
            annulled = bool(facts.get("annulled"))
            summary.add_deal(state.dealer, result.seat_scores, sides, (r.rule for r in result.reasons), facts,
                             annulled)
            if plan.layout is not None:
                part.rows.append(plan.layout.row(i, number, match.deal_seed, state.dealer, variant, players, result,
                                                 sides, facts))
    except Exception as err:  # noqa: BLE001 - any failure inside the rules, reported with where it happened
        raise RuleRuntimeError.during(f"{game.path}: match seed {match_seed!r}, deal {number} "
                                      f"(deal seed {match.deal_seed})", err) from err
    outcome = match.result()
    summary.add_match(outcome.team_scores, outcome.seat_scores, outcome.winners)
    if recorder is not None:
        part.lines.append(json.dumps(recorder.end_match(match), ensure_ascii=False) + "\n")
    return outcome.team_scores, outcome.winner, len(outcome.deals)
