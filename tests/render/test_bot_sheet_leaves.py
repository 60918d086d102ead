"""A bot level a person runs is read from one leaf (issue 38): printed two-sided, a level's sheet that
fills two pages starts on a front, so its second page is that leaf's back, never the next leaf's
front; one-sided kits keep their pages as they are."""

from __future__ import annotations

import pytest

from generator.render import kit as kitmod


def _levels(pages) -> list[tuple[int, int]]:
    """(first page number, pages) of each solo sheet that begins a part."""
    return [(i, pg.leaf) for i, pg in enumerate(pages, 1) if pg.kind == "sheet" and pg.leaf]


@pytest.mark.parametrize("game,paper,lang", [("way_out_west", "a4", "en"), ("way_out_west", "letter", "ja"),
                                             ("longhorn", "letter", "es")])
def test_a_two_page_bot_level_lies_on_the_two_sides_of_one_leaf(game, paper, lang):
    pages = kitmod.plan(game, paper, "long", lang=lang).pages
    two = [(i, n) for i, n in _levels(pages) if n == 2]
    assert two, "these kits have a level that fills two pages"
    for first, _ in two:
        assert first % 2 == 1, f"{game} {paper} {lang}: a two-page level starts on page {first}, a back"
        assert pages[first].kind == "sheet" and pages[first].leaf == 0  # its second page is the same leaf's back


def test_way_out_west_levels_each_take_one_leaf_and_the_kit_no_more_pages():
    pages = kitmod.plan("way_out_west", "a4", "long", lang="en").pages
    assert [n for _, n in _levels(pages)] == [2, 2, 2, 2]
    assert len(pages) == 26  # the blank that ended the kit now follows the how-to page


def test_one_sided_kits_keep_their_pages_as_they_are():
    pages = kitmod.plan("way_out_west", "a4", "none", lang="en").pages
    assert not any(pg.kind == "blank" for pg in pages)
