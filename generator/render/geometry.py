"""Page geometry: paper sizes, bleed, imposition of same-size pieces with shared cut lines,
crop marks, and where each back goes for every duplex mode.

All lengths are millimetres, origin at the bottom-left of the page (as in PDF).

Duplex modes (the sheet is portrait):
- long  : backs on the next page, columns mirrored (x -> W - x - w); the printer flips on the long edge.
- short : backs on the next page, rows mirrored (y -> H - y - h) and each back turned 180 degrees.
- fold  : fronts in the top half, backs in the bottom half mirrored across the horizontal fold line
          and turned 180 degrees; fold, glue, cut. A run of pieces with no backs at all uses whole
          pages of fronts (nothing to fold).
- none  : fronts only; a piece whose back carries information (a purse value, the other face of a
          pawn) still gets a back page, mirrored as for long-edge, to glue behind its front sheet.
The back offset (X, Y) shifts everything drawn on a back page (long/short/none) to correct printer drift.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import UsageError

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DUPLEX_MODES: tuple[str, ...] = ("long", "short", "fold", "none")

BLEED = 3.0  # outer bleed around every block of pieces
SAFE = 3.0  # text and symbols stay this far inside the cut line
EDGE = 6.0  # nothing a cutter needs (cut lines, crop marks, page labels) closer than this to the paper edge
TRIM_EDGE = 7.0  # cut lines at least this far in
INK_EDGE = 6.0  # no ink closer than this to the paper edge (home printers cut it off): a bleed stops there
GUTTER = 3.0  # between pieces of different colours or sizes: each gets half of it as its own bleed
FOLD_GAP = 4.0  # fold mode: trim edge to fold line (leaves room for the bleed of both halves)
CARD = (63.0, 88.0)  # poker card
LABEL_BAND = 5.5  # room kept for the page label (EDGE + 3.5 mm from the paper edge, plus a gap to the bleed)
EPS = 1e-6


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[paper.lower()]
    except (KeyError, AttributeError):
        raise UsageError(f"unknown paper {paper!r}; expected one of: {', '.join(PAPERS)}") from None


def check_duplex(duplex: str) -> str:
    if duplex not in DUPLEX_MODES:
        raise UsageError(f"unknown duplex mode {duplex!r}; expected one of: {', '.join(DUPLEX_MODES)}")
    return duplex


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def grow(self, d: float) -> "Box":
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def clamp(self, page: "Box") -> "Box":
        x0, y0 = max(self.x, page.x), max(self.y, page.y)
        x1, y1 = min(self.x1, page.x1), min(self.y1, page.y1)
        return Box(x0, y0, x1 - x0, y1 - y0)

    def as_points(self) -> tuple[float, float, float, float]:
        k = 72.0 / 25.4
        return (self.x * k, self.y * k, self.x1 * k, self.y1 * k)


def union(boxes: Iterable[Box]) -> Box:
    boxes = list(boxes)
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.x1 for b in boxes), max(b.y1 for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Slot:
    """One piece placed on a page: its cut box, the bleed on each side (0 where a neighbour of the
    same colour shares the cut line, half the gutter between different pieces, BLEED outside), its
    shelf and place in the shelf, the quarter turns of the face (0, 90, 180, 270 degrees, counter-
    clockwise) and whether it shows the piece's back."""

    box: Box
    piece: Any  # a cards.Piece
    col: int
    row: int
    bleeds: tuple[float, float, float, float]  # left, bottom, right, top
    turn: int = 0
    back: bool = False

    @property
    def outer(self) -> tuple[bool, bool, bool, bool]:
        """Sides that get a bleed (no neighbour shares their cut line)."""
        return tuple(b > 0 for b in self.bleeds)  # type: ignore[return-value]

    @property
    def face_size(self) -> tuple[float, float]:
        return self.piece.size

    def bleed_box(self, bleed: float | None = None) -> Box:
        left, bottom, right, top = self.bleeds
        if bleed is not None:  # the same sides, a given width
            left, bottom, right, top = (bleed if b > 0 else 0.0 for b in self.bleeds)
        return Box(self.box.x - left, self.box.y - bottom, self.box.w + left + right, self.box.h + bottom + top)


