"""A file that validates must play: ``atout validate`` deals a few random deals and plays one
match of every rule file it accepts, so that a rule failing in play (a division by zero, a seat
left without a card, an action taken forever) is reported as a problem of the file, at the rule
that failed, instead of stopping an author's first simulation.

The deals run on the generic engine (``Game.reference()``), where each rule string is a function
of its own that names its place in the file; a check is bounded in time and stops quietly when
the time is up (a long match is no problem of the file).
"""
from __future__ import annotations

import time

from ..engine.game import Game
from ..errors import AtoutError, MatchLimitError, Problem, RuleFileError, rule_at
from ..language.source import Source, read_source
from ..players.registry import make_player

DEALS = 12              # random deals, each dealt by the next seat
MATCH_DEALS = 20        # the deals of the match played at most: a match that never ends is warned about
                        # where the compiler can see it ('until' always false), and is no failure of play
SECONDS = 3.0           # the most one file's check takes, deals and the match together


def play_problems(path: str, game: Game, seconds: float = SECONDS) -> list[Problem]:
    """The first failure of random play as a problem of the file (an empty list when every
    deal and the match played to their end, or the time ran out first). The game is the
    file's, or one of its variants (the message then names it)."""
    reference = game.reference()
    stop = time.monotonic() + seconds
    for deal in range(DEALS):
        seed = f"validate:{deal}"
        try:
            state = reference.new_deal(seed=seed, dealer=deal % game.players)
            player = make_player("random", seed)
            while not state.is_over:
                if time.monotonic() > stop:
                    return []
                state.apply(player.choose(state))
            state.result().breakdown
        except Exception as err:  # noqa: BLE001 - any failure of play is the file's problem to report
            return [_problem(path, err, f"a random deal (seed '{seed}', dealer {deal % game.players})")]
    match = reference.new_match(seed="validate")
    players = [make_player("random", f"validate:{seat}") for seat in range(game.players)]
    try:
        while not match.is_over and match.deals_played < MATCH_DEALS:
            if time.monotonic() > stop:
                return []
            match.apply(players[match.current_player].choose(match.state))
        if match.is_over:
            match.result()
    except MatchLimitError:     # every deal annulled: 'annul when' always true is warned about
        return []
    except Exception as err:  # noqa: BLE001
        return [_problem(path, err, "a random match (seed 'validate')")]
    return []


def _problem(path: str, err: Exception, what: str) -> Problem:
    """The failure as a problem: at the rule string that was running when it names one, else at
    the top of the file."""
    text = str(err).splitlines()[0] if str(err) else ""
    if not isinstance(err, AtoutError):
        text = f"{type(err).__name__}: {text}" if text else type(err).__name__
    message = f"{what} stops: {text}"
    where = rule_at(err)
    if where is not None:
        try:
            source: Source = read_source(path)
            return source.problem(where, message, "validate plays random deals of every file it accepts",
                                  key=isinstance(source.value_at(where), dict))     # an action: at its name
        except (RuleFileError, KeyError, IndexError, TypeError):
            pass
    return Problem(str(path), 1, 1, message, hint="validate plays random deals of every file it accepts")
