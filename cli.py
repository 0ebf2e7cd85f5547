"""The ``atout`` command: list, validate, simulate, replay and play card games described as data."""
from __future__ import annotations

from contextlib import contextmanager
import json
import os
import sys
from pathlib import Path

import click

import interpreter
from interpreter.digits import whole_number
from interpreter.errors import AtoutError, RecordError, RuleRuntimeError
from interpreter.players.specs import PLAYER_HELP

LEVELS = {"easy": "greedy", "medium": "sampling:20", "hard": "ismcts:100ms", "expert": "best:200ms"}
"""AI levels for `play` and `serve`. `expert` is the strongest fair player measured for the game's number of
players (README, Players: PIMC with two, ISMCTS with more) with the 200 ms a decision the table allows."""


class _Group(click.Group):
    """Turns every atout error into one clear line on stderr and exit status 1."""

    def invoke(self, ctx: click.Context):
        _stop_as_on_ctrl_c()
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
            click.echo(f"atout: {err.filename}: {err.strerror or err}" if err.filename
                       else f"atout: {err.strerror or err}", err=True)
            sys.exit(1)


def _stop_as_on_ctrl_c() -> None:
    """SIGTERM (kill, timeout, a cancelled CI job) and SIGHUP (a closed terminal) stop atout as
    Ctrl-C does: temporary files are removed and worker processes ended on the way out."""
    import signal

    def interrupt(number, frame):
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), interrupt)


@click.group(cls=_Group)
@click.version_option(package_name="atout")
def main() -> None:
    """Play, check and simulate card games described as data."""


@main.command("list")
def list_games() -> None:
    """The bundled games, one line each."""
    from interpreter.authoring.catalog import lines

    for text in lines(interpreter.bundled_games()):
        click.echo(text)


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("--variant", default=None, help="A variant the rule file defines: its rules as they stand then.")
@click.option("--lang", "language", default="en", show_default=True,
              type=click.Choice(interpreter.LANGUAGES),
              help="The page's language, by its code (each has a catalogue: docs/translating.md).")
def explain(game_name: str, variant: str | None, language: str) -> None:
    """Read a game's rules back in plain words, in one language."""
    from interpreter.authoring.explain import explain as render

    interpreter.load(game_name, variant)
    click.echo(render(interpreter.resolve(game_name), variant, language))


@main.command("compile")
@click.argument("game_name", metavar="GAME")
@click.option("--variant", default=None, help="A variant the rule file defines (see 'atout list').")
@click.option("--show", is_flag=True, help="Print the Python every rule string compiles into.")
def compile_game(game_name: str, variant: str | None, show: bool) -> None:
    """Compile a rule file into Python functions; --show prints them (how a rule author debugs)."""
    from interpreter.authoring.listing import generated_listing

    listing = generated_listing(interpreter.resolve(game_name), variant)
    click.echo(listing if show else listing.splitlines()[0].lstrip("# ") + " (--show prints them)")


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=Path))
@click.option("--watch", is_flag=True, help="Check again on each save and show what changed (problems, "
              "and a quick look at random deals before and after).")
def validate(files: tuple[Path, ...], watch: bool) -> None:
    """Check rule files; report every problem as file:line:column."""
    if watch:
        from interpreter.lsp.watch import watch as watch_files

        watch_files(list(files), click.echo)
        return
    from interpreter.authoring.validation import validation, validation_context

    total = 0
    context = validation_context()
    for path in files:
        lines, errors = validation(path, context)
        for line in lines:
            click.echo(line)
        total += errors
    if total:
        click.echo(f"{total} problem(s) in {len(files)} file(s)")
        sys.exit(1)


