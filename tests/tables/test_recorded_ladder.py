"""The difficulty ladder is content (issue 35, point 4): `saloon tables ladder --record` writes it to
tables/ladder/ladder.yaml with the command that measured it, and the how-to page draws it from there,
never playing a game at print time; the chart names bots as a player reads them, not by their specs."""

from __future__ import annotations

import pytest

from generator.content import load_content, load_ladder
from generator.render import solo
from generator.schema.tables import RecordedLadder
from generator.tables import ladder as ladder_module
from generator.tables.ladder import Game, ladder, recorded
from generator.tables.store import ladder_yaml

import yaml


def test_a_recorded_ladder_round_trips_with_its_command() -> None:
    games = [Game((0, 1), (0.0, 1.0), i) for i in range(6)] + [Game((0, 1), (1.0, 0.0), 9)]
    lad = ladder(games, ["random", "greedy"], seed=1, bootstrap=5)
    rec = recorded(lad, "saloon tables ladder longhorn --bots random,greedy --games 8 --seed 1 --record", 1, 8, "2")
    assert [r.bot for r in rec.rungs] == ["greedy", "random"] and rec.rungs[-1].rating == 0
    assert rec.rungs[0].beats_below == pytest.approx(6 / 7, abs=1e-3) and rec.rungs[-1].beats_below is None
    text = ladder_yaml(rec, "longhorn")
    assert "# Measured by: saloon tables ladder longhorn" in text
    assert RecordedLadder.model_validate(yaml.safe_load(text)) == rec


@pytest.mark.parametrize("game", ["longhorn", "colt_express", "way_out_west"])
def test_each_game_records_its_ladder_with_the_command(game: str) -> None:
    rec = load_ladder(load_content(game))
    if rec is None:
        pytest.skip(f"{game}: no ladder recorded yet")
    assert rec.command.startswith(f"saloon tables ladder {game} ") and "--record" in rec.command
    assert any(r.bot == "random" and r.rating == 0 for r in rec.rungs)
    assert [r.rating for r in rec.rungs] == sorted((r.rating for r in rec.rungs), reverse=True)


def test_the_how_to_page_draws_the_recorded_ladder_without_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_play(*args, **kwargs):
        raise AssertionError("a ladder measured at print time")

    monkeypatch.setattr(ladder_module, "play_ladder", no_play)
    monkeypatch.setattr(ladder_module, "run_ladder", no_play)
    content = load_content("longhorn")
    got = solo.ladder_in_words(content, "en")
    assert got is not None
    names, ratings, low, high = got
    rec = load_ladder(content)
    assert ratings == [float(r.rating) for r in rec.rungs] and low == [float(r.low) for r in rec.rungs]
    assert "random" in names and not any(":" in n for n in names)  # 'search 200', 'hard sheet': no bot specs
    for lang in ("es", "ja"):
        assert not any(":" in n for n in solo.ladder_in_words(content, lang)[0])
    assert solo.solo_parts("longhorn", content, "en")
