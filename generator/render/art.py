"""Our own vector art, drawn through a Painter: the Okabe-Ito palette with one symbol per colour,
and simple icons for token effects, actions, events and buildings. Nothing here is copied art.

Icons are drawn in a unit square [-1, 1]^2 mapped to (cx, cy, size); each is a handful of shapes
so it reads at 8 mm and costs little in the PDF.
"""

from __future__ import annotations

import math
from typing import Callable

from .painter import Color, Painter

# Okabe & Ito (2008), colour-blind safe.
OKABE_ITO: dict[str, Color] = {
    "black": (0.0, 0.0, 0.0),
    "orange": (0.902, 0.624, 0.0),
    "sky_blue": (0.337, 0.706, 0.914),
    "bluish_green": (0.0, 0.620, 0.451),
    "yellow": (0.941, 0.894, 0.259),
    "blue": (0.0, 0.447, 0.698),
    "vermillion": (0.835, 0.369, 0.0),
    "reddish_purple": (0.800, 0.475, 0.655),
}
# Player colours: Okabe-Ito hues, a few lightened or darkened so that every two colours a game gives
# its players (or its bandits) also differ in grey, luma at least GREY_STEP apart under both Rec. 709
# and Rec. 601 weights (a greyscale print or photocopy, a reader who sees no colour at all). Content
# picks its colours from OKABE_ITO and these; each colour keeps its own symbol as well.
PLAYER_SHADES: dict[str, Color] = {
    "light_sky_blue": (0.537, 0.796, 0.941),  # #89CBF0: sky blue, 30 % towards white
    "dark_green": (0.0, 0.247, 0.180),  # #003F2E: bluish green, 60 % towards black
    "blue": (0.0, 0.380, 0.592),  # #006197: blue, 15 % towards black
    "reddish_purple": (0.812, 0.502, 0.671),  # #CF80AB: reddish purple, 5 % towards white
    "yellow": (0.949, 0.910, 0.369),  # #F2E85E: yellow, 15 % towards white
}
GREY_STEP = 0.12


def luma(c: Color) -> tuple[float, float]:
    """Grey value of a colour (0 black .. 1 white) under Rec. 709 and Rec. 601 weights: what a greyscale
    print makes of it, depending on the printer driver."""
    return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2], 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2])


WHITE: Color = (1.0, 1.0, 1.0)
PAPER: Color = (0.985, 0.965, 0.925)
INK: Color = (0.13, 0.11, 0.10)
GREY: Color = (0.55, 0.55, 0.55)
LIGHT: Color = (0.90, 0.88, 0.84)
LEATHER: Color = (0.45, 0.27, 0.13)
SAND: Color = (0.93, 0.84, 0.66)
GOLD: Color = (0.85, 0.68, 0.15)

# Everyday colour names (as content writes them) -> palette colour and symbol.
_NAMED: dict[str, tuple[Color, str]] = {
    "black": (OKABE_ITO["black"], "square"),
    "white": ((0.97, 0.97, 0.95), "circle"),
    "orange": (OKABE_ITO["orange"], "triangle"),
    "green": (OKABE_ITO["bluish_green"], "diamond"),
    "bluish_green": (OKABE_ITO["bluish_green"], "diamond"),
    "blue": (OKABE_ITO["blue"], "star"),
    "sky_blue": (OKABE_ITO["sky_blue"], "pentagon"),
    "red": (OKABE_ITO["vermillion"], "cross"),
    "vermillion": (OKABE_ITO["vermillion"], "cross"),
    "yellow": (OKABE_ITO["yellow"], "hexagon"),
    "purple": (OKABE_ITO["reddish_purple"], "heart"),
    "pink": (OKABE_ITO["reddish_purple"], "heart"),
    "reddish_purple": (OKABE_ITO["reddish_purple"], "heart"),
    "grey": ((0.6, 0.6, 0.6), "ring"),
    "gray": ((0.6, 0.6, 0.6), "ring"),
    "brown": ((0.55, 0.35, 0.17), "ring"),
}
SYMBOLS = ("circle", "square", "triangle", "diamond", "star", "cross", "hexagon", "heart", "pentagon", "ring")


