"""Books that fill their pages (issue 38): the scenario pages of every book, A4 and Letter, in en/es/ja,
rasterised and read for ink.

The measure: a scenario page's type area (the frame inside the book's margins) is scanned at 40 dpi; its
blank share is the part of the type area's height below the last row holding ink (the page's footer
sits in the bottom margin, outside it). No scenario page may be more than 45% blank by that measure, and
a page holds two scenarios wherever the next one would fit under the first whole. The objective and twists
sit in a framed box beside the seats and setup, and each scenario's grade waits after the last scenario.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.units import mm

from generator.content import load_content
from generator.render.book import MARGIN, SCENARIO_GAP, measured_line
from generator.render.geometry import PAPERS, paper_size
from generator.scenarios import store
from generator.words.book import BookWords
from generator.words.text import Texts
from tests.support import builds

GAMES = ["longhorn", "colt_express", "way_out_west"]
LANGS = ["en", "es", "ja"]
DPI = 40
INK = 200  # a grey level below this is ink (paper is 255; the box's pale fill is well above it)
MOST_BLANK = 0.45  # of the type area's height, below the last drawn element
PDFTOPPM = shutil.which("pdftoppm")

pytestmark = pytest.mark.skipif(PDFTOPPM is None, reason="poppler's pdftoppm is not installed")


def _squash(text: str) -> str:
    return "".join(text.split())


def objective_head(lang: str) -> str:
    return _squash(Texts(lang, "sheets")("book.scenario.objective", objective=""))  # "Objective:", "目標："


@lru_cache(maxsize=None)
def scenario_pages(game: str, paper: str, lang: str) -> list[tuple[int, int, float, float]]:
    """(page number, scenarios on it, blank share below the last ink, drawn height in mm) of every page
    that holds a scenario, before the grades that follow the last one."""
    data, _ = builds.book_pdf(game, paper, lang)
    texts = [_squash(t) for t in builds.page_texts(data)]
    head = objective_head(lang)
    grades = _squash(Texts(lang, "book")("grades.title"))
    counts = {n: t.split(grades)[0].count(head) for n, t in enumerate(texts, 1) if head in t.split(grades)[0]}
    ink = _ink(data, min(counts), max(counts))
    return [(n, count, *ink[n]) for n, count in counts.items()]


def _ink(data: bytes, first: int, last: int) -> dict[int, tuple[float, float]]:
    """Of each page from `first` to `last`: the blank share of its type area below its last inked row,
    and the drawn height (first inked row to last, mm)."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "book.pdf"
        pdf.write_bytes(data)
        subprocess.run([PDFTOPPM, "-gray", "-r", str(DPI), "-f", str(first), "-l", str(last), str(pdf), str(Path(tmp) / "p")],
                       check=True)
        for png in sorted(Path(tmp).glob("p-*.pgm")):
            img = Image.open(png).convert("L")
            margin = round(MARGIN / 25.4 * DPI)
            area = img.crop((margin, margin, img.width - margin, img.height - margin)).point(lambda v: 255 if v < INK else 0)
            box = area.getbbox()
            assert box is not None, png.name
            n = int(png.stem.split("-")[-1])
            out[n] = ((area.height - box[3]) / area.height, (box[3] - box[1]) * 25.4 / DPI)
    return out


def test_the_measure_sees_a_page_drawn_to_its_foot_and_a_blank_one():
    """The measure reads ink, not text: the cover (text to the top only) is mostly blank below, and a
    page two scenarios share is not."""
    data, _ = builds.book_pdf("colt_express", "a4", "en")
    assert _ink(data, 1, 1)[1][0] > 0.2
    two = [(n, blank) for n, count, blank, _ in scenario_pages("colt_express", "a4", "en") if count == 2]
    assert two and all(blank < 0.15 for _, blank in two)


@pytest.mark.fast_case(paper='a4', lang='en')
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_no_scenario_page_is_more_than_45_percent_blank_below_its_last_drawn_element(game, paper, lang):
    pages = scenario_pages(game, paper, lang)
    assert sum(count for _, count, _, _ in pages) == len([e for _, e in store.entries(load_content(game)) if not hasattr(e, "solution")])
    blank = {n: round(share, 2) for n, _, share, _ in pages if share > MOST_BLANK}
    assert not blank, blank


@pytest.mark.fast_case(paper='a4', lang='en')
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", GAMES)
def test_two_scenarios_share_a_page_wherever_both_fit(game, paper, lang):
    """A page holding one scenario, followed by a page holding one, would have held both: their drawn
    heights and the gap between them come to more than the type area's height."""
    frame = paper_size(paper)[1] - 2 * MARGIN
    pages = scenario_pages(game, paper, lang)
    for (n, count, _, height), (m, next_count, _, next_height) in zip(pages, pages[1:]):
        if count == 1 and next_count == 1 and m == n + 1:
            assert height + SCENARIO_GAP + next_height > frame - 1.0, (n, height, next_height, frame)


