"""PNG export: every face at 300 dpi and Tabletop-Simulator deck sheets on a 10x7 grid."""

from __future__ import annotations

from PIL import Image

from generator.render import kit as kitmod
from generator.render.png import DPI, TTS_COLS, TTS_ROWS, export, face_image, slug


def test_faces_are_300_dpi_and_sheets_are_10_by_7(tmp_path):
    kit = kitmod.game_kit("longhorn")
    n = export(kit, tmp_path)
    files = {p.name for p in tmp_path.iterdir()}
    assert n == len(files)
    for piece in kit.pieces:
        assert f"{slug(piece.name)}.png" in files
    card = next(p for p in kit.pieces if p.component == "outlaw cards")
    with Image.open(tmp_path / f"{slug(card.name)}.png") as im:
        assert im.size == (round(63 / 25.4 * DPI), round(88 / 25.4 * DPI))
    pawn = next(p for p in kit.pieces if p.component == "outlaw pawn")
    assert f"{slug(pawn.name)}_back.png" in files
    with Image.open(tmp_path / "cattle_sheet1.png") as sheet:
        assert sheet.size[0] % TTS_COLS == 0 and sheet.size[1] % TTS_ROWS == 0


def test_png_face_matches_its_colour():
    kit = kitmod.game_kit("longhorn")
    orange = next(p for p in kit.pieces if p.name.startswith("cattle orange"))
    im = face_image(orange.front, orange.size, 100)
    assert im.getpixel((2, 2)) == (230, 159, 0)