def hex_color(text: str) -> Color:
    t = text.lstrip("#")
    return (int(t[0:2], 16) / 255, int(t[2:4], 16) / 255, int(t[4:6], 16) / 255)


def named(name: str) -> tuple[Color, str]:
    """Palette colour and symbol for a colour name (unknown names get grey and a ring)."""
    return _NAMED.get(name.lower().replace(" ", "_").replace("-", "_"), ((0.6, 0.6, 0.6), "ring"))


def contrast(c: Color) -> Color:
    """Black or white, whichever reads on `c`."""
    lum = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    return INK if lum > 0.45 else WHITE


# --- symbols ----------------------------------------------------------------------------------


def _regular(n: int, r: float, cx: float, cy: float, start: float = 90.0) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(start + i * 360 / n)), cy + r * math.sin(math.radians(start + i * 360 / n)))
        for i in range(n)
    ]


def star_points(cx, cy, r, n=5, inner=0.45, start=90.0):
    pts = []
    for i in range(2 * n):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(start + i * 180 / n)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def symbol(p: Painter, kind: str, cx: float, cy: float, r: float, fill: Color, stroke: Color = INK, width=0.35):
    """The colour-blind companion symbol of a colour, about 2r across."""
    if kind == "circle":
        p.circle(cx, cy, r * 0.9, fill, stroke, width)
    elif kind == "ring":
        p.circle(cx, cy, r * 0.9, fill, stroke, width)
        p.circle(cx, cy, r * 0.45, WHITE, stroke, width)
    elif kind == "square":
        s = r * 0.8
        p.rect(cx - s, cy - s, 2 * s, 2 * s, fill, stroke, width)
    elif kind == "triangle":
        p.poly(_regular(3, r * 1.05, cx, cy - r * 0.15), fill, stroke, width)
    elif kind == "diamond":
        p.poly(_regular(4, r, cx, cy), fill, stroke, width)
    elif kind == "star":
        p.poly(star_points(cx, cy, r), fill, stroke, width)
    elif kind == "cross":
        a, b = r * 0.95, r * 0.35
        p.poly(
            [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b), (cx + b, cy + b),
             (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b), (cx - a, cy - b), (cx - b, cy - b)],
            fill, stroke, width,
        )
    elif kind == "hexagon":
        p.poly(_regular(6, r * 0.95, cx, cy), fill, stroke, width)
    elif kind == "pentagon":
        p.poly(_regular(5, r * 0.95, cx, cy), fill, stroke, width)
    elif kind == "heart":
        pts = []
        for i in range(36):
            t = 2 * math.pi * i / 36
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((cx + x * r / 17, cy + y * r / 17 + r * 0.1))
        p.poly(pts, fill, stroke, width)
    else:
        p.circle(cx, cy, r * 0.9, fill, stroke, width)


def colour_swatch(p: Painter, colour: Color, sym: str, cx: float, cy: float, r: float):
    """A disc of the colour carrying its symbol in the contrasting ink."""
    p.circle(cx, cy, r, colour, INK, 0.3)
    c = contrast(colour)
    symbol(p, sym, cx, cy, r * 0.55, c, c, 0.2)


# --- icons ------------------------------------------------------------------------------------

ICON_TEXT_MIN = 6.0  # points: the kit's smallest text (text.MIN_SIZE)


def _small_text(p: Painter, xy, s: str, size: float, ink: Color, floor: bool = False) -> None:
    """Text inside an icon: left out when the icon is drawn too small for it to reach the minimum
    size, or (a one-glyph sign such as $) printed at the minimum."""
    if size < ICON_TEXT_MIN:
        if not floor:
            return
        size = ICON_TEXT_MIN
    p.text(xy[0], xy[1], s, size, ink, bold=True, anchor="c")


class _U:
    """Maps unit-square coordinates to the page."""

    def __init__(self, cx, cy, size):
        self.cx, self.cy, self.k = cx, cy, size / 2

    def __call__(self, x, y):
        return (self.cx + x * self.k, self.cy + y * self.k)

    def pts(self, seq):
        return [self(x, y) for x, y in seq]

    def r(self, v):
        return v * self.k


