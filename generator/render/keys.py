"""A kit's key (issue 38): one small figure in the rules naming every colour a player or bandit plays
and every symbol and icon printed on the pieces, in the kit's language.

Each game's drawing module gathers its marks from the very data its pieces are drawn from (content's
colours and symbols, the icons its faces use) and passes them here in groups; this module only lays
them out: a group's name, then its marks in as many columns as the width holds, each a swatch (a disc
of the colour carrying its symbol, as on the pieces) or an icon, beside its name.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import art
from . import text as tx
from .art import INK, LEATHER, SAND, Color
from .painter import Painter
from .sheets import Figure

ROW = 5.8  # mm: one mark and its name (two lines of the minimum size fit)
HEAD = 3.8  # mm: a group's name
COLUMN = 27.0  # mm: the narrowest column (three to a rules column)
LABEL = 6.5  # pt
MARK = 2.6  # mm: a swatch's radius; an icon is 2 * MARK + 0.6 across


@dataclass(frozen=True)
class Mark:
    """One entry of the key: its printed name, and either a `colour` (a disc carrying `symbol`, as the
    pieces print it), a `symbol` alone (drawn in `fill`), or an `icon` drawn in `fill`."""

    label: str
    colour: Color | None = None
    symbol: str | None = None
    icon: str | None = None
    fill: Color = SAND


def _draw_mark(p: Painter, m: Mark, cx: float, cy: float) -> None:
    if m.colour is not None:
        art.colour_swatch(p, m.colour, m.symbol or "circle", cx, cy, MARK)
    elif m.icon is not None:
        art.icon(p, m.icon, cx, cy, 2 * MARK + 0.6, m.fill)
    elif m.symbol is not None:
        art.symbol(p, m.symbol, cx, cy, MARK * 0.8, m.fill, INK, 0.3)


def key_figure(name: str, groups: list[tuple[str, list[Mark]]]) -> Figure:
    """The key as a sheet figure (`{figure:key}`): `groups` of (heading, marks), in order."""
    groups = [(head, marks) for head, marks in groups if marks]

    def columns(w: float) -> int:
        return max(1, int(w // COLUMN))

    def height(w: float) -> float:
        n = columns(w)
        return sum(HEAD + math.ceil(len(marks) / n) * ROW for _, marks in groups)

    def draw(p: Painter, x: float, y: float, w: float, h: float) -> None:
        n = columns(w)
        cw = w / n
        top = y + h
        for head, marks in groups:
            p.text(x, top - 2.8, head, tx.one_line(p.fonts, f"{name} key", head, w, LABEL, bold=True), LEATHER, bold=True)
            top -= HEAD
            for i, m in enumerate(marks):
                row, col = divmod(i, n)
                cx, cy = x + col * cw + MARK + 0.4, top - row * ROW - ROW / 2
                _draw_mark(p, m, cx, cy)
                room = cw - 2 * MARK - 2.4
                block = tx.fit(p.fonts, f"{name} key: {m.label}", m.label, room, ROW - 0.4, LABEL)
                tx.draw(p, block, cx + MARK + 1.4, cy + block.height / 2, room, INK)
            top -= math.ceil(len(marks) / n) * ROW

    return Figure(height, draw)
