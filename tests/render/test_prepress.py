"""Prepress that works at home (issue 38): no ink within 6 mm of the paper edge on any page of any kit
(A4 and Letter, every duplex mode, every language), crop marks never run through a page's label, a
board tile's page number never prints over the small map of the tiling, a title that wraps keeps the
title face, and the README's sheet counts are the kits' own.

Ink is measured two ways: every primitive a page draws is followed through the painter's moves and
turns to the page (exact, and it needs nothing outside Python), and, where poppler's pdftoppm is
installed, the built PDFs are rasterised and their non-white pixels measured.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from generator.render import boards as boards_mod
from generator.render import kit as kitmod
from generator.render import sheets
from generator.render.geometry import INK_EDGE, PAPERS, Box, crop_marks
from generator.render.painter import PT, PdfPainter, fonts_for
from tests.support import builds

GAMES = ["longhorn", "colt_express", "way_out_west"]
MODES = ["long", "short", "fold", "none"]
LANGS = ["en", "es", "ja"]
README = Path(__file__).resolve().parents[2] / "README.md"
TOL = 1e-6


class InkBounds(PdfPainter):
    """Draws the page as usual and keeps the box of every mark that is not white, in page millimetres:
    moves and quarter turns are followed, and a clip (a board tile's window) trims what it holds."""

    def __init__(self, canvas, low_ink=False, fonts=None):
        super().__init__(canvas, low_ink, **({"fonts": fonts} if fonts else {}))
        self.frames: list[tuple[tuple[float, ...], Box | None]] = [((1.0, 0.0, 0.0, 1.0, 0.0, 0.0), None)]
        self.boxes: list[tuple[Box, str]] = []

    # the current transform (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f
    def _map(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.frames[-1][0]
        return a * x + c * y + e, b * x + d * y + f

    def _mark(self, pts, pad: float, colours, what: str) -> None:
        if all(col is None or tuple(col) == (1.0, 1.0, 1.0) for col in colours):
            return  # white paints no ink
        mapped = [self._map(x, y) for x, y in pts]
        xs, ys = [p[0] for p in mapped], [p[1] for p in mapped]
        box = Box(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)
        clip = self.frames[-1][1]
        if clip is not None:
            x0, y0 = max(box.x, clip.x), max(box.y, clip.y)
            x1, y1 = min(box.x1, clip.x1), min(box.y1, clip.y1)
            if x1 <= x0 or y1 <= y0:
                return
            box = Box(x0, y0, x1 - x0, y1 - y0)
        self.boxes.append((box, what))

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, r=0.0):
        pad = width / 2 if self._ink(stroke) is not None else 0.0
        self._mark([(x, y), (x + w, y), (x, y + h), (x + w, y + h)], pad, (self._fill(fill), self._ink(stroke)), "rect")
        super().rect(x, y, w, h, fill, stroke, width, r)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        pad = width / 2 if self._ink(stroke) is not None else 0.0
        self._mark([(cx - r, cy - r), (cx + r, cy + r), (cx - r, cy + r), (cx + r, cy - r)], pad,
                   (self._fill(fill), self._ink(stroke)), "circle")
        super().circle(cx, cy, r, fill, stroke, width)

    def poly(self, pts, fill=None, stroke=None, width=0.3, close=True):
        pad = width / 2 if self._ink(stroke) is not None else 0.0
        self._mark(list(pts), pad, (self._fill(fill) if close else None, self._ink(stroke)), "line")
        super().poly(pts, fill, stroke, width, close)

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        w = self.fonts.width(s, size, bold, italic, display)
        x0 = {"l": x, "c": x - w / 2, "r": x - w}[anchor]
        self._mark([(x0, y - 0.25 * size * PT), (x0 + w, y + 0.95 * size * PT)], 0.0, (self._ink(color),), f"text {s!r}")
        super().text(x, y, s, size, color, bold, italic, anchor, display)

    def push(self, dx=0.0, dy=0.0, rotate180_size=None, turn=0, box=None):
        m, clip = self.frames[-1]
        a, b, c, d, e, f = m
        e, f = a * dx + c * dy + e, b * dx + d * dy + f  # translate
        if rotate180_size is not None:
            turn, box = 180, rotate180_size
        if turn:
            w, h = box
            sx, sy = {90: (w, 0.0), 180: (w, h), 270: (0.0, h)}[turn]
            e, f = a * sx + c * sy + e, b * sx + d * sy + f
            cos, sin = round(math.cos(math.radians(turn))), round(math.sin(math.radians(turn)))
            a, b, c, d = a * cos + c * sin, b * cos + d * sin, -a * sin + c * cos, -b * sin + d * cos
        self.frames.append(((a, b, c, d, e, f), clip))
        super().push(dx, dy, rotate180_size, turn, box)

    def pop(self):
        self.frames.pop()
        super().pop()

    def clip_rect(self, x, y, w, h):
        m, clip = self.frames[-1]
        pts = [self._map(x, y), self._map(x + w, y + h)]
        box = Box(min(p[0] for p in pts), min(p[1] for p in pts), abs(pts[1][0] - pts[0][0]), abs(pts[1][1] - pts[0][1]))
        self.frames[-1] = (m, box)
        super().clip_rect(x, y, w, h)


class BlankCanvas:
    """A canvas that writes nothing: the ink is measured from the painter's own calls (InkBounds), so the
    PDF operators a reportlab canvas would format (most of the time, in pure Python) are not needed."""

    def __getattr__(self, name):
        return self._nothing

    def _nothing(self, *args, **kwargs):
        return self  # (a path or a text object the painter goes on drawing into)


def _page_ink(kp, page, n: int, canvas=None) -> list[tuple[Box, str]]:
    c = canvas if canvas is not None else BlankCanvas()
    p = InkBounds(c, kp.low_ink, fonts_for(kp.lang))
    kitmod._draw_page(c, p, kp, page, n, len(kp.pages))
    return p.boxes


def _too_close(kp) -> list[str]:
    W, H = kp.size
    bad = []
    for n, page in enumerate(kp.pages, 1):
        for box, what in _page_ink(kp, page, n):
            edge = min(box.x, box.y, W - box.x1, H - box.y1)
            if edge < INK_EDGE - TOL:
                bad.append(f"page {n} ({page.kind} {page.title}): {what} {edge:.2f} mm from the edge")
    return bad


@pytest.mark.fast_case(duplex='long', paper='a4')
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("duplex", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_no_ink_within_6_mm_of_the_paper_edge(planned, game, duplex, paper):
    bad = _too_close(planned(game, paper, duplex))
    assert not bad, "\n".join(bad[:10])


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("lang", ["es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_no_ink_within_6_mm_of_the_paper_edge_in_every_language(planned, game, lang):
    for paper in PAPERS:
        bad = _too_close(planned(game, paper, "long", lang))
        assert not bad, "\n".join(bad[:10])


def test_low_ink_keeps_the_5_mm_too():
    bad = _too_close(kitmod.plan("way_out_west", "letter", "long", low_ink=True))
    assert not bad, "\n".join(bad[:10])


def test_the_bleed_stops_5_mm_from_the_paper_edge_and_the_pdf_says_so():
    """Pieces at the 7 mm trim edge keep 2 mm of bleed on that side (Letter's poker cards 2.7 mm above
    and below); everywhere else the bleed is the full 3 mm."""
    kp = kitmod.plan("colt_express", "letter", "long")
    W, H = kp.size
    slots = [s for pg in kp.pages for s in pg.slots]
    assert slots
    for s in slots:
        bb = s.bleed_box()
        assert min(bb.x, bb.y, W - bb.x1, H - bb.y1) >= INK_EDGE - TOL, s.piece.name
    assert any(b == pytest.approx(3.0) for s in slots for b in s.bleeds)
    assert any(0 < b < 3.0 for s in slots for b in s.bleeds)


PDFTOPPM = shutil.which("pdftoppm")


@pytest.mark.fast_case(paper='a4')
@pytest.mark.skipif(PDFTOPPM is None, reason="poppler's pdftoppm is not installed")
@pytest.mark.parametrize("paper", list(PAPERS))
def test_rasterised_kits_have_no_ink_within_6_mm_of_the_paper_edge(paper, tmp_path):
    dpi = 60
    for game in GAMES:  # the bytes `saloon build GAME --paper P` writes, built once for the render tests
        pdf = builds.write(builds.kit_pdf(game, paper), tmp_path / kitmod.kit_filename(game, paper, "long", False))
        subprocess.run([PDFTOPPM, "-r", str(dpi), "-gray", str(pdf), str(tmp_path / game)], check=True)
        for png in sorted(tmp_path.glob(f"{game}*.pgm")):
            img = Image.open(png).point(lambda v: 255 if v >= 250 else 0)
            box = img.point(lambda v: 255 - v).getbbox()  # the non-white pixels
            if box is None:
                continue
            x0, y0, x1, y1 = box
            edge_px = min(x0, y0, img.width - x1, img.height - y1)
            # a pixel is 0.42 mm at 60 dpi: the ink may start anywhere inside the first one touched
            assert edge_px * 25.4 / dpi >= INK_EDGE - 25.4 / dpi, (png.name, edge_px * 25.4 / dpi)


# --- labels and marks ----------------------------------------------------------------------------


def _label_hits(kp) -> list[str]:
    W, H = kp.size
    fonts = fonts_for(kp.lang)
    bad = []
    for n, page in enumerate(kp.pages, 1):
        if not page.slots:
            continue
        label, spot, centre, box = kitmod.label_place(page, W, H, kitmod.page_labels(page, n, len(kp.pages), kp.lang), fonts)
        dx, dy = page.offset if page.kind == "back" else (0.0, 0.0)
        b = box.grow(0.3)
        for x0, y0, x1, y1 in crop_marks(page.slots, Box(0, 0, W, H)):
            x0, x1, y0, y1 = x0 + dx, x1 + dx, y0 + dy, y1 + dy
            if min(x0, x1) < b.x1 and max(x0, x1) > b.x and min(y0, y1) < b.y1 and max(y0, y1) > b.y:
                bad.append(f"page {n} {page.title!r}: a crop mark at {x0:.1f},{y0:.1f} crosses {label!r}")
                break
    return bad


@pytest.mark.fast_case(lang='en')
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_crop_marks_never_run_through_a_page_label(planned, game, lang):
    for paper in PAPERS:
        for duplex in MODES:
            bad = _label_hits(planned(game, paper, duplex, lang))
            assert not bad, "\n".join(bad[:5])


def test_a_label_between_marks_moves_aside_or_keeps_only_the_page_number():
    """Way Out West's two columns of player aids put a cut line at the middle of the page: the label
    goes beside it; where no gap between the marks holds the whole label, the page number alone."""
    kp = kitmod.plan("way_out_west", "a4", "long")
    W, H = kp.size
    seen = set()
    for n, page in enumerate(kp.pages, 1):
        if page.slots:
            labels = kitmod.page_labels(page, n, len(kp.pages), "en")
            label, spot, centre, box = kitmod.label_place(page, W, H, labels)
            seen.add(("moved" if abs(centre - (W / 2 if spot in ("top", "bottom") else H / 2)) > 0.1 else "centred",
                      "short" if label != labels[0] else "whole"))
            assert label.endswith(f"{n}/{len(kp.pages)}")
    assert ("centred", "whole") in seen and ("moved", "whole") in seen


@pytest.mark.parametrize("lang", LANGS)
def test_a_board_tiles_page_number_never_prints_over_the_tiling_map(lang):
    kp = kitmod.plan("way_out_west", "a4", "long", lang=lang)
    tiles = [(n, pg) for n, pg in enumerate(kp.pages, 1) if pg.kind == "board"]
    assert tiles
    for n, page in tiles:
        m = boards_mod.map_box(page.payload)
        texts = [(b, w) for b, w in _page_ink(kp, page, n) if w.startswith("text") and b.y1 < m.y1 + 1.0]
        assert len(texts) == 2, texts  # the tile's label and the page number
        for b, w in texts:
            assert b.x1 <= m.x - 0.5 or b.x >= m.x1 + 0.5, (n, w, b, m)
        (a, _), (b, _) = texts
        assert a.x1 <= b.x or b.x1 <= a.x, texts


# --- titles --------------------------------------------------------------------------------------


def _title_ops(units):
    return [op for u in units for op in u.ops if op[0] == "text"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_title_that_wraps_keeps_the_title_face(lang):
    fonts = fonts_for(lang)
    title = {"en": "Way Out West: a title much longer than any column of the sheet it heads",
             "es": "Way Out West: un título mucho más largo que cualquier columna de la hoja",
             "ja": "Way Out West：どの段よりもずっと長い見出しの文字列をここに書く"}[lang]
    units = sheets.layout_units(fonts, "test", sheets.parse(f"# {title}\n\nBody."), 60.0)
    heads = [op for op in _title_ops(units) if op[4] > 10]
    assert len(heads) >= 2
    assert all(len(op) == 8 and op[7] is True for op in heads), heads  # the display flag on every line
    assert "".join(op[3] for op in heads).replace(" ", "") == title.replace(" ", "")
    # after the title's colon, where both halves fit
    short = sheets.layout_units(fonts, "test", sheets.parse(f"# {title.split(':')[0].split('：')[0]}: print-and-play kit"), 62.0)
    lines = [op[3] for op in _title_ops(short)]
    assert len(lines) == 2 and lines[0].endswith(":"), lines


def test_every_title_in_the_kits_prints_in_the_title_face(planned, monkeypatch):
    """No heading of a sheet falls back to the body face, whether it fits one line or wraps."""
    drawn = []
    real = sheets.draw_placed

    def spy(p, placed, color=sheets.INK):
        for _, _, u in placed:
            drawn.extend(op for op in u.ops if op[0] == "text")
        return real(p, placed, color)

    monkeypatch.setattr(sheets, "draw_placed", spy)
    for lang in LANGS:
        for game in GAMES:
            kp = planned(game, "a4", "long", lang)  # (planning draws nothing: the spy sees the drawing only)
            for n, page in enumerate(kp.pages, 1):
                if page.kind in ("cover", "calibration", "sheet"):
                    _page_ink(kp, page, n)
    big = [op for op in drawn if op[4] >= 12.0]  # the H1 size at any body size
    assert big and all(len(op) == 8 and op[7] for op in big), [op[3] for op in big if not (len(op) == 8 and op[7])][:5]


# --- the README's sheet counts ------------------------------------------------------------------


def test_the_readmes_sheet_counts_are_the_kits_own(monkeypatch):
    """'The three kits take N sheets of A4 printed long-edge, before the solo pages (Longhorn a, Colt
    Express b, Way Out West c; ...), M of US Letter.'"""
    text = " ".join(README.read_text(encoding="utf-8").split())
    m = re.search(r"The three kits take (\d+) sheets of A4 printed long-edge, before the solo pages "
                  r"\(Longhorn (\d+), Colt Express (\d+), Way Out West (\d+);[^)]*\), (\d+) of US Letter", text)
    assert m, "the README's print section no longer states the sheet counts"
    a4_total, lh, ce, wow, letter_total = map(int, m.groups())
    monkeypatch.setattr(kitmod, "solo_parts", lambda *a, **k: [])
    a4 = {g: kitmod.plan(g, "a4", "long").sheets for g in GAMES}
    letter = {g: kitmod.plan(g, "letter", "long").sheets for g in GAMES}
    assert (lh, ce, wow) == (a4["longhorn"], a4["colt_express"], a4["way_out_west"]), a4
    assert a4_total == sum(a4.values())
    assert letter_total == sum(letter.values()), letter