@pytest.mark.fast_case(paper='a4')
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_two_scenarios_share_most_pages_of_the_books_whose_scenarios_fit_two_to_a_page(game, paper):
    """Every game's scenarios that start at the opening go two to a page on A4 (all but one or two pages
    hold two); Longhorn's on Letter too (their words sit beside the range, under the players)."""
    pages = scenario_pages(game, paper, "en")
    doubled = sum(count == 2 for _, count, _, _ in pages)
    openings = sum(1 for _, e in store.entries(load_content(game)) if not hasattr(e, "solution") and e.turning_point is None)
    assert doubled >= ((openings - 3) // 2 if paper == "a4" or game == "longhorn" else 0)


@pytest.mark.fast_case(lang='en')
@pytest.mark.parametrize("lang", LANGS)
def test_each_scenarios_grade_comes_after_the_last_scenario_not_on_its_page(lang):
    """The measured grade of every scenario (the reference player's wins, the rate and interval, the
    stars) is printed once, in the grades after the last scenario, and on no scenario page."""
    data, _ = builds.book_pdf("way_out_west", "a4", lang)
    texts = [_squash(t) for t in builds.page_texts(data)]
    grades = _squash(Texts(lang, "book")("grades.title"))
    (start,) = [n for n, t in enumerate(texts) if grades in t]
    before = "".join(texts[:start]) + texts[start].split(grades, 1)[0]
    after = texts[start].split(grades, 1)[1] + "".join(texts[start + 1:])
    W = BookWords("way_out_west", lang)
    for sc in [e for _, e in store.entries(load_content("way_out_west")) if not hasattr(e, "solution")]:
        line = _squash(measured_line(sc, W).replace("*", ""))[:30]
        assert line in after and line not in before, sc.id


def test_the_objective_and_twists_sit_in_a_framed_box_beside_the_seats_and_setup():
    from generator.render.book import _styles, collect, scenario_story  # noqa: PLC0415

    data = collect("way_out_west")
    sc, g, state = next((s, g, st) for s, g, st in data.scenarios if s.twists)
    W = BookWords("way_out_west", "en")
    words = scenario_story("way_out_west", sc, g, state, _styles("en"), W, 170 * mm)[-1]
    (box, side), = words._cellvalues
    assert any(cmd[0] == "BOX" for cmd in box._linecmds) and box._bkgrndcmds  # framed, on a pale fill
    boxed = " ".join(f.text for f in box._cellvalues[0][0] if hasattr(f, "text"))
    beside = " ".join(f.text for f in side if hasattr(f, "text"))
    assert "Objective:" in boxed and "Twists" in boxed and "Seats" not in boxed
    assert "Seats" in beside and "Setup" in beside and "Objective:" not in beside


def test_a_longhorn_opening_sets_its_words_beside_the_range_and_a_turning_point_under_it():
    """Longhorn's range leaves a column beside it: an opening's framed objective, seats and setup sit there,
    under the players and over the colours' key, so two openings share a page; a turning point, whose
    column lists herds and nuggets, tells its longer story under a taller range."""
    from generator.render.book import DiagramWithWords, _styles, collect, scenario_story  # noqa: PLC0415
    from generator.render.longhorn import book_diagram_height, book_words_area  # noqa: PLC0415
    from generator.render.geometry import Box  # noqa: PLC0415

    data = collect("longhorn")
    W = BookWords("longhorn", "en")
    opening = next(t for t in data.scenarios if t[0].turning_point is None)
    turning = next(t for t in data.scenarios if t[0].turning_point is not None)
    story = scenario_story("longhorn", *opening, _styles("en"), W, 176 * mm)
    diagram = story[-1]
    assert isinstance(diagram, DiagramWithWords)
    inside = " ".join(f.text for f in diagram.words if hasattr(f, "text"))
    assert "Seats" in inside and "Setup" in inside
    snapshot = opening[2].to_json()["state"]
    area = book_words_area(Box(0, 0, 176, book_diagram_height(2, snapshot)), snapshot)
    assert area is not None and area.x > 100 and area.y >= 10 and area.y1 < book_diagram_height(2, snapshot) - 20
    story = scenario_story("longhorn", *turning, _styles("en"), W, 176 * mm)
    assert not any(isinstance(f, DiagramWithWords) for f in story)
    assert book_diagram_height(2, turning[2].to_json()["state"]) > book_diagram_height(2, snapshot)


def test_words_that_do_not_fit_the_room_beside_a_diagram_go_under_it():
    from generator.render.book import _styles, flowables, words_fit  # noqa: PLC0415
    from generator.render.geometry import Box  # noqa: PLC0415

    words = flowables("Objective: win with at least $4,000 more than every rival, before the last cow leaves the range.", _styles("en"))
    assert words_fit(words, Box(0, 0, 70, 40))
    assert not words_fit(words, Box(0, 0, 70, 3))
    assert not words_fit(words, Box(0, 0, 0, 40))
