"""Issue 20: fonts for every language are embedded subsets; Japanese is set in IPAex Gothic (a
TrueType face under a licence that allows embedding), installed by the `ja` extra, never a system
font; a glyph a font lacks is an error, not an empty box; asking for Japanese without the font is one
clear error."""

from __future__ import annotations

import importlib.util

import pytest
from pypdf import PdfReader

from generator import registry
from generator.errors import RenderError, UsageError
from generator.render import kit as kitmod
from generator.render import painter
from generator.render.painter import LATIN, fonts_for
from tests.support import builds


def _fonts(path) -> dict[str, dict]:
    out = {}
    for page in PdfReader(str(path)).pages:
        for f in (page.get("/Resources") or {}).get("/Font", {}).values():
            f = f.get_object()
            desc = f["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in f else f.get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            out[str(f["/BaseFont"])] = {"subtype": str(f["/Subtype"]), "embedded": "/FontFile2" in desc or "/FontFile" in desc}
    return out


@pytest.fixture(scope="module")
def ja_kits(tmp_path_factory):
    """What `saloon build --lang ja` writes for every game, built once for the render tests
    (tests/support/builds.py); test_japanese_kits_are_the_same_bytes_every_time builds one afresh."""
    out = tmp_path_factory.mktemp("ja")
    return [builds.write(builds.kit_pdf(game, lang="ja"), out / kitmod.kit_filename(game, "a4", "long", False, "ja"))
            for game in registry.names() if registry.has(game, "drawing")]  # every game with a kit


def test_japanese_kits_embed_every_font_as_a_truetype_subset(ja_kits):
    for path in ja_kits:
        fonts = _fonts(path)
        assert any("IPAexGothic" in name for name in fonts), fonts
        assert all(info["embedded"] for info in fonts.values()), fonts
        assert all("+" in name for name in fonts)  # subsets
        assert all(info["subtype"] == "/TrueType" for info in fonts.values()), fonts
        assert not any(n.lstrip("/").split("+")[-1] in ("HeiseiKakuGo-W5", "HeiseiMin-W3", "Helvetica") for n in fonts)


def test_spanish_kits_use_only_the_latin_faces(tmp_path):
    [path] = kitmod.build(["longhorn"], tmp_path, lang="es")
    assert path.name == "longhorn_a4_long_es.pdf"
    fonts = _fonts(path)
    assert all(info["embedded"] for info in fonts.values())
    assert {n.split("+")[1] for n in fonts} <= {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold",
                                               "BitstreamVeraSans-Oblique", "AlfaSlabOne-Regular"}


def test_japanese_bold_is_drawn_with_an_outline_of_the_one_face(ja_kits):
    page = PdfReader(str(ja_kits[0])).pages[0]
    data = page.get_contents().get_data()
    assert b" 2 Tr" in data or b"\n2 Tr" in data


def test_a_latin_title_keeps_the_display_face_in_japanese():
    ja = fonts_for("ja")
    assert ja.name(display=True, s="Colt Express") == painter.DISPLAY
    assert ja.name(display=True, s="Colt Express：リファレンス") == painter.CJK
    assert ja.name(bold=True) == painter.CJK


def test_a_character_the_font_lacks_is_an_error_naming_it():
    with pytest.raises(RenderError, match=r"no glyph for '移' U\+79FB"):
        LATIN.width("移", 9.0)  # English kits are set in Vera, which has no Japanese
    assert fonts_for("ja").width("移動", 9.0) > 0


def test_japanese_without_the_font_package_is_one_clear_error(tmp_path, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == painter.JA_PACKAGE else real(name, *a))
    with pytest.raises(UsageError, match=r"pip install 'saloon\[ja\]'"):
        kitmod.build(["longhorn"], tmp_path, lang="ja")
    assert not list(tmp_path.iterdir())  # nothing written


def test_the_japanese_font_licence_allows_embedding():
    path = painter.japanese_font_file()
    licence = (painter.Path(path).parent / "IPA_Font_License_Agreement_v1.0.txt").read_text(encoding="utf-8")
    assert "Embedded Fonts" in licence and "Digital Document File" in licence
    head = open(path, "rb").read(12)
    assert head[:4] == b"\x00\x01\x00\x00"  # TrueType outlines (glyf), not CFF ("OTTO")


def test_japanese_kits_are_the_same_bytes_every_time(ja_kits, tmp_path):
    again = kitmod.build(["longhorn"], tmp_path, lang="ja")[0]
    assert again.read_bytes() == ja_kits[0].read_bytes()


def test_the_japanese_text_is_extractable(ja_kits):
    text = PdfReader(str(ja_kits[0])).pages[0].extract_text()
    assert "印刷のしかた" in text
