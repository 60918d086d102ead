"""The full-screen table: `saloon play` in a terminal (Textual). The line mode's referee plays the
game; this package only shows it (bridge.py: the referee's thread and its panes, app.py: the table,
board.py: the board pane, screens.py: help, rules, log and the end)."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from ...words.text import Texts
from ..loop import RunResult
from .app import TableApp
from .bridge import Bridge, seat_at_table


def table_referee(cls: type, *, lang: str = "en", preface: list[str] | None = None, **kwargs: Any) -> tuple[Any, TableApp]:
    """A referee of class `cls` seated at a table app (not started): for `run_table` and for tests,
    which drive the app with Textual's pilot. `preface`: lines (rich markup) that head the log."""
    bridge = Bridge(Texts(lang, "referee")("pause_prompt"))
    referee = seat_at_table(cls, bridge, lang=lang, **kwargs)
    return referee, TableApp(referee, bridge, preface or [])


def run_table(cls: type, console: Console, **kwargs: Any) -> RunResult:
    """Play at the full-screen table; when it closes, what the game ended with (scores, where it was
    saved) is printed on `console`, so it stays on the terminal."""
    referee, app = table_referee(cls, **kwargs)
    app.run()
    app.stop_thread()
    if app.error is not None:
        raise app.error
    for item in referee.tail:
        console.print(item)
    result = app.final
    if result is None:  # the table closed before the game answered: it was told to quit, and saved
        return RunResult("quit", referee.state, referee.save_path if referee.decided else None)
    return result
