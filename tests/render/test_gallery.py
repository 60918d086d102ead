"""The page gallery (`python -m tests.support.gallery`, PNGs of every kind of page in docs/gallery) finds
each kind of page in a kit and a book."""

from __future__ import annotations

from tests.support.gallery import book_pages, kit_pages


def test_the_gallery_finds_every_kind_of_kit_page_and_book_page():
    kit = {kind for kind, _, _ in kit_pages("longhorn", "a4", "en")}
    assert {"cover", "calibration", "front-pieces-to-cut-out", "back", "page-solo-play", "sheet-solo-play",
            "fold"} <= kit
    _, book = book_pages("longhorn", "a4", "en")
    assert set(book) == {"book-first-page", "book-scenario", "book-grades", "book-puzzle", "book-campaign", "book-appendix"}
    assert len(set(book.values())) == len(book)  # each kind its own page