@main.command()
def lsp() -> None:
    """Serve the Language Server Protocol on stdin/stdout, for editors (see README)."""
    try:
        from interpreter.lsp.server import serve
    except ImportError as err:
        raise click.ClickException(f"the language server needs pygls ({err}): pip install 'pygls>=2'") from None
    serve()


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--check", is_flag=True, help="Write nothing; show a diff and exit 1 if a file would change.")
def fmt(files: tuple[Path, ...], check: bool) -> None:
    """Lay out rule files one way (spacing, blank lines, line ends); comments and meaning kept."""
    from interpreter.authoring.fmt import FormatError, format_file, write_formatted

    failed = changed = 0
    for path in files:
        try:
            outcome = format_file(path)
        except FormatError as err:
            click.echo(f"atout: {err}", err=True)
            failed += 1
            continue
        if not outcome.changed:
            continue
        changed += 1
        if check:
            click.echo(outcome.diff(), nl=False)
            continue
        try:
            write_formatted(outcome)
        except (FormatError, OSError) as err:
            click.echo(f"atout: {err}" if isinstance(err, FormatError) else f"atout: {path}: {err.strerror or err}",
                       err=True)
            failed += 1
            changed -= 1
            continue
        click.echo(f"reformatted {path}")
    verb = "would reformat" if check else "reformatted"
    click.echo(f"{verb} {changed} of {len(files)} file(s)" + (f"; {failed} not formatted" if failed else ""), err=True)
    if failed or (check and changed):
        sys.exit(1)


@main.command()
@click.argument("name")
def new(name: str) -> None:
    """Write NAME.yaml (or the path NAME.yaml): a starter trick-taking game to change into your own."""
    from interpreter.authoring.starter import write_starter

    path = write_starter(name)
    click.echo(f"wrote {path}: try 'atout validate {path}', 'atout play {path}', 'atout simulate {path}'")


