"""One print-and-play kit PDF per game: cover, duplex calibration, then every sheet.

`plan(game, ...)` lays out the whole kit without drawing (tests count its slots); `render(plan)`
draws it to bytes; `build(...)` writes kits atomically (temporary file in the same folder, then
os.replace: nothing partial is ever left) and returns their paths, with per-kit timings and sizes
in `last_summary` / `build_with_summary`.

Same inputs, same bytes: reportlab `invariant=1`, no timestamps, fonts subset deterministically.
"""

from __future__ import annotations

import importlib
import io
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas

from .. import __version__
from ..content import GAMES, load_content
from ..errors import RenderError, SaloonError, UnknownGame, UsageError
from ..files import write_atomic
from . import sheets
from .art import GREY, INK, LEATHER, PAPER, WHITE
from .boards import Board, Tile, draw_tile, tiles
from .cards import Piece, draw_slot
from .geometry import BLEED, EDGE, Box, Page, check_duplex, crop_marks, impose, paper_size, parse_offset
from .painter import PdfPainter, register_fonts
from .text import MIN_SIZE

GAME_MODULES = {
    "longhorn": "generator.render.longhorn",
    "colt_express": "generator.render.colt_express",
    "way_out_west": "generator.render.way_out_west",
}


# --- what a game module returns ---------------------------------------------------------------


@dataclass(frozen=True)
class PieceRun:
    title: str
    pieces: list[Piece]


@dataclass(frozen=True)
class SheetPart:
    title: str
    markup: str
    columns: int = 2


@dataclass(frozen=True)
class BoardPart:
    board: Board


@dataclass(frozen=True)
class PagePart:
    """One whole page drawn by `draw(painter, W, H)` inside the page frame (the solo how-to)."""

    title: str
    draw: Any


@dataclass
class GameKit:
    game: str
    title: str
    summary: str
    parts: list
    counts: list[tuple[str, int]]  # content's component list, as printed on the cover
    on_board: dict[str, str] = field(default_factory=dict)  # component kind -> board it is printed on
    not_printed: dict[str, str] = field(default_factory=dict)  # component kind -> why (e.g. dice)

    @property
    def pieces(self) -> list[Piece]:
        return [p for part in self.parts if isinstance(part, PieceRun) for p in part.pieces]


def game_kit(game: str) -> GameKit:
    """A game's kit: its components, then the solo pages (how-to and bot tables) where it has tables."""
    if game not in GAME_MODULES:
        raise UnknownGame(game, list(GAMES))
    module = importlib.import_module(GAME_MODULES[game])
    content = load_content(game)
    kit = module.kit(content)
    from .solo import solo_parts

    kit.parts.extend(solo_parts(game, content))
    return kit


# --- planning ---------------------------------------------------------------------------------


@dataclass
class KitPlan:
    kit: GameKit
    paper: str
    duplex: str
    back_offset: tuple[float, float]
    low_ink: bool
    pages: list[Page]

    @property
    def size(self) -> tuple[float, float]:
        return paper_size(self.paper)

    def front_slots(self):
        """Every slot that shows a front (fold pages: the unrotated half)."""
        return [s for pg in self.pages if pg.kind in ("front", "fold") for s in pg.slots if not s.rotated]

    def slot_counts(self) -> Counter:
        return Counter(s.piece.component for s in self.front_slots())


def _by_size(pieces: list[Piece]) -> list[list[Piece]]:
    groups: dict[tuple[float, float], list[Piece]] = {}
    for p in pieces:
        groups.setdefault(p.size, []).append(p)
    return list(groups.values())


def plan(
    game: str,
    paper: str = "a4",
    duplex: str = "long",
    back_offset: tuple[float, float] | str = (0.0, 0.0),
    low_ink: bool = False,
) -> KitPlan:
    W, H = paper_size(paper)
    check_duplex(duplex)
    offset = parse_offset(back_offset)
    kit = game_kit(game)
    pages: list[Page] = [Page("cover", f"{kit.title}: contents", payload=kit)]
    if duplex in ("long", "short"):
        pages.append(Page("calibration", "duplex calibration (front)"))
        pages.append(Page("calibration-back", "duplex calibration (back)", offset=offset))
    frames = _sheet_frames(W, H)
    for part in kit.parts:
        if isinstance(part, PieceRun):
            for group in _by_size(part.pieces):
                pages.extend(impose(group, paper, duplex, offset, f"{kit.title} - {part.title}"))
        elif isinstance(part, SheetPart):
            fr = frames if part.columns == 2 else [Box(EDGE + 8, EDGE + 8, W - 2 * EDGE - 16, H - 2 * EDGE - 16)]
            for i, placed in enumerate(sheets.paginate(f"{kit.title} {part.title}", part.markup, fr)):
                pages.append(Page("sheet", f"{kit.title} - {part.title} {i + 1}", payload=placed))
        elif isinstance(part, BoardPart):
            for t in tiles(part.board, (W, H)):
                pages.append(Page("board", f"{kit.title} - {part.board.name} {t.label}", payload=t))
        elif isinstance(part, PagePart):
            pages.append(Page("page", f"{kit.title} - {part.title}", payload=part))
        else:  # pragma: no cover - a game module bug
            raise RenderError(f"{kit.title}: unknown kit part {part!r}")
    return KitPlan(kit, paper, duplex, offset, low_ink, pages)


