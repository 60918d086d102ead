"""Generic pieces: a Piece is one printed card, token or tile with a front Face and maybe a back.

A Face is a drawing function over a Painter in the piece's own millimetre box (origin bottom-left)
plus the colour its bleed takes. The game modules build Pieces from content with the helpers here:
`card` (title, icon, body text, number), `token` (icon or value on a colour with its symbol) and
`back` (the shared design of a deck's back). `draw_slot` puts a face on a PDF page with its bleed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from . import art, text
from .art import INK, PAPER, WHITE
from . import sheets
from .geometry import SAFE, Box, Slot
from .painter import Color, Painter


@dataclass(frozen=True)
class Face:
    draw: Callable[[Painter, float, float], None]
    bg: Color = PAPER


@dataclass(frozen=True)
class Piece:
    component: str  # kind shown on the cover, e.g. "action card"
    name: str  # unique, readable: used in errors, PNG file names and tests
    size: tuple[float, float]
    front: Face
    back: Face | None = None  # None: plain back (nothing printed)
    informative_back: bool = False  # the back carries game information (value, other face)
    number: str = ""  # printed "n/N" on cards
    deck: str = ""  # Tabletop Simulator deck this piece belongs to ("" = component)
    texts: tuple[str, ...] = field(default=(), compare=False)  # words printed (for tests)

    @property
    def deck_name(self) -> str:
        return self.deck or self.component


def draw_slot(p: Painter, slot: Slot, face: Face, offset: tuple[float, float] = (0.0, 0.0)) -> None:
    """Paint the bleed area, then the face, at the slot (turned as the slot says)."""
    dx, dy = offset
    bb = slot.bleed_box()
    p.rect(bb.x + dx, bb.y + dy, bb.w, bb.h, fill=face.bg)
    b = slot.box
    p.push(b.x + dx, b.y + dy, turn=slot.turn, box=(b.w, b.h))
    face.draw(p, *slot.piece.size)
    p.pop()


def _panel(p: Painter, w: float, h: float, inset: float = 2.2, fill: Color = PAPER, r: float = 2.0):
    p.rect(inset, inset, w - 2 * inset, h - 2 * inset, fill, INK, 0.3, r=r)


def card(
    name: str,
    title: str,
    colour: Color,
    sym: str | None = None,
    icon: str | None = None,
    body: str = "",
    number: str = "",
    footer: str = "",
    big: str = "",
    extra: Callable[[Painter, float, float, float, float], None] | None = None,
    icon_fill: Color | None = None,
    index: bool = False,
) -> Face:
    """A poker-size card face: coloured border (its symbol in the corners), title banner, an icon
    or big value, a body text fitted to its box, footer line with the number.

    `extra(p, x, y, w, h)` draws a custom area instead of the body text (turn patterns, tables).
    `index`: a corner index (title left-aligned in the banner, the icon small below it) so the card
    reads in a hand fanned to the right.
    """

    def draw(p: Painter, w: float, h: float) -> None:
        _panel(p, w, h)
        s = SAFE + 0.6
        # title banner
        bh = 9.0
        p.rect(s, h - s - bh, w - 2 * s, bh, colour, INK, 0.25, r=1.2)
        ink = art.contrast(colour)
        size = text.one_line(p.fonts, name, title, w - 2 * s - (16 if sym else 4), 10.5, bold=True)
        if index:
            p.text(s + 8, h - s - bh / 2 - size * 0.3528 * 0.35, title, size, ink, bold=True)
            if icon:
                art.icon(p, icon, s + 4, h - s - bh - 5.5, 7.0, icon_fill or colour)
        else:
            p.text(w / 2, h - s - bh / 2 - size * 0.3528 * 0.35, title, size, ink, bold=True, anchor="c")
        if sym:
            art.symbol(p, sym, s + 4, h - s - bh / 2, 2.6, colour, ink, 0.3)
            art.symbol(p, sym, w - s - 4, h - s - bh / 2, 2.6, colour, ink, 0.3)
        top = h - s - bh - 1.5
        # icon / big value
        if icon or big:
            ih = 26.0 if body or extra else 40.0
            cy = top - ih / 2
            if icon:
                art.icon(p, icon, w / 2, cy, ih * 0.9, icon_fill or colour)
            if big:
                bsize = text.one_line(p.fonts, name, big, w - 2 * s, 22, bold=True)
                p.text(w / 2, cy - (ih * 0.5 if icon else bsize * 0.3528 * 0.35) + (0 if icon else 0), big, bsize, INK, bold=True, anchor="c")
            top -= ih + (5 if big and icon else 1.5)
        foot = s + 5.5
        area_h = top - foot
        if extra is not None:
            extra(p, s + 1, foot, w - 2 * s - 2, area_h)
        elif body:
            text.fit_and_draw(p, name, body, s + 1.5, foot, w - 2 * s - 3, area_h, 8.5, INK, align="c", valign="c")
        # footer
        line = "  ".join(t for t in (footer, number) if t)
        if line:
            fs = text.one_line(p.fonts, name, line, w - 2 * s, 6.5)
            p.text(w / 2, s + 1.6, line, fs, INK, anchor="c")

    return Face(draw, colour)


Motif = Callable[[Painter, float, float, float, Color], None]  # (painter, cx, cy, r, deck colour): half an emblem


def back(game_title: str, label: str, colour: Color, sym: str | None = None, icon: str | None = None,
         motif: Motif | None = None) -> Face:
    """The common back of a deck: full bleed in the deck colour with no line near the cut (so printer
    drift never shows), and the same under a half turn: the title and deck label at the top and again,
    turned, at the bottom, and a medallion in the middle. Its emblem is the game's own `motif` (drawn
    by the game's drawing module: the upper half of a medallion of radius r, drawn again turned, so no
    back is upside down), or an eight-pointed star. (`sym`/`icon` are kept for callers.)"""

    def draw(p: Painter, w: float, h: float) -> None:
        ink = art.contrast(colour)
        size = text.one_line(p.fonts, label, game_title, w - 2 * SAFE - 6, 12, bold=True)
        ls = text.one_line(p.fonts, label, label, w - 2 * SAFE - 6, 8)
        for turned in (False, True):
            if turned and not hasattr(p, "c"):  # PNG export (pillow) draws faces upright only
                continue
            p.push(0, 0, turn=180 if turned else 0, box=(w, h))
            p.text(w / 2, h * 0.80, game_title, size, ink, display=True, anchor="c")
            p.text(w / 2, h * 0.80 - ls * 0.3528 * 1.6, label, ls, ink, anchor="c")
            p.pop()
        d = min(w, h) * 0.42
        p.circle(w / 2, h / 2, d / 2 + 1.5, WHITE, ink, 0.5)
        if motif is None:
            p.poly(art.star_points(w / 2, h / 2, d / 2 - 0.5, n=8, inner=0.5, start=90.0), colour, INK, 0.3)
            p.circle(w / 2, h / 2, d * 0.12, WHITE, INK, 0.3)
            return
        for turned in (False, True):
            if turned and not hasattr(p, "c"):  # PNG export: upright only, as the texts
                continue
            p.push(0, 0, turn=180 if turned else 0, box=(w, h))
            motif(p, w / 2, h / 2, d / 2, colour)
            p.pop()

    return Face(draw, colour)


def token(
    name: str,
    colour: Color,
    sym: str | None = None,
    icon: str | None = None,
    label: str = "",
    round_: bool = True,
    icon_fill: Color | None = None,
) -> Face:
    """A small piece: a colour field, a white disc (or square) with an icon and/or a label, and the
    colour's symbol so the colour is never the only cue. Icon, label and symbol stay inside the
    SAFE zone, and a label inside the disc (its width is the disc's chord at the label's height)."""

    def draw(p: Painter, w: float, h: float) -> None:
        m = min(w, h)
        cx, cy = w / 2, h / 2
        R = m / 2 - 1.0
        if round_:
            p.circle(cx, cy, R, WHITE, INK, 0.3)
        else:
            p.rect(1.0, 1.0, w - 2, h - 2, WHITE, INK, 0.3, r=1.0)
        s = m - 2 * SAFE  # the safe square
        top, bottom = cy + s / 2, cy - s / 2
        sym_h = max(2.2, s * 0.22) if sym else 0.0
        if sym:
            art.symbol(p, sym, cx, bottom + sym_h / 2, sym_h / 2, colour, art.contrast(colour), 0.2)
            bottom += sym_h + 0.4
        if label:
            # the label sits just under the centre, where the disc is widest; the icon above it
            size = 6.0 if icon else max(6.0, min(11.0, s * 0.5 / 0.3528))
            lh = size * 0.3528
            base = cy - lh if icon else cy - lh * 0.35
            dy = max(abs(base - 0.25 * lh - cy), abs(base + lh - cy))
            chord = 2 * (R * R - dy * dy) ** 0.5 - 1.0 if round_ else s
            size = text.one_line(p.fonts, name, label, min(s, chord), size if not icon else max(6.0, min(8.0, s * 0.3 / 0.3528)), bold=True)
            p.text(cx, base, label, size, INK, bold=True, anchor="c")
            if icon:
                ih = top - (cy + 0.6)
                art.icon(p, icon, cx, cy + 0.6 + ih / 2, ih * 0.95, icon_fill or colour)
        elif icon:
            ih = top - bottom
            art.icon(p, icon, cx, bottom + ih / 2, min(ih, s) * 0.95, icon_fill or colour)

    return Face(draw, colour)


def text_card(name: str, title: str, markup: str, colour: Color, number: str = "", footer: str = "") -> Face:
    """A card whose body is sheet markup (a player aid): fitted to the card, never below MIN_SIZE."""
    def body(p: Painter, x: float, y: float, w: float, h: float) -> None:
        sheets.fit_in_box(p, name, markup, Box(x, y, w, h), 7.5, min_size=text.MIN_SIZE)

    return card(name, title, colour, None, None, "", number, footer, extra=body)
