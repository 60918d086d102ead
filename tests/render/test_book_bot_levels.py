"""A book's bot levels are read without turning a leaf (issue 38: "bot sheets one level per sheet or all
levels on one spread"): a level that fits a page is set whole on one page; a level of up to two pages
starts on an even page, the left of an opening (the book's first page is a right-hand page), so its two
pages face each other. A level longer than two pages flows on (no opening holds it)."""

from __future__ import annotations

import pytest

from generator.render import book as B

BOOKS = [("way_out_west", "a4", "en"), ("way_out_west", "letter", "es"), ("colt_express", "a4", "es"),
         ("colt_express", "letter", "en")]


def _level_pages(monkeypatch, game: str, paper: str, lang: str) -> list[tuple[int, int, float]]:
    """(first page, last page, height in pages) of each bot level the book prints, read from where its first
    and last flowables are drawn."""
    levels: list[str] = []
    pages: dict[tuple[int, str], int] = {}
    heights: dict[int, float] = {}
    real_markup, real_flowables = B.table_markup, B.flowables

    def markup(*a, **k):
        m = real_markup(*a, **k)
        levels.append(m)
        return m

    def flowables(text, st, width=None):
        out = real_flowables(text, st, width)
        if text in levels:
            n = levels.index(text)
            heights[n] = B._height(out, width) / ((B.paper_size(paper)[1] - 2 * B.MARGIN) * B.mm)
            for tag, f in (("first", out[0]), ("last", out[-1])):
                draw_on = f.drawOn

                def spy(canv, x, y, _sW=0, tag=tag, draw_on=draw_on, n=n):
                    pages[(n, tag)] = canv.getPageNumber()
                    return draw_on(canv, x, y, _sW)
                f.drawOn = spy
        return out

    monkeypatch.setattr(B, "table_markup", markup)
    monkeypatch.setattr(B, "flowables", flowables)
    B.render_book(game, paper, lang)
    return [(pages[(n, "first")], pages[(n, "last")], heights[n]) for n in range(len(levels))]


@pytest.mark.fast_case(paper="a4", lang="en")  # the rest of the paper and language matrix is slow
@pytest.mark.parametrize("game,paper,lang", BOOKS)
def test_each_bot_level_of_a_book_is_on_one_page_or_one_opening(monkeypatch, game, paper, lang):
    for first, last, height in _level_pages(monkeypatch, game, paper, lang):
        if height <= 1:
            assert first == last, (game, paper, lang, first, last, height)
        elif height <= 2 * B.TWO_PAGES:
            assert first % 2 == 0 and last == first + 1, (game, paper, lang, first, last, height)


def test_the_books_checked_hold_one_page_and_two_page_levels(monkeypatch):
    heights = [h for _, _, h in _level_pages(monkeypatch, *BOOKS[2])]
    assert any(h <= 1 for h in heights) and any(1 < h <= 2 * B.TWO_PAGES for h in heights), heights
