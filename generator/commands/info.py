"""`saloon games` and `saloon validate`: the games there are, and whether content is sound."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from .. import registry
from ..content import load_content, validate_paths
from ..errors import ContentError
from ..scenarios.campaign import problems as campaign_problems
from ..scenarios.store import scenario_problems
from .options import content_root

out = Console(highlight=False)


def games(ctx: typer.Context, game: Optional[str] = typer.Argument(None, help="One game: its components and every option with its values and help.")) -> None:
    """List the games: players, components and options (or one game in full)."""
    root = content_root(ctx)
    if game is not None:
        _one_game(game, root)
        return
    table = Table(title="Saloon games", show_lines=True)
    table.add_column("game")
    table.add_column("players", justify="center")
    table.add_column("components")
    table.add_column("options (default)")
    for name in registry.names():
        c = load_content(name, root)
        comps = ", ".join(f"{n} {kind}" for kind, n in c.components())
        total = sum(n for _, n in c.components())
        opts = "\n".join(f"{k} = {v.default}" for k, v in c.options.items())
        table.add_row(f"{name}\n{c.game.title}", f"{c.game.players.min}-{c.game.players.max}", f"{total} pieces: {comps}", opts)
    out.print(table)
    out.print("`saloon games GAME` shows one game's options with their values and help.")


def _one_game(name: str, root: Path | None) -> None:
    registry.check(name)  # an unknown game: one clear line
    c = load_content(name, root)
    out.print(f"[bold]{c.game.title}[/bold] ({name}), {c.game.players.min}-{c.game.players.max} players")
    out.print(c.game.summary["en"])
    comps = Table(title="components")
    comps.add_column("component")
    comps.add_column("count", justify="right")
    for kind, n in c.components():
        comps.add_row(kind, str(n))
    out.print(comps)
    out.print("[bold]options[/bold] (change one with --option NAME=VALUE):")
    width = max(40, out.width - 6)
    for key, spec in c.options.items():
        values = " | ".join(str(v) for v in spec.choices) if spec.choices else "any value"
        out.print(f"  [bold]{key}[/bold] = {spec.default}   ({values}; source: {spec.tag})", soft_wrap=True)
        for line in textwrap.wrap(spec.help, width):
            out.print(f"      {line}", soft_wrap=True)


def validate(ctx: typer.Context, paths: list[Path] = typer.Argument(None, help="Game folders or files in them; all content when omitted.")) -> None:
    """Check game content: every problem is printed as file:line: path: message."""
    root = content_root(ctx)
    # scenario files are checked by their own schema, then each campaign's chapters
    rest, scenario_found = scenario_problems(paths or None, root, campaign_check=campaign_problems)
    problems = (validate_paths(rest or None, root) if rest or not paths else []) + scenario_found
    if problems:
        raise ContentError(problems)
    names = ", ".join(p.name for p in paths) if paths else ", ".join(registry.names())
    out.print(f"[green]ok[/green]: content valid ({names})")


