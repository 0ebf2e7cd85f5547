"""The ``atout`` command: list, validate, simulate, replay and play card games described as data."""
from __future__ import annotations

import sys
from pathlib import Path

import click

import interpreter
from interpreter.errors import AtoutError


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
        teams = f"{len(game.teams)} teams" if len(game.teams) < game.players else "each for himself"
        click.echo(f"{path.stem:<12} {game.title}: {game.players} players, {teams}, {game.deck.size} cards, "
                   f"{game.match_deals} deal(s) a match")


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=True, path_type=Path))
def validate(files: tuple[Path, ...]) -> None:
    """Check rule files; report every problem as file:line:column."""
    total = 0
    for path in files:
        problems, _ = interpreter.problems_in(path)
        for problem in problems:
            click.echo(problem.format())
        total += len(problems)
        if not problems:
            click.echo(f"{path}: ok")
    if total:
        click.echo(f"{total} problem(s) in {len(files)} file(s)", err=True)
        sys.exit(1)