def _cow(p, u, fill, ink):
    # a longhorn head: wide horns, long face, two nostrils
    p.poly(u.pts([(-1, 0.55), (-0.55, 0.35), (-0.3, 0.45), (0.3, 0.45), (0.55, 0.35), (1, 0.55), (0.6, 0.2), (0.3, 0.2),
                  (0.3, 0.2)]), fill, ink, 0.25)
    p.poly(u.pts([(-0.35, 0.45), (0.35, 0.45), (0.3, -0.45), (0.15, -0.8), (-0.15, -0.8), (-0.3, -0.45)]), fill, ink, 0.25)
    p.poly(u.pts([(-1, 0.55), (-0.6, 0.2), (-0.3, 0.2), (-0.35, 0.45), (-0.55, 0.35)]), fill, ink, 0.25)
    p.circle(*u(-0.1, -0.6), u.r(0.06), ink)
    p.circle(*u(0.1, -0.6), u.r(0.06), ink)
    p.circle(*u(-0.15, 0.05), u.r(0.07), ink)
    p.circle(*u(0.15, 0.05), u.r(0.07), ink)


def _nugget(p, u, fill, ink):
    p.poly(u.pts([(-0.9, -0.5), (-0.6, 0.3), (-0.1, 0.7), (0.5, 0.55), (0.9, 0.0), (0.6, -0.6), (-0.2, -0.75)]), GOLD, ink, 0.3)
    p.poly(u.pts([(-0.4, 0.2), (-0.05, 0.45), (0.2, 0.1)]), None, ink, 0.2, close=False)


def _sheriff(p, u, fill, ink):
    p.poly(star_points(*u(0, 0), u.r(0.95), 6, 0.55), GOLD, ink, 0.3)
    for x, y in _regular(6, u.r(0.95), *u(0, 0)):
        p.circle(x, y, u.r(0.1), GOLD, ink, 0.2)
    p.circle(*u(0, 0), u.r(0.25), WHITE, ink, 0.2)


def _pistol(p, u, fill, ink, flip=False):
    s = -1 if flip else 1
    p.poly(u.pts([(s * -0.9, 0.35), (s * 0.8, 0.35), (s * 0.8, 0.05), (s * -0.1, 0.05), (s * -0.3, -0.8), (s * -0.75, -0.8),
                  (s * -0.6, 0.0), (s * -0.9, 0.1)]), fill, ink, 0.25)
    p.circle(*u(s * -0.15, -0.05), u.r(0.12), None, ink, 0.2)


def _ambush(p, u, fill, ink):
    p.circle(*u(0, 0), u.r(0.8), None, ink, 0.35)
    p.circle(*u(0, 0), u.r(0.35), None, ink, 0.3)
    for a, b in (((0, 1), (0, 0.45)), ((0, -1), (0, -0.45)), ((1, 0), (0.45, 0)), ((-1, 0), (-0.45, 0))):
        p.line([u(*a), u(*b)], ink, 0.35)
    p.circle(*u(0, 0), u.r(0.08), ink)


def _branding_iron(p, u, fill, ink):
    p.line([u(-0.9, -0.9), u(0.2, 0.2)], ink, 0.6)
    p.rect(*u(-0.95, -0.95), u.r(0.35), u.r(0.35), LEATHER, ink, 0.2)
    p.poly(u.pts([(0.1, 0.1), (0.1, 0.9), (0.3, 0.9), (0.3, 0.6), (0.9, 0.6), (0.9, 0.1)]), None, ink, 0.45)
    p.circle(*u(0.55, 0.35), u.r(0.14), OKABE_ITO["vermillion"])


def _snake_oil(p, u, fill, ink):
    p.rect(*u(-0.15, 0.55), u.r(0.3), u.r(0.35), LEATHER, ink, 0.2)
    p.poly(u.pts([(-0.2, 0.55), (0.2, 0.55), (0.2, 0.35), (0.55, 0.1), (0.55, -0.9), (-0.55, -0.9), (-0.55, 0.1), (-0.2, 0.35)]),
           OKABE_ITO["sky_blue"], ink, 0.25)
    p.rect(*u(-0.4, -0.6), u.r(0.8), u.r(0.5), PAPER, ink, 0.2)
    p.line([u(-0.25, -0.35), u(0.25, -0.35)], ink, 0.2)


