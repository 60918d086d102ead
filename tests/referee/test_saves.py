"""Save files: atomic writes, round trips, encoded moves for hidden-information games, clear errors;
and the generic view used for games without their own."""

from __future__ import annotations

import os

import pytest
from rich.console import Console

from generator.engine.core import Record
from generator.errors import RecordError, UsageError
from generator.referee import saves
from generator.referee.views import new_entries, View, get_view
from generator import registry
from generator.registry import GameDescriptor


def _save(actions=("steal black", "move A1")) -> saves.Save:
    rec = Record(game="longhorn", players=2, seed=9, options={"movement": "no_return_to_start"}, actions=list(actions))
    return saves.Save(rec, ["you", "mcts"])


@pytest.mark.parametrize("hide", [False, True])
def test_save_round_trips(tmp_path, hide):
    path = saves.write_save(tmp_path / "a.json", _save(), hide_moves=hide)
    back = saves.read_save(path)
    assert back.record == _save().record and back.seats == ["you", "mcts"] and back.humans == [0]
    text = path.read_text()
    assert ("steal black" in text) is (not hide)


def test_a_failed_write_keeps_the_previous_save_and_leaves_no_temp_file(tmp_path, monkeypatch):
    path = saves.write_save(tmp_path / "game.json", _save(), hide_moves=False)
    before = path.read_text()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(UsageError, match="cannot write .*game.json.*No space left on device"):
        saves.write_save(path, _save(["steal white"]), hide_moves=False)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


@pytest.mark.parametrize(
    "content,message",
    [
        ("[]", "expected a JSON object"),
        ('{"format": "saloon-save", "format_version": 99}', "save format version 99"),
        ('{"format": "saloon-save", "format_version": 1, "record": {"game": "longhorn", "players": 2, "seed": 1, "actions_z": "!!"}, "seats": ["you", "mcts"]}', "encoded move list"),
        ('{"format": "saloon-save", "format_version": 1, "record": {"game": "longhorn", "players": 2, "seed": 1, "actions": []}, "seats": ["you"]}', "1 seats listed for a 2-player game"),
        ('{"hello": 1}', "not a Saloon save or record"),
    ],
)
def test_bad_save_files_name_the_problem(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=message):
        saves.read_save(path)


def test_default_save_paths_never_overwrite(tmp_path):
    first = saves.default_save_path(tmp_path, "longhorn", 1)
    first.write_text("{}")
    second = saves.default_save_path(tmp_path, "longhorn", 1)
    assert second != first and second.parent == tmp_path


def test_generic_view_draws_any_observation_and_reads_a_public_log():
    registry.register(GameDescriptor(name="some_new_game", order=99, engine="x:Y", schema="x"))  # no views
    try:
        view = get_view("some_new_game")
    finally:
        registry.unregister("some_new_game")
    assert type(view) is View
    con = Console(record=True, width=80, color_system=None)
    con.print(view.draw({"pile": 3, "log": ["setup done"]}, 0))
    assert "pile" in con.export_text()
    assert new_entries({"log": ["a"]}, {"log": ["a", "b rolls 6"]}) == ["b rolls 6"]
    assert new_entries({"log": ["a"]}, {"log": ["a"]}) == []
    assert view.entry_line({"kind": "x", "text": "b rolls 6"}) == "b rolls 6"


def test_each_game_has_its_own_view():
    for game in ("longhorn", "colt_express", "way_out_west"):
        assert type(get_view(game)) is not View
