"""The win-rate matrix as a chart a designer reads at a glance: one group of bars per opponent, one
bar per level (and reference bot), the 95% interval as an error bar.

Drawn through the kit's `Painter` (render/painter.py), so the same code makes the PDF (reportlab
canvas), the PNG (pillow) and the chart on the printed solo how-to page. (reportlab's own chart
widgets would need rlPyCairo, which does not ship, to make a PNG.)
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..files import write_atomic
from .art import INK, OKABE_ITO
from .geometry import Box
from .painter import Painter, PdfPainter, PilPainter

BAR_COLOURS = [OKABE_ITO["sky_blue"], OKABE_ITO["orange"], OKABE_ITO["bluish_green"], OKABE_ITO["reddish_purple"],
               OKABE_ITO["blue"], OKABE_ITO["vermillion"]]
GRID = (0.8, 0.8, 0.8)

Cell = tuple[float, float, float]  # win rate, low, high (0..1)


def cells_from_results(results: dict[str, dict[str, Any]]) -> dict[str, dict[str, Cell]]:
    """{row: {opponent: Tally}} (measure.Tally) -> {row: {opponent: (rate, low, high)}}."""
    out = {}
    for row, per in results.items():
        out[row] = {}
        for opp, t in per.items():
            lo, hi = t.interval()
            out[row][opp] = (t.win_rate, lo, hi)
    return out


def cells_from_tables(tables: dict[str, Any]) -> dict[str, dict[str, Cell]]:
    """{level: Table} with measured headers -> {level: {opponent: (rate, low, high)}}."""
    out = {}
    for level, t in tables.items():
        if t.measured is not None:
            out[level] = {opp: (m.win_rate, m.low, m.high) for opp, m in t.measured.against.items()}
    return out


def draw_chart(p: Painter, box: Box, cells: dict[str, dict[str, Cell]], opponents: list[str], title: str,
               size: float = 7.0, versus: Callable[[str], str] = "vs {}".format, wins: str = "wins") -> None:
    """A grouped bar chart inside `box` (mm); `versus` names a group under its bars, `wins` the axis (the
    kit's words in its language)."""
    rows = list(cells)
    left, bottom, top = 12.0, 16.0, 9.0
    # legend: entries left to right, a new line where the next would pass the box's right edge
    lines: list[list[tuple[int, float]]] = [[]]
    x = box.x + left
    for r, row in enumerate(rows):
        width = 4 + p.fonts.width(row, size) + 4  # swatch, name, gap
        if lines[-1] and x + width - 4 > box.x + box.w:
            lines.append([])
            x = box.x + left
        lines[-1].append((r, x))
        x += width
    step = size * 0.65
    bottom += step * max(0, len(lines) - 2)  # a legend of more than two lines (long names, a narrow box) lifts the plot
    if box.x + (box.w - p.fonts.width(title, size + 1, bold=True)) / 2 < box.x + left:  # a title over the axis's word: the plot steps down
        top += size * 0.55
    plot = Box(box.x + left, box.y + bottom, box.w - left - 3, box.h - bottom - top)
    p.text(box.x + box.w / 2, box.y + box.h - size * 0.6, title, size + 1, INK, bold=True, anchor="c")
    for k in range(0, 101, 25):
        y = plot.y + plot.h * k / 100
        p.line([(plot.x, y), (plot.x + plot.w, y)], GRID if k else INK, 0.2)
        p.text(plot.x - 1.5, y - size * 0.12, f"{k}%", size, INK, anchor="r")
    groups = max(1, len(opponents))
    gw = plot.w / groups
    bw = gw * 0.8 / max(1, len(rows))
    for g, opp in enumerate(opponents):
        gx = plot.x + g * gw + gw * 0.1
        for r, row in enumerate(rows):
            cell = cells[row].get(opp)
            if cell is None:
                continue
            rate, lo, hi = cell
            x = gx + r * bw
            p.rect(x, plot.y, bw * 0.9, plot.h * rate, BAR_COLOURS[r % len(BAR_COLOURS)], INK, 0.15)
            cx = x + bw * 0.45
            p.line([(cx, plot.y + plot.h * lo), (cx, plot.y + plot.h * hi)], INK, 0.3)
            for v in (lo, hi):
                p.line([(cx - bw * 0.2, plot.y + plot.h * v), (cx + bw * 0.2, plot.y + plot.h * v)], INK, 0.3)
        p.text(plot.x + g * gw + gw / 2, plot.y - size * 0.5, versus(opp), size, INK, anchor="c")
    for k, line in enumerate(lines):
        y = box.y + 2 + step * (len(lines) - 1 - k)
        for r, x in line:
            p.rect(x, y, 3, 3, BAR_COLOURS[r % len(BAR_COLOURS)], INK, 0.15)
            p.text(x + 4, y + 0.5, rows[r], size, INK)
    p.text(plot.x - 1.5, plot.y + plot.h + size * 0.45, wins, size, INK, anchor="r")


def write_chart(path: Path, game: str, results: dict[str, dict[str, Any]], opponents: list[str], rows: list[str]) -> Path:
    """The chart as a PDF or PNG file (landscape, 180 x 110 mm)."""
    cells = cells_from_results({r: results[r] for r in rows})
    title = f"{game}: win rate with 95% interval"
    return write_figure(path, title, lambda p, box: draw_chart(p, box, cells, opponents, title))


def write_figure(path: Path, title: str, draw: Callable[[Painter, Box], None], w: float = 180.0, h: float = 110.0) -> Path:
    """A figure `draw` makes (through a painter, in mm) as a PDF or a PNG file, by the name's suffix."""
    path = Path(path)
    if path.suffix.lower() == ".png":
        pp = PilPainter(w, h, dpi=200)
        draw(pp, Box(0, 0, w, h))
        buf = io.BytesIO()
        pp.image.save(buf, format="PNG")
        return write_atomic(path, buf.getvalue())
    from reportlab.lib.units import mm
    from reportlab.pdfgen import canvas as rl_canvas

    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(w * mm, h * mm), invariant=1)
    c.setTitle(title)
    draw(PdfPainter(c), Box(0, 0, w, h))
    c.showPage()
    c.save()
    return write_atomic(path, buf.getvalue())


