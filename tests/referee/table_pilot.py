"""Driving the full-screen table with Textual's pilot (shared by the test_table*.py files): seat a game,
play it through taking the highlighted choice, and check at every decision that the whole board and
the choices are on screen."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.segment import Segment

from generator.bots import seated_for
from generator.games import load_game
from generator.referee import saves
from generator.referee.loop import Referee
from generator.referee.table import table_referee
from generator.referee.table.board import Board
from generator.referee.table.screens import EndPage

SIZES = [(80, 24), (120, 40)]
SIZE_IDS = ["80x24", "120x40"]


def seated(game: str, seats: str, seed: int, tmp_path, **kwargs):
    spec = seats.split(",")
    g = seated_for(load_game(game), [None if saves.is_human(s) else s for s in spec])
    return table_referee(Referee, game=g, seats=spec, seed=seed, save_path=tmp_path / "game.json", **kwargs)


def check_board_in_view(app, size) -> None:
    board = app.query_one("#board", Board)
    width, height = size
    region = board.region
    assert board.lines, "the board is drawn"
    assert region.x >= 0 and region.y >= 0 and region.right <= width and region.bottom <= height, region
    assert len(board.lines) <= region.height, f"{len(board.lines)} lines in {region.height} rows ({board.form})"
    assert max(Segment.get_line_length(line) for line in board.lines) <= region.width
    listing = app.query_one("#choices")
    assert listing.option_count > 0
    assert listing.region.height >= 3 and listing.region.bottom <= height


async def drive(app, pilot, size, go_on: str = "space") -> None:
    """Answer every question with the highlighted choice (`go_on` on a pause: Space, or f for the rest of
    the round), checking the board at every decision, up to the end page (where Enter is pressed once: it
    stays). Counts the decisions and pauses and keeps the board's forms seen, the end's and the log's text."""
    app.decisions, app.pauses, app.forms = 0, 0, set()
    app.query_one("#input").cursor_blink = False  # a snapshot shows the same cursor whenever it is taken
    while True:
        await asyncio.wait_for(app.asked.wait(), 120)
        if app.waiting == "pause":  # nothing to look at on screen: go on at once
            app.pauses += 1
            await pilot.press(go_on)
            continue
        await pilot.pause()
        if app.waiting == "end":
            break
        check_board_in_view(app, size)
        app.forms.add(app.query_one("#board", Board).form)
        app.decisions += 1
        await pilot.press("enter")
    app.end_text = app.screen.text()
    app.log_text = "\n".join(line.text for line in app.query_one("#log").lines)
    await pilot.press("enter")  # a finger still on Enter after the last move: the end stays
    await pilot.pause()
    app.stayed = isinstance(app.screen, EndPage)


async def play_through(app, size, go_on: str = "space") -> None:
    async with app.run_test(size=size) as pilot:
        await drive(app, pilot, size, go_on)
        await pilot.press("q")


def whole_game(tmp_path, game: str, seats: str, seed: int, size, breakdown: list[str], go_on: str = "space", snap_compare=None):
    """A whole seeded game at the table: the board in view at every decision, the end's breakdown complete.
    With `snap_compare` (pytest-textual-snapshot), the end page is also compared with its snapshot (the
    test runs in `tmp_path`, so the save's path on the page is the same every time)."""
    if snap_compare is None:
        referee, app = seated(game, seats, seed, tmp_path)
        asyncio.run(play_through(app, size, go_on))
        result, matched = app.return_value, True
    else:
        referee, app = seated(game, seats, seed, Path("."))
        matched = snap_compare(app, terminal_size=size, run_before=lambda pilot: drive(app, pilot, size, go_on))
        app.stop_thread()
        result = app.final
    assert app.decisions > 3
    assert result is not None and result.status == "finished"
    assert referee.state.is_over
    for words in breakdown:
        assert words in app.end_text
    assert "winner" in app.end_text.lower() or "wins" in app.end_text.lower()
    assert (tmp_path / "game.json").exists()
    assert app.stayed, "Enter on the end page leaves the table"
    assert matched, "the end page differs from its snapshot (pytest --snapshot-update records it anew)"
    return app