def _rattlesnake(p, u, fill, ink):
    pts = [u(-0.9 + i * 0.15, 0.35 * math.sin(i * 1.1) - 0.2) for i in range(12)]
    p.line(pts, OKABE_ITO["bluish_green"], 1.0)
    p.line(pts, ink, 0.15)
    head = pts[-1]
    p.circle(head[0], head[1], u.r(0.17), OKABE_ITO["bluish_green"], ink, 0.2)
    p.line([u(-0.9, -0.2), u(-1.0, 0.2)], ink, 0.4)
    p.line([u(0.75, 0.2), u(0.85, 0.55), u(0.95, 0.5)], OKABE_ITO["vermillion"], 0.2)


def _epidemic(p, u, fill, ink):
    p.circle(*u(0, 0.15), u.r(0.65), WHITE, ink, 0.3)
    p.rect(*u(-0.35, -0.8), u.r(0.7), u.r(0.5), WHITE, ink, 0.3)
    p.circle(*u(-0.25, 0.15), u.r(0.16), ink)
    p.circle(*u(0.25, 0.15), u.r(0.16), ink)
    for x in (-0.15, 0.0, 0.15):
        p.line([u(x, -0.8), u(x, -0.45)], ink, 0.2)


def _arrow(p, u, fill, ink, direction=(1, 0), double=False):
    dx, dy = direction
    # shaft along the direction, head at the end
    def rot(x, y):
        return (x * dx - y * dy, x * dy + y * dx)

    body = [(-0.9, -0.18), (0.3, -0.18), (0.3, -0.5), (0.95, 0.0), (0.3, 0.5), (0.3, 0.18), (-0.9, 0.18)]
    p.poly(u.pts([rot(x, y) for x, y in body]), fill, ink, 0.25)
    if double:
        back = [(-x, y) for x, y in body]
        p.poly(u.pts([rot(x, y * 0.7 - 0.0) for x, y in back]), fill, ink, 0.25)


def _move(p, u, fill, ink):
    p.poly(u.pts([(-0.95, 0.1), (0.4, 0.1), (0.4, 0.45), (0.95, -0.1), (0.4, -0.65), (0.4, -0.3), (-0.95, -0.3)]), fill, ink, 0.25)
    p.poly(u.pts([(0.95, 0.6), (-0.4, 0.6), (-0.4, 0.95), (-0.95, 0.45), (-0.4, -0.05), (-0.4, 0.3), (0.95, 0.3)]), WHITE, ink, 0.25)


def _moving(p, u, fill, ink, what):
    """What moves (an icon of its own, drawn smaller above) over an arrow: Way Out West's two moves, cowboys
    and cattle, each tell their piece."""
    ICONS[what](p, _U(*u(0.0, 0.38), u.r(1.35)), fill, ink)
    p.poly(u.pts([(-0.95, -0.52), (0.35, -0.52), (0.35, -0.3), (0.95, -0.66), (0.35, -1.0), (0.35, -0.8), (-0.95, -0.8)]),
           WHITE, ink, 0.25)


def _move_cowboys(p, u, fill, ink):
    _moving(p, u, fill, ink, "cowboy")


def _move_cattle(p, u, fill, ink):
    _moving(p, u, fill, ink, "cattle")


def _change_floor(p, u, fill, ink):
    p.poly(u.pts([(-0.65, -0.9), (-0.35, -0.9), (-0.35, 0.3), (-0.1, 0.3), (-0.5, 0.9), (-0.9, 0.3), (-0.65, 0.3)]), fill, ink, 0.25)
    p.poly(u.pts([(0.35, 0.9), (0.65, 0.9), (0.65, -0.3), (0.9, -0.3), (0.5, -0.9), (0.1, -0.3), (0.35, -0.3)]), WHITE, ink, 0.25)