@dataclass
class LadderSeries:
    """One measured ladder: each bot's rating with its 95% interval; `label` names it beside the others
    (a player-count family, '2-3 players') when a chart draws more than one."""

    names: list[str]
    ratings: list[float]
    low: list[float]
    high: list[float]
    label: str = ""


def _marker(p: Painter, shape: int, x: float, y: float, r: float) -> None:
    """A rating's mark, one shape per ladder (circle, square, diamond, triangle), so that ladders drawn
    together differ by more than their colour."""
    if shape % 4 == 0:
        p.circle(x, y, r, INK, None, 0)
    elif shape % 4 == 1:
        p.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8, INK, None, 0)
    elif shape % 4 == 2:
        p.poly([(x, y - r * 1.2), (x + r * 1.2, y), (x, y + r * 1.2), (x - r * 1.2, y)], INK, None, 0)
    else:
        p.poly([(x - r * 1.1, y - r * 0.9), (x + r * 1.1, y - r * 0.9), (x, y + r * 1.1)], INK, None, 0)


def draw_ladder(p: Painter, box: Box, names: list[str], ratings: list[float], low: list[float], high: list[float],
                title: str, size: float = 7.0, axis: str = "rating (400 log10 strength; random = 0)") -> None:
    """The ladder inside `box` (mm): a row per bot from the strongest down, its rating as a dot on a
    common scale with its 95% interval as a bar."""
    draw_ladders(p, box, [LadderSeries(names, ratings, low, high)], title, size, axis)


