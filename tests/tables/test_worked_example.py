"""Each bot sheet's worked example (issue 35, point 3) is a decision the engine really took in a seeded
game, told by the effort walk as a person follows the sheet: its pick is the table bot's own."""

from __future__ import annotations

import pytest

from generator.content import game_tables, load_content
from generator.render.solo import table_markup
from generator.tables.example import example_lines, find_example

TABLES = [(g, t) for g in ("longhorn", "colt_express", "way_out_west") for t in game_tables(load_content(g))]


@pytest.mark.parametrize("game,table", TABLES, ids=[f"{g}-{t.level}{t.players or ''}" for g, t in TABLES])
def test_the_examples_pick_is_the_bots_pick(game, table):
    content = load_content(game)
    ex = find_example(content, table)
    if ex is None:
        pytest.skip(f"{game} {table.level}: no decision with a choice in the seeded game")
    assert ex.walked.chosen == ex.bot_choice  # the walk reaches what the engine played
    assert find_example(content, table) is ex  # found once, the same in every language
    for lang in ("en", "es", "ja"):
        lines = example_lines(content, table, ex, lang)
        assert ex.labels[ex.bot_choice] in lines[-1]
        markup = table_markup(game, content, table.level, table, lang)
        assert all(line in markup for line in lines)


def test_most_sheets_carry_an_example():
    found = [find_example(load_content(g), t) is not None for g, t in TABLES]
    assert sum(found) >= len(found) - 2, found