def _bag(p, u, fill, ink, label="$"):
    p.poly(u.pts([(-0.3, 0.55), (0.3, 0.55), (0.75, 0.0), (0.7, -0.8), (-0.7, -0.8), (-0.75, 0.0)]), fill, ink, 0.3)
    p.poly(u.pts([(-0.3, 0.55), (-0.45, 0.9), (0.45, 0.9), (0.3, 0.55)]), fill, ink, 0.3)
    p.line([u(-0.35, 0.55), u(0.35, 0.55)], ink, 0.4)
    if label:
        _small_text(p, u(0, -0.55), label, u.r(1.0) / 0.3528 * 0.9, contrast(fill))


def _robbery(p, u, fill, ink):
    _bag(p, u, SAND, ink)
    p.poly(u.pts([(0.4, -0.1), (1.0, 0.3), (0.9, 0.5), (0.3, 0.15)]), fill, ink, 0.25)


def _fire(p, u, fill, ink):
    _pistol(p, u, fill, ink)
    for y in (0.45, 0.2, -0.05):
        p.line([u(0.85, 0.2), u(1.0, y + 0.1)], ink, 0.25)


def _punch(p, u, fill, ink):
    p.poly(star_points(*u(0, 0), u.r(0.95), 8, 0.55, 10), OKABE_ITO["yellow"], ink, 0.3)
    p.rect(*u(-0.45, -0.3), u.r(0.9), u.r(0.6), fill, ink, 0.25, r=u.r(0.15))
    for x in (-0.2, 0.05, 0.3):
        p.line([u(x, -0.3), u(x, 0.3)], ink, 0.2)


def _marshal(p, u, fill, ink):
    p.poly(star_points(*u(0, 0), u.r(0.95), 5, 0.5), GOLD, ink, 0.3)
    p.circle(*u(0, 0), u.r(0.22), WHITE, ink, 0.2)


def _bullet(p, u, fill, ink):
    p.poly(u.pts([(-0.3, -0.9), (0.3, -0.9), (0.3, 0.2), (0.2, 0.6), (0.0, 0.9), (-0.2, 0.6), (-0.3, 0.2)]), GOLD, ink, 0.3)
    p.rect(*u(-0.32, -0.9), u.r(0.64), u.r(0.4), LEATHER, ink, 0.25)


def _tunnel(p, u, fill, ink):
    outer = [u(-0.95, -0.8)] + [u(0.95 * math.cos(math.pi - i * math.pi / 12), -0.1 + 0.9 * math.sin(math.pi - i * math.pi / 12)) for i in range(13)] + [u(0.95, -0.8)]
    p.poly(outer, GREY, ink, 0.3)
    inner = [u(-0.55, -0.8)] + [u(0.55 * math.cos(math.pi - i * math.pi / 12), -0.1 + 0.55 * math.sin(math.pi - i * math.pi / 12)) for i in range(13)] + [u(0.55, -0.8)]
    p.poly(inner, INK, ink, 0.2)


def _speed(p, u, fill, ink):
    for off in (-0.45, 0.35):
        p.poly(u.pts([(off - 0.4, 0.7), (off + 0.2, 0.0), (off - 0.4, -0.7), (off - 0.1, -0.7), (off + 0.5, 0.0), (off - 0.1, 0.7)]), fill, ink, 0.25)


def _switch(p, u, fill, ink):
    pts = [u(0.7 * math.cos(a), 0.7 * math.sin(a)) for a in [math.radians(20 + i * 15) for i in range(19)]]
    p.line(pts, ink, 0.45)
    end = pts[-1]
    p.poly([end, (end[0] + u.r(0.35), end[1] + u.r(0.2)), (end[0] + u.r(0.05), end[1] - u.r(0.35))], ink, ink, 0.2)


def _normal(p, u, fill, ink):
    p.rect(*u(-0.5, -0.75), u.r(1.0), u.r(1.5), WHITE, ink, 0.3, r=u.r(0.12))


def _face_down(p, u, fill, ink):
    p.rect(*u(-0.5, -0.75), u.r(1.0), u.r(1.5), GREY, ink, 0.3, r=u.r(0.12))
    p.line([u(-0.5, -0.75), u(0.5, 0.75)], ink, 0.2)
    p.line([u(-0.5, 0.75), u(0.5, -0.75)], ink, 0.2)