class Digits(click.IntRange):
    """A whole number in ASCII digits, in a range: click's own int type would read ``٣`` as 3."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and whole_number(value.strip()) is None:
            self.fail(f"{value!r} is not a whole number written with the digits 0 to 9", param, ctx)
        return super().convert(value, param, ctx)


def _seed(text: str) -> int | str:
    """A seed as given: a number in ASCII digits is that number, any other text is a text seed
    (so ``٣`` is not 3, and a 5,000-digit run is text, not an overflow)."""
    number = whole_number(text, signed=True)
    return text if number is None else number


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
@click.option("-n", "--count", default=100, show_default=True, type=Digits(1, 10_000_000),
              help="How many matches (or deals, with --deals) to play.")
@click.option("--seed", default="1", show_default=True, help="Seed: the same seed gives the same output.")
@click.option("--players", default=None, help=f"Comma-separated player kinds, one per seat: {PLAYER_HELP}. "
                                               "Default: random at every seat.")
@click.option("--deals", "single_deals", is_flag=True, help="Play single deals instead of whole matches.")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, writable=True, path_type=Path),
              help="Write one JSON record per match to this .jsonl file.")
@click.option("--out", "out_path", type=click.Path(path_type=Path),
              help="Write one row per deal (seeds, dealer, players, scores, rules, facts) to this .parquet "
                   "or .csv file, for pandas, polars or duckdb; 'atout report' charts it.")
@click.option("--variant", "variants", multiple=True,
              help="A variant the rule file defines (see 'atout list'). Give it twice or more to compare variants "
                   "on the same seeds ('none': the rules as written).")
@click.option("-j", "--jobs", default=1, show_default=True, type=Digits(1, 64),
              help="Processes to share the matches among (with --dask local: its workers); the output is the "
                   "same for any number.")
@click.option("--dask", "dask_address", default=None, metavar="ADDRESS",
              help="Play on a Dask cluster: a scheduler's address (tcp://host:8786) or 'local'; the same output "
                   "as without. Needs 'pip install atout[sim]'.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON (with 95% intervals), for scripts.")
def simulate(game_name: str, count: int, seed: str, players: str | None, single_deals: bool,
             record_path: Path | None, out_path: Path | None, variants: tuple[str, ...], jobs: int,
             dask_address: str | None, as_json: bool) -> None:
    """Play many seeded matches between AI players and summarise them: win rates, scores, seat and
    dealer advantage, rules and facts, each with its 95% interval."""
    from contextlib import ExitStack

    import interpreter.simulation.simulate as simulation
    from interpreter.simulation.datafile import DataWriter, layout_for, publish

    names = [None if v == "none" else v for v in variants] or [None]
    games = [interpreter.load(game_name, v) for v in names]
    game = games[0]
    kinds = players.split(",") if players else ["random"] * game.players
    kinds = [k.strip() for k in kinds]
    if len(kinds) == 1:
        kinds = kinds * game.players
    if len(kinds) != game.players:
        raise click.BadParameter(f"{game.title} has {game.players} seats; --players names {len(kinds)}",
                                 param_hint="--players")
    if len(games) > 1 and record_path is not None:
        raise click.BadParameter("records are written for one variant at a time", param_hint="--record")
    if len(set(names)) < len(names):
        raise click.BadParameter("a variant is named twice", param_hint="--variant")
    seed_value: int | str = _seed(seed)
    unit = "deals" if single_deals else "matches"
    with ExitStack() as stack:
        out = layout = writer = None
        ref = game_name
        if out_path is not None:
            layout = layout_for(games)
            writer = stack.enter_context(DataWriter(out_path, layout, {
                "game": game.title, "seed": seed, "unit": unit, "players": kinds, "variants": list(variants),
                "high_wins": game.match.high_wins, "down": game.match.down, "sides": list(game.side_names),
                "side_seats": [list(s) for s in game.side_seats], "facts": dict(layout.facts)}))
        if record_path is not None:
            record_path = Path(os.path.realpath(record_path))     # a symbolic link is written through
            out, temporary, ref = _open_record(record_path, game)
            stack.callback(Path(temporary).unlink, missing_ok=True)  # a no-op once the record is in place
            stack.enter_context(out)
        advance = stack.enter_context(_progress(count, unit))
        rows = writer.add if writer is not None else None
        if len(games) == 1:
            summaries, comparison = [simulation.simulate(game, count, seed_value, kinds, single_deals, out, ref,
                                                         names[0], jobs, advance, rows, layout, dask_address)], None
        else:
            summaries, comparison = simulation.compare(games, names, count, seed_value, kinds, single_deals, None,
                                                       ref, jobs, advance, rows, layout, dask_address)
        if record_path is not None:
            out.close()                         # a failed write is already a RecordError naming the record
            try:
                publish(temporary, record_path)
            except OSError as err:
                raise RecordError(f"{record_path}: cannot write the record: {err.strerror or err}") from None
        if writer is not None:
            writer.commit()
    _print_summary(games, summaries, seed, single_deals, as_json, comparison, list(variants))
    if not as_json and record_path is not None:
        click.echo(f"\nrecords: {summaries[0].matches} written to {record_path}")
    if not as_json and writer is not None:
        click.echo(f"\ndata: {writer.rows} rows written to {out_path}")


def _open_record(record_path: Path, game):
    """A temporary file beside the record (renamed into place when complete: a killed or failed
    run leaves no part of a record behind), its name, and how the record names the game."""
    import tempfile

    folder = record_path.parent
    if not folder.is_dir():
        raise RecordError(f"{record_path}: cannot write the record: no folder '{folder}'")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{record_path.name}.", suffix=".tmp")
    except OSError as err:
        raise RecordError(f"{record_path}: cannot write the record: {err.strerror}") from None
    return _Named(os.fdopen(handle, "w", encoding="utf-8"), record_path), temporary, _game_ref(game, folder)


class _Named:
    """A record being written: a failed write says which record, in one line."""

    def __init__(self, file, path: Path):
        self.file, self.path = file, path

    def write(self, text: str) -> int:
        return self._said(self.file.write, text)

    def writelines(self, lines) -> None:
        self._said(self.file.writelines, lines)

    def flush(self) -> None:
        self._said(self.file.flush)

    def close(self) -> None:
        self._said(self.file.close)

    def _said(self, step, *args):
        try:
            return step(*args)
        except OSError as err:
            raise RecordError(f"{self.path}: cannot write the record: {err.strerror or err}") from None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.close()
        except RecordError:
            if exc[0] is None:
                raise


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


def _print_summary(games, summaries, seed: str, single_deals: bool, as_json: bool = False, comparison=None,
                   variants: list[str] | None = None) -> None:
    from interpreter.simulation.summary_text import comparison_lines, summary_lines

    unit = "deals" if single_deals else "matches"
    head = {"game": games[0].title, "seed": seed, "unit": unit}
    if as_json:
        if comparison is None:
            data = {**head, **summaries[0].to_json()}
        else:
            data = {**head, "variants": [{"variant": v, **s.to_json()} for v, s in zip(variants, summaries)],
                    "comparison": comparison.to_json()}
        click.echo(json.dumps(data, indent=1))
        return
    for i, (game, summary) in enumerate(zip(games, summaries)):
        title = game.title if comparison is None else f"{game.title}, variant {variants[i]}"
        click.echo(("\n" if i else "") + "\n".join(summary_lines(summary, title, seed, unit)))
    if comparison is not None:
        click.echo("\n".join(comparison_lines(comparison)))


@main.command()
@click.argument("data_file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The HTML page to write (default: FILE with .html).")
def report(data_file: Path, output: Path | None) -> None:
    """Turn a data file of 'atout simulate --out' into one HTML page of charts: deal-score
    distributions, seat and dealer advantage with 95% error bars, rule and fact frequencies."""
    from interpreter.simulation.report import write_report

    output = output or data_file.with_suffix(".html")
    deals = write_report(data_file, output)
    click.echo(f"report of {deals} deals written to {output}")


@main.command()
@click.argument("game_name", metavar="GAME")
@click.argument("specs", metavar="PLAYER PLAYER...", nargs=-1, required=True)
@click.option("-n", "--count", default=100, show_default=True, type=Digits(1, 10_000_000),
              help="How many duplicate matches (or deals, with --deals) to play, each once per rotation "
                   "of the players.")
@click.option("--seed", default="1", show_default=True, help="Seed: the same seed gives the same output.")
@click.option("--variant", default=None, help="A variant the rule file defines (see 'atout list').")
@click.option("-j", "--jobs", default=1, show_default=True, type=Digits(1, 64),
              help="Processes to share the matches among; the results are the same for any number (times apart).")
@click.option("--deals", "single_deals", is_flag=True,
              help="Play single deals instead of whole matches: the deal's score is the one compared.")
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON (times under 'timing'), for scripts.")
def arena(game_name: str, specs: tuple[str, ...], count: int, seed: str, variant: str | None, jobs: int,
          single_deals: bool, as_json: bool) -> None:
    """Measure player kinds (random, greedy, sampling:40, ...) against each other on duplicate deals.

    Every match is played again with the players rotated through the seats, on the same cards."""
    from interpreter.players.arena import arena as run

    if len(specs) < 2:
        raise click.BadParameter("name at least two players to compare", param_hint="PLAYER")
    game = interpreter.load(game_name, variant)
    seed_value: int | str = _seed(seed)
    with _progress(count, "duplicate deals" if single_deals else "duplicate matches") as advance:
        result = run(game, list(specs), count, seed_value, jobs, advance, single_deals)
    click.echo(json.dumps(result.to_json(), indent=1) if as_json else result.to_text())


@main.command()
@click.argument("record_file", metavar="RECORD", type=click.Path(dir_okay=False, path_type=Path))
def replay(record_file: Path) -> None:
    """Re-play a record action by action and check its stated result."""
    from interpreter.simulation.records import game_of, read_record, replay as run

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
@click.argument("record_file", metavar="RECORD", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--deal", "deal", default=None, type=Digits(1), help="Only this deal of each match (1 the first).")
@click.option("--json", "as_json", is_flag=True, help="Every decision with each legal action's value, as JSON.")
@click.option("--nodes", default=50_000, show_default=True, type=Digits(100, 100_000_000),
              help="Search for each legal action; beyond it a value is greedy play's (marked ≈, not exact).")
def analyze(record_file: Path, deal: int | None, as_json: bool, nodes: int) -> None:
    """Judge each card of a recorded deal with every hand open: its double-dummy value, and
    what it cost its side against the best card."""
    from interpreter.simulation.analysis import analysis_lines, analyze_record
    from interpreter.simulation.records import read_record

    found = []
    for where, record in read_record(record_file):
        game, deals = analyze_record(record, where, interpreter.load, record_file.parent, deal, nodes)
        if as_json:
            found.append({"record": where, "game": game.name, "deals": [d.to_json() for d in deals]})
            continue
        click.echo(f"{where}: {game.title}")
        for analysis in deals:
            click.echo("\n".join(analysis_lines(game, analysis)))
    if as_json:
        click.echo(json.dumps(found, indent=1))


@main.command()
@click.argument("game_names", metavar="[GAME]...", nargs=-1)
@click.option("--port", default=8000, show_default=True, type=Digits(1, 65535), help="The port to listen on.")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--pace", default=0.7, show_default=True, type=click.FloatRange(0, 10),
              help="Seconds between two AI moves on the table.")
@click.option("--tables-per-client", "per_client", default=12, show_default=True, type=Digits(1, 200),
              help="Tables one address keeps in play (raise it when many players share one address).")
def serve(game_names: tuple[str, ...], port: int, host: str, pace: float, per_client: int) -> None:
    """Card tables in the browser: every bundled game, or the games named (names or rule files)."""
    try:
        from interpreter.web.serve import is_loopback, serve as run
    except ImportError as err:
        raise click.ClickException(f"'atout serve' needs the web extra ({err.name} is missing): "
                                   "pip install 'atout[web]'") from None
    paths = [interpreter.resolve(name) for name in game_names] or interpreter.bundled_games()
    games: dict[str, Path] = {}
    for path in paths:
        interpreter.load(path)     # every rule file is checked before the server starts
        same = games.get(path.stem)
        if same is not None and same.resolve() != path.resolve():
            raise click.BadParameter(f"two rule files are named {path.name} ({same} and {path}): a table's address "
                                     "names a game by its file name, so rename one", param_hint="GAME")
        games[path.stem] = path
    if not is_loopback(host):
        click.echo(f"atout: warning: serving on {host}: anyone who can reach this machine on port {port} can open "
                   f"tables of {', '.join(games)} and play them; the pages have no password", err=True)
    run(games, LEVELS, host, port, pace, per_client)


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("--seat", default=0, show_default=True, type=Digits(0), help="Your seat.")
@click.option("--seed", default=None, help="Seed for the deals and the AI players (default: a new one, printed, "
                                           "so the same deals can be played again).")
@click.option("--level", type=click.Choice(list(LEVELS)), default=None,
              help="How strong the other seats play: " + ", ".join(f"{lv} ({spec})" for lv, spec in LEVELS.items()) + ".")
@click.option("--opponents", default=None, help=f"Player kind for the other seats (default greedy): {PLAYER_HELP}.")
@click.option("--variant", default=None, help="A variant the rule file defines.")
def play(game_name: str, seat: int, seed: str | None, level: str | None, opponents: str | None,
         variant: str | None) -> None:
    """Play one seat in the terminal against AI players."""
    import secrets

    from interpreter.players.registry import make_player
    from interpreter.players.table_view import match_verdict

    if level is not None and opponents is not None:
        raise click.BadParameter("give --level or --opponents, not both", param_hint="--level")
    opponents = opponents or LEVELS[level or "easy"]
    game = interpreter.load(game_name, variant)
    if not 0 <= seat < game.players:
        raise click.BadParameter(f"{game.title} has seats 0 to {game.players - 1}", param_hint="--seat")
    if seed is None:
        seed = str(secrets.randbelow(1_000_000))
    others = {s: make_player(opponents, f"{seed}:{s}") for s in range(game.players) if s != seat}
    match = game.new_match(seed=seed)
    partners = [s for s in game.teams[game.team_of[seat]] if s != seat] if game.fixed_teams else []
    click.echo(f"{game.title}: you are seat {seat}" + (f", partner of seat {', '.join(map(str, partners))}" if partners else "")
               + f"; seed {seed} (--seed {seed} deals these cards again). Type a card's code or name, or an "
                 "action; 'help' for more.")
    while not match.is_over:
        try:
            if not _play_deal(match, seat, others):
                return
        except Exception as err:  # noqa: BLE001 - a failure inside the rules, as one line
            if isinstance(err, (AtoutError, OSError)) and not isinstance(err, RuleRuntimeError):
                raise
            raise RuleRuntimeError.during(f"{game.path}: match seed {seed!r}, deal {len(match.results) + 1} "
                                          f"(deal seed {match.deal_seed})", err) from err
    click.echo(f"\nmatch over: {match_verdict(match.result(), seat)}")


def _play_deal(match, seat: int, others: dict) -> bool:
    """Play the match's next deal at the table; False when the person leaves."""
    from interpreter.players.table_view import deal_summary, describe_action, seat_label, table_view, trick_summary

    game = match.game
    state = match.next_deal()
    click.echo(f"\n=== deal {len(match.results) + 1}, dealer: {seat_label(state.dealer, seat)}")
    while not state.is_over:
        mover = state.current_player
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
        click.echo("\ndeal over: " + ("; ".join(f"{r.rule}: {_to(r.to, seat)} {'+' if r.points >= 0 else ''}"
                                                f"{_fmt(r.points)}" for r in result.reasons) or "nobody scores"))
        click.echo("\n".join(deal_summary(state, result, seat)))
    down = " (deal points come off)" if game.match.down else ""
    click.echo(f"match score{down}: " + ", ".join(f"{_to(n, seat)} {_fmt(x)}"
                                                  for n, x in zip(game.side_names, match.team_scores)))
    return True


