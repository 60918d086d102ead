"""Screens over the table: the help (every key, then the referee's help), a page of text (rules, the
log) and the end of the game (final board, scores, breakdown, winner). Each scrolls, and Escape,
q or Enter goes back (from the end, Escape or q leaves the table; Enter stays)."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...words.text import Texts

KEYS = [  # (key, typed command, a key of the referee's `table.keys`: what it does); the help screen lists them all
    ("keys.arrows", "", "choices"),
    ("Enter", "", "enter"),
    ("keys.number", "", "number"),
    ("keys.notation", "", "notation"),
    ("keys.words", "", "words"),
    ("Escape", "", "escape"),
    ("F1", "help", "help"),
    ("F2", "rules", "rules"),
    ("F3", "hint", "hint"),
    ("F4", "log", "log"),
    ("Ctrl+Z", "undo", "undo"),
    ("Ctrl+S", "save", "save"),
    ("Ctrl+Q", "quit", "quit"),
    ("keys.space", "", "pile_next"),
    ("f", "fast", "pile_fast"),
    ("PgUp PgDn", "", "scroll"),
]
PILE_KEYS = ("pile_next", "pile_fast")  # only in a game whose play pauses while the pile resolves


def key_table(pauses: bool = True, T: Texts | None = None) -> Table:
    """Every key, what to type instead, what it does (the pile's keys only in a game whose play pauses),
    in the table's language (`T`: the referee's texts; English without)."""
    T = T or Texts("en", "referee")
    table = Table(show_header=True, box=None, padding=(0, 1), header_style="bold")
    table.add_column(T("table.col_key"), style="bold cyan", no_wrap=True)
    table.add_column(T("table.col_type"), style="cyan", no_wrap=True)
    table.add_column(T("table.col_does"), overflow="fold")
    for key, word, what in KEYS:
        if pauses or what not in PILE_KEYS:
            table.add_row(T(f"table.{key}") if key.startswith("keys.") else key, word, T(f"table.does.{what}"))
    return table


class Page(ModalScreen[None]):
    """A scrolling page of renderables over the table."""

    BINDINGS = [Binding("escape,q,enter", "close", "back")]
    CLOSING = "Escape, q or Enter: back to the game"
    DEFAULT_CSS = """
    Page { align: center middle; }
    Page > VerticalScroll { width: 100%; height: 100%; border: round $accent; background: $surface; padding: 0 1; }
    """

    def __init__(self, title: str, items: list[RenderableType], closing: str | None = None, at_end: bool = False):
        super().__init__()
        self.title_text = title
        self.items = items
        self.closing = closing or self.CLOSING
        self.at_end = at_end  # opens on its last lines (the log: what just happened; the end: the winner)

    def compose(self) -> ComposeResult:
        body = VerticalScroll(*(Static(item) for item in self.items), id="page")
        body.border_title = self.title_text
        body.border_subtitle = self.closing
        yield body

    def on_mount(self) -> None:
        page = self.query_one("#page", VerticalScroll)
        page.focus()
        if self.at_end:
            self.call_after_refresh(page.scroll_end, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

    def text(self, width: int = 100) -> str:
        """Everything on the page as plain text (for tests)."""
        return plain_text(self.items, width)


class EndPage(Page):
    """The end of the game: Escape or q leaves the table (not Enter, which may still be under a finger
    that was playing the last moves)."""

    BINDINGS = [Binding("escape,q", "close", "leave"), Binding("enter", "stay", show=False)]  # Page's Enter, overridden
    CLOSING = "Escape or q: leave the table · ↑ PgUp: the final board"

    def action_stay(self) -> None:
        """Enter does not leave the end (a page's bindings are inherited: Page's Enter would close it)."""


def plain_text(items: list[RenderableType], width: int = 100) -> str:
    """Renderables as the plain text a screen of `width` columns shows."""
    console = Console(width=width, color_system=None, highlight=False, record=True, file=io.StringIO())
    for item in items:
        console.print(item)
    return console.export_text()
