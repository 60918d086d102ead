"""A bot level a person runs is read from one leaf (issue 38): printed two-sided, a level's sheet that
fills two pages starts on a front, so its second page is that leaf's back, never the next leaf's
front; one-sided kits keep their pages as they are."""

from __future__ import annotations

import pytest

from generator.render import kit as kitmod


def _levels(pages) -> list[tuple[int, int]]:
    """(first page number, pages) of each solo sheet that begins a part."""
    return [(i, pg.leaf) for i, pg in enumerate(pages, 1) if pg.kind == "sheet" and pg.leaf]


# kits whose levels have filled two pages with some version of the tables (which level does changes
# with the tables, so the check runs over all of them and asks for at least one two-page level in all)
KITS = [("way_out_west", "a4", "en"), ("way_out_west", "letter", "ja"), ("longhorn", "letter", "es"),
        ("colt_express", "letter", "es")]


@pytest.fixture(scope="module")
def planned_pages():
    return {k: kitmod.plan(k[0], k[1], "long", lang=k[2]).pages for k in KITS}


def test_a_two_page_bot_level_lies_on_the_two_sides_of_one_leaf(planned_pages):
    seen = 0
    for (game, paper, lang), pages in planned_pages.items():
        for first, n in _levels(pages):
            assert n <= 2, f"{game} {paper} {lang}: a level on page {first} fills {n} pages, more than a leaf"
            if n == 2:
                seen += 1
                assert first % 2 == 1, f"{game} {paper} {lang}: a two-page level starts on page {first}, a back"
                assert pages[first].kind == "sheet" and pages[first].leaf == 0  # its second page is the same leaf's back
    assert seen, "none of these kits has a level that fills two pages: the check saw nothing"


def test_a_one_page_level_takes_no_blank_before_it(planned_pages):
    """Only a two-page level is moved to a front: a one-page level follows on the next page, front or back,
    and a two-sided kit ends on a back."""
    for (game, paper, lang), pages in planned_pages.items():
        assert len(pages) % 2 == 0, (game, paper, lang)
        for first, n in _levels(pages):
            if n == 1:
                assert pages[first - 2].kind != "blank", f"{game} {paper} {lang}: a blank before the level on page {first}"


def test_one_sided_kits_keep_their_pages_as_they_are():
    pages = kitmod.plan("way_out_west", "a4", "none", lang="en").pages
    assert not any(pg.kind == "blank" for pg in pages)