def _to(who: str, you: int) -> str:
    """A side's name as the person at the table reads it: 'you' for his own seat."""
    return "you" if who == f"seat {you}" else who


def _ask(state):
    """Read a legal action from the person; explain and ask again on bad input."""
    from interpreter.errors import IllegalActionError

    while True:
        try:
            text = click.prompt("your move", prompt_suffix="> ", default="", show_default=False)
        except (EOFError, click.Abort, RuntimeError):  # Ctrl-D, Ctrl-C or no stdin at all (input(): lost sys.stdin):
            # the end of input: the match is abandoned, which is not a success
            click.echo("\nYou left the table.", err=True)
            sys.exit(1)
        text = text.strip()
        if text in ("quit", "exit"):
            return None
        if text in ("help", "?", ""):
            legal = ", ".join(a.text.removeprefix("play ") for a in state.legal_actions())
            back = "; 'back' takes back the last card chosen" if state.can_take_back() else ""
            click.echo(f"legal now: {legal}. Type one (a card by its code or name){back}; 'quit' to leave.")
            continue
        if text in ("back", "undo"):
            if state.can_take_back():
                click.echo(f"taken back: {state.take_back().text}")
            else:
                click.echo("nothing to take back: only a card chosen for a choice not yet complete comes back")
            continue
        try:
            action = state.resolve(text)
            state.clone().apply(action)
            return action
        except IllegalActionError as err:
            click.echo(f"not allowed: {err}")