def _jewel(p, u, fill, ink):
    p.poly(u.pts([(-0.9, 0.3), (-0.5, 0.75), (0.5, 0.75), (0.9, 0.3), (0.0, -0.85)]), OKABE_ITO["sky_blue"], ink, 0.3)
    p.line([u(-0.9, 0.3), u(0.9, 0.3)], ink, 0.2)
    p.line([u(-0.3, 0.3), u(0.0, -0.85), u(0.3, 0.3)], ink, 0.2)


def _strongbox(p, u, fill, ink):
    p.rect(*u(-0.9, -0.7), u.r(1.8), u.r(1.3), LEATHER, ink, 0.3)
    p.rect(*u(-0.9, 0.2), u.r(1.8), u.r(0.4), GOLD, ink, 0.25)
    p.rect(*u(-0.18, -0.2), u.r(0.36), u.r(0.45), GOLD, ink, 0.2)


def _hat(p, u, fill, ink):
    p.poly(u.pts([(-1.0, -0.25), (-0.6, -0.45), (0.6, -0.45), (1.0, -0.25), (0.6, -0.2), (0.5, 0.55), (0.2, 0.45), (0.0, 0.6),
                  (-0.2, 0.45), (-0.5, 0.55), (-0.6, -0.2)]), fill, ink, 0.3)
    p.line([u(-0.55, -0.15), u(0.55, -0.15)], contrast(fill), 0.4)


def _building(p, u, fill, ink, roof=True):
    p.rect(*u(-0.8, -0.85), u.r(1.6), u.r(1.1), fill, ink, 0.3)
    if roof:
        p.poly(u.pts([(-0.95, 0.25), (0.0, 0.85), (0.95, 0.25)]), fill, ink, 0.3)


def _bank(p, u, fill, ink):
    _building(p, u, fill, ink)
    for x in (-0.55, -0.15, 0.25):
        p.rect(*u(x, -0.7), u.r(0.25), u.r(0.8), WHITE, ink, 0.2)
    _small_text(p, u(0, 0.35), "$", u.r(0.5) / 0.3528, ink, floor=True)


def _store(p, u, fill, ink):
    _building(p, u, fill, ink, roof=False)
    for i in range(4):
        x = -0.8 + i * 0.4
        p.poly(u.pts([(x, 0.25), (x + 0.4, 0.25), (x + 0.4, 0.0), (x + 0.2, -0.1), (x, 0.0)]), WHITE if i % 2 else OKABE_ITO["vermillion"], ink, 0.2)
    p.rect(*u(-0.2, -0.85), u.r(0.4), u.r(0.6), WHITE, ink, 0.2)


def _hotel(p, u, fill, ink):
    p.rect(*u(-0.6, -0.9), u.r(1.2), u.r(1.8), fill, ink, 0.3)
    for y in (0.35, -0.2):
        for x in (-0.4, 0.1):
            p.rect(*u(x, y), u.r(0.3), u.r(0.3), WHITE, ink, 0.15)
    p.rect(*u(-0.12, -0.9), u.r(0.24), u.r(0.45), WHITE, ink, 0.15)


def _jail(p, u, fill, ink):
    p.rect(*u(-0.8, -0.8), u.r(1.6), u.r(1.6), fill, ink, 0.3)
    p.rect(*u(-0.5, -0.4), u.r(1.0), u.r(0.9), WHITE, ink, 0.2)
    for x in (-0.3, 0.0, 0.3):
        p.line([u(x, -0.4), u(x, 0.5)], ink, 0.35)


def _stagecoach(p, u, fill, ink):
    p.rect(*u(-0.8, -0.3), u.r(1.4), u.r(0.85), fill, ink, 0.3)
    p.rect(*u(-0.45, 0.05), u.r(0.5), u.r(0.35), WHITE, ink, 0.2)
    for x in (-0.5, 0.35):
        p.circle(*u(x, -0.45), u.r(0.3), WHITE, ink, 0.3)
        p.circle(*u(x, -0.45), u.r(0.06), ink)
    p.line([u(0.6, 0.0), u(1.0, -0.2)], ink, 0.3)


