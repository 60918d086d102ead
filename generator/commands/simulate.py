"""`saloon simulate`: seeded games between bots, summarised with 95% intervals (sim/simulate.py)."""

from __future__ import annotations

from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from ..progress import progress_bar
from ..sim.dispatch import BACKEND_HELP, RAY_ADDRESS_HELP, check_backend
from .options import content_root, parse_option_pairs
from ..sim.simulate import check_run, check_seed, effective_jobs, parse_seats
from ..sim.simulate import simulate as run

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def simulate(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id (see `saloon games`)."),
    games: int = typer.Option(100, "--games", "-n", help="Number of games."),
    seats: str = typer.Option("mcts,random", "--seats", help="Bots per seat: random, greedy, mcts[:iterations], mcts-guided[:iterations] (guided in Way Out West, plain elsewhere), solver (Longhorn), table[:easy|normal|hard|FILE.yaml]."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Player count (default: the number of seats)."),
    seed: int = typer.Option(0, "--seed", help="Run seed; same seed, same results."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes to spread games over (results do not change)."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option NAME=VALUE (repeatable)."),
    backend: str = typer.Option("local", "--backend", help=BACKEND_HELP),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help=RAY_ADDRESS_HELP),
) -> None:
    """Play seeded games between bots; print win/draw/loss with 95% intervals."""
    check_backend(backend, ray_address)
    seat_list = parse_seats(seats)
    options = parse_option_pairs(option)
    check_seed(seed)
    root = content_root(ctx)
    check_run(game, games, seat_list, players, jobs, options, root)  # one clear line before the progress bar
    jobs, note = effective_jobs(jobs, games)
    if note and ray_address is None:  # on a running cluster, its CPUs decide
        err.print(f"note: {note}", soft_wrap=True)
    with progress_bar(err) as bar:
        task = bar.add_task(f"{game}", total=games)
        summary = run(game, games, seat_list, players, seed, jobs, options, root, progress=lambda k: bar.advance(task, k),
                      backend=backend, ray_address=ray_address)
    table = Table(title=f"{game}: {summary.games} games, {summary.players} players, seed {seed}")
    for col in ("seat", "bot", "win", "draw", "loss", "win rate (95% CI)", "mean score"):
        table.add_column(col, justify="right" if col not in ("bot",) else "left")
    for s in summary.seats:
        lo, hi = s.interval()
        table.add_row(
            str(s.seat + 1), s.bot, str(s.wins), str(s.draws), str(s.losses),
            f"{s.win_rate():.1%} ({lo:.1%}-{hi:.1%})", f"{s.mean_score():.1f}",
        )
    out.print(table)
    reasons = ", ".join(f"{k} {v}" for k, v in sorted(summary.reasons.items()))
    out.print(f"mean length {summary.mean_length:.1f} actions; ended by: {reasons}")


