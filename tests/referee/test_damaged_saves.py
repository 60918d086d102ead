"""Damaged and hostile save files: `play --resume` and `replay` give one line naming the file and the
problem, exit code 1, in bounded time and memory; types are checked strictly; atomic writes clean up
after killed writes."""

from __future__ import annotations

import base64
import json
import os
import time
import zlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli import app
from generator.errors import RecordError
from generator.games import load_game
from generator.referee import saves

runner = CliRunner()


def played_save(game: str = "longhorn", players: int = 2, moves: int = 3, seats=None) -> saves.Save:
    """A real save: a seeded game a few moves in, a person at seat 0 and random bots elsewhere."""
    state = load_game(game).new_game(players, 5)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return saves.Save(state.record(), seats or ["you"] + ["random"] * (players - 1))


def save_json(hide: bool = False, **kwargs) -> dict:
    return json.loads(json.dumps(saves.to_json(played_save(**kwargs), hide_moves=hide)))


def with_field(data: dict, path: str, value) -> dict:
    """A copy of `data` with the dotted `path` set to `value` (or removed when value is DELETE)."""
    data = json.loads(json.dumps(data))
    *parents, last = path.split(".")
    node = data
    for part in parents:
        node = node[part]
    if value is DELETE:
        del node[last]
    else:
        node[last] = value
    return data


DELETE = object()


def one_error_line(result) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    errors = [line[line.index("error: "):] for line in lines if "error: " in line]  # replay: after its prompt
    assert len(errors) == 1, result.output
    return errors[0]


def both_commands_refuse(path: Path, message: str) -> None:
    """`replay FILE` and `play --resume FILE` each print one line naming the file and `message`."""
    for args, keys in ((["replay", str(path)], "\n" * 40), (["play", "--resume", str(path)], "quit\n")):
        line = one_error_line(runner.invoke(app, args, input=keys))
        assert str(path.name) in line, line
        assert message in line, line


# --- the file itself -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "raw,message",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xd8", "is not UTF-8 text (byte 0x89 at offset 0)"),
        (json.dumps({"format": "saloon-save"}).encode("utf-16"), "is UTF-16 text; expected UTF-8 JSON"),
        (b"", "not valid JSON"),
        (b"{\"format\": ", "not valid JSON (line 1"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than 12 deep"),
        (b'{"a": ' + b"[" * 200 + b"]" * 200 + b"}", "nested more than 12 deep"),
        (b'{"seed": 1e400}', "number 1e400 is out of range"),
        (b'{"seed": ' + b"7" * 5000 + b"}", "a number with 5,000 digits"),
        (b'{"seed": NaN}', "NaN is not a number a save can hold"),
        (b'{"seed": -Infinity}', "-Infinity is not a number a save can hold"),
        (b'{"game": "longhorn", "game": "colt_express"}', "key 'game' appears twice"),
    ],
)
def test_unreadable_save_files_are_one_line_naming_the_file(tmp_path, raw, message):
    path = tmp_path / "damaged.json"
    path.write_bytes(raw)
    both_commands_refuse(path, message)


def test_a_folder_or_a_huge_file_is_refused_before_reading_it_all(tmp_path):
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    both_commands_refuse(folder, "is a folder")
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(saves.MAX_FILE_BYTES + 1)
    both_commands_refuse(big, "larger than 8 MiB")


# --- every field, strictly typed -------------------------------------------------------------------


@pytest.mark.parametrize(
    "path,value,message",
    [
        ("record.players", 2.7, "record.players: expected a whole number, found a number 2.7"),
        ("record.players", "2", "record.players: expected a whole number, found text \"2\""),
        ("record.players", 10**18, "record.players: 1000000000000000000 is outside 1..16"),
        ("record.seed", True, "record.seed: expected a whole number, found true/false true"),
        ("record.seed", 2**64, "is outside"),
        ("record.seed", None, "record.seed: expected a whole number, found null"),
        ("record.seed", DELETE, "record.seed is missing"),
        ("record.game", 7, "record.game: expected a game name"),
        ("record.game", "chess", "unknown game 'chess'"),
        ("record.version", 2, "engine version 2"),
        ("record.version", 1.0, "record.version: expected a whole number"),
        ("record.options", [], "record.options: expected an object"),
        ("record.options", {"movement": ["no_reversal"]}, "record.options.movement: expected an option value"),
        ("record.actions", "steal black", "record.actions: expected a list of text"),
        ("record.actions", ["steal black", 3], "record.actions[1]: expected text, found a whole number 3"),
        ("record.actions", ["x" * 5000], "record.actions[0]: 5,000 characters"),
        ("record.actions", ["1"] * (saves.MAX_MOVES + 1), "entries; at most 20,000 expected"),
        ("record", [], "'record' is missing or not an object"),
        ("seats", "you,random", "seats: expected a list of text"),
        ("seats", ["you", 1], "seats[1]: expected text"),
        ("seats", ["you"], "1 seats listed for a 2-player game"),
        ("seats", ["you", "wizard"], "unknown bot 'wizard'"),
        ("seats", ["you", "mcts:many"], "must be a whole number"),
        ("finished", "no", "finished: expected true or false"),
        ("finished", 0, "finished: expected true or false"),
        ("format_version", "1", "save format version \"1\""),
        ("format_version", True, "save format version true"),
        ("format", "other", "format: expected 'saloon-save'"),
        ("humans", [0.5], "humans: expected a list of seat numbers"),
        ("outcome", "won", "outcome: expected an object or null"),
        ("extra", [], "extra: expected an object"),
        ("saved_at", 12, "saved_at: expected text"),
    ],
)
def test_every_field_of_a_save_is_checked_strictly(tmp_path, path, value, message):
    data = with_field(save_json(), path, value)
    file = tmp_path / "typed.json"
    file.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="typed.json") as info:
        saves.read_save(file)
    assert message in str(info.value)
    both_commands_refuse(file, message)


