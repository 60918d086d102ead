"""Issue 37: the board's form (full or compact) depends only on the position and the window's size when
it is drawn, never on what was drawn before: at 120x40 the first board was sometimes compact under load
(a board drawn while the window's size was not yet known, or a taller position in between, left it
compact). A new window size draws it again."""

from __future__ import annotations

import asyncio

from rich.text import Text

from generator.referee.table.board import Board

from .table_pilot import check_board_in_view, seated


class Taller:
    """The game's view, except that a position marked `tall` draws a full board too tall for any window."""

    def __init__(self, view):
        self.view = view

    def __getattr__(self, name):
        return getattr(self.view, name)

    def draw(self, obs, seat):
        return Text("\n".join(["tall"] * 60)) if obs.get("tall") else self.view.draw(obs, seat)


def test_the_form_depends_on_the_position_and_the_window_alone(tmp_path):
    referee, app = seated("longhorn", "you,table:normal", 1, tmp_path)

    async def look():
        async with app.run_test(size=(120, 40)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            board = app.query_one("#board", Board)
            forms = [board.form]
            obs, seat = board.position
            board.view = Taller(board.view)
            board.show({**obs, "tall": True}, seat)  # a position whose full board does not fit
            forms.append(board.form)
            board.show(obs, seat)  # then the first one again, in the same window
            forms.append(board.form)
            await pilot.pause()
            check_board_in_view(app, (120, 40))
            await pilot.resize_terminal(80, 24)  # a smaller window: drawn again, compact
            await pilot.pause()
            await asyncio.sleep(0.2)
            forms.append(board.form)
            check_board_in_view(app, (80, 24))
            await pilot.resize_terminal(120, 40)  # and the full board again when the room comes back
            await pilot.pause()
            await asyncio.sleep(0.2)
            forms.append(board.form)
            check_board_in_view(app, (120, 40))
            await pilot.press("ctrl+q")
        app.stop_thread()
        return forms

    assert asyncio.run(look()) == ["full", "compact", "full", "compact", "full"]


def test_a_board_drawn_before_the_window_had_its_size_is_drawn_again_for_it(tmp_path):
    """The same position shown again once the window's size is known is laid out for that size (before, the
    same position was never drawn again)."""
    referee, app = seated("longhorn", "you,table:normal", 1, tmp_path)

    async def look():
        async with app.run_test(size=(120, 40)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            board = app.query_one("#board", Board)
            obs, seat = board.position
            app._size = type(app.size)(80, 24)  # as if drawn while the window still looked like 80x24
            board.lay_out()
            before = board.form
            app._size = type(app.size)(120, 40)  # the size known, then the position shown again
            board.show(obs, seat)
            after = board.form
            await pilot.press("ctrl+q")
        app.stop_thread()
        return before, after

    assert asyncio.run(look()) == ("compact", "full")
