"""Text that wraps Japanese by display width, at the places a line may break (words/breaks.py).

rich breaks a line only at spaces and folds a longer run of characters wherever the width ends: a
Japanese sentence (no spaces) was cut inside a number or before closing punctuation, and an amount
after a space ("…を獲得 $300") was sent to a line of its own. `Flow` is a rich Text whose lines with
Japanese in them break at Japanese break opportunities (kinsoku, amounts kept whole) and measure
their narrowest as their widest unbreakable piece; a line without Japanese wraps as rich wraps it.
"""

from __future__ import annotations

from rich.cells import cell_len, chop_cells
from rich.console import Console, ConsoleOptions
from rich.containers import Lines
from rich.measure import Measurement
from rich.text import Text

from ..words.breaks import has_cjk, in_terminal


def divide(text: str, width: int) -> list[int]:
    """Where to break one line of Japanese (offsets), as rich's divide_line does for words: a piece that
    fits stays on the line, a piece wider than the whole width is folded by cells."""
    breaks: list[int] = []
    offset = 0
    for start, end in in_terminal(text):
        piece = text[start:end]
        length = cell_len(piece.rstrip())
        if width - offset >= length:
            offset += cell_len(piece)
        elif length > width:
            for k, part in enumerate(chop_cells(piece, width)):
                if start and (k or offset):
                    breaks.append(start)
                start += len(part)
                offset = cell_len(part)
        else:
            if offset and start:
                breaks.append(start)
            offset = cell_len(piece)
    return breaks


class Flow(Text):
    """A Text whose Japanese lines wrap at their break opportunities (see the module)."""

    @classmethod
    def of(cls, text: Text | str, style: str = "") -> "Flow":
        """`text` (a Text, or markup) as a Flow with the same spans and settings."""
        if isinstance(text, str):
            text = Text.from_markup(text, style=style)
        out = cls(text.plain, style=text.style, justify=text.justify, overflow=text.overflow, no_wrap=text.no_wrap,
                  end=text.end, tab_size=text.tab_size)
        out._spans[:] = text._spans
        return out

    def copy(self) -> "Flow":
        return Flow.of(super().copy())

    def wrap(self, console: Console, width: int, *, justify=None, overflow=None, tab_size: int = 8, no_wrap=None) -> Lines:
        if not has_cjk(self.plain):
            return super().wrap(console, width, justify=justify, overflow=overflow, tab_size=tab_size, no_wrap=no_wrap)
        wrap_justify = justify or self.justify or "default"
        wrap_overflow = overflow or self.overflow or "fold"
        if no_wrap if no_wrap is not None else self.no_wrap:
            return super().wrap(console, width, justify=justify, overflow=overflow, tab_size=tab_size, no_wrap=no_wrap)
        lines = Lines()
        for line in self.split(allow_blank=True):
            if "\t" in line:
                line.expand_tabs(tab_size)
            new_lines = line.divide(divide(line.plain, width))
            for piece in new_lines:
                piece.rstrip_end(width)
            if wrap_justify:
                new_lines.justify(console, width, justify=wrap_justify, overflow=wrap_overflow)
            for piece in new_lines:
                piece.truncate(width, overflow=wrap_overflow)
            lines.extend(new_lines)
        return lines

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if not has_cjk(self.plain):
            return super().__rich_measure__(console, options)
        lines = self.plain.splitlines() or [""]
        widest = max(cell_len(line) for line in lines)
        narrowest = max((cell_len(line[a:b].rstrip()) for line in lines for a, b in in_terminal(line)), default=0)
        return Measurement(narrowest, widest)