def _sheet_frames(W: float, H: float) -> list[Box]:
    m = EDGE + 8
    gap = 7.0
    cw = (W - 2 * m - gap) / 2
    return [Box(m, m, cw, H - 2 * m), Box(m + cw + gap, m, cw, H - 2 * m)]


# --- drawing ----------------------------------------------------------------------------------


def _page_label(p: PdfPainter, text: str, W: float, H: float, n: int, total: int) -> None:
    label = f"{text}   page {n}/{total}"
    from .painter import text_width

    w = text_width(label, 6)
    p.rect(W / 2 - w / 2 - 1, H - 3.6, w + 2, 2.8, fill=WHITE)
    p.text(W / 2, H - 3.0, label, 6, GREY, anchor="c")


def _crop(p: PdfPainter, page: Page, box: Box, offset=(0.0, 0.0)) -> None:
    dx, dy = offset
    marks = crop_marks(page.slots, box)
    if not p.low_ink:  # a white halo keeps a mark in a dark bleed visible; low-ink bleeds are pale
        for x0, y0, x1, y1 in marks:
            p.line([(x0 + dx, y0 + dy), (x1 + dx, y1 + dy)], WHITE, 0.7)
    for x0, y0, x1, y1 in marks:
        p.line([(x0 + dx, y0 + dy), (x1 + dx, y1 + dy)], INK, 0.2)


def _cover(p: PdfPainter, kp: KitPlan, W: float, H: float) -> None:
    kit = kp.kit
    pages_of: Counter = Counter()
    for pg in kp.pages:
        kinds = {s.piece.component for s in pg.slots}
        for k in kinds:
            pages_of[k] += 1
    slot_counts = kp.slot_counts()
    rows = []
    for kind, n in kit.counts:
        if kind in slot_counts:
            sizes = sorted({f"{s.piece.size[0]:g}x{s.piece.size[1]:g} mm" for s in kp.front_slots() if s.piece.component == kind})
            where = f"{', '.join(sizes)}"
        elif kind in kit.on_board:
            where = f"printed on the {kit.on_board[kind]}"
        else:
            where = kit.not_printed.get(kind, "not printed")
        rows.append((kind, n, where))
    markup = sheets.render_template(
        "cover.md.j2",
        kit=kit,
        rows=rows,
        total=sum(n for _, n in kit.counts),
        pieces=len(kp.front_slots()),
        pages=len(kp.pages),
        paper={"a4": "A4 (210 x 297 mm)", "letter": "US Letter (8.5 x 11 in)"}[kp.paper],
        duplex=kp.duplex,
        offset=kp.back_offset,
        low_ink=kp.low_ink,
        version=__version__,
    )
    p.rect(EDGE, EDGE, W - 2 * EDGE, H - 2 * EDGE, None, LEATHER, 0.8, r=3)
    sheets.fit_in_box(p, f"{kit.title} cover", markup, Box(EDGE + 8, EDGE + 8, W - 2 * EDGE - 16, H - 2 * EDGE - 16), 9.0)


CAL_POINTS = ((0.5, 0.5), (0.2, 0.8), (0.8, 0.2))


def _calibration(p: PdfPainter, kp: KitPlan, W: float, H: float, back: bool) -> None:
    title = "Duplex calibration - " + ("back" if back else "front")
    p.text(W / 2, H - 20, title, 14, INK, bold=True, anchor="c")
    how = (
        "Print this page and the next one as ONE double-sided sheet, at actual size, with the same settings as the kit "
        f"(flip on the {kp.duplex} edge). Hold the sheet against a window. On the back, read on each scale where the "
        "front's line shows through: that reading (in mm) is the --back-offset X,Y to add to the one used now "
        f"({kp.back_offset[0]:g},{kp.back_offset[1]:g})."
    )
    sheets.fit_in_box(p, "calibration", how, Box(25, H - 52, W - 50, 26), 9.0)
    dx, dy = kp.back_offset if back else (0.0, 0.0)
    for fx, fy in CAL_POINTS:
        x, y = W * fx, H * fy
        if back:
            # the back of (x, y) for this duplex mode, then the scales around it
            bx, by = (W - x, y) if kp.duplex == "long" else (x, H - y)
            bx, by = bx + dx, by + dy
            sx, sy = by - 14, bx + 14  # X scale below the point, Y scale to its right
            p.line([(bx - 5.5, sx), (bx + 5.5, sx)], INK, 0.15)
            p.line([(sy, by - 5.5), (sy, by + 5.5)], INK, 0.15)
            for i in range(-10, 11):
                t = i * 0.5
                ln = 3.0 if i % 2 == 0 else 1.5
                p.line([(bx + t, sx), (bx + t, sx + ln)], INK, 0.1)
                p.line([(sy, by + t), (sy + ln, by + t)], INK, 0.1)
            # labels every 2 mm at the smallest print size; X labels alternate between two rows
            # so neighbours never collide
            for k, i in enumerate(range(-4, 5, 2)):
                lab = f"{i:+d}" if i else "0"
                p.text(bx + i, sx - 2.6 - (2.2 if k % 2 else 0.0), lab, MIN_SIZE, INK, anchor="c")
                p.text(sy + 3.6, by + i - 0.7, lab, MIN_SIZE, INK)
            p.text(bx, sx - 8, "X", 6, INK, bold=True, anchor="c")
            p.text(sy + 9, by - 0.8, "Y", 6, INK, bold=True)
            p.circle(bx, by, 0.8, None, GREY, 0.15)
        else:
            p.line([(x - 30, y), (x + 30, y)], INK, 0.25)
            p.line([(x, y - 30), (x, y + 30)], INK, 0.25)
            p.circle(x, y, 1.0, None, INK, 0.2)


