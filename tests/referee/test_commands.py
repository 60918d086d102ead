"""The referee's Typer commands through CliRunner, on a small local app that registers them the way
the `saloon` CLI does (one error boundary: a SaloonError is one red line and exit code 1)."""

from __future__ import annotations

import functools
import json

import pytest
import typer
from typer.testing import CliRunner

from generator.errors import SaloonError
from generator.referee import saves
from generator.commands.play import play, replay

app = typer.Typer(pretty_exceptions_enable=False)


def guarded(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except SaloonError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1)

    return wrapper


app.command("play")(guarded(play))
app.command("replay")(guarded(replay))
runner = CliRunner()


def lines(*entries: str, then: str = "1", count: int = 0) -> str:
    return "\n".join([*entries, *([then] * count)]) + "\n"


def only_save(folder):
    files = sorted(folder.glob("*.json"))
    assert len(files) == 1, files
    return files[0]


@pytest.mark.fast_case(game='longhorn')
@pytest.mark.parametrize(
    "game,seats,script",
    [
        ("longhorn", "you,greedy", ["nonsense", "0", "steal black", "undo", "save"]),
        ("colt_express", "you,random,random", ["fly away", "play Move", "hint"]),
        ("way_out_west", "you,random,random", ["bid a lot", "place abilene", "log"]),
    ],
)
def test_play_save_resume_finish_through_the_cli(tmp_path, game, seats, script):
    # a first sitting: a bad entry, notation, commands, a few numbers, then input ends (EOF)
    result = runner.invoke(
        app, ["play", game, "--seats", seats, "--seed", "2", "--save-dir", str(tmp_path)],
        input=lines("1", *script, "2", "1"),
    )
    assert result.exit_code == 0, result.output
    assert "not a legal action here" in result.output or "is not on the list" in result.output
    assert "resume with: saloon play --resume" in result.output
    path = only_save(tmp_path)
    first = saves.read_save(path)
    assert not first.finished and first.seats[0] == "you"
    # a second sitting finishes the game, numbers only
    result = runner.invoke(app, ["play", "--resume", str(path)], input=lines(count=2500))
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output and "the game ended" in result.output
    done = saves.read_save(path)
    assert done.finished and done.outcome is not None
    assert done.record.actions[: len(first.record.actions)] == first.record.actions
    # and it can be watched again
    result = runner.invoke(app, ["replay", str(path)], input=lines(then="", count=3000))
    assert result.exit_code == 0, result.output
    assert "game over" in result.output


def test_longhorn_undo_and_save_to_a_named_file(tmp_path):
    target = tmp_path / "named.json"
    result = runner.invoke(
        app, ["play", "longhorn", "--seats", "you,greedy", "--seed", "4", "--save-dir", str(tmp_path)],
        input=lines("1", "1", "undo", f"save {target}", "quit"),
    )
    assert result.exit_code == 0, result.output
    assert "undone:" in result.output and f"saved to {target}" in result.output
    assert json.loads(target.read_text())["format"] == "saloon-save"


def test_options_and_players_reach_the_game(tmp_path):
    result = runner.invoke(
        app, ["play", "longhorn", "--seats", "you,random", "--seed", "3", "--save-dir", str(tmp_path),
              "--option", "movement=loop_allowed"],
        input="1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert saves.read_save(only_save(tmp_path)).record.options["movement"] == "loop_allowed"


def test_default_seats_fill_the_table_with_mcts(tmp_path):
    result = runner.invoke(app, ["play", "way_out_west", "--seed", "1", "--save-dir", str(tmp_path)], input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert saves.read_save(only_save(tmp_path)).seats == ["you", "mcts", "mcts"]


@pytest.mark.parametrize(
    "args,message",
    [
        (["play", "longhorn", "--seats", "you,wizard"], "unknown bot 'wizard'"),
        (["play", "longhorn", "--seats", "you,random", "--option", "movement"], "expected NAME=VALUE"),
        (["play", "longhorn", "--option", "bogus=1"], "unknown option 'bogus'"),
        (["play", "nogame"], "unknown game 'nogame'"),
        (["play"], "name a game to play"),
        (["play", "longhorn", "--seats", "you,random,random"], "3 players asked"),
        (["replay", "missing.json"], "does not exist"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(tmp_path, args, message):
    result = runner.invoke(app, [*args, "--save-dir", str(tmp_path)] if args[0] == "play" else args, input="")
    assert result.exit_code == 1
    assert message in result.output


def test_resume_of_a_finished_game_points_to_replay(tmp_path):
    runner.invoke(app, ["play", "longhorn", "--seats", "you,greedy", "--seed", "5", "--save-dir", str(tmp_path)],
                  input=lines(count=500))
    path = only_save(tmp_path)
    result = runner.invoke(app, ["play", "--resume", str(path)], input="")
    assert result.exit_code == 1 and "saloon replay" in result.output
