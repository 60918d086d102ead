"""Issue 20: every kit builds in English, Spanish and Japanese on both papers and every duplex mode,
with no text overflowing (an overflow is a RenderError) and none below the minimum size; `saloon build
--lang` writes the language's file; the cover, card labels and assembly steps are in the language."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.render import kit as kitmod
from generator.render.painter import Fonts, fonts_for
from generator.render.text import MIN_SIZE
from tests.support import builds

GAMES = ["longhorn", "colt_express", "way_out_west"]
SETTINGS = [("a4", "long"), ("letter", "short"), ("a4", "fold"), ("letter", "none")]


@pytest.mark.fast_case(lang='es', paper='a4', duplex='long')
@pytest.mark.parametrize("paper,duplex", SETTINGS)
@pytest.mark.parametrize("lang", ["es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_every_kit_plans_and_renders_in_every_language(game, lang, paper, duplex):
    kp = kitmod.plan(game, paper, duplex, lang=lang)
    assert kp.lang == lang and kp.kit.lang == lang
    # A4 long-edge is the kit the other render tests read: its render(plan(...)) is built once (tests/support/builds.py)
    data = builds.kit_pdf(game, paper, duplex, lang) if (paper, duplex) == ("a4", "long") else kitmod.render(kp)
    assert data[:5] == b"%PDF-"


class _Sizes:
    """A painter that records text sizes (what `p.text` is asked to print)."""

    low_ink = False

    def __init__(self, fonts: Fonts):
        self.fonts = fonts
        self.sizes = []

    def text(self, x, y, s, size, *a, **k):
        self.sizes.append((size, s))

    def __getattr__(self, name):
        return lambda *a, **k: None


@pytest.mark.fast_case(lang='es')
@pytest.mark.parametrize("lang", ["es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_no_piece_text_is_below_the_minimum_size(game, lang):
    kit = kitmod.game_kit(game, lang)
    small = []
    for piece in kit.pieces:
        for face in (piece.front, piece.back):
            if face is not None:
                p = _Sizes(fonts_for(lang))
                face.draw(p, *piece.size)
                small += [(piece.name, s) for size, s in p.sizes if size < MIN_SIZE - 1e-9]
    assert not small, small[:5]


def _cover_text(game: str, lang: str) -> str:
    kp = kitmod.plan(game, lang=lang)
    return kitmod._cover_markup(kp)


def test_covers_speak_the_language():
    es = _cover_text("way_out_west", "es")
    assert "## Cómo imprimir" in es and "dados normales de seis caras" in es and "## Montaje" in es
    assert "ficha de diligencia\u00a0×15" in es and "billete de $5\u00a0×24" in es
    ja = _cover_text("colt_express", "ja")
    assert "## 印刷のしかた" in ja and "流れ弾カード×13" in ja
    assert "## 組み立て" in ja and "列車：" in ja


def test_card_labels_follow_the_language():
    texts = {t for p in kitmod.game_kit("colt_express", "ja").pieces for t in p.texts}
    assert {"流れ弾", "弾丸 1", "ラウンドの流れ", "機関車"} <= texts
    texts = {t for p in kitmod.game_kit("way_out_west", "es").pieces for t in p.texts}
    assert {"SE BUSCA", "Ayuda de jugador", "Diligencia"} <= texts


def test_build_lang_writes_the_language_file(tmp_path):
    result = CliRunner().invoke(app, ["build", "longhorn", "--lang", "ja", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "longhorn_a4_long_ja.pdf").is_file()


def test_build_unknown_language_is_one_line_and_exit_1(tmp_path):
    result = CliRunner().invoke(app, ["build", "longhorn", "--lang", "fr", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "unknown language 'fr'" in result.output and "Traceback" not in result.output
    assert not list(tmp_path.iterdir())
