"""What every game's setup diagram in the scenario book shares: text fitted to its room and counts beside
pieces. Each game draws its own diagram (its drawing module's `book_diagram`), from a position's
snapshot (`State.to_json()["state"]`), with the kit's palette, symbols and icons.

Only what the seats may know at the table is drawn: Colt Express purses show as purses, never values.
Every colour carries its symbol; no text is smaller than the kit's minimum. Every word comes from
templates/<lang>/book.yaml (`diagram.*`) and the content's names in the book's language (`W`, a
`book.Words`); a label too long for its room even at the minimum size is the kit's RenderError.
"""

from __future__ import annotations


from .art import INK
from .painter import Painter
from .text import MIN_SIZE, one_line

SMALL = max(MIN_SIZE, 6.0)


def fit_text(p: Painter, x: float, y: float, s: str, size: float, width: float, bold: bool = False, anchor: str = "l",
             color=INK) -> None:
    """Text shrunk to `width`, never below the minimum size: the kit's overflow check (a RenderError
    naming the text) when even that does not fit."""
    size = one_line(p.fonts, "scenario book diagram", s, width, size, bold, min_size=SMALL)
    p.text(x, y, s, size, color, bold=bold, anchor=anchor)


def count_label(p: Painter, cx: float, cy: float, n: int, r: float = 2.4) -> None:
    p.text(cx + r + 0.6, cy - 1.1, str(n), 7.5, INK, bold=True)
