"""Player data lives in the user's data folder (platformdirs), so saves and stars are found from any
folder; `--data DIR` (or SALOON_DATA) keeps them elsewhere; `saloon saves` fits 80 columns and gives
each save a short id that `--resume` and `replay` take."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from generator.cli import app
from generator.player_data import progress_file, saves_dir
from generator.referee import saves
from generator.referee.session import run_play, run_saves
from tests.referee.test_loop import Script

runner = CliRunner()


def test_saves_go_to_the_user_data_folder_and_are_listed_from_any_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "longhorn", "--seats", "you,random", "--seed", "3", "--plain"], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    [saved] = list(saves_dir().glob("*.json"))
    assert str(saves_dir()) in result.output and not (tmp_path / "output").exists()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    listed = runner.invoke(app, ["saves"], env={"COLUMNS": "80"})
    assert saves.short_id(saved) in listed.output and "longhorn" in listed.output


def test_data_option_and_environment_keep_everything_in_one_folder(tmp_path):
    portable = tmp_path / "stick"
    result = runner.invoke(app, ["play", "longhorn", "--seats", "you,random", "--seed", "3", "--plain", "--data", str(portable)],
                           input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert len(list((portable / "saves").glob("*.json"))) == 1 and not list(saves_dir().glob("*.json"))
    listed = runner.invoke(app, ["saves"], env={"SALOON_DATA": str(portable), "COLUMNS": "80"})
    assert "longhorn" in listed.output
    assert progress_file(portable) == portable / "progress.json"


def test_the_list_fits_80_columns_and_its_id_resumes_and_replays(tmp_path):
    for seed, seats in ((3, "you,random"), (5, "you,table:normal,table:normal,table:normal")):
        game = "longhorn" if seed == 3 else "way_out_west"
        run_play(game, seats, seed, input_fn=Script(["1", "quit"]), console=Console(record=True, width=80))
    con = Console(record=True, width=80, highlight=False, color_system=None)
    assert run_saves(console=con) == 2
    lines = con.export_text().splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert not any("…" in line for line in lines)  # nothing cut: long seats fold onto a second line
    ids = {saves.short_id(p): p for p in saves_dir().glob("*.json")}
    for ident in ids:
        assert any(line.lstrip().startswith(ident) for line in lines)
    ident = next(i for i, p in ids.items() if p.name.startswith("longhorn"))
    resumed = runner.invoke(app, ["play", "--resume", ident, "--plain"], input="quit\n")
    assert resumed.exit_code == 0 and "resumed" in resumed.output, resumed.output
    watched = runner.invoke(app, ["replay", ident], input="q\n")
    assert watched.exit_code == 0 and "replay" in watched.output, watched.output


def test_an_id_that_names_no_save_is_a_missing_file(tmp_path):
    result = runner.invoke(app, ["play", "--resume", "zzzzz", "--plain"])
    assert result.exit_code == 1 and "zzzzz" in result.output
    assert len(result.output.strip().splitlines()) == 1
