"""The `saloon` command: thin Typer commands over plain functions, one error boundary."""

from __future__ import annotations

import functools
import os
import statistics
import sys
import textwrap
from pathlib import Path
from typing import Any, Callable, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup

try:  # Typer 0.2x carries its own copy of Click; older Typer uses Click itself
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import exceptions as click_errors

from . import __version__, registry
from .content import load_content, validate_paths
from .errors import ContentError, SaloonError, UsageError, cut_long_words, shorten
from .commands.options import parse_option_pairs
from .sim.dispatch import BACKEND_HELP, RAY_ADDRESS_HELP, check_backend
from .progress import progress_bar

class SaloonGroup(TyperGroup):
    """The root command: Click's own usage errors (unknown flag, `--seed abc`, missing argument) print
    like every other error, one red line and exit code 1, and no traceback ever reaches the user."""

    def main(self, args: Any = None, prog_name: Any = None, complete_var: Any = None, standalone_mode: bool = True, **extra: Any) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.ClickException as exc:
            no_args = getattr(click_errors, "NoArgsIsHelpError", ())
            if no_args and isinstance(exc, no_args):
                exc.show()  # `saloon` alone: the help text, as before
                code = 0
                return code if not standalone_mode else sys.exit(code)
            where = exc.ctx.command_path if getattr(exc, "ctx", None) is not None else "saloon"
            _error_line(f"{where}: {exc.format_message()} (see {where} --help)")
            code = 1
        except typer.Abort:
            _error_line("aborted")
            code = 1
        except Exception as exc:  # a bug in Saloon: one line, not a traceback (SALOON_DEBUG=1 shows it)
            if os.environ.get("SALOON_DEBUG"):
                raise
            _error_line(f"internal error (a bug in Saloon, please report it): {type(exc).__name__}: {exc}")
            code = 70
        code = code if isinstance(code, int) else 0
        if not standalone_mode:
            return code
        sys.exit(code)


