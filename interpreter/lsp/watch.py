"""``atout validate --watch``: check rule files again each time they are saved, and say
what changed — the problems found or fixed, and a quick look at the game's behaviour
(random single deals on fixed seeds) before and after."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
import random
import time
from typing import Callable

from ..engine.game import Game
from ..errors import AtoutError, Problem
from ..language.rule_files import problems_in

QUICK_DEALS = 100
QUICK_ACTIONS = 10_000   # a deal stopped past this many actions is not counted


@dataclass(frozen=True)
class Look:
    """What one check of a file found."""

    problems: tuple[Problem, ...]
    summary: tuple[str, ...]      # the quick look's lines; empty when the file does not load


def quick_look(game: Game, deals: int = QUICK_DEALS) -> tuple[str, ...]:
    """Random players on ``deals`` single deals (seeds 1…deals): each side's mean deal score,
    the actions a deal takes, and how often each scoring rule scored."""
    sides = game.side_names
    totals = [Fraction(0)] * len(sides)
    actions, rules, played = 0, Counter(), 0
    try:
        for seed in range(1, deals + 1):
            rng = random.Random(seed)
            state = game.new_deal(seed=seed, dealer=(seed - 1) % game.players)
            for _ in range(QUICK_ACTIONS):
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
            else:
                continue
            result = state.result()
            scores = result.team_scores if game.fixed_teams else result.seat_scores
            totals = [a + b for a, b in zip(totals, scores)]
            rules.update({reason.rule for reason in result.reasons})
            played += 1
    except AtoutError as err:
        return (f"a random deal fails: {str(err).splitlines()[0]}",)
    if not played:
        return ("no random deal ended",)
    lines = [f"{side}: mean deal score {float(total / played):.2f}" for side, total in zip(sides, totals)]
    lines.append(f"actions a deal: {actions / deals:.1f}")
    lines += [f"rule '{rule}' scored in {100 * count / played:.0f}% of deals" for rule, count in sorted(rules.items())]
    return tuple(lines)


def look(path: Path) -> Look:
    problems, game = problems_in(path)
    return Look(tuple(problems), quick_look(game) if game is not None else ())


def changes(before: Look, after: Look) -> list[str]:
    """What differs between two checks, as lines for a person."""
    old = {(p.message, p.line, p.column) for p in before.problems}
    new = {(p.message, p.line, p.column) for p in after.problems}
    lines = [f"  fixed: {line}:{column}: {message}" for message, line, column in sorted(old - new, key=lambda x: x[1:])]
    lines += [f"  new:   {line}:{column}: {message}" for message, line, column in sorted(new - old, key=lambda x: x[1:])]
    if after.summary and before.summary != after.summary:
        if before.summary:
            gone = [f"  was: {line}" for line in before.summary if line not in after.summary]
            now = [f"  now: {line}" for line in after.summary if line not in before.summary]
            lines += gone + now
        else:
            lines += [f"  {line}" for line in after.summary]
    return lines or ["  no change in problems or behaviour"]


def report(path: Path, found: Look, echo: Callable[[str], None]) -> None:
    for problem in found.problems:
        echo(problem.format())
    errors = sum(not p.warning for p in found.problems)
    echo(f"{path}: {errors} problem(s)" if errors else f"{path}: ok")
    for line in found.summary:
        echo(f"  {line}")


def _stamp(path: Path) -> tuple[float, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def watch(paths: list[Path], echo: Callable[[str], None], rounds: int | None = None, interval: float = 0.5,
          sleep: Callable[[float], None] = time.sleep) -> None:
    """Check each file, then poll their modification times every ``interval`` seconds and
    check a file again when it changes; ``rounds`` polls at most (None: until interrupted)."""
    looks, stamps = {}, {}
    for path in paths:
        looks[path], stamps[path] = look(path), _stamp(path)
        report(path, looks[path], echo)
    echo(f"watching {len(paths)} file(s); Ctrl-C stops")
    done = 0
    while rounds is None or done < rounds:
        sleep(interval)
        done += 1
        for path in paths:
            stamp = _stamp(path)
            if stamp == stamps[path]:
                continue
            stamps[path] = stamp
            found = look(path)
            echo(f"{time.strftime('%H:%M:%S')} {path} changed:")
            for line in changes(looks[path], found):
                echo(line)
            errors = sum(not p.warning for p in found.problems)
            echo(f"  {errors} problem(s)" if errors else "  ok")
            # behaviour is compared with the last version that loaded, across broken saves
            looks[path] = Look(found.problems, found.summary or looks[path].summary)