def _draw_page(c, p: PdfPainter, kp: KitPlan, page: Page, n: int, total: int) -> None:
    W, H = kp.size
    pagebox = Box(0, 0, W, H)
    if kp.low_ink:
        pass
    else:
        p.rect(0, 0, W, H, fill=WHITE)
    if page.kind == "cover":
        _cover(p, kp, W, H)
    elif page.kind in ("calibration", "calibration-back"):
        _calibration(p, kp, W, H, back=page.kind == "calibration-back")
    elif page.kind in ("front", "back", "fold"):
        off = page.offset if page.kind == "back" else (0.0, 0.0)
        for s in page.slots:
            face = s.piece.front if not (page.kind == "back" or s.rotated) else s.piece.back
            draw_slot(p, s, face, off)
        _crop(p, page, pagebox, off)
        if page.kind == "fold":
            p.line([(2, H / 2), (W - 2, H / 2)], GREY, 0.3, dash=(3, 2))
            p.text(W - EDGE, H / 2 + 1, "fold", 6, GREY, anchor="r")
    elif page.kind == "sheet":
        p.rect(EDGE, EDGE, W - 2 * EDGE, H - 2 * EDGE, None, LEATHER, 0.8, r=3)
        for placed in page.payload:
            sheets.draw_placed(p, placed)
    elif page.kind == "board":
        draw_tile(p, page.payload)
    elif page.kind == "page":
        p.rect(EDGE, EDGE, W - 2 * EDGE, H - 2 * EDGE, None, LEATHER, 0.8, r=3)
        page.payload.draw(p, Box(EDGE + 8, EDGE + 8, W - 2 * EDGE - 16, H - 2 * EDGE - 16))
    _page_label(p, page.title, W, H, n, total)
    if page.kind == "back":
        trim = page.trim_box(pagebox)
        trim = Box(trim.x + page.offset[0], trim.y + page.offset[1], trim.w, trim.h).clamp(pagebox)
        bleed = trim.grow(BLEED).clamp(pagebox)
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
    buf = io.BytesIO()
    c = rl_canvas.Canvas(buf, pagesize=(W * mm, H * mm), invariant=1, pageCompression=1)
    c.setTitle(f"{kp.kit.title} - print-and-play kit")
    c.setAuthor("Saloon")
    c.setCreator(f"saloon {__version__}")
    c.setSubject(f"{kp.paper} paper, duplex {kp.duplex}")
    p = PdfPainter(c, low_ink=kp.low_ink)
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


def kit_filename(game: str, paper: str, duplex: str, low_ink: bool) -> str:
    return f"{game}_{paper}_{duplex}{'_lowink' if low_ink else ''}.pdf"


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
        return list(GAMES)
    out = []
    for g in games:
        if g not in GAME_MODULES:
            raise UnknownGame(g, list(GAMES))
        out.append(g)
    return out


def build_with_summary(
    games: list[str] | None,
    out_dir: Path,
    paper: str = "a4",
    duplex: str = "long",
    back_offset: tuple[float, float] | str = (0.0, 0.0),
    low_ink: bool = False,
    png_dir: Path | None = None,
    progress: Callable[[str], None] | None = None,
) -> list[KitResult]:
    """Build one kit per game; all input is checked before anything is written."""
    names = _games(games)
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
        kp = plan(game, paper, duplex, offset, low_ink)
        data = render(kp)
        path = out / kit_filename(game, paper, duplex, low_ink)
        write_atomic(path, data)
        seconds = time.perf_counter() - t0
        n_png = 0
        if png_dir is not None:
            from .png import export

            n_png = export(kp.kit, Path(png_dir) / game, low_ink=low_ink)
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
) -> list[Path]:
    """Write a kit PDF per game (all games when `games` is empty) and return their paths."""
    return [r.path for r in build_with_summary(games, out_dir, paper, duplex, back_offset, low_ink, png_dir, progress)]


__all__ = [
    "BoardPart", "GameKit", "KitPlan", "KitResult", "PieceRun", "SheetPart", "build", "build_with_summary",
    "game_kit", "plan", "render", "SaloonError",
]
