"""Print kits, issue 11's last target ("Less paper"): the cover and the rules take as little paper as the
complete rules allow. The options in force are no longer printed (issue 38: no option key on a page a
player reads; the rules are printed as the options read, and the file's properties name them); the contents list every component with its count, grouped by print size; the rules after the cover do
not repeat its summary; the solo pages take one page-map row; a paragraph never leaves a lone line at
the top or foot of a column; the calibration marks keep clear of the text in a narrower band; and the
text is set at 8 pt unless 7.75 or 7.5 pt saves paper."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen import canvas as rl_canvas

from generator.content import load_content
from generator.render import kit as kitmod
from generator.render import sheets
from generator.render.geometry import Box
from generator.render.painter import LATIN, Fonts, PdfPainter, fonts_for
from generator.words.text import Texts

GAMES = ["longhorn", "colt_express", "way_out_west"]
PT = 0.3528  # mm per point


@pytest.fixture(scope="module")
def plans():
    return {(g, lang): kitmod.plan(g, "a4", "long", lang=lang) for g in GAMES for lang in ("en", "es", "ja")}


def _lines(kp):
    """Every laid-out line of the cover and rules: the strings drawn on it, in order."""
    for page in kp.pages:
        if page.kind in ("cover", "calibration", "sheet") and page.section != Texts(kp.lang, "kit")("section.solo"):
            for frame in page.payload:
                for _, _, unit in frame:
                    yield [op[3] for op in unit.ops if op[0] == "text"]


# --- the options in force ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_no_option_key_is_printed_in_the_rules(plans, game, lang):
    kp = plans[(game, lang)]
    text = " ".join(" ".join(ln) for ln in _lines(kp))
    for key in load_content(game).options:  # "rounds" is a word; nugget_values is a key
        assert (f"{key} =" not in text and f"{key}=" not in text) and ("_" not in key or key not in text), key
    assert "saloon games" not in text


# --- the cover --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_contents_list_every_component_with_its_count_grouped_by_print_size(plans, game):
    kp = plans[(game, "en")]
    kit = kp.kit
    text = kitmod._cover_markup(kp)
    contents = text.split("## Contents\n")[1].split("\n\n")[0].splitlines()
    heads = [line.split("**")[1] for line in contents]
    assert len(heads) == len(set(heads))  # one line per print size (or board, or not printed)
    for kind, n in kit.counts + kit.extras:
        assert sum(f"{kit.names[kind]}\u00a0×{n}" in line for line in contents) == 1, (kind, n)
    for s in kp.front_slots():
        size = f"{s.piece.size[0]:g}x{s.piece.size[1]:g}\u00a0mm"
        assert any(size in h and kit.names[s.piece.component] in line for h, line in zip(heads, contents)), size
    assert f"**{sum(n for _, n in kit.counts)} components in all.**" in text


def test_a_component_that_is_not_printed_says_what_to_use_instead(plans):
    text = kitmod._cover_markup(plans[("way_out_west", "en")])
    c = load_content("way_out_west")
    assert f"- **not printed**: die\u00a0×{c.dice} (use ordinary six-sided dice)" in text


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_after_the_cover_do_not_repeat_its_summary(plans, game):
    kp = plans[(game, "en")]
    rules = [p for p in kp.kit.parts if isinstance(p, kitmod.SheetPart) and not p.solo][0]
    assert kp.kit.summary in kitmod._cover_markup(kp)
    assert kp.kit.summary not in rules.markup
    from generator.referee import explain  # the rules on their own (the referee's help) keep it

    c = load_content(game)
    assert " ".join(kp.kit.summary.split()) in " ".join(explain.rules_markup(game, c, c.option_defaults(), "en").split())


@pytest.mark.parametrize("game", ["colt_express", "way_out_west"])
def test_the_solo_pages_take_one_page_map_row(plans, game):
    kp = plans[(game, "en")]
    solo = Texts("en", "kit")("section.solo")
    rows = [r for r in kp.page_map() if r["what"] == solo]
    first = next(i for i, p in enumerate(kp.pages, 1) if p.section == solo)
    assert [r["pages"] for r in rows] == [f"{first}-{len(kp.pages)}"]
    assert any(p.kind == "page" for p in kp.pages) and any(p.kind == "sheet" and p.section == solo for p in kp.pages)


# --- lone lines -------------------------------------------------------------------------------------------


def _placed(markup: str, first_column: float) -> list[list]:
    units = sheets.layout_units(LATIN, "test", sheets.parse(markup), 60.0, 8.0)
    frames = [Box(0, 0, 60, first_column), Box(70, 0, 60, 250)]
    placed, rest = sheets.flow(units, frames)
    assert not rest
    return placed


LONG = " ".join(["Each bandit starts with a purse and six bullet cards in the colour of its pawn."] * 4)


def test_a_paragraph_never_leaves_its_first_line_alone_at_the_foot_of_a_column():
    head = sheets.layout_units(LATIN, "test", sheets.parse("Short."), 60.0, 8.0)
    body = sheets.layout_units(LATIN, "test", sheets.parse(LONG), 60.0, 8.0)
    assert len(body) >= 4
    room = sum(u.height + u.gap_after for u in head) + body[0].height * 1.5  # one line and a half
    placed = _placed("Short.\n\n" + LONG, room)
    assert len(placed[0]) == 1  # only the short paragraph: the long one starts in the next column


def test_a_paragraph_never_leaves_its_last_line_alone_at_the_top_of_a_column():
    body = sheets.layout_units(LATIN, "test", sheets.parse(LONG), 60.0, 8.0)
    room = sum(u.height for u in body[:-1]) + body[-1].height * 0.5  # all but half of the last line
    placed = _placed(LONG, room)
    assert len(placed[1]) == 2 and len(placed[0]) == len(body) - 2


# --- the calibration band ---------------------------------------------------------------------------------


class _Extent(PdfPainter):
    """Records how high and how low everything drawn reaches (mm)."""

    def __init__(self, fonts: Fonts):
        super().__init__(rl_canvas.Canvas(io.BytesIO(), invariant=1), fonts=fonts)
        self.ys: list[float] = []

    def line(self, pts, stroke=(0, 0, 0), width=0.3, dash=None):
        self.ys += [y for _, y in pts]

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        self.ys += [cy - r, cy + r]

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        self.fonts.width(s, size, bold, italic, display)
        self.ys += [y - 0.25 * size * PT, y + 0.8 * size * PT]


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_calibration_marks_keep_clear_of_the_text_frames(duplex, lang):
    kp = kitmod.plan("colt_express", "a4", duplex, lang=lang)
    W, H = kp.size
    pages = kp.pages[:2]
    assert [p.kind for p in pages] == ["cover", "calibration"]
    for page, back in zip(pages, (False, True)):
        p = _Extent(fonts_for(lang))
        kitmod._calibration(p, kp, W, H, back=back)
        frames = [fr for frame in page.payload for fr, _, _ in frame]
        text_low, text_high = min(fr.y for fr in frames), max(fr.y1 for fr in frames)
        if back and duplex == "short":  # the band is at the top of a short-edge back
            assert min(p.ys) > text_high + 2.0, (min(p.ys), text_high)
        else:
            assert max(p.ys) < text_low - 2.0, (max(p.ys), text_low)


# --- the text size ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_text_is_set_at_8_pt_unless_a_smaller_size_saves_paper(game, monkeypatch):
    kp = kitmod.plan(game, "a4", "long")
    assert kp.text_size in kitmod.TEXT_SIZES and min(kitmod.TEXT_SIZES) >= 7.5
    sizes = {op[4] for page in kp.pages[:2] for frame in page.payload for _, _, u in frame for op in u.ops
             if op[0] == "text" and not op[5]}  # the body text, not its headings
    assert kp.text_size in sizes
    for larger in [s for s in kitmod.TEXT_SIZES if s > kp.text_size]:
        monkeypatch.setattr(kitmod, "TEXT_SIZES", (larger,))
        assert len(kitmod.plan(game, "a4", "long").pages) > len(kp.pages), larger
