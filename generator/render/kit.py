"""One print-and-play kit PDF per game: cover, duplex calibration, then every sheet.

`plan(game, ...)` lays out the whole kit without drawing (tests count its slots); `render(plan)`
draws it to bytes; `build(...)` writes kits atomically (temporary file in the same folder, then
os.replace: nothing partial is ever left) and returns their paths, with per-kit timings and sizes
in `last_summary` / `build_with_summary`.

Same inputs, same bytes: reportlab `invariant=1`, no timestamps, fonts subset deterministically.
"""

from __future__ import annotations

import io
import os
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas

from .. import __version__, registry
from ..content import load_content
from ..errors import RenderError, UsageError
from ..files import write_atomic
from ..words.text import Texts
from . import sheets
from .art import GREY, INK, LEATHER, WHITE
from .boards import draw_tile, map_box, tiles
from .drawing import KitDrawing
from .cards import Piece, draw_slot
from .geometry import CARD, EDGE, FOLD_STROKE, MARK_STROKE, Box, Page, check_duplex, crop_marks, paper_size, parse_offset, union
from .packer import impose
from .parts import BoardPart, GameKit, PagePart, PieceRun, SheetPart
from .solo import solo_parts
from .png import export
from .painter import CJK_LANGUAGES, LATIN as LATIN_FONTS, PT, PdfPainter, check_language, fonts_for, japanese_font_file, register_fonts
from . import text as tx
from .text import MIN_SIZE
from ..words.templates import render_template

def game_kit(game: str, lang: str = "en", root: Path | None = None) -> GameKit:
    """A game's kit in `lang`: its components, then the solo pages (how-to and bot tables) where it
    has tables."""
    module: KitDrawing = registry.plugin(game, "drawing")
    content = load_content(game, root)
    kit = module.kit(content, lang)
    kit.parts.extend(solo_parts(game, content, lang))
    kit.lang = lang
    kit.options = content.option_defaults()
    return kit


# --- planning ---------------------------------------------------------------------------------

TEXT_KINDS = ("cover", "calibration", "sheet", "page")  # pages read, never cut: they may share a sheet
TEXT_SIZE = 8.0  # pt: the cover and the rules, one flow
TEXT_SIZES = (TEXT_SIZE, 7.75, 7.5)  # a smaller size only where it saves paper; never below 7.5 pt
CAL_BAND = 40.0  # mm kept at the foot of the cover and of a long-edge back for the calibration marks: they reach
# CAL_Y + 18 mm from the paper edge, 5 mm below the text frame (FRAME + 5 + CAL_BAND)
CAL_BAND_SHORT_BACK = 53.0  # a short-edge back keeps its band at the top: the scales, then their text, reach CAL_Y + 33 mm
FRAME = 10.0  # text pages: the leather frame this far in from the paper edge (the page label sits above it)


