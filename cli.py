"""The ``atout`` command: list, validate, simulate, replay and play card games described as data."""
from __future__ import annotations

from contextlib import contextmanager
import json
import os
import sys
import tempfile
from pathlib import Path

import click

import interpreter
from interpreter.errors import AtoutError, RecordError, RuleRuntimeError
from interpreter.players import PLAYER_HELP

LEVELS = {"easy": "greedy", "medium": "sampling:20", "hard": "ismcts:100ms"}


class _Group(click.Group):
    """Turns every atout error into one clear line on stderr and exit status 1."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except AtoutError as err:
            click.echo(f"atout: {err}", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("atout: interrupted", err=True)
            sys.exit(130)
        except BrokenPipeError:  # the reader went away (e.g. '| head'): stop quietly
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(1)
        except OSError as err:
            click.echo(f"atout: {err.filename or ''}: {err.strerror or err}", err=True)
            sys.exit(1)


@click.group(cls=_Group)
@click.version_option(package_name="atout")
def main() -> None:
    """Play, check and simulate card games described as data."""


@main.command("list")
def list_games() -> None:
    """The bundled games, one line each."""
    for path in interpreter.bundled_games():
        problems, game = interpreter.problems_in(path)
        if game is None:
            click.echo(f"{path.stem:<12} (does not validate: {len(problems)} problem(s))")
            continue
        teams = "teams formed by each deal" if not game.fixed_teams else \
            f"{len(game.teams)} teams" if len(game.teams) < game.players else "each for himself"
        length = f"{game.match.deals} deal(s) a match" if game.match.deals else "a match of several deals"
        variants = f"; variants: {', '.join(game.variants)}" if game.variants else ""
        click.echo(f"{path.stem:<12} {game.title}: {game.players} players, {teams}, {game.deck.size} cards, "
                   f"{length}{variants}")


@main.command()
@click.argument("game_name", metavar="GAME")
def explain(game_name: str) -> None:
    """Read a game's rules back in plain English."""
    from interpreter.explain import explain as render

    interpreter.load(game_name)
    click.echo(render(interpreter.resolve(game_name)))


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=Path))
def validate(files: tuple[Path, ...]) -> None:
    """Check rule files; report every problem as file:line:column."""
    total = 0
    for path in files:
        problems, _ = interpreter.problems_in(path)
        for problem in problems:
            click.echo(problem.format())
        errors = [p for p in problems if not p.warning]
        total += len(errors)
        if not errors:
            warned = len(problems)
            click.echo(f"{path}: ok" + (f" ({warned} warning(s))" if warned else ""))
    if total:
        click.echo(f"{total} problem(s) in {len(files)} file(s)")
        sys.exit(1)


def _fmt(x) -> str:
    """Exact numbers for people: whole numbers plain, others as decimals when they end."""
    from fractions import Fraction

    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    text = f"{float(x):.3f}".rstrip("0")
    return text


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("-n", "--count", default=100, show_default=True, type=click.IntRange(1, 10_000_000),
              help="How many matches (or deals, with --deals) to play.")
@click.option("--seed", default="1", show_default=True, help="Seed: the same seed gives the same output.")
@click.option("--players", default=None, help=f"Comma-separated player kinds, one per seat: {PLAYER_HELP}. "
                                               "Default: random at every seat.")
