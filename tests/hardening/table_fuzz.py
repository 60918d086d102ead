"""The full-screen table's prompt under fuzzed typing, shared by the suite's slice
(test_table_prompt_fuzz.py) and the long soak (`python -m tests.hardening.fuzz_soak`): any typed line,
control characters, a long paste or a key the table does not use leaves the game going; then quit
saves it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from hypothesis import strategies as st
from textual import events
from textual.widgets import Input

from tests.referee.table_pilot import seated

GAMES = st.sampled_from([("longhorn", "you,table:normal"), ("way_out_west", "you,random,random"),
                         ("colt_express", "you,random,random")])
TYPED = st.lists(st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(["x" * 2000, "help", "undo", "hint", "list", "log", "save /dev/null", "save", "board", "fast",
                     "99", "0", "-1", "²", "\x00", "quit now", "move-cowboys", "bid", "١", "  "]),
), min_size=1, max_size=4)
KEYS = st.lists(st.sampled_from(["up", "down", "pageup", "pagedown", "home", "end", "tab", "escape", "backspace",
                                 "f1", "f4", "escape", "ctrl+z", "space"]), max_size=4)

TYPED_KEYS = 8  # a key press redraws the table (about 0.15 s under the pilot): the rest of a line is pasted


def prompt_session(game: tuple[str, str], lines: list[str], keys: list[str], tmp: Path, seed: int = 5):
    """Seat `game` (id, seats) at an 80x24 table, type `lines` (Enter after each) and press `keys`, then
    quit; the table's result (its status and the save it wrote)."""
    referee, app = seated(game[0], game[1], seed, tmp)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            for line in lines:
                await pilot.pause()
                for ch in line[:TYPED_KEYS]:  # typed key by key; the rest of a long line arrives as a paste
                    if ch.isprintable():
                        await pilot.press(ch if len(ch) == 1 and ch.isalnum() else "space" if ch == " " else ch)
                if line[TYPED_KEYS:]:
                    app.query_one("#input", Input).post_message(events.Paste(line[TYPED_KEYS:]))
                    await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
                if app.return_value is not None or app.waiting == "end":
                    break  # it quit (a typed quit), or the game is over
                await asyncio.wait_for(app.asked.wait(), 60)
            if app.return_value is None:
                for key in keys:
                    await pilot.press(key)
                await pilot.pause()
                if app.waiting != "end":
                    await pilot.press("ctrl+q")
                await pilot.pause()

    asyncio.run(asyncio.wait_for(session(), 120))
    return app.return_value


def session_problem(game: str, result) -> str | None:
    """What is wrong with a fuzzed session's end (None when it quit or finished, its save loadable)."""
    if result is None or result.status not in ("quit", "finished"):
        return f"the table ended with {result!r}"
    if result.save_path is not None and json.loads(result.save_path.read_text())["record"]["game"] != game:
        return f"the save {result.save_path} is not a {game} game"
    return None
