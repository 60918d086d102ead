"""Fuzzing the full-screen table's prompt (bounded, a slice in the suite): any typed line, control
characters, a long paste or a key the table does not use leaves the game going; then quit saves it."""

from __future__ import annotations

import asyncio
import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.referee.table_pilot import seated

# a table session takes about a second: 10 cases in the suite (SALOON_FUZZ_TABLE=500 for a long run)
TABLE_FUZZ = settings(max_examples=int(os.environ.get("SALOON_FUZZ_TABLE", "10")), deadline=None, database=None,
                      derandomize=not os.environ.get("SALOON_FUZZ_RANDOM"), suppress_health_check=list(HealthCheck))

TYPED = st.lists(st.one_of(
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30),
    st.sampled_from(["x" * 2000, "help", "undo", "hint", "list", "log", "save /dev/null", "save", "board", "fast",
                     "99", "0", "-1", "²", "\x00", "quit now", "move-cowboys", "bid", "١", "  "]),
), min_size=1, max_size=4)
KEYS = st.lists(st.sampled_from(["up", "down", "pageup", "pagedown", "home", "end", "tab", "escape", "backspace",
                                 "f1", "f4", "escape", "ctrl+z", "space"]), max_size=4)


@TABLE_FUZZ
@given(game=st.sampled_from([("longhorn", "you,table:normal"), ("way_out_west", "you,random,random"),
                             ("colt_express", "you,random,random")]), lines=TYPED, keys=KEYS)
def test_anything_typed_at_the_table_leaves_the_game_going_and_quit_saves_it(tmp_path_factory, game, lines, keys):
    tmp = tmp_path_factory.mktemp("table")
    referee, app = seated(game[0], game[1], 5, tmp)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            for line in lines:
                await pilot.pause()
                for ch in line[:200]:
                    if ch.isprintable():
                        await pilot.press(ch if len(ch) == 1 and ch.isalnum() else "space" if ch == " " else ch)
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
    result = app.return_value
    assert result is not None and result.status in ("quit", "finished"), result
    if result.save_path is not None:  # (nothing is saved before the first decision)
        assert json.loads(result.save_path.read_text())["record"]["game"] == game[0]
