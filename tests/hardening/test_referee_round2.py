"""Hardening round 2 at the table: a save that fails at quit never loses the game, and a house table's
path keeps its case from the command line to the seat."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from generator.cli import app
from generator.referee.loop import parse_seat_list
from tests.support.paths import REPO


def test_a_house_tables_path_keeps_its_case_at_the_table():
    assert parse_seat_list("YOU,Table:Tables/Normal.YAML,MCTS:5") == ["you", "table:Tables/Normal.YAML", "mcts:5"]


def test_a_save_that_fails_at_quit_keeps_the_game_in_the_data_folder_and_asks_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the save folder should be")
    elsewhere = tmp_path / "elsewhere.json"
    result = CliRunner().invoke(app, ["play", "longhorn", "--seats", "you,random", "--seed", "4",
                                      "--save-dir", str(blocked / "saves")],
                                input=f"1\nquit\n{blocked / 'nope.json'}\n{elsewhere}\n")
    assert result.exit_code == 0, result.output
    kept = list((tmp_path / "data" / "saloon" / "saves").glob("*.json"))
    assert len(kept) == 1 and f"the game is kept in {kept[0]} instead" in " ".join(result.output.split())
    assert "save it where?" in result.output
    assert json.loads(elsewhere.read_text())["seats"] == ["you", "random"]  # asked again: saved where it was told
    resumed = CliRunner().invoke(app, ["play", "--resume", str(elsewhere)], input="quit\n")
    assert resumed.exit_code == 0, resumed.output


def test_end_of_input_at_a_failed_save_keeps_the_game_without_asking(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    blocked = tmp_path / "blocked"
    blocked.write_text("x")
    result = CliRunner().invoke(app, ["play", "longhorn", "--seats", "you,random", "--seed", "4",
                                      "--save-dir", str(blocked / "saves")], input="1\n")
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "data" / "saloon" / "saves").glob("*.json"))) == 1
    assert "save it where?" not in result.output


def test_a_rule_note_never_tells_a_hidden_hands_cards(tmp_path):
    """A Colt Express table seated where its hand is hidden (not a bot seat) schemes from cards the person
    cannot see: its notes for those decisions say only that the sheet decided."""
    import yaml

    table = yaml.safe_load((REPO / "content" / "colt_express" / "tables" / "normal_2-3.yaml").read_text())
    table["bot_seat"] = False
    table.pop("bot_hand", None)
    house = tmp_path / "Hidden.yaml"
    house.write_text(yaml.safe_dump(table))
    result = CliRunner().invoke(app, ["play", "colt_express", "--seats", f"you,table:{house}", "--seed", "3", "--fast",
                                      "--save-dir", str(tmp_path)], input="1\n" * 60 + "quit\n")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "scheming: which card: its reason stays with its hidden hand" in text
    assert "it is a Fire card" not in text and "it is a Move card" not in text
