"""The full-screen table (Textual) driven by its pilot: the roomier board in a larger window, typing
that narrows the list, a refusal in the engine's words, the keys' screens, and quitting (it saves;
the line mode resumes the save). Whole games: test_table_<game>.py."""

from __future__ import annotations

import asyncio

import pytest

from rich.console import Console

from generator.referee.session import run_play
from generator.referee.table.board import Board

from .table_pilot import seated


def test_a_wider_window_gets_the_roomier_board(tmp_path):
    referee, app = seated("longhorn", "you,table:normal", 1, tmp_path)

    async def look():
        async with app.run_test(size=(120, 40)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            form = app.query_one("#board", Board).form
            await pilot.press("ctrl+q")
            return form

    assert asyncio.run(look()) == "full"


def test_typing_filters_refuses_with_the_engines_reason_and_keys_open_screens(tmp_path):
    referee, app = seated("way_out_west", "you,table:easy,table:easy", 2, tmp_path)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            everything = len(app.shown)
            await pilot.press(*"kansas")
            await pilot.pause()
            narrowed = [c.notation for c in app.shown]
            for _ in "kansas":
                await pilot.press("backspace")
            await pilot.press(*"fly away", "enter")
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            refusal = str(app.query_one("#ask").render())
            await pilot.press("f1")
            await pilot.pause()
            help_text = app.screen.text()
            await pilot.press("escape")
            await pilot.press("f2")
            await asyncio.sleep(0.5)
            await pilot.pause()
            rules_text = app.screen.text() if hasattr(app.screen, "text") else ""
            await pilot.press("escape")
            await pilot.press("ctrl+q")
            await pilot.pause()
            return everything, narrowed, refusal, help_text, rules_text

    everything, narrowed, refusal, help_text, rules_text = asyncio.run(session())
    assert narrowed and len(narrowed) < everything and all("kansas" in n for n in narrowed)
    assert "'fly away' is not legal here" in refusal
    for key in ("F1", "F2", "F3", "F4", "Ctrl+Z", "Ctrl+S", "Ctrl+Q", "Escape", "undo", "hint", "save", "quit", "rules"):
        assert key in help_text
    assert "the pile resolves" not in help_text  # only a game whose play pauses lists Space and f
    assert len(rules_text) > 500


def test_quit_saves_and_the_line_mode_resumes_it(tmp_path):
    referee, app = seated("longhorn", "you,table:normal", 3, tmp_path)

    async def two_moves_then_quit():
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(2):
                await asyncio.wait_for(app.asked.wait(), 60)
                await pilot.pause()
                await pilot.press("enter")
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.press("ctrl+q")
            await pilot.pause()

    asyncio.run(two_moves_then_quit())
    app.stop_thread()
    assert app.final is not None and app.final.status == "quit"
    assert (tmp_path / "game.json").exists()
    console = Console(record=True, width=100, color_system=None)
    result = run_play(resume=tmp_path / "game.json", input_fn=lambda prompt: "quit", console=console)
    assert result.status == "quit" and len(result.state.history) >= 2


def test_play_opens_the_table_only_in_a_terminal_and_never_with_plain(monkeypatch):
    from typer.testing import CliRunner

    from generator.cli import app as cli
    from generator.commands import play as play_command

    seen = []
    monkeypatch.setattr(play_command, "run_play", lambda *a, **k: seen.append(k["screen"]))
    runner = CliRunner()
    assert runner.invoke(cli, ["play", "longhorn", "--seed", "1"]).exit_code == 0  # a pipe: the line mode
    monkeypatch.setattr(play_command, "on_a_terminal", lambda: True)
    assert runner.invoke(cli, ["play", "longhorn", "--seed", "1"]).exit_code == 0
    assert runner.invoke(cli, ["play", "longhorn", "--seed", "1", "--plain"]).exit_code == 0
    assert seen == [False, True, False]


def test_a_game_without_a_view_of_its_own_plays_at_the_table(tmp_path):
    from generator import registry
    from tests.house.takeaway import GAME

    from .table_pilot import whole_game

    registry.register(GAME)
    try:
        whole_game(tmp_path, "takeaway", "you,table:normal", 2, (80, 24), [])  # the generic view's one picture
    finally:
        registry.unregister(GAME.name)


def test_the_help_of_a_game_whose_pile_pauses_lists_space_and_f(tmp_path):
    referee, app = seated("colt_express", "you,table:normal", 1, tmp_path)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.press("f1")
            await asyncio.sleep(0.3)
            await pilot.pause()
            text = app.screen.text()
            await pilot.press("escape", "ctrl+q")
            await pilot.pause()
            return text

    text = asyncio.run(session())
    assert "Space / Enter" in text and "the rest of the" in text


def test_a_click_on_a_choice_plays_it(tmp_path):
    referee, app = seated("longhorn", "you,table:normal", 1, tmp_path)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            first = app.choices.items[0].action
            await pilot.click("#choices", offset=(4, 0))  # the first line of the list: choice 1
            for _ in range(50):
                await asyncio.sleep(0.05)
                if referee.state.history:
                    break
            await pilot.press("ctrl+q")
            await pilot.pause()
            return first

    first = asyncio.run(session())
    assert referee.state.history[:1] == [first]


@pytest.mark.parametrize("lang,words", [("es", "'fly away' no es legal aquí"), ("ja", "'fly away'はここでは行えません")])
def test_a_refused_move_is_refused_in_the_tables_language(tmp_path, lang, words):
    referee, app = seated("longhorn", "you,table:normal", 3, tmp_path, lang=lang)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.press(*"fly away", "enter")
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            refusal = str(app.query_one("#ask").render())
            await pilot.press("ctrl+q")
            await pilot.pause()
            return refusal

    refusal = asyncio.run(session())
    assert words in refusal and "legal here" not in refusal and "pick one" not in refusal