@dataclass
class KitPlan:
    kit: GameKit
    paper: str
    duplex: str  # as asked
    back_offset: tuple[float, float]
    low_ink: bool
    pages: list[Page]
    mode: str = ""  # as printed: a kit without backs prints single-sided ("none") whatever was asked
    lang: str = "en"
    text_size: float = TEXT_SIZE  # pt, the cover and the rules (plan picks it)

    @property
    def size(self) -> tuple[float, float]:
        return paper_size(self.paper)

    @property
    def two_sided(self) -> bool:
        return self.mode in ("long", "short")

    @property
    def calibrated(self) -> bool:
        """Two-sided with printed backs: the cover and its back are the duplex test sheet. A kit without
        backs may still print its text on both sides, with nothing to line up."""
        return self.two_sided and any(p.back is not None for p in self.kit.pieces)

    @property
    def sheets(self) -> int:
        """Sheets of paper used when printed as the cover says (two-sided: two pages per sheet)."""
        return (len(self.pages) + 1) // 2 if self.two_sided else len(self.pages)

    def front_slots(self):
        """Every slot that shows a front."""
        return [s for pg in self.pages if pg.kind in ("front", "fold") for s in pg.slots if not s.back]

    def slot_counts(self) -> Counter:
        return Counter(s.piece.component for s in self.front_slots())

    def page_map(self) -> list[dict[str, str]]:
        """Runs of pages: which pages, what, printed how, on what paper."""
        rows: list[dict[str, str]] = []
        for n, pg in enumerate(self.pages, 1):
            if pg.kind == "blank":
                if rows:
                    rows[-1]["last"] = str(n)
                continue
            how, stock = _how(self, pg)
            text = pg.kind in TEXT_KINDS and pg.kind != "page"
            last = rows[-1] if rows else None
            if last and last["how"] == how and last["stock"] == stock and (
                    last["what"] == pg.section or (text and last["text"])):  # solo pages: one row, drawn or flowed
                last["last"] = str(n)
                if text:  # the cover and the rules flow on: one row names every part in it
                    names = last["what"].split(SECTION_SEP) + pg.section.split(SECTION_SEP)
                    last["what"] = SECTION_SEP.join(dict.fromkeys(names))
            else:
                rows.append({"first": str(n), "last": str(n), "what": pg.section, "how": how, "stock": stock, "text": text})  # type: ignore[dict-item]
        for r in rows:
            r["pages"] = r["first"] if r["first"] == r["last"] else f"{r['first']}-{r['last']}"
            del r["text"]
        return rows


def _how(kp: "KitPlan", pg: Page) -> tuple[str, str]:
    T = Texts(kp.lang, "kit")
    stock, plain = T("stock"), T("plain")
    if pg.kind in ("front", "back"):
        backs = any(p.kind == "back" for p in kp.pages if p.section == pg.section)
        if kp.two_sided:
            return T("how.double" if backs else "how.one_blank"), stock
        return T("how.one_glue_backs" if backs else "how.one"), stock
    if pg.kind == "fold":
        return T("how.fold"), plain
    if pg.kind == "board":
        return T("how.board", sides=T("how.one_blank" if kp.two_sided else "how.one")), stock
    return T("how.double" if kp.two_sided else "how.one"), plain


SECTION_SEP = ", "


def _section_pages(kit: GameKit, paper: str, mode: str, offset) -> list[Page]:
    """Every page after the text that follows the cover, in reading order: pieces, boards, solo pages."""
    T = Texts(kit.lang, "kit")
    W, H = paper_size(paper)
    frames = _sheet_frames(W, H)
    pieces: list[Piece] = []
    boards: list[Page] = []
    solo: list[Page] = []
    for part in kit.parts:
        if isinstance(part, PieceRun):
            pieces.extend(part.pieces)
        elif isinstance(part, SheetPart):
            if not part.solo:
                continue  # flows on after the cover (_text_pages)
            fr = frames if part.columns == 2 else [_one_frame(W, H)]
            placed_pages = sheets.paginate(fonts_for(kit.lang), f"{kit.title} {part.title}", part.markup, fr,
                                           figures=part.figures)
            for i, placed in enumerate(placed_pages):
                solo.append(Page("sheet", T("page_title", title=kit.title, part=part.title, n=i + 1), payload=placed,
                                 section=T("section.solo"), leaf=len(placed_pages) if i == 0 else 0))
        elif isinstance(part, BoardPart):
            for t in tiles(part.board, (W, H)):
                boards.append(Page("board", T("page_title", title=kit.title, part=f"{part.board.name} {t.label}", n=0),
                                   payload=t, section=T("section.board")))
        elif isinstance(part, PagePart):
            solo.append(Page("page", T("page_title", title=kit.title, part=part.title, n=0), payload=part,
                             section=T("section.solo")))
        else:  # pragma: no cover - a game module bug
            raise RenderError(f"{kit.title}: unknown kit part {part!r}")
    printed = impose(pieces, paper, mode, offset, T("pieces_title", title=kit.title))
    for pg in printed:
        pg.section = T("section.pieces") if mode != "fold" or pg.kind == "fold" else T("section.pieces_plain")
        if pg.kind == "fold":
            pg.section = T("section.pieces_fold")
    return printed + boards + solo


