"""What playing each game at 80x24 in the full-screen table changed (issue 37): the bots' reasons no
longer push their moves out of the log pane, the log (F4) opens on the latest moves, a leading Space
types nothing, Enter does not leave the end (test_table_<game>.py check that at the end of a whole game),
the pile is not drawn again in the log, and the compact boards say what their signs mean."""

from __future__ import annotations

import asyncio

from rich.console import Console

from generator.games import load_game
from generator.referee.views import get_view

from .table_pilot import seated


def test_reasons_are_short_in_the_log_pane_the_log_opens_at_the_end_and_a_leading_space_is_nothing(tmp_path):
    referee, app = seated("longhorn", "you,table:normal", 3, tmp_path)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(4):  # (seed 3: the bot's ride and its reason come last in view after 4 of yours)
                await asyncio.wait_for(app.asked.wait(), 60)
                await pilot.pause()
                await pilot.press("enter")
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            log = app.query_one("#log")
            shown = [line.text for line in log.lines[-log.scrollable_content_region.height:]]
            await pilot.press("space", "space")
            typed = app.query_one("#input").value
            await pilot.press("f4")
            await asyncio.sleep(0.3)
            await pilot.pause()
            page = app.screen.query_one("#page")
            at = (page.scroll_y, page.max_scroll_y)
            await pilot.press("escape", "ctrl+q")
            await pilot.pause()
            return shown, typed, at

    shown, typed, (scroll_y, most) = asyncio.run(session())
    moves = [line for line in shown if line.startswith(("* ", "> "))]
    assert any("Jessie Artist Byrd" in line for line in moves), shown  # the bot's move is in view, not only its reason
    notes = [line for line in shown if line.startswith("    ")]
    assert notes and all(line.rstrip().endswith("…") or len(line.strip()) < 30 for line in notes[1::2]), notes
    assert typed == ""
    assert most > 0 and scroll_y == most  # the log page opens on its last lines
    whole = [step.why for step in referee.tracker.steps if step.why]
    assert whole and len(whole[0]) > 100  # the reason itself is kept whole (F4, replay, the save)


def _compact_text(game: str, players: int, lang: str = "en") -> str:
    g = load_game(game)
    state = g.new_game(players, 1)
    view = get_view(game, g.content, lang)
    console = Console(width=80, record=True, color_system=None)
    console.print(view.compact(state.observation(0), 0))
    return console.export_text()


def test_the_compact_boards_say_what_their_signs_mean():
    assert "● black  ■ white  ▲ orange  ◆ green" in _compact_text("longhorn", 2)
    for players in (3, 4, 5):
        text = _compact_text("way_out_west", players)
        assert "☻ cowboys ▲ cattle F farmers · ✪ posters" in text
        assert len(text.splitlines()) <= 16  # an 80x24 table gives the compact board 16 rows
    assert "☻カウボーイ" in _compact_text("way_out_west", 3, "ja")
    assert "● negro  ■ blanco  ▲ naranja  ◆ verde" in _compact_text("longhorn", 2, "es")


def test_enter_never_passes_by_default(tmp_path):
    """Way Out West lists 'pass' first among its action boxes: the highlight starts on the first real
    choice, so a newcomer pressing Enter does not skip turns (found playing at 80x24)."""
    referee, app = seated("way_out_west", "you,table:normal,table:normal", 3, tmp_path)

    async def session():
        seen = []
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(12):
                await asyncio.wait_for(app.asked.wait(), 60)
                await pilot.pause()
                if app.waiting != "decide":
                    break
                listing = app.query_one("#choices")
                notations = [c.notation for c in app.shown]
                if "pass" in notations and len(notations) > 1:
                    chosen = listing.get_option_at_index(listing.highlighted).id
                    seen.append(next(c.notation for c in app.shown if str(c.number) == chosen))
                await pilot.press("enter")
            await pilot.press("ctrl+q")
            await pilot.pause()
        return seen

    seen = asyncio.run(session())
    assert seen and "pass" not in seen


def test_words_that_narrow_the_list_to_one_choice_and_enter_play_it(tmp_path):
    """Typed 'store san' in Way Out West at 80x24, the list showed the one store to build, and Enter only
    said 'actions matching store san (1)': Enter now plays the one choice left."""
    referee, app = seated("longhorn", "you,table:normal", 3, tmp_path)

    async def session():
        async with app.run_test(size=(80, 24)) as pilot:
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            while not any(c.notation.startswith("steal ") for c in app.shown):  # on to the first steal of yours
                await pilot.press("enter")
                await asyncio.wait_for(app.asked.wait(), 60)
                await pilot.pause()
            colour = next(c.notation for c in app.shown if c.notation.startswith("steal ")).split()[1]
            before = len(referee.state.history)
            await pilot.press(*colour, "enter")
            await asyncio.wait_for(app.asked.wait(), 60)
            await pilot.pause()
            played = [str(a) for a in referee.state.history[before:]]
            await pilot.press("ctrl+q")
        app.stop_thread()
        return colour, played

    colour, played = asyncio.run(session())
    assert played[0] == f"steal {colour}"


def test_colt_express_in_spanish_names_the_levels_whole_and_says_del_vagon():
    """Played in Spanish at 80x24: the compact train's levels read 'tec…' and 'den…', a bandit's row ran
    'dentro$250', and the narration said 'a dentro de el vagón 1'."""
    game = load_game("colt_express")
    state = game.new_game(3, 3)
    while state.legal_actions() and str(state.legal_actions()[0]).startswith("choose"):
        state.apply(state.legal_actions()[0])
    view = get_view("colt_express", game.content, lang="es")
    con = Console(width=80, record=True, color_system=None, highlight=False)
    con.print(view.compact(state.observation(0), 0))
    board = con.export_text()
    assert "techo " in board and "dentro " in board and "tec…" not in board and "den…" not in board
    assert "dentro$" not in board and "dentro1" not in board
    from generator.words.text import Texts
    T = Texts("es", "referee")
    assert T("colt_express.inside", w="el vagón 1 (Segunda clase)") == "dentro del vagón 1 (Segunda clase)"
    assert T("colt_express.effect.move", n=1, way="ahead", spot="dentro del vagón 1") == "se mueve 1 vagón hacia delante, dentro del vagón 1"
    assert T("colt_express.effect.climb_up", spot="el techo del vagón 2").startswith("sube al techo")