@click.option("--deals", "single_deals", is_flag=True, help="Play single deals instead of whole matches.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Write one JSON record per match to this .jsonl file.")
@click.option("--variant", default=None, help="A variant the rule file defines (see 'atout list').")
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes to share the matches among; the output is the same for any number.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON (with 95% intervals), for scripts.")
def simulate(game_name: str, count: int, seed: str, players: str | None, single_deals: bool,
             record_path: Path | None, variant: str | None, jobs: int, as_json: bool) -> None:
    """Play many seeded matches between AI players and summarise them."""
    from interpreter.simulate import simulate as run

    game = interpreter.load(game_name, variant)
    kinds = players.split(",") if players else ["random"] * game.players
    kinds = [k.strip() for k in kinds]
    if len(kinds) == 1:
        kinds = kinds * game.players
    if len(kinds) != game.players:
        raise click.BadParameter(f"{game.title} has {game.players} seats; --players names {len(kinds)}",
                                 param_hint="--players")
    seed_value: int | str = int(seed) if seed.lstrip("-").isdigit() else seed
    if record_path is None:
        with _progress(count, "deals" if single_deals else "matches") as advance:
            summary = run(game, count, seed_value, kinds, single_deals, None, game_name, variant, jobs, advance)
        _print_summary(game, summary, seed, single_deals, as_json)
        return
    folder = record_path.parent
    if not folder.is_dir():
        raise RecordError(f"{record_path}: cannot write the record: no folder '{folder}'")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{record_path.name}.", suffix=".tmp")
    except OSError as err:
        raise RecordError(f"{record_path}: cannot write the record: {err.strerror}") from None
    try:  # written whole or not at all: a killed or failed run leaves no part of a record behind
        with os.fdopen(handle, "w", encoding="utf-8") as out, \
                _progress(count, "deals" if single_deals else "matches") as advance:
            summary = run(game, count, seed_value, kinds, single_deals, out, _game_ref(game, folder), variant, jobs,
                          advance)
        os.replace(temporary, record_path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _print_summary(game, summary, seed, single_deals, as_json)
    if not as_json:
        click.echo(f"\nrecords: {summary.matches} written to {record_path}")


def _game_ref(game, folder: Path) -> str:
    """How a record names its game: a bundled game by its name, any other rule file by its
    path from the record's folder (where ``atout replay`` looks for it)."""
    path = Path(game.path).resolve()
    if path in (p.resolve() for p in interpreter.bundled_games()):
        return path.stem
    return os.path.relpath(path, folder.resolve())


@contextmanager
def _progress(count: int, unit: str):
    """A progress bar on a terminal's stderr (done, rate, time left); nothing when piped."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=count, label=f"playing {count} {unit}", file=sys.stderr,
                           show_eta=True, show_percent=True, show_pos=True) as bar:
        yield bar.update


def _print_summary(game, summary, seed: str, single_deals: bool, as_json: bool = False) -> None:
    if as_json:
        data = summary.to_json(game.side_names, game.side_seats)
        click.echo(json.dumps({"game": game.title, "seed": seed, "unit": "deals" if single_deals else "matches",
                               **data}, indent=1))
        return
    unit = "deals" if single_deals else "matches"
    click.echo(f"{game.title}: {summary.matches} {unit} ({summary.deals} deals, {summary.actions} actions), seed {seed}")
    click.echo("players: " + ", ".join(f"seat {i} {k}" for i, k in enumerate(summary.players)))
    click.echo("")
    rows = [("side", "seats", "wins", "win %", "95% interval", "mean score", "± 95%")]
    for t, name in enumerate(game.side_names):
        low, high = summary.win_interval(t)
        _, half = summary.mean_interval(t)
        rows.append((name, ", ".join(map(str, game.side_seats[t])), str(summary.team_wins[t]),
                     f"{100 * summary.team_wins[t] / summary.matches:.1f}%", f"{100 * low:.1f}–{100 * high:.1f}%",
                     _fmt(summary.team_totals[t] / summary.matches), f"{half:.3g}"))
    rows.append(("draws", "", str(summary.draws), f"{100 * summary.draws / summary.matches:.1f}%", "", "", ""))
    widths = [max(len(r[i]) for r in rows) for i in range(7)]
    for r in rows:
        click.echo("  ".join(r[i].ljust(widths[i]) if i < 2 else r[i].rjust(widths[i]) for i in range(7)).rstrip())
    if summary.rules:
        click.echo("")
        click.echo("rules that scored: " + ", ".join(f"{rule} {n}" for rule, n in sorted(summary.rules.items())))


@main.command()
@click.argument("game_name", metavar="GAME")
@click.argument("specs", metavar="PLAYER PLAYER...", nargs=-1, required=True)
@click.option("-n", "--count", default=100, show_default=True, type=click.IntRange(1, 10_000_000),
              help="How many duplicate matches to play (each once per rotation of the players).")
@click.option("--seed", default="1", show_default=True, help="Seed: the same seed gives the same output.")
@click.option("--variant", default=None, help="A variant the rule file defines (see 'atout list').")
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Processes to share the matches among; the results are the same for any number (times apart).")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (times under 'timing'), for scripts.")
def arena(game_name: str, specs: tuple[str, ...], count: int, seed: str, variant: str | None, jobs: int,
          as_json: bool) -> None:
    """Measure player kinds (random, greedy, sampling:40, ...) against each other on duplicate deals.

    Every match is played again with the players rotated through the seats, on the same cards."""
    from interpreter.arena import arena as run

    if len(specs) < 2:
        raise click.BadParameter("name at least two players to compare", param_hint="PLAYER")
    game = interpreter.load(game_name, variant)
    seed_value: int | str = int(seed) if seed.lstrip("-").isdigit() else seed
    with _progress(count, "duplicate matches") as advance:
        result = run(game, list(specs), count, seed_value, jobs, advance)
    click.echo(json.dumps(result.to_json(), indent=1) if as_json else result.to_text())


@main.command()
@click.argument("record_file", metavar="RECORD", type=click.Path(dir_okay=False, path_type=Path))
def replay(record_file: Path) -> None:
    """Re-play a record action by action and check its stated result."""
    from interpreter.records import game_of, read_record, replay as run

    mismatches = 0
    for where, record in read_record(record_file):
        if "rules" not in record:
            click.echo(f"{where}: warning: the record holds no fingerprint of its rules ('rules'); "
                       f"it is replayed by the rule file as it is now", err=True)
        results, final, differences = run(record, where, interpreter.load, record_file.parent)
        if final is None:
            click.echo(f"{where}: {len(results)} deal(s) replayed; partial record: the match is not over")
        else:
            names = game_of(record, where, interpreter.load, record_file.parent).side_names
            teams = ", ".join(f"{t} {s}" for t, s in zip(names, final["teams"]))
            click.echo(f"{where}: {len(results)} deal(s) replayed; {teams}; winner: {final['winner'] or 'draw'}")
        for line in differences:
            click.echo(f"{where}: {line}", err=True)
        mismatches += len(differences)
    if mismatches:
        click.echo(f"{mismatches} stated result(s) differ from the replay", err=True)
        sys.exit(1)



@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("--seat", default=0, show_default=True, type=int, help="Your seat.")
@click.option("--seed", default="1", show_default=True, help="Seed for the deals and the AI players.")
@click.option("--level", type=click.Choice(list(LEVELS)), default=None,
              help="How strong the other seats play: easy (greedy), medium (sampling:20), hard (ismcts:100ms).")
@click.option("--opponents", default=None, help=f"Player kind for the other seats (default greedy): {PLAYER_HELP}.")
@click.option("--variant", default=None, help="A variant the rule file defines.")
def play(game_name: str, seat: int, seed: str, level: str | None, opponents: str | None, variant: str | None) -> None:
    """Play one seat in the terminal against AI players."""
    from interpreter.players import make_player

    if level is not None and opponents is not None:
        raise click.BadParameter("give --level or --opponents, not both", param_hint="--level")
    opponents = opponents or LEVELS[level or "easy"]
    game = interpreter.load(game_name, variant)
    if not 0 <= seat < game.players:
        raise click.BadParameter(f"{game.title} has seats 0 to {game.players - 1}", param_hint="--seat")
    others = {s: make_player(opponents, f"{seed}:{s}") for s in range(game.players) if s != seat}
    match = game.new_match(seed=seed)
    partners = [s for s in game.teams[game.team_of[seat]] if s != seat] if game.fixed_teams else []
    click.echo(f"{game.title}: you are seat {seat}" + (f", partner of seat {', '.join(map(str, partners))}" if partners else "")
               + ". Type a card's code or name, or an action; 'help' for more.")
    while not match.is_over:
        try:
            if not _play_deal(match, seat, others):
                return
        except Exception as err:  # noqa: BLE001 - a failure inside the rules, as one line
            if isinstance(err, (AtoutError, OSError)) and not isinstance(err, RuleRuntimeError):
                raise
            raise RuleRuntimeError.during(f"{game.path}: match seed {seed!r}, deal {len(match.results) + 1} "
                                          f"(deal seed {match.deal_seed})", err) from err
    final = match.result()
    click.echo("\nmatch over: " + ("draw" if final.winner is None else f"{game.side_names[final.winner]} win"))


def _play_deal(match, seat: int, others: dict) -> bool:
    """Play the match's next deal at the table; False when the person leaves."""
    from interpreter.table_view import describe_action, table_view, trick_summary

    game = match.game
    state = match.next_deal()
    click.echo(f"\n=== deal {len(match.results) + 1}, dealer: seat {state.dealer}")
    while not state.is_over:
        mover = state.current
        if mover == seat:
            click.echo("\n" + table_view(state, seat))
            action = _ask(state)
            if action is None:
                click.echo("You left the table.")
                return False
        else:
            action = others[mover].choose(state)
        click.echo(describe_action(state, mover, seat, action))
        tricks_before = len(state.winners)
        state.apply(action)
        if len(state.winners) > tricks_before:
            click.echo(trick_summary(state, seat))
    result = match.finish_deal(state)
    if result.facts.get("annulled"):
        why = "everyone passed" if state.history else "the rule file's 'annul when' holds after the deal"
        click.echo(f"\ndeal annulled: {why}; the next dealer deals again")
    else:
        click.echo("\ndeal over: " + ("; ".join(f"{r.rule}: {r.to} +{_fmt(r.points)}" for r in result.reasons)
                                      or "nobody scores"))
    click.echo("match score: " + ", ".join(f"{n} {_fmt(x)}" for n, x in zip(game.side_names, match.team_scores)))
    return True


def _ask(state):
    """Read a legal action from the person; explain and ask again on bad input."""
    from interpreter.errors import IllegalActionError

    while True:
        try:
            text = click.prompt("your move", prompt_suffix="> ", default="", show_default=False)
        except (EOFError, click.Abort):
            return None
        text = text.strip()
        if text in ("quit", "exit"):
            return None
        if text in ("help", "?", ""):
            legal = ", ".join(a.text.removeprefix("play ") for a in state.legal_actions())
            click.echo(f"legal now: {legal}. Type one (a card by its code or name); 'quit' to leave.")
            continue
        try:
            action = state.resolve(text)
            state.clone().apply(action)
            return action
        except IllegalActionError as err:
            click.echo(f"not allowed: {err}")
