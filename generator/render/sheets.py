"""Sheets of text: the small markup the words floor writes (jinja2 templates rendered by
words/templates.py), laid out in columns with the text module's measured wrap.

Markup, one construct per line:
  # Title            heading (large)        ## Section      heading (section, with a rule)
  - item             bullet                 | a | b |       table row (first row = header;
  plain lines        paragraph (joined until a blank line)   a |---| line is ignored)
  {figure:name}      a drawn figure (a setup diagram): its height and drawing come from the
                     `figures` the caller passes, a Figure per name
Inline **bold** and *italic*. `{{ }}` values come from the content model, so a printed sheet can
never say what the content does not.

On a full page the text flows over as many pages as it needs; in a fixed box (a reference card)
overflow is a RenderError naming the component.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from typing import Callable

from ..errors import RenderError
from . import art
from . import text as tx
from .art import INK, LEATHER
from .geometry import Box
from .painter import PT, Fonts, Painter

_ICON = re.compile(r"^\{icon:([a-z_]+)\}\s*")  # a heading's leading icon marker
BODY = 8.5
H1 = 15.0
H2 = 10.5
PARA_GAP = 1.3  # mm after a paragraph


@dataclass(frozen=True)
class Figure:
    """A drawing in the flow of a sheet: `height(width)` in mm, `draw(painter, x, y, w, h)` into that box."""

    height: Callable[[float], float]
    draw: Callable[[Painter, float, float, float, float], None]


_FIGURE = re.compile(r"^\{figure:([a-z_0-9]+)\}$")


@dataclass(frozen=True)
class Elem:
    kind: str  # h1 h2 p li table figure
    text: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    icon: str | None = None  # h2: a small icon drawn before the heading ("## {icon:cow} ...")


def parse(markup: str) -> list[Elem]:
    elems: list[Elem] = []
    para: list[str] = []
    rows: list[tuple[str, ...]] = []

    def end_para():
        if para:
            elems.append(Elem("p", " ".join(para)))
            para.clear()

    def end_table():
        if rows:
            elems.append(Elem("table", rows=tuple(rows)))
            rows.clear()

    for raw in markup.splitlines():
        line = raw.strip()
        if line.startswith("|"):
            end_para()
            cells = tuple(c.strip() for c in line.strip("|").split("|"))
            if all(set(c) <= set("-: ") for c in cells):
                continue
            rows.append(cells)
            continue
        end_table()
        if not line:
            end_para()
        elif _FIGURE.match(line):
            end_para()
            elems.append(Elem("figure", _FIGURE.match(line).group(1)))
        elif line.startswith("## "):
            end_para()
            text = line[3:].strip()
            m = _ICON.match(text)
            elems.append(Elem("h2", text[m.end():], icon=m.group(1)) if m else Elem("h2", text))
        elif line.startswith("# "):
            end_para()
            elems.append(Elem("h1", line[2:].strip()))
        elif line.startswith("- "):
            end_para()
            elems.append(Elem("li", line[2:].strip()))
        else:
            para.append(line)
    end_para()
    end_table()
    return elems


# --- layout -----------------------------------------------------------------------------------

Op = tuple  # ("text", x, y, s, size, bold, italic) | ("line", x0, y0, x1, y1, width) | ("dot", x, y, r)


@dataclass
class Unit:
    """An unbreakable piece of flow: its height and how to draw it at a top-left corner."""

    height: float
    ops: list[Op]  # relative to (0, 0) = top-left, y downward negative
    gap_after: float = 0.0
    keep_with_next: bool = False


def _block_ops(block: tx.Block, x: float = 0.0, align_w: float | None = None) -> list[Unit]:
    units = []
    for ln in block.lines:
        ops = []
        base = -block.size * PT * 0.95
        for off, r in ln.runs:
            ops.append(("text", x + off, base, r.text, block.size, r.bold, r.italic))
        units.append(Unit(block.line_height, ops))
    return units


def _wrap_or_fail(fonts: Fonts, name: str, text: str, width: float, size: float, bold=False) -> tx.Block:
    lines = tx.wrap(fonts, tx.parse_inline(text, bold), width, size)
    if lines is None:
        raise RenderError(f"{name}: a word in {text[:50]!r} is wider than its {width:.1f} mm column")
    return tx.Block(tuple(lines), size)


def _greedy_display(fonts: Fonts, pieces: list[tuple[str, bool, bool]], width: float, size: float) -> list[str] | None:
    lines: list[str] = []
    for piece, space_before, hard in pieces:
        if fonts.width(piece, size, display=True) > width + 1e-6:
            return None
        joined = lines[-1] + (" " if space_before else "") + piece if lines and not hard else None
        if joined is not None and fonts.width(joined, size, display=True) <= width + 1e-6:
            lines[-1] = joined
        else:
            lines.append(piece)
    return lines or [""]


def _display_lines(fonts: Fonts, name: str, text: str, width: float, size: float) -> list[str]:
    """A title's lines in the display face: as few as fit the column; two lines break after the title's
    colon where they can, others where the text may break (between words, or between Japanese
    characters), balanced (the narrowest width that still takes that many lines) so no word is left
    alone on the last line; each line is measured in the face it prints in."""
    pieces = [("".join(r.text for r in t.runs), t.space_before, t.hard_break)
              for t in tx.tokens(tx.parse_inline(text.replace("**", "")))]
    lines = _greedy_display(fonts, pieces, width, size)
    if lines is None:
        raise RenderError(f"{name}: a word in {text[:50]!r} is wider than its {width:.1f} mm column")
    if len(lines) == 2:  # "Game: what this is" breaks after its colon where both halves fit
        for colon in (": ", "\uff1a"):
            head, sep, tail = text.replace("**", "").partition(colon)
            halves = [head + sep.strip(), tail.strip()]
            if sep and tail.strip() and all(fonts.width(h, size, display=True) <= width + 1e-6 for h in halves):
                return halves
    lo, hi = 0.0, width
    for _ in range(24):
        mid = (lo + hi) / 2
        tried = _greedy_display(fonts, pieces, mid, size)
        if tried is not None and len(tried) <= len(lines):
            hi = mid
        else:
            lo = mid
    return _greedy_display(fonts, pieces, hi, size) or lines


def _least(fonts: Fonts, cell: str, size: float) -> float:
    """The narrowest a table column may make a cell: its widest unbreakable piece; a short Japanese
    cell (a name of a few characters, which could break after any of them) stays on one line."""
    if any(tx.is_cjk(ch) for ch in cell):
        whole = fonts.width(cell, size, True)
        if whole <= 6 * size * PT:
            return whole
    return tx.widest_piece(fonts, cell, size, True)


def _table_units(fonts: Fonts, name: str, rows: tuple[tuple[str, ...], ...], width: float, size: float) -> list[Unit]:
    ncol = max(len(r) for r in rows)
    rows = tuple(r + ("",) * (ncol - len(r)) for r in rows)
    pad = 1.2
    natural = [max(fonts.width(r[c].replace("**", ""), size, i == 0) for i, r in enumerate(rows)) + 2 * pad for c in range(ncol)]
    least = [max((_least(fonts, r[c].replace("**", ""), size) for r in rows), default=0) + 2 * pad for c in range(ncol)]
    if sum(natural) <= width:
        widths = [n * width / sum(natural) for n in natural]
    else:
        spare = width - sum(least)
        if spare < 0:
            raise RenderError(f"{name}: a table of {ncol} columns does not fit {width:.1f} mm")
        extra = [n - m for n, m in zip(natural, least)]
        widths = [m + spare * e / (sum(extra) or 1) for m, e in zip(least, extra)]
    units = []
    for i, row in enumerate(rows):
        blocks = [_wrap_or_fail(fonts, name, cell, w - 2 * pad, size, bold=(i == 0)) for cell, w in zip(row, widths)]
        h = max(b.height for b in blocks) + 1.0
        ops: list[Op] = []
        x = 0.0
        for b, w in zip(blocks, widths):
            for u_i, u in enumerate(_block_ops(b, x + pad)):
                for op in u.ops:
                    ops.append(op[:2] + (op[2] - 0.5 - u_i * b.line_height,) + op[3:])
            x += w
        ops.append(("line", 0.0, -h, width, -h, 0.5 if i == 0 else 0.15))
        units.append(Unit(h, ops, keep_with_next=(i == 0)))
    return units


def _no_lone_lines(lines: list[Unit]) -> list[Unit]:
    """A paragraph's first line never ends a column alone, nor its last line starts one: the first two
    and the last two lines of a paragraph stay together."""
    if len(lines) > 1:
        lines[0].keep_with_next = True
        lines[-2].keep_with_next = True
    return lines


def layout_units(fonts: Fonts, name: str, elems: list[Elem], width: float, size: float = BODY,
                 figures: dict[str, Figure] | None = None) -> list[Unit]:
    """Markup elements as units of lines, measured in `fonts`."""
    units: list[Unit] = []
    for e in elems:
        if e.kind == "figure":
            fig = (figures or {}).get(e.text)
            if fig is None:
                raise RenderError(f"{name}: no figure {e.text!r} to draw")
            h = fig.height(width)
            units.append(Unit(h, [("figure", 0.0, -h, fig.draw, width, h)], gap_after=PARA_GAP + 0.5))
            continue
        if e.kind == "h1":
            hs = H1 * size / BODY
            # a title in the display face, wrapped in it where it is wider than the column
            us = [Unit(hs * tx.LEADING * PT, [("text", 0.0, -hs * PT * 0.95, line, hs, False, False, True)])
                  for line in _display_lines(fonts, name, e.text, width, hs)]
            us[-1].gap_after = 1.5
            for u in us:
                u.keep_with_next = True
            units.extend(us)
        elif e.kind == "h2":
            text, icon = e.text, e.icon
            hs = H2 * size / BODY
            indent = hs * PT * 1.5 if icon else 0.0
            b = _wrap_or_fail(fonts, name, text, width - indent, hs, bold=True)
            us = _block_ops(b, indent)
            if icon:
                us[0].ops.append(("icon", indent * 0.42, -b.line_height * 0.45, icon, hs * PT * 1.25))
            us[0].height += 1.0  # a millimetre more above the heading: its first line's marks move down by it
            us[0].ops = [op[:2] + (op[2] - 1.0,) + op[3:] for op in us[0].ops]
            for u in us:
                u.keep_with_next = True
            us[-1].ops.append(("line", 0.0, -us[-1].height - 0.4, width, -us[-1].height - 0.4, 0.4))
            us[-1].gap_after = 1.2
            units.extend(us)
        elif e.kind == "li":
            indent = 3.2
            b = _wrap_or_fail(fonts, name, e.text, width - indent, size)
            us = _block_ops(b, indent)
            us[0].ops.append(("dot", 1.2, -b.line_height * 0.45, 0.55))
            us[-1].gap_after = 0.5
            units.extend(_no_lone_lines(us))
        elif e.kind == "p":
            b = _wrap_or_fail(fonts, name, e.text, width, size)
            us = _block_ops(b)
            us[-1].gap_after = PARA_GAP
            units.extend(_no_lone_lines(us))
        elif e.kind == "table":
            us = _table_units(fonts, name, e.rows, width, size * 0.95)
            us[-1].gap_after = PARA_GAP + 0.5
            units.extend(us)
    return units


def flow(units: list[Unit], frames: list[Box]) -> tuple[list[list[tuple[Box, float, Unit]]], list[Unit]]:
    """Place units into frames in order; returns per-frame placements (frame, top y, unit) and the
    units left over."""
    placed: list[list[tuple[Box, float, Unit]]] = []
    i = 0
    for fr in frames:
        here: list[tuple[Box, float, Unit]] = []
        y = fr.y1
        while i < len(units):
            u = units[i]
            # keep a heading with the first line after it
            need = u.height
            j = i
            while units[j].keep_with_next and j + 1 < len(units):
                j += 1
                need += units[j].height
            if y - need < fr.y - 1e-6 and here:
                break
            if y - u.height < fr.y - 1e-6:
                break
            here.append((fr, y, u))
            y -= u.height + u.gap_after
            i += 1
        placed.append(here)
    return placed, units[i:]


def draw_placed(p: Painter, placed: list[tuple[Box, float, Unit]], color=INK) -> None:
    for fr, top, u in placed:
        for op in u.ops:
            if op[0] == "text":
                _, x, y, s, size, bold, italic, *display = op
                p.text(fr.x + x, top + y, s, size, color, bold, italic, display=bool(display and display[0]))
            elif op[0] == "line":
                _, x0, y0, x1, y1, w = op
                p.line([(fr.x + x0, top + y0), (fr.x + x1, top + y1)], LEATHER, w)
            elif op[0] == "dot":
                _, x, y, r = op
                p.circle(fr.x + x, top + y, r, INK)
            elif op[0] == "icon":
                _, x, y, icon, size = op
                art.icon(p, icon, fr.x + x, top + y, size)
            elif op[0] == "figure":
                _, x, y, draw, w, h = op
                draw(p, fr.x + x, top + y, w, h)


def fit_in_box(p: Painter, name: str, markup: str, box: Box, size: float = BODY, min_size: float = tx.MIN_SIZE) -> float:
    """Lay markup out in one box, shrinking down to `min_size`; RenderError naming `name` if it
    still overflows. Returns the size used."""
    elems = parse(markup)
    s = size
    while s >= min_size - 1e-9:
        try:
            units = layout_units(p.fonts, name, elems, box.w, s)
        except RenderError:
            units = None
        if units is not None:
            placed, rest = flow(units, [box])
            if not rest:
                draw_placed(p, placed[0])
                return s
        s -= 0.25
    raise RenderError(f"{name}: text does not fit its {box.w:.1f}x{box.h:.1f} mm box even at {min_size:g} pt")


def paginate(
    fonts: Fonts, name: str, markup: str, frames_per_page: list[Box], size: float = BODY, max_pages: int = 12,
    frames_after: list[Box] | None = None, min_pages: int = 1, figures: dict[str, Figure] | None = None,
) -> list[list[list[tuple[Box, float, Unit]]]]:
    """Flow markup over pages of the given column frames (`frames_after` for the pages after the
    first); returns per page, per frame placements, at least `min_pages` pages."""
    units = layout_units(fonts, name, parse(markup), frames_per_page[0].w, size, figures)
    pages = []
    frames = frames_per_page
    while units:
        placed, units = flow(units, frames)
        if not any(placed):
            raise RenderError(f"{name}: an element is taller than a whole column")
        pages.append(placed)
        frames = frames_after or frames_per_page
        if len(pages) > max_pages:
            raise RenderError(f"{name}: the sheet runs over {max_pages} pages")
    while len(pages) < min_pages:
        pages.append([[] for _ in frames])
    return pages


def paginate_parts(
    fonts: Fonts, parts: list[tuple[str, str, dict[str, Figure]]], frames_for: Callable[[int], list[Box]], size: float = BODY,
    min_pages: int = 1, max_pages: int = 24, cache: dict | None = None,
) -> list[tuple[list[list[tuple[Box, float, Unit]]], list[str]]]:
    """Several texts (name, markup, figures) in one flow, each starting where the one before ends (a
    cover and the rules share a page). Page i has the column frames `frames_for(i)`. Returns per page
    the per-frame placements and the names of the parts on it, in order. `cache` keeps each part's laid
    out lines between calls that only change another part (the cover's page map)."""
    units: list[Unit] = []
    owner: list[str] = []
    width = frames_for(0)[0].w
    for name, markup, figures in parts:
        key = (fonts, name, markup, width, size)
        us = cache.get(key) if cache is not None else None
        if us is None:
            us = layout_units(fonts, name, parse(markup), width, size, figures)
            if cache is not None:
                cache[key] = us
        units += us
        owner += [name] * len(us)
    pages = []
    done = 0
    while done < len(units) or len(pages) < min_pages:
        placed, rest = flow(units[done:], frames_for(len(pages)))
        used = len(units) - len(rest) - done
        if not used and done < len(units):
            raise RenderError(f"{owner[done]}: an element is taller than a whole column")
        names = list(dict.fromkeys(owner[done:done + used]))
        pages.append((placed, names))
        done += used
        if len(pages) > max_pages:
            raise RenderError(f"{parts[0][0]}: the text runs over {max_pages} pages")
    return pages
