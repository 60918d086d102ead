"""The `saloon` command: thin Typer commands over plain functions, one error boundary."""

from __future__ import annotations

import functools
import os
import sys
from pathlib import Path
from typing import Any, Callable, Optional

import typer
from rich.console import Console
from rich.markup import escape
from typer.core import TyperGroup

try:  # Typer 0.2x carries its own copy of Click; older Typer uses Click itself
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - depends on the installed Typer
    from click import exceptions as click_errors

from . import __version__
from .errors import ContentError, SaloonError, cut_long_words, shorten

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
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Show the version and exit."),
    content: Optional[Path] = typer.Option(
        None, "--content", help="Read game content from this folder instead of the built-in one (house rules)."
    ),
) -> None:
    ctx.obj = content  # every command reads it with commands.options.content_root and passes it down


def _register_commands() -> None:
    """Every command, from commands/ (imported here, not at the top: they bring most of Saloon with them)."""
    from .commands import bench, info, simulate  # noqa: PLC0415 - the CLI wires its commands lazily
    from .commands import play as referee  # noqa: PLC0415
    from .commands import build as render  # noqa: PLC0415

    app.command("games")(guarded(info.games))
    app.command("validate")(guarded(info.validate))
    app.command("simulate")(guarded(simulate.simulate))
    app.command("bench")(guarded(bench.bench))
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
    tables_app.command("effort")(guarded(tables.effort_cmd))
    tables_app.command("ladder")(guarded(tables.ladder_cmd))
    app.add_typer(tables_app, name="tables")
    from .commands import scenarios

    scenarios_app = typer.Typer(help="Solo scenarios and puzzles: generated, graded, listed.", no_args_is_help=True)
    scenarios_app.command("generate")(guarded(scenarios.generate_cmd))
    scenarios_app.command("puzzles")(guarded(scenarios.puzzles_cmd))
    scenarios_app.command("list")(guarded(scenarios.list_cmd))
    scenarios_app.command("grade")(guarded(scenarios.grade_cmd))
    scenarios_app.command("twists")(guarded(scenarios.twists_cmd))
    scenarios_app.command("turning")(guarded(scenarios.turning_cmd))
    app.add_typer(scenarios_app, name="scenarios")
    app.command("book")(guarded(scenarios.book_cmd))
    app.command("campaign")(guarded(scenarios.campaign_cmd))


_register_commands()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
