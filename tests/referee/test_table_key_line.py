"""Issue 37: everything a player sees at the table is in their language, the key line at the bottom too
(F1 ayuda, F1 ヘルプ: what each key does, from table.footer); the typed commands stay English, as in the
line mode and the help screen's "or type" column."""

from __future__ import annotations

import asyncio

import pytest

from generator.words.text import Texts

from .table_pilot import seated

ENGLISH = {"help", "rules", "hint", "log", "undo", "save", "quit"}


async def key_line(app) -> list[str]:
    async with app.run_test(size=(80, 24)) as pilot:
        await asyncio.wait_for(app.asked.wait(), 60)
        await pilot.pause()
        keys = [str(key.description) for key in app.query("FooterKey")]
        await pilot.press("ctrl+q")
    app.stop_thread()
    return keys


@pytest.mark.parametrize("lang", ["es", "ja"])
def test_the_key_line_says_what_each_key_does_in_the_tables_language(lang, tmp_path):
    referee, app = seated("longhorn", "you,table:normal", 1, tmp_path, lang=lang)
    shown = asyncio.run(key_line(app))
    said = Texts(lang, "referee")
    assert sorted(shown) == sorted(said(f"table.footer.{word}") for word in ENGLISH)
    assert not ENGLISH & set(shown), shown


def test_the_key_line_in_english(tmp_path):
    referee, app = seated("longhorn", "you,table:normal", 1, tmp_path)
    assert set(asyncio.run(key_line(app))) == ENGLISH