@dataclass
class Page:
    """A planned page of the kit. `kind`: cover, calibration, front, back, fold, sheet, board, page, blank."""

    kind: str
    title: str
    slots: list[Slot] = field(default_factory=list)
    payload: Any = None  # sheets and boards: what to draw
    offset: tuple[float, float] = (0.0, 0.0)  # back pages: printer drift correction
    section: str = ""  # what the page map calls this page
    leaf: int = 0  # a part's first page: how many pages the part fills (2: its two sides of one leaf, duplex)

    def trim_box(self, page: Box) -> Box:
        return union(s.box for s in self.slots) if self.slots else page

    def bleed_box(self, page: Box) -> Box:
        return union(s.bleed_box() for s in self.slots).clamp(page) if self.slots else page


def within_ink_edge(slot: Slot, page: Box) -> Slot:
    """The slot with each outer bleed cut short where it would reach within INK_EDGE of the paper edge
    (a piece at TRIM_EDGE keeps 1 mm of bleed there, Letter's 3x3 poker cards 1.7 mm above and below)."""
    b = slot.box
    room = (b.x - page.x - INK_EDGE, b.y - page.y - INK_EDGE, page.x1 - INK_EDGE - b.x1, page.y1 - INK_EDGE - b.y1)
    bleeds = tuple(min(side, max(0.0, r)) if side > 0 else side for side, r in zip(slot.bleeds, room))
    if bleeds == slot.bleeds:
        return slot
    return Slot(b, slot.piece, slot.col, slot.row, bleeds, slot.turn, slot.back)  # type: ignore[arg-type]


def mirror_slot(slot: Slot, page: Box, duplex: str, fold_line: float | None = None) -> Slot:
    """Where the back of `slot` goes, so it lands behind its front once printed/folded, and its turn:
    the face turns half round when the sheet flips across the piece's own horizontal axis."""
    b = slot.box
    left, bottom, right, top = slot.bleeds
    across_vertical_page_axis = duplex in ("long", "none")
    if across_vertical_page_axis:
        box = Box(page.w - b.x - b.w, b.y, b.w, b.h)
        bleeds = (right, bottom, left, top)
    elif duplex in ("short", "fold"):
        axis = page.h / 2 if duplex == "short" else fold_line
        assert axis is not None
        box = Box(b.x, 2 * axis - b.y - b.h, b.w, b.h)
        bleeds = (left, top, right, bottom)
    else:
        raise UsageError(f"unknown duplex mode {duplex!r}")
    quarter = slot.turn in (90, 270)
    half = quarter == across_vertical_page_axis  # the flip axis is the piece's horizontal one
    turn = (slot.turn + (180 if half else 0)) % 360
    return Slot(box, slot.piece, slot.col, slot.row, bleeds, turn, back=True)


def cut_lines(slots: list[Slot]) -> tuple[dict[float, tuple[float, float]], dict[float, tuple[float, float]]]:
    """Vertical cut lines {x: (ymin, ymax)} and horizontal ones {y: (xmin, xmax)} of a set of slots."""
    vert: dict[float, tuple[float, float]] = {}
    horiz: dict[float, tuple[float, float]] = {}
    for s in slots:
        b = s.box
        for x in (round(b.x, 4), round(b.x1, 4)):
            lo, hi = vert.get(x, (b.y, b.y1))
            vert[x] = (min(lo, b.y), max(hi, b.y1))
        for y in (round(b.y, 4), round(b.y1, 4)):
            lo, hi = horiz.get(y, (b.x, b.x1))
            horiz[y] = (min(lo, b.x), max(hi, b.x1))
    return vert, horiz


