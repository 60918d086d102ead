"""Issue 20: line breaking works for Japanese (no spaces: a line may break between characters, never
before closing punctuation or small kana, never after an opening bracket) and for Spanish accents
(measured with the real glyph widths, words never split); the overflow check holds in every language."""

from __future__ import annotations

import pytest

from generator.errors import RenderError
from generator.render import sheets
from generator.render import text as tx
from generator.render.painter import LATIN, Fonts, fonts_for

JA = ("**移動**：車内にいる場合、左右どちらかに1車両分動く。屋根にいる場合、左右に1～3車両分動く。"
      "「ガンスリンガー」は最も多く撃ったプレイヤー（同点なら全員）が得る。")


@pytest.fixture(scope="module")
def ja() -> Fonts:
    return fonts_for("ja")


def _lines(fonts: Fonts, text: str, width: float, size: float = 9.0) -> list[str]:
    lines = tx.wrap(fonts, tx.parse_inline(text), width, size)
    assert lines is not None
    return ["".join(r.text for _, r in ln.runs) for ln in lines]


def test_japanese_breaks_between_characters_within_the_width(ja):
    lines = tx.wrap(ja, tx.parse_inline(JA), 40.0, 9.0)
    assert len(lines) > 3
    assert all(ln.width <= 40.0 + 1e-6 for ln in lines)
    for ln in lines:
        drawn = sum(ja.width(r.text, 9.0, r.bold, r.italic) for _, r in ln.runs)
        assert drawn == pytest.approx(ln.width, abs=1e-6)  # no space is added between Japanese pieces


def test_japanese_wrapping_loses_and_adds_no_character(ja):
    assert "".join(_lines(ja, JA, 40.0)) == JA.replace("**", "")


@pytest.mark.parametrize("width", [18.0, 23.5, 31.0, 40.0, 57.0])
def test_no_japanese_line_starts_with_closing_punctuation_or_ends_with_an_opening_bracket(ja, width):
    lines = _lines(ja, JA, width)
    assert len(lines) > 1
    for line in lines[1:]:
        assert line[0] not in tx.NO_LINE_START, lines
    for line in lines[:-1]:
        assert line[-1] not in tx.NO_LINE_END, lines


def test_a_bold_japanese_word_keeps_its_style_across_a_break(ja):
    lines = tx.wrap(ja, tx.parse_inline(JA), 40.0, 9.0)
    first = lines[0].runs
    assert first[0][1].text == "移動" and first[0][1].bold
    assert not first[1][1].bold and first[1][1].text.startswith("：")


def test_latin_words_inside_japanese_stay_whole(ja):
    lines = _lines(ja, "保安官：--back-offset X,Y で作り直してください。saloon tables eval を使う。", 30.0)
    assert any("--back-offset" in ln for ln in lines)
    assert any("tables" in ln for ln in lines)


def test_spanish_accents_are_measured_and_words_never_split():
    text = "¿Dónde está el sheriff? ¡Cabalga según la ficha de acción más pequeña!"
    lines = _lines(LATIN, text, 35.0)
    assert " ".join(lines) == text
    assert LATIN.width("ñ", 9.0) > 0 and LATIN.width("¿", 9.0) > 0
    words = set(text.split())
    for line in lines:
        assert set(line.split()) <= words


def test_japanese_table_cells_never_break_inside_a_short_name(ja):
    units = sheets.layout_units(ja, "t", sheets.parse("| アクション | 費用 | 効果 |\n|---|---|---|\n| 牛を買う | 1つ$1 | " + JA + " |"), 90.0)
    texts = [op[3] for u in units for op in u.ops if op[0] == "text"]
    assert "アクション" in texts and "牛を買う" in texts


def test_japanese_text_too_big_for_its_box_is_an_error_naming_the_piece(ja):
    with pytest.raises(RenderError, match="player aid 9: text does not fit"):
        tx.fit(ja, "player aid 9", JA * 6, 30.0, 12.0, 8.0)


def test_japanese_text_shrinks_before_failing(ja):
    block = tx.fit(ja, "card", JA, 50.0, 15.0, 10.0)
    assert tx.MIN_SIZE <= block.size < 10.0


def test_a_heading_that_wraps_keeps_every_line_clear_of_its_underline():
    """A sheet heading wrapped to two or three lines: each line's baseline stays a descender's depth (0.2 em)
    above its own line's foot and above the rule under the heading (its second line sat on the rule)."""
    from generator.render.painter import PT  # noqa: PLC0415

    units = sheets.layout_units(fonts_for("en"), "heading test",
                                [sheets.Elem("h2", "Two bandits: which starts in the caboose, and which one follows it", icon="cow")], 60)
    assert len(units) >= 2
    size = sheets.H2 * PT
    rule = next(op[2] for op in units[-1].ops if op[0] == "line")
    for u in units:
        for op in u.ops:
            if op[0] == "text":
                assert op[2] >= -u.height + 0.2 * size, (op[3], op[2], u.height)
    assert all(op[2] - rule >= 0.2 * size for op in units[-1].ops if op[0] == "text")
