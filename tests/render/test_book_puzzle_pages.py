"""Puzzle pages that fill the page (issue 38, "books that fill their pages"): in the Colt Express and Way Out
West books (A4 and Letter, en/es/ja) two puzzles share a page wherever both fit whole, no puzzle's parts
(heading, diagram, lines, question) are split over two pages, and nothing on a puzzle page is drawn over
anything else.

Where each puzzle's parts are drawn is read from the book as it is made (each part's page and box, as the
frame places it); the words on the pages from poppler's `pdftotext -bbox`. A puzzle is set lower where
that lets it share a page (`book.puzzle_story(..., tight=True)`: the lines at the small size, the diagram
as low as its position allows); its height so set is what decides whether two would have fit.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from functools import lru_cache

import pytest
from reportlab.platypus import Spacer

from generator.render import book as B
from generator.render.geometry import PAPERS, paper_size

GAMES = ["colt_express", "way_out_west"]
LANGS = ["en", "es", "ja"]
PDFTOTEXT = shutil.which("pdftotext")
# pages holding two puzzles, at least (measured en/es/ja: Way Out West 17/17/17 on A4, 14/14/16 on Letter of its
# 35; Colt Express 17/14/17 on A4, 5/1/17 on Letter of its 36: its English and Spanish lines rarely leave room on
# Letter, which the test of two that would fit holds it to)
LEAST_SHARED = {("way_out_west", "a4"): 14, ("way_out_west", "letter"): 10, ("colt_express", "a4"): 10, ("colt_express", "letter"): 0}


@lru_cache(maxsize=None)
def puzzle_layout(game: str, paper: str, lang: str) -> tuple[bytes, dict[str, list[tuple]], dict[str, float]]:
    """The book's bytes; {puzzle id: [(page, x0, y0, x1, y1) of each part drawn, points]}; {puzzle id: its
    height set low (points)}."""
    parts: dict[str, list[tuple]] = {}
    low: dict[str, float] = {}
    frame_w = (paper_size(paper)[0] - 2 * B.MARGIN) * B.mm
    real = B.puzzle_story

    def story(game_, pz, g, state, st, W, tight=False):
        out = real(game_, pz, g, state, st, W, tight=tight)
        (kept,) = out
        if tight:
            low[pz.id] = B._height(kept._content, frame_w)
        for f in kept._content:
            if isinstance(f, Spacer):
                continue
            draw_on = f.drawOn

            def spy(canv, x, y, _sW=0, f=f, draw_on=draw_on, ident=pz.id):
                w, h = f.wrap(frame_w, 1e6)
                parts.setdefault(ident, []).append((canv.getPageNumber(), x, y, x + w, y + h))
                return draw_on(canv, x, y, _sW)

            f.drawOn = spy
        return out

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(B, "puzzle_story", story)
        data, _ = B.render_book(game, paper, lang)
    return data, parts, low


def _pages(parts: dict[str, list[tuple]]) -> dict[int, list[str]]:
    """{page: the puzzles drawn on it, in the book's order}."""
    out: dict[int, list[str]] = {}
    for ident, drawn in parts.items():
        for page in dict.fromkeys(d[0] for d in drawn):
            out.setdefault(page, []).append(ident)
    return dict(sorted(out.items()))


def _words(data: bytes, first: int, last: int) -> dict[int, list[tuple[float, float, float, float, str]]]:
    out = subprocess.run([PDFTOTEXT, "-bbox", "-f", str(first), "-l", str(last), "-", "-"], input=data, capture_output=True,
                         check=True).stdout.decode("utf-8")
    pages = {}
    for n, page in enumerate(out.split("<page ")[1:], first):
        pages[n] = [(float(a), float(b), float(c), float(d), html.unescape(w)) for a, b, c, d, w in
                    re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', page)]
    return pages


BOOKS = [pytest.param(g, p, lang) for g in GAMES for p in PAPERS for lang in LANGS]


@pytest.mark.fast_case(game="colt_express", paper="a4", lang="en")  # (Way Out West's: the slow tier)
@pytest.mark.parametrize("game,paper,lang", BOOKS)
def test_each_puzzle_is_whole_on_one_page_and_no_part_is_drawn_over_another(game, paper, lang):
    data, parts, _ = puzzle_layout(game, paper, lang)
    assert set(parts) == {pz.id for pz, _, _ in B.collect(game).puzzles}
    split = {ident: sorted({d[0] for d in drawn}) for ident, drawn in parts.items() if len({d[0] for d in drawn}) > 1}
    assert not split, split
    drawn = [(ident, *d) for ident, ds in parts.items() for d in ds]
    for i, (a, pa, *ra) in enumerate(drawn):
        for b, pb, *rb in drawn[i + 1:]:
            if pa == pb:
                dx = min(ra[2], rb[2]) - max(ra[0], rb[0])
                dy = min(ra[3], rb[3]) - max(ra[1], rb[1])
                assert dx <= 0.5 or dy <= 0.5, (pa, a, b, ra, rb)


@pytest.mark.skipif(PDFTOTEXT is None, reason="poppler's pdftotext is not installed")
@pytest.mark.fast_case(game="colt_express", paper="a4", lang="en")  # (Way Out West's: the slow tier)
@pytest.mark.parametrize("game,paper,lang", BOOKS)
def test_no_word_on_a_puzzle_page_is_printed_over_another(game, paper, lang):
    data, parts, _ = puzzle_layout(game, paper, lang)
    pages = _pages(parts)
    for n, words in _words(data, min(pages), max(pages)).items():
        for i, a in enumerate(words):
            for b in words[i + 1:]:
                dx = min(a[2], b[2]) - max(a[0], b[0])
                dy = min(a[3], b[3]) - max(a[1], b[1])
                # a word's box is its font's whole height (more than the leading): lines set close share a
                # sliver of it; a word printed over another shares most of it
                assert dx <= 0.5 or dy <= 0.3 * min(a[3] - a[1], b[3] - b[1]), (n, a, b)


@pytest.mark.fast_case(paper="a4", lang="en")
@pytest.mark.parametrize("game,paper,lang", BOOKS)
def test_two_puzzles_share_a_page_wherever_both_fit(game, paper, lang):
    """A page holding one puzzle, followed by a page holding the next one alone, could not have held both:
    their heights set low and the gap between them come to more than the type area's height. (The first
    puzzle page is left out: the puzzles' introduction takes its top.)"""
    _, parts, low = puzzle_layout(game, paper, lang)
    frame = (paper_size(paper)[1] - 2 * B.MARGIN) * B.mm
    pages = _pages(parts)
    first = min(pages)
    for (n, on_n), (m, on_m) in zip(pages.items(), list(pages.items())[1:]):
        if n > first and m == n + 1 and len(on_n) == 1 and len(on_m) == 1:
            a, b = on_n[0], on_m[0]
            assert low[a] + B.PUZZLE_GAP * B.mm + low[b] > frame - B.mm, (n, a, b, low[a] / B.mm, low[b] / B.mm, frame / B.mm)


@pytest.mark.fast_case(paper="a4", lang="en")
@pytest.mark.parametrize("game,paper,lang", BOOKS)
def test_puzzles_go_two_to_a_page(game, paper, lang):
    _, parts, _ = puzzle_layout(game, paper, lang)
    shared = [n for n, on in _pages(parts).items() if len(on) == 2]
    assert all(len(on) <= 2 for on in _pages(parts).values())
    assert len(shared) >= LEAST_SHARED[(game, paper)], (game, paper, lang, shared)