MARK_GAP = 0.5  # a crop mark starts this far beyond the bleed edge (print-shop offset)
MARK_LENGTH = 5.0
MARK_MIN = 2.5  # an outside-the-bleed mark needs this much length inside the printable area
MARK_IN_BLEED = 0.5  # a mark in the bleed starts this far outside the cut line (Letter: 1.1 mm of mark above and below the cards, between it and 6 mm from the edge)
MARK_STROKE = 0.2  # a crop mark's line width: its ink reaches half of it beyond the mark's ends
FOLD_STROKE = 0.3  # the fold line's width (fold mode)


def crop_marks(slots: list[Slot], page: Box, length: float = MARK_LENGTH) -> list[tuple[float, float, float, float]]:
    """Short lines continuing every cut line outside the block, never on a piece.

    Print-shop practice puts crop marks outside the bleed (offset >= bleed) so they cannot show on a
    piece after a slightly-off cut, and inside the printable area (EDGE from the paper edge), since a
    mark the printer clips is no mark. Where the margin beyond the bleed is too narrow for a readable
    mark (US Letter above and below a 3x3 block of poker cards: 4.7 mm from bleed to paper edge), the
    mark is drawn in the bleed instead, from just outside the cut line to the printable limit: the
    bleed is trimmed off with the mark, and a cut that misses the line by less than MARK_IN_BLEED mm
    still leaves no ink on the piece. Marks stop EDGE mm before the paper edge (the page label and the
    printer's unprintable margin live there), and any mark that would touch a piece is dropped.
    """
    vert, horiz = cut_lines(slots)
    marks: list[tuple[float, float, float, float]] = []

    def span(trim: float, outward: int, limit: float) -> tuple[float, float] | None:
        """From the cut edge `trim`, going in direction `outward` (+1/-1) towards the printable
        limit: where the mark starts and ends (as coordinates), or None if there is no room."""
        room = (limit - trim) * outward  # cut edge to printable limit
        if room >= BLEED + MARK_GAP + MARK_MIN:
            a = BLEED + MARK_GAP
            b = min(room, a + length)
        else:
            a = MARK_IN_BLEED
            b = min(room, a + length)
        if b - a < 1.0:
            return None
        return trim + outward * a, trim + outward * b

    keep = EDGE + MARK_STROKE / 2  # the mark's ink, its line's width included, stays EDGE from the paper edge
    lo_y, hi_y = page.y + keep, page.y1 - keep
    lo_x, hi_x = page.x + keep, page.x1 - keep
    for x, (lo, hi) in sorted(vert.items()):
        for trim, out, limit in ((lo, -1, lo_y), (hi, 1, hi_y)):
            sp = span(trim, out, limit)
            if sp:
                marks.append((x, min(sp), x, max(sp)))
    for y, (lo, hi) in sorted(horiz.items()):
        for trim, out, limit in ((lo, -1, lo_x), (hi, 1, hi_x)):
            sp = span(trim, out, limit)
            if sp:
                marks.append((min(sp), y, max(sp), y))
    return [m for m in marks if not any(_touches(m, s.box) for s in slots)]


def _touches(mark: tuple[float, float, float, float], box: Box, tol: float = 0.3) -> bool:
    """Does the mark segment come within `tol` mm of the piece's cut box?"""
    x0, y0, x1, y1 = mark
    return (
        min(x0, x1) < box.x1 + tol
        and max(x0, x1) > box.x - tol
        and min(y0, y1) < box.y1 + tol
        and max(y0, y1) > box.y - tol
    )


def parse_offset(text: str | tuple[float, float] | None) -> tuple[float, float]:
    """'X,Y' in millimetres (each within +-20) -> (x, y)."""
    if text is None:
        return (0.0, 0.0)
    if isinstance(text, tuple):
        parts = list(text)
    else:
        parts = [p.strip() for p in str(text).split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except (TypeError, ValueError):
        raise UsageError(f"bad back offset {text!r}; expected 'X,Y' in millimetres, e.g. '0.5,-1'") from None
    if not (abs(x) <= 20 and abs(y) <= 20) or x != x or y != y:
        raise UsageError(f"bad back offset {text!r}; each value must be within -20..20 mm")
    return (x, y)
