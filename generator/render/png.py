"""PNG export: every card and token face at 300 dpi, and Tabletop-Simulator deck sheets.

Rendering route: reportlab's renderPM needs rlPyCairo (not installed, not a dependency) and
rasterising with pdftoppm is not guaranteed to exist, so faces are drawn a second time with pillow
through the same Painter vocabulary (`painter.PilPainter`): the same drawing code, the same Vera
fonts, no extra dependency.

Deck sheets: for each TTS deck (a piece's `deck_name`) up to 69 faces on a 10x7 grid, the 70th
cell holding the back (TTS shows the last cell for hidden cards), at 150 dpi so a sheet stays under
4096 px wide; file names `<deck>_sheet<N>.png`, plus `<deck>_back.png`.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from ..files import write_atomic
from .cards import Face, Piece
from .painter import LATIN, Fonts, PilPainter, fonts_for

DPI = 300
SHEET_DPI = 150
TTS_COLS, TTS_ROWS = 10, 7


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def face_image(face: Face, size: tuple[float, float], dpi: int = DPI, low_ink: bool = False, fonts: Fonts = LATIN):
    p = PilPainter(size[0], size[1], dpi, low_ink, fonts=fonts)
    p.rect(0, 0, size[0], size[1], fill=face.bg)
    face.draw(p, size[0], size[1])
    return p.image


def _save(image, path: Path) -> None:
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=6)
    write_atomic(path, buf.getvalue())


def export(kit, folder: Path, low_ink: bool = False) -> int:
    """Write every face (and informative back) of `kit` as PNG plus the TTS deck sheets; returns
    the number of files written."""
    from PIL import Image

    fonts = fonts_for(kit.lang)

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    count = 0
    decks: dict[str, list[Piece]] = {}
    for piece in kit.pieces:
        img = face_image(piece.front, piece.size, DPI, low_ink, fonts)
        _save(img, folder / f"{slug(piece.name)}.png")
        count += 1
        if piece.back is not None and piece.informative_back:
            _save(face_image(piece.back, piece.size, DPI, low_ink, fonts), folder / f"{slug(piece.name)}_back.png")
            count += 1
        decks.setdefault(piece.deck_name, []).append(piece)
    for name, pieces in decks.items():
        w_px = round(pieces[0].size[0] / 25.4 * SHEET_DPI)
        h_px = round(pieces[0].size[1] / 25.4 * SHEET_DPI)
        back = next((p.back for p in pieces if p.back is not None), None)
        back_img = face_image(back, pieces[0].size, SHEET_DPI, low_ink, fonts) if back is not None else None
        if back_img is not None:
            _save(back_img, folder / f"{slug(name)}_back.png")
            count += 1
        per = TTS_COLS * TTS_ROWS - 1
        for s, start in enumerate(range(0, len(pieces), per), 1):
            sheet = Image.new("RGB", (w_px * TTS_COLS, h_px * TTS_ROWS), (255, 255, 255))
            for i, piece in enumerate(pieces[start : start + per]):
                img = face_image(piece.front, piece.size, SHEET_DPI, low_ink, fonts).resize((w_px, h_px))
                sheet.paste(img, ((i % TTS_COLS) * w_px, (i // TTS_COLS) * h_px))
            if back_img is not None:
                sheet.paste(back_img.resize((w_px, h_px)), ((TTS_COLS - 1) * w_px, (TTS_ROWS - 1) * h_px))
            _save(sheet, folder / f"{slug(name)}_sheet{s}.png")
            count += 1
    return count
