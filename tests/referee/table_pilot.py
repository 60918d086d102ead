"""Driving the full-screen table with Textual's pilot (shared by the test_table*.py files): seat a game,
play it through taking the highlighted choice, and check at every decision that the whole board and
the choices are on screen."""

from __future__ import annotations

import asyncio

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


async def play_through(app, size, go_on: str = "space") -> tuple[int, set[str]]:
    """Answer every question with the highlighted choice (`go_on` on a pause: Space, or f for the rest of
    the round); returns the decisions made and the board's forms seen."""
    decisions, forms = 0, set()
    app.pauses = 0
    async with app.run_test(size=size) as pilot:
        while True:
            await asyncio.wait_for(app.asked.wait(), 120)
            await pilot.pause()
            if app.waiting == "end":
                break
            if app.waiting == "pause":
                app.pauses += 1
                await pilot.press(go_on)
                continue
            check_board_in_view(app, size)
            forms.add(app.query_one("#board", Board).form)
            decisions += 1
            await pilot.press("enter")
        app.end_text = app.screen.text()
        app.log_text = "\n".join(line.text for line in app.query_one("#log").lines)
        await pilot.press("enter")  # a finger still on Enter after the last move: the end stays
        await pilot.pause()
        app.stayed = isinstance(app.screen, EndPage)
        await pilot.press("q")
    return decisions, forms


def whole_game(tmp_path, game: str, seats: str, seed: int, size, breakdown: list[str], go_on: str = "space"):
    """A whole seeded game at the table: the board in view at every decision, the end's breakdown complete."""
    referee, app = seated(game, seats, seed, tmp_path)
    decisions, forms = asyncio.run(play_through(app, size, go_on))
    assert decisions > 3
    assert app.return_value is not None and app.return_value.status == "finished"
    assert referee.state.is_over
    for words in breakdown:
        assert words in app.end_text
    assert "winner" in app.end_text.lower() or "wins" in app.end_text.lower()
    assert (tmp_path / "game.json").exists()
    assert app.stayed, "Enter on the end page leaves the table"
    app.forms = forms
    return app
