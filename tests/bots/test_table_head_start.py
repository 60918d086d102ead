"""A decision table's head start (`Table.head_start`) goes to the seat the table plays, in every game
with the option head_start (`seated_game`, `Game.with_head_start`), other seats getting none; and its
sheet and the how-to print it in every language."""

from __future__ import annotations

import pytest

from generator.bots.table import TableBot, seated_game
from generator.content import load_content, load_table
from generator.games import load_game
from generator.render.solo import howto_markup, table_markup
from generator.words.tables import head_start_line


@pytest.mark.parametrize("game, amount, given", [
    ("colt_express", 1500, lambda st: st.cfg.head),  # dollars with the seat's first bandit
    ("way_out_west", 12, lambda st: [st.rules.head_start.get(p, 0) for p in range(st.n)]),  # VP at the end
])
def test_a_table_head_start_goes_to_the_seat_it_plays(game, amount, given):
    hard = TableBot(0, level="hard")
    hard.table = load_table(load_content(game), "hard", 3).replaced(head_start=amount)
    bots = [TableBot(1, level="normal"), hard, TableBot(2, level="easy")]
    g = seated_game(load_game(game), bots, 3)
    assert g.options["head_start"] == f"2:{amount}"
    assert given(g.new_game(3, 1)) == [0, amount, 0]
    assert seated_game(g, bots, 3) is g  # already seated: the same game, its caches kept


@pytest.mark.parametrize("game, amount, en, es, ja", [
    ("colt_express", 1500, "Head start: this bot adds $1,500 to its loot at the end. "
     "No token: nobody can take it. Its measured strength counts it.", "$1.500", "$1,500"),
    ("way_out_west", 12, "Head start: this bot adds 12 VP to its score at the end. "
     "No token: nobody can take it. Its measured strength counts it.", "12 PV", "12 VP"),
])
def test_a_level_with_a_head_start_prints_it_on_its_sheet_and_the_how_to(game, amount, en, es, ja):
    content = load_content(game)
    hard = load_table(content, "hard", 3).replaced(head_start=amount)
    assert head_start_line(content, hard) == en
    assert es in head_start_line(content, hard, "es") and ja in head_start_line(content, hard, "ja")
    assert head_start_line(content, hard.replaced(head_start=0)) is None
    assert en in howto_markup(game, content, {"hard": hard}) and en in table_markup(game, content, "hard", hard)