def test_a_solver_seat_in_a_colt_express_save_is_refused_before_play(tmp_path):
    data = with_field(save_json(game="colt_express", players=3, hide=True), "seats", ["you", "solver", "random"])
    file = tmp_path / "colt.json"
    file.write_text(json.dumps(data))
    both_commands_refuse(file, "the solver bot plays Longhorn only")


@pytest.mark.parametrize(
    "path,value,message",
    [
        ("record.options", {"nosuch": 1}, "unknown option 'nosuch'"),
        ("record.options", {"movement": "fly"}, "option movement='fly' is not one of"),
        ("record.players", 3, "3 players asked; this game takes 2-2"),
    ],
)
def test_options_and_players_a_game_cannot_take_name_the_save_file(tmp_path, path, value, message):
    data = with_field(save_json(), path, value)
    if path == "record.players":
        data["seats"] = ["you", "random", "random"]
    file = tmp_path / "opts.json"
    file.write_text(json.dumps(data))
    both_commands_refuse(file, message)


def test_a_move_that_is_not_legal_names_the_file_and_the_move(tmp_path):
    data = save_json()
    data["record"]["actions"][1] = "fly away"
    file = tmp_path / "moves.json"
    file.write_text(json.dumps(data))
    both_commands_refuse(file, "move 2 'fly away'")


def test_moves_after_the_end_of_the_game_name_the_file(tmp_path):
    state = load_game("longhorn").new_game(2, 3)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    rec = state.record()
    rec.actions.append(rec.actions[-1])
    file = tmp_path / "over.json"
    file.write_text(json.dumps(saves.to_json(saves.Save(rec, ["you", "random"]), hide_moves=False)))
    line = one_error_line(runner.invoke(app, ["play", "--resume", str(file)], input="quit\n"))
    assert "over.json" in line and f"move {len(rec.actions)}" in line


# --- the compressed move list ----------------------------------------------------------------------


def test_a_compressed_move_list_that_expands_past_the_cap_is_refused(tmp_path):
    bomb = zlib.compress(b'["' + b"a" * (saves.MAX_DECODED_BYTES * 4) + b'"]', 9)
    data = save_json(game="colt_express", players=3, hide=True)
    data["record"]["actions_z"] = base64.b64encode(bomb).decode()
    file = tmp_path / "bomb.json"
    file.write_text(json.dumps(data))
    assert file.stat().st_size < 100_000  # a small file...
    both_commands_refuse(file, "expands past 4 MiB")  # ...that is not allowed to become a big one


@pytest.mark.parametrize(
    "encoded,message",
    [
        (base64.b64encode(zlib.compress(b'["steal black"')[:-6]).decode(), "cut short"),
        (base64.b64encode(zlib.compress(b'{"a": 1}')).decode(), "not a list of moves"),
        (base64.b64encode(zlib.compress(b"\xff\xfe")).decode(), "not UTF-8 text"),
        (base64.b64encode(zlib.compress(b"[" * 50 + b"]" * 50)).decode(), "nested more than 12 deep"),
        (12, "record.actions_z: expected text"),
    ],
)
def test_damaged_compressed_move_lists_name_the_problem(tmp_path, encoded, message):
    data = save_json(game="colt_express", players=3, hide=True)
    data["record"]["actions_z"] = encoded
    file = tmp_path / "z.json"
    file.write_text(json.dumps(data))
    both_commands_refuse(file, message)


def test_saves_written_by_saloon_still_read_back(tmp_path):
    for hide, game, players in ((False, "longhorn", 2), (True, "colt_express", 3), (True, "way_out_west", 3)):
        save = played_save(game, players)
        back = saves.read_save(saves.write_save(tmp_path / f"{game}.json", save, hide_moves=hide))
        assert back.record == save.record and back.seats == save.seats


# --- atomic writes ---------------------------------------------------------------------------------


def test_stale_temporaries_of_a_killed_write_are_removed_by_the_next_write(tmp_path):
    target = tmp_path / "game.json"
    stale = tmp_path / ".game.json.k1ll3d.tmp"
    stale.write_text("half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".game.json.wr1t1ng.tmp"  # another write in progress right now: left alone
    fresh.write_text("being written")
    other = tmp_path / ".other.json.x.tmp"  # another file's temporary: not ours to remove
    other.write_text("x")
    os.utime(other, (old, old))
    saves.write_save(target, played_save(), hide_moves=False)
    assert not stale.exists()
    assert fresh.exists() and other.exists()
    assert saves.read_save(target).record == played_save().record
