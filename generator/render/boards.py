"""Boards larger than a page: tiled over several pages with an overlap strip and alignment marks.

A board is a drawing function over a Painter in its own millimetre box. Each tile shows the part of
the board inside its window; windows of neighbouring tiles overlap by OVERLAP mm. On every tile the
overlap strip that goes UNDER the neighbour is tinted with a dashed "cut/glue" line at its inner
edge, and registration targets sit at the same board positions on both tiles so they can be laid
exactly on top of each other. Each tile is labelled with its grid position (row letter, column
number) and a small map of the whole board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

from ..words.text import Texts
from .art import GREY, INK, WHITE
from .geometry import EDGE, Box
from .painter import Painter

OVERLAP = 12.0
LABEL = 7.0  # mm kept free at the bottom of each tile page for the label


@dataclass(frozen=True)
class Space:
    """A place on a board where a piece sits: its box (board mm), the piece it takes (w, h mm), and
    the area it must stay inside (a town), if any. Tests check that every piece fits its space."""

    name: str
    box: Box
    piece: tuple[float, float]
    within: Box | None = None
    round_: bool = False


@dataclass(frozen=True)
class Board:
    name: str
    w: float
    h: float
    draw: Callable[[Painter], None]
    spaces: tuple[Space, ...] = ()
    labels: tuple[tuple[str, Box], ...] = ()  # printed labels, never over a space


@dataclass(frozen=True)
class Tile:
    board: Board
    col: int
    row: int  # 0 = top row
    cols: int
    rows: int
    window: Box  # part of the board shown (board coordinates)
    place: Box  # where the window sits on the page

    @property
    def label(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


def tiles(board: Board, page: tuple[float, float]) -> list[Tile]:
    W, H = page
    aw, ah = W - 2 * EDGE, H - 2 * EDGE - LABEL
    cols = max(1, math.ceil((board.w - OVERLAP) / (aw - OVERLAP))) if board.w > aw else 1
    rows = max(1, math.ceil((board.h - OVERLAP) / (ah - OVERLAP))) if board.h > ah else 1
    # equal windows that cover the board exactly, each overlapping its neighbour by OVERLAP
    ww = (board.w + (cols - 1) * OVERLAP) / cols
    wh = (board.h + (rows - 1) * OVERLAP) / rows
    out = []
    for r in range(rows):
        for c in range(cols):
            x = c * (ww - OVERLAP)
            y = board.h - wh - r * (wh - OVERLAP)  # row 0 at the top of the board
            place = Box((W - ww) / 2, EDGE + LABEL + (ah - wh) / 2, ww, wh)
            out.append(Tile(board, c, r, cols, rows, Box(x, y, ww, wh), place))
    return out


def _target(p: Painter, x: float, y: float, r: float = 2.6):
    p.circle(x, y, r, None, INK, 0.25)
    p.circle(x, y, r * 0.45, None, INK, 0.25)
    p.line([(x - r * 1.5, y), (x + r * 1.5, y)], INK, 0.2)
    p.line([(x, y - r * 1.5), (x, y + r * 1.5)], INK, 0.2)


def draw_tile(p: Painter, t: Tile, lang: str = "en") -> None:
    win, pl = t.window, t.place
    T = Texts(lang, "kit")
    dx, dy = pl.x - win.x, pl.y - win.y
    p.push(dx, dy)
    if hasattr(p, "clip_rect"):
        p.clip_rect(win.x, win.y, win.w, win.h)
    t.board.draw(p)
    # overlap strips: the right and bottom strips of this tile slide under the neighbour
    strips = []
    if t.col < t.cols - 1:
        strips.append(Box(win.x1 - OVERLAP, win.y, OVERLAP, win.h))
    if t.row < t.rows - 1:
        strips.append(Box(win.x, win.y, win.w, OVERLAP))
    for s in strips:
        p.rect(s.x, s.y, s.w, s.h, fill=(0.93, 0.93, 0.93))
    p.pop()
    p.push(dx, dy)
    # glue/cut lines: the inner edge of every overlap strip (on the receiving tile: its left/top edge)
    if t.col < t.cols - 1:
        x = win.x1 - OVERLAP
        p.line([(x, win.y), (x, win.y1)], INK, 0.3, dash=(2.0, 1.5))
        p.text(x + OVERLAP / 2, win.y + win.h / 2, T("board.glue"), 6, INK, anchor="c")
    if t.row < t.rows - 1:
        y = win.y + OVERLAP
        p.line([(win.x, y), (win.x1, y)], INK, 0.3, dash=(2.0, 1.5))
        p.text(win.x + win.w / 2, win.y + OVERLAP / 2 - 1, T("board.glue_below"), 6, GREY, anchor="c")
    # registration targets only on the glue strips of this tile (hidden under the neighbour once glued):
    # the neighbour's cut edge goes on the dashed line, its art continues the art seen here
    if t.col < t.cols - 1:
        x = win.x1 - OVERLAP / 2
        for fy in (0.2, 0.8):
            y = win.y + win.h * fy
            _target(p, x, y)
    if t.row < t.rows - 1:
        y = win.y + OVERLAP / 2
        for fx in (0.2, 0.8):
            _target(p, win.x + win.w * fx, y)
    p.pop()
    # border of the tile (cut line) and the label
    p.rect(pl.x, pl.y, pl.w, pl.h, None, INK, 0.3)
    label = T("board.tile", board=t.board.name, label=t.label, count=t.rows * t.cols, row=chr(ord("A") + t.row), col=t.col + 1)
    p.text(pl.x, EDGE + 1.5, label, 7, INK)  # EDGE + 1.5: the descenders stay EDGE from the paper edge
    # small map of the tiling with this tile filled
    m = map_box(t)
    for r in range(t.rows):
        for c in range(t.cols):
            fill = INK if (r, c) == (t.row, t.col) else WHITE
            p.rect(m.x + c * MAP_CELL, m.y + (t.rows - 1 - r) * MAP_CELL * 0.7, MAP_CELL, MAP_CELL * 0.7, fill, INK, 0.2)


MAP_CELL = 4.0  # mm: one tile in the small map of the tiling


def map_box(t: Tile) -> Box:
    """Where the small map of the tiling sits at the foot of a tile's page (right-aligned with the tile):
    the page number goes to its left, never over its filled cell."""
    return Box(t.place.x1 - t.cols * MAP_CELL, EDGE + 0.5, t.cols * MAP_CELL, t.rows * MAP_CELL * 0.7)