def _train(p, u, fill, ink):
    p.rect(*u(-0.9, -0.45), u.r(1.3), u.r(0.6), fill, ink, 0.3)
    p.rect(*u(0.1, 0.15), u.r(0.45), u.r(0.5), fill, ink, 0.3)
    p.rect(*u(-0.75, 0.15), u.r(0.25), u.r(0.5), fill, ink, 0.3)
    p.poly(u.pts([(0.4, -0.45), (0.95, -0.45), (0.4, 0.0)]), fill, ink, 0.3)
    for x in (-0.6, -0.1, 0.3):
        p.circle(*u(x, -0.6), u.r(0.2), WHITE, ink, 0.3)


def _farmer(p, u, fill, ink):
    p.line([u(0.0, -0.95), u(0.0, 0.4)], LEATHER, 0.6)
    p.line([u(-0.4, 0.4), u(0.4, 0.4)], ink, 0.35)
    for x in (-0.4, 0.0, 0.4):
        p.line([u(x, 0.4), u(x, 0.95)], ink, 0.35)


def _wanted(p, u, fill, ink):
    p.rect(*u(-0.7, -0.9), u.r(1.4), u.r(1.8), SAND, ink, 0.3)
    p.rect(*u(-0.5, 0.45), u.r(1.0), u.r(0.22), ink)  # the headline, wordless: the icon serves every language
    p.circle(*u(0, 0.05), u.r(0.3), WHITE, ink, 0.2)
    p.rect(*u(-0.4, -0.7), u.r(0.8), u.r(0.3), WHITE, ink, 0.2)


def _money(p, u, fill, ink):
    p.rect(*u(-0.95, -0.55), u.r(1.9), u.r(1.1), (0.55, 0.75, 0.55), ink, 0.3)
    p.circle(*u(0, 0), u.r(0.35), WHITE, ink, 0.2)
    _small_text(p, u(0, -0.14), "$", u.r(0.45) / 0.3528, ink, floor=True)


def _marker(p, u, fill, ink):
    p.poly(_regular(8, u.r(0.9), *u(0, 0), 22.5), fill, ink, 0.3)


def _dice(p, u, fill, ink):
    p.rect(*u(-0.8, -0.8), u.r(1.6), u.r(1.6), WHITE, ink, 0.3, r=u.r(0.2))
    for x, y in ((-0.4, 0.4), (0.0, 0.0), (0.4, -0.4)):
        p.circle(*u(x, y), u.r(0.14), ink)


def _locomotive(p, u, fill, ink):
    _train(p, u, fill, ink)


ICONS: dict[str, Callable] = {
    "cow": _cow, "cattle": _cow, "nugget": _nugget, "sheriff": _sheriff, "ambush": _ambush,
    "branding_iron": _branding_iron, "snake_oil": _snake_oil, "rattlesnake": _rattlesnake, "epidemic": _epidemic,
    "move": _move, "change_floor": _change_floor, "floor": _change_floor, "robbery": _robbery, "rob": _robbery,
    "move_cowboys": _move_cowboys, "move_cattle": _move_cattle,
    "fire": _fire, "punch": _punch, "marshal": _marshal, "bullet": _bullet, "tunnel": _tunnel,
    "speed_up": _speed, "speed": _speed, "switch": _switch, "switching": _switch, "normal": _normal,
    "face_down": _face_down, "purse": _bag, "jewel": _jewel, "strongbox": _strongbox, "hat": _hat, "cowboy": _hat,
    "bank": _bank, "store": _store, "hotel": _hotel, "jail": _jail, "stagecoach": _stagecoach, "train": _train,
    "farmer": _farmer, "wanted": _wanted, "money": _money, "marker": _marker, "dice": _dice, "gunfight": _fire,
    "pistol": _pistol, "locomotive": _locomotive,
}


def icon(p: Painter, name: str, cx: float, cy: float, size: float, fill: Color = SAND, ink: Color = INK):
    """Draw icon `name` centred at (cx, cy), `size` mm across. Unknown names are an error."""
    try:
        fn = ICONS[name]
    except KeyError:
        raise KeyError(f"no icon named {name!r}") from None
    fn(p, _U(cx, cy, size), fill, ink)
