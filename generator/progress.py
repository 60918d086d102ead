"""The one progress bar style for long work (simulations, kit builds, benchmarks), drawn on stderr."""

from __future__ import annotations

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


def progress_bar(console: Console | None = None) -> Progress:
    """A transient bar (it disappears when done) so that results print cleanly below it."""
    return Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console or Console(stderr=True), transient=True,
    )
