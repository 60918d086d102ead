"""`saloon tables show` prints what the kit prints (issue 35, point 3): the sheet's strength line with its
opponents in words (never a bot spec), its worked example, and the how-to page's text."""

from __future__ import annotations

import pytest

from generator.commands.tables import _plain, show_text
from generator.content import load_content, load_table
from generator.render.solo import howto_markup, strength_in_words
from generator.words.tables import table_label


@pytest.mark.parametrize("game", ["longhorn", "colt_express", "way_out_west"])
def test_show_prints_the_kits_strength_line_and_how_to(game):
    content = load_content(game)
    table = load_table(content, "normal")
    lines = show_text(game, "normal")
    assert lines[1] == strength_in_words(table)
    assert "mcts:" not in "\n".join(lines)
    howto = _plain(howto_markup(game, content, {table_label(table): table}))
    text = "\n".join(lines)
    assert all(line in text for line in howto if line.strip())
