"""The full-screen table plays a whole seeded game of Colt Express (3 players) at 80x24 and 120x40,
the person taking the highlighted choice: at every decision the whole board and the choices are on
screen, and the game ends on its complete breakdown (table_pilot.py). The pile resolves one card a
step: Space goes on at 80x24 (every card pauses), f runs the rest of the round at 120x40 (fewer)."""

from __future__ import annotations

import pytest

from .table_pilot import SIZE_IDS, whole_game


@pytest.mark.parametrize("size,go_on", [((80, 24), "space"), ((120, 40), "f")], ids=SIZE_IDS)
def test_a_whole_game_at_the_table_keeps_the_board_in_view(tmp_path, size, go_on, snap_compare, monkeypatch):
    snap = snap_compare if size == (80, 24) else None  # the end page at 80x24 is a snapshot too
    monkeypatch.chdir(tmp_path)
    app = whole_game(tmp_path, "colt_express", "you,table:normal,table:normal", 1, size,
                     ["how the loot adds up", "Gunslinger", "tie-break"], go_on, snap_compare=snap)
    assert app.pauses >= (20 if go_on == "space" else 1)
    assert "pile: [" not in app.log_text  # the pile waits beside the choices, not again in the log
    if size == (80, 24):
        assert app.forms == {"compact"}  # the full board is too tall for 80x24
