"""The full-screen table plays a whole seeded game of Way Out West (3 players) at 80x24 and 120x40, the person
taking the highlighted choice: at every decision the whole board and the choices are on screen, and
the game ends on its complete breakdown (table_pilot.py)."""

from __future__ import annotations

import pytest

from .table_pilot import SIZE_IDS, SIZES, whole_game


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_whole_game_at_the_table_keeps_the_board_in_view(tmp_path, size, snap_compare, monkeypatch):
    snap = snap_compare if size == (80, 24) else None  # the end page at 80x24 is a snapshot too
    monkeypatch.chdir(tmp_path)
    app = whole_game(tmp_path, "way_out_west", "you,table:easy,table:easy", 1, size, ["how the victory points add up", "most wanted", "most money"], snap_compare=snap)
    if size == (80, 24):
        assert app.forms == {"compact"}  # the full board is too tall for 80x24