def _leaves(pages: list[Page], two_sided: bool) -> list[Page]:
    """Two-sided: every front on an odd page with its back on the next one; text pages pair up; a
    page printed on one side only is followed by a blank page. One-sided: the pages as they are."""
    if not two_sided:
        return pages
    out: list[Page] = []
    i = 0
    while i < len(pages):
        pg = pages[i]
        nxt = pages[i + 1] if i + 1 < len(pages) else None
        if pg.kind == "front" and nxt is not None and nxt.kind == "back":
            out += [pg, nxt]
            i += 2
        elif pg.kind in TEXT_KINDS and nxt is not None and nxt.kind in TEXT_KINDS and nxt.leaf != 2:
            out += [pg, nxt]  # (a two-page bot sheet starts on a front: one leaf holds the whole level)
            i += 2
        else:
            out += [pg, Page("blank", "", section=pg.section)]
            i += 1
    return out


def plan(
    game: str,
    paper: str = "a4",
    duplex: str = "long",
    back_offset: tuple[float, float] | str = (0.0, 0.0),
    low_ink: bool = False,
    lang: str = "en",
    root: Path | None = None,
) -> KitPlan:
    W, H = paper_size(paper)
    check_duplex(duplex)
    offset = parse_offset(back_offset)
    kit = game_kit(game, lang, root)
    # a kit without backs prints its pieces on one side; asked for two sides, its text still uses both
    backs = any(p.back is not None for p in kit.pieces)
    mode = duplex if backs or duplex in ("long", "short") else "none"
    body = _section_pages(kit, paper, mode, offset)
    kp = KitPlan(kit, paper, duplex, offset, low_ink, [], mode, lang)
    laid: dict = {}  # the rules are laid out once per size; only the cover changes between rounds
    best: tuple[float, list[Page]] | None = None
    for size in TEXT_SIZES:  # the largest size that uses as few pages as any
        text = _settled_text(kp, body, size, laid)
        pages = _leaves(text + body, kp.two_sided)
        if best is None or len(pages) < len(best[1]):
            best = (size, pages)
        if len(text) <= (2 if kp.two_sided else 1):  # one sheet of text: no smaller size saves paper
            break
    kp.text_size, kp.pages = best
    return kp


def _settled_text(kp: KitPlan, body: list[Page], size: float, laid: dict) -> list[Page]:
    """The cover and the rules at `size`; the cover prints the page map, which depends on the text's own
    pages, so lay it out again until its pages stop changing."""
    text = [Page("cover", "", section=Texts(kp.lang, "kit")("section.cover"))] * (2 if kp.calibrated else 1)
    for _ in range(6):
        kp.pages = _leaves(text + body, kp.two_sided)
        cover = _text_pages(kp, laid, size)
        if [p.section for p in cover] == [p.section for p in text]:
            return cover
        text = cover
    # pragma: no cover - the page map never settled: a layout bug, never a silently wrong cover
    raise RenderError(f"{kp.kit.title}: the cover's page map does not settle")


def _sheet_frames(W: float, H: float, bottom: float = 0.0, top: float = 0.0) -> list[Box]:
    m = FRAME + 5
    gap = 7.0
    cw = (W - 2 * m - gap) / 2
    h = H - 2 * m - bottom - top
    return [Box(m, m + bottom, cw, h), Box(m + cw + gap, m + bottom, cw, h)]


def _one_frame(W: float, H: float) -> Box:
    return Box(FRAME + 5, FRAME + 5, W - 2 * FRAME - 10, H - 2 * FRAME - 10)


# --- drawing ----------------------------------------------------------------------------------

