"""Issue 37: at 80x24 nothing on the table's status line or on Way Out West's free-boxes line is cut, for
every player count: each is said the roomiest way that fits 80 columns (views.Fit), shorter when the
full sentence does not fit (Colt Express with 6 bandits, Way Out West with 5 players)."""

from __future__ import annotations

import asyncio

import pytest

from generator.referee.table.board import Board
from generator.words.text import Texts

from .table_pilot import check_board_in_view, seated

CASES = [("colt_express", n, "en") for n in range(2, 7)] + [("way_out_west", n, "en") for n in range(3, 6)] + [
    ("colt_express", 6, "es"), ("colt_express", 6, "ja"), ("way_out_west", 5, "es"), ("way_out_west", 5, "ja")]


async def at_a_decision_with_scores(app, game: str):
    """The status line and the board at the first decision where the scores are known (Colt Express: after
    the bandits are chosen)."""
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            if app.waiting == "decide" and (game != "colt_express" or "$" in str(app.status.forms[0])):
                break
            await pilot.press("enter" if app.waiting == "decide" else "f")
        await pilot.pause()
        check_board_in_view(app, (80, 24))
        status = app.query_one("#status").render_line(0).text
        board = [("".join(s.text for s in line)) for line in app.query_one("#board", Board).lines]
        fit = app.status
        await pilot.press("ctrl+q")
    app.stop_thread()
    return status, fit, board


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("game,players,lang", CASES, ids=[f"{g}-{n}-{lang}" for g, n, lang in CASES])
def test_the_status_line_and_the_free_boxes_fit_80_columns(game, players, lang, tmp_path):
    seats = ",".join(["you"] + ["table:easy"] * (players - 1))
    referee, app = seated(game, seats, 3, tmp_path, lang=lang)
    status, fit, board = asyncio.run(at_a_decision_with_scores(app, game))
    forms = [form.plain for form in fit.forms]
    assert status.rstrip() in forms, f"the status line is cut: {status!r} (forms: {forms})"
    assert "…" not in status
    if game == "colt_express":
        assert "$" in forms[0]  # the scores are known: the roomiest form tells them
    if game == "way_out_west":
        W = Texts(lang, "referee")
        starts = [i for i, line in enumerate(board) if line.startswith((W("way_out_west.free_boxes"), W("way_out_west.free_short")))]
        assert len(starts) == 1, board
        told = board[starts[0]:starts[0] + 2]
        assert not any("…" in line for line in told), told
        assert any(W("way_out_west.box_short.gunfight") in line or "Gunfight" in line for line in told), told  # the last box: nothing dropped