app = typer.Typer(
    cls=SaloonGroup,
    name="saloon",
    help="Print-and-play kits, solo bots and a terminal referee for western board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def _error_line(message: str) -> None:
    """One red `error:` line on stderr: the message on one line, cut to a readable length."""
    text = shorten(cut_long_words(" ".join(str(message).split())), 1000)
    err.print(f"[red]error:[/red] {escape(text)}", markup=True, soft_wrap=True)


def guarded(fn: Callable) -> Callable:
    """The one place where our errors become red lines on stderr and exit code 1."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ContentError as exc:
            for problem in exc.problems:
                _error_line(str(problem))
            raise typer.Exit(1)
        except SaloonError as exc:
            _error_line(str(exc))
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
def games(game: Optional[str] = typer.Argument(None, help="One game: its components and every option with its values and help.")) -> None:
    """List the games: players, components and options (or one game in full)."""
    if game is not None:
        _one_game(game)
        return
    table = Table(title="Saloon games", show_lines=True)
    table.add_column("game")
    table.add_column("players", justify="center")
    table.add_column("components")
    table.add_column("options (default)")
    for name in registry.names():
        c = load_content(name)
        comps = ", ".join(f"{n} {kind}" for kind, n in c.components())
        total = sum(n for _, n in c.components())
        opts = "\n".join(f"{k} = {v.default}" for k, v in c.options.items())
        table.add_row(f"{name}\n{c.game.title}", f"{c.game.players.min}-{c.game.players.max}", f"{total} pieces: {comps}", opts)
    out.print(table)
    out.print("`saloon games GAME` shows one game's options with their values and help.")


def _one_game(name: str) -> None:
    registry.check(name)  # an unknown game: one clear line
    c = load_content(name)
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


@app.command()
@guarded
def validate(paths: list[Path] = typer.Argument(None, help="Game folders or files in them; all content when omitted.")) -> None:
    """Check game content: every problem is printed as file:line: path: message."""
    from .scenarios.store import scenario_problems

    rest, scenario_found = scenario_problems(paths or None)  # scenario files are checked by their own schema
    problems = (validate_paths(rest or None) if rest or not paths else []) + scenario_found
    if problems:
        raise ContentError(problems)
    names = ", ".join(p.name for p in paths) if paths else ", ".join(registry.names())
    out.print(f"[green]ok[/green]: content valid ({names})")


@app.command()
@guarded
def simulate(
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
    from .sim.simulate import check_run, check_seed, effective_jobs, parse_seats, simulate as run

    check_backend(backend, ray_address)
    seat_list = parse_seats(seats)
    options = parse_option_pairs(option)
    check_seed(seed)
    check_run(game, games, seat_list, players, jobs, options)  # one clear line before the progress bar
    jobs, note = effective_jobs(jobs, games)
    if note and ray_address is None:  # on a running cluster, its CPUs decide
        err.print(f"note: {note}", soft_wrap=True)
    with progress_bar(err) as bar:
        task = bar.add_task(f"{game}", total=games)
        summary = run(game, games, seat_list, players, seed, jobs, options, progress=lambda k: bar.advance(task, k),
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


@app.command()
@guarded
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
) -> None:
    """Measure speed on this machine (CPU time, one core): random playouts/s, MCTS iterations/s and how
    flat they stay, Longhorn solver times and nodes, each beside its target. Writes nothing."""
    from .bench import check_args, rows_json, run_bench, side_by_side, side_by_side_plan
    counts = _counts("--iterations", iterations)
    groups = _counts("--solver-groups", solver_groups)
    check_args(seconds, counts, solver_seeds, opening_limit, groups, repeats)
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
            import json

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
    if as_json:
        out.print_json(rows_json(rows))
        return
    table = Table(title="saloon bench (CPU time, one core)")
    for col in ("game", "measure", "value", "unit", "target", "note"):
        table.add_column(col, justify="right" if col == "value" else "left")
    for r in rows:
        target = "" if not r.target else f"{r.target} [green]ok[/]" if r.met else f"{r.target} [red]missed[/]"
        table.add_row(r.game, r.measure, _figure(r.value), r.unit, target, r.note)
    out.print(table)


def _counts(option: str, text: str) -> list[int]:
    """A comma-separated list of whole numbers ('' is none); their range is checked by `bench.check_args`."""
    try:
        return [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise UsageError(f"{option} {shorten(text, 30)!r}: expected whole numbers separated by commas, e.g. 100,1000") from None


def _figure(value: float) -> str:
    return f"{value:,.3f}" if value < 10 else f"{value:,.0f}"


def _register_edges() -> None:
    """Commands whose bodies live beside their work: the print kit and the terminal referee."""
    from .commands import play as referee
    from .commands import build as render

    app.command("build")(guarded(render.build))
    app.command("play")(guarded(referee.play))
    app.command("replay")(guarded(referee.replay))
    app.command("saves")(guarded(referee.saves_cmd))
    from .commands import tables

    tables_app = typer.Typer(help="Decision tables: bots a person runs from a printed card.", no_args_is_help=True)
    tables_app.command("tune")(guarded(tables.tune_cmd))
    tables_app.command("eval")(guarded(tables.eval_cmd))
    tables_app.command("show")(guarded(tables.show_cmd))
    tables_app.command("bound")(guarded(tables.bound_cmd))
    app.add_typer(tables_app, name="tables")
    from .commands import scenarios

    scenarios_app = typer.Typer(help="Solo scenarios and Longhorn puzzles: generated, graded, listed.", no_args_is_help=True)
    scenarios_app.command("generate")(guarded(scenarios.generate_cmd))
    scenarios_app.command("puzzles")(guarded(scenarios.puzzles_cmd))
    scenarios_app.command("list")(guarded(scenarios.list_cmd))
    app.add_typer(scenarios_app, name="scenarios")
    app.command("book")(guarded(scenarios.book_cmd))


_register_edges()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
