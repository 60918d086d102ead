"""The full-screen table plays a whole seeded game of Colt Express (3 players) at 80x24 and 120x40,
the person taking the highlighted choice: at every decision the whole board and the choices are on
screen, and the game ends on its complete breakdown (table_pilot.py). The pile resolves one card a
step: Space goes on at 80x24 (every card pauses), f runs the rest of the round at 120x40 (fewer)."""

from __future__ import annotations

import pytest

from .table_pilot import SIZE_IDS, whole_game


@pytest.mark.slow
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


def test_while_a_pile_card_is_told_the_board_shows_the_train_as_that_card_leaves_it():
    """A move can resolve several cards of the pile, and the last one ends the round and deals the next:
    each card's line keeps the position right after that card (the engine's kept frames), so the board
    shown while play pauses on it is that round's train, not the next round's."""
    import random

    from generator.games import load_game
    from generator.referee.tracking import Tracker
    from generator.referee.views import get_view

    g = load_game("colt_express")
    state, rng = g.new_game(3, seed=3), random.Random(3)
    state.full_narration()
    tracker = Tracker([0], get_view("colt_express", g.content), ["Seat 1", "Seat 2", "Seat 3"])
    checked = ended = 0
    while not state.is_over and ended < 2:
        round_before = state.round_no
        step = tracker.apply(state, rng.choice(state.legal_actions()))
        cards = [line for line in step.told[0] if line.entry and line.entry.get("kind") == "card"]
        for line in cards:
            assert line.frame is not None, line.text
            assert line.frame.res == line.entry["card"] and line.frame.round_no == round_before, line.text
            checked += 1
        if cards and state.round_no != round_before:
            ended += 1  # the move that dealt the next round: its cards were still shown in the round they ended
    assert ended == 2 and checked >= 10
    assert state.take_frames() == [] and state.clone().frames is None  # nothing kept beyond the referee's copies