LABEL_SIZE = 6.0


def _label_spot(page: Page, W: float, H: float) -> str:
    """Top of the page unless pieces (with their bleed) reach into that band; then the left side."""
    if not page.slots:
        return "top"
    bb = union(s.bleed_box() for s in page.slots)
    if bb.y1 <= H - EDGE - 3.5:
        return "top"
    if bb.y >= EDGE + 3.5:  # short-edge backs: the top band is turned to the foot
        return "bottom"
    if bb.x >= EDGE + 3.5:
        return "left"
    return "right"


def page_labels(page: Page, n: int, total: int, lang: str = "en") -> list[str]:
    """A page's label, longest first: the kit, the part and the page number, or the page number alone."""
    T = Texts(lang, "kit")
    short = T("page", n=n, total=total)
    return [T("labelled", title=page.title, n=n, total=total), short] if page.title else [short]


def label_place(page: Page, W: float, H: float, labels: list[str], fonts=LATIN_FONTS) -> tuple[str, str, float, Box]:
    """Where a page's label goes: the label (the first of `labels` that fits), its side (top, bottom,
    left, right), the centre of the text along that side, and the box its ink takes on the page.
    Centred, unless a crop mark runs through that place: then the nearest place along the side between
    two marks, or the shorter label where the longer fits between none."""
    spot = _label_spot(page, W, H)
    h = LABEL_SIZE * PT
    base = EDGE + 0.6  # the text's descenders stay EDGE mm from the paper edge
    dx, dy = page.offset if page.kind == "back" else (0.0, 0.0)
    marks = [(x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in crop_marks(page.slots, Box(0, 0, W, H))]
    if spot in ("top", "bottom"):
        at = H - base - 1.6 if spot == "top" else base + 0.5
        band = (at - 0.3 * h, at + 0.9 * h)
        cuts = [x0 for x0, y0, x1, y1 in marks if x0 == x1 and min(y0, y1) < band[1] and max(y0, y1) > band[0]]
        middle, lo, hi = W / 2, EDGE, W - EDGE
    else:
        at = base + 1.6 if spot == "left" else W - base - 1.6
        band = (at - 0.9 * h, at + 0.3 * h) if spot == "left" else (at - 0.3 * h, at + 0.9 * h)
        cuts = [y0 for x0, y0, x1, y1 in marks if y0 == y1 and min(x0, x1) < band[1] and max(x0, x1) > band[0]]
        middle, lo, hi = H / 2, EDGE, H - EDGE
    for label in labels:
        w = fonts.width(label, LABEL_SIZE)
        c = _clear_of(cuts, middle, w, lo, hi)
        if c is not None or label == labels[-1]:
            c = middle if c is None else c
            box = Box(c - w / 2, band[0], w, band[1] - band[0]) if spot in ("top", "bottom") else \
                Box(band[0], c - w / 2, band[1] - band[0], w)
            return label, spot, c, box
    raise AssertionError("no label")  # pragma: no cover - `labels` is never empty


LABEL_CLEAR = 0.6  # mm between a page label and a crop mark beside it


def _clear_of(cuts: list[float], centre: float, w: float, lo: float, hi: float) -> float | None:
    """Where a span `w` long goes within lo..hi so that no cut crosses it (with LABEL_CLEAR either
    side): at `centre` if it can, else in the middle of the gap between two cuts nearest the centre
    that holds it; None when no gap does."""
    edges = [lo - LABEL_CLEAR] + sorted(cuts) + [hi + LABEL_CLEAR]
    best: float | None = None
    for a, b in zip(edges, edges[1:]):
        first, last = a + LABEL_CLEAR + w / 2, b - LABEL_CLEAR - w / 2
        if first > last + 1e-9:
            continue
        if first <= centre <= last:
            return centre
        c = (a + b) / 2
        if best is None or abs(c - centre) < abs(best - centre) - 1e-9:
            best = c
    return best


def _page_label(p: PdfPainter, page: Page, W: float, H: float, n: int, total: int, lang: str = "en") -> None:
    label, spot, c, _ = label_place(page, W, H, page_labels(page, n, total, lang), p.fonts)
    base = EDGE + 0.6
    if spot == "top":
        p.text(c, H - base - 1.6, label, LABEL_SIZE, GREY, anchor="c")
    elif spot == "bottom":
        p.text(c, base + 0.5, label, LABEL_SIZE, GREY, anchor="c")
    else:
        x = base + 1.6 if spot == "left" else W - base - 1.6
        p.push(x, c, turn=90 if spot == "left" else 270, box=(0.0, 0.0))
        p.text(0, 0, label, LABEL_SIZE, GREY, anchor="c")
        p.pop()


def _crop(p: PdfPainter, page: Page, box: Box, offset=(0.0, 0.0)) -> None:
    dx, dy = offset
    marks = crop_marks(page.slots, box)
    if not p.low_ink:  # a white halo keeps a mark in a dark bleed visible; low-ink bleeds are pale
        for x0, y0, x1, y1 in marks:
            p.line([(x0 + dx, y0 + dy), (x1 + dx, y1 + dy)], WHITE, 0.7)
    for x0, y0, x1, y1 in marks:
        p.line([(x0 + dx, y0 + dy), (x1 + dx, y1 + dy)], INK, MARK_STROKE)


def _cover_markup(kp: KitPlan) -> str:
    kit = kp.kit
    T = Texts(kp.lang, "kit")
    slot_counts = kp.slot_counts()
    groups: dict[str, list[tuple[str, int, str]]] = {}  # printed as -> (name, count, note), in content's order
    for kind, n in kit.counts + kit.extras:
        note = ""
        if kind in slot_counts:
            where = ", ".join(sorted({f"{s.piece.size[0]:g}x{s.piece.size[1]:g}\u00a0mm" for s in kp.front_slots() if s.piece.component == kind}))
        elif kind in kit.on_board:
            where = T("where.on_board", board=kit.on_board[kind])
        else:
            where, note = T("where.not_printed"), kit.not_printed.get(kind, "")
        if kind not in kit.names:
            raise RenderError(f"{kit.title}: no printed name for the component {kind!r} in language {kp.lang!r}")
        groups.setdefault(where, []).append((kit.names[kind], n, note))
    needs = list(kit.needs)
    if any(pg.kind == "board" for pg in kp.pages) or kp.mode == "fold" or any(pg.kind == "back" for pg in kp.pages if kp.mode == "none"):
        needs.append(T("needs.glue"))
    needs.append(T("needs.paper", stock=T("stock"), plain=T("plain")))
    needs.append(T("needs.tools"))
    if any(p.size == CARD for p in kit.pieces):
        needs.append(T("needs.sleeves"))
    return render_template(
        "cover.md.j2",
        kp.lang,
        kit=kit,
        groups=list(groups.items()),
        total=sum(n for _, n in kit.counts),
        pieces=len(kp.front_slots()),
        pages=len(kp.pages),
        sheets=kp.sheets,
        page_map=kp.page_map(),
        needs=needs,
        paper=T(f"paper.{kp.paper}"),
        duplex=kp.mode,
        asked=kp.duplex,
        backs=any(p.back is not None for p in kit.pieces),
        offset=kp.back_offset,
        low_ink=kp.low_ink,
        version=__version__,
    )


def _text_pages(kp: KitPlan, cache: dict | None = None, size: float = TEXT_SIZE) -> list[Page]:
    """The cover (contents, what you need, how to print, the page map, assembly), then the kit's rules
    and reference straight after it, in one flow. A calibrated kit carries the calibration marks at the
    cover's foot and their scales on its back, so pages 1-2 are the test sheet."""
    W, H = kp.size
    T = Texts(kp.lang, "kit")
    cover = T("section.cover_calibration" if kp.calibrated else "section.cover")
    parts = [(cover, _cover_markup(kp), {})]
    parts += [(part.title, part.markup, part.figures) for part in kp.kit.parts if isinstance(part, SheetPart) and not part.solo]
    plain = _sheet_frames(W, H)
    if kp.calibrated:
        front = _sheet_frames(W, H, bottom=CAL_BAND)
        back = _sheet_frames(W, H, bottom=CAL_BAND) if kp.mode == "long" else _sheet_frames(W, H, top=CAL_BAND_SHORT_BACK)
        frames = lambda i: front if i == 0 else (back if i == 1 else plain)  # noqa: E731
    else:
        frames = lambda i: plain  # noqa: E731
    flow = sheets.paginate_parts(fonts_for(kp.lang), parts, frames, size, min_pages=2 if kp.calibrated else 1, cache=cache)
    out = []
    for i, (placed, names) in enumerate(flow):
        kind = "cover" if i == 0 else ("calibration" if i == 1 and kp.calibrated else "sheet")
        if i == 0 or kind == "calibration":
            names = [cover] + [n for n in names if n != cover]
        shown = [n for n in names if n != cover] or [T("section.cover")]
        title = T("cover_title", title=kp.kit.title, n=0) if i == 0 else T(
            "page_title", title=kp.kit.title, part=SECTION_SEP.join(shown), n=0)
        out.append(Page(kind, title, payload=placed, section=SECTION_SEP.join(names)))
    return out


CAL_POINTS = (0.2, 0.5, 0.8)  # across the width, CAL_Y above the foot of the cover
CAL_Y = 32.0


def _calibration(p: PdfPainter, kp: KitPlan, W: float, H: float, back: bool) -> None:
    """Crosses at the foot of the cover; on its back, X/Y scales where each cross lands."""
    T = Texts(kp.lang, "kit")
    width = W - 2 * FRAME - 10
    if not back:
        tx.fit_and_draw(p, "duplex calibration", T("calibration.front"), (W - width) / 2, CAL_Y + 12, width, 6.0, 6.5,
                        INK, align="c", valign="b")
    else:
        y_text = (CAL_Y + 14) if kp.mode == "long" else (H - CAL_Y - 26.5)  # short: below the X scale's labels
        text = "\n".join([T("calibration.back1", mode=kp.mode),
                          T("calibration.back2", x=f"{kp.back_offset[0]:g}", y=f"{kp.back_offset[1]:g}")])
        tx.fit_and_draw(p, "duplex calibration", text, (W - width) / 2, y_text - 7.0, width, 9.5, 6.5, INK,
                        align="c", valign="t")
    dx, dy = kp.back_offset if back else (0.0, 0.0)
    for fx in CAL_POINTS:
        x, y = W * fx, CAL_Y
        if back:
            # the back of (x, y) for this duplex mode, then the scales around it
            bx, by = (W - x, y) if kp.mode == "long" else (x, H - y)
            bx, by = bx + dx, by + dy
            sx, sy = by - 14, bx + 14  # X scale below the point, Y scale to its right
            p.line([(bx - 5.5, sx), (bx + 5.5, sx)], INK, 0.15)
            p.line([(sy, by - 5.5), (sy, by + 5.5)], INK, 0.15)
            for i in range(-10, 11):
                t = i * 0.5
                ln = 3.0 if i % 2 == 0 else 1.5
                p.line([(bx + t, sx), (bx + t, sx + ln)], INK, 0.1)
                p.line([(sy, by + t), (sy + ln, by + t)], INK, 0.1)
            # labels every 2 mm; X labels alternate between two rows so neighbours never collide
            for k, i in enumerate(range(-4, 5, 2)):
                lab = f"{i:+d}" if i else "0"
                p.text(bx + i, sx - 2.6 - (2.2 if k % 2 else 0.0), lab, MIN_SIZE, INK, anchor="c")
                p.text(sy + 3.6, by + i - 0.7, lab, MIN_SIZE, INK)
            p.text(bx, sx - 8, "X", 6, INK, bold=True, anchor="c")
            p.text(sy + 9, by - 0.8, "Y", 6, INK, bold=True)
            p.circle(bx, by, 0.8, None, GREY, 0.15)
        else:
            p.line([(x - 12, y), (x + 12, y)], INK, 0.25)
            p.line([(x, y - 12), (x, y + 12)], INK, 0.25)
            p.circle(x, y, 1.0, None, INK, 0.2)


def _draw_page(c, p: PdfPainter, kp: KitPlan, page: Page, n: int, total: int) -> None:
    W, H = kp.size
    pagebox = Box(0, 0, W, H)
    if not kp.low_ink:
        p.rect(0, 0, W, H, fill=WHITE)
    if page.kind in ("cover", "calibration", "sheet"):
        p.rect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, None, LEATHER, 0.8, r=3)
        for placed in page.payload:
            sheets.draw_placed(p, placed)
        if page.kind in ("cover", "calibration") and kp.calibrated:
            _calibration(p, kp, W, H, back=page.kind == "calibration")
    elif page.kind in ("front", "back", "fold"):
        off = page.offset if page.kind == "back" else (0.0, 0.0)
        for s in page.slots:
            face = s.piece.back if s.back else s.piece.front
            draw_slot(p, s, face, off)
        _crop(p, page, pagebox, off)
        if page.kind == "fold":
            inset = EDGE + FOLD_STROKE / 2  # the line's ink, its width included, stays EDGE from the paper edge
            p.line([(inset, H / 2), (W - inset, H / 2)], GREY, FOLD_STROKE, dash=(3, 2))
            p.text(W - EDGE, H / 2 + 1, Texts(kp.lang, "kit")("fold"), 6, GREY, anchor="r")
    elif page.kind == "board":
        draw_tile(p, page.payload, kp.lang)
    elif page.kind == "page":
        p.rect(FRAME, FRAME, W - 2 * FRAME, H - 2 * FRAME, None, LEATHER, 0.8, r=3)
        page.payload.draw(p, _one_frame(W, H))
    if page.kind == "blank":
        p.text(W / 2, H / 2, Texts(kp.lang, "kit")("blank"), 7, GREY, anchor="c")
    elif page.kind != "board":
        _page_label(p, page, W, H, n, total, kp.lang)
    else:
        # the page number left of the tiling's small map (its filled cell is black)
        p.text(map_box(page.payload).x - 2.0, EDGE + 1.5, Texts(kp.lang, "kit")("page", n=n, total=total), LABEL_SIZE, GREY,
               anchor="r")
    if page.kind == "back":
        trim = page.trim_box(pagebox)
        trim = Box(trim.x + page.offset[0], trim.y + page.offset[1], trim.w, trim.h).clamp(pagebox)
        bleed = union(s.bleed_box() for s in page.slots)
        bleed = Box(bleed.x + page.offset[0], bleed.y + page.offset[1], bleed.w, bleed.h).clamp(pagebox)
    elif page.kind == "board":
        trim = page.payload.place
        bleed = trim
    else:
        trim, bleed = page.trim_box(pagebox), page.bleed_box(pagebox)
    c.setTrimBox(trim.as_points())
    c.setBleedBox(bleed.as_points())


