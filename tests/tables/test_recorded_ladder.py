"""The difficulty ladder is content (issue 35, point 4): `saloon tables ladder --record` writes it to
tables/ladder/ladder.yaml (ladder_2-3.yaml for a player-count family, as the tables split) with the
command that measured it, and the how-to page draws it from there, never playing a game at print time;
the chart names bots as a player reads them, not by their specs, and labels each family's ladder."""

from __future__ import annotations

import pytest

import shutil
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.content import load_content, load_ladders
from generator.render import solo
from generator.schema.tables import LADDER_FILE, RecordedLadder, ladder_file_name
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


REPO = Path(__file__).resolve().parents[2]


def test_a_ladder_of_every_player_count_is_ladder_yaml_and_a_family_has_its_own_file() -> None:
    assert ladder_file_name("2", 2, 2) == LADDER_FILE
    assert ladder_file_name("2-6", 2, 6) == LADDER_FILE
    assert ladder_file_name("2-3", 2, 6) == "ladder/ladder_2-3.yaml"
    assert ladder_file_name("3", 3, 5) == "ladder/ladder_3-3.yaml"


@pytest.mark.parametrize("game", ["longhorn", "colt_express", "way_out_west"])
def test_each_game_records_its_ladder_with_the_command(game: str) -> None:
    content = load_content(game)
    recs = load_ladders(content)
    if not recs:
        pytest.skip(f"{game}: no ladder recorded yet")
    for rec in recs:
        assert rec.command.startswith(f"saloon tables ladder {game} ") and "--record" in rec.command
        assert any(r.bot == "random" and r.rating == 0 for r in rec.rungs)
        assert [r.rating for r in rec.rungs] == sorted((r.rating for r in rec.rungs), reverse=True)
    spans = [rec.players for rec in recs]
    assert len(set(spans)) == len(spans)  # one ladder per player-count family


def test_the_how_to_page_draws_the_recorded_ladder_without_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_play(*args, **kwargs):
        raise AssertionError("a ladder measured at print time")

    monkeypatch.setattr(ladder_module, "play_ladder", no_play)
    monkeypatch.setattr(ladder_module, "run_ladder", no_play)
    content = load_content("longhorn")
    got = solo.ladders_in_words(content, "en")
    assert len(got) == 1 and got[0].label == ""  # one ladder: no family to name
    rec = load_ladders(content)[0]
    assert got[0].ratings == [float(r.rating) for r in rec.rungs] and got[0].low == [float(r.low) for r in rec.rungs]
    assert "random" in got[0].names and not any(":" in n for n in got[0].names)  # 'search 200', 'hard sheet': no bot specs
    for lang in ("es", "ja"):
        assert not any(":" in n for n in solo.ladders_in_words(content, lang)[0].names)
    assert solo.solo_parts("longhorn", content, "en")


def _family_ladder(players: str, bots: list[str]) -> RecordedLadder:
    games = [Game((0, 1), (0.0, 1.0), i) for i in range(6)] + [Game((0, 1), (1.0, 0.0), 9)]
    lad = ladder(games, bots, seed=1, bootstrap=5)
    return recorded(lad, f"saloon tables ladder colt_express --bots {','.join(bots)} --games 8 --players {players} --record",
                    1, 8, players)


def test_each_player_count_familys_ladder_is_drawn_and_labelled_with_its_counts(tmp_path: Path) -> None:
    dest = tmp_path / "content"
    shutil.copytree(REPO / "content" / "colt_express", dest / "colt_express")
    folder = dest / "colt_express" / "tables" / "ladder"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for players in ("4-6", "2-3"):
        (folder / f"ladder_{players}.yaml").write_text(ladder_yaml(_family_ladder(players, ["random", "greedy"]), "colt_express"))
    content = load_content("colt_express", dest)
    assert [rec.players for rec in load_ladders(content)] == ["2-3", "4-6"]  # from the fewest players up
    assert [s.label for s in solo.ladders_in_words(content, "en")] == ["2-3 players", "4-6 players"]
    assert [s.label for s in solo.ladders_in_words(content, "es")] == ["2-3 jugadores", "4-6 jugadores"]
    assert [s.label for s in solo.ladders_in_words(content, "ja")] == ["2〜3人", "4〜6人"]
    assert solo.solo_parts("colt_express", content, "en")
    (folder / "ladder_4-6.yaml").unlink()  # one family's ladder alone still names its players
    assert [s.label for s in solo.ladders_in_words(load_content("colt_express", dest), "en")] == ["2-3 players"]


def test_a_ladder_in_the_wrong_familys_file_is_a_content_problem(tmp_path: Path) -> None:
    dest = tmp_path / "content"
    shutil.copytree(REPO / "content" / "colt_express", dest / "colt_express")
    folder = dest / "colt_express" / "tables" / "ladder"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ladder_2-3.yaml").write_text(ladder_yaml(_family_ladder("4-6", ["random", "greedy"]), "colt_express"))
    result = CliRunner().invoke(app, ["validate", str(dest / "colt_express")])
    assert result.exit_code == 1
    assert "a ladder of 4-6 players belongs in tables/ladder/ladder_4-6.yaml" in result.output


def test_tables_ladder_records_a_family_in_its_own_file(tmp_path: Path) -> None:
    dest = tmp_path / "content"
    shutil.copytree(REPO / "content" / "colt_express", dest / "colt_express")
    result = CliRunner().invoke(app, ["--content", str(dest), "tables", "ladder", "colt_express", "--bots", "random,greedy",
                                      "--games", "4", "--players", "2-3", "--record"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    rec = load_ladders(load_content("colt_express", dest))
    assert [r.players for r in rec if "--players 2-3 --record" in r.command] == ["2-3"]
    assert (dest / "colt_express" / "tables" / "ladder" / "ladder_2-3.yaml").is_file()
