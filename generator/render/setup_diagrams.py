"""Setup diagrams drawn into the rules (the `{figure:setup}` line of a rules template): a small picture
of the table after setup, from content's numbers, with the words of templates/<lang>/<game>.yaml
(`diagram:`). Each returns a sheets.Figure: its height for a column width and how to draw it."""

from __future__ import annotations

from typing import Any

from ..words.text import Texts, named, printed
from . import art
from . import text as tx
from .art import GREY, INK, LEATHER, PAPER, SAND, WHITE
from .painter import Painter
from .sheets import Figure

LABEL = 6.0  # pt: every word in a diagram (the minimum print size)


def label(p: Painter, name: str, s: str, x: float, y: float, width: float, size: float = 6.5, bold: bool = False,
           anchor: str = "c", color=INK) -> None:
    p.text(x, y, s, tx.one_line(p.fonts, name, s, width, size, bold), color, bold=bold, anchor=anchor)


# --- Longhorn: the grid of ranches ---------------------------------------------------------------------


def longhorn(c: Any, lang: str) -> Figure:
    """The grid as dealt (content's order, as an example): each ranch with its name and cattle, a token
    face up on it, the sheriff on his ranch, the pawn on a ranch with the starting number of cattle."""
    T = Texts(lang, "longhorn")
    rows, cols = c.grid.rows, c.grid.columns
    gap = 1.5
    where = {loc.id: named(T, "locations", loc.id, loc.name) for loc in c.locations}
    start = next((loc.id for loc in c.locations if loc.cattle == c.setup.start_cattle), None)
    name = "Longhorn setup diagram"

    def side(w: float) -> float:
        return min(26.0, (w - (cols - 1) * gap) / cols)

    def height(w: float) -> float:
        return rows * side(w) + (rows - 1) * gap

    def draw(p: Painter, x: float, y: float, w: float, h: float) -> None:
        s = side(w)
        x0 = x + (w - cols * s - (cols - 1) * gap) / 2
        for i, loc in enumerate(c.locations[: rows * cols]):
            r, col = divmod(i, cols)
            bx, by = x0 + col * (s + gap), y + h - (r + 1) * s - r * gap
            p.rect(bx, by, s, s, SAND, INK, 0.3, r=1.2)
            label(p, name, where[loc.id], bx + s / 2, by + s - 3.2, s - 1.6, 6.5, bold=True)
            art.icon(p, "cow", bx + s * 0.3, by + s * 0.42, s * 0.3, WHITE)
            p.text(bx + s * 0.3, by + 1.6, str(loc.cattle), 7, INK, bold=True, anchor="c")
            token = "sheriff" if loc.id == c.setup.sheriff_location else None
            cx, cy, rr = bx + s * 0.7, by + s * 0.38, s * 0.17
            p.circle(cx, cy, rr, WHITE if token is None else art.OKABE_ITO["yellow"], INK, 0.25)
            if token:
                art.icon(p, token, cx, cy, rr * 1.5, art.OKABE_ITO["yellow"])
            else:
                p.text(cx, cy - 1.0, "?", 7, GREY, bold=True, anchor="c")
            if loc.id == start:
                art.icon(p, "hat", bx + s * 0.52, by + s * 0.62, s * 0.28, art.OKABE_ITO["blue"])

    return Figure(height, draw)


# --- Colt Express: the train -----------------------------------------------------------------------------