def render(kp: KitPlan) -> bytes:
    register_fonts()
    W, H = kp.size
    T = Texts(kp.lang, "kit")
    buf = io.BytesIO()
    fonts = fonts_for(kp.lang)
    c = rl_canvas.Canvas(buf, pagesize=(W * mm, H * mm), invariant=1, pageCompression=1, initialFontName=fonts.name(),
                         lang=T("pdf.lang"))
    c.setTitle(T("pdf.title", title=kp.kit.title))
    c.setAuthor("Saloon")
    c.setCreator(f"saloon {__version__}")
    c.setSubject(T("pdf.subject", paper=kp.paper, mode=kp.mode, language=T("language")))
    # the rule options the rules are printed with: in the file's properties, not on a page a player reads
    c.setKeywords("; ".join(f"{k}={v}" for k, v in kp.kit.options.items()))
    p = PdfPainter(c, low_ink=kp.low_ink, fonts=fonts)
    total = len(kp.pages)
    for n, page in enumerate(kp.pages, 1):
        _draw_page(c, p, kp, page, n, total)
        c.showPage()
    c.save()
    return buf.getvalue()


# --- writing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class KitResult:
    game: str
    path: Path
    pages: int
    pieces: int
    seconds: float
    bytes: int
    png_files: int = 0


