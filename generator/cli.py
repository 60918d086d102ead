"""The `saloon` command: thin Typer commands over plain functions, one error boundary."""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Callable, Optional

import typer
from rich.console import Console
from rich.table import Table

from . import __version__
from .content import GAMES, load_content, validate_paths
from .errors import ContentError, SaloonError

app = typer.Typer(
    name="saloon",
    help="Print-and-play kits, solo bots and a terminal referee for western board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def guarded(fn: Callable) -> Callable:
    """The one place where our errors become red lines on stderr and exit code 1."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ContentError as exc:
            for problem in exc.problems:
                err.print(f"[red]error:[/red] {problem}", markup=True, soft_wrap=True)
            raise typer.Exit(1)
        except SaloonError as exc:
            err.print(f"[red]error:[/red] {exc}", markup=True, soft_wrap=True)
            raise typer.Exit(1)

    return wrapper


def _version(value: bool) -> None:
    if value:
        out.print(f"saloon {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
    content: Optional[Path] = typer.Option(
        None, "--content", help="Read game content from this folder instead of the built-in one (house rules)."
    ),
) -> None:
    if content is not None:
        os.environ["SALOON_CONTENT"] = str(content)


@app.command()
@guarded
def games() -> None:
    """List the games: players, components and options."""
    table = Table(title="Saloon games", show_lines=True)
    table.add_column("game")
    table.add_column("players", justify="center")
    table.add_column("components")
    table.add_column("options (default)")
    for name in GAMES:
        c = load_content(name)
        comps = ", ".join(f"{n} {kind}" for kind, n in c.components())
        total = sum(n for _, n in c.components())
        opts = "\n".join(f"{k} = {v.default}" for k, v in c.options.items())
        table.add_row(f"{name}\n{c.game.title}", f"{c.game.players.min}-{c.game.players.max}", f"{total} pieces: {comps}", opts)
    out.print(table)


@app.command()
@guarded
def validate(paths: list[Path] = typer.Argument(None, help="Game folders or files in them; all content when omitted.")) -> None:
    """Check game content: every problem is printed as file:line: path: message."""
    problems = validate_paths(paths or None)
    if problems:
        raise ContentError(problems)
    names = ", ".join(p.name for p in paths) if paths else ", ".join(GAMES)
    out.print(f"[green]ok[/green]: content valid ({names})")


def main() -> None:
    app()


if __name__ == "__main__":
    main()
