"""The full-screen table plays a whole seeded game of Longhorn (2 players) at 80x24 and 120x40, the person
taking the highlighted choice: at every decision the whole board and the choices are on screen, and
the game ends on its complete breakdown (table_pilot.py)."""

from __future__ import annotations

import pytest

from .table_pilot import SIZE_IDS, SIZES, whole_game


@pytest.mark.fast_case(size=(80, 24))  # (the same game at 120x40 is in the slow tier)
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_a_whole_game_at_the_table_keeps_the_board_in_view(tmp_path, size, snap_compare, monkeypatch):
    snap = snap_compare if size == (80, 24) else None  # the end page at 80x24 is a snapshot too
    monkeypatch.chdir(tmp_path)
    app = whole_game(tmp_path, "longhorn", "you,table:normal", 1, size, ["how the money adds up", "nuggets"], snap_compare=snap)
    if size == (80, 24):
        assert app.forms == {"compact"}  # the full board is too tall for 80x24
    else:
        assert app.forms == {"full"}  # 120x40 has room for the full board
