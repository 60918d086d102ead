"""Issue 37: at 80x24 every board line is said whole, never cut with "…" nor wider than its pane: the
Colt Express train's wagon names (short, else the number), the hands open-hand bots show (wrapped between
cards), the scheming order and the pile (bandits in two letters, the rest counted), the characters still
free; Way Out West's players in Spanish (first words of the colours, else one a line). The table is
driven by the pilot for each title and player count (the language taking turns, a few seeded games);
the views' boards are also walked without the table (cheap: every count in every language), the line
mode's full board at 80 columns too."""

from __future__ import annotations

import asyncio
import random

import pytest
from rich.segment import Segment

from generator.games import load_game
from generator.referee.table.board import Board, render_lines
from generator.referee.views import get_view

from .table_pilot import seated

COUNTS = {"longhorn": [2], "colt_express": [2, 3, 4, 5, 6], "way_out_west": [3, 4, 5]}
LANGS = ("en", "es", "ja")
CASES = [(game, n, LANGS[i % 3]) for game, counts in COUNTS.items() for i, n in enumerate(counts)]
CASES[0] = ("longhorn", 2, "ja")
MOST = 10  # decisions a game is followed for: the seat picked, round 1 whole (scheming, the pile growing, its
# actions) and round 2 begun; the later rounds come in the walk below, without the table (20 took twice as long)


def text(line: list[Segment]) -> str:
    return "".join(s.text for s in line)


async def follow(app, found: list[str]) -> int:
    decisions = 0
    async with app.run_test(size=(80, 24)) as pilot:
        while decisions < MOST:
            await asyncio.wait_for(app.asked.wait(), 120)
            if app.waiting == "pause":
                await pilot.press("f")
                continue
            await pilot.pause()
            if app.waiting == "end":
                break
            board = app.query_one("#board", Board)
            assert len(board.lines) <= board.region.height, f"{len(board.lines)} lines in {board.region.height} rows"
            for line in board.lines:
                if "…" in text(line) or Segment.get_line_length(line) > board.region.width:
                    found.append(text(line))
            status = app.query_one("#status").render_line(0).text
            if "…" in status:
                found.append(status)
            decisions += 1
            await pilot.press("enter")
        await pilot.press("ctrl+q")
    app.stop_thread()
    return decisions


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("game,players,lang", CASES, ids=[f"{g}-{n}-{lang}" for g, n, lang in CASES])
def test_the_table_says_every_board_line_whole_at_80x24(game, players, lang, tmp_path):
    bots = "table:normal" if game == "colt_express" else "table:easy"  # Colt Express's Normal bots show their hands
    referee, app = seated(game, ",".join(["you"] + [bots] * (players - 1)), 7, tmp_path, lang=lang)
    found: list[str] = []
    decisions = asyncio.run(follow(app, found))
    assert decisions > 5
    assert not found, "\n".join(found)


def walk(game: str, players: int, seed: int, every: int = 5):
    """Observations of seat 0 along a random seeded game (Colt Express with open-hand bot seats)."""
    g = load_game(game)
    if game == "colt_express":
        g = g.with_bot_seats((), range(1, players))
    state, rng, k = g.new_game(players, seed=seed), random.Random(seed), 0
    while not state.is_over:
        if k % every == 0:
            yield g, state.observation(0)
        state.apply(rng.choice(state.legal_actions()))
        k += 1


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize("game", list(COUNTS))
def test_the_compact_boards_and_the_full_ones_are_said_whole_at_80_columns(game):
    for players in COUNTS[game]:
        for lang in LANGS:
            view = None
            for g, obs in walk(game, players, seed=players):
                view = view or get_view(game, g.content, lang)
                forms = view.compact_forms(obs, 0)
                for form in forms:  # the table shows the first that fits 16 rows, and always has one
                    lines = render_lines(form, 80)
                    if len(lines) <= 16:
                        break
                assert len(lines) <= 16, (players, lang, [text(line) for line in lines])
                cut = [text(line) for line in lines if "…" in text(line)]
                assert not cut, (players, lang, cut)
                if lang != "ja":  # (Japanese lines are wrapped by the line mode's own flow)
                    full = [text(line) for line in render_lines(view.draw(obs, 0), 80)]
                    assert not [t for t in full if "…" in t], (players, lang, [t for t in full if "…" in t])


def test_the_line_modes_train_is_not_cropped_at_80_columns():
    """Colt Express's full train with 5 wagons or more is wider than 80 columns: the compact train instead."""
    g = load_game("colt_express")
    view = get_view("colt_express", g.content, "en")
    obs = g.new_game(6, seed=1).observation(0)
    lines = [text(line) for line in render_lines(view.draw(obs, 0), 80)]
    assert any("6 " in line and "0 Loco" in line for line in lines), lines[:4]
