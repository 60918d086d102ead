"""Screens over the table: the help (every key, then the referee's help), a page of text (rules, the
log) and the end of the game (final board, scores, breakdown, winner). Each scrolls, and Escape,
q or Enter goes back (from the end: leaves the table)."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = [  # (key, typed command, what it does); the help screen lists them all
    ("↑ ↓, mouse", "", "move through the choices"),
    ("Enter", "", "play the highlighted choice, or what is typed"),
    ("a number", "", "play that choice"),
    ("notation", "", "play the action written so (e.g. steal black)"),
    ("words", "", "narrow the list to the choices that hold them (a group's word: that group)"),
    ("Escape", "", "clear what is typed"),
    ("F1", "help", "this help (help NAME explains a card, token or term)"),
    ("F2", "rules", "the rules, under the options in force"),
    ("F3", "hint", "what a search would play, with its win estimate"),
    ("F4", "log", "every move so far, as you saw it"),
    ("Ctrl+Z", "undo", "take back your last decision (not over dice, draws or hidden cards)"),
    ("Ctrl+S", "save", "save the game (save FILE: to that file)"),
    ("Ctrl+Q", "quit", "save and leave (Ctrl+C too)"),
    ("Space / Enter", "", "while the pile resolves: the next card"),
    ("f", "fast", "while the pile resolves: run the rest of the round"),
    ("PgUp PgDn", "", "scroll what just happened (mouse wheel too)"),
]


def key_table(pauses: bool = True) -> Table:
    """Every key, what to type instead, what it does (the pile's keys only in a game whose play pauses)."""
    table = Table(show_header=True, box=None, padding=(0, 1), header_style="bold")
    table.add_column("key", style="bold cyan", no_wrap=True)
    table.add_column("or type", style="cyan", no_wrap=True)
    table.add_column("does")
    for key, word, text in KEYS:
        if pauses or "the pile resolves" not in text:
            table.add_row(key, word, text)
    return table


class Page(ModalScreen[None]):
    """A scrolling page of renderables over the table."""

    BINDINGS = [Binding("escape,q,enter", "close", "back")]
    CLOSING = "Escape, q or Enter: back to the game"
    DEFAULT_CSS = """
    Page { align: center middle; }
    Page > VerticalScroll { width: 100%; height: 100%; border: round $accent; background: $surface; padding: 0 1; }
    """

    def __init__(self, title: str, items: list[RenderableType]):
        super().__init__()
        self.title_text = title
        self.items = items
        self.closing = self.CLOSING

    def compose(self) -> ComposeResult:
        body = VerticalScroll(*(Static(item) for item in self.items), id="page")
        body.border_title = self.title_text
        body.border_subtitle = self.closing
        yield body

    def on_mount(self) -> None:
        self.query_one("#page").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def text(self, width: int = 100) -> str:
        """Everything on the page as plain text (for tests)."""
        return plain_text(self.items, width)


class EndPage(Page):
    """The end of the game: Escape or q leaves the table (not Enter, which may still be under a finger
    that was playing the last moves)."""

    BINDINGS = [Binding("escape,q", "close", "leave")]
    CLOSING = "Escape or q: leave the table · ↑ PgUp: the final board"

    def on_mount(self) -> None:
        page = self.query_one("#page", VerticalScroll)
        page.focus()
        self.call_after_refresh(page.scroll_end, animate=False)  # the winner and the breakdown first in view


def plain_text(items: list[RenderableType], width: int = 100) -> str:
    """Renderables as the plain text a screen of `width` columns shows."""
    console = Console(width=width, color_system=None, highlight=False, record=True, file=io.StringIO())
    for item in items:
        console.print(item)
    return console.export_text()
