"""The win-rate chart: every legend entry lies inside the chart's box, however many rows it has."""

import io

from reportlab.pdfgen import canvas as rl_canvas

from generator.render.geometry import Box
from generator.render.painter import LATIN, PdfPainter
from generator.render.chart import draw_chart


class _Texts(PdfPainter):
    def __init__(self, canvas):
        super().__init__(canvas)
        self.placed: list[tuple[float, float, str, float]] = []

    def text(self, x, y, s, size, color=(0, 0, 0), bold=False, italic=False, anchor="l", display=False):
        self.placed.append((x, y, s, size))
        super().text(x, y, s, size, color, bold, italic, anchor, display)


def test_chart_legend_wraps_inside_its_box_with_six_levels():
    rows = [f"{level}, {family} players" for family in ("2-3", "4-6") for level in ("easy", "normal", "hard")]
    cells = {row: {"random": (0.5, 0.4, 0.6), "greedy": (0.4, 0.3, 0.5)} for row in rows}
    box = Box(10, 20, 120, 80)
    p = _Texts(rl_canvas.Canvas(io.BytesIO(), invariant=1))
    draw_chart(p, box, cells, ["random", "greedy"], "wins")
    legend = [(x, y, s, size) for x, y, s, size in p.placed if s in rows]
    assert [s for _, _, s, _ in legend] == rows  # every level named once, in order
    for x, y, s, size in legend:
        assert box.x <= x and x + LATIN.width(s, size) <= box.x + box.w, s
        assert box.y <= y < box.y + 16  # below the opponents' labels, inside the box
    assert len({y for _, y, _, _ in legend}) >= 2  # six long names take more than one line here


def test_the_kits_chart_speaks_the_kits_language_under_its_bars_and_on_its_axis():
    """No English left on a Spanish or Japanese kit's chart: the groups are 'contra ...' / '対...', the axis
    'victorias' / '勝率' (templates/<lang>/kit.yaml), and a title as wide as the box sits clear above the
    axis's word."""
    from generator.words.text import Texts

    en, ja = Texts("en", "kit"), Texts("ja", "kit")
    assert ja("solo.chart_wins") != en("solo.chart_wins") and "vs" not in ja("solo.chart_versus", opponent="x")
    for lang in ("es",):  # (drawn with the Latin faces here; the Japanese kit draws with its own)
        S = Texts(lang, "kit")
        p = _Texts(rl_canvas.Canvas(io.BytesIO(), invariant=1))
        title = S("solo.chart")
        draw_chart(p, Box(10, 20, 100, 75), {"easy": {"random": (0.5, 0.4, 0.6)}}, ["random"], title,
                   versus=lambda o: S("solo.chart_versus", opponent=o), wins=S("solo.chart_wins"))
        words = [s for _, _, s, _ in p.placed]
        assert S("solo.chart_versus", opponent="random") in words and S("solo.chart_wins") in words
        assert not any(w.startswith("vs ") or w == "wins" for w in words), words
        (ty,) = [y for _, y, s, _ in p.placed if s == title]
        (wy,) = [y for _, y, s, _ in p.placed if s == S("solo.chart_wins")]
        assert ty - wy >= 7 * 0.8 * 25.4 / 72, (ty, wy)  # a line apart at least: the title's type does not touch it