def kit_filename(game: str, paper: str, duplex: str, low_ink: bool, lang: str = "en") -> str:
    """longhorn_a4_long.pdf; other languages add theirs: longhorn_a4_long_ja.pdf."""
    return f"{game}_{paper}_{duplex}{'_lowink' if low_ink else ''}{'' if lang == 'en' else '_' + lang}.pdf"


def ensure_out_dir(out_dir: Path) -> Path:
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot create output folder {str(out_dir)!r}: {exc.strerror or exc}") from None
    if not out_dir.is_dir() or not os.access(out_dir, os.W_OK | os.X_OK):
        raise UsageError(f"output folder {str(out_dir)!r} is not writable")
    return out_dir


def _games(games: Iterable[str] | None) -> list[str]:
    if not games:
        return [name for name in registry.names() if registry.has(name, "drawing")]
    return [registry.check(g) for g in games]


def build_with_summary(
    games: list[str] | None,
    out_dir: Path,
    paper: str = "a4",
    duplex: str = "long",
    back_offset: tuple[float, float] | str = (0.0, 0.0),
    low_ink: bool = False,
    png_dir: Path | None = None,
    progress: Callable[[str], None] | None = None,
    lang: str = "en",
    root: Path | None = None,
) -> list[KitResult]:
    """Build one kit per game in `lang`; all input is checked before anything is written."""
    names = _games(games)
    check_language(lang)
    if lang in CJK_LANGUAGES:
        japanese_font_file()  # the font is an extra: say so before anything is built
    paper_size(paper)
    check_duplex(duplex)
    offset = parse_offset(back_offset)
    out = ensure_out_dir(Path(out_dir))
    if png_dir is not None:
        ensure_out_dir(Path(png_dir))
    results = []
    for game in names:
        if progress:
            progress(game)
        t0 = time.perf_counter()
        kp = plan(game, paper, duplex, offset, low_ink, lang, root)
        data = render(kp)
        path = out / kit_filename(game, paper, duplex, low_ink, lang)
        write_atomic(path, data)
        seconds = time.perf_counter() - t0
        n_png = 0
        if png_dir is not None:
            n_png = export(kp.kit, Path(png_dir) / (game if lang == "en" else f"{game}_{lang}"), low_ink=low_ink)
        results.append(KitResult(game, path, len(kp.pages), len(kp.front_slots()), seconds, len(data), n_png))
    return results


def build(
    games: list[str] | None,
    out_dir: Path,
    paper: str = "a4",
    duplex: str = "long",
    back_offset: tuple[float, float] | str = (0.0, 0.0),
    low_ink: bool = False,
    png_dir: Path | None = None,
    progress: Callable[[str], None] | None = None,
    lang: str = "en",
    root: Path | None = None,
) -> list[Path]:
    """Write a kit PDF per game (all games when `games` is empty) and return their paths."""
    return [r.path for r in build_with_summary(games, out_dir, paper, duplex, back_offset, low_ink, png_dir, progress, lang, root)]


__all__ = ["KitPlan", "KitResult", "build", "build_with_summary", "game_kit", "plan", "render"]
