"""`saloon bench`: speed figures beside their targets (bench.py), or two checkouts side by side."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.table import Table

from .. import registry
from ..errors import UsageError, shorten
from ..progress import progress_bar
from ..bench import check_args, rows_json, run_bench, side_by_side, side_by_side_plan
from .bench_runs import RUNS, check_runs, standard_rows

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def bench(
    game: Optional[list[str]] = typer.Argument(None, help="Games to measure (all when omitted)."),
    seconds: float = typer.Option(2.0, "--seconds", help="CPU time spent on random playouts per game."),
    iterations: str = typer.Option("100,1000,5000", "--iterations", help="MCTS iterations per move to time, comma-separated ('' skips MCTS)."),
    solver_seeds: int = typer.Option(10, "--solver-seeds", help="Longhorn solver positions timed per group count (0 skips the solver)."),
    solver_groups: str = typer.Option("12,14,16", "--solver-groups", help="Groups left in the solver's positions, comma-separated."),
    opening_limit: float = typer.Option(10.0, "--opening-limit", help="Seconds allowed to prove a Longhorn opening."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as JSON (for tracking) instead of a table."),
    against: Optional[Path] = typer.Option(
        None, "--against", help="Another Saloon checkout: run the same measurements on both, interleaved, and compare medians."
    ),
    repeats: int = typer.Option(3, "--repeats", help="With --against: runs of each measurement on each checkout."),
    runs: str = typer.Option(",".join(RUNS), "--runs", help="Standard runs to time, comma-separated: a small tune, "
                             "eval, scenario grading and puzzle proof ('' skips them)."),
) -> None:
    """Measure speed on this machine (CPU time, one core): random playouts/s, decision-table games/s at
    every level, MCTS iterations/s and how flat they stay, the exact solver's times and nodes, each
    beside its target; then one small tune, eval, scenario grading and puzzle proof. Writes nothing."""
    counts = _counts("--iterations", iterations)
    groups = _counts("--solver-groups", solver_groups)
    check_args(seconds, counts, solver_seeds, opening_limit, groups, repeats)
    standard = [part.strip() for part in runs.split(",") if part.strip()]
    check_runs(standard)
    names = game or registry.names()
    for name in names:
        registry.check(name)  # unknown game: one clear line before any work
    if against is not None:
        if not (against / "generator" / "engine").is_dir():
            raise UsageError(f"bench --against {against}: not a Saloon checkout (no generator/engine folder in it)")
        plan = side_by_side_plan(names, seconds, tuple(counts), tuple(range(min(solver_seeds, 10))), groups[-1] if groups else 16)
        with progress_bar(err) as bar:
            task = bar.add_task("side by side", total=None)
            results = side_by_side(against.resolve(), plan, repeats, progress=lambda text: bar.update(task, description=text))
        if as_json:
            out.print_json(json.dumps([
                {"measure": r.measure, "unit": r.unit, "here": r.here, "there": r.there, "ratio": r.ratio} for r in results
            ]))
            return
        table = Table(title=f"side by side: this checkout vs {against} (medians of {repeats}, CPU time)")
        for col in ("measure", "here", "there", "unit", "here is faster by"):
            table.add_column(col, justify="left" if col in ("measure", "unit") else "right")
        for r in results:
            here, there = statistics.median(r.here), statistics.median(r.there)
            table.add_row(r.measure, _figure(here), _figure(there), r.unit, f"{r.ratio:.2f}x")
        out.print(table)
        return
    with progress_bar(err) as bar:
        task = bar.add_task("bench", total=None)
        rows = run_bench(
            names, seconds, tuple(counts), solver_seeds, opening_limit, tuple(groups),
            progress=lambda text: bar.update(task, description=text),
        )
        for name in names:
            rows.extend(standard_rows(name, standard, progress=lambda text: bar.update(task, description=text)))
    if as_json:
        out.print_json(rows_json(rows))
        return
    table = Table(title="saloon bench (CPU time, one core)")
    for col in ("game", "measure", "value", "unit", "target", "note"):
        table.add_column(col, justify="right" if col == "value" else "left")
    for row in rows:
        target = "" if not row.target else f"{row.target} [green]ok[/]" if row.met else f"{row.target} [red]missed[/]"
        table.add_row(row.game, row.measure, _figure(row.value), row.unit, target, row.note)
    out.print(table)


def _counts(option: str, text: str) -> list[int]:
    """A comma-separated list of whole numbers ('' is none); their range is checked by `bench.check_args`."""
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise UsageError(f"{option} {shorten(text, 30)!r}: expected whole numbers separated by commas, e.g. 100,1000") from None


def _figure(value: float) -> str:
    return f"{value:,.3f}" if value < 10 else f"{value:,.0f}"