def colt_express(c: Any, lang: str, players: int = 4) -> Figure:
    """The train for `players` players: the caboose at the left, the locomotive at the right; printed
    loot inside each wagon, the marshal and a strongbox in the locomotive, bandits 1, 3, ... inside the
    caboose and 2, 4, ... inside the wagon next to it."""
    T = Texts(lang, "colt_express")
    n = c.setup.wagons_by_players[players]
    wagons = list(reversed(c.wagons[:n]))  # the last wagon behind the locomotive is the caboose
    name = "Colt Express setup diagram"
    cars = len(wagons) + 1

    def height(w: float) -> float:
        return 34.0  # the cars' names reach 31 mm above the foot (the caboose's label sits under the rails)

    def draw(p: Painter, x: float, y: float, w: float, h: float) -> None:
        gap = 1.6
        cw = (w - (cars - 1) * gap) / cars
        base = y + 6.0
        roof_h, in_h = 8.0, 14.0
        p.line([(x, base - 1.2), (x + w, base - 1.2)], GREY, 0.6)  # the rails
        for k in range(cars):
            cx0 = x + k * (cw + gap)
            loco = k == cars - 1
            p.rect(cx0, base, cw, in_h, PAPER, INK, 0.3, r=0.8)
            p.rect(cx0, base + in_h, cw, roof_h, (0.78, 0.72, 0.62), INK, 0.3, r=0.8)
            for wx in (cx0 + cw * 0.25, cx0 + cw * 0.75):
                p.circle(wx, base - 1.2, 1.4, GREY, INK, 0.2)
            if loco:
                title = printed(c.locomotive.name, c, lang=lang)
                art.icon(p, "marshal", cx0 + cw * 0.3, base + in_h / 2, 6.0, art.GOLD)
                art.icon(p, "strongbox", cx0 + cw * 0.7, base + in_h / 2, 5.5, art.GOLD)
            else:
                wg = wagons[k]
                title = printed(wg.name, c, lang=lang)
                items = ["purse"] * wg.purses + ["jewel"] * wg.jewels
                step = min(4.0, (cw - 2) / max(len(items), 1))
                for i, it in enumerate(items):
                    art.icon(p, it, cx0 + 1 + step * (i + 0.5), base + 2.8, min(3.6, step), SAND)
            tx.fit_and_draw(p, name, f"**{title}**", cx0 - gap / 2, base + in_h + roof_h + 0.8, cw + gap, 5.4, 6.0, INK,
                            align="c", valign="b")
            if k == 0:
                label(p, name, T("diagram.caboose"), cx0 + cw / 2, base - 5.2, cw + gap, 6.0, color=GREY)
        # the bandits: odd-numbered players inside the caboose, even-numbered inside the next wagon
        for seat in range(1, players + 1):
            k = 0 if seat % 2 else 1
            i = (seat - 1) // 2
            per_row = max(1, int((cw - 1) // 4.4))
            bx = x + k * (cw + gap) + 2.6 + 4.4 * (i % per_row)
            by = base + 7.6 + 4.2 * (i // per_row)
            p.circle(bx, by, 1.9, WHITE, INK, 0.3)
            p.text(bx, by - 1.05, str(seat), 6.0, INK, bold=True, anchor="c")
        for (tag, yy) in ((T("diagram.roof"), base + in_h + roof_h / 2 - 1.0), (T("diagram.inside"), base + in_h - 3.2)):
            label(p, name, tag, x + 1.0, yy, cw - 2, 6.0, anchor="l", color=GREY)

    return Figure(height, draw)


# --- Way Out West: the trail ----------------------------------------------------------------------------


def way_out_west(c: Any, words: dict, lang: str, players: int = 3, cowboys: int = 3) -> Figure:
    """The five towns along the trail with their building spaces and corrals, and the opening cowboys of
    `players` players, placed one at a time in turn order (an example) until each has three."""
    name = "Way Out West setup diagram"
    towns = list(c.towns)
    per = cowboys
    placed: dict[int, list[int]] = {i: [] for i in range(len(towns))}
    for k in range(per):  # an example opening: each player spreads out along the trail
        for seat in range(players):
            placed[(seat * 2 + k * 3 + k // 2) % len(towns)].append(seat)
    row_h = 8.5

    def height(w: float) -> float:
        return len(towns) * row_h

    def draw(p: Painter, x: float, y: float, w: float, h: float) -> None:
        top = y + h
        name_w = 24.0
        p.line([(x + 3.2, top - row_h / 2), (x + 3.2, top - len(towns) * row_h + row_h / 2)], LEATHER, 1.2, dash=(2, 1.2))
        for i, t in enumerate(towns):
            ry = top - (i + 1) * row_h
            p.circle(x + 3.2, ry + row_h / 2, 2.8, LEATHER, INK, 0.25)
            p.text(x + 3.2, ry + row_h / 2 - 1.05, str(t.number), 6.5, WHITE, bold=True, anchor="c")
            label(p, name, words["towns"][t.id], x + 7.0, ry + row_h / 2 - 1.1, name_w - 1, 6.5, bold=True, anchor="l")
            bx = x + 7.0 + name_w
            for k in range(t.spaces):
                p.rect(bx + k * 3.6, ry + row_h / 2 + 0.3, 3.0, 3.0, WHITE, INK, 0.2)
            for k in range(t.corrals):
                p.circle(bx + k * 3.6 + 1.5, ry + row_h / 2 - 1.9, 1.4, WHITE, LEATHER, 0.2)
            cx = bx + max(t.spaces, t.corrals) * 3.6 + 3.0
            for j, seat in enumerate(placed[i]):
                col = c.colours[seat]
                colour = art.hex_color(col.hex)
                art.symbol(p, col.symbol, cx + j * 5.0, ry + row_h / 2, 2.1, colour, art.contrast(colour), 0.25)
            p.line([(x, ry), (x + w, ry)], (0.85, 0.82, 0.76), 0.15)

    return Figure(height, draw)
