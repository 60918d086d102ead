"""One small drawing vocabulary, two backends: a reportlab canvas (PDF) and a pillow image (PNG).

Every face of every component is drawn through a `Painter` in millimetres with the origin at the
bottom-left of the face, so the kit PDF and the 300 dpi PNG export come from the same drawing code
(reportlab's own bitmap renderer needs rlPyCairo, which does not ship; pillow does). Body text uses the
Bitstream Vera TTFs that ship inside reportlab (highly legible at small sizes, Latin-1 so Spanish
accents, ñ, ¿ and ¡ are all there), titles the OFL display face Alfa Slab One (package
fontpkg-alfa-slab-one): embedded as subsets in the PDF, loaded by pillow for PNGs, so both measure and
look the same.

Japanese (`fonts_for("ja")`, the painter's `fonts`) sets every text in IPAex Gothic, a TrueType (glyf) font under the IPA Font
License v1.0, which allows embedding in documents and printing them (Article 2.2, 2.3 and 2.5), shipped
by the `matplotlib-fontja` package (the `ja` extra). reportlab embeds only TrueType outlines, so the
CFF-based Noto Sans CJK packages would need converting, and reportlab's built-in CID fonts are not
embedded at all (print shops reject that). IPAex Gothic has one weight: bold is drawn as fill plus a
thin outline of the same colour (the advance widths do not change, so measuring stays exact); Japanese
sets no italics, so italic runs are upright. A title stays in the display face when the face has every
glyph of it (a Latin game title), else it is IPAex Gothic in that faux bold.

Every string drawn or measured is checked against its font's character map: a glyph the font lacks is
a RenderError naming the character, never a blank box in print.

Low-ink mode is a painter property: fills are washed towards white, strokes and text stay dark.
Light strokes and text (chosen to read on a full-strength fill: white titles on a coloured banner,
a white symbol on a black token) would vanish on the washed fill, so in low-ink mode they print in
dark ink instead.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

import reportlab
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..errors import RenderError, UsageError
from ..words.text import LANGUAGES, check_language  # noqa: F401 (re-exported for the renderers)

Color = tuple[float, float, float]
Point = tuple[float, float]

PT = 25.4 / 72.0  # one point in millimetres

_FONT_DIR = os.path.join(os.path.dirname(reportlab.__file__), "fonts")

CJK_LANGUAGES = ("ja",)
JA_PACKAGE = "matplotlib_fontja"  # IPAex Gothic 004.01 (IPA Font License v1.0), the `ja` extra
FAUX_BOLD = 0.035  # outline width of faux bold, in em


def _display_font() -> str:
    """Alfa Slab One (SIL Open Font License 1.1), from the `fontpkg-alfa-slab-one` package: a heavy
    slab serif in the wood-type style of western posters, for titles only."""
    import fontpkg_alfa_slab_one

    return str(fontpkg_alfa_slab_one.ROOT / "files" / "AlfaSlabOne-Regular.ttf")


def japanese_font_file() -> str:
    """IPAex Gothic from the `matplotlib-fontja` package, found without importing it (importing would
    load matplotlib). A clear UsageError when the `ja` extra is not installed."""
    spec = importlib.util.find_spec(JA_PACKAGE)
    path = None
    if spec is not None and spec.submodule_search_locations:
        path = Path(list(spec.submodule_search_locations)[0]) / "fonts" / "ipaexg.ttf"
    if path is None or not path.is_file():
        raise UsageError("--lang ja needs the Japanese font IPAex Gothic: pip install 'saloon[ja]' "
                         "(it installs matplotlib-fontja)")
    return str(path)


FONT_FILES = {
    "Saloon": os.path.join(_FONT_DIR, "Vera.ttf"),
    "Saloon-Bold": os.path.join(_FONT_DIR, "VeraBd.ttf"),
    "Saloon-Italic": os.path.join(_FONT_DIR, "VeraIt.ttf"),
}
DISPLAY = "Saloon-Display"
CJK = "Saloon-JP"

@dataclass(frozen=True)
class Fonts:
    """The faces a language sets its text in, and their metrics: a value every painter carries and every
    layout measures with (`fonts_for(lang)`), so PDF and PNG measure alike."""

    lang: str = "en"

    @property
    def cjk(self) -> bool:
        return self.lang in CJK_LANGUAGES

    def name(self, bold: bool = False, italic: bool = False, display: bool = False, s: str | None = None) -> str:
        """The face for a string (`s` decides whether a title can stay in the display face)."""
        if self.cjk:
            if display and s is not None and not _missing(DISPLAY, s):
                return DISPLAY
            return CJK
        if display:
            return DISPLAY
        return "Saloon-Bold" if bold else ("Saloon-Italic" if italic else "Saloon")

    def width(self, s: str, size_pt: float, bold: bool = False, italic: bool = False, display: bool = False) -> float:
        """Width of `s` in millimetres."""
        register_fonts()
        return _string_width(self.name(bold, italic, display, s), s, size_pt)


def fonts_for(lang: str) -> Fonts:
    """The fonts of `lang`, registered with reportlab (Japanese needs the `ja` extra)."""
    check_language(lang)
    register_fonts()
    if lang in CJK_LANGUAGES:
        register_japanese()
    return Fonts(lang)


LATIN = Fonts("en")  # the faces of every Latin-script language


def faux_bold(name: str, bold: bool, display: bool) -> bool:
    """Bold (and titles) in the single-weight Japanese face are drawn with an outline."""
    return name == CJK and (bold or display)


def font_file(name: str) -> str:
    if name == CJK:
        return japanese_font_file()
    return _display_font() if name == DISPLAY else FONT_FILES[name]


@lru_cache(maxsize=None)
def register_fonts() -> None:
    for name in list(FONT_FILES) + [DISPLAY]:
        pdfmetrics.registerFont(TTFont(name, font_file(name)))


@lru_cache(maxsize=None)
def register_japanese() -> None:
    register_fonts()
    pdfmetrics.registerFont(TTFont(CJK, japanese_font_file()))


@lru_cache(maxsize=None)
def _cmap(name: str) -> frozenset[int]:
    register_fonts()
    if name == CJK:
        register_japanese()
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


@lru_cache(maxsize=8192)
def _missing(name: str, s: str) -> str:
    cmap = _cmap(name)
    return "".join(sorted({ch for ch in s if ord(ch) not in cmap and ch not in "\n\t"}))


@lru_cache(maxsize=1 << 16)
def _string_width(name: str, s: str, size_pt: float) -> float:
    """Width of `s` in face `name` in millimetres (a kit measures the same words at the same sizes many times
    over while it fits text: about ten calls for each distinct one)."""
    check_glyphs(name, s)
    return pdfmetrics.stringWidth(s, name, size_pt) * PT


def check_glyphs(name: str, s: str) -> None:
    """RenderError when font `name` lacks a character of `s` (it would print as an empty box)."""
    gone = _missing(name, s)
    if gone:
        shown = s if len(s) <= 50 else s[:47] + "..."
        codes = ", ".join(f"{ch!r} U+{ord(ch):04X}" for ch in gone)
        raise RenderError(f"font {name} has no glyph for {codes} in {shown!r}")


LOW_INK_WASH = 0.82
DARK: Color = (0.13, 0.11, 0.10)  # the art module's INK


def wash(c: Color, amount: float = LOW_INK_WASH) -> Color:
    """A colour mixed towards white (low-ink fills)."""
    return tuple(v + (1.0 - v) * amount for v in c)  # type: ignore[return-value]


def luminance(c: Color) -> float:
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


class Painter:
    """Drawing primitives in mm. Subclasses implement the `_`-prefixed hooks."""

    def __init__(self, low_ink: bool = False, fonts: Fonts = LATIN):
        self.low_ink = low_ink
        self.fonts = fonts

    def _fill(self, c: Color | None) -> Color | None:
        if c is None or not self.low_ink:
            return c
        return wash(c)

    def _ink(self, c: Color | None) -> Color | None:
        """Stroke/text colour: in low-ink mode every fill is pale, so light ink turns dark."""
        if c is None or not self.low_ink or luminance(c) <= 0.6:
            return c
        return DARK

    # primitives --------------------------------------------------------------------------
    def rect(self, x, y, w, h, fill: Color | None = None, stroke: Color | None = None, width=0.3, r=0.0):
        raise NotImplementedError

    def circle(self, cx, cy, r, fill: Color | None = None, stroke: Color | None = None, width=0.3):
        raise NotImplementedError

    def poly(self, pts: Sequence[Point], fill: Color | None = None, stroke: Color | None = None, width=0.3, close=True):
        raise NotImplementedError

    def line(self, pts: Sequence[Point], stroke: Color = (0, 0, 0), width=0.3, dash: tuple[float, float] | None = None):
        self.poly(pts, None, stroke, width, close=False) if dash is None else self._dashed(pts, stroke, width, dash)

    def _dashed(self, pts, stroke, width, dash):
        self.poly(pts, None, stroke, width, close=False)

    def text(self, x, y, s: str, size: float, color: Color = (0, 0, 0), bold=False, italic=False, anchor="l",
             display=False):
        """Text with its baseline at y; anchor l/c/r on x. Size in points."""
        raise NotImplementedError

    def push(self, dx: float = 0.0, dy: float = 0.0, rotate180_size: tuple[float, float] | None = None,
             turn: int = 0, box: tuple[float, float] | None = None):
        """Move the origin by (dx, dy); optionally turn the face a quarter/half turn to fill `box`.
        Pair with pop()."""
        raise NotImplementedError

    def pop(self):
        raise NotImplementedError


class PdfPainter(Painter):
    """Draws on a reportlab canvas; coordinates in mm from the current origin."""

    def __init__(self, canvas, low_ink: bool = False, fonts: Fonts = LATIN):
        super().__init__(low_ink, fonts)
        register_fonts()
        self.c = canvas

    def _style(self, fill, stroke, width):
        c = self.c
        fill = self._fill(fill)
        if fill is not None:
            c.setFillColorRGB(*fill)
        stroke = self._ink(stroke)
        if stroke is not None:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(width * mm)
        return int(fill is not None), int(stroke is not None)

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, r=0.0):
        f, s = self._style(fill, stroke, width)
        if r > 0:
            self.c.roundRect(x * mm, y * mm, w * mm, h * mm, r * mm, stroke=s, fill=f)
        else:
            self.c.rect(x * mm, y * mm, w * mm, h * mm, stroke=s, fill=f)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        f, s = self._style(fill, stroke, width)
        self.c.circle(cx * mm, cy * mm, r * mm, stroke=s, fill=f)

    def poly(self, pts, fill=None, stroke=None, width=0.3, close=True):
        f, s = self._style(fill, stroke, width)
        path = self.c.beginPath()
        path.moveTo(pts[0][0] * mm, pts[0][1] * mm)
        for x, y in pts[1:]:
            path.lineTo(x * mm, y * mm)
        if close:
            path.close()
        self.c.drawPath(path, stroke=s, fill=f if close else 0)

    def _dashed(self, pts, stroke, width, dash):
        self.c.saveState()
        self.c.setDash(dash[0] * mm, dash[1] * mm)
        self.poly(pts, None, stroke, width, close=False)
        self.c.restoreState()

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        c = self.c
        ink = self._ink(color)
        name = self.fonts.name(bold, italic, display, s)
        check_glyphs(name, s)
        if anchor in ("c", "r"):
            w = pdfmetrics.stringWidth(s, name, size) / mm
            x -= w / 2 if anchor == "c" else w
        c.setFillColorRGB(*ink)
        if faux_bold(name, bold, display):
            c.saveState()
            c.setStrokeColorRGB(*ink)
            c.setLineWidth(size * FAUX_BOLD)
            c.setLineJoin(1)
            t = c.beginText(x * mm, y * mm)
            t.setFont(name, size)
            t.setTextRenderMode(2)  # fill, then stroke: a heavier weight of the one face
            t.textOut(s)
            c.drawText(t)
            c.restoreState()
            return
        c.setFont(name, size)
        c.drawString(x * mm, y * mm, s)

    def push(self, dx=0.0, dy=0.0, rotate180_size=None, turn: int = 0, box: tuple[float, float] | None = None):
        """Move the origin; `turn` (90/180/270, counter-clockwise) turns a face so that it fills the
        w x h `box` at the new origin (its own size is the box turned back)."""
        self.c.saveState()
        self.c.translate(dx * mm, dy * mm)
        if rotate180_size is not None:
            turn, box = 180, rotate180_size
        if turn:
            w, h = box  # type: ignore[misc]
            shift = {90: (w, 0.0), 180: (w, h), 270: (0.0, h)}[turn]
            self.c.translate(shift[0] * mm, shift[1] * mm)
            self.c.rotate(turn)

    def pop(self):
        self.c.restoreState()

    def clip_rect(self, x, y, w, h):
        """Clip what follows (until pop) to a rectangle; call after push()."""
        path = self.c.beginPath()
        path.rect(x * mm, y * mm, w * mm, h * mm)
        self.c.clipPath(path, stroke=0, fill=0)


class PilPainter(Painter):
    """Draws on a pillow RGB image of a face w x h mm at `dpi`; y grows upward as in PDF."""

    def __init__(self, w_mm: float, h_mm: float, dpi: int = 300, low_ink: bool = False, bleed: float = 0.0,
                 fonts: Fonts = LATIN):
        super().__init__(low_ink, fonts)
        register_fonts()
        from PIL import Image, ImageDraw

        self.k = dpi / 25.4
        self.bleed = bleed
        self.w_px = round((w_mm + 2 * bleed) * self.k)
        self.h_px = round((h_mm + 2 * bleed) * self.k)
        self.image = Image.new("RGB", (self.w_px, self.h_px), (255, 255, 255))
        self.draw = ImageDraw.Draw(self.image)
        self.origin: list[Point] = [(bleed, bleed)]

    def _xy(self, x, y) -> tuple[float, float]:
        ox, oy = self.origin[-1]
        return ((x + ox) * self.k, self.h_px - (y + oy) * self.k)

    @staticmethod
    def _rgb(c: Color | None):
        return None if c is None else tuple(round(v * 255) for v in c)

    def _w(self, width):
        return max(1, round(width * self.k))

    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.3, r=0.0):
        x0, y1 = self._xy(x, y)
        x1, y0 = self._xy(x + w, y + h)
        box = [x0, y0, x1, y1]
        kw = dict(fill=self._rgb(self._fill(fill)), outline=self._rgb(self._ink(stroke)), width=self._w(width) if stroke else 0)
        if r > 0:
            self.draw.rounded_rectangle(box, radius=r * self.k, **kw)
        else:
            self.draw.rectangle(box, **kw)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        x, y = self._xy(cx, cy)
        rr = r * self.k
        self.draw.ellipse(
            [x - rr, y - rr, x + rr, y + rr],
            fill=self._rgb(self._fill(fill)),
            outline=self._rgb(self._ink(stroke)),
            width=self._w(width) if stroke else 0,
        )

    def poly(self, pts, fill=None, stroke=None, width=0.3, close=True):
        xy = [self._xy(x, y) for x, y in pts]
        if close:
            if fill is not None:
                self.draw.polygon(xy, fill=self._rgb(self._fill(fill)))
            if stroke is not None:
                self.draw.line(xy + [xy[0]], fill=self._rgb(self._ink(stroke)), width=self._w(width), joint="curve")
        elif stroke is not None:
            self.draw.line(xy, fill=self._rgb(self._ink(stroke)), width=self._w(width), joint="curve")

    def _dashed(self, pts, stroke, width, dash):
        on, off = dash
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            t = 0.0
            while t < length:
                t1 = min(length, t + on)
                a, b = t / length, t1 / length
                self.poly(
                    [(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                    None, stroke, width, close=False,
                )
                t = t1 + off

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        name = self.fonts.name(bold, italic, display, s)
        check_glyphs(name, s)
        px_size = round(size * self.k * PT * 4) / 4
        font = _pil_font(name, px_size)
        px, py = self._xy(x, y)
        ink = self._rgb(self._ink(color))
        extra = {"stroke_width": max(1, round(px_size * FAUX_BOLD)), "stroke_fill": ink} if faux_bold(name, bold, display) else {}
        self.draw.text((px, py), s, font=font, fill=ink, anchor={"l": "ls", "c": "ms", "r": "rs"}[anchor], **extra)

    def push(self, dx=0.0, dy=0.0, rotate180_size=None, turn: int = 0, box=None):
        if rotate180_size is not None or turn:
            raise NotImplementedError("PNG faces are exported upright")
        ox, oy = self.origin[-1]
        self.origin.append((ox + dx, oy + dy))

    def pop(self):
        self.origin.pop()

    def clip_rect(self, x, y, w, h):  # faces are drawn inside their own image: nothing to clip
        return None


@lru_cache(maxsize=64)
def _pil_font(name: str, size_px: float):
    from PIL import ImageFont

    return ImageFont.truetype(font_file(name), size=max(1, size_px))
