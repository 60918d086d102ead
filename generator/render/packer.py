"""Packing pieces of any sizes onto pages: fewer sheets, every layout still cut with straight cuts.

A *kind* is a piece size (as laid, a quarter turn counts) with the colours at its edges (front and back
bleed). Pieces of one kind may share cut lines; pieces of different kinds keep a GUTTER between them, so
a cut in the middle of it leaves each piece its own bleed. The packer lays *blocks* (a grid of one kind,
sharing its inner cut lines) into the free rectangles of the page and splits what is left with a
straight cut (a guillotine packer): any layout can be cut apart with a craft knife and a ruler, one cut
right across a piece of paper at a time.

Several simple rules (which kind first, how to split what is left, rows or columns first) each make a
layout; per page the packer keeps the one that places the most paper. (Over the three kits, on every
paper and duplex mode, no single rule kept for a whole run ever needed fewer pages.) All of it
deterministic: same pieces, same pages. `impose` makes the pages: fronts, and their backs as the duplex
mode wants them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..errors import UsageError
from .geometry import (
    BLEED, CARD, EPS, FOLD_GAP, GUTTER, LABEL_BAND, TRIM_EDGE, Box, Page, Slot, check_duplex, mirror_slot, paper_size,
    within_ink_edge,
)


def turned(size: tuple[float, float], turn: int) -> tuple[float, float]:
    return (size[1], size[0]) if turn in (90, 270) else size


def best_turn(size: tuple[float, float], area: Box) -> int:
    """0, or 90 when a quarter turn fits more of this size in the area (fold mode: 2x2 cards per half)."""

    def count(w: float, h: float) -> int:
        return int((area.w + EPS) // w) * int((area.h + EPS) // h)

    return 90 if count(size[1], size[0]) > count(*size) else 0


def _bg(face: Any) -> Any:
    return face.bg if face is not None else None


def edge_colours(piece: Any) -> tuple[Any, Any]:
    """The colours at a piece's cut line, front and back: two pieces may share a cut line only where
    both sides match (printer drift shows the neighbour's bleed on either face)."""
    return (_bg(getattr(piece, "front", None)), _bg(getattr(piece, "back", None)))


def same_kind(a: Any, b: Any) -> bool:
    """Can these two pieces share a cut line? Same size and the same colours at the edge."""
    return a.size == b.size and edge_colours(a) == edge_colours(b)


@dataclass(frozen=True)
class _Rule:
    order: str  # "area": the biggest piece first; "height": the tallest first
    split: str  # "area": keep the larger leftover whole; "rows": cut across below; "columns": cut down beside
    shape: str  # "rows" or "columns": a block of a kind takes whole rows first, or whole columns


RULES = tuple(_Rule(o, s, sh) for o in ("area", "height") for s in ("area", "rows", "columns") for sh in ("rows", "columns"))


@dataclass
class _Kind:
    size: tuple[float, float]
    pieces: list[Any]
    turns: tuple[int, ...]
    first: int  # order of first appearance


def _kinds(pieces: list[Any], turns_of) -> list[_Kind]:
    out: dict[tuple, _Kind] = {}
    for i, p in enumerate(pieces):
        key = (p.size, edge_colours(p), turns_of(p))
        if key not in out:
            out[key] = _Kind(p.size, [], turns_of(p), i)
        out[key].pieces.append(p)
    return list(out.values())


def _blocks(kind: _Kind, n: int, free: Box, shape: str) -> Iterable[tuple[int, int, int, float, float]]:
    """(turn, rows, columns, w, h) of the full blocks of this kind that fit `free`, preferred shape first."""
    for turn in kind.turns:
        w, h = turned(kind.size, turn)
        cols_max = int((free.w + EPS) // w)
        rows_max = int((free.h + EPS) // h)
        if not cols_max or not rows_max:
            continue
        c = min(cols_max, n)
        by_rows = (min(rows_max, n // c), c)
        r = min(rows_max, n)
        by_cols = (r, min(cols_max, n // r))
        for rows, cols in ((by_rows, by_cols) if shape == "rows" else (by_cols, by_rows)):
            yield turn, rows, cols, w, h


def _split(free: Box, bw: float, bh: float, rule: str) -> list[Box]:
    """What is left of `free` once a bw x bh block sits in its top-left corner, a gutter away."""
    right_w = free.w - bw - GUTTER
    below_h = free.h - bh - GUTTER
    across = [Box(free.x + bw + GUTTER, free.y1 - bh, right_w, bh), Box(free.x, free.y, free.w, below_h)]
    down = [Box(free.x + bw + GUTTER, free.y, right_w, free.h), Box(free.x, free.y, bw, below_h)]
    if rule == "rows":
        parts = across
    elif rule == "columns":
        parts = down
    else:
        def biggest(bs: list[Box]) -> float:
            return max((b.w * b.h for b in bs if b.w > EPS and b.h > EPS), default=0.0)

        parts = across if biggest(across) >= biggest(down) else down
    return [b for b in parts if b.w > EPS and b.h > EPS]


def _page(kinds: list[_Kind], left: list[int], area: Box, rule: _Rule) -> tuple[list[tuple[Box, Any, int]], list[int]]:
    """One page by one rule: the placed (box, piece, turn) and how many of each kind are left."""
    left = list(left)
    free = [area]
    placed: list[tuple[Box, Any, int]] = []

    def priority(k: int) -> tuple:
        w, h = kinds[k].size
        first = (w * h, max(w, h)) if rule.order == "area" else (max(w, h) if kinds[k].turns != (0,) else h, w * h)
        return (first, -kinds[k].first)

    order = sorted((k for k in range(len(kinds))), key=priority, reverse=True)
    while True:
        best = None
        for k in order:
            n = left[k]
            if not n:
                continue
            for fi, fr in enumerate(free):
                for turn, rows, cols, w, h in _blocks(kinds[k], n, fr, rule.shape):
                    count = rows * cols
                    waste = fr.w * fr.h - count * w * h
                    key = (count, -waste, -fi)
                    if best is None or key > best[0]:
                        best = (key, k, fi, turn, rows, cols, w, h)
                    break  # the preferred shape of this turn
            if best is not None:
                break  # the first kind (in priority) that fits anywhere
        if best is None:
            break
        _, k, fi, turn, rows, cols, w, h = best
        fr = free.pop(fi)
        start = len(kinds[k].pieces) - left[k]
        for i in range(rows * cols):
            r, c = divmod(i, cols)
            placed.append((Box(fr.x + c * w, fr.y1 - (r + 1) * h, w, h), kinds[k].pieces[start + i], turn))
        left[k] -= rows * cols
        free.extend(_split(fr, cols * w, rows * h, rule.split))
        free.sort(key=lambda b: (-b.y1, b.x))
    return placed, left


def _run(kinds: list[_Kind], area: Box, rules: tuple[_Rule, ...]) -> list[list[tuple[Box, Any, int]]]:
    """Pages until every piece is placed: per page the rule that places the most paper."""
    left = [len(k.pieces) for k in kinds]
    pages = []
    while any(left):
        best = None
        for rule in rules:
            placed, rest = _page(kinds, left, area, rule)
            paper = sum(b.w * b.h for b, _, _ in placed)
            if best is None or paper > best[0] + EPS:
                best = (paper, placed, rest)
        if not best[1]:
            k = next(i for i, n in enumerate(left) if n)
            w, h = kinds[k].size
            raise UsageError(f"a {w:g}x{h:g} mm piece ({kinds[k].pieces[0].name}) does not fit on this paper")
        pages.append(best[1])
        left = best[2]
    return pages


def layouts(pieces: list[Any], area: Box, turns: bool = False) -> list[list[tuple[Box, Any, int]]]:
    """Pages of (cut box, piece, turn) for `pieces`. `turns`: one fixed turn per size, whichever fits
    more of it (fold mode); otherwise each block may lie either way."""
    if not pieces:
        return []

    def turns_of(p: Any) -> tuple[int, ...]:
        if turns:
            return (best_turn(p.size, area),)
        return (0,) if p.size[0] == p.size[1] else (0, 90)

    return _run(_kinds(pieces, turns_of), area, RULES)


def bleeds(boxes: list[tuple[Box, Any]]) -> list[tuple[float, float, float, float]]:
    """Per side: 0 where a neighbour shares the cut line, else BLEED or half the distance to the
    nearest piece facing that side."""
    out = []
    reach = 2 * BLEED  # a piece farther than this leaves the full bleed
    for k, (b, piece) in enumerate(boxes):
        near = [o for j, (o, _) in enumerate(boxes) if j != k and o.x < b.x1 + reach and o.x1 > b.x - reach
                and o.y < b.y1 + reach and o.y1 > b.y - reach]
        sides = []
        for side in range(4):  # left, bottom, right, top
            best = BLEED
            for o in near:
                if side in (0, 2):
                    if min(b.y1, o.y1) - max(b.y, o.y) <= EPS:
                        continue
                    d = b.x - o.x1 if side == 0 else o.x - b.x1
                else:
                    if min(b.x1, o.x1) - max(b.x, o.x) <= EPS:
                        continue
                    d = b.y - o.y1 if side == 1 else o.y - b.y1
                if d < -EPS:
                    continue
                best = 0.0 if d <= EPS else min(best, d / 2)
            sides.append(best)
        out.append(tuple(sides))
    return out


def pack(pieces: list[Any], area: Box, turns: bool = False, page: Box | None = None) -> list[list[Slot]]:
    """Pages of front slots for `pieces` (any mix of sizes and colours), centred in `area`, which the
    pieces' outer bleed must stay inside; on the `page`, each bleed stops INK_EDGE from the paper edge."""
    inner = Box(area.x + BLEED, area.y + BLEED, area.w - 2 * BLEED, area.h - 2 * BLEED)
    pages = []
    for placed in layouts(pieces, inner, turns):
        x0, x1 = min(b.x for b, _, _ in placed), max(b.x1 for b, _, _ in placed)
        y0, y1 = min(b.y for b, _, _ in placed), max(b.y1 for b, _, _ in placed)
        dx = inner.x + inner.w / 2 - (x0 + x1) / 2
        dy = inner.y + inner.h / 2 - (y0 + y1) / 2
        moved = [(Box(b.x + dx, b.y + dy, b.w, b.h), p) for b, p, _ in placed]
        tops = sorted({round(b.y1, 3) for b, _ in moved}, reverse=True)  # row 0 at the top
        slots: list[Slot] = []
        for (b, p), bl, (_, _, turn) in zip(moved, bleeds(moved), placed):
            row = tops.index(round(b.y1, 3))
            col = sum(1 for o, _ in moved if round(o.y1, 3) == round(b.y1, 3) and o.x < b.x - EPS)
            slot = Slot(b, p, col, row, bl, turn)
            slots.append(within_ink_edge(slot, page) if page is not None else slot)
        pages.append(slots)
    return pages


def impose(
    pieces: list[Any],
    paper: str,
    duplex: str,
    back_offset: tuple[float, float] = (0.0, 0.0),
    title: str = "",
) -> list[Page]:
    """Pages for pieces of any sizes: fronts and, per duplex mode, their backs right after them.

    Each piece must have `.size` (w, h mm), `.back` (None: plain), `.informative_back` (bool) and
    `.front.bg` (its bleed colour). Fold mode packs the pieces with backs into the top half of the
    sheet (a quarter turn where that fits more: 2x2 poker cards) and pieces without backs on whole
    pages.
    """
    if not pieces:
        return []
    check_duplex(duplex)
    W, H = paper_size(paper)
    page = Box(0, 0, W, H)
    # the page label needs a band clear of pieces: at the top where the paper is tall enough for three
    # rows of poker cards and the band (A4), else down the left side (Letter)
    m = TRIM_EDGE - BLEED
    if H - 2 * m - LABEL_BAND >= 3 * CARD[1] + 2 * BLEED + 2 * GUTTER:
        full = Box(m, m, W - 2 * m, H - 2 * m - LABEL_BAND)
    else:
        full = Box(m + LABEL_BAND, m, W - 2 * m - LABEL_BAND, H - 2 * m)
    pages: list[Page] = []
    n = 0

    def label() -> str:
        return f"{title} {n}" if title else ""

    if duplex == "fold":
        folded = [p for p in pieces if p.back is not None]
        flat = [p for p in pieces if p.back is None]
        fold = H / 2
        half = Box(full.x, fold + FOLD_GAP - BLEED, full.w, full.y1 - (fold + FOLD_GAP - BLEED))
        for slots in pack(folded, half, turns=True, page=page):
            n += 1
            backs = [mirror_slot(s, page, "fold", fold) for s in slots]
            pages.append(Page("fold", label(), slots + backs))
        for slots in pack(flat, full, page=page):
            n += 1
            pages.append(Page("front", label(), slots))
        return pages
    for slots in pack(pieces, full, page=page):
        n += 1
        pages.append(Page("front", label(), slots))
        with_back = [s for s in slots if s.piece.back is not None and (duplex != "none" or s.piece.informative_back)]
        if with_back:
            backs = [mirror_slot(s, page, duplex) for s in with_back]
            pages.append(Page("back", label() + " (backs)", backs, offset=back_offset))
    return pages
