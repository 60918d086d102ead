"""Snapshots of the full-screen table (pytest-textual-snapshot: the screen as SVG, compared with the file
kept under __snapshots__/; `pytest --snapshot-update` records them anew after a change meant): a seeded
game of each title at its first decision at 80x24 and 120x40, and the help screen. The end page of each
title at 80x24 is a snapshot of test_table_<game>.py, taken at the end of its whole game. Seeded games,
fixed sizes, and the save's path relative (the test runs in its own folder), so each screen is the same
every time."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from .table_pilot import SIZE_IDS, SIZES, seated

GAMES = {"longhorn": "you,table:normal", "colt_express": "you,table:normal,table:normal",
         "way_out_west": "you,table:easy,table:easy"}


def _table(game: str, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return seated(game, GAMES[game], 1, Path("."))


async def _first_decision(app, pilot) -> None:
    """Up to the first decision, then the same screen whatever the timing: the input's cursor kept still
    (it blinks). (The board's form is chosen from the position and the window's size whenever it is drawn,
    so no resize is needed to settle it.)"""
    app.query_one("#input").cursor_blink = False
    await asyncio.wait_for(app.asked.wait(), 60)
    await asyncio.sleep(0.2)
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_first_decision(snap_compare, game, size, tmp_path, monkeypatch):
    referee, app = _table(game, tmp_path, monkeypatch)
    try:
        assert snap_compare(app, terminal_size=size, run_before=lambda pilot: _first_decision(app, pilot))
    finally:
        app.stop_thread()


def test_the_help_screen(snap_compare, tmp_path, monkeypatch):
    referee, app = _table("colt_express", tmp_path, monkeypatch)  # a game whose pile pauses: every key listed

    async def help_open(pilot):
        await _first_decision(app, pilot)
        await pilot.press("f1")
        await asyncio.sleep(0.2)
        await pilot.pause()

    try:
        assert snap_compare(app, terminal_size=(80, 24), run_before=help_open)
    finally:
        app.stop_thread()