def draw_ladders(p: Painter, box: Box, series: list[LadderSeries], title: str, size: float = 7.0,
                 axis: str = "rating (400 log10 strength; random = 0)") -> None:
    """One or more ladders inside `box` (mm) on one scale: a row per bot from the strongest down (by its
    mean rating over the ladders it is on), its rating as a mark with its 95% interval as a bar. One
    ladder colours each row; several (one per player-count family) each get a colour and a mark shape,
    side by side in every row, and a key under the title (as does one ladder with a label: a family's)."""
    names = list(dict.fromkeys(n for s in series for n in s.names))
    at = [{n: k for k, n in enumerate(s.names)} for s in series]
    mean = {n: sum(s.ratings[a[n]] for s, a in zip(series, at) if n in a) / sum(1 for a in at if n in a) for n in names}
    order = sorted(range(len(names)), key=lambda i: -mean[names[i]])
    many = len(series) > 1 or any(s.label for s in series)  # ladders to tell apart, or one of a family to name
    p.text(box.x + box.w / 2, box.y + box.h - size * 0.6, title, size + 1, INK, bold=True, anchor="c")
    label = max(p.fonts.width(n, size) for n in names) + 3
    plot = Box(box.x + label, box.y + 10, box.w - label - 4, box.h - 22)
    lo, hi = min(min(s.low) for s in series), max(max(s.high) for s in series)
    fits = max(2, int(plot.w // (size * 1.6)))  # ticks the width holds, each label about 4 digits wide
    step = next((s for s in (50.0, 100.0, 200.0, 250.0, 500.0, 1000.0) if (hi - lo) / s <= fits), 2000.0)
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    span = max(hi - lo, 1.0)

    def x_of(r: float) -> float:
        return plot.x + plot.w * (r - lo) / span

    v = lo
    while v <= hi + 1e-9:
        p.line([(x_of(v), plot.y), (x_of(v), plot.y + plot.h)], GRID if v else INK, 0.2)
        p.text(x_of(v), plot.y - size * 0.6, f"{v:+.0f}" if v else "0", size, INK, anchor="c")
        v += step
    row_h = plot.h / max(1, len(order))
    for k, i in enumerate(order):
        y = plot.y + plot.h - row_h * (k + 0.5)
        p.text(plot.x - 2, y - size * 0.12, names[i], size, INK, anchor="r")
        if not many:
            s, j = series[0], at[0][names[i]]
            colour = BAR_COLOURS[k % len(BAR_COLOURS)]
            p.rect(x_of(s.low[j]), y - row_h * 0.15, max(0.3, x_of(s.high[j]) - x_of(s.low[j])), row_h * 0.3, colour, INK, 0.15)
            p.circle(x_of(s.ratings[j]), y, min(1.4, row_h * 0.3), INK, None, 0)
            continue
        band = row_h * 0.8 / len(series)  # each ladder's strip of the row, from the top down
        for m, (s, a) in enumerate(zip(series, at)):
            if names[i] not in a:
                continue
            j, ym = a[names[i]], y + row_h * 0.4 - band * (m + 0.5)
            p.rect(x_of(s.low[j]), ym - band * 0.3, max(0.3, x_of(s.high[j]) - x_of(s.low[j])), band * 0.6,
                   BAR_COLOURS[m % len(BAR_COLOURS)], INK, 0.15)
            _marker(p, m, x_of(s.ratings[j]), ym, min(1.2, band * 0.4))
    if many:  # the key: each ladder's colour and mark, and its label
        widths = [p.fonts.width(s.label, size) + 8 for s in series]
        x, y = box.x + box.w / 2 - sum(widths) / 2, box.y + box.h - size * 1.5
        for m, (s, w) in enumerate(zip(series, widths)):
            p.rect(x, y - 0.9, 5, 1.8, BAR_COLOURS[m % len(BAR_COLOURS)], INK, 0.15)
            _marker(p, m, x + 2.5, y, 0.8)
            p.text(x + 6, y - size * 0.12, s.label, size, INK)
            x += w
    p.text(plot.x + plot.w / 2, box.y + 2, axis, size, INK, anchor="c")


def write_ladder_chart(path: Path, title: str, names: list[str], ratings: list[float], low: list[float],
                       high: list[float]) -> Path:
    """The ladder as a PDF or PNG file (landscape, 180 x 110 mm)."""
    return write_figure(path, title, lambda p, box: draw_ladder(p, box, names, ratings, low, high, title))
