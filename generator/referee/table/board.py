"""The board pane: the game's own picture of a seat's observation, in the richest form that fits.

The view draws two forms: `draw` (the line mode's full board) and `compact` (at most about 16 lines
of 80 columns; `compact_forms` tighter ones when it runs longer). The pane measures the full one at the window's width as it is when it draws, and shows
it when it fits in the rows the table can give the board, the compact one otherwise, so a larger window
gets the roomier board and the board is never cut or scrolled. The form is chosen from the position and
the window's size alone, every time it is drawn, and drawn again when the window changes size: nothing
earlier (a position drawn before, a size the window had while starting) leaves it compact, so the same
position in the same window is drawn the same whatever the timing. It remembers the lines it drew
(`lines`), which tests compare with the region it holds on screen.
"""

from __future__ import annotations

from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.text import Text
from textual.widgets import Static

from ..views import View

PANES_MIN = 10  # rows kept beside the full board: the status line, 7 for what happened and the choices, input, keys
PANES_LEAST = 8  # rows kept beside the compact board when it needs more (the choices keep at least 3)


def render_lines(renderable: RenderableType, width: int) -> list[list[Segment]]:
    """The renderable laid out at `width` columns, as rich lays it out in the pane."""
    console = Console(width=width, color_system="truecolor", highlight=False, legacy_windows=False)
    return console.render_lines(renderable, console.options, pad=False)


def as_text(lines: list[list[Segment]]) -> Text:
    """Lines of segments as one Text (shown as they are: neither wrapped nor laid out again)."""
    text = Text(no_wrap=True, overflow="crop", end="")
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        for segment in line:
            if not segment.control:
                text.append(segment.text, segment.style)
    return text


class Board(Static):
    """The board, always in view: redrawn for every move, and again when the window changes size."""

    def __init__(self, view: View, **kwargs):
        super().__init__("", **kwargs)
        self.view = view
        self.position: tuple[dict, int] | None = None
        self.lines: list[list[Segment]] = []
        self.form = ""  # "full" or "compact": which form is on screen
        self.laid_at: tuple[int, int] | None = None  # the window's size it was laid out for

    def show(self, obs: dict, seat: int) -> None:
        if self.position == (obs, seat) and self.lines and self.laid_at == self.window():
            return  # the same position in the same window (a decision drawn right after the move that led to it)
        self.position = (obs, seat)
        self.lay_out()

    def window(self) -> tuple[int, int]:
        """The window's size now (columns, rows)."""
        width, height = self.app.size
        return width, height

    def room(self) -> tuple[int, int, int]:
        """The columns, and the rows the full and the compact board may take on this screen."""
        width, height = self.app.size
        return max(20, width), max(4, height - PANES_MIN), max(4, height - PANES_LEAST)

    def lay_out(self) -> None:
        if self.position is None:
            return
        obs, seat = self.position
        self.laid_at = self.window()
        width, rows, most = self.room()
        renderable, self.form = None, "compact"
        full = self.view.draw(obs, seat)
        lines = render_lines(full, width)
        if len(lines) <= rows:
            renderable, self.form = full, "full"
        else:
            for renderable in self.view.compact_forms(obs, seat):  # roomiest first, the first that fits
                lines = render_lines(renderable, width)
                if len(lines) <= most:
                    break
            rows = most
        self.lines = lines
        self.styles.height = min(len(lines), rows) or 1
        self.update(as_text(lines))  # laid out once, here: the pane shows these very lines

    def on_resize(self) -> None:
        self.lay_out()
